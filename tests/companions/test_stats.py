"""The fourth game's statistics hooks (issue 25) on finished games."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hercules.games.companions import stats
from hercules.games.companions.ai.bots import make_bot
from hercules.games.companions.engine import rules as E


def finished(players: int, seed: int) -> E.State:
    s = E.new_game(E.Config(players), seed)
    bots = [make_bot("normal") for _ in range(players)]
    rng = random.Random(seed)
    while not E.is_terminal(s):
        who, legal = E.actor(s), E.legal_actions(s)
        action = legal[0] if who < 0 else bots[who].choose(E.view(s, who), legal, rng)
        s, _ = E.apply(s, action)
    return s


@pytest.fixture(scope="module")
def finals() -> list[E.State]:
    return [finished(4 + k % 4, k) for k in range(8)]


def test_outcome_gives_every_seat_of_the_winning_side_a_point(finals):
    for s in finals:
        out = stats.outcome(s)
        hero = s.outcome == E.HERO
        for seat in range(s.n):
            on_winning_side = bool(s.villain[seat]) != hero
            assert out["vp"][seat] == int(on_winning_side)
            assert out["places"][seat] == (1 if on_winning_side else 2)
        assert out["winners"] == [i for i in range(s.n) if out["vp"][i]]
        assert s.hercules in out["winners"] if hero else s.hercules not in out["winners"]
        assert out["ended_by"] == ["labours" if hero else "bag"] and out["tiebreak"] == ""
        assert out["rounds"] == s.journey


def test_outcome_of_a_hand_made_ending():
    s = finished(6, 3)
    hera = s.characters.index(6)
    won = replace(s, outcome=E.HERO)
    assert hera not in stats.outcome(won)["winners"]
    lost = replace(s, outcome=E.HERA)
    assert stats.outcome(lost)["winners"] == [i for i in range(6) if s.villain[i]]
    with pytest.raises(ValueError):
        stats.outcome(E.new_game(E.Config(4), 1))


def test_record_breaks_each_seat_down(finals):
    for s in finals:
        rec = stats.record(s)
        assert rec["variant"] == "standard" and rec["rounds"] == s.journey
        assert rec["extra"]["side_won"] == s.outcome
        for seat, r in enumerate(rec["seats"]):
            assert r["result"] in ("win", "loss")
            assert r["breakdown"]["villain"] == int(s.villain[seat])
            assert r["breakdown"]["turned"] == s.turned[seat]
            assert r["breakdown"]["labours"] == stats.labours(s)
            assert r["score"] == (r["result"] == "win")


def test_statistics_and_their_lines(finals):
    fives = [s for s in finals if s.n == 5]
    st = stats.statistics(fives)
    assert sum(st["end_conditions"].values()) == len(fives)
    assert set(st["end_conditions"]) == {"labours", "bag"}
    assert st["hero_win_rate"] == sum(s.outcome == E.HERO for s in fives) / len(fives)
    lines = stats.report_lines({**st, "games": len(fives)})
    assert any("Hercules' side won" in line for line in lines)
    opts = stats.tournament("standard", None, 2)
    assert opts["players"] == 5 and tuple(opts["end_conditions"]) == ("labours", "bag")

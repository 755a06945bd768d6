"""The bots' encoded reasons, and the statistics the tools read from finished games."""

from __future__ import annotations

import random

import pytest

from hercules.games.later_years.ai import KINDS, encode, make_bot, parse
from hercules.games.later_years.ai.reason import card_name, space_name
from hercules.games.later_years.engine import (
    LaterYearsConfig,
    LaterYearsState,
    actor,
    apply,
    legal_actions,
    new_game,
    score,
)
from hercules.games.later_years.stats import (
    TIEBREAKS,
    outcome,
    report_lines,
    statistics,
    tiebreak,
)


def test_encode_and_parse() -> None:
    text = encode(
        "task", "Completes Capture the Temple for 6 coins.", space="SP-CAPTURE-TEMPLE", fee=6
    )
    assert (
        text
        == "ly.bot.task|space=SP-CAPTURE-TEMPLE|fee=6|Completes Capture the Temple for 6 coins."
    )
    assert parse(text) == (
        "task",
        {"space": "SP-CAPTURE-TEMPLE", "fee": "6"},
        "Completes Capture the Temple for 6 coins.",
    )
    assert parse(encode("only", "The only move.")) == ("only", {}, "The only move.")
    assert parse("bot.task|x=1|hello") is None
    assert parse("ly.bot.task|nonsense|hello") is None
    assert parse(3) is None


def test_encode_refuses_what_would_not_parse() -> None:
    with pytest.raises(ValueError, match="unknown"):
        encode("gloat", "Wins.")
    with pytest.raises(ValueError, match="needs"):
        encode("task", "Completes a task.", space="SP-CAPTURE-TEMPLE")
    with pytest.raises(ValueError, match="bad reason parameter"):
        encode("end", "Ends.", cards="1|2")
    assert "|" not in parse(encode("end", "Ends | stops.", cards=1))[2]  # type: ignore[index]


def test_every_kind_has_its_parameters_listed() -> None:
    assert all(isinstance(v, tuple) for v in KINDS.values())
    assert {"bid", "bid_blind", "raise", "task", "draw", "end", "only"} <= set(KINDS)


def test_names() -> None:
    assert card_name("CAPTURE-11") == "Capture (double)"
    assert card_name("CAPTURE-12") == "Capture (triple)"
    assert card_name("DRAW-01") == "Draw 2"
    assert space_name("SP-CAPTURE-TEMPLE") == "Capture the Temple"


def finished(seed: int, players: int = 3) -> LaterYearsState:
    bots = [make_bot("normal") for _ in range(players)]
    rng = random.Random(seed)
    state = new_game(LaterYearsConfig(players), seed)
    while not state.is_terminal:
        legal = legal_actions(state)
        seat = actor(state)
        action = legal[0] if seat < 0 else bots[seat].choose(state, legal, rng)
        state, _ = apply(state, action)
    return state


def test_statistics_of_finished_games() -> None:
    finals = [finished(seed) for seed in (1, 2, 3)]
    stats = statistics(finals)
    assert stats["end_conditions"] == {"deck": 3}
    assert set(stats["tiebreaks"]) == set(TIEBREAKS) and sum(stats["tiebreaks"].values()) == 3
    assert sum(stats["chains_per_seat"].values()) == 9
    assert stats["mean_rounds"] > 10 and stats["mean_winner_vp"] >= stats["mean_vp"]
    parts = stats["mean_vp_by_category"]
    assert set(parts) == {"tasks", "money_bonus", "chains"}
    assert sum(parts.values()) == pytest.approx(stats["mean_vp"], abs=0.02)
    lines = report_lines({**stats, "games": 3})
    assert any("chains" in line for line in lines) and any("wins by seat" in line for line in lines)


def test_outcome_of_a_game() -> None:
    state = finished(4, players=4)
    out = outcome(state)
    result = score(state)
    assert out["vp"] == [s.total for s in result.seats]
    assert out["winners"] == list(result.winners)
    assert all(out["places"][w] == 1 for w in out["winners"])
    assert sorted(out["places"])[0] == 1 and max(out["places"]) <= 4
    assert out["tiebreak"] == tiebreak(state) in TIEBREAKS
    assert out["rounds"] == state.round and out["ended_by"] == ["deck"]

"""The generic controller: the only place the state changes; hosts bots; publishes records."""

from __future__ import annotations

import random

from hercules.app.controller import AUTOMATIC, Controller, Seat
from hercules.games.mebo.ai import RandomBot, make_bot
from hercules.games.mebo.engine import GameConfig, IllegalActionError, new_game
from hercules.games.mebo.engine.adapter import RULES


def two_humans(seed=1):
    return Controller(RULES, new_game(GameConfig(2), seed), [Seat("human"), Seat("human")])


def test_the_roll_is_an_automatic_step_and_humans_then_act():
    ctl = two_humans()
    assert ctl.actor == AUTOMATIC
    assert not ctl.human_to_act()
    rec = ctl.step()
    assert rec.action.kind == "roll"
    assert ctl.human_to_act() and ctl.actor == 0


def test_submit_applies_a_legal_action_and_notifies_listeners():
    ctl = two_humans()
    ctl.step()
    seen = []
    ctl.subscribe(seen.append)
    action = ctl.legal()[0]
    assert ctl.submit(action, 0) is None
    assert seen and seen[0].action == action and seen[0].events
    assert ctl.actions[-1] == action


def test_submit_refuses_illegal_and_out_of_turn_actions_without_change():
    ctl = two_humans()
    ctl.step()
    before = ctl.state.to_json()
    err = ctl.submit(ctl.legal()[0], 1)
    assert isinstance(err, IllegalActionError) and err.reason == "not_your_turn"
    err = ctl.submit({"kind": "labour", "op": "add", "dice": [0, 0]}, 0)
    assert err is not None
    assert ctl.state.to_json() == before
    assert len(ctl.history) == 1


def test_submit_refuses_seats_that_are_not_human():
    state = new_game(GameConfig(2), 3)
    ctl = Controller(RULES, state, [Seat("human"), Seat("bot", "easy")], {1: make_bot("easy")})
    ctl.step()
    assert isinstance(ctl.submit(ctl.legal()[0], 1), ValueError)


class Cheater:
    name = "cheater"
    threaded = True

    def choose(self, view, legal, rng):
        return {"kind": "labour", "op": "mul", "dice": [0, 1]} if rng.random() < 2 else legal[0]

    def explain(self):
        return ""


def test_a_threaded_bot_thinks_off_the_loop_and_can_never_break_the_rules():
    state = new_game(GameConfig(2), 4)
    ctl = Controller(RULES, state, [Seat("bot"), Seat("bot")], {0: Cheater(), 1: RandomBot()})
    for _ in range(4000):
        if ctl.is_over:
            break
        ctl.step(wait=True)
    assert ctl.is_over
    for rec in ctl.history:
        assert rec.action.kind in {
            "roll",
            "labour",
            "use",
            "rest",
            "return_cube",
            "turn_up",
            "end_rest",
            "end_turn",
            "choose_demigod",
        }
    ctl.close()


def test_bots_are_deterministic_for_a_seed():
    def play(seed):
        state = new_game(GameConfig(3), seed)
        bots = {i: RandomBot() for i in range(3)}
        ctl = Controller(RULES, state, [Seat("bot")] * 3, bots, bot_seed=seed)
        while not ctl.is_over:
            ctl.step(wait=True)
        return ctl.actions

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_make_bot_rejects_an_unknown_level():
    try:
        make_bot("godlike")
    except ValueError as exc:
        assert "godlike" in str(exc)
    else:
        raise AssertionError("expected ValueError")


def test_random_bot_only_returns_legal_actions():
    rng = random.Random(1)
    bot = RandomBot()
    legal = ["a", "b", "c"]
    assert all(bot.choose(None, legal, rng) in legal for _ in range(50))


def test_the_legal_actions_are_worked_out_once_per_state_and_anew_after_undo(monkeypatch):
    ctl = two_humans()
    ctl.step()
    calls = []
    real = RULES.legal_actions

    def counted(state):
        calls.append(state)
        return real(state)

    monkeypatch.setattr(ctl.rules, "legal_actions", counted)
    first = ctl.legal()
    assert ctl.legal() is first and len(calls) == 1  # a frame asks many times: once
    ctl.submit(first[0], 0)
    after = ctl.legal()
    assert len(calls) == 2 and after == real(ctl.state)
    assert ctl.undo()
    assert ctl.legal() == first and len(calls) == 3  # the state before, worked out again

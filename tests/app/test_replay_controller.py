"""The replay controller steps through a saved game; it and the live controller are alike."""

from __future__ import annotations

import sys

from hercules.app.controller import Controller, GameController, Record
from hercules.app.replay import ReplayController
from hercules.app.saves import example_saves, load_save
from hercules.games.mebo.engine.adapter import RULES
from hercules.games.mebo.spec import new_controller


def midgame_replay() -> ReplayController:
    path = next(p for p in example_saves() if "midgame" in p.name)
    return ReplayController(RULES, load_save(path, RULES))


def test_forward_and_back_publish_the_saved_records():
    ctl = midgame_replay()
    shown: list[Record] = []
    taken_back: list[Record] = []
    ctl.subscribe(shown.append)
    ctl.on_undo(taken_back.append)
    assert ctl.index == 0 and ctl.state == ctl.states[0] and ctl.actions == []
    assert not ctl.back()
    for i in range(5):
        assert ctl.forward()
        assert ctl.state is ctl.states[i + 1]
    assert shown == ctl.history[:5]
    assert ctl.actions == [r.action for r in ctl.history[:5]]
    assert ctl.back() and ctl.back()
    assert taken_back == [ctl.history[4], ctl.history[3]] and ctl.index == 3
    while ctl.forward():
        pass
    assert ctl.index == len(ctl.history) and ctl.state is ctl.states[-1]
    assert not ctl.forward()


def test_rounds_forward_and_back():
    ctl = midgame_replay()
    first = ctl.state.round
    ctl.next_round()
    assert ctl.state.round == first + 1
    assert ctl.states[ctl.index - 1].round == first  # the first state of the new round
    ctl.next_round()
    assert ctl.state.round == first + 2
    start = ctl.index
    ctl.forward()
    ctl.forward()
    ctl.previous_round()  # to the start of this round
    assert ctl.index == start
    ctl.previous_round()  # already there: to the start of the round before
    assert ctl.state.round == first + 1 and ctl.states[ctl.index - 1].round == first
    while ctl.index > 0:
        ctl.previous_round()
    assert ctl.state is ctl.states[0]


def test_nobody_acts_in_a_replay():
    ctl = midgame_replay()
    ctl.forward()
    before = (ctl.index, ctl.state)
    assert ctl.legal() == [] and not ctl.human_to_act() and not ctl.is_over
    assert ctl.actor < 0 and not ctl.bot_thinking() and not ctl.can_undo()
    assert isinstance(ctl.submit(ctl.history[1].action, 0), Exception)
    assert ctl.undo() is None and ctl.step(wait=True) is None
    ctl.close()
    assert (ctl.index, ctl.state) == before
    assert ctl.rules is RULES and len(ctl.seats) == 4


def test_both_controllers_are_game_controllers():
    live = new_controller("standard", ["human", "easy"], 1)
    try:
        assert isinstance(live, Controller) and isinstance(live, GameController)
    finally:
        live.close()
    assert isinstance(midgame_replay(), GameController)
    assert not isinstance(object(), GameController)


def test_the_replay_controller_needs_no_pygame():
    import subprocess

    code = "import sys, hercules.app.replay; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-P", "-c", code], check=True)

"""Phase 1 (everyone rolls), phase 2 turn order from the Pegasus holder, phase 3 Pegasus."""

from __future__ import annotations

import pytest
from support.scenario import (
    HADES,
    ROLL,
    Scenario,
    assert_rejected,
    events_of,
    labour,
    play,
    rest_turn,
)

from hercules.games.mebo.engine import Action, GameConfig, Reason, apply, legal_actions, new_game


def finish_turn(state):
    """Pass the acting seat's turn (Hades plays his own)."""
    if state.prompt == "hades":
        return play(state, HADES)[0]
    return rest_turn(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_phase_1_everyone_rolls_their_dice_at_once_in_one_chance_step(players):
    state = new_game(GameConfig(players), seed=21)
    assert legal_actions(state) == [ROLL]
    state, events = apply(state, ROLL)
    rolled = events_of(events, "dice_rolled")
    assert len(rolled) == 1
    assert rolled[0].data["dice"] == [list(p.dice) for p in state.players]
    assert "white" not in rolled[0].data  # the white die is not rolled in phase 1 with heroes only
    for p in state.players:
        assert len(p.dice) == 2 and all(1 <= d <= 6 for d in p.dice)


def test_phase_1_rolls_are_random_faces_1_to_6():
    faces = set()
    for seed in range(30):
        state, _ = apply(new_game(GameConfig(4), seed=seed), ROLL)
        for p in state.players:
            faces.update(p.dice)
    assert faces == {1, 2, 3, 4, 5, 6}


def test_no_one_may_act_before_the_roll():
    state = new_game(GameConfig(3), seed=1)
    assert state.current == -1
    for action in (labour("add"), Action("rest"), Action("end_turn"), HADES):
        assert_rejected(state, action, Reason.WRONG_DECISION)


@pytest.mark.parametrize(
    ("players", "holder"), [(n, h) for n in (2, 3, 4) for h in range(n)], ids=lambda v: str(v)
)
def test_the_pegasus_holder_acts_first_and_the_others_follow_clockwise(players, holder):
    state = Scenario(players).pegasus(holder).to_act(holder).build()
    order = []
    for _ in range(players):
        assert state.prompt == "action"
        order.append(state.current)
        state = rest_turn(state)
    assert order == [(holder + k) % players for k in range(players)]
    assert state.prompt == "roll"  # everyone has had one action


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pegasus_passes_to_the_left_after_each_round_and_the_new_holder_begins(players):
    state = new_game(GameConfig(players), seed=8)
    holders = []
    for rnd in range(1, 2 * players + 2):
        assert state.round == rnd
        assert state.prompt == "roll"
        holders.append(state.pegasus)
        state, _ = apply(state, ROLL)
        assert state.current == state.pegasus
        for _ in range(players):
            state = finish_turn(state)
    assert holders == [k % players for k in range(2 * players + 1)]


def test_the_pass_of_pegasus_is_reported_from_the_old_to_the_new_holder():
    state = Scenario(3).pegasus(2).to_act(1).build()  # seat 1 is last in a round started by 2
    after, events = play(state, Action("rest"), Action("end_rest"))
    assert after.pegasus == 0
    assert after.round == 2
    passed = events_of(events, "pegasus_passed")
    assert [(e.player, e.data) for e in passed] == [(0, {"from": 2, "to": 0})]


def test_each_seat_acts_exactly_once_per_round():
    state, _ = apply(new_game(GameConfig(4), seed=2), ROLL)
    acted = []
    while state.prompt != "roll":
        acted.append(state.current)
        state = rest_turn(state)
    assert sorted(acted) == [0, 1, 2, 3]


def test_a_seat_cannot_act_out_of_turn():
    state = Scenario(3).to_act(1).dice(1, 2, 3).dice(2, 2, 3).build()
    assert_rejected(state, labour("add"), Reason.NOT_YOUR_TURN, seat=2)
    assert_rejected(state, Action("rest"), Reason.NOT_YOUR_TURN, seat=0)
    after, _ = apply(state, labour("add"), seat=1)
    assert after.players[1].labours_done() == (5,)


def test_solo_pegasus_passes_to_hades_who_then_begins_the_round():
    state, _ = apply(new_game(GameConfig(2, "solo"), seed=5), ROLL)
    assert state.current == 0 and state.prompt == "action"
    state = rest_turn(state)
    assert state.current == 1 and state.prompt == "hades"
    assert legal_actions(state) == [HADES]
    state, _ = apply(state, HADES)
    assert state.pegasus == 1 and state.prompt == "roll" and state.round == 2
    state, _ = apply(state, ROLL)
    assert state.current == 1 and state.prompt == "hades"
    state, _ = apply(state, HADES)
    assert state.current == 0 and state.prompt == "action"

"""Illegal actions are refused with a typed reason and leave the state exactly as it was."""

from __future__ import annotations

import pytest
from support.scenario import (
    END_REST,
    END_TURN,
    HADES,
    REST,
    ROLL,
    Scenario,
    assert_rejected,
    choose,
    labour,
    play,
    return_cube,
    turn_up,
    use,
)

from hercules.games.mebo.engine import (
    Action,
    GameConfig,
    IllegalActionError,
    Reason,
    apply,
    legal_actions,
    new_game,
)


def test_the_error_is_a_typed_value_error_with_a_reason():
    state = new_game(GameConfig(2), seed=1)
    err = assert_rejected(state, labour("add"), Reason.WRONG_DECISION)
    assert isinstance(err, IllegalActionError)
    assert isinstance(err, ValueError)
    assert isinstance(err.reason, Reason)
    assert "roll" in str(err)


@pytest.mark.parametrize(
    "action", [labour("add"), REST, END_TURN, use("HES-01", 0), HADES, choose("hestia"), END_REST]
)
def test_only_the_roll_is_accepted_while_phase_1_is_pending(action):
    assert_rejected(new_game(GameConfig(3), seed=2), action, Reason.WRONG_DECISION)


@pytest.mark.parametrize("action", [ROLL, HADES, END_REST, choose("hestia"), return_cube("HES-01")])
def test_actions_of_another_decision_are_refused_on_a_players_turn(action):
    state = Scenario(2).dice(0, 2, 3).build()
    assert_rejected(state, action, Reason.WRONG_DECISION)


@pytest.mark.parametrize(
    "action",
    [
        labour("mul", 0, 1),  # 1 x 3 = 3 is done
        labour("div", 0, 1),  # 3 / 1 = 3 is done
        labour("add", 0, 2),  # no white die held
        labour("add", 1, 1),  # the same die twice
        use("GOD-APOLLO", 0),  # not held
        use("HES-01", 0),  # a cube already on it
        use("GOD-HERA", 1),  # already face down
        use("HEC-01", 0),  # 1 - 1 = 0 is no face
        use("MOR-01", 2),  # no white die to flip
        use("AEO-01", target=0),  # copying yourself
        use("AEO-01", target=5),  # no such seat
    ],
)
def test_labours_and_abilities_that_break_the_rules_are_refused_as_illegal(action):
    sc = Scenario(3).done(0, 3, 6, 7, 8).dice(0, 1, 3).dice(1, 2, 3)
    sc.give(0, "HES-01", "HEC-01", "MOR-01", "AEO-01", "GOD-HERA", "GOD-ARES")
    sc.give(0, cubed=["HES-01"], down=["GOD-HERA"])
    state = sc.build()
    assert any(a.kind == "labour" for a in legal_actions(state))
    assert_rejected(state, action, Reason.ILLEGAL)


def test_an_action_from_a_seat_whose_turn_it_is_not_is_refused():
    state = Scenario(3).dice(0, 2, 3).build()
    for seat in (1, 2):
        assert_rejected(state, labour("add"), Reason.NOT_YOUR_TURN, seat=seat)
    after, _ = apply(state, labour("add"), seat=0)
    assert after.players[0].labours_done() == (5,)


@pytest.mark.parametrize(
    "action",
    [
        "labour",
        None,
        42,
        ("labour", "", "add", (0, 1)),
        Action("dance"),
        labour("pow"),
        Action("labour", op="add", dice=[0, 1]),
        {"kind": "labour", "op": "add", "dice": [0, 7]},
        {"kind": "labour", "op": "add", "dice": [0, 1], "colour": "red"},
        {"kind": "use", "card": 3},
        {"kind": "use", "card": "AEO-01", "target": "me"},
        {"op": "add"},
    ],
)
def test_malformed_actions_are_refused_as_malformed(action):
    state = Scenario(2).dice(0, 2, 3).build()
    assert_rejected(state, action, Reason.MALFORMED)


def test_an_action_given_as_a_json_dict_is_accepted_when_legal():
    state = Scenario(2).dice(0, 2, 3).build()
    a, _ = apply(state, {"kind": "labour", "op": "add", "dice": [0, 1]})
    b, _ = apply(state, labour("add"))
    assert a.to_json() == b.to_json()


def test_every_action_is_refused_once_the_game_is_over():
    sc = Scenario(2).to_act(1).done(1, *range(1, 12)).dice(1, 6, 6).top_of("MOR-01")
    state, _ = play(sc.build(), labour("add"))
    assert state.is_terminal
    for action in (ROLL, labour("add"), REST, HADES, "nonsense"):
        assert_rejected(state, action, (Reason.GAME_OVER, Reason.MALFORMED))
    assert_rejected(state, ROLL, Reason.GAME_OVER)


def test_resting_steps_out_of_place_are_refused():
    sc = Scenario(2).done(0, 1, 2).give(0, "HES-01", "HES-02", "GOD-HERA", cubed=["HES-01"])
    state, _ = play(sc.build(), REST)
    assert_rejected(state, return_cube("HES-02"), Reason.ILLEGAL)  # no cube on it
    assert_rejected(state, return_cube("HEC-01"), Reason.ILLEGAL)  # not held
    assert_rejected(state, turn_up("GOD-HERA"), Reason.WRONG_DECISION)  # nothing face down
    assert_rejected(state, labour("add"), Reason.WRONG_DECISION)
    assert_rejected(state, REST, Reason.WRONG_DECISION)


def test_a_refused_action_leaves_the_legal_actions_unchanged():
    state = Scenario(2).dice(0, 2, 3).give(0, "GOD-HERA").build()
    before = legal_actions(state)
    assert_rejected(state, use("GOD-HERA", 2), Reason.ILLEGAL)
    assert_rejected(state, labour("add"), Reason.NOT_YOUR_TURN, seat=1)
    assert legal_actions(state) == before
    after, _ = apply(state, labour("add"))  # and the state still plays on normally
    assert after.players[0].labours_done() == (5,)

"""Rest: up to 3 cubes back from Demigod cards and/or one God face up; then the turn ends."""

from __future__ import annotations

import pytest
from support.scenario import (
    END_REST,
    REST,
    ROLL,
    Scenario,
    assert_rejected,
    kinds,
    labour,
    play,
    return_cube,
    turn_up,
    use,
    uses,
)

from hercules.games.mebo.engine import Reason, legal_actions, score

CUBED = ("HES-01", "HEC-01", "PAN-01", "TYC-01", "MOR-01")


def tired(players: int = 2, mode: str = "standard", gods: bool = True) -> Scenario:
    """Seat 0: 8 labours done, cubes on five demigods; Apollo and Ares used if ``gods``."""
    sc = Scenario(players, mode).done(0, *range(1, 9)).dice(0, 6, 5)
    sc.give(0, *CUBED, cubed=CUBED)
    if gods:
        sc.give(0, "GOD-APOLLO", "GOD-ARES", down=["GOD-APOLLO", "GOD-ARES"])
    return sc


def test_resting_offers_each_cube_on_a_demigod_and_each_face_down_god():
    state, _ = play(tired().build(), REST)
    assert state.prompt == "rest"
    assert state.current == 0
    offered = {(a.kind, a.card) for a in legal_actions(state)}
    assert offered == {
        *(("return_cube", c) for c in CUBED),
        ("turn_up", "GOD-APOLLO"),
        ("turn_up", "GOD-ARES"),
        ("end_rest", ""),
    }


def test_a_returned_cube_goes_from_the_card_to_the_supply():
    state, _ = play(tired().build(), REST, return_cube("PAN-01"))
    me = state.players[0]
    assert me.supply == 4
    assert "PAN-01" not in me.cubed
    assert score(state).players[0].cubes == 4


@pytest.mark.parametrize("count", [0, 1, 2, 3])
def test_up_to_three_cubes_can_be_taken_back(count):
    state, _ = play(tired().build(), REST, *[return_cube(c) for c in CUBED[:count]])
    assert ("return_cube" in kinds(state)) == (count < 3)
    state, _ = play(state, END_REST)
    assert state.players[0].supply == 3 + count
    assert state.players[0].cubed == frozenset(CUBED[count:])


def test_a_fourth_cube_cannot_be_taken_back():
    state, _ = play(tired().build(), REST, *[return_cube(c) for c in CUBED[:3]])
    assert_rejected(state, return_cube(CUBED[3]), Reason.WRONG_DECISION)


def test_only_one_god_can_be_turned_face_up():
    state, _ = play(tired().build(), REST, turn_up("GOD-ARES"))
    assert "turn_up" not in kinds(state)
    assert_rejected(state, turn_up("GOD-APOLLO"), Reason.WRONG_DECISION)
    state, _ = play(state, END_REST)
    assert state.players[0].gods_down == frozenset({"GOD-APOLLO"})


def test_cubes_and_a_god_can_be_combined_in_one_rest_in_any_order():
    state, _ = play(
        tired().build(),
        REST,
        return_cube("MOR-01"),
        turn_up("GOD-APOLLO"),
        return_cube("HES-01"),
        return_cube("TYC-01"),
        END_REST,
    )
    me = state.players[0]
    assert me.supply == 6
    assert me.cubed == frozenset({"HEC-01", "PAN-01"})
    assert me.gods_down == frozenset({"GOD-ARES"})


def test_a_cube_can_only_be_taken_back_from_a_card_that_carries_one():
    sc = tired().give(0, "HES-02")
    state, _ = play(sc.build(), REST)
    assert_rejected(state, return_cube("HES-02"), Reason.ILLEGAL)
    assert_rejected(state, turn_up("HES-02"), Reason.ILLEGAL)
    sc = tired().give(0, "GOD-HERA")
    state, _ = play(sc.build(), REST)
    assert_rejected(state, turn_up("GOD-HERA"), Reason.ILLEGAL)  # already face up


def test_resting_ends_the_turn_without_a_labour():
    state = tired(players=3).build()
    after, events = play(state, REST, return_cube("HES-01"), END_REST)
    assert after.current == 1
    assert after.prompt == "action"
    assert after.players[0].labours_done() == state.players[0].labours_done()
    assert after.players[0].pos == state.players[0].pos
    rested = [e for e in events if e.type == "rested"]
    assert rested[0].data == {"cubes": 1, "god": False}


def test_during_a_rest_no_labour_or_ability_can_be_chosen():
    state, _ = play(tired().build(), REST)
    assert_rejected(state, labour("add"), Reason.WRONG_DECISION)
    assert_rejected(state, use("GOD-APOLLO", 0), Reason.WRONG_DECISION)


def test_returned_cubes_and_turned_up_gods_are_usable_again_from_the_next_turn():
    sc = tired().done(1, 1).dice(1, 2, 3)
    state, _ = play(sc.build(), REST, return_cube("HES-01"), turn_up("GOD-ARES"), END_REST)
    state, _ = play(state, REST, END_REST)  # seat 1
    state, _ = play(state, ROLL)
    state, _ = play(state, REST, END_REST)  # seat 1 begins round 2
    assert state.current == 0
    assert {a.card for a in uses(state)} == {"HES-01", "GOD-ARES"}


def test_no_rest_after_using_an_ability_this_turn():
    state = tired().give(0, "GOD-HERA").build()
    assert "rest" in kinds(state)
    state, _ = play(state, use("GOD-HERA", 1))
    assert "rest" not in kinds(state)
    assert_rejected(state, REST, Reason.WRONG_DECISION)


def test_in_the_simplified_variant_resting_only_returns_cubes():
    state, _ = play(tired(mode="simplified", gods=False).give(0, "GOD-APOLLO").build(), REST)
    assert kinds(state) == {"return_cube", "end_rest"}
    assert_rejected(state, turn_up("GOD-APOLLO"), Reason.WRONG_DECISION)

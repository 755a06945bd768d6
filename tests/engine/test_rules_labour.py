"""Perform a Labour: the arithmetic, one labour per column, the cube, the Apprentice."""

from __future__ import annotations

import itertools

import pytest
from support.scenario import (
    Scenario,
    assert_rejected,
    dice_for,
    events_of,
    kinds,
    labour,
    labour_actions,
    labour_results,
    play,
    play_through,
)

from hercules.games.mebo.engine import Reason, labour_result, legal_actions


def ops_offered(state) -> dict[str, int]:
    dice = state.dice_of(state.current)
    return {
        a.op: labour_result(a.op, dice[a.dice[0]], dice[a.dice[1]])
        for a in legal_actions(state)
        if a.kind == "labour"
    }


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ((6, 2), {"add": 8, "sub": 4, "mul": 12, "div": 3}),
        ((2, 6), {"add": 8, "sub": 4, "mul": 12, "div": 3}),
        ((5, 3), {"add": 8, "sub": 2}),
        ((3, 4), {"add": 7, "sub": 1, "mul": 12}),
        ((1, 1), {"add": 2, "mul": 1, "div": 1}),
        ((4, 4), {"add": 8, "div": 1}),
        ((6, 6), {"add": 12, "div": 1}),
        ((6, 4), {"add": 10, "sub": 2}),
        ((5, 1), {"add": 6, "sub": 4, "mul": 5, "div": 5}),
        ((6, 3), {"add": 9, "sub": 3, "div": 2}),
        ((5, 5), {"add": 10, "div": 1}),
    ],
)
def test_labour_results_add_subtract_multiply_divide_within_1_to_12(faces, expected):
    state = Scenario(2).dice(0, *faces).build()
    assert ops_offered(state) == expected


@pytest.mark.parametrize(("a", "b"), list(itertools.product(range(1, 7), repeat=2)))
def test_every_dice_pair_offers_exactly_the_whole_results_1_to_12(a, b):
    want = {a + b, abs(a - b), a * b}
    hi, lo = max(a, b), min(a, b)
    if hi % lo == 0:
        want.add(hi // lo)
    want = {r for r in want if 1 <= r <= 12}
    state = Scenario(2).dice(0, a, b).build()
    assert labour_results(state) == want
    # Only the two coloured dice: the white die is not part of a normal labour.
    assert {d for _, d in labour_actions(state)} <= {(0, 1)}


def test_subtraction_is_always_the_larger_minus_the_smaller_die():
    for faces in ((1, 5), (5, 1)):
        state = Scenario(2).dice(0, *faces).build()
        after, events = play_through(state, labour("sub"))
        assert after.players[0].labours_done() == (4,)
        assert events_of(events, "labour_performed")[0].data["labour"] == 4


@pytest.mark.parametrize("faces", [(5, 2), (6, 4), (5, 3), (4, 3)])
def test_division_must_be_exact(faces):
    state = Scenario(2).dice(0, *faces).build()
    assert "div" not in ops_offered(state)
    assert_rejected(state, labour("div"), Reason.ILLEGAL)


@pytest.mark.parametrize(
    ("faces", "op"), [((6, 3), "mul"), ((5, 5), "mul"), ((6, 6), "mul"), ((3, 3), "sub")]
)
def test_results_outside_1_to_12_are_no_labour(faces, op):
    state = Scenario(2).dice(0, *faces).build()
    assert op not in ops_offered(state)
    assert_rejected(state, labour(op), Reason.ILLEGAL)


def test_each_labour_can_be_performed_only_once_per_game():
    state = Scenario(2).done(0, 8, 12).dice(0, 6, 2).build()
    assert ops_offered(state) == {"sub": 4, "div": 3}
    assert_rejected(state, labour("add"), Reason.ILLEGAL)  # 8 done
    assert_rejected(state, labour("mul"), Reason.ILLEGAL)  # 12 done


def test_a_labour_done_by_another_player_is_still_open_to_you():
    state = Scenario(2).done(1, 8).dice(0, 6, 2).build()
    assert ops_offered(state)["add"] == 8


def test_with_no_possible_result_only_resting_is_offered():
    state = Scenario(2).done(0, 2, 1).dice(0, 1, 1).build()
    assert labour_results(state) == set()
    assert kinds(state) == {"rest"}


def test_the_cube_of_the_labour_moves_from_the_board_to_the_supply():
    state = Scenario(2).done(0, 1, 2).dice(0, 5, 4).build()
    assert state.players[0].supply == 2
    after, events = play_through(state, labour("add"))
    me = after.players[0]
    assert me.labours_done() == (1, 2, 9)
    assert me.supply == 3
    assert events_of(events, "cube_taken")[0].data == {"column": 9, "supply": 3}
    # Nobody else's cubes move.
    assert after.players[1].row == state.players[1].row


@pytest.mark.parametrize(
    ("done", "labour_no", "before", "after"),
    [
        ((), 1, 0, 1),
        ((), 5, 0, 0),  # a cube on column 1 still blocks
        ((2, 3), 1, 0, 3),
        ((1, 2, 3, 4, 6, 7), 5, 4, 7),
        ((1, 2, 3, 4, 5, 6, 8), 7, 6, 8),  # Laura's example
        ((1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12), 4, 3, 12),
        (tuple(range(1, 12)), 12, 11, 12),
        ((1, 3), 4, 1, 1),  # cube on 2 blocks
    ],
)
def test_the_apprentice_advances_as_far_right_as_possible_stopping_before_the_next_cube(
    done, labour_no, before, after
):
    faces, op = dice_for(labour_no)
    state = Scenario(2).done(0, *done).dice(0, *faces).top_of("MOR-01", "TYC-03").build()
    assert state.players[0].pos == before
    new, events = play_through(state, labour(op))
    assert labour_no in new.players[0].labours_done()
    assert new.players[0].pos == after
    moved = [e.data for e in events_of(events, "apprentice_moved")]
    assert moved == ([] if after == before else [{"from": before, "to": after}])


def test_the_apprentice_never_moves_backwards_or_past_a_remaining_cube():
    state = Scenario(2).done(0, 1, 2, 3).dice(0, 6, 5).build()  # at 3, cube on 4
    after, _ = play_through(state, labour("add"))  # labour 11
    assert after.players[0].pos == 3
    assert after.players[0].labours_done() == (1, 2, 3, 11)


def test_a_labour_ends_the_turn():
    state = Scenario(3).dice(0, 6, 5).top_of("MOR-01").build()
    after, events = play(state, labour("add"))
    assert after.current == 1
    assert events_of(events, "turn_ended")[0].player == 0

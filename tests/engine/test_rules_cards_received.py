"""Receiving Demigod, Vase and God cards after a labour; at most one of each per turn."""

from __future__ import annotations

import pytest
from support.scenario import (
    CARDS,
    Scenario,
    assert_rejected,
    choose,
    labour,
    play,
    play_through,
    received,
)

from hercules.games.mebo.engine import Reason, legal_actions, score

# --- demigods --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("op", "deck"), [("add", "hestia"), ("sub", "hecate"), ("mul", "pan"), ("div", "aeolus")]
)
def test_the_operation_used_earns_the_top_card_of_its_deck(op, deck):
    # 6 and 2; Tyche shows 1 and Morpheus 4, so no die deck qualifies.
    sc = Scenario(2).dice(0, 6, 2).top_of("TYC-01", "MOR-01")
    top = sc.stack(deck)[-1]
    state = sc.build()
    after, events = play(state, labour(op))
    assert received(events, "demigod") == [top]
    assert after.players[0].demigods == (top,)
    k = ["hestia", "hecate", "pan", "aeolus"].index(deck)
    assert after.demigod_stacks[k] == state.demigod_stacks[k][:-1]
    assert after.current == 1


@pytest.mark.parametrize(
    ("card", "face"),
    [("TYC-01", 1), ("TYC-02", 2), ("TYC-03", 3), ("MOR-01", 4), ("MOR-02", 5), ("MOR-03", 6)],
)
def test_a_used_die_matching_the_top_tyche_or_morpheus_card_earns_that_card(card, face):
    # Hestia is empty, so the addition itself earns nothing; the other die deck does not match.
    other = "MOR-01" if face <= 3 else "TYC-01"
    sc = Scenario(2).dice(0, face, face).empty_deck("hestia", 1).top_of(other, card)
    after, events = play(sc.build(), labour("add"))
    assert received(events, "demigod") == [card]
    assert after.players[0].demigods == (card,)


def test_only_the_top_card_of_a_die_deck_counts():
    # Tyche: TYC-03 (3) lies just under TYC-01 (1); the dice show 3 and 3.
    sc = Scenario(2).dice(0, 3, 3).empty_deck("hestia", 1).top_of("MOR-01", "TYC-03", "TYC-01")
    state = sc.build()
    after, events = play(state, labour("add"))
    assert received(events, "demigod") == []
    assert after.players[0].demigods == ()
    assert after.demigod_stacks == state.demigod_stacks
    assert after.current == 1


def test_no_demigod_when_the_operations_deck_is_empty_and_no_die_matches():
    sc = Scenario(2).dice(0, 6, 2).empty_deck("pan", 1).top_of("TYC-01", "MOR-01")
    state = sc.build()
    after, events = play(state, labour("mul"))
    assert after.players[0].labours_done() == (12,)
    assert received(events, "demigod") == []
    assert after.prompt == "action" and after.current == 1


def test_several_qualifying_decks_let_the_player_choose_one_top_card():
    sc = Scenario(2).dice(0, 3, 5).top_of("TYC-03", "MOR-02")
    state = sc.build()
    after, events = play(state, labour("sub"))  # 5 - 3 = 2: Hecate, Tyche 3, Morpheus 5
    assert after.prompt == "choose_demigod"
    assert after.current == 0
    assert received(events, "demigod") == []
    assert legal_actions(after) == [choose("hecate"), choose("morpheus"), choose("tyche")]
    hecate_top = after.demigod_stacks[1][-1]
    for deck, card in (("hecate", hecate_top), ("morpheus", "MOR-02"), ("tyche", "TYC-03")):
        took, events = play(after, choose(deck))
        assert received(events, "demigod") == [card]
        assert took.players[0].demigods == (card,)
        assert took.current == 1


def test_a_deck_that_does_not_qualify_cannot_be_chosen():
    sc = Scenario(2).dice(0, 3, 5).top_of("TYC-03", "MOR-02")
    after, _ = play(sc.build(), labour("sub"))
    assert_rejected(after, choose("hestia"), Reason.ILLEGAL)
    assert_rejected(after, choose("pan"), Reason.ILLEGAL)
    assert_rejected(after, labour("add"), Reason.WRONG_DECISION)


def test_both_dice_matching_the_same_deck_still_give_one_choice_of_it():
    sc = Scenario(2).dice(0, 2, 2).top_of("TYC-02", "MOR-01")
    after, _ = play(sc.build(), labour("add"))
    assert after.pending == ("hestia", "tyche")


# --- vases -----------------------------------------------------------------------------------


def advance_scenario(players: int, spaces: int, start: int = 0) -> Scenario:
    """Seat 0 on ``start`` with cubes on ``start + 1`` (labour to do, 2 - 1) and beyond the run."""
    done = [c for c in range(1, start + 1)] + [c for c in range(start + 2, start + spaces + 1)]
    labour_no = start + 1
    sc = Scenario(players).done(0, *done).top_of("TYC-03", "MOR-01")
    return sc.dice(0, labour_no + 1, 1) if labour_no < 6 else sc.dice(0, labour_no - 1, 1)


@pytest.mark.parametrize("spaces", [1, 2])
def test_advancing_fewer_than_3_spaces_gives_no_vase(spaces):
    state = advance_scenario(2, spaces).build()
    after, events = play_through(state, labour("sub"))
    assert after.players[0].pos == spaces
    assert received(events, "vase") == []
    assert after.vase_stacks == state.vase_stacks


@pytest.mark.parametrize(
    ("spaces", "vase", "vp"),
    [
        (3, "VAS-3-1", 6),
        (4, "VAS-4-1", 8),
        (5, "VAS-5-1", 10),
        (6, "VAS-6-1", 12),
        (7, "VAS-7-1", 14),
    ],
)
def test_advancing_3_to_7_spaces_at_once_gives_the_top_vase_for_that_many_spaces(spaces, vase, vp):
    state = advance_scenario(2, spaces).build()
    after, events = play_through(state, labour("sub"))
    assert after.players[0].pos == spaces
    assert received(events, "vase") == [vase]
    assert after.players[0].vases == (vase,)
    assert score(after).players[0].vases == vp


def test_spaces_advanced_are_counted_from_where_the_apprentice_stood():
    state = advance_scenario(2, 4, start=3).build()  # column 3 to column 7
    assert state.players[0].pos == 3
    after, events = play_through(state, labour("sub"))
    assert after.players[0].pos == 7
    assert received(events, "vase") == ["VAS-4-1"]


@pytest.mark.parametrize("spaces", [8, 9, 11, 12])
def test_advancing_8_or_more_spaces_takes_from_the_7_space_stack(spaces):
    state = advance_scenario(3, spaces).build()
    after, events = play_through(state, labour("sub"))
    assert after.players[0].pos == spaces
    assert received(events, "vase") == ["VAS-7-1"]


def test_the_next_vase_of_a_stack_is_the_lower_valued_one():
    sc = advance_scenario(3, 6).give(1, "VAS-6-1")
    after, events = play_through(sc.build(), labour("sub"))
    assert received(events, "vase") == ["VAS-6-2"]
    assert CARDS["VAS-6-2"].vp == 10


def test_an_empty_vase_stack_falls_back_to_the_next_lower_non_empty_stack():
    sc = advance_scenario(2, 6).empty_vases(6, 1)
    after, events = play_through(sc.build(), labour("sub"))
    assert received(events, "vase") == ["VAS-5-1"]
    sc = advance_scenario(2, 6).empty_vases(6, 1).empty_vases(5, 1)
    after, events = play_through(sc.build(), labour("sub"))
    assert received(events, "vase") == ["VAS-4-1"]


def test_no_vase_when_every_lower_stack_is_empty_even_if_higher_stacks_hold_cards():
    sc = advance_scenario(2, 5).empty_vases(5, 1).empty_vases(4, 1).empty_vases(3, 1)
    state = sc.build()
    after, events = play_through(state, labour("sub"))
    assert after.players[0].pos == 5
    assert received(events, "vase") == []
    assert after.vase_stacks == state.vase_stacks  # 6 and 7 untouched


def test_eight_spaces_with_the_7_stack_empty_fall_back_to_the_6_stack():
    sc = advance_scenario(2, 8).empty_vases(7, 1)
    after, events = play_through(sc.build(), labour("sub"))
    assert received(events, "vase") == ["VAS-6-1"]


# --- gods ------------------------------------------------------------------------------------


def test_stopping_on_a_column_with_a_god_above_it_gives_that_god_face_up():
    sc = advance_scenario(2, 3).god_at(3, "GOD-DIONYSUS")
    after, events = play_through(sc.build(), labour("sub"))
    assert received(events, "god") == ["GOD-DIONYSUS"]
    assert after.players[0].gods == ("GOD-DIONYSUS",)
    assert after.players[0].gods_down == frozenset()
    assert after.columns[3] == ""
    assert score(after).players[0].cards == 3


def test_gods_above_columns_passed_over_are_not_received():
    sc = advance_scenario(2, 5).god_at(2, "GOD-HERA").god_at(4, "GOD-ARES").god_at(5, "GOD-ATHENA")
    state = sc.build()
    after, events = play_through(state, labour("sub"))
    assert received(events, "god") == ["GOD-ATHENA"]
    assert after.columns[2] == "GOD-HERA" and after.columns[4] == "GOD-ARES"


def test_no_god_when_the_apprentice_does_not_move():
    sc = Scenario(2).done(0, 1, 2).dice(0, 5, 4).top_of("MOR-01")  # labour 9, cube on 3 blocks
    state = sc.build()
    after, events = play_through(state, labour("add"))
    assert received(events, "god") == []
    assert after.columns == state.columns


def test_no_god_when_the_column_s_god_was_already_taken():
    sc = advance_scenario(2, 3).clear_column(3, 1)
    after, events = play_through(sc.build(), labour("sub"))
    assert after.players[0].pos == 3
    assert received(events, "god") == []
    assert after.players[0].gods == ()


# --- one card of each type per turn --------------------------------------------------------


def test_one_labour_gives_at_most_one_god_one_demigod_and_one_vase():
    sc = advance_scenario(3, 9).god_at(9, "GOD-HERMES")
    state = sc.build()
    after, events = play_through(state, labour("sub"))
    kinds = sorted(CARDS[c].kind for c in received(events))
    assert kinds == ["demigod", "god", "vase"]
    me = after.players[0]
    assert (len(me.demigods), len(me.gods), len(me.vases)) == (1, 1, 1)

"""Card abilities: what each does, what it costs, and when it may be used."""

from __future__ import annotations

import pytest
from support.scenario import (
    END_TURN,
    REFUSED,
    REST,
    ROLL,
    Scenario,
    assert_rejected,
    events_of,
    kinds,
    labour,
    labour_actions,
    labour_results,
    play,
    play_through,
    rest_turn,
    use,
    uses,
)

from hercules.games.mebo.engine import Reason, legal_actions, state_from_json

# Three labours done (cubes 1-3 in the supply) unless a test says otherwise.
DONE = (1, 2, 3)


def hero(players: int = 2, dice=(3, 4), mode: str = "standard") -> Scenario:
    return Scenario(players, mode).done(0, *DONE).dice(0, *dice)


# --- +1 and -1 -------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["HES-01", "GOD-HERA", "GOD-ARES"])
def test_plus_one_raises_one_die_by_1(card):
    state = hero(dice=(3, 5)).give(0, card).build()
    assert {a.dice for a in uses(state, card)} == {(0,), (1,)}
    after, _ = play(state, use(card, 1))
    assert after.players[0].dice == (3, 6)


@pytest.mark.parametrize("card", ["HEC-01", "GOD-POSEIDON", "GOD-APHRODITE"])
def test_minus_one_lowers_one_die_by_1(card):
    state = hero(dice=(3, 5)).give(0, card).build()
    after, _ = play(state, use(card, 0))
    assert after.players[0].dice == (2, 5)


def test_plus_one_cannot_raise_a_6_and_minus_one_cannot_lower_a_1():
    state = hero(dice=(6, 1)).give(0, "HES-01", "HEC-01", "GOD-HERA", "GOD-POSEIDON").build()
    assert {a.dice for a in uses(state, "HES-01")} == {(1,)}
    assert {a.dice for a in uses(state, "GOD-HERA")} == {(1,)}
    assert {a.dice for a in uses(state, "HEC-01")} == {(0,)}
    assert {a.dice for a in uses(state, "GOD-POSEIDON")} == {(0,)}
    for action in (use("HES-01", 0), use("GOD-HERA", 0), use("HEC-01", 1), use("GOD-POSEIDON", 1)):
        assert_rejected(state, action, Reason.ILLEGAL)


def test_plus_one_and_minus_one_may_change_the_white_die_while_it_is_held():
    sc = hero(dice=(1, 1)).give(0, "PAN-01", "HES-01", "HEC-01", cubed=["PAN-01"])
    state = sc.white(3, holder=0, via="PAN-01").build()
    after, _ = play(state, use("HES-01", 2))
    assert after.white == 4 and after.players[0].dice == (1, 1)
    after, _ = play(state, use("HEC-01", 2))
    assert after.white == 2


# --- flip ------------------------------------------------------------------------------------


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("card", ["MOR-01", "GOD-ATHENA", "GOD-HEPHAESTUS"])
def test_flip_turns_a_die_to_its_opposite_face(card, face):
    state = hero(dice=(face, 2)).give(0, card).build()
    after, events = play(state, use(card, 0))
    assert after.players[0].dice == (7 - face, 2)
    changed = events_of(events, "dice_changed")[0].data
    assert changed["old"] == [face, 2] and changed["new"] == [7 - face, 2]


def test_flip_may_turn_the_white_die():
    sc = hero(dice=(1, 1)).give(0, "PAN-01", "MOR-01", cubed=["PAN-01"])
    after, _ = play(sc.white(2, holder=0, via="PAN-01").build(), use("MOR-01", 2))
    assert after.white == 5


# --- re-roll ---------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["TYC-01", "GOD-APOLLO", "GOD-ARTEMIS"])
def test_reroll_offers_every_non_empty_subset_of_the_dice(card):
    state = hero().give(0, card).build()
    assert sorted(a.dice for a in uses(state, card)) == [(0,), (0, 1), (1,)]


def test_reroll_with_the_white_die_held_offers_all_seven_subsets_of_three_dice():
    sc = hero().give(0, "PAN-01", "TYC-01", cubed=["PAN-01"])
    state = sc.white(2, holder=0, via="PAN-01").build()
    assert sorted(a.dice for a in uses(state, "TYC-01")) == sorted(
        [(0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)]
    )


@pytest.mark.parametrize("subset", [(0,), (1,), (2,), (0, 2), (0, 1, 2)])
def test_reroll_rolls_only_the_chosen_dice(subset):
    faces = set()
    for seed in range(12):
        sc = Scenario(2, seed=seed).done(0, *DONE).dice(0, 3, 4)
        sc.give(0, "PAN-01", "GOD-APOLLO", cubed=["PAN-01"]).white(5, holder=0, via="PAN-01")
        state = sc.build()
        after, events = play(state, use("GOD-APOLLO", *subset))
        new = (*after.players[0].dice, after.white)
        for i, old in enumerate((3, 4, 5)):
            if i not in subset:
                assert new[i] == old
            else:
                faces.add(new[i])
        assert events_of(events, "dice_changed")[0].data["dice"] == list(subset)
    assert len(faces) >= 3  # the chosen dice really are rolled


# --- copy ------------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["AEO-01", "GOD-HERMES"])
def test_copy_turns_both_dice_to_another_players_two_faces(card):
    sc = Scenario(3).done(0, *DONE).dice(0, 1, 2).dice(1, 6, 6).dice(2, 4, 5).give(0, card)
    state = sc.build()
    assert sorted(a.target for a in uses(state, card)) == [1, 2]  # never yourself
    after, _ = play(state, use(card, target=2))
    assert after.players[0].dice == (4, 5)
    assert after.players[2].dice == (4, 5)  # the other player's dice stay as they are
    after, _ = play(state, use(card, target=1))
    assert after.players[0].dice == (6, 6)
    assert_rejected(state, use(card, target=0), Reason.ILLEGAL)


def test_copy_in_a_4_player_game_can_target_any_of_the_three_others():
    state = Scenario(4).done(0, *DONE).give(0, "AEO-01").build()
    assert sorted(a.target for a in uses(state, "AEO-01")) == [1, 2, 3]


# --- white die -------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["PAN-01", "GOD-DIONYSUS"])
def test_the_white_die_is_taken_and_rolled_and_can_be_one_of_the_two_dice_of_a_labour(card):
    state = hero(dice=(6, 5)).give(0, card).build()
    assert uses(state, card) == [use(card)]
    after, events = play(state, use(card))
    assert after.white_holder == 0
    assert events_of(events, "white_die_taken")[0].data == {"face": after.white}
    w = after.white
    assert after.dice_of(0) == (6, 5, w)
    pairs = {d for _, d in labour_actions(after)}
    assert pairs <= {(0, 1), (0, 2), (1, 2)}
    assert ("add", (0, 2)) in labour_actions(after)  # 6 + white: 7-12, never done here
    done, _ = play_through(after, labour("add", 0, 2))
    assert done.players[0].labours_done() == (*DONE, 6 + w)
    assert done.white_holder == -1  # put back at the end of the turn


def test_only_two_of_the_three_dice_make_a_labour():
    sc = hero(dice=(2, 3)).give(0, "PAN-01", cubed=["PAN-01"])
    state = sc.white(4, holder=0, via="PAN-01").build()
    for a in legal_actions(state):
        if a.kind == "labour":
            assert len(a.dice) == 2
    assert_rejected(state, {"kind": "labour", "op": "add", "dice": [0, 1, 2]}, Reason.ILLEGAL)


def test_the_white_die_can_be_taken_only_once_per_turn():
    sc = hero().give(0, "PAN-01", "PAN-02", "GOD-DIONYSUS")
    state, _ = play(sc.build(), use("PAN-01"))
    assert uses(state, "PAN-02") == []
    assert uses(state, "GOD-DIONYSUS") == []
    assert_rejected(state, use("GOD-DIONYSUS"), REFUSED)


def test_the_white_die_is_back_on_the_board_for_the_next_player():
    sc = hero().give(0, "PAN-01").done(1, *DONE).give(1, "PAN-02")
    state, _ = play(sc.build(), use("PAN-01"), END_TURN)
    assert state.current == 1
    assert state.white_holder == -1
    assert uses(state, "PAN-02") == [use("PAN-02")]
    assert state.dice_of(1) == state.players[1].dice  # no third die until taken


def test_the_white_die_is_put_back_when_the_last_turn_of_the_round_ends():
    sc = hero().pegasus(1).to_act(0).give(0, "PAN-01")
    state, _ = play(sc.build(), use("PAN-01"), END_TURN)
    assert state.prompt == "roll"
    assert state.white_holder == -1
    assert state_from_json(state.to_json()).white_holder == -1


# --- costs: cubes and face-down gods -------------------------------------------------------


def test_a_demigod_ability_costs_one_cube_from_the_supply_placed_on_the_card():
    state = hero().give(0, "HES-01").build()
    assert state.players[0].supply == 3
    after, events = play(state, use("HES-01", 0))
    me = after.players[0]
    assert me.supply == 2
    assert me.cubed == frozenset({"HES-01"})
    assert events_of(events, "ability_used")[0].data["cost"] == "cube"


def test_a_god_ability_turns_the_god_face_down_and_costs_no_cube():
    state = hero().give(0, "GOD-HERA").build()
    after, events = play(state, use("GOD-HERA", 0))
    me = after.players[0]
    assert me.supply == 3
    assert me.gods_down == frozenset({"GOD-HERA"})
    assert events_of(events, "ability_used")[0].data["cost"] == "turn_down"


def test_without_a_cube_in_the_supply_no_demigod_ability_can_be_used_but_gods_can():
    sc = (
        Scenario(2)
        .done(0, 1)
        .dice(0, 3, 4)
        .give(0, "HES-01", "HEC-01", "GOD-HERA", cubed=["HES-01"])
    )
    state = sc.build()
    assert state.players[0].supply == 0
    assert uses(state, "HEC-01") == []
    assert_rejected(state, use("HEC-01", 0), Reason.ILLEGAL)
    assert uses(state, "GOD-HERA")


def test_the_last_cube_can_pay_for_one_demigod_but_not_a_second():
    sc = Scenario(2).done(0, 1).dice(0, 3, 4).give(0, "HES-01", "HEC-01")
    state, _ = play(sc.build(), use("HES-01", 0))
    assert state.players[0].supply == 0
    assert uses(state) == []
    assert_rejected(state, use("HEC-01", 0), REFUSED)


@pytest.mark.parametrize("card", ["HES-04", "HES-05", "PAN-03", "PAN-04", "TYC-04", "GOD-DEMETER"])
def test_bonus_and_victory_point_cards_have_no_ability_to_use(card):
    state = hero().give(0, card, "GOD-HERA").build()
    assert uses(state, card) == []
    assert_rejected(state, use(card), Reason.ILLEGAL)
    assert_rejected(state, use(card, 0), Reason.ILLEGAL)


# --- once per card per turn, any number and order ------------------------------------------


def test_each_card_can_be_used_only_once_per_turn():
    state = hero(dice=(2, 2)).give(0, "GOD-HERA", "HES-01").build()
    state, _ = play(state, use("GOD-HERA", 0), use("HES-01", 0))
    assert state.players[0].dice == (4, 2)
    assert uses(state) == []
    assert_rejected(state, use("GOD-HERA", 1), REFUSED)
    assert_rejected(state, use("HES-01", 1), REFUSED)


def test_the_same_ability_can_be_used_several_times_through_different_cards():
    sc = hero(dice=(1, 1)).give(0, "HES-01", "HES-02", "GOD-HERA", "GOD-ARES")
    state, _ = play(sc.build(), use("HES-01", 0), use("HES-02", 0), use("GOD-HERA", 0))
    state, _ = play(state, use("GOD-ARES", 1))
    me = state.players[0]
    assert me.dice == (4, 2)
    assert me.cubed == frozenset({"HES-01", "HES-02"})
    assert me.gods_down == frozenset({"GOD-HERA", "GOD-ARES"})
    assert me.supply == 1


def test_abilities_combine_in_any_order_before_the_labour():
    sc = hero(dice=(2, 6)).give(0, "MOR-01", "GOD-HERA", "HEC-01")
    state, _ = play(sc.build(), use("MOR-01", 0), use("GOD-HERA", 0), use("HEC-01", 1))
    assert state.players[0].dice == (6, 5)  # 2 flipped to 5, raised to 6; 6 lowered to 5
    assert labour_results(state) == {11}  # 6 - 5 = 1 is done
    state, _ = play_through(state, labour("add"))
    assert state.players[0].labours_done() == (*DONE, 11)


def test_used_gods_stay_face_down_and_cubed_demigods_stay_blocked_in_later_turns():
    sc = hero(dice=(2, 2)).give(0, "GOD-HERA", "HES-01")
    state, _ = play(sc.build(), use("GOD-HERA", 0), use("HES-01", 1), END_TURN)
    state = rest_turn(state)  # seat 1 ends the round
    state, _ = play(state, ROLL)
    assert state.current == 1  # Pegasus passed to seat 1
    state = rest_turn(state)
    assert state.current == 0
    assert state.used == frozenset()
    assert uses(state) == []
    assert state.players[0].gods_down == frozenset({"GOD-HERA"})
    assert state.players[0].cubed == frozenset({"HES-01"})


# --- after an ability ------------------------------------------------------------------------


def test_after_an_ability_the_player_cannot_rest_but_may_end_the_turn():
    state = hero().give(0, "GOD-APOLLO").build()
    assert "rest" in kinds(state) and "end_turn" not in kinds(state)
    assert_rejected(state, END_TURN, Reason.WRONG_DECISION)
    after, _ = play(state, use("GOD-APOLLO", 0))
    assert "rest" not in kinds(after) and "end_turn" in kinds(after)
    assert_rejected(after, REST, Reason.WRONG_DECISION)
    ended, events = play(after, END_TURN)
    assert ended.current == 1
    assert ended.players[0].labours_done() == DONE
    assert ended.players[0].gods_down == frozenset({"GOD-APOLLO"})
    assert [e.type for e in events] == ["labour_given_up", "turn_ended"]

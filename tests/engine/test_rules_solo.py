"""Solo mode: Hades' automated turn (white-die steal, coloured-die move, three stop cases)."""

from __future__ import annotations

import pytest
from support.scenario import (
    DECKS,
    END_TURN,
    HADES,
    ROLL,
    Scenario,
    assert_rejected,
    events_of,
    labour,
    play,
    play_through,
    received,
    rest_turn,
    use,
)

from hercules.games.mebo.engine import Reason, apply, legal_actions, score


def hades_turn(white: int = 1, die: int = 1, at: int = 0) -> Scenario:
    """Solo game, Hades to act (hero went first), white die ``white``, his die ``die``."""
    return Scenario(2, "solo").to_act(1).white(white).dice(1, die).hades_at(at)


def test_on_hades_turn_his_automated_turn_is_the_only_action():
    state = hades_turn().build()
    assert state.prompt == "hades" and state.current == 1
    assert legal_actions(state) == [HADES]
    for action in (labour("add"), ROLL, END_TURN):
        assert_rejected(state, action, Reason.WRONG_DECISION)


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_the_white_die_steals_the_top_card_of_the_stack_with_its_number(face):
    sc = hades_turn(white=face)
    deck = DECKS[face - 1]
    top = sc.stack(deck)[-1]
    state = sc.build()
    after, events = play(state, HADES)
    assert after.players[1].demigods == (top,)
    assert after.demigod_stacks[face - 1] == state.demigod_stacks[face - 1][:-1]
    assert events_of(events, "hades_white_die")[0].data == {"face": face, "deck": deck}
    others = [k for k in range(6) if k != face - 1]
    assert [after.demigod_stacks[k] for k in others] == [state.demigod_stacks[k] for k in others]


def test_the_die_number_on_tyche_and_morpheus_cards_does_not_matter_to_hades():
    after, _ = play(hades_turn(white=5, die=1).top_of("TYC-03").build(), HADES)
    assert after.players[1].demigods == ("TYC-03",)  # a 3, though the white die shows 5


@pytest.mark.parametrize("face", [1, 4, 6])
def test_an_empty_stack_means_hades_steals_nothing(face):
    sc = hades_turn(white=face).empty_deck(DECKS[face - 1], 0)
    state = sc.build()
    after, events = play(state, HADES)
    assert after.players[1].demigods == ()
    assert received(events, "demigod") == []
    assert after.demigod_stacks == state.demigod_stacks


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_hades_moves_as_many_columns_as_his_die_skipping_cubes_and_takes_his_cube_there(die):
    state = hades_turn(die=die).build()
    god = state.columns[die]
    after, events = play(state, HADES)
    hades = after.players[1]
    assert hades.pos == die
    assert hades.labours_done() == (die,)
    assert hades.supply == 1
    assert hades.gods == ()  # case 1: the cube, nothing else
    assert after.columns[die] == god
    taken = events_of(events, "cube_taken")[0].data
    assert taken == {"column": die, "supply": 1, "case": 1}


@pytest.mark.parametrize(
    ("at", "die", "to"), [(10, 5, 3), (12, 1, 1), (9, 3, 12), (11, 6, 5), (8, 4, 12)]
)
def test_hades_wraps_from_column_12_to_column_1(at, die, to):
    state = hades_turn(die=die, at=at).build()
    after, events = play(state, HADES)
    assert after.players[1].pos == to
    assert after.players[1].labours_done() == (to,)
    moved = events_of(events, "apprentice_moved")[0].data
    assert moved == {"from": at, "to": to, "wrapped": to <= at}


def test_case_2_no_cube_but_a_god_above_hades_takes_the_god_and_stays():
    sc = hades_turn(die=4).done(1, 4, 5, 6).god_at(4, "GOD-ARTEMIS")
    after, events = play(sc.build(), HADES)
    hades = after.players[1]
    assert hades.pos == 4
    assert hades.gods == ("GOD-ARTEMIS",)
    assert after.columns[4] == ""
    assert hades.supply == 3  # no cube taken this turn
    assert received(events, "vase") == []


def test_case_2_at_column_12_hades_takes_the_top_card_there():
    sc = hades_turn(die=3, at=9).done(1, 12).give(1, "GOD-ZEUS")
    after, _ = play(sc.build(), HADES)
    assert after.players[1].finals == ("HADES", "GOD-ZEUS", "PANTHEON-1")
    assert after.top == ()
    assert after.ended_by == ()  # Hades at 12 does not end the game


def test_case_3_no_cube_and_no_card_hades_runs_right_to_before_his_next_cube_and_takes_a_vase():
    sc = hades_turn(die=4).done(1, 4, 5, 6, 7).clear_column(4, 0).god_at(7, "GOD-HERA")
    state = sc.build()
    after, events = play(state, HADES)
    hades = after.players[1]
    assert hades.pos == 7
    assert [e.data["to"] for e in events_of(events, "apprentice_moved")] == [4, 7]
    assert hades.vases == ("VAS-3-1",)  # 3 spaces from column 4 to column 7
    assert hades.gods == ()  # only the vase: his turn then ends
    assert after.columns[7] == "GOD-HERA"
    assert hades.supply == 4


def test_case_3_fewer_than_3_spaces_gives_no_vase():
    sc = hades_turn(die=4).done(1, 4, 5, 6).clear_column(4, 0)
    after, events = play(sc.build(), HADES)
    assert after.players[1].pos == 6
    assert received(events, "vase") == []


def test_case_3_counts_only_the_spaces_of_the_run_not_the_die_move():
    # Die 2 to column 2, then a run of 2 to column 4: 4 columns this turn, but no vase.
    sc = hades_turn(die=2).done(1, 2, 3, 4).clear_column(2, 0)
    after, events = play(sc.build(), HADES)
    assert after.players[1].pos == 4
    assert received(events, "vase") == []


def test_case_3_with_the_matching_vase_stack_empty_takes_from_the_next_lower_stack():
    sc = hades_turn(die=1).done(1, 1, 2, 3, 4, 5).clear_column(1, 0).empty_vases(4, 0)
    after, _ = play(sc.build(), HADES)
    assert after.players[1].pos == 5
    assert after.players[1].vases == ("VAS-3-1",)


def test_case_3_with_eight_or_more_spaces_takes_the_7_space_vase():
    sc = hades_turn(die=1).done(1, *range(1, 11)).clear_column(1, 0)
    after, _ = play(sc.build(), HADES)
    assert after.players[1].pos == 10
    assert after.players[1].vases == ("VAS-7-1",)


def test_case_3_with_no_cube_to_the_right_runs_to_column_12():
    sc = hades_turn(die=1, at=8).done(1, 9, 10, 11, 12).clear_column(9, 0)
    after, _ = play(sc.build(), HADES)
    assert after.players[1].pos == 12
    assert after.players[1].vases == ("VAS-3-1",)


# --- the white die and turn order ----------------------------------------------------------


def test_in_solo_the_white_die_is_rolled_in_phase_1_with_everyone():
    changed = 0
    faces = set()
    for seed in range(20):
        before = Scenario(2, "solo", seed=seed, rolled=False).build()
        after, events = apply(before, ROLL)
        assert events_of(events, "dice_rolled")[0].data["white"] == after.white
        changed += after.white != before.white
        faces.add(after.white)
    assert changed >= 10
    assert len(faces) >= 4


def test_hades_uses_the_white_die_face_rolled_in_phase_1_if_the_hero_did_not_take_it():
    state, events = apply(Scenario(2, "solo", rolled=False).build(), ROLL)
    face = events_of(events, "dice_rolled")[0].data["white"]
    top = state.demigod_stacks[face - 1][-1]
    state = rest_turn(state)
    after, _ = play(state, HADES)
    assert after.players[1].demigods == (top,)


def test_hades_going_first_uses_the_white_die_face_rolled_in_phase_1():
    sc = Scenario(2, "solo", rolled=False).set(pegasus=1, round=2)
    state, events = apply(sc.build(), ROLL)
    assert state.current == 1 and state.prompt == "hades"
    face = events_of(events, "dice_rolled")[0].data["white"]
    top = state.demigod_stacks[face - 1][-1]
    after, _ = play(state, HADES)
    assert after.players[1].demigods == (top,)
    assert after.current == 0


def test_when_the_hero_goes_first_and_uses_the_white_die_hades_uses_the_face_left_at_the_end():
    sc = Scenario(2, "solo").done(0, 1, 2, 3).dice(0, 1, 1).give(0, "PAN-01", "MOR-01")
    state, _ = play(sc.build(), use("PAN-01"))
    taken = state.white
    state, _ = play(state, use("MOR-01", 2))  # flip: the white die now shows 7 - taken
    assert state.white == 7 - taken
    top = state.demigod_stacks[7 - taken - 1][-1]
    state, _ = play(state, END_TURN)
    after, events = play(state, HADES)
    assert events_of(events, "hades_white_die")[0].data["face"] == 7 - taken
    assert after.players[1].demigods == (top,)


def test_the_hero_may_copy_hades_die_and_the_white_die():
    sc = Scenario(2, "solo").done(0, 1).dice(0, 2, 2).dice(1, 5).white(6).give(0, "GOD-HERMES")
    state = sc.build()
    assert [a.target for a in legal_actions(state) if a.kind == "use"] == [1]
    after, _ = play(state, use("GOD-HERMES", target=1))
    assert after.players[0].dice == (5, 6)


# --- end of a solo game --------------------------------------------------------------------


def test_end_1_the_hero_reaching_12_ends_the_game_after_hades_finishes_the_round():
    sc = Scenario(2, "solo").done(0, *range(1, 12)).dice(0, 6, 6).top_of("MOR-01")
    state, _ = play_through(sc.build(), labour("add"))
    assert state.players[0].finals == ("GOD-ZEUS",)
    assert state.ended_by == ("column_12",)
    assert state.prompt == "hades"
    state, _ = play(state, HADES)
    assert state.is_terminal


def test_end_1_when_hades_began_the_round_the_hero_reaching_12_ends_it_at_once():
    sc = Scenario(2, "solo").pegasus(1).done(0, *range(1, 12)).dice(0, 6, 6).top_of("MOR-01")
    state, _ = play_through(sc.to_act(0).build(), labour("add"))
    assert state.is_terminal


def test_end_2_hades_taking_his_last_cube_ends_the_game_after_the_round():
    sc = hades_turn(die=5).done(1, *[c for c in range(1, 13) if c != 5]).pegasus(1).to_act(1)
    state, events = play(sc.build(), HADES)
    assert state.players[1].row == 0
    assert state.players[1].supply == 12
    assert state.ended_by == ("hades_cubes",)
    assert [e.data for e in events_of(events, "game_end_triggered")] == [{"reason": "hades_cubes"}]
    assert state.prompt == "action" and state.current == 0  # the hero still takes a turn
    state = rest_turn(state)
    assert state.is_terminal


def test_end_2_hades_taking_his_last_cube_last_in_the_round_ends_it_at_once():
    sc = hades_turn(die=5).done(1, *[c for c in range(1, 13) if c != 5])
    state, _ = play(sc.build(), HADES)
    assert state.is_terminal
    assert state.ended_by == ("hades_cubes",)


def test_hades_taking_a_cube_that_is_not_his_last_does_not_end_the_game():
    state, _ = play(hades_turn(die=3, at=9).build(), HADES)  # his cube on 12
    assert state.players[1].pos == 12
    assert state.ended_by == ()
    assert state.prompt == "roll"


def test_hades_is_scored_like_a_player_with_his_cubes_cards_and_majorities():
    sc = Scenario(2, "solo").done(1, 1, 2, 3).give(1, "TYC-01", "GOD-ARES", "VAS-5-1")
    sc.done(0, 1).give(0, "HES-01")
    result = score(sc.build())
    hero, hades = result.players
    assert hades.cubes == 3
    assert hades.cards == 2
    assert hades.vases == 10
    assert hades.majorities_won == ("mul", "die")
    assert hades.total == 3 + 2 + 10 + 10
    assert hero.total == 1 + 5
    assert result.winners == (1,)

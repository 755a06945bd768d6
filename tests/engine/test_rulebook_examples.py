"""The rulebook's worked examples, replayed on the engine.

The scoring example's pictures are missing from the text, so the last tests build
equivalent situations for majorities (shared ties included), complete sets and cubes.
"""

from __future__ import annotations

from support.scenario import (
    END_REST,
    REST,
    Scenario,
    assert_rejected,
    choose,
    kinds,
    labour,
    labour_results,
    play,
    received,
    return_cube,
    turn_up,
)

from hercules.games.mebo.engine import Reason, legal_actions, score


def test_julia_6_and_3_may_do_labour_2_by_division_or_9_by_addition_but_not_3_again_or_18():
    # Julia has done labour 3 already and rolled a 6 and a 3.
    state = Scenario(2).done(0, 3).dice(0, 6, 3).build()
    assert labour_results(state) == {2, 9}
    ops = {a.op for a in legal_actions(state) if a.kind == "labour"}
    assert ops == {"div", "add"}
    assert_rejected(state, labour("sub"), Reason.ILLEGAL)  # 6 - 3 = 3, already done
    assert_rejected(state, labour("mul"), Reason.ILLEGAL)  # 6 x 3 = 18, not 1-12
    after, _ = play(state, labour("div"))
    me = after.players[0]
    assert me.row >> 2 & 1 == 0
    assert me.labours_done() == (2, 3)
    assert me.supply == 2


def test_laura_labour_7_moves_her_apprentice_from_column_6_to_8_stopped_by_her_cube_on_9():
    state = Scenario(2).done(0, 1, 2, 3, 4, 5, 6, 8).dice(0, 3, 4).build()
    assert state.players[0].pos == 6
    after, events = play(state, labour("add"))
    assert after.players[0].pos == 8
    moved = [e.data for e in events if e.type == "apprentice_moved"]
    assert moved == [{"from": 6, "to": 8}]
    assert received(events, "vase") == []  # only 2 spaces


def test_hugo_5_and_1_divided_may_take_aeolus_or_morpheus_showing_5():
    sc = Scenario(2).dice(0, 5, 1).top_of("MOR-02", "TYC-02")  # Morpheus 5 and Tyche 2 on top
    state = sc.build()
    after, events = play(state, labour("div"))
    assert received(events, "demigod") == []
    assert after.prompt == "choose_demigod"
    assert after.current == 0
    assert legal_actions(after) == [choose("aeolus"), choose("morpheus")]
    assert after.players[0].labours_done() == (5,)
    took, events = play(after, choose("morpheus"))
    assert received(events, "demigod") == ["MOR-02"]
    assert took.players[0].demigods == ("MOR-02",)
    assert took.current == 1


def test_charlotte_advances_6_spaces_to_column_8_and_takes_the_12_vp_vase():
    state = Scenario(2).done(0, 1, 2, 4, 5, 6, 7, 8).dice(0, 1, 2).build()
    assert state.players[0].pos == 2
    after, events = play(state, labour("add"))
    me = after.players[0]
    assert me.pos == 8
    assert me.vases == ("VAS-6-1",)
    assert received(events, "vase") == ["VAS-6-1"]
    assert score(after).players[0].vases == 12


def test_laura_stops_on_column_6_and_receives_hephaestus_lying_above_it():
    sc = Scenario(2).done(0, 1, 2, 3, 4, 6).dice(0, 2, 3).god_at(6, "GOD-HEPHAESTUS")
    state = sc.build()
    assert state.players[0].pos == 4
    after, events = play(state, labour("add"))
    assert after.players[0].pos == 6
    assert after.players[0].gods == ("GOD-HEPHAESTUS",)
    assert after.columns[6] == ""
    assert received(events, "god") == ["GOD-HEPHAESTUS"]
    assert "GOD-HEPHAESTUS" not in after.players[0].gods_down  # received face up


def test_charlotte_rests_returning_3_of_her_4_cubes_and_turning_apollo_face_up():
    demigods = ("HES-01", "HEC-01", "PAN-01", "AEO-01")
    sc = Scenario(2).done(0, 1, 2, 3, 4, 5, 6, 7)
    sc.give(0, *demigods, "GOD-APOLLO", "GOD-HERA", cubed=demigods, down=["GOD-APOLLO", "GOD-HERA"])
    state = sc.build()
    assert state.players[0].supply == 3  # 7 labours done, 4 cubes on cards
    state, _ = play(state, REST)
    assert state.prompt == "rest"
    state, _ = play(state, return_cube("HES-01"), return_cube("HEC-01"), return_cube("PAN-01"))
    assert "return_cube" not in kinds(state)  # three is the limit
    assert_rejected(state, return_cube("AEO-01"), Reason.WRONG_DECISION)
    state, _ = play(state, turn_up("GOD-APOLLO"))
    assert "turn_up" not in kinds(state)  # one god only
    assert_rejected(state, turn_up("GOD-HERA"), Reason.WRONG_DECISION)
    after, events = play(state, END_REST)
    me = after.players[0]
    assert me.supply == 6
    assert me.cubed == frozenset({"AEO-01"})
    assert me.gods_down == frozenset({"GOD-HERA"})
    assert me.labours_done() == (1, 2, 3, 4, 5, 6, 7)  # resting performs no labour
    assert after.current == 1
    assert [e.type for e in events][-1] == "turn_ended"


# --- the scoring example, rebuilt ----------------------------------------------------------


def test_majority_scoring_gives_5_vp_to_the_most_symbols_and_to_everyone_tied_for_most():
    sc = Scenario(3)
    sc.give(0, "HES-05", "HES-06", "HEC-01")  # + + -
    sc.give(1, "HES-01", "HES-02", "TYC-03")  # + + die
    sc.give(2, "HES-03", "HEC-02", "HEC-03")  # + - -
    result = score(sc.build())
    p0, p1, p2 = result.players
    assert p0.majorities_won == ("add",)  # shares + with seat 1
    assert p1.majorities_won == ("add", "die")
    assert p2.majorities_won == ("sub",)
    assert (p0.majorities, p1.majorities, p2.majorities) == (5, 10, 5)
    # Nobody has x or ÷: no majority is scored for them.
    assert all(
        "mul" not in p.majorities_won and "div" not in p.majorities_won for p in result.players
    )


def test_a_complete_set_needs_all_five_symbols_and_scores_5_vp_each():
    sc = Scenario(2)
    # + + - x ÷ die die: one complete set (the second + and die are spare).
    sc.give(0, "HES-05", "HES-06", "HEC-03", "PAN-04", "AEO-03", "TYC-03", "MOR-03")
    sc.give(1, "HES-01", "HEC-01", "PAN-01", "AEO-01")  # no die symbol: no set
    result = score(sc.build())
    assert result.players[0].complete_sets == 1
    assert result.players[0].sets == 5
    assert result.players[1].complete_sets == 0
    assert result.players[1].sets == 0


def test_cubes_score_1_vp_each_in_the_supply_but_not_on_demigod_cards():
    sc = Scenario(2).done(0, 1, 2, 3, 4, 5, 6)  # six cubes taken
    sc.give(0, "HES-01", "HEC-01", cubed=["HES-01", "HEC-01"])  # two of them on cards
    sc.give(1, "HES-02", "HEC-02")
    result = score(sc.build())
    assert result.players[0].cubes == 4
    assert result.players[1].cubes == 0


def test_combined_scoring_example_one_majority_one_set_and_six_cubes_make_16_vp():
    # One majority (+, 2 against 1) + one complete set + 6 cubes in supply = 16 VP.
    sc = Scenario(2).done(0, 1, 2, 3, 4, 5, 6)
    sc.give(0, "HES-01", "HES-02", "HEC-01", "PAN-01", "AEO-01", "TYC-01")
    sc.give(1, "HES-03", "HEC-02", "HEC-03", "PAN-02", "PAN-04", "AEO-02", "AEO-03")
    sc.give(1, "TYC-02", "TYC-03")
    p0 = score(sc.build()).players[0]
    assert p0.symbols == {"add": 2, "sub": 1, "mul": 1, "div": 1, "die": 1}
    assert p0.majorities_won == ("add",)
    assert (p0.cards, p0.vases, p0.zeus_pantheon) == (0, 0, 0)
    assert (p0.majorities, p0.sets, p0.cubes) == (5, 5, 6)
    assert p0.total == 16

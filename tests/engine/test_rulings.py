"""One test per numbered ruling of hercules-components.md ("Rulings" section, 1-12)."""

from __future__ import annotations

from support.scenario import (
    CARDS,
    END_REST,
    END_TURN,
    HADES,
    REFUSED,
    REST,
    ROLL,
    Scenario,
    assert_rejected,
    choose,
    events_of,
    kinds,
    labour,
    labour_results,
    play,
    received,
    rest_turn,
    return_cube,
    turn_up,
    use,
    uses,
)

from hercules.games.mebo.engine import Reason, legal_actions, score


def test_ruling_01_apprentice_stops_before_first_cube_advance_is_column_difference():
    # Labours 2-4 done but not 1: the Apprentice still waits on the start space.
    sc = Scenario(2).done(0, 2, 3, 4).dice(0, 1, 1).top_of("TYC-02")
    state = sc.build()
    assert state.players[0].pos == 0
    # Resting moves nothing.
    rested = rest_turn(state)
    assert rested.players[0].pos == 0
    # Labour 1 (1 x 1): the Apprentice runs from column 0 to column 4, 4 spaces.
    after, events = play(state, labour("mul"))
    assert after.players[0].pos == 4
    assert [e.data for e in events_of(events, "apprentice_moved")] == [{"from": 0, "to": 4}]
    assert after.players[0].vases == ("VAS-4-1",)
    # A labour behind a remaining cube does not move the Apprentice.
    state2 = Scenario(2).dice(0, 3, 3).build()
    after2, events2 = play(state2, labour("add"))  # labour 6; cube 1 still on the board
    assert after2.players[0].pos == 0
    assert events_of(events2, "apprentice_moved") == []


def test_ruling_02_god_goes_to_first_apprentice_stopping_there_zeus_to_first_at_12_then_pantheon():
    sc = Scenario(3).god_at(3, "GOD-ATHENA")
    sc.done(0, 1, 2).dice(0, 1, 2)
    sc.done(1, 1, 2).dice(1, 1, 2)
    state = sc.build()
    state, events = play(state, labour("add"))  # seat 0: labour 3, stops on column 3
    if state.prompt == "choose_demigod":
        state, _ = play(state, choose(state.pending[0]))
    assert received(events, "god") == ["GOD-ATHENA"]
    assert state.current == 1
    state, events = play(state, labour("add"))  # seat 1 also stops on column 3: nothing left
    assert state.players[1].pos == 3
    assert received(events, "god") == []
    assert state.players[1].gods == ()
    # Column 12: Zeus to the first, then the top Pantheon card to each later arrival.
    sc = Scenario(3).top_of("MOR-01")  # Morpheus shows 4: Hestia is the only deck
    for seat in range(3):
        sc.done(seat, *range(1, 12)).dice(seat, 6, 6)
    state = sc.build()
    assert state.top == ("PANTHEON-1", "PANTHEON-3", "GOD-ZEUS")
    finals = []
    for _ in range(3):
        seat = state.current
        state, _ = play(state, labour("add"))
        finals.append(state.players[seat].finals)
    assert finals == [("GOD-ZEUS",), ("PANTHEON-3",), ("PANTHEON-1",)]
    assert state.top == ()
    assert [p.zeus_pantheon for p in score(state).players] == [5, 5, 5]


def test_ruling_03_sub_is_larger_minus_smaller_division_exact_result_1_to_12_and_labour_not_done():
    # 2 and 6 in either order: 6 - 2 = 4 and 6 / 2 = 3.
    for faces in ((2, 6), (6, 2)):
        state = Scenario(2).dice(0, *faces).build()
        assert labour_results(state) == {8, 4, 12, 3}
        after, _ = play(state, labour("sub"))
        assert after.players[0].labours_done() == (4,)
    # 6 and 4: 6 / 4 is not exact; 6 x 4 = 24 is above 12.
    state = Scenario(2).dice(0, 6, 4).build()
    assert labour_results(state) == {10, 2}
    assert_rejected(state, labour("div"), Reason.ILLEGAL)
    assert_rejected(state, labour("mul"), Reason.ILLEGAL)
    # Equal dice: subtraction gives 0, no labour; a done labour is not offered.
    state = Scenario(2).dice(0, 4, 4).done(0, 1).build()
    assert labour_results(state) == {8}
    assert_rejected(state, labour("sub"), Reason.ILLEGAL)
    assert_rejected(state, labour("div"), Reason.ILLEGAL)


def test_ruling_04_dice_used_incl_white_final_faces_decide_demigod_player_chooses():
    # Holding the white die (taken with Pan), coloured 5 and 5, white 2.
    sc = Scenario(2).done(0, 1).dice(0, 5, 5).give(0, "PAN-01", cubed=["PAN-01"])
    sc.white(2, holder=0, via="PAN-01").top_of("TYC-02", "MOR-02")
    state = sc.build()
    assert ("add", (0, 2)) in {(a.op, a.dice) for a in legal_actions(state) if a.kind == "labour"}
    # White + coloured: 5 + 2 = 7; both the 2 (Tyche) and the 5 (Morpheus) were used.
    after, _ = play(state, labour("add", 0, 2))
    assert after.players[0].labours_done() == (1, 7)
    assert after.pending == ("hestia", "morpheus", "tyche")
    # The two coloured dice: the white 2 was not used, so Tyche does not qualify.
    after, _ = play(state, labour("add", 0, 1))
    assert after.pending == ("hestia", "morpheus")
    # Final faces count: 3 raised to 4 by +1 matches Morpheus 4, no longer Tyche 3.
    sc = Scenario(2).done(0, 1).dice(0, 3, 6).give(0, "HES-01").top_of("TYC-03", "MOR-01")
    state = sc.build()
    state, _ = play(state, use("HES-01", 0))
    assert state.players[0].dice == (4, 6)
    after, _ = play(state, labour("sub"))  # 6 - 4 = 2
    assert after.pending == ("hecate", "morpheus")
    hecate_top = after.demigod_stacks[1][-1]
    took, events = play(after, choose("hecate"))
    assert received(events, "demigod") == [hecate_top]
    assert took.prompt == "action" and took.current == 1


def test_ruling_05_abilities_cost_a_cube_once_per_card_stay_within_1_to_6_and_act_as_printed():
    sc = Scenario(3).done(0, 1, 2).dice(0, 6, 1).dice(2, 4, 5)
    sc.give(0, "HES-01", "HEC-01", "MOR-01", "TYC-01", "AEO-01", "PAN-01")
    state = sc.build()
    assert state.players[0].supply == 2
    # Not above 6, not below 1.
    assert {a.dice for a in uses(state, "HES-01")} == {(1,)}
    assert {a.dice for a in uses(state, "HEC-01")} == {(0,)}
    assert_rejected(state, use("HES-01", 0), Reason.ILLEGAL)
    assert_rejected(state, use("HEC-01", 1), Reason.ILLEGAL)
    # Flip turns x into 7 - x, and costs a cube placed on the card.
    state, _ = play(state, use("MOR-01", 0))
    me = state.players[0]
    assert me.dice == (1, 1)
    assert me.supply == 1
    assert me.cubed == frozenset({"MOR-01"})
    assert uses(state, "MOR-01") == []  # once per turn
    # Copy: both coloured dice take another player's faces.
    state, _ = play(state, use("AEO-01", target=2))
    assert state.players[0].dice == (4, 5)
    assert state.players[0].supply == 0
    # No cube left in the supply: no demigod ability can be used.
    assert uses(state) == []
    assert_rejected(state, use("PAN-01"), REFUSED)
    # The white die is rolled when taken, and cannot be taken twice in a turn.
    sc = Scenario(2).done(0, 1, 2).dice(0, 2, 2).give(0, "PAN-01", "PAN-02", "GOD-DIONYSUS")
    state = sc.build()
    state, events = play(state, use("PAN-01"))
    assert state.white_holder == 0
    assert events_of(events, "white_die_taken")[0].data == {"face": state.white}
    assert uses(state, "PAN-02") == [] and uses(state, "GOD-DIONYSUS") == []
    # Re-roll may include the white die while it is held: every non-empty subset of 3 dice.
    sc = Scenario(2).done(0, 1, 2).dice(0, 2, 2).give(0, "PAN-01", "TYC-01", cubed=["PAN-01"])
    state = sc.white(3, holder=0, via="PAN-01").build()
    assert len(uses(state, "TYC-01")) == 7
    assert any(a.dice == (2,) for a in uses(state, "TYC-01"))
    # Solo: copy takes Hades' die and the white die.
    sc = Scenario(2, "solo").done(0, 1).dice(0, 1, 1).dice(1, 6).white(3).give(0, "AEO-01")
    state, _ = play(sc.build(), use("AEO-01", target=1))
    assert state.players[0].dice == (6, 3)


def test_ruling_06_after_an_ability_no_rest_turn_ends_without_labour_if_none_or_declined():
    sc = Scenario(2).done(0, 1, 2, 3).dice(0, 1, 3).give(0, "GOD-HERA")
    state = sc.build()
    assert "rest" in kinds(state) and "end_turn" not in kinds(state)
    state, _ = play(state, use("GOD-HERA", 0))
    assert "rest" not in kinds(state)
    assert "end_turn" in kinds(state)
    assert_rejected(state, REST, Reason.WRONG_DECISION)
    assert labour_results(state) == {5, 6}  # a labour is possible ...
    after, events = play(state, END_TURN)  # ... but the player declines
    assert after.current == 1
    assert after.players[0].labours_done() == (1, 2, 3)
    assert after.players[0].gods_down == frozenset({"GOD-HERA"})
    assert events_of(events, "labour_given_up")
    # No labour possible at all after the ability: only end_turn (or more abilities).
    sc = Scenario(2).done(0, *range(1, 12)).dice(0, 1, 1).give(0, "GOD-HERA")
    state = sc.build()
    assert labour_results(state) == set()
    state, _ = play(state, use("GOD-HERA", 0))
    assert labour_results(state) == set()
    assert kinds(state) == {"end_turn"}


def test_ruling_07_rest_returns_up_to_3_cubes_and_turns_one_god_up_only_if_no_ability_used():
    cubed = ("HES-01", "HEC-01", "PAN-01", "TYC-01")
    sc = Scenario(2).done(0, *range(1, 9)).dice(0, 6, 5)
    sc.give(0, *cubed, "GOD-APOLLO", "GOD-ARES", cubed=cubed, down=["GOD-APOLLO", "GOD-ARES"])
    sc.give(0, "GOD-HERA")
    state = sc.build()
    assert state.players[0].supply == 4
    # Using an ability first forbids resting.
    used, _ = play(state, use("GOD-HERA", 1))
    assert "rest" not in kinds(used)
    assert_rejected(used, REST, Reason.WRONG_DECISION)
    # Resting: at most three cubes and one god.
    state, _ = play(state, REST)
    assert kinds(state) == {"return_cube", "turn_up", "end_rest"}
    state, _ = play(state, turn_up("GOD-ARES"), return_cube("TYC-01"), return_cube("HES-01"))
    assert {a.card for a in legal_actions(state) if a.kind == "return_cube"} == {"HEC-01", "PAN-01"}
    state, _ = play(state, return_cube("PAN-01"))
    assert kinds(state) == {"end_rest"}
    state, _ = play(state, END_REST)
    me = state.players[0]
    assert me.supply == 7
    assert me.cubed == frozenset({"HEC-01"})
    assert me.gods_down == frozenset({"GOD-APOLLO"})
    assert state.current == 1


def test_ruling_08_a_turn_gives_at_most_one_god_one_demigod_and_one_vase():
    sc = Scenario(2).done(0, 2, 3, 4, 5, 6, 7, 8).dice(0, 1, 1).top_of("TYC-01")
    sc.god_at(8, "GOD-ATHENA").god_at(4, "GOD-HERA")
    state = sc.build()
    after, events = play(state, labour("div"))  # labour 1: column 0 to 8
    assert after.prompt == "choose_demigod"  # Aeolus (÷) or Tyche (a 1 was used)
    after, more = play(after, choose("tyche"))
    got = received(events + more)
    assert sorted(got) == ["GOD-ATHENA", "TYC-01", "VAS-7-1"]  # 8 spaces: the 7-space vase
    me = after.players[0]
    assert (len(me.gods), len(me.demigods), len(me.vases)) == (1, 1, 1)
    assert after.columns[4] == "GOD-HERA"  # passed over, not received
    # Hades too: one stolen demigod and the card where he stops.
    sc = Scenario(2, "solo").to_act(1).white(1).dice(1, 3).hades_at(0).done(1, 3)
    sc.god_at(3, "GOD-ARES")
    after, events = play(sc.build(), HADES)
    assert sorted(CARDS[c].kind for c in received(events)) == ["demigod", "god"]
    assert after.players[1].gods == ("GOD-ARES",)
    assert len(after.players[1].demigods) == 1


def test_ruling_09_the_round_is_finished_from_the_pegasus_holder_so_all_have_equal_turns():
    sc = Scenario(4).pegasus(2).top_of("MOR-01")
    sc.done(3, *range(1, 12)).dice(3, 6, 6)
    state = sc.to_act(2).build()
    state = rest_turn(state)  # seat 2 started the round
    assert state.current == 3
    state, events = play(state, labour("add"))  # seat 3 reaches column 12
    assert state.players[3].pos == 12
    assert state.ended_by == ("column_12",)
    assert state.current == 0 and state.prompt == "action"
    state = rest_turn(state)
    assert state.current == 1
    state, events = play(state, REST, END_REST)
    assert state.prompt == "game_over"
    assert state.is_terminal
    assert legal_actions(state) == []
    assert state.pegasus == 2  # no new round
    assert state.round == 1
    assert events_of(events, "game_over")[0].data == {"ended_by": ["column_12"], "round": 1}


def test_ruling_10_majority_needs_a_symbol_ties_all_score_sets_are_5_times_the_minimum():
    sc = Scenario(3)
    # Seat 0: two of every symbol (two sets) and 3 x; seat 1: 3 x too; seat 2: nothing.
    sc.give(0, "HES-05", "HES-06", "HEC-01", "HEC-02", "PAN-04", "PAN-05", "PAN-07")
    sc.give(0, "AEO-01", "AEO-02", "TYC-01", "TYC-02")
    sc.give(1, "PAN-01", "PAN-02", "PAN-06")
    result = score(sc.build())
    p0, p1, p2 = result.players
    assert p0.symbols == {"add": 2, "sub": 2, "mul": 3, "div": 2, "die": 2}
    assert p0.complete_sets == 2 and p0.sets == 10
    assert p0.majorities_won == ("add", "sub", "mul", "div", "die")
    assert p1.majorities_won == ("mul",)
    assert p2.majorities_won == ()  # zero symbols never win a majority
    assert (p0.majorities, p1.majorities, p2.majorities) == (25, 5, 0)
    assert p1.sets == 0


def test_ruling_11_simplified_gods_are_face_down_score_their_vp_only_no_ability_no_symbols():
    sc = Scenario(2, "simplified").done(0, 1, 2).dice(0, 2, 3)
    sc.give(0, "GOD-HERA", "GOD-DEMETER", "HES-01")
    state = sc.build()
    assert uses(state, "GOD-HERA") == []
    assert_rejected(state, use("GOD-HERA", 0), Reason.ILLEGAL)
    assert len(uses(state, "HES-01")) == 2  # demigods still work
    p0 = score(state).players[0]
    assert p0.cards == 5  # Hera 2 + Demeter 3
    assert p0.symbols == {"add": 1, "sub": 0, "mul": 0, "div": 0, "die": 0}
    # Resting cannot turn a god up (there is none face down to turn).
    rest, _ = play(state, REST)
    assert "turn_up" not in kinds(rest)


def test_ruling_12_solo_two_player_cards_hades_cubes_score_hades_takes_zeus_hero_white_die_face():
    start = Scenario(2, "solo", rolled=False)
    s0 = start.build()
    assert sum(len(st) for st in s0.demigod_stacks) == 24
    assert s0.top == ("PANTHEON-1", "GOD-ZEUS")
    # Phase 1: Hades rolls one coloured die and the white die.
    rolled, events = play(s0, ROLL)
    data = events_of(events, "dice_rolled")[0].data
    assert data["white"] == rolled.white
    assert len(rolled.players[1].dice) == 1
    moved = 0
    for k in range(12):  # the white die really is rolled: its face changes in most games
        before = Scenario(2, "solo", seed=k, rolled=False).build()
        moved += play(before, ROLL)[0].white != before.white
    assert moved >= 6
    # Hades stops on column 12 without a cube: he takes Zeus; his supply cubes score.
    sc = Scenario(2, "solo").to_act(1).done(1, 1, 2, 3, 12).hades_at(9).dice(1, 3).white(1)
    sc.empty_deck("hestia", 0)
    state, events = play(sc.build(), HADES)
    assert state.players[1].demigods == ()  # white 1: the Hestia stack is empty
    assert state.players[1].pos == 12
    assert state.players[1].finals == ("HADES", "GOD-ZEUS")
    assert score(state).players[1].cubes == 4
    assert score(state).players[1].zeus_pantheon == 5
    # The hero reaching column 12 afterwards takes the Pantheon card.
    sc = Scenario(2, "solo").give(1, "GOD-ZEUS").done(0, *range(1, 12)).dice(0, 6, 6)
    state, _ = play(sc.build(), labour("add"))
    assert state.players[0].finals == ("PANTHEON-1",)
    # Hero first, using the white die: Hades steals with the face it shows at the hero's end.
    sc = Scenario(2, "solo").done(0, 1, 2, 3, 4).dice(0, 1, 1).white(5)
    sc.give(0, "PAN-01", "HES-01", "HEC-01")
    state, _ = play(sc.build(), use("PAN-01"))
    taken = state.white
    state, _ = play(state, use("HES-01", 2) if taken < 6 else use("HEC-01", 2))
    face = state.white
    assert face == (taken + 1 if taken < 6 else 5)
    state, _ = play(state, END_TURN)
    stack = state.demigod_stacks[face - 1]
    assert state.prompt == "hades"
    after, events = play(state, HADES)
    assert events_of(events, "hades_white_die")[0].data["face"] == face
    assert after.players[1].demigods == (stack[-1],)

"""Scoring: the breakdown, majorities, sets, cubes, the three tie-breakers, shared places."""

from __future__ import annotations

from support.scenario import Scenario

from hercules.games.mebo.engine import score


def test_the_breakdown_adds_cards_vases_zeus_pantheon_majorities_sets_and_cubes():
    sc = Scenario(2).done(0, *range(1, 13))  # 12 labours done: at column 12
    sc.give(0, "HES-05", "HEC-03", "PAN-03", "AEO-01", "GOD-DIONYSUS", "GOD-HERA")
    sc.give(0, "VAS-6-1", "VAS-3-1", "GOD-ZEUS", "AEO-02", cubed=["AEO-02"])
    sc.give(1, "PANTHEON-1", "TYC-01", "TYC-02", "TYC-03")
    p0, p1 = score(sc.build()).players
    # Cards: HES-05 2 + HEC-03 2 + Dionysus 3 + Hera 2 (bonus and ability cards 0).
    assert p0.cards == 9
    assert p0.vases == 18
    assert p0.zeus_pantheon == 5
    # Symbols: + (HES-05, Hera) 2, - 1, x x die (PAN-03) 2, ÷ 2 (AEO-01, AEO-02), die 2 (+Dionysus)
    assert p0.symbols == {"add": 2, "sub": 1, "mul": 2, "div": 2, "die": 2}
    assert p0.majorities_won == ("add", "sub", "mul", "div")  # seat 1 has 3 die symbols
    assert p0.majorities == 20
    assert p0.complete_sets == 1 and p0.sets == 5
    assert p0.cubes == 11  # 12 taken, one on AEO-02
    assert p0.total == 9 + 18 + 5 + 20 + 5 + 11
    assert (p1.cards, p1.zeus_pantheon, p1.majorities, p1.total) == (2, 5, 5, 12)


def test_the_most_victory_points_win():
    sc = Scenario(3).done(0, 1).done(1, 1, 2, 3).done(2, 1, 2)
    result = score(sc.build())
    assert [p.total for p in result.players] == [1, 3, 2]
    assert result.winners == (1,)
    assert [p.place for p in result.players] == [3, 1, 2]
    assert result.tiebreak == ""


def test_bonus_cards_score_three_symbols_and_two_vp_cards_two_vp():
    sc = Scenario(2).give(0, "HES-04").give(1, "HES-05")
    p0, p1 = score(sc.build()).players
    assert p0.symbols == {"add": 2, "sub": 1, "mul": 0, "div": 0, "die": 0}
    assert (p0.cards, p1.cards) == (0, 2)
    assert p0.majorities_won == ("add", "sub")
    assert p1.majorities_won == ()


def test_die_symbols_count_whatever_number_they_show():
    sc = Scenario(2).give(0, "TYC-01", "MOR-03").give(1, "TYC-03")
    p0, p1 = score(sc.build()).players
    assert p0.symbols["die"] == 2 and p1.symbols["die"] == 1
    assert p0.majorities_won == ("die",)


def test_god_symbols_count_for_majorities_and_sets_in_the_standard_game():
    sc = Scenario(2).give(0, "GOD-DEMETER").give(1, "HES-05")
    p0, p1 = score(sc.build()).players
    assert p0.symbols == {"add": 1, "sub": 0, "mul": 0, "div": 0, "die": 1}
    assert p0.majorities_won == ("add", "die")
    assert p1.majorities_won == ("add",)


def test_a_majority_tie_among_three_players_gives_each_5_vp():
    sc = Scenario(4).give(0, "HES-01").give(1, "HES-02").give(2, "HES-03")
    result = score(sc.build())
    assert [p.majorities for p in result.players] == [5, 5, 5, 0]


def test_cubes_on_demigod_cards_do_not_score():
    sc = Scenario(2).done(0, 1, 2, 3).give(0, "HES-01", "HEC-01", cubed=["HES-01", "HEC-01"])
    p0 = score(sc.build()).players[0]
    assert p0.cubes == 1


# --- tie-breakers ----------------------------------------------------------------------------


def test_tie_break_1_the_apprentice_on_the_highest_column_wins():
    sc = Scenario(2).done(0, 1, 2, 3, 4, 5).done(1, 1, 2, 3, 4, 6)
    result = score(sc.build())
    p0, p1 = result.players
    assert p0.total == p1.total == 5
    assert (p0.apprentice, p1.apprentice) == (5, 4)
    assert result.winners == (0,)
    assert result.tiebreak == "apprentice_column"
    assert (p0.place, p1.place) == (1, 2)


def test_tie_break_2_most_majorities_wins_and_comes_before_cubes():
    # Seat 0: HES-05 (2 VP) + the + majority (5) + 4 cubes = 11.
    # Seat 1: a 6 VP vase + 5 cubes = 11, more cubes but no majority.
    sc = Scenario(2).done(0, 1, 2, 3, 4).give(0, "HES-05")
    sc.done(1, 1, 2, 3, 4, 6).give(1, "VAS-3-1")
    result = score(sc.build())
    p0, p1 = result.players
    assert p0.total == p1.total == 11
    assert p0.apprentice == p1.apprentice == 4
    assert (len(p0.majorities_won), len(p1.majorities_won)) == (1, 0)
    assert result.winners == (0,)
    assert result.tiebreak == "majorities"


def test_tie_break_2_counts_shared_majorities():
    # Both share the + majority; seat 1 also holds the - majority: 2 majorities against 1.
    # Seat 0: 5 + 10 cubes = 15; seat 1: 10 + 5 cubes = 15.
    sc = Scenario(2).done(0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11).give(0, "HES-01")
    sc.done(1, 1, 2, 3, 4, 6).give(1, "HES-02", "HEC-01")
    result = score(sc.build())
    p0, p1 = result.players
    assert p0.majorities_won == ("add",)
    assert p1.majorities_won == ("add", "sub")
    assert p0.total == p1.total == 15
    assert result.winners == (1,)
    assert result.tiebreak == "majorities"


def test_tie_break_3_most_cubes_in_the_supply_wins_and_cubes_on_cards_do_not_count():
    # Seat 0: + majority (5) + 5 cubes in supply = 10.
    # Seat 1: HEC-03 (2 VP) + - majority (5) + 3 cubes in supply = 10, with 3 more cubes on
    # its Hecate cards: 6 cubes off the board against 5, but only 3 of them count.
    sc = Scenario(3).done(0, 1, 2, 3, 4, 7).give(0, "HES-01")
    cubed = ["HEC-01", "HEC-02", "HEC-04"]
    sc.done(1, 1, 2, 3, 4, 6, 7).give(1, *cubed, "HEC-03", cubed=cubed)
    result = score(sc.build())
    p0, p1, _ = result.players
    assert p0.total == p1.total == 10
    assert p0.apprentice == p1.apprentice == 4
    assert len(p0.majorities_won) == len(p1.majorities_won) == 1
    assert (p0.cubes, p1.cubes) == (5, 3)
    assert result.winners == (0,)
    assert result.tiebreak == "cubes_in_supply"
    assert (p0.place, p1.place) == (1, 2)


def test_a_tie_after_all_three_tie_breakers_is_a_shared_place():
    sc = Scenario(2).done(0, 1, 2, 3).done(1, 1, 2, 3).give(0, "HES-01").give(1, "HES-02")
    result = score(sc.build())
    assert result.winners == (0, 1)
    assert result.tiebreak == "shared"
    assert [p.place for p in result.players] == [1, 1]


def test_places_below_first_are_shared_and_skip_as_in_a_ranking():
    sc = Scenario(4).done(0, 1, 2, 3, 4).done(1, 1, 2).done(2, 1, 2).done(3, 1)
    result = score(sc.build())
    assert [p.total for p in result.players] == [4, 2, 2, 1]
    assert [p.place for p in result.players] == [1, 2, 2, 4]
    assert result.winners == (0,)


def test_tie_breakers_apply_only_among_the_tied_players():
    # Seat 2 is further right but has fewer points: it does not take part in the tie-break.
    sc = Scenario(3).done(0, 1, 2, 3, 4, 5).done(1, 1, 2, 3, 4, 6).done(2, 1, 2, 3, 4)
    result = score(sc.build())
    assert [p.total for p in result.players] == [5, 5, 4]
    assert result.winners == (0,)
    assert [p.place for p in result.players] == [1, 2, 3]


def test_used_face_down_gods_and_cubed_demigods_still_score_vp_and_symbols():
    sc = Scenario(2).done(0, 1).give(0, "GOD-HERA", "HES-01", down=["GOD-HERA"], cubed=["HES-01"])
    sc.give(1, "HES-05")
    p0, p1 = score(sc.build()).players
    assert p0.cards == 2
    assert p0.symbols["add"] == 2
    assert p0.majorities_won == ("add",)
    assert p1.majorities_won == ()


def test_three_way_tie_resolved_step_by_step_among_those_still_tied():
    # All score 8. Seat 0 stands on column 3, seats 1 and 2 on column 4 (tie-break 1 drops
    # seat 0); seat 2 holds the + majority, seat 1 none (tie-break 2 picks seat 2), although
    # seat 1 has more cubes in its supply.
    sc = Scenario(3).done(0, 1, 2, 3, 5, 6, 7, 8, 9)
    sc.done(1, 1, 2, 3, 4, 6, 7, 8, 9)
    sc.done(2, 1, 2, 3, 4).give(2, "HES-01", cubed=["HES-01"])
    result = score(sc.build())
    assert [p.total for p in result.players] == [8, 8, 8]
    assert [p.apprentice for p in result.players] == [3, 4, 4]
    assert [p.cubes for p in result.players] == [8, 8, 3]
    assert result.winners == (2,)
    assert result.tiebreak == "majorities"
    assert [p.place for p in result.players] == [3, 2, 1]

"""The simplified variant: gods face down, no god abilities or symbols, VP only."""

from __future__ import annotations

import pytest
from support.scenario import (
    REFUSED,
    REST,
    Scenario,
    assert_rejected,
    kinds,
    labour,
    play,
    play_through,
    received,
    use,
    uses,
)

from hercules.games.mebo.engine import score

ACTIVE_GODS = [
    "GOD-HERA",
    "GOD-ARES",
    "GOD-POSEIDON",
    "GOD-APHRODITE",
    "GOD-ATHENA",
    "GOD-HEPHAESTUS",
    "GOD-APOLLO",
    "GOD-ARTEMIS",
    "GOD-HERMES",
    "GOD-DIONYSUS",
]


@pytest.mark.parametrize("god", ACTIVE_GODS)
def test_god_abilities_cannot_be_used_in_the_simplified_variant(god):
    state = Scenario(3, "simplified").done(0, 1, 2).dice(0, 3, 4).give(0, god).build()
    assert uses(state) == []
    for action in (use(god), use(god, 0), use(god, 0, 1), use(god, target=1)):
        assert_rejected(state, action, REFUSED)


@pytest.mark.parametrize("god", ACTIVE_GODS)
def test_the_same_gods_can_be_used_in_the_standard_game(god):
    state = Scenario(3).done(0, 1, 2).dice(0, 3, 4).give(0, god).build()
    assert uses(state, god)


def test_demigod_abilities_still_work_in_the_simplified_variant():
    state = Scenario(2, "simplified").done(0, 1, 2).dice(0, 3, 4).give(0, "HES-01").build()
    after, _ = play(state, use("HES-01", 0))
    assert after.players[0].dice == (4, 4)
    assert after.players[0].cubed == frozenset({"HES-01"})


def test_gods_are_still_received_when_stopping_on_their_column():
    sc = Scenario(2, "simplified").done(0, 2).dice(0, 2, 1).god_at(2, "GOD-APOLLO")
    after, events = play_through(sc.build(), labour("sub"))
    assert received(events, "god") == ["GOD-APOLLO"]
    assert after.players[0].gods == ("GOD-APOLLO",)


def test_gods_score_their_victory_points_but_no_symbols():
    sc = Scenario(2, "simplified").give(0, "GOD-DEMETER", "GOD-DIONYSUS", "GOD-ATHENA")
    sc.give(1, "TYC-01")
    p0, p1 = score(sc.build()).players
    assert p0.cards == 3 + 3 + 1
    assert p0.symbols == {"add": 0, "sub": 0, "mul": 0, "div": 0, "die": 0}
    assert p0.majorities_won == ()
    assert p1.majorities_won == ("die",)


def test_god_symbols_do_not_complete_a_set_in_the_simplified_variant():
    cards = ("HES-01", "HEC-01", "PAN-01", "AEO-01", "GOD-ATHENA")  # the die only on Athena
    simplified = score(Scenario(2, "simplified").give(0, *cards).build()).players[0]
    standard = score(Scenario(2).give(0, *cards).build()).players[0]
    assert simplified.complete_sets == 0
    assert standard.complete_sets == 1
    assert simplified.cards == standard.cards == 1


def test_resting_in_the_simplified_variant_never_turns_gods_up():
    sc = Scenario(2, "simplified").done(0, 1, 2).give(0, "HES-01", "GOD-HERA", cubed=["HES-01"])
    state, _ = play(sc.build(), REST)
    assert kinds(state) == {"return_cube", "end_rest"}

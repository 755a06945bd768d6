"""Seats of a new game: one helper builds them for every game, and refuses a kind a game lacks."""

from __future__ import annotations

import pytest

from hercules.app import registry
from hercules.app.controller import build_seats


class Bot:
    name = "test"
    threaded = False

    def explain(self):
        return ""

    def choose(self, view, legal, rng):
        return legal[0]


def make_bot(level: str) -> Bot:
    if level not in ("easy", "hard"):
        raise ValueError(f"unknown bot level {level!r}")
    return Bot()


def test_humans_bots_and_automata_get_their_seats_and_only_bots_get_bots():
    seats, bots = build_seats(["human", "hard", "hades"], make_bot, ("hades",))
    assert [(s.kind, s.level, s.name) for s in seats] == [
        ("human", "", ""),
        ("bot", "hard", ""),
        ("automaton", "", "hades"),
    ]
    assert set(bots) == {1}


@pytest.mark.parametrize("kind", ["hades", "automaton", "wizard", ""])
def test_a_kind_the_game_does_not_have_is_refused_naming_the_seat(kind):
    with pytest.raises(ValueError, match="seat 1: "):
        build_seats(["human", kind], make_bot)


def test_every_game_refuses_an_automaton_it_does_not_have():
    for spec in registry.games():
        if spec.automata:
            continue
        lo = spec.players[0]
        with pytest.raises(ValueError, match="seat 0"):
            spec.new_controller(spec.variants[0], ["hades"] + ["human"] * (lo - 1), 1)

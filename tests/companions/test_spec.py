"""The fourth game's spec: a new game at every seat count and variant, and ruling 1's option
that a human may be Hercules."""

from __future__ import annotations

import pytest

from hercules.games.companions.engine import rules as E
from hercules.games.companions.spec import hercules_seed


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_a_human_who_asks_to_be_hercules_gets_a_deal_that_makes_their_seat_hercules(players):
    for seat in range(players):
        seed = hercules_seed("standard", players, 100, seat)
        assert seed >= 100
        assert E.new_game(E.Config(players), seed).characters[seat] == 1
        # The first such seed: no earlier one would have done.
        assert all(E.new_game(E.Config(players), k).characters[seat] != 1 for k in range(100, seed))

"""``GameState.copy`` and ``==`` name their fields one by one (they run on every move): a field
added to ``__slots__`` but forgotten there fails here.
"""

from __future__ import annotations

import pytest

from hercules.games.mebo.engine import Action, GameConfig, GameState, apply, new_game
from hercules.games.mebo.engine.state import PlayerState


class Different:
    """Equal to nothing: put in any one field, it must make the states differ."""

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]


@pytest.mark.parametrize("mode", ["standard", "pnp"])
def test_copy_shares_every_field_and_forgets_the_legal_actions(mode: str) -> None:
    state, _ = apply(new_game(GameConfig(3, mode), 5), Action("roll"))
    assert state._legal is None
    state._legal = (Action("roll"),)  # a cache the copy must not keep
    twin = state.copy()
    for name in GameState.__slots__[:-1]:
        assert getattr(twin, name) is getattr(state, name), name
    assert twin._legal is None
    assert twin == state


def test_equality_compares_every_field_but_the_legal_cache() -> None:
    state = new_game(GameConfig(2, "standard"), 1)
    for name in GameState.__slots__[:-1]:
        other = state.copy()
        setattr(other, name, Different())
        assert other != state, name
    other = state.copy()
    other._legal = (Action("roll"),)
    assert other == state
    seat = state.players[0]
    for name in PlayerState.__slots__:
        changed = seat.copy()
        setattr(changed, name, Different())
        assert changed != seat, name
    assert seat.copy() == seat

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


def test_new_event_is_the_event_its_fields_make() -> None:
    from hercules.games.mebo.engine.actions import Event, new_event

    made = new_event(("cube_taken", 1, {"column": 4}))
    assert type(made) is Event
    assert made == Event("cube_taken", 1, {"column": 4})
    assert (made.type, made.player, made.data) == ("cube_taken", 1, {"column": 4})
    assert made.to_json() == {"type": "cube_taken", "player": 1, "column": 4}


def test_a_labour_that_earns_a_demigod_copies_its_player_once() -> None:
    """The labour makes its player mutable and hands it to ``give_demigod``: the card lands
    on the player the state holds, not on a copy that was thrown away."""
    from hercules.games.mebo.engine import legal_actions

    for seed in range(40):
        state, _ = apply(new_game(GameConfig(2, "standard"), seed), Action("roll"))
        for act in legal_actions(state):
            if act.kind != "labour":
                continue
            after, events = apply(state, act)
            got = [e.data["card"] for e in events if e.type == "card_received"]
            if got and after.prompt != "choose_demigod":
                seat = state.current
                assert after.players[seat].demigods == state.players[seat].demigods + (got[0],)
                assert after.players[seat].supply == state.players[seat].supply + 1
                return
    raise AssertionError("no labour earned a demigod in 40 seeds")

"""What a seat may see (``engine.view``, ``RULES.view`` / ``redact``) and the box's contract.

A view hides the order of each Demigod stack beneath its top card and the seed and generator,
and nothing else (every other thing of MEBO lies face up or follows from the rules); it is
still a state: it has the real state's legal actions and reads back from its document. The
state document is versioned through the games' kit, and every engine error is a ``GameError``.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from support.fuzzing import rerandomised

from hercules.games._kit import errors as kit
from hercules.games._kit.versions import Upgraded
from hercules.games.mebo.engine import (
    Action,
    CardDataError,
    Event,
    GameConfig,
    GameState,
    HerculesError,
    IllegalActionError,
    InvalidStateError,
    MalformedActionError,
    apply,
    legal_actions,
    new_game,
    state_from_json,
)
from hercules.games.mebo.engine.adapter import RULES
from hercules.games.mebo.engine.view import PUBLIC_EVENTS, SPECTATOR, hide_order, redact, view

CONFIGS = [
    GameConfig(2, "standard"),
    GameConfig(3, "standard"),
    GameConfig(4, "standard"),
    GameConfig(3, "simplified"),
    GameConfig(2, "solo"),
    GameConfig(3, "pnp"),
]


def _id(config: GameConfig) -> str:
    return f"{config.players}p-{config.mode}"


@functools.cache
def played(config: GameConfig, games: int = 3) -> tuple[tuple[GameState, Action, list[Event]], ...]:
    """Every step of seeded random games: the state, the action taken and its events."""
    out = []
    for g in range(games):
        rng = random.Random(f"view:{_id(config)}:{g}")
        state = new_game(config, 300 + g)
        while not state.is_terminal:
            action = rng.choice(legal_actions(state))
            after, events = apply(state, action)
            out.append((state, action, events))
            state = after
    return tuple(out)


# --- the view ------------------------------------------------------------------------------------


def test_a_view_hides_the_order_beneath_each_demigod_top_and_the_generator() -> None:
    state = new_game(GameConfig(4), 11)
    v = view(state, 0)
    assert type(v) is GameState
    assert (v.seed, v.rng) == (0, 0) and (state.seed, state.rng) != (0, 0)
    for real, seen in zip(state.demigod_stacks, v.demigod_stacks, strict=True):
        assert seen[-1] == real[-1]  # the face-up top card stays on top
        assert sorted(seen) == sorted(real)  # the same cards beneath
        assert list(seen[:-1]) == sorted(real[:-1])  # in no order but the ids'
    assert any(s != r for s, r in zip(v.demigod_stacks, state.demigod_stacks, strict=True))
    # What the rules make public is as it is: the Pantheon stack, the vases, the gods.
    for field in ("top", "vase_stacks", "columns", "box", "players", "white", "prompt"):
        assert getattr(v, field) == getattr(state, field), field


def test_hide_order_leaves_short_stacks_alone() -> None:
    assert hide_order(()) == ()
    assert hide_order(("B",)) == ("B",)
    assert hide_order(("B", "A")) == ("B", "A")  # the card beneath is known: no order
    assert hide_order(("C", "A", "B", "Z")) == ("A", "B", "C", "Z")


def test_a_view_does_not_change_the_state() -> None:
    state = new_game(GameConfig(3), 5)
    before = json.dumps(state.to_json())
    view(state, 1)
    assert json.dumps(state.to_json()) == before


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_every_seat_and_a_spectator_see_the_same_and_act_as_on_the_state(
    config: GameConfig,
) -> None:
    for state, _, _ in played(config)[::3]:
        views = [view(state, seat) for seat in range(SPECTATOR, state.n)]
        assert all(v == views[0] for v in views)
        assert legal_actions(views[0]) == legal_actions(state)
        assert view(views[0], 0) == views[0]  # a view of a view: nothing more to hide


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_states_that_differ_only_in_what_no_seat_sees_give_equal_views(
    config: GameConfig,
) -> None:
    rng = random.Random(_id(config))
    for state, _, _ in played(config)[::5]:
        other = rerandomised(state, rng)
        for seat in (SPECTATOR, 0, state.n - 1):
            assert view(other, seat) == view(state, seat)


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_a_view_is_a_valid_state_that_reads_back_from_its_document(config: GameConfig) -> None:
    for state, _, _ in played(config)[::17]:
        v = view(state, SPECTATOR)
        assert state_from_json(json.loads(json.dumps(v.to_json()))) == v


@pytest.mark.parametrize("seat", [4, 5, -2, True, False, 1.0, "0", None, [0]])
def test_a_seat_the_game_lacks_is_a_value_error(seat: Any) -> None:
    state = new_game(GameConfig(4), 2)
    with pytest.raises(ValueError, match="seat"):
        RULES.view(state, seat)


def test_the_adapter_gives_the_view() -> None:
    state = new_game(GameConfig(2, "solo"), 9)
    assert RULES.view(state, 1) == view(state, 1) == RULES.view(state, SPECTATOR)


# --- events --------------------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_every_event_is_public_and_redacted_to_itself(config: GameConfig) -> None:
    seen: set[str] = set()
    for state, _, events in played(config):
        for event in events:
            seen.add(event.type)
            for seat in range(SPECTATOR, state.n):
                assert RULES.redact(event, seat) is event
    assert seen and seen <= PUBLIC_EVENTS, seen - PUBLIC_EVENTS


@pytest.mark.parametrize("seat", [-2, True, 1.5, "1"])
def test_redact_refuses_what_is_no_seat(seat: Any) -> None:
    with pytest.raises(ValueError):
        redact(Event("turn_ended", 0, {}), seat)


def test_reveals_counts_the_roll_and_a_demigod_turned_up_not_the_pantheon() -> None:
    state = new_game(GameConfig(2), 4)
    rolled, events = apply(state, Action("roll"))
    assert RULES.reveals(state, rolled, events)  # the generator moved
    # Zeus taken: the Pantheon card beneath was known (the stack is not shuffled).
    taken = rolled.copy()
    taken.top = rolled.top[:-1]
    assert not RULES.reveals(rolled, taken, [])
    # A Demigod card taken: the next card of its shuffled stack turns up.
    drawn = rolled.copy()
    drawn.demigod_stacks = (rolled.demigod_stacks[0][:-1], *rolled.demigod_stacks[1:])
    assert RULES.reveals(rolled, drawn, [])


# --- the state document's version ----------------------------------------------------------------


def test_the_state_document_is_version_1_and_stays_as_it_was_written() -> None:
    state = new_game(GameConfig(3), 8)
    doc = RULES.state_to_json(state)
    assert RULES.state_version == 1
    assert list(doc)[:2] == ["format", "version"] and doc["version"] == 1


def test_upgrading_a_current_document_gives_it_back() -> None:
    state, _, _ = played(GameConfig(3))[40]
    doc = json.loads(json.dumps(RULES.state_to_json(state)))
    up = RULES.upgrade_state(doc)
    assert isinstance(up, Upgraded)
    assert (up.version, up.rules_changed) == (1, ())
    assert RULES.state_from_json(up.doc) == state


@pytest.mark.parametrize("version", [0, 2, 99])
def test_another_version_is_refused_naming_it(version: int) -> None:
    doc = RULES.state_to_json(new_game(GameConfig(2), 3))
    doc["version"] = version
    for read in (RULES.state_from_json, RULES.upgrade_state):
        with pytest.raises(InvalidStateError, match=f"version {version}"):
            read(doc)


@pytest.mark.parametrize("doc", [None, [], "state", {"version": "1"}, {"version": True}])
def test_upgrade_refuses_what_is_no_document(doc: Any) -> None:
    with pytest.raises(InvalidStateError):
        RULES.upgrade_state(doc)


# --- one error base for the box -------------------------------------------------------------------


def test_every_engine_error_is_the_kits_error_of_its_kind() -> None:
    assert RULES.error_types == (kit.GameError,)
    assert issubclass(HerculesError, kit.GameError)
    pairs = [
        (InvalidStateError, kit.InvalidStateError),
        (MalformedActionError, kit.MalformedActionError),
        (IllegalActionError, kit.IllegalActionError),
        (CardDataError, kit.DataError),
    ]
    for mine, theirs in pairs:
        assert issubclass(mine, HerculesError) and issubclass(mine, theirs), mine
    with pytest.raises(kit.InvalidStateError, match="'round'"):
        doc = RULES.state_to_json(new_game(GameConfig(2), 3))
        doc["round"] = 0
        RULES.state_from_json(doc)

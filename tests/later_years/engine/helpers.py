"""Shared helpers of the Later Years engine tests: scenarios built straight from a state.

Test files import them as ``later_years.engine.helpers`` (``tests`` is on the path).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence

import pytest

from hercules.games.later_years.engine import (
    Action,
    Event,
    IllegalActionError,
    LaterYearsConfig,
    LaterYearsState,
    Reason,
    apply,
    legal_actions,
    load_data,
    new_game,
    state_from_json,
    state_to_json,
)
from hercules.games.later_years.engine.state import P_PLAY

DATA = load_data()
SEED = 2024


def game(players: int = 4, seed: int = SEED, chains: str = "stack") -> LaterYearsState:
    """A new game."""
    return new_game(LaterYearsConfig(players, chains), seed)


def step(state: LaterYearsState, action: Action) -> tuple[LaterYearsState, list[Event]]:
    """Apply an action that must be legal."""
    assert action in legal_actions(state), f"{action} not legal in {state.prompt}"
    return apply(state, action)


def go(state: LaterYearsState, *actions: Action) -> LaterYearsState:
    """Apply legal actions in turn."""
    for a in actions:
        state, _ = step(state, a)
    return state


def refused(
    state: LaterYearsState, action: Action, reason: Reason, seat: int | None = None
) -> None:
    """``action`` is refused with ``reason`` and the state is left as it was."""
    before = state_to_json(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action, seat)
    assert info.value.reason == reason, f"{info.value.reason} ({info.value}) != {reason}"
    assert state_to_json(state) == before
    if seat is None:
        assert action not in legal_actions(state)


def round_trip(state: LaterYearsState) -> LaterYearsState:
    """The state through its JSON document and back."""
    return state_from_json(json.loads(json.dumps(state_to_json(state))))


def bid(slot: int, amount: int) -> Action:
    """A bid action."""
    return Action("bid", slot=slot, amount=amount)


def task(space: str, *cards: str) -> Action:
    """A task action (cards sorted, as the engine offers them)."""
    return Action("task", space=space, cards=tuple(sorted(cards)))


def dealt(players: int = 4, seed: int = SEED, pawn: int = 0) -> LaterYearsState:
    """A game whose first auction row is dealt, ``pawn`` holding the pawn."""
    s = game(players, seed).with_(pawn=pawn, current=pawn)
    s, _ = step(s, Action("deal"))
    return s


def playing(
    players: int = 3,
    hands: Mapping[int, Iterable[str]] | None = None,
    *,
    shown: Mapping[int, Iterable[str]] | None = None,
    board: Mapping[str, Sequence[int]] | None = None,
    current: int = 0,
    pawn: int = 0,
    round_: int = 1,
    seed: int = SEED,
) -> LaterYearsState:
    """A consistent state in the play phase: the given cards in hand, coins on the board.

    Cards come out of the deck; dealt rounds are accounted by moving cards to the discard
    pile; each seat's coins are 10 plus the fees of its coins on the board.
    """
    s = game(players, seed)
    hands = {k: sorted(v) for k, v in (hands or {}).items()}
    taken = {c for h in hands.values() for c in h}
    deck = [c for c in s.deck if c not in taken]
    # Rounds dealt: n cards each left the deck; they sit in the discard pile (never Draws, so
    # the deck count stays consistent with the Draw cards played: none).
    gone: list[str] = []
    for c in list(deck):
        if len(gone) == players * round_ - len(taken):
            break
        if DATA.type_of(c).kind != "draw":
            gone.append(c)
            deck.remove(c)
    stacks = [list(x) for x in s.board]
    for sid, seats in (board or {}).items():
        stacks[DATA.space_at[sid]] = list(seats)
    s = s.with_(
        prompt=P_PLAY,
        round=round_,
        pawn=pawn,
        current=current,
        deck=tuple(deck),
        hands=tuple(tuple(hands.get(i, ())) for i in range(players)),
        shown=tuple(tuple(sorted((shown or {}).get(i, ()))) for i in range(players)),
        discard=tuple(gone),
        board=tuple(tuple(x) for x in stacks),
    )
    money = tuple(DATA.money_start + s.fees_earned(i) for i in range(players))
    return s.with_(money=money)

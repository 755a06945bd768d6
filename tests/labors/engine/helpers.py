"""Shared helpers of the Labors engine tests: precise scenarios built straight from a state.

Test files import them as ``labors.engine.helpers`` (``tests`` is on the path, see pyproject).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from hercules.games.labors.engine import (
    Action,
    Event,
    IllegalActionError,
    LaborsConfig,
    LaborsState,
    Reason,
    apply,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
)
from hercules.games.labors.engine.actions import ATTACK, BLUE, GOLD, MOVE, RESOLVE, ROLL
from hercules.games.labors.engine.data import START
from hercules.games.labors.engine.state import P_PLAY, P_ROLL, Die, TrialDie

SEED = 2024


def game(difficulty: str = "hero", start: int = 1, seed: int = SEED) -> LaborsState:
    """A new run."""
    return new_game(LaborsConfig(difficulty, start), seed)


def at_labour(
    labour: int,
    *,
    difficulty: str = "hero",
    prompt: str = P_ROLL,
    mood: str = "",
    seed: int = SEED,
    **changes: Any,
) -> LaborsState:
    """A run standing in ``labour`` with its Trial dice on their start (the Mood drawn).

    The Mood (if any) is taken out of the deck, so that the deck stays consistent.
    """
    s = game(difficulty, seed=seed)
    lab = s.data.labour(labour)
    deck = tuple(m for m in s.mood_deck if m != mood)
    s = s.with_(
        labour=labour,
        prompt=prompt,
        mood=mood,
        mood_deck=deck,
        trial=tuple(TrialDie(d.start, START) for d in lab.dice),
        beaten=tuple(range(1, labour)),
    )
    return s.with_(**changes)


def dice(*values: int) -> tuple[Die, ...]:
    """A fresh roll showing ``values``."""
    return tuple(Die(v) for v in values)


def playing(labour: int, values: Sequence[int], **changes: Any) -> LaborsState:
    """A run placing dice: ``values`` just rolled in ``labour`` (round 1)."""
    s = at_labour(labour, prompt=P_PLAY, round=1, roll=dice(*values))
    return s.with_(**changes)


def step(state: LaborsState, action: Action) -> tuple[LaborsState, list[Event]]:
    """Apply an action that must be legal."""
    assert action in legal_actions(state), f"{action} not legal in {state.prompt}"
    return apply(state, action)


def go(state: LaborsState, *actions: Action) -> LaborsState:
    """Apply legal actions in turn."""
    for a in actions:
        state, _ = step(state, a)
    return state


def refused(state: LaborsState, action: Action, reason: Reason) -> None:
    """``action`` is refused with ``reason`` and the state is left as it was."""
    before = state_to_json(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.reason == reason, f"{info.value.reason} ({info.value}) != {reason}"
    assert state_to_json(state) == before
    assert action not in legal_actions(state)


def roll_faces(state: LaborsState) -> list[int]:
    """The faces of the roll."""
    return [d.value for d in state.roll]


def resolve(state: LaborsState) -> tuple[LaborsState, list[Event]]:
    """Commit the dice (the round resolves)."""
    return step(state, Action(RESOLVE))


def attack(dice_: Iterable[int], target: int = 0) -> Action:
    """An attack action."""
    return Action(ATTACK, dice=tuple(dice_), target=target)


def blue(space: str, dice_: Iterable[int], value: int = 0) -> Action:
    """A blue ability action."""
    return Action(BLUE, space=space, dice=tuple(dice_), value=value)


def gold(space: str, dice_: Iterable[int]) -> Action:
    """A gold ability action."""
    return Action(GOLD, space=space, dice=tuple(dice_))


def move(target: int, space: str) -> Action:
    """A fork choice."""
    return Action(MOVE, target=target, space=space)


def roll_seeded(state: LaborsState, want: Sequence[int] | None = None) -> LaborsState:
    """Roll: either whatever the generator gives, or force the faces ``want`` afterwards."""
    state, _ = step(state, Action(ROLL))
    if want is not None:
        state = state.with_(roll=dice(*want))
    return state


def advance_with(state: LaborsState, values: Sequence[int] = ()) -> LaborsState:
    """From P_ROLL: roll, set the faces (to dice that cannot attack), and resolve."""
    state, _ = step(state, Action(ROLL))
    if state.prompt == P_PLAY:
        state = state.with_(roll=dice(*values) if values else state.roll)
        state, _ = resolve(state)
    return state


def round_trip(state: LaborsState) -> LaborsState:
    """The state through its JSON document and back."""
    return state_from_json(json.loads(json.dumps(state_to_json(state))))


def courage_track_loss(effects: Sequence[str]) -> int:
    """Courage a space's effects take."""
    return sum(int(e[1:]) for e in effects if e.startswith("-"))


#: Each special Mood and the normal one it replaces in the deck.
SPECIAL_FOR = {
    "MOOD-PHOLUS": "MOOD-SORROWFUL",
    "MOOD-ABDERUS": "MOOD-ENRAGED",
    "MOOD-HIPPOLYTA": "MOOD-FEROCIOUS",
    "MOOD-ATLAS": "MOOD-RESOLUTE",
}


def drawn(labour: int, mood: str, **changes: Any) -> tuple[LaborsState, list[Event]]:
    """The Mood draw of ``labour`` that gives ``mood`` (the first seed that does), applied.

    A special Mood replaces its normal partner in the deck, as its Reward would. ``changes``
    apply before the draw.
    """
    from hercules.games.labors.engine.actions import DRAW
    from hercules.games.labors.engine.state import P_DRAW

    for seed in range(1000):
        s = at_labour(labour, prompt=P_DRAW, seed=seed)
        if mood in SPECIAL_FOR:
            partner = SPECIAL_FOR[mood]
            s = s.with_(
                mood_deck=tuple(m for m in s.mood_deck if m != partner) + (mood,),
                moods_out=(*s.moods_out, partner),
            )
        s = s.with_(**changes)
        s2, events = apply(s, Action(DRAW))
        if s2.mood == mood:
            return s2, events
    raise AssertionError(f"no seed draws {mood}")

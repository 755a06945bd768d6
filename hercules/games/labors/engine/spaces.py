"""The blue and gold spaces in play, by key, and what a blue ability may do to the dice.

A space's key names its card and its place on it: ``"BOW.b0"``, ``"RWD-02.b1"``,
``"RWD-01.g0"``, ``"MOOD-FEROCIOUS.b0"``. The Bow is always there; a Reward's spaces work
unless the Ghost of Pholus covers it; the Ferocious Mood adds its blue space for its trial.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .data import BlueDef, GoldDef, LaborsData
from .state import LaborsState

BOW = "BOW"


class BlueSpace(NamedTuple):
    """A blue space in play."""

    key: str
    card: str
    ability: BlueDef


class GoldSpace(NamedTuple):
    """A gold space in play."""

    key: str
    card: str
    ability: GoldDef


def blue_spaces(state: LaborsState) -> list[BlueSpace]:
    """Every working blue space (used or not this roll), in the table's order."""
    return list(spaces_in_play(state)[0])


def gold_spaces(state: LaborsState) -> list[GoldSpace]:
    """Every working gold space (used or not this roll)."""
    return list(spaces_in_play(state)[1])


Spaces = tuple[tuple[BlueSpace, ...], tuple[GoldSpace, ...]]
#: The spaces in play by what decides them (the Rewards, the covered one, the Mood), with the
#: data they were read from: they change only when a Reward is taken or a trial begins, but
#: the engine and the bots ask at every step of a roll.
_SPACES: dict[tuple[tuple[str, ...], str, str], tuple[LaborsData, Spaces]] = {}
_SPACES_MOST = 4096  #: forgotten all at once past this (a long session of many runs)


def spaces_in_play(state: LaborsState) -> Spaces:
    """The blue spaces and the gold spaces in play, as :func:`blue_spaces` and
    :func:`gold_spaces` list them: tuples shared between callers, to be read only."""
    data = state.data
    key = (state.rewards, state.covered, state.mood)
    found = _SPACES.get(key)
    if found is not None and found[0] is data:  # the same components (a test may make its own)
        return found[1]
    blue = [BlueSpace(f"{BOW}.b{i}", BOW, b) for i, b in enumerate(data.bow)]
    gold: list[GoldSpace] = []
    for rid in state.working_rewards():
        blue += [BlueSpace(f"{rid}.b{i}", rid, b) for i, b in enumerate(data.rewards[rid].blue)]
        gold += [GoldSpace(f"{rid}.g{i}", rid, g) for i, g in enumerate(data.rewards[rid].gold)]
    mood = data.moods.get(state.mood)
    if mood is not None and mood.blue is not None:
        blue.append(BlueSpace(f"{mood.id}.b0", mood.id, mood.blue))
    spaces = (tuple(blue), tuple(gold))
    if len(_SPACES) >= _SPACES_MOST:
        _SPACES.clear()
    _SPACES[key] = (data, spaces)
    return spaces


def new_values(ability: BlueDef, value: int) -> list[int]:
    """The faces a die showing ``value`` may be changed to (none: the ability takes no face)."""
    return list(_new_values(ability, value))


@lru_cache(maxsize=1024)
def _new_values(ability: BlueDef, value: int) -> tuple[int, ...]:
    # A few abilities times six faces: worked out once each, not at every step of a roll.
    return tuple(_faces(ability, value))


def _faces(ability: BlueDef, value: int) -> list[int]:
    kind = ability.kind
    if kind in ("pm1", "plus1"):
        steps = (-1, 1) if kind == "pm1" else (1,)
        out = []
        for step in steps:
            v = value + step
            if ability.wrap:
                v = (v - 1) % 6 + 1
            if 1 <= v <= 6:
                out.append(v)
        return sorted(set(out))
    if kind == "flip":
        return [7 - value]
    if kind == "six_three":
        return [{6: 3, 3: 6}[value]] if value in (3, 6) else []
    if kind == "parity":
        return [v for v in range(1, 7) if v % 2 != value % 2]
    if kind == "any_value":
        return [v for v in range(1, 7) if v != value]
    return []


def takes_face(ability: BlueDef) -> bool:
    """True when the ability sets a face the player chooses (the action's ``value``)."""
    return ability.kind in ("pm1", "plus1", "flip", "six_three", "parity", "any_value", "set_other")

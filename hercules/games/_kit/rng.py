"""The game's own random generator: SplitMix64 over a single integer.

Its whole state is one int kept inside the game state, so saving, cloning and
replaying a game reproduce every roll and shuffle exactly. The global
``random`` module is never used by the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
#: The step's constants by name, for engines that write the step out in a hot loop.
GOLDEN = _GOLDEN
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (int(seed) * 0x2545F4914F6CDD1D + _GOLDEN) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(new_state, 64-bit output)``."""
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, k)`` with ``0 <= k < n``; the modulo bias is < 2**-58."""
    state, z = next_u64(state)
    return state, z % n


def roll_die(state: int) -> tuple[int, int]:
    """Return ``(new_state, face)`` with a face 1-6 (:func:`next_u64`'s output mod 6, plus 1).

    The generator's step is written out here rather than called: every roll of every game
    comes through this function."""
    state = (state + _GOLDEN) & MASK64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, (z ^ (z >> 31)) % 6 + 1


def shuffled(state: int, items: Sequence[T]) -> tuple[int, list[T]]:
    """Return ``(new_state, shuffled copy)`` by Fisher-Yates."""
    out = list(items)
    # ``below`` written out (every new game shuffles a few dozen cards through here).
    for i in range(len(out) - 1, 0, -1):
        state = (state + _GOLDEN) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out

"""Figures the box's games and tools share: a seat's bot generator, a percentile, the
Wilson interval of a proportion, and one self-play record checked (:func:`odds_from`).
Pure (``math`` and ``random`` only)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import NamedTuple


def seat_rng(bot_seed: int, seat: int) -> random.Random:
    """The generator of one seat's bot, derived from ``(bot_seed, seat)``.

    Seeded from a string, which ``random`` hashes with SHA-512: the same in every process
    and independent of ``PYTHONHASHSEED``.
    """
    return random.Random(f"hercules-bot:{bot_seed}:{seat}")


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``values``, interpolating linearly; 0.0 if empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * min(max(q, 0.0), 100.0) / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def wilson_interval(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (95% for the default z).

    ``successes`` may be fractional (shared wins count 1/k). Returns ``(0.0, 1.0)`` for n = 0.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = min(max(successes / n, 0.0), 1.0)
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class Odds(NamedTuple):
    """One self-play record a setup quotes: its win rate, games, and Wilson 95 % interval."""

    rate: float
    games: int
    low: float
    high: float


def _share(value: object) -> float | None:
    """A number from 0 to 1 (not a flag) as a float, else None."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        return None
    return float(value)


def odds_from(entry: object) -> Odds | None:
    """The :class:`Odds` of one ``{"win_rate", "games", "low", "high"}`` entry, or None if it
    is not well formed. An interval that is missing (older files) or does not hold its rate
    is worked out from the rate and the games."""
    if not isinstance(entry, dict):
        return None
    rate, games = _share(entry.get("win_rate")), entry.get("games")
    if rate is None or isinstance(games, bool) or not isinstance(games, int) or games <= 0:
        return None
    low, high = _share(entry.get("low")), _share(entry.get("high"))
    if low is None or high is None or not low <= rate <= high:
        low, high = wilson_interval(round(rate * games), games)
    return Odds(rate, games, low, high)

"""Self-play figures a setup screen quotes ("wins 50 % of games … 2,000 games"): one record's
odds read from a shipped ``balance.json`` entry, and the numbers written the language's way.

Each game ships its own file in its own shape (the Labors game per difficulty, the Labours of
Hercules per rules and table size); what one record holds, how it is checked and how it is
written are the same, and live here. Figures are a courtesy, never a reason to fail: a
missing, damaged or odd entry gives none and the setup shows no line.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from hercules.games._kit.figures import wilson_interval
from hercules.ui.strings import number, t


class Odds(NamedTuple):
    """One record: its win rate, games, and Wilson 95 % interval."""

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


def shipped_text(path: Any) -> str:
    """The text of a shipped figures file, or "" if there is none readable (which reads as
    no figures)."""
    try:
        if not path.is_file():
            return ""
        return str(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return ""


def percent(share: float) -> str:
    """A share as a percentage the way the language writes it: whole from 10 %, else 0.1."""
    pct = share * 100
    return number(pct, 0 if pct >= 9.95 else 1)


def count(n: int, separator_key: str) -> str:
    """A whole number with the language's thousands separator ("1,000", "1.000"), the
    separator being the string ``separator_key``."""
    return f"{n:,}".replace(",", t(separator_key))


__all__ = ["Odds", "count", "odds_from", "percent", "shipped_text"]

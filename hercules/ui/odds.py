"""Self-play figures a setup screen quotes ("wins 50 % of games … 2,000 games"): the shipped
file read, and the numbers written the language's way.

Each game ships its own file in its own shape (the Labors game per difficulty, the Labours of
Hercules per rules and table size) and checks each record with
:func:`hercules.games._kit.figures.odds_from`; reading the file and writing its numbers are
the same for every game, and live here. Figures are a courtesy, never a reason to fail: a
missing or unreadable file reads as none, and the setup shows no line.
"""

from __future__ import annotations

from typing import Any

from hercules.ui.strings import number, t


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


__all__ = ["count", "percent", "shipped_text"]

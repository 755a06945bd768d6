"""The bots' reasons in the player's language, for the log's notes.

A bot explains its choice as ``"co.bot.<kind>|name=value|...|English"`` (the game's
:data:`~hercules.games.companions.ai.policy.REASONS`). Here that becomes a sentence through the
string tables: ``co.bot.<kind>`` formatted with the values, a space, a card or a character
put into words first. A kind with no words yet, or words wanting values the reason lacks,
shows its English sentence; anything else shows as it is. Never an error. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence

from hercules.ui.strings import has, t

from ..ai.policy import REASONS
from ..engine.data import load_data
from .words import card_name, char_name, space_name


def _values(values: dict[str, str]) -> dict[str, str]:
    """The values in words: ``at``/``at2`` the spaces, ``card`` a card, ``char`` a character."""
    out = dict(values)
    nums = {k: int(v) for k, v in values.items() if v.lstrip("-").isdigit()}
    if "row" in nums and "col" in nums:
        out["at"] = space_name(nums["row"], nums["col"])
    if "row2" in nums and "col2" in nums:
        out["at2"] = space_name(nums["row2"], nums["col2"])
    if values.get("card") in load_data().cards:
        out["card"] = card_name(values["card"])
    if "n" in nums:
        out["char"] = char_name(nums["n"]) if nums["n"] in load_data().characters else ""
    return out


def reason_text(reason: str, names: Sequence[str] = ()) -> str:
    """A bot's reason in the current language (its English sentence if this version cannot
    word it; the text as it is if it is not an encoded reason)."""
    parsed = REASONS.parse(reason)
    if parsed is None:
        return reason
    kind, values, english = parsed
    key = REASONS.prefix + kind
    if not has(key):
        return english or reason
    try:
        return t(key, **_values(values))
    except (KeyError, IndexError, ValueError):
        return english or reason


__all__ = ["reason_text"]

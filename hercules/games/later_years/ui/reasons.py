"""The bots' reasons in the player's language, for the log's notes.

A bot explains its last choice as ``"ly.bot.<kind>|name=value|...|English"``. Here that becomes
a sentence through the string tables: the key ``ly.bot.<kind>`` formatted with the values,
where a value naming a board space, a card or a card type is put into words first. A reason
whose kind has no key yet, or whose key wants values the reason lacks, is shown as its English
sentence (the part after the last ``|``); anything else is shown as it is. Never an error.
No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence

from hercules.games.later_years.engine import load_data
from hercules.ui.strings import has, t

PREFIX = "ly.bot."


def parse(reason: str) -> tuple[str, dict[str, str], str] | None:
    """``(kind, values, English)`` of an encoded reason, or None if it is not one."""
    if not reason.startswith(PREFIX) or "|" not in reason:
        return None
    parts = reason.split("|")
    kind = parts[0][len(PREFIX) :]
    english = parts[-1]
    values: dict[str, str] = {}
    for part in parts[1:-1]:
        key, eq, value = part.partition("=")
        if not eq or not key.isidentifier():
            return None
        values[key] = value
    if not kind.replace("_", "").isalnum():
        return None
    return kind, values, english


def _word(key: str, value: str, names: Sequence[str]) -> str:
    """A value in words: a seat by its name; a space, a card or a card type by the game's
    words; anything else as it is."""
    if key == "seat":
        seat = int(value) if value.lstrip("-").isdigit() else -1
        return names[seat] if 0 <= seat < len(names) else t("seat.nobody")
    data = load_data()
    if value in data.space_at:
        sp = data.space(value)
        return t(
            "ly.task",
            action=t(f"ly.type.{sp.action}"),
            object=t(f"ly.the.{sp.object}"),
        )
    if value in data.cards:
        c = data.cards[value]
        name = t(f"ly.type.{c.type}")
        return t("ly.card.units", name=name, n=c.units) if c.units > 1 else name
    if value in data.types:
        return t(f"ly.type.{value}")
    return value


def reason_text(reason: str, names: Sequence[str] = ()) -> str:
    """A bot's reason in the current language (its English sentence if this version cannot
    word it; the text as it is if it is not an encoded reason). ``names``: the seats' names."""
    parsed = parse(reason)
    if parsed is None:
        return reason
    kind, values, english = parsed
    key = PREFIX + kind
    if not has(key):
        return english or reason
    try:
        return t(key, **{k: _word(k, v, names) for k, v in values.items()})
    except (KeyError, IndexError, ValueError, AttributeError):
        return english or reason

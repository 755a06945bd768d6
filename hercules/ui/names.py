"""Seats' display names: the colour a seat plays, as a human or a bot, in every language.

Saves keep the names a game was played with; these functions show the names the box gave
in the current language (and leave a name a player typed as it is).
"""

from __future__ import annotations

from collections.abc import Sequence

from .strings import language, languages, t, tr
from .theme import player_style


def seat_name(names: list[str], seat: int) -> str:
    """A seat's display name."""
    if 0 <= seat < len(names):
        return names[seat]
    return t("seat.nobody")


def default_names(seat: int, lang: str | None = None, also: Sequence[str] = ()) -> dict[str, str]:
    """The names the box gives a seat in ``lang``: as a human and as a bot, then the fixed
    names a game gives (``also``: their string keys, e.g. its automaton's), by key."""
    lang = lang or language()
    col = tr(lang, player_style(seat)["name_key"])
    names = {"human": col, "bot": tr(lang, "seat.bot", colour=col)}
    return names | {key: tr(lang, key) for key in also}


def localise_name(name: str, seat: int, also: Sequence[str] = ()) -> str:
    """A seat name in the current language if it is one the box or the game gave (in any
    language; ``also``: the string keys of the game's fixed names, e.g. its automaton's).

    Saves keep the display names they were played with ("Blue bot"); shown in
    Italian they become "Bot blu". A name nobody gave stays as it is.
    """
    for lang in languages():
        for kind, text in default_names(seat, lang, also).items():
            if name == text:
                return default_names(seat, also=also)[kind]
    return name

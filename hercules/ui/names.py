"""Seats' display names: the colour a seat plays, as a human or a bot, in every language.

Saves keep the names a game was played with; these functions show the names the box gave
in the current language (and leave a name a player typed as it is).
"""

from __future__ import annotations

from .strings import language, languages, t, tr
from .theme import player_style


def seat_name(names: list[str], seat: int) -> str:
    """A seat's display name."""
    if 0 <= seat < len(names):
        return names[seat]
    return t("seat.nobody")


def default_names(seat: int, lang: str | None = None) -> dict[str, str]:
    """The names the game gives a seat in ``lang``: as a human, as a bot, and as Hades."""
    lang = lang or language()
    col = tr(lang, player_style(seat)["name_key"])
    return {
        "human": col,
        "bot": tr(lang, "seat.bot", colour=col),
        "hades": tr(lang, "seat.hades"),
    }


def localise_name(name: str, seat: int) -> str:
    """A seat name in the current language if it is one the game gave (in any language).

    Saves keep the display names they were played with ("Blue bot"); shown in
    Italian they become "Bot blu". A name the game did not give stays as it is.
    """
    for lang in languages():
        for kind, text in default_names(seat, lang).items():
            if name == text:
                return default_names(seat)[kind]
    return name

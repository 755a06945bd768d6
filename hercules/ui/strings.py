"""Every string a player sees comes from ``ui/strings/<lang>.json`` through :func:`t`.

The language is chosen with :func:`set_language` (English and Italian; anything
else falls back to English) and can change while the game runs: scenes build
their text again from the keys (see ``App.set_language``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from .theme import asset_text

#: The languages with a complete string table, English first (the fallback).
LANGUAGES: tuple[str, ...] = ("en", "it")

_LANG = ["en"]


@lru_cache(maxsize=4)
def _table(lang: str) -> dict[str, str]:
    table: dict[str, str] = json.loads(asset_text("ui", "strings", f"{lang}.json"))
    return table


def normalise(lang: object) -> str:
    """A supported language for a tag: "it", "it-IT" and "IT" give "it"; unknown gives "en"."""
    if not isinstance(lang, str):
        return LANGUAGES[0]
    base = lang.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else LANGUAGES[0]


def set_language(lang: object) -> str:
    """Speak ``lang`` from now on (unknown tags give English); returns the language chosen."""
    _LANG[0] = normalise(lang)
    return _LANG[0]


def language() -> str:
    """The current language."""
    return _LANG[0]


def languages() -> tuple[str, ...]:
    """The languages the game speaks."""
    return LANGUAGES


def table(lang: str) -> dict[str, str]:
    """The whole string table of a language (tests and tools)."""
    return dict(_table(normalise(lang)))


def tr(lang: str, key: str, **kw: object) -> str:
    """The text for ``key`` in ``lang`` (falling back to English), formatted with ``kw``.

    A missing key shows as ``[key]`` so that it is obvious on screen and in tests.
    """
    text = _table(normalise(lang)).get(key)
    if text is None:
        text = _table("en").get(key, f"[{key}]")
    return text.format(**kw) if kw else text


def t(key: str, **kw: object) -> str:
    """The text for ``key`` in the current language, formatted with ``kw``."""
    return tr(_LANG[0], key, **kw)


def has(key: str) -> bool:
    """True if the key exists in English."""
    return key in _table("en")


def number(value: float, digits: int = 1) -> str:
    """A decimal number as the current language writes it ("8.2" in English, "8,2" in Italian)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", t("number.decimal")) if digits > 0 else text


def text_file(name: str) -> str:
    """A text asset in the current language (``ui/text/<name>.<lang>.txt``), else in English."""
    folder = resources.files("hercules.assets").joinpath("ui", "text")
    for lang in (_LANG[0], LANGUAGES[0]):
        if folder.joinpath(f"{name}.{lang}.txt").is_file():
            return asset_text("ui", "text", f"{name}.{lang}.txt")
    raise FileNotFoundError(f"ui/text/{name}.en.txt")

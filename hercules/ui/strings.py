"""Every string a player sees comes from a string table through :func:`t`.

A language's table is the shell's ``ui/strings/<lang>.json`` merged with the table of every
registered game (``<assets>/strings/<lang>.json``, where ``assets`` is the folder its
:class:`~hercules.app.registry.GameSpec` names), so a game brings its own words without
editing the shell's. A key may be defined once only: a key in two tables stops the first
load with :class:`DuplicateKeyError`. Longer texts (the rules) are files
``<name>.<lang>.txt`` in the shell's ``ui/text/`` or a game's ``text/`` (:func:`text_file`).

The language is chosen with :func:`set_language` (English and Italian; anything
else falls back to English) and can change while the game runs: scenes build
their text again from the keys (see ``App.set_language``).
"""

from __future__ import annotations

import json
from typing import Any

from hercules.app.registry import RegistryError, assets_path, games, load_games

#: The languages with a complete string table, English first (the fallback).
LANGUAGES: tuple[str, ...] = ("en", "it")

#: The shell's folder inside ``hercules.assets`` (its ``strings/`` and ``text/``).
SHELL_ASSETS = "ui"

_LANG = ["en"]
#: language -> (the registry's version it was merged for, the merged table)
_TABLES: dict[str, tuple[int, dict[str, str]]] = {}


class DuplicateKeyError(RegistryError, ValueError):
    """A string key is defined in two tables (the shell's and a game's, or two games').

    A registry error: the box's games cannot all be offered together, so it stops the start.
    """


def check_tables() -> None:
    """Merge every language's table now (start-up): :class:`DuplicateKeyError` if two clash."""
    for lang in LANGUAGES:
        _table(lang)


def _sources() -> list[tuple[str, str]]:
    """(who, assets folder) of every table, the shell's first, then each game's in order."""
    return [("the shell", SHELL_ASSETS)] + [
        (f"game {spec.id!r}", spec.assets) for spec in games() if spec.assets
    ]


def _read_table(folder: str, lang: str) -> dict[str, str] | None:
    """A folder's ``strings/<lang>.json``, or None if it has none."""
    path = assets_path(folder, "strings", f"{lang}.json")
    if not path.is_file():
        return None
    table: Any = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(table, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in table.items()
    ):
        raise ValueError(f"{folder}/strings/{lang}.json must map keys to texts")
    return table


def _merge(lang: str) -> dict[str, str]:
    """The shell's table of ``lang`` with every game's; a key defined twice is refused."""
    merged: dict[str, str] = {}
    source: dict[str, str] = {}
    for who, folder in _sources():
        part = _read_table(folder, lang)
        if part is None:
            continue
        where = f"{folder}/strings/{lang}.json ({who})"
        for key, text in part.items():
            if key in source:
                raise DuplicateKeyError(
                    f"string key {key!r} is defined twice: in {source[key]} and in {where}"
                )
            source[key] = where
            merged[key] = text
    return merged


def _table(lang: str) -> dict[str, str]:
    version = load_games().version
    cached = _TABLES.get(lang)
    if cached is None or cached[0] != version:
        cached = (version, _merge(lang))
        _TABLES[lang] = cached
    return cached[1]


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
    """The whole string table of a language, the shell's and every game's (tests and tools)."""
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


def plural_form(lang: str, n: int) -> str:
    """The plural category of a count: ``"one"`` or ``"other"``.

    English and Italian both use the singular for exactly one ("1 card", "1 carta") and the
    plural for every other count, zero included ("0 cards", "0 carte").
    """
    return "one" if n == 1 else "other"


def tn(key: str, n: int, **kw: object) -> str:
    """The text for a count ``n``: ``key.one`` or ``key.other`` (``key.zero`` first for 0).

    ``key.zero`` is optional: a sentence that reads better without the number ("rests" rather
    than "rests: 0 cubes back"). ``n`` is passed to the text as ``{n}`` besides ``kw``. A form
    missing in the current language falls back to English; a key with no forms at all is
    looked up as it is (then shown as ``[key]`` if missing).
    """
    lang = _LANG[0]
    forms = (["zero"] if n == 0 else []) + [plural_form(lang, n)]
    for table in (_table(lang), _table(LANGUAGES[0])):
        for form in forms:
            if f"{key}.{form}" in table:
                return table[f"{key}.{form}"].format(n=n, **kw)
    return t(key, n=n, **kw)


def has(key: str) -> bool:
    """True if the key exists in English."""
    return key in _table("en")


def number(value: float, digits: int = 1) -> str:
    """A decimal number as the current language writes it ("8.2" in English, "8,2" in Italian)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", t("number.decimal")) if digits > 0 else text


def text_file(name: str, folder: str | None = None) -> str:
    """A text asset ``<name>.<lang>.txt`` in the current language, else in English.

    It is looked for in the shell's ``ui/text/``, then in each game's ``text/``; with
    ``folder`` (a game's ``assets``, e.g. ``"games/labors"``), in that folder's ``text/``
    only (two games may both have a ``rules`` text).
    """
    folders = [folder] if folder is not None else [f for _, f in _sources()]
    for lang in (_LANG[0], LANGUAGES[0]):
        for folder in folders:
            path = assets_path(folder, "text", f"{name}.{lang}.txt")
            if path.is_file():
                text: str = path.read_text(encoding="utf-8")
                return text
    looked = ", ".join(f"{folder}/text/" for folder in folders)
    raise FileNotFoundError(f"no text {name}.{LANGUAGES[0]}.txt in {looked}")

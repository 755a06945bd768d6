"""Every string a player sees comes from ``ui/strings/<lang>.json`` through :func:`t`."""

from __future__ import annotations

import json
from functools import lru_cache

from .theme import asset_text

_LANG = ["en"]


@lru_cache(maxsize=4)
def _table(lang: str) -> dict[str, str]:
    return json.loads(asset_text("ui", "strings", f"{lang}.json"))


def t(key: str, **kw: object) -> str:
    """The text for ``key`` in the current language, formatted with ``kw``.

    A missing key shows as ``[key]`` so that it is obvious on screen and in tests.
    """
    text = _table(_LANG[0]).get(key)
    if text is None:
        text = _table("en").get(key, f"[{key}]")
    return text.format(**kw) if kw else text


def has(key: str) -> bool:
    """True if the key exists in English."""
    return key in _table("en")

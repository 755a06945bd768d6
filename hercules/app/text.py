"""The one rule for text read from a file or shown to the player: which characters it may hold.

Every file the box reads (saves, settings, profiles, statistics) goes by it: a save refuses a
text that breaks it (:func:`text_problem`), the other files clean such text on reading
(:func:`clean_texts`), and everything written is cleaned first (:func:`clean_text`), so that
no file holds a text its own reader would refuse, or one that UTF-8 cannot encode. Imports
nothing of the box.
"""

from __future__ import annotations

import re
from typing import Any

MAX_TEXT = 100  #: longest display name, label or level

#: Characters no message, label or name may show: control characters (Unicode category Cc),
#: unpaired surrogates (Cs: what ``os.fsdecode`` makes of a file name's undecodable bytes, and
#: what a ``"\\ud800"`` escape gives) and the bidirectional embeddings, overrides and isolates
#: (U+202A-U+202E, U+2066-U+2069) that can make one text read as another. Other format
#: characters (Cf) stay allowed: emoji need the zero-width joiner and variation selectors.
UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` with every :data:`UNPRINTABLE` character shown as ``?`` (a file name, a reason).

    What a terminal, a log line or the font renderer can take whatever a file held.
    """
    return UNPRINTABLE.sub("?", text)


def text_problem(value: str, limit: int = MAX_TEXT) -> str:
    """What is wrong with a text read from a file ("" when nothing is).

    Too long (over ``limit`` characters), or holding a character of :data:`UNPRINTABLE`:
    a control character, an unpaired surrogate (no UTF-8 file can hold it, so the next
    write would fail) or a bidirectional override.
    """
    if len(value) > limit:
        return f"is longer than {limit} characters"
    bad = UNPRINTABLE.search(value)
    if bad is not None:
        what = "an unpaired surrogate" if 0xD800 <= ord(bad[0]) <= 0xDFFF else "a control character"
        return f"holds {what} (U+{ord(bad[0]):04X})"
    return ""


def clean_text(value: object, limit: int | None = MAX_TEXT) -> str:
    """``value`` as text :func:`text_problem` accepts: unprintables dropped, cut to ``limit``.

    Whitespace controls (tab, newline) become spaces. ``limit`` None: not cut (the field's
    own bound applies). Used by everything that writes a file, so that the box never writes
    what its own reader would refuse.
    """
    text = "".join(" " if c.isspace() else c for c in str(value))
    return UNPRINTABLE.sub("", text)[:limit]


def clean_texts(doc: Any) -> tuple[Any, int]:
    """A parsed JSON document with every text in it (keys too) cleaned by :func:`clean_text`,
    and how many texts that changed (0: the document itself is returned, untouched).

    Not cut: each file's reader bounds its own fields. For the files kept as plain data
    (settings, profiles, statistics): what they keep is then always writable again. Walks
    without recursion, so that no nesting the JSON parser accepts can make it fail.
    """
    changed = 0

    def fix(value: str) -> str:
        nonlocal changed
        if UNPRINTABLE.search(value) is None:
            return value
        changed += 1
        return clean_text(value, None)

    top: list[Any] = [None]
    work: list[tuple[Any, Any, Any]] = [(doc, top, 0)]  # (value, its new container, its slot)
    while work:
        value, parent, slot = work.pop()
        if isinstance(value, str):
            parent[slot] = fix(value)
        elif isinstance(value, list):
            parent[slot] = new_list = [None] * len(value)
            work.extend((v, new_list, i) for i, v in enumerate(value))
        elif isinstance(value, dict):
            new_dict: dict[Any, Any] = {}
            parent[slot] = new_dict
            for k, v in value.items():
                key = fix(k) if isinstance(k, str) else k
                new_dict[key] = None  # the key's place now, so that the order stays the file's
                work.append((v, new_dict, key))
        else:
            parent[slot] = value
    return (top[0], changed) if changed else (doc, 0)

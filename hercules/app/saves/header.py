"""What a save says of itself: its header, read without replaying it (nor importing its game).

The game writes a save's listing fields (format, version, game, times, label, seats, names,
``meta``) before its log, and its integrity seal last. The load screen and the title's
Continue list a folder from that: the first :data:`HEAD_BYTES` of each file and its last
:data:`TAIL_BYTES`, a few hundred microseconds a file whatever its length, where a full check
replays the whole log through the engine (tens of milliseconds). A header is only what the
file *claims*: :mod:`.library` marks such an entry unchecked, and checks it fully before it is
offered to open.

:func:`read_header` is a filter, never a verdict: it gives the header of a file that looks
like a save the game wrote, and None for anything else (cut short, not UTF-8, fields missing
or malformed, an older format to upgrade, a game this box lacks), which the caller then
checks fully to say exactly why: so no file is refused here for a reason the full check
would not give.
"""

from __future__ import annotations

import codecs
import json
import os
from collections.abc import Container
from dataclasses import dataclass
from typing import Any

from ..controller import Seat
from ..registry import DEFAULT_GAME
from .schema import (
    FORMAT_VERSION,
    MAX_BYTES,
    V2_OPTIONAL,
    V2_REQUIRED,
    SaveError,
    check_seats,
    check_text,
)

#: How much of a file's start is read: the listing fields, written before the log, take
#: well under a kilobyte (a long label and seven names: two).
HEAD_BYTES = 32 * 1024
#: How much of its end: the seal and the closing brace (a file cut short has none).
TAIL_BYTES = 1024
#: The fields a header must hold to be listed (``label`` may be absent, as in a document).
HEADER_FIELDS = ("format", "version", "game", "created", "updated", "seats", "names", "meta")


@dataclass(frozen=True)
class Header:
    """The listing fields of a save, as the file gives them (not checked by a replay)."""

    game: str
    label: str
    created: str
    updated: str
    meta: dict[str, Any]
    names: tuple[str, ...]
    seats: tuple[Seat, ...]

    @property
    def finished(self) -> bool:
        """True when the file says its game is over."""
        return self.meta.get("finished") is True


def read_header(path: str | os.PathLike[str], games: Container[str]) -> Header | None:
    """The header of a file that looks like a save of one of ``games`` (ids), else None.

    Reads at most :data:`HEAD_BYTES` + :data:`TAIL_BYTES`; never raises for what a file holds
    (an unreadable file is None too).
    """
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > MAX_BYTES or size < 2:
                return None
            head = f.read(HEAD_BYTES)
            whole = len(head) == size
            tail = head
            if not whole:
                f.seek(max(len(head), size - TAIL_BYTES))
                tail = f.read(TAIL_BYTES)
            # A save is one JSON object: a file that does not end with its brace was cut.
            if not tail.rstrip().endswith(b"}"):
                return None
    except OSError:
        return None
    fields = _fields(head, whole)
    if fields is None:
        return None
    try:
        return _header(fields, games)
    except (SaveError, TypeError, ValueError, AttributeError):
        return None


def _fields(head: bytes, whole: bool) -> dict[str, Any] | None:
    # The top-level fields the head holds whole, in order, up to the last listing field (the
    # log after them is never decoded) or the first field cut by the head's end.
    if head.startswith(codecs.BOM_UTF8):
        head = head[len(codecs.BOM_UTF8) :]
    try:
        # A head cut inside a character decodes up to it (final=False keeps the rest back).
        text = codecs.getincrementaldecoder("utf-8")().decode(head, final=whole)
    except UnicodeDecodeError:
        return None
    decoder = _DECODER
    at = _skip(text, 0)
    if text[at : at + 1] != "{":
        return None
    at += 1
    out: dict[str, Any] = {}
    wanted = set(HEADER_FIELDS)
    while wanted:
        at = _skip(text, at)
        if text[at : at + 1] != '"':
            return out if text[at : at + 1] in ("", "}") else None
        try:
            key, at = decoder.raw_decode(text, at)
            at = _skip(text, at)
            if text[at : at + 1] != ":":
                return out if at >= len(text) else None
            value, end = decoder.raw_decode(text, _skip(text, at + 1))
        except (ValueError, RecursionError):
            return out  # cut by the head's end: the fields before it
        at = _skip(text, end)
        if at >= len(text) and not whole:
            return out  # a value at the very end may be cut (a number's digits): not taken
        if key in out:
            return None  # a repeated field: the full check refuses it, so it is not listed
        out[key] = value
        wanted.discard(key)
        if text[at : at + 1] == ",":
            at += 1
        elif text[at : at + 1] == "}":
            return out
        else:
            return None
    return out


#: Plain JSON values (a header's fields are checked one by one after).
_DECODER = json.JSONDecoder()

_WHITE = frozenset(" \t\r\n")


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in _WHITE:
        at += 1
    return at


def _header(fields: dict[str, Any], games: Container[str]) -> Header | None:
    if any(key not in fields for key in HEADER_FIELDS):
        return None
    if set(fields) - set(V2_REQUIRED) - set(V2_OPTIONAL):
        return None
    game = fields.get("game", DEFAULT_GAME)
    if not isinstance(game, str) or game not in games or fields["format"] != f"{game}-save":
        return None
    if type(fields["version"]) is not int or fields["version"] != FORMAT_VERSION:
        return None  # an older file is upgraded by the full check, a newer one refused by it
    label = check_text("label", fields.get("label", ""))
    created = check_text("created", fields["created"])
    updated = check_text("updated", fields["updated"])
    meta, names, raw_seats = fields["meta"], fields["names"], fields["seats"]
    if not isinstance(meta, dict) or not isinstance(names, list) or not isinstance(raw_seats, list):
        return None
    seats = check_seats(raw_seats)
    if len(names) != len(seats) or meta.get("players") != len(seats):
        return None
    return Header(
        game=game,
        label=label,
        created=created,
        updated=updated,
        meta=meta,
        names=tuple(check_text("name", n) for n in names),
        seats=tuple(seats),
    )

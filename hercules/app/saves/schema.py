"""What a save document is made of: limits, error, rules it needs, strict JSON, field checks.

The lowest layer of :mod:`hercules.app.saves` (it imports nothing from the
package): :mod:`.upgrade` and :mod:`.document` build on it, and the package
re-exports its public names.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .. import storage
from ..contract import GameRules
from ..controller import Record, Seat
from ..registry import DEFAULT_GAME  # a document naming no game is this one's
from ..text import MAX_TEXT as MAX_TEXT  # the one rule for text, shared with every file kind
from ..text import clean_text as clean_text
from ..text import text_problem as text_problem

FORMAT_VERSION = 2  #: the version this build writes
MIN_VERSION = 1  #: the oldest version it can upgrade
MAX_BYTES = storage.MAX_BYTES  #: larger files are refused before they are read
MAX_LOG = 200_000  #: more actions than any real game; guards the replay time
#: longest reason a bot gives for one action (the bots' longest is about 150 characters)
MAX_REASON = 300
SEAT_KINDS = ("human", "bot", "automaton")

V2_REQUIRED = (
    "format",
    "version",
    "app_version",
    "game",
    "created",
    "updated",
    "rules",
    "seed",
    "seats",
    "names",
    "meta",
    "log",
    "snapshot",
)
V2_OPTIONAL = ("label", "reasons", "bot_rngs", "integrity")

INTEGRITY = "integrity"  #: the field holding ``"sha256:<hex>"`` of every other field
INTEGRITY_METHOD = "sha256"
#: Why a file whose integrity check fails is refused (it may still open with ``trust_edits``).
EDITED_REASON = "this file was changed outside the game (its integrity check fails)"

#: What kind of refusal a :class:`SaveError` is (its ``kind``): few and stable, so that a
#: screen can word each in the player's language (the reason stays a technical detail).
#: "unreadable": the file cannot be read as a JSON document (missing, empty, too large, not
#: UTF-8 or JSON, truncated, nested too deeply); "newer": made by a newer version of the game;
#: "other_game": a save of another game, or of one this box does not have; "edited": changed
#: outside the game (:class:`EditedSaveError`); "damaged": anything else.
ERROR_KINDS = ("unreadable", "newer", "other_game", "edited", "damaged")

#: A generator state as ``random.Random.getstate()`` gives it.
RngState = tuple[Any, ...]

log = logging.getLogger(__name__)


class SaveError(storage.StorageError):
    """A save that cannot be read, written or trusted. ``str(err)`` is a one-line reason.

    A :class:`~hercules.app.storage.StorageError` too: whoever catches those catches these.
    ``kind`` is one of :data:`ERROR_KINDS` ("damaged" unless the raise says otherwise, or
    the subclass does); whoever re-raises a save error passes it on.
    """

    kind: str = "damaged"

    def __init__(
        self,
        reason: str,
        path: str | os.PathLike[str] | None = None,
        *,
        kind: str | None = None,
    ) -> None:
        super().__init__(reason, path)
        if kind is not None:
            if kind not in ERROR_KINDS:
                raise ValueError(f"unknown save error kind {kind!r}")
            self.kind = kind

    @classmethod
    def of(cls, exc: storage.StorageError) -> SaveError:
        """The same reason, path and kind as a save error.

        A plain storage error (the file could not be read as JSON) is "unreadable".
        """
        kind = exc.kind if isinstance(exc, SaveError) else "unreadable"
        return cls(exc.reason, exc.path, kind=kind)


def damaged(exc: Exception, path: str | os.PathLike[str] | None = None) -> SaveError:
    """An error nothing expected while reading or opening a save, as a refusal of the file.

    The last catch at each outer boundary (``--check-save``, the load list, opening,
    Continue, replays): the player reads "this file is damaged: <what went wrong>" and
    the running game goes on. The traceback is logged once (stderr, unless logging is
    set up otherwise), since it means a check is missing: the validation should have
    refused the file with its own reason.
    """
    if isinstance(exc, SaveError):
        return exc
    if isinstance(exc, storage.StorageError):  # the file itself could not be read
        return SaveError.of(exc)
    log.error("unexpected error reading the save %s", path, exc_info=exc)
    return SaveError(f"this file is damaged: {type(exc).__name__}: {exc}", path)


class EditedSaveError(SaveError):
    """A save whose integrity check fails although it replays exactly.

    Its reason is :data:`EDITED_REASON`. Reading it again with
    ``trust_edits=True`` opens it (the loaded game is flagged ``edited``).
    """

    kind = "edited"


@dataclass(frozen=True)
class LoadedGame:
    """A fully validated game read from a save (or from a document in memory).

    ``history`` are the controller's records rebuilt by the replay (seat, events
    and the bot's reason per action) and ``states`` every state from the set-up
    (``states[0]``) to now (``states[-1] is state``): ready for a log pane, undo
    and replays without replaying again. ``game`` is the game's id and ``rules``
    the rules it was replayed with.
    """

    state: Any
    config: dict[str, Any]
    seed: int
    seats: tuple[Seat, ...]
    names: tuple[str, ...]
    actions: tuple[Any, ...]
    history: tuple[Record, ...]
    states: tuple[Any, ...]
    meta: dict[str, Any]
    label: str
    created: str
    updated: str
    app_version: str
    file_version: int  #: the format version of the file before upgrading
    bot_rngs: dict[int, RngState] = field(default_factory=dict)
    path: Path | None = None
    game: str = DEFAULT_GAME
    rules: GameRules[Any, Any, Any] | None = field(default=None, compare=False, repr=False)
    #: True when the file's integrity check failed and it was opened with ``trust_edits``
    edited: bool = False
    #: the version of the game's state document as the file held it
    state_version: int = 0
    #: the rules fixes made since the file was written (:meth:`GameRules.upgrade_state`):
    #: non-empty, the game is the log replayed under today's rules, and the next save
    #: writes it forward
    rules_changed: tuple[str, ...] = ()


# --- helpers shared by the package ----------------------------------------------------------

#: What an engine may raise on data it did not expect, besides its own error types.
DATA_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError)


def jsonable(value: Any) -> Any:
    """``value`` as a file gives it back (tuples become lists etc.), so documents compare equal."""
    return json.loads(json.dumps(value, allow_nan=False))


def content_digest(doc: dict[str, Any]) -> str:
    """The integrity value of a document: ``"sha256:<hex>"`` of its canonical content.

    The content is every field but ``"integrity"``, as canonical JSON: keys
    sorted, no spaces, ``ensure_ascii=False``, encoded as UTF-8 (a document
    in memory is first made what a file gives back, see :func:`jsonable`).
    Raises ``TypeError`` or ``ValueError`` for a document that is not JSON.
    """
    content = jsonable({k: v for k, v in doc.items() if k != INTEGRITY})
    text = json.dumps(
        content, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return f"{INTEGRITY_METHOD}:{digest}"


def integrity_fails(doc: dict[str, Any]) -> bool:
    """True when a document carries an integrity value that its content does not give.

    A document without the field (older saves) does not fail; a value that is
    not even text fails here and is refused by :func:`check_fields`.
    """
    if INTEGRITY not in doc:
        return False
    try:
        return bool(doc[INTEGRITY] != content_digest(doc))
    except (TypeError, ValueError):
        raise SaveError("the document is not plain JSON") from None


def rules_call(
    rules: GameRules[Any, Any, Any], what: str, fn: Callable[..., Any], *args: Any
) -> Any:
    """``fn(*args)``, with the engine's complaints about bad data as a :class:`SaveError`."""
    refusals: tuple[type[Exception], ...] = (*rules.error_types, *DATA_ERRORS)
    try:
        return fn(*args)
    except refusals as exc:
        raise SaveError(f"{what} is invalid: {exc}") from None


def short(value: Any, limit: int = 60) -> str:
    """A value from a file, shortened for a message (whatever the file holds)."""
    try:
        return json.dumps(value, ensure_ascii=False)[:limit]
    except (RecursionError, ValueError, TypeError):
        return "(unprintable)"


def json_type(v: Any) -> str:
    """What kind of JSON value ``v`` is, for a message (``"a list"``, ``"text"``...)."""
    if isinstance(v, bool):
        return "true/false"
    return {dict: "an object", list: "a list", str: "text", int: "a whole number"}.get(
        type(v), "a number" if isinstance(v, float) else "null"
    )


def first_difference(
    a: Any, b: Any, where: str = "", words: tuple[str, str] = ("replayed", "saved")
) -> str:
    """The first place two JSON values differ, e.g. ``players[2].supply: 3 replayed, 4 saved``.

    ``words`` say where ``a`` and ``b`` come from. A key only one side has shows as ``null``
    on the other.
    """
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b or a[k] != b[k]:
                at = f"{where}.{k}" if where else str(k)
                return first_difference(a.get(k), b.get(k), at, words)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{where}[{i}]", words)
    return f"{where or 'the document'}: {short(a, 40)} {words[0]}, {short(b, 40)} {words[1]}"


# --- reading JSON ---------------------------------------------------------------------------


def parse_json(data: bytes) -> Any:
    """Strict JSON from bytes (see :func:`hercules.app.storage.parse_json`); :class:`SaveError`."""
    try:
        return storage.parse_json(data)
    except storage.StorageError as exc:
        raise SaveError.of(exc) from None


def read_json(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> Any:
    """Read and strictly parse a JSON file of at most ``max_bytes``; :class:`SaveError`."""
    try:
        return storage.read_json(path, max_bytes)
    except storage.StorageError as exc:
        raise SaveError.of(exc) from None


# --- checking fields ------------------------------------------------------------------------

_TYPES: dict[str, tuple[type, str]] = {
    "format": (str, "text"),
    "app_version": (str, "text"),
    "game": (str, "text"),
    "created": (str, "text"),
    "updated": (str, "text"),
    "label": (str, "text"),
    "rules": (dict, "an object"),
    "seed": (int, "a whole number"),
    "seats": (list, "a list"),
    "names": (list, "a list"),
    "meta": (dict, "an object"),
    "log": (list, "a list"),
    "reasons": (list, "a list"),
    "bot_rngs": (dict, "an object"),
    "snapshot": (dict, "an object"),
    "integrity": (str, "text"),
}


def check_version(doc: dict[str, Any]) -> int:
    """The document's format version, if this build can read it; else :class:`SaveError`."""
    version = doc.get("version")
    if type(version) is not int:
        raise SaveError("field 'version' must be a whole number")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"made by a newer version of the game: save format {version} "
            f"(this version reads {MIN_VERSION} to {FORMAT_VERSION}); update the game to open it",
            kind="newer",
        )
    if version < MIN_VERSION:
        raise SaveError(f"unknown save format version {version}")
    return version


def check_text(what: str, value: Any, limit: int = MAX_TEXT) -> str:
    """``value`` if it is text a save may hold (see :func:`text_problem`), else :class:`SaveError`.

    ``what`` names the field in the reason, e.g. ``"field 'label'"`` or ``"name 2"``.
    The one check of text read from a file; writing cleans with :func:`clean_text` first.
    """
    if not isinstance(value, str):
        raise SaveError(f"{what} must be text, not {json_type(value)}")
    problem = text_problem(value, limit)
    if problem:
        raise SaveError(f"{what} {problem}")
    return value


def check_fields(doc: dict[str, Any]) -> None:
    """Every field of a current-version document is there, known, of its type and size."""
    for key in V2_REQUIRED:
        if key not in doc:
            raise SaveError(f"missing field {key!r}")
    extra = set(doc) - set(V2_REQUIRED) - set(V2_OPTIONAL)
    if extra:
        raise SaveError(f"unknown field(s) {', '.join(sorted(repr(k)[:40] for k in extra))}")
    for key, (typ, what) in _TYPES.items():
        if key in doc:
            v = doc[key]
            if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
                raise SaveError(f"field {key!r} must be {what}, not {json_type(v)}")
    for key in ("app_version", "game", "label", "created", "updated", INTEGRITY):
        if key in doc:
            check_text(f"field {key!r}", doc[key])
    for key in ("created", "updated"):
        _check_time(key, doc[key])
    if len(doc["log"]) > MAX_LOG:
        raise SaveError(f"the log has more than {MAX_LOG} actions")


def _check_time(key: str, text: str) -> None:
    try:
        t = datetime.fromisoformat(text)
    except ValueError:
        raise SaveError(f"field {key!r} is not an ISO 8601 time: {text[:40]!r}") from None
    if t.tzinfo is None:
        raise SaveError(f"field {key!r} has no time zone: {text[:40]!r}")


def check_seats(raw: list[Any]) -> list[Seat]:
    """The seats of a document's ``seats`` field."""
    out = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict) or set(s) != {"kind", "level", "name"}:
            raise SaveError(f"seat {i} must be an object with kind, level and name")
        for key in ("kind", "level", "name"):
            check_text(f"seat {i}: {key}", s[key])
        if s["kind"] not in SEAT_KINDS:
            raise SaveError(f"seat {i}: unknown kind {s['kind']!r}")
        if s["kind"] == "bot" and not s["level"]:
            raise SaveError(f"seat {i}: a bot seat needs a level")
        out.append(Seat(s["kind"], s["level"], s["name"]))
    return out


def check_names(raw: list[Any], players: int) -> list[str]:
    """The display names of a document's ``names`` field: one short text per seat."""
    if len(raw) != players:
        raise SaveError(f"field 'names' must hold {players} names, not {len(raw)}")
    return [check_text(f"field 'names': name {i + 1}", name) for i, name in enumerate(raw)]


def check_reasons(raw: list[Any], actions: int) -> list[str]:
    """The bots' reasons of a document's ``reasons`` field: one text per action ("" for none)."""
    if len(raw) != actions:
        raise SaveError(f"field 'reasons' must hold one text per action: {actions}, not {len(raw)}")
    what = "field 'reasons': reason"
    return [check_text(f"{what} {i + 1}", r, MAX_REASON) for i, r in enumerate(raw)]


#: A seat number as ``bot_rngs`` keys spell it: ASCII digits only (``str.isdigit`` also takes
#: ``"²"`` and other digits ``int`` refuses), no leading zero, at most three.
_SEAT_KEY = re.compile(r"0|[1-9][0-9]{0,2}")


def check_bot_rngs(raw: dict[str, Any], seats: list[Seat]) -> dict[int, RngState]:
    """The bots' generator states of a document's ``bot_rngs`` field, by seat."""
    out: dict[int, RngState] = {}
    for key, value in raw.items():
        if (
            _SEAT_KEY.fullmatch(key) is None
            or int(key) >= len(seats)
            or seats[int(key)].kind != "bot"
        ):
            raise SaveError(f"bot_rngs: {key[:20]!r} is not a bot's seat")
        ok = (
            isinstance(value, list)
            and len(value) == 3
            and isinstance(value[1], list)
            and all(type(x) is int for x in value[1])
            and (value[2] is None or (type(value[2]) is float and math.isfinite(value[2])))
        )
        state: RngState = ()
        if ok:
            state = (value[0], tuple(value[1]), value[2])
            try:
                random.Random().setstate(state)
            except (ValueError, TypeError, OverflowError):
                ok = False
        if not ok:
            raise SaveError(f"bot_rngs: seat {key}'s generator state is malformed")
        out[int(key)] = state
    return out

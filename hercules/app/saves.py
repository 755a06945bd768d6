"""Save files: versioned JSON, written atomically, validated and replayed on load.

A save holds the rules configuration, the seed and the whole action log, so that
loading *rebuilds* the game by replaying the log through the engine; the state
snapshot stored beside it must come out equal, which catches any edit, damage or
engine change. Nothing here knows the game: it talks to it through the rules
adapter (see :class:`SaveRules`). Files are never pickled and never evaluated.

Current format (version 2)::

    {
      "format": "<game>-save", "version": 2, "app_version": "0.1.0", "game": "<game>",
      "created": "2025-01-31T18:02:11.250Z", "updated": "...",   # ISO 8601, UTC
      "label": "",                         # the name the player gave (may be "")
      "rules": {...}, "seed": 7,           # rules.config_to_json(state), rules.seed_of(state)
      "seats": [{"kind": "human", "level": "", "name": ""}, ...],   # controller.Seat
      "names": ["Red", "Blue bot", ...],   # display names ("" = let the UI choose)
      "meta": {...},                       # rules.summary(state), for listing
      "log": [{...action...}, ...],        # rules.action_to_json, in play order
      "reasons": ["", "aims for ...", ...],  # optional: a bot's reason per action
      "bot_rngs": {"1": [3, [625 ints], null]},  # optional: bots' generator states
      "snapshot": {...}                    # rules.state_to_json(state)
    }

Every problem with a file raises :class:`SaveError` with a one-line reason; no
partly loaded game is ever returned and reading never changes a file.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import random
import re
import shutil
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

from hercules import __version__

from .controller import Controller, Record, Rules, Seat

FORMAT_VERSION = 2  #: the version this build writes
MIN_VERSION = 1  #: the oldest version it can upgrade
MAX_BYTES = 8 * 1024 * 1024  #: larger files are refused before they are read
MAX_LOG = 200_000  #: more actions than any real game; guards the replay time
MAX_TEXT = 100  #: longest display name, label or level
MAX_NAME = 64  #: longest sanitised file name (without ".json")
SUFFIX = ".json"
BACKUP_SUFFIX = ".bak"  #: ``game.json`` keeps its previous version as ``game.json.bak``
AUTOSAVE = "autosave"  #: the autosave slot's file stem
SEAT_KINDS = ("human", "bot", "automaton")
EXAMPLES_PACKAGE = "hercules.examples"

_V2_REQUIRED = (
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
_V2_OPTIONAL = ("label", "reasons", "bot_rngs")


class SaveError(Exception):
    """A save that cannot be read, written or trusted. ``str(err)`` is a one-line reason."""

    def __init__(self, reason: str, path: str | os.PathLike[str] | None = None) -> None:
        reason = " ".join(str(reason).split())  # one line, whatever the engine said
        if len(reason) > 300:
            reason = reason[:297] + "..."
        super().__init__(reason)
        self.reason = reason
        self.path = None if path is None else Path(path)


class SaveRules(Rules, Protocol):
    """What the save module needs from a game's rules adapter (on top of :class:`Rules`)."""

    name: str  #: the game's name; files carry the format ``"<name>-save"``
    #: exceptions the engine raises for bad data (malformed, impossible, illegal)
    error_types: tuple[type[Exception], ...]

    def new_game(self, config_json: Any, seed: int) -> Any:
        """The initial state for a configuration document and a seed."""

    def seed_of(self, state: Any) -> int:
        """The seed a state's game was set up with."""

    def config_to_json(self, state: Any) -> dict[str, Any]:
        """The rules configuration of a state's game."""

    def state_to_json(self, state: Any) -> dict[str, Any]:
        """A state as JSON."""

    def state_from_json(self, doc: Any) -> Any:
        """A validated state from JSON."""

    def action_to_json(self, action: Any) -> dict[str, Any]:
        """An action as JSON."""

    def action_from_json(self, doc: Any) -> Any:
        """A validated action from JSON."""

    def summary(self, state: Any) -> dict[str, Any]:
        """JSON-ready listing metadata; must include ``"players"`` (the seat count)."""


@dataclass(frozen=True)
class LoadedGame:
    """A fully validated game read from a save (or from a document in memory).

    ``history`` are the controller's records rebuilt by the replay (seat, events
    and the bot's reason per action) and ``states`` every state from the set-up
    (``states[0]``) to now (``states[-1] is state``): ready for a log pane, undo
    and replays without replaying again.
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
    bot_rngs: dict[int, tuple] = field(default_factory=dict)
    path: Path | None = None


@dataclass(frozen=True)
class SaveInfo:
    """One entry of :func:`list_saves`: a good save's listing data, or why it is damaged."""

    path: Path
    error: str = ""  #: why the file cannot be loaded ("" when it is good)
    label: str = ""
    created: str = ""
    updated: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    seats: tuple[Seat, ...] = ()
    modified: float = 0.0  #: the file's modification time (seconds since the epoch)

    @property
    def damaged(self) -> bool:
        """True when the file cannot be loaded (``error`` says why)."""
        return bool(self.error)

    @property
    def slot(self) -> str:
        """The file name without ``.json``."""
        return self.path.name[: -len(SUFFIX)] if self.path.name.endswith(SUFFIX) else self.path.name

    @property
    def title(self) -> str:
        """What to call it in a list: the player's label, else the slot name."""
        return self.label or self.slot

    @property
    def is_autosave(self) -> bool:
        """True for the autosave slot."""
        return self.slot == AUTOSAVE

    @property
    def backup(self) -> Path | None:
        """The previous version kept beside the file, if there is one."""
        bak = backup_path(self.path)
        return bak if bak.is_file() else None


# --- names and places ---------------------------------------------------------------------

_RESERVED = {"con", "prn", "aux", "nul", "conin$", "conout$", AUTOSAVE}
_RESERVED |= {f"{dev}{i}" for dev in ("com", "lpt") for i in range(10)}
_RESERVED |= {f"{dev}{d}" for dev in ("com", "lpt") for d in "¹²³"}
_KEEP = set(" -_()',!&+")


def sanitize_name(name: str) -> str:
    """A safe file stem (no suffix) for a save name a player typed.

    Keeps letters and digits of any script and a few harmless marks; every other
    character (path separators, dots, control and format characters) becomes
    ``_``. The result is never empty (``"save"``), never starts or ends with a
    space, dot or ``_``, is at most :data:`MAX_NAME` characters and is never a
    reserved name (Windows device names, the autosave slot: ``"CON"`` becomes
    ``"CON_"``). ``..`` and ``../x`` therefore cannot leave the saves folder.
    """
    if not isinstance(name, str):
        raise TypeError("a save name must be a string")
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c if c.isalnum() or c in _KEEP else " " if c.isspace() else "_" for c in text)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"_{2,}", "_", text)
    text = text.strip(" _-")[:MAX_NAME].strip(" _-")
    if not text:
        return "save"
    if text.casefold() in _RESERVED:
        text += "_"
    return text


def clean_label(label: str) -> str:
    """A display label: printable, single-spaced, at most :data:`MAX_TEXT` characters."""
    text = "".join(
        " " if c.isspace() else c
        for c in str(label)
        if c.isspace() or unicodedata.category(c)[0] != "C"
    )
    return " ".join(text.split())[:MAX_TEXT]


def slot_path(folder: str | os.PathLike[str], name: str) -> Path:
    """The file for a player-named slot in ``folder``: always directly inside it."""
    return Path(folder) / (sanitize_name(name) + SUFFIX)


def autosave_path(folder: str | os.PathLike[str]) -> Path:
    """The autosave slot's file in ``folder``."""
    return Path(folder) / (AUTOSAVE + SUFFIX)


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where the previous version of ``path`` is kept."""
    p = Path(path)
    return p.with_name(p.name + BACKUP_SUFFIX)


def examples_dir() -> Path:
    """The folder of example saves shipped in the package (``hercules.examples``)."""
    return Path(str(resources.files(EXAMPLES_PACKAGE)))


def example_saves() -> list[Path]:
    """The example save files shipped with the game, sorted by name."""
    return sorted(p for p in examples_dir().glob("*" + SUFFIX) if p.is_file())


# --- reading JSON strictly ------------------------------------------------------------------


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice")
        out[key] = value
    return out


def parse_json(data: bytes) -> Any:
    """Strict JSON from bytes: UTF-8 only, no NaN/Infinity, no repeated keys.

    Raises :class:`SaveError` saying what is wrong.
    """
    if not data.strip():
        raise SaveError("the file is empty")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE)):
        raise SaveError("not a save file: the text is UTF-16 or UTF-32, not UTF-8")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]  # an editor's signature; the text is still UTF-8
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        msg = f"not a save file: not UTF-8 text (bad byte at offset {exc.start})"
        raise SaveError(msg) from None
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        if exc.msg.startswith("Unterminated") or exc.pos >= len(text.rstrip()):
            raise SaveError("not a save file: the JSON stops part-way (truncated?)") from None
        raise SaveError(
            f"not a save file: not valid JSON ({exc.msg}, line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise SaveError("not a save file: the JSON is nested too deeply") from None
    except ValueError as exc:  # our hooks, or a number with thousands of digits
        if "integer string conversion" in str(exc):
            raise SaveError("not a save file: a number has thousands of digits") from None
        raise SaveError(f"not a save file: {exc}") from None


def read_json(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> Any:
    """Read and strictly parse a JSON file of at most ``max_bytes`` (checked before reading)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise SaveError("no such file", path) from None
    except OSError as exc:
        raise SaveError(f"cannot read the file ({exc.strerror or exc})", path) from None
    if not stat.S_ISREG(st.st_mode):
        raise SaveError("not a regular file", path)
    if st.st_size > max_bytes:
        raise SaveError(
            f"the file is too large ({_size(st.st_size)}; the limit is {_size(max_bytes)})", path
        )
    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise SaveError(f"cannot read the file ({exc.strerror or exc})", path) from None
    if len(data) > max_bytes:  # it grew after the check
        raise SaveError(f"the file is too large (over {_size(max_bytes)})", path)
    try:
        return parse_json(data)
    except SaveError as exc:
        raise SaveError(exc.reason, path) from None


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MB" if n >= 1024 * 1024 else f"{n} bytes"


# --- writing atomically ---------------------------------------------------------------------


def atomic_write(path: str | os.PathLike[str], data: bytes, *, backup: bool = True) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves either the old or the new file.

    The data goes to a temporary file in the same folder, is flushed and
    fsynced, then ``os.replace`` swaps it in. With ``backup``, the previous file
    is first copied (atomically too) to ``<name>.bak``. Raises ``OSError``.
    """
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    if backup and path.is_file():
        _replace_with(backup_path(path), lambda f: _copy_into(path, f))
    _replace_with(path, lambda f: f.write(data))
    _fsync_dir(folder)


def _copy_into(src: Path, dst: Any) -> None:
    with open(src, "rb") as f:
        shutil.copyfileobj(f, dst)


def _replace_with(path: Path, fill: Callable[[Any], Any]) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file private (0600): keep the replaced file's mode, else rw-r--r--.
        with suppress(OSError):
            mode = stat.S_IMODE(os.stat(path).st_mode) if path.exists() else 0o644
            os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as f:
            fill(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def _fsync_dir(folder: Path) -> None:
    # The rename itself is durable only once the directory entry is on disk (POSIX).
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# --- building a document --------------------------------------------------------------------


def now_iso() -> str:
    """The current time as ISO 8601 UTC with milliseconds, e.g. ``2025-01-31T18:02:11.250Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _jsonable(value: Any) -> Any:
    # Normalise tuples to lists etc., so documents compare equal to what a file gives back.
    return json.loads(json.dumps(value, allow_nan=False))


def game_document(
    controller: Controller,
    names: Sequence[str],
    *,
    label: str = "",
    created: str | None = None,
    updated: str | None = None,
) -> dict[str, Any]:
    """The current-version save document of a controller's game (nothing is written).

    ``controller.rules`` must be a :class:`SaveRules`; the controller's history
    must start at the game's set-up (as it does for a new game or one restored
    with :func:`restore_controller`).
    """
    rules: SaveRules = controller.rules  # type: ignore[assignment]
    state = controller.state
    stamp = updated or now_iso()
    doc: dict[str, Any] = {
        "format": f"{rules.name}-save",
        "version": FORMAT_VERSION,
        "app_version": __version__,
        "game": rules.name,
        "created": created or stamp,
        "updated": stamp,
        "label": clean_label(label),
        "rules": _jsonable(rules.config_to_json(state)),
        "seed": rules.seed_of(state),
        "seats": [{"kind": s.kind, "level": s.level, "name": s.name} for s in controller.seats],
        "names": [str(n) for n in names],
        "meta": _jsonable(rules.summary(state)),
        "log": [rules.action_to_json(r.action) for r in controller.history],
        "snapshot": rules.state_to_json(state),
    }
    reasons = [r.reason for r in controller.history]
    if any(reasons):
        doc["reasons"] = reasons
    rngs = _bot_rng_states(controller)
    if rngs:
        doc["bot_rngs"] = rngs
    return doc


def _bot_rng_states(controller: Controller) -> dict[str, list[Any]]:
    # Saving each bot's own generator lets a restored game's bots make exactly the
    # choices they would have made.
    rngs = controller.bot_generators()
    out = {}
    for seat, rng in sorted(rngs.items()):
        if 0 <= seat < len(controller.seats) and controller.seats[seat].kind == "bot":
            version, internal, gauss = rng.getstate()
            out[str(seat)] = [version, list(internal), gauss]
    return out


def dumps(document: dict[str, Any]) -> str:
    """A save document as text: one top-level field per line, one log entry per line.

    Compact enough to stay small, and still readable and diff-friendly.
    """

    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)

    lines = []
    for key, value in document.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            inner = ",\n".join("  " + one(v) for v in value)
            lines.append(f" {one(key)}: [\n{inner}\n ]")
        else:
            lines.append(f" {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def write_save(
    path: str | os.PathLike[str], document: dict[str, Any], *, backup: bool = True
) -> None:
    """Write a save document atomically, keeping the previous file as ``<name>.bak``.

    Raises :class:`SaveError` if the document is not JSON-ready or the write fails;
    the file that was there is then unchanged.
    """
    try:
        data = dumps(document).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the game cannot be written as JSON ({exc})", path) from None
    if len(data) > MAX_BYTES:
        raise SaveError(f"the save would be too large ({_size(len(data))})", path)
    try:
        atomic_write(path, data, backup=backup)
    except OSError as exc:
        raise SaveError(f"cannot write the save ({exc.strerror or exc})", path) from None


def save_game(
    path: str | os.PathLike[str],
    controller: Controller,
    names: Sequence[str],
    *,
    label: str = "",
    created: str | None = None,
    verify: bool = True,
) -> dict[str, Any]:
    """Save a controller's game to ``path`` (see :func:`write_save`); returns the document.

    ``names`` are the seats' display names, ``label`` the name the player gave
    the save, ``created`` the time the game was first saved (pass
    ``LoadedGame.created`` when saving a loaded game again; default: now).
    With ``verify`` the document is first loaded back in memory, so that a file
    that would not load is never written (:class:`SaveError` instead).
    """
    doc = game_document(controller, names, label=label, created=created)
    if verify:
        read_document(doc, controller.rules, path)  # type: ignore[arg-type]
    write_save(path, doc)
    return doc


# --- older versions -------------------------------------------------------------------------


def upgrade_v1_to_v2(doc: dict[str, Any], rules: SaveRules) -> dict[str, Any]:
    """Turn a version-1 save into version 2 (a new dict; the input is not changed).

    Version 1 (app 0.0.x) had ``config`` / ``actions`` / ``state`` for the
    rules, log and snapshot, one ``saved`` time, seats as strings (``"human"``,
    ``"bot:<level>"``, ``"automaton:<name>"``), and no game name, display names,
    label or listing metadata. Display names become ``""`` (the UI's default
    names) and the metadata is computed from the snapshot.
    """
    need = ("format", "version", "app_version", "saved", "config", "seed", "seats")
    need += ("actions", "state")
    for key in need:
        if key not in doc:
            raise SaveError(f"version-1 save: missing field {key!r}")
    extra = set(doc) - set(need)
    if extra:
        raise SaveError(f"version-1 save: unknown field(s) {', '.join(sorted(extra))}")
    seats = doc["seats"]
    if not isinstance(seats, list):
        raise SaveError("version-1 save: field 'seats' must be a list")
    new_seats = []
    for i, s in enumerate(seats):
        if not isinstance(s, str):
            raise SaveError(f"version-1 save: seat {i} must be a string")
        kind, _, rest = s.partition(":")
        if kind == "human" and not rest:
            new_seats.append({"kind": "human", "level": "", "name": ""})
        elif kind == "bot" and rest:
            new_seats.append({"kind": "bot", "level": rest, "name": ""})
        elif kind == "automaton" and rest:
            new_seats.append({"kind": "automaton", "level": "", "name": rest})
        else:
            raise SaveError(f"version-1 save: seat {i} is {s[:40]!r}, not a known kind")
    state = _rules_call(rules, "the snapshot", rules.state_from_json, doc["state"])
    return {
        "format": doc["format"],
        "version": 2,
        "app_version": doc["app_version"],
        "game": rules.name,
        "created": doc["saved"],
        "updated": doc["saved"],
        "label": "",
        "rules": doc["config"],
        "seed": doc["seed"],
        "seats": new_seats,
        "names": [""] * len(new_seats),
        "meta": _jsonable(rules.summary(state)),
        "log": doc["actions"],
        "snapshot": doc["state"],
    }


#: ``UPGRADES[v]`` turns a version-``v`` document into version ``v + 1``.
UPGRADES: dict[int, Callable[[dict[str, Any], SaveRules], dict[str, Any]]] = {
    1: upgrade_v1_to_v2,
}


def upgrade(doc: dict[str, Any], rules: SaveRules) -> dict[str, Any]:
    """Bring a save document of any supported version to :data:`FORMAT_VERSION`, step by step."""
    version = _version(doc)
    while version < FORMAT_VERSION:
        try:
            doc = UPGRADES[version](doc, rules)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"cannot upgrade a version-{version} save ({exc})") from None
        version += 1
    return doc


def _version(doc: dict[str, Any]) -> int:
    version = doc.get("version")
    if type(version) is not int:
        raise SaveError("field 'version' must be a whole number")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"made by a newer version of the game: save format {version} "
            f"(this version reads {MIN_VERSION} to {FORMAT_VERSION}); update the game to open it"
        )
    if version < MIN_VERSION:
        raise SaveError(f"unknown save format version {version}")
    return version


# --- loading --------------------------------------------------------------------------------


def load_save(
    path: str | os.PathLike[str], rules: SaveRules, *, max_bytes: int = MAX_BYTES
) -> LoadedGame:
    """Read, validate, upgrade and replay a save file.

    Refuses files over ``max_bytes`` before reading them; any problem raises
    :class:`SaveError` with a one-line reason. The file is only read.
    """
    return read_document(read_json(path, max_bytes), rules, path)


def read_document(
    doc: Any, rules: SaveRules, path: str | os.PathLike[str] | None = None
) -> LoadedGame:
    """Validate a parsed save document of any supported version and rebuild its game.

    Checks format, version and every field's type; upgrades older versions;
    replays the log from the seed through the engine and checks that it gives
    the snapshot and the listing metadata. Raises :class:`SaveError`.
    """
    try:
        return _read_document(doc, rules, path)
    except SaveError as exc:
        raise SaveError(exc.reason, path) from None
    except RecursionError:
        raise SaveError("a field is nested too deeply", path) from None


def _read_document(doc: Any, rules: SaveRules, path: str | os.PathLike[str] | None) -> LoadedGame:
    if not isinstance(doc, dict):
        raise SaveError("not a save file: the JSON is not an object", path)
    fmt = doc.get("format")
    expected = f"{rules.name}-save"
    if fmt != expected:
        if isinstance(fmt, str) and fmt.endswith("-save"):
            raise SaveError(f"a save of another game ({fmt[:40]!r}), not {rules.name}", path)
        raise SaveError(f"not a {rules.name} save file (no '{expected}' format)", path)
    file_version = _version(doc)
    doc = upgrade(doc, rules)
    _check_fields(doc)
    if doc["game"] != rules.name:
        raise SaveError(f"a save of another game ({doc['game'][:40]!r})")

    config = doc["rules"]
    seed = doc["seed"]
    state = _rules_call(rules, "the rules configuration", rules.new_game, config, seed)
    snapshot = _rules_call(rules, "the snapshot", rules.state_from_json, doc["snapshot"])
    if _jsonable(rules.config_to_json(snapshot)) != config:
        raise SaveError("the snapshot is of other rules than the save says")
    seats = _seats(doc["seats"])
    n = _rules_call(rules, "the snapshot", rules.summary, snapshot).get("players")
    if len(seats) != n:
        raise SaveError(f"{len(seats)} seats for a {n}-player game")
    names = doc["names"]
    if len(names) != n or not all(isinstance(x, str) and len(x) <= MAX_TEXT for x in names):
        raise SaveError(f"field 'names' must hold {n} names of at most {MAX_TEXT} characters")
    log = doc["log"]
    reasons = doc.get("reasons", [""] * len(log))
    if len(reasons) != len(log) or not all(isinstance(r, str) for r in reasons):
        raise SaveError("field 'reasons' must hold one string per action")
    bot_rngs = _bot_rngs(doc.get("bot_rngs", {}), seats)

    actions: list[Any] = []
    history: list[Record] = []
    states = [state]
    total = len(log)
    for i, item in enumerate(log):
        try:
            action = rules.action_from_json(item)
            seat = rules.actor(state)
            state, events = rules.apply(state, action)
        except (*rules.error_types, *_DATA_ERRORS) as exc:
            raise SaveError(
                f"the log does not replay from seed {seed}: action {i + 1} of {total} "
                f"({_short(item, 80)}) is refused ({exc})"
            ) from None
        actions.append(action)
        history.append(Record(action, seat, events, reasons[i]))
        states.append(state)
    if state != snapshot:
        raise SaveError(
            f"the log replays from seed {seed} to a different state than the snapshot "
            f"({_first_difference(rules.state_to_json(state), doc['snapshot'])})"
        )
    meta = _jsonable(rules.summary(state))
    if doc["meta"] != meta:
        key = next((k for k in meta if doc["meta"].get(k) != meta[k]), None)
        detail = f"{key}: {_short(doc['meta'].get(key))} but the game says {_short(meta[key])}"
        detail = detail if key else ""
        raise SaveError(f"the listing metadata disagrees with the game ({detail or 'extra keys'})")
    return LoadedGame(
        state=state,
        config=config,
        seed=seed,
        seats=tuple(seats),
        names=tuple(names),
        actions=tuple(actions),
        history=tuple(history),
        states=tuple(states),
        meta=meta,
        label=doc.get("label", ""),
        created=doc["created"],
        updated=doc["updated"],
        app_version=doc["app_version"],
        file_version=file_version,
        bot_rngs=bot_rngs,
        path=None if path is None else Path(path),
    )


#: What an engine may raise on data it did not expect, besides its own error types.
_DATA_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError)


def _rules_call(rules: SaveRules, what: str, fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except (*rules.error_types, *_DATA_ERRORS) as exc:
        raise SaveError(f"{what} is invalid: {exc}") from None


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
}


def _check_fields(doc: dict[str, Any]) -> None:
    for key in _V2_REQUIRED:
        if key not in doc:
            raise SaveError(f"missing field {key!r}")
    extra = set(doc) - set(_V2_REQUIRED) - set(_V2_OPTIONAL)
    if extra:
        raise SaveError(f"unknown field(s) {', '.join(sorted(repr(k)[:40] for k in extra))}")
    for key, (typ, what) in _TYPES.items():
        if key in doc:
            v = doc[key]
            if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
                raise SaveError(f"field {key!r} must be {what}, not {_json_type(v)}")
    for key in ("app_version", "label"):
        if len(doc.get(key, "")) > MAX_TEXT:
            raise SaveError(f"field {key!r} is longer than {MAX_TEXT} characters")
    for key in ("created", "updated"):
        _check_time(key, doc[key])
    if len(doc["log"]) > MAX_LOG:
        raise SaveError(f"the log has more than {MAX_LOG} actions")


def _json_type(v: Any) -> str:
    if isinstance(v, bool):
        return "true/false"
    return {dict: "an object", list: "a list", str: "text", int: "a whole number"}.get(
        type(v), "a number" if isinstance(v, float) else "null"
    )


def _check_time(key: str, text: str) -> None:
    try:
        t = datetime.fromisoformat(text)
    except ValueError:
        raise SaveError(f"field {key!r} is not an ISO 8601 time: {text[:40]!r}") from None
    if t.tzinfo is None:
        raise SaveError(f"field {key!r} has no time zone: {text[:40]!r}")


def _seats(raw: list[Any]) -> list[Seat]:
    out = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict) or set(s) != {"kind", "level", "name"}:
            raise SaveError(f"seat {i} must be an object with kind, level and name")
        if not all(isinstance(v, str) and len(v) <= MAX_TEXT for v in s.values()):
            raise SaveError(f"seat {i}: kind, level and name must be short text")
        if s["kind"] not in SEAT_KINDS:
            raise SaveError(f"seat {i}: unknown kind {s['kind']!r}")
        if s["kind"] == "bot" and not s["level"]:
            raise SaveError(f"seat {i}: a bot seat needs a level")
        out.append(Seat(s["kind"], s["level"], s["name"]))
    return out


def _bot_rngs(raw: dict[str, Any], seats: list[Seat]) -> dict[int, tuple]:
    out = {}
    for key, value in raw.items():
        if not key.isdigit() or int(key) >= len(seats) or seats[int(key)].kind != "bot":
            raise SaveError(f"bot_rngs: {key[:20]!r} is not a bot's seat")
        ok = (
            isinstance(value, list)
            and len(value) == 3
            and isinstance(value[1], list)
            and all(type(x) is int for x in value[1])
            and (value[2] is None or (type(value[2]) is float and math.isfinite(value[2])))
        )
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


def _first_difference(a: Any, b: Any, where: str = "") -> str:
    """The first place two JSON values differ, e.g. ``players[2].supply: 3 vs 4``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{where}.{k}" if where else str(k))
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return f"{where or 'the document'}: {_short(a, 40)} replayed, {_short(b, 40)} saved"


def _short(value: Any, limit: int = 60) -> str:
    """A value from a file, shortened for a message (whatever the file holds)."""
    try:
        return json.dumps(value, ensure_ascii=False)[:limit]
    except (RecursionError, ValueError, TypeError):
        return "(unprintable)"


# --- resuming -------------------------------------------------------------------------------


def restore_controller(
    loaded: LoadedGame, rules: SaveRules, make_bot: Callable[[str], Any]
) -> Controller:
    """A controller that resumes a loaded game exactly: same state, seats, bots and history.

    ``make_bot(level)`` builds each bot seat's bot; the bots' generators are set
    to the saved states when the save has them (else seeded from the game's
    seed, as a new game's are). Raises :class:`SaveError` for an unknown bot level.
    """
    bots = {}
    for i, seat in enumerate(loaded.seats):
        if seat.kind == "bot":
            try:
                bots[i] = make_bot(seat.level)
            except (ValueError, KeyError) as exc:
                raise SaveError(f"seat {i}: {exc}", loaded.path) from None
    seats = [Seat(s.kind, s.level, s.name) for s in loaded.seats]
    ctl = Controller(rules, loaded.state, seats, bots, bot_seed=loaded.seed)
    ctl.restore(loaded.history, loaded.states[: len(loaded.history)])
    rngs = ctl.bot_generators()
    for seat, st in loaded.bot_rngs.items():
        if seat in rngs:
            rngs[seat].setstate(st)
    return ctl


# --- the saves folder -----------------------------------------------------------------------


def _candidates(folder: Path) -> list[Path]:
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    # Temporary files of an interrupted write start with a dot and are never listed.
    return [
        p for p in entries if p.name.endswith(SUFFIX) and not p.name.startswith(".") and p.is_file()
    ]


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0


def _order(info: SaveInfo) -> tuple[float, str]:
    when = info.modified
    if info.updated:
        with suppress(ValueError):
            when = datetime.fromisoformat(info.updated).timestamp()
    return (-when, info.path.name)


def save_info(path: str | os.PathLike[str], rules: SaveRules) -> SaveInfo:
    """The listing entry of one file: fully loaded and checked, or damaged with the reason."""
    path = Path(path)
    modified = _mtime(path)
    try:
        g = load_save(path, rules)
    except SaveError as exc:
        return SaveInfo(path, error=exc.reason or "damaged", modified=modified)
    except Exception as exc:  # noqa: BLE001 - a list must show every file, whatever went wrong
        reason = SaveError(f"cannot be read ({type(exc).__name__}: {exc})").reason
        return SaveInfo(path, error=reason, modified=modified)
    return SaveInfo(
        path,
        label=g.label,
        created=g.created,
        updated=g.updated,
        meta=g.meta,
        names=g.names,
        seats=g.seats,
        modified=modified,
    )


def list_saves(folder: str | os.PathLike[str], rules: SaveRules) -> list[SaveInfo]:
    """Every ``*.json`` save in ``folder``, newest first (by its ``updated`` time).

    Each file is fully validated (replayed), so an entry that is not
    ``damaged`` will load; damaged files are listed with the reason and are
    never changed. Backups and temporary files are not listed. A missing
    folder lists nothing.
    """
    infos = [save_info(p, rules) for p in _candidates(Path(folder))]
    return sorted(infos, key=_order)


def latest_save(
    folder: str | os.PathLike[str], rules: SaveRules, *, include_finished: bool = False
) -> Path | None:
    """The newest save in ``folder`` that loads (for Continue), or None.

    Finished games are skipped unless ``include_finished`` (their ``meta`` must
    say ``"finished": true`` for that).
    """
    for info in list_saves(folder, rules):
        if info.damaged:
            continue
        if info.meta.get("finished") and not include_finished:
            continue
        return info.path
    return None


def delete_save(path: str | os.PathLike[str], *, backup: bool = True) -> None:
    """Delete a save file (and, with ``backup``, its ``.bak``). Raises :class:`SaveError`.

    Only ``*.json`` files are deleted, so that a mistaken path cannot remove
    anything else.
    """
    path = Path(path)
    if not path.name.endswith(SUFFIX) or path.is_dir():
        raise SaveError("only save files (*.json) can be deleted", path)
    if path.resolve().parent == examples_dir().resolve():
        raise SaveError("the example saves cannot be deleted", path)
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError("no such file", path) from None
    except OSError as exc:
        raise SaveError(f"cannot delete the save ({exc.strerror or exc})", path) from None
    if backup:
        with suppress(OSError):
            backup_path(path).unlink()

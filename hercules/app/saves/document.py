"""The save document: versioned JSON, built from a controller, validated and replayed on load.

A save holds the rules configuration, the seed and the whole action log, so that
loading *rebuilds* the game by replaying the log through the engine; the state
snapshot stored beside it must come out equal, which catches any edit, damage or
engine change. Nothing here knows the game: it talks to it through the rules
adapter (see :class:`~hercules.app.contract.GameRules`), found by the document's game id (see
:func:`rules_for`). Files are never pickled and never evaluated.

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
      "snapshot": {...},                   # rules.state_to_json(state)
      "integrity": "sha256:<hex>"          # optional: see below
    }

``integrity`` is the SHA-256 of every other field as canonical JSON (sorted keys,
no spaces, UTF-8; see :func:`~.schema.content_digest`). The game writes it in
every save; a file whose content no longer gives it was changed outside the
game (a flipped bit, an edit) and is refused with :data:`~.schema.EDITED_REASON`
even when it replays, since the replay cannot see labels, names, reasons, times
or the bots' generators. ``trust_edits=True`` opens such a file anyway when it
replays exactly (``LoadedGame.edited`` is then true). Files without the field
(older saves) are read as before.

Every problem with a file raises :class:`SaveError` with a one-line reason; no
partly loaded game is ever returned and reading never changes a file.
"""

from __future__ import annotations

import json
import logging
import os
import re
import unicodedata
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hercules import __version__

from .. import storage
from ..controller import Controller, Record, Seat
from ..registry import DEFAULT_GAME, RegistryError, UnknownGameError, get_game
from ..registry import rules_for as rules_for_game
from . import known
from .games import RulesSource, rules_for
from .games import rules_resolver as rules_resolver
from .schema import (
    DATA_ERRORS,
    EDITED_REASON,
    FORMAT_VERSION,
    INTEGRITY,
    MAX_BYTES,
    MAX_REASON,
    EditedSaveError,
    LoadedGame,
    SaveError,
    check_bot_rngs,
    check_fields,
    check_names,
    check_reasons,
    check_seats,
    check_version,
    clean_text,
    content_digest,
    first_difference,
    integrity_fails,
    jsonable,
    read_json,
    rules_call,
    short,
)
from .schema import parse_json as parse_json
from .upgrade import UPGRADES as UPGRADES
from .upgrade import upgrade
from .upgrade import upgrade_v1_to_v2 as upgrade_v1_to_v2

log = logging.getLogger(__name__)

MAX_NAME = 120  #: longest sanitised file stem, in bytes of the file system's encoding
SUFFIX = ".json"
AUTOSAVE = "autosave"  #: the old single autosave slot's file stem (still read, then migrated)
#: Each game's own autosave stem: ``autosave-`` and the digits of the game's created stamp
#: (``autosave-20250131-180211-250``); a player's name never takes this shape.
AUTOSAVE_STEM = re.compile(r"autosave-\d{8}-\d{6}-\d{3}", re.IGNORECASE)


# --- text cleaning --------------------------------------------------------------------------

_RESERVED = {"con", "prn", "aux", "nul", "conin$", "conout$", AUTOSAVE}
_RESERVED |= {f"{dev}{i}" for dev in ("com", "lpt") for i in range(10)}
_RESERVED |= {f"{dev}{d}" for dev in ("com", "lpt") for d in "¹²³"}
_KEEP = set(" -_()',!&+")


def _fs_bytes(c: str) -> int:
    # The bytes a character takes in a file name; 0 if the file system cannot spell it.
    try:
        return len(os.fsencode(c))
    except UnicodeError:
        return 0


def _keep(c: str) -> str:
    if c.isspace():
        return " "
    if (c.isalnum() or c in _KEEP or unicodedata.category(c) == "So") and _fs_bytes(c):
        return c
    return "_"


def _stem(name: str) -> str:
    # The cleaned stem, "" when nothing usable is left (sanitize_name then says "save").
    if not isinstance(name, str):
        raise TypeError("a save name must be a string")
    text = unicodedata.normalize("NFKC", name)
    text = "".join(_keep(c) for c in text)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"_{2,}", "_", text)
    text = text.strip(" _-")
    size, end = 0, 0
    for end, c in enumerate(text):  # noqa: B007 - the index where the limit is reached
        size += _fs_bytes(c)
        if size > MAX_NAME:
            break
    else:
        end = len(text)
    return text[:end].strip(" _-")


def sanitize_name(name: str) -> str:
    """A safe file stem (no suffix) for a save name a player typed.

    Keeps letters and digits of any script, symbols such as emoji and a few
    harmless marks; every other character (path separators, dots, control and
    format characters, anything the file system's encoding cannot spell)
    becomes ``_``. The result is never empty (``"save"``, see
    :func:`usable_name`), never starts or ends with a space, dot or ``_``, is at
    most :data:`MAX_NAME` bytes once encoded for the file system
    (``os.fsencode``; whole characters only) and is never a reserved name
    (Windows device names, the autosave slots: ``"CON"`` becomes ``"CON_"``).
    ``..`` and ``../x`` therefore cannot leave the saves folder.

    Different names may give the same stem, or stems that differ only by case
    (one file on Windows and macOS): :func:`~.library.slot_taken` finds the
    slot a name would overwrite, so that the player can be asked first.
    """
    text = _stem(name)
    if not text:
        return "save"
    if text.casefold() in _RESERVED or AUTOSAVE_STEM.fullmatch(text):
        text += "_"
    return text


def usable_name(name: str) -> bool:
    """True when a typed name gives a file name of its own.

    False when nothing of it is left once made safe (``""``, ``" "``, ``".."``,
    ``"///"``): :func:`sanitize_name` would fall back to ``"save"``, which is
    another name than the player's; ask for another name instead.
    """
    return bool(_stem(name))


def clean_label(label: str) -> str:
    """A display label: printable, single-spaced, at most :data:`MAX_TEXT` characters.

    Stricter than :func:`~.schema.clean_text` (every format character goes too), so a
    cleaned label always passes :func:`~.schema.check_text`.
    """
    text = "".join(
        " " if c.isspace() else c
        for c in str(label)
        if c.isspace() or unicodedata.category(c)[0] != "C"
    )
    return clean_text(" ".join(text.split()))


# --- building and writing a document --------------------------------------------------------


def now_iso() -> str:
    """The current time as ISO 8601 UTC with milliseconds, e.g. ``2025-01-31T18:02:11.250Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def game_document(
    controller: Controller,
    names: Sequence[str],
    *,
    label: str = "",
    created: str | None = None,
    updated: str | None = None,
) -> dict[str, Any]:
    """The current-version save document of a controller's game (nothing is written).

    The controller's history must start at the game's set-up (as it does for a new game or
    one restored with :func:`restore_controller`).
    """
    rules = controller.rules
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
        "rules": jsonable(rules.config_to_json(state)),
        "seed": rules.seed_of(state),
        # Text goes through the loader's own rule (clean_text), so that no name a player typed
        # or reason a bot gave makes a save that its own loader, or the next autosave, refuses.
        "seats": [
            {"kind": clean_text(s.kind), "level": clean_text(s.level), "name": clean_text(s.name)}
            for s in controller.seats
        ],
        "names": [clean_text(n) for n in names],
        "meta": jsonable(rules.summary(state)),
        "log": [rules.action_to_json(r.action) for r in controller.history],
        "snapshot": rules.state_to_json(state),
    }
    reasons = [clean_text(r.reason, MAX_REASON) for r in controller.history]
    if any(reasons):
        doc["reasons"] = reasons
    rngs = _bot_rng_states(controller)
    if rngs:
        doc["bot_rngs"] = rngs
    try:
        doc[INTEGRITY] = content_digest(doc)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the game cannot be written as JSON ({exc})") from None
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
    try:
        storage.check_size(data, MAX_BYTES, "the save")
    except storage.StorageError as exc:
        raise SaveError(exc.reason, path) from None
    known.forget(path)  # before and after: a lister never keeps what this write replaces
    try:
        storage.atomic_write(path, data, backup=backup)
    except OSError as exc:
        raise SaveError(f"cannot write the save ({exc.strerror or exc})", path) from None
    finally:
        known.forget(path)


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
        read_document(doc, controller.rules, path)
    write_save(path, doc)
    return doc


# --- loading --------------------------------------------------------------------------------


def load_save(
    path: str | os.PathLike[str],
    rules: RulesSource,
    *,
    max_bytes: int = MAX_BYTES,
    trust_edits: bool = False,
) -> LoadedGame:
    """Read, validate, upgrade and replay a save file.

    ``rules`` is one game's rules or a resolver from a game id to its rules
    (see :func:`rules_for`). Refuses files over ``max_bytes`` before reading
    them; any problem raises :class:`SaveError` with a one-line reason. The
    file is only read. ``trust_edits`` as for :func:`read_document`.
    """
    return read_document(read_json(path, max_bytes), rules, path, trust_edits=trust_edits)


def read_document(
    doc: Any,
    rules: RulesSource,
    path: str | os.PathLike[str] | None = None,
    *,
    trust_edits: bool = False,
) -> LoadedGame:
    """Validate a parsed save document of any supported version and rebuild its game.

    Finds the game's rules by the document's ``"game"`` id (``"hercules"`` when
    it has none) from ``rules``, one game's rules or a resolver; checks format,
    version and every field's type; upgrades older versions; replays the log
    from the seed through the engine and checks that it gives the snapshot and
    the listing metadata. Raises :class:`SaveError`.

    A document whose ``integrity`` field its content does not give is refused
    last, once it has passed every other check, with :class:`EditedSaveError`
    (:data:`~.schema.EDITED_REASON`): so a file refused for that reason would
    open with ``trust_edits=True``, which accepts it (``LoadedGame.edited``).
    """
    try:
        return _read_document(doc, rules, path, trust_edits)
    except SaveError as exc:
        raise type(exc)(exc.reason, path, kind=exc.kind) from None
    except RecursionError:
        raise SaveError("a field is nested too deeply", path, kind="unreadable") from None


def _read_document(
    doc: Any, source: RulesSource, path: str | os.PathLike[str] | None, trust_edits: bool
) -> LoadedGame:
    if not isinstance(doc, dict):
        raise SaveError("not a save file: the JSON is not an object", path, kind="unreadable")
    rules = rules_for(source, doc.get("game", DEFAULT_GAME))
    fmt = doc.get("format")
    expected = f"{rules.name}-save"
    if fmt != expected:
        if isinstance(fmt, str) and fmt.endswith("-save"):
            raise SaveError(
                f"a save of another game ({fmt[:40]!r}), not {rules.name}", path, kind="other_game"
            )
        # No "<game>-save" format at all: some other JSON file, not a saved game.
        raise SaveError(
            f"not a {rules.name} save file (no '{expected}' format)", path, kind="unreadable"
        )
    file_version = check_version(doc)
    edited = integrity_fails(doc)  # decided on the file's own fields, before any upgrade
    doc = upgrade(doc, rules)
    check_fields(doc)
    if doc["game"] != rules.name:
        raise SaveError(f"a save of another game ({doc['game'][:40]!r})", kind="other_game")

    config = doc["rules"]
    seed = doc["seed"]
    state = rules_call(rules, "the rules configuration", rules.new_game, config, seed)
    # The game's own state document has a version of its own: an older one moves forward
    # step by step (or is refused naming its version). When a rules fix came since it was
    # written, the log replayed under today's rules is the game, not the old snapshot.
    upgraded = rules_call(rules, "the snapshot", rules.upgrade_state, doc["snapshot"])
    snapshot_doc = upgraded.doc
    rules_changed = tuple(upgraded.rules_changed)
    snapshot = rules_call(rules, "the snapshot", rules.state_from_json, snapshot_doc)
    if jsonable(rules.config_to_json(snapshot)) != config:
        raise SaveError("the snapshot is of other rules than the save says")
    # Engines may pass over keys they do not know; a file holding anything the game would not
    # write (an extra key in a nested object, 1.0 for 1) is refused, not silently dropped.
    written = jsonable(rules_call(rules, "the snapshot", rules.state_to_json, snapshot))
    if written != snapshot_doc:
        where = first_difference(written, snapshot_doc, words=("written", "saved"))
        raise SaveError(f"the snapshot holds what the game does not write ({where})")
    seats = check_seats(doc["seats"])
    n = rules_call(rules, "the snapshot", rules.summary, snapshot).get("players")
    if len(seats) != n:
        raise SaveError(f"{len(seats)} seats for a {n}-player game")
    names = check_names(doc["names"], n)
    log = doc["log"]
    reasons = check_reasons(doc.get("reasons", [""] * len(log)), len(log))
    bot_rngs = check_bot_rngs(doc.get("bot_rngs", {}), seats)

    actions: list[Any] = []
    history: list[Record] = []
    states = [state]
    total = len(log)
    refusals: tuple[type[Exception], ...] = (*rules.error_types, *DATA_ERRORS)
    for i, item in enumerate(log):
        try:
            action = rules.action_from_json(item)
            if jsonable(rules.action_to_json(action)) != item:  # e.g. 1.0 for 1, an extra key
                raise ValueError("it is not written as the game writes it")
            seat = rules.actor(state)
            state, events = rules.apply(state, action)
        except refusals as exc:
            since = f", under rules changed since it was saved ({'; '.join(rules_changed)})"
            raise SaveError(
                f"the log does not replay from seed {seed}: action {i + 1} of {total} "
                f"({short(item, 80)}) is refused ({exc}){since if rules_changed else ''}"
            ) from None
        actions.append(action)
        history.append(Record(action, seat, events, reasons[i]))
        states.append(state)
    meta = jsonable(rules.summary(state))
    # Saved before a rules fix: the replay under today's rules is the game now; the old
    # snapshot and metadata were right for the rules of their day and are not compared
    # (the seal still guards the file: it covers the document as it was written).
    if not rules_changed and state != snapshot:
        raise SaveError(
            f"the log replays from seed {seed} to a different state than the snapshot "
            f"({first_difference(rules.state_to_json(state), snapshot_doc)})"
        )
    if not rules_changed and doc["meta"] != meta:
        key = next((k for k in meta if doc["meta"].get(k) != meta[k]), None)
        detail = ""  # no key differs: the file's metadata has keys the game's has not
        if key is not None:
            detail = f"{key}: {short(doc['meta'].get(key))} but the game says {short(meta[key])}"
        raise SaveError(f"the listing metadata disagrees with the game ({detail or 'extra keys'})")
    if edited and not trust_edits:
        raise EditedSaveError(EDITED_REASON)
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
        game=doc["game"],
        rules=rules,
        edited=edited,
        state_version=upgraded.version,
        rules_changed=rules_changed,
    )


# --- sealing an older save ------------------------------------------------------------------


def seal(path: str | os.PathLike[str], rules: RulesSource) -> bool:
    """Give a save written without an integrity seal (by an older version) its seal, in
    today's format, once it has been opened; True if it was sealed.

    Until then a change made to such a file outside the game (a name, a label, a reason)
    loads without a word; from then on it is refused as any edited save is. The file is
    rewritten only when the sealed document loads to exactly the same game (the previous
    file stays beside it as ``<name>.bak``); anything else (a sealed file, one that does
    not load, a folder that cannot be written) leaves it as it was. Never raises.
    """
    path = Path(path)
    try:
        doc = read_json(path, MAX_BYTES)
        if not isinstance(doc, dict) or INTEGRITY in doc:
            return False
        before = read_document(doc, rules, path)
        sealed = upgrade(doc, rules_for(rules, doc.get("game", DEFAULT_GAME)))
        sealed = {k: v for k, v in sealed.items() if k != INTEGRITY}
        sealed[INTEGRITY] = content_digest(sealed)
        after = read_document(sealed, rules, path)
        same = (after.state, after.actions, after.seats, after.names, after.label) == (
            before.state,
            before.actions,
            before.seats,
            before.names,
            before.label,
        )
        if not same or after.edited:
            return False
        write_save(path, sealed)
    except (SaveError, OSError, ValueError, TypeError) as exc:
        log.warning("%s: not sealed: %s", path, exc)
        return False
    return True


# --- resuming -------------------------------------------------------------------------------


def check_openable(loaded: LoadedGame, make_bot: Callable[[str], Any] | None = None) -> None:
    """Raise :class:`SaveError` unless the loaded game opens: "good" means "will open".

    Runs exactly what opening runs (:func:`restore_controller`: the game's rules, a
    bot for every bot seat) and closes the controller again. ``make_bot`` is the
    game's bot maker; by default the registered game's (:attr:`GameSpec.make_bot`,
    found by ``loaded.game``). The command line's ``--check-save``, the load list
    and Continue all call this after :func:`load_save`, so none of them calls a
    file good that would then fail to open (a bot level this box does not have).
    """
    if make_bot is None:
        try:
            make_bot = get_game(loaded.game).make_bot
        except UnknownGameError:
            raise SaveError(
                f"this save is for a game this box does not have: {loaded.game[:40]!r}",
                loaded.path,
            ) from None
    rules = loaded.rules if loaded.rules is not None else rules_for_game
    restore_controller(loaded, rules, make_bot).close()


def restore_controller(
    loaded: LoadedGame, rules: RulesSource, make_bot: Callable[[str], Any]
) -> Controller:
    """A controller that resumes a loaded game exactly: same state, seats, bots and history.

    ``rules`` is the game's rules or a resolver (see :func:`rules_for`; the
    loaded game's ``game`` id picks them). ``make_bot(level)`` builds each bot
    seat's bot; the bots' generators are set to the saved states when the save
    has them (else seeded from the game's seed, as a new game's are). Raises
    :class:`SaveError` for an unknown bot level or game.
    """
    try:
        game_rules = rules_for(rules, loaded.game)
    except SaveError as exc:
        raise SaveError(exc.reason, loaded.path, kind=exc.kind) from None
    try:
        automata = get_game(loaded.game).automata
    except RegistryError:  # rules given for a game the box has not registered
        automata = ()
    bots = {}
    for i, seat in enumerate(loaded.seats):
        if seat.kind == "automaton" and seat.name not in automata:
            # A seat that would play by itself must be one the game has (a forged
            # "automaton" seat would otherwise take the first legal action for a player).
            raise SaveError(f"seat {i}: this game has no automaton {seat.name[:40]!r}", loaded.path)
        if seat.kind == "bot":
            try:
                bots[i] = make_bot(seat.level)
            except (ValueError, KeyError) as exc:
                raise SaveError(f"seat {i}: {exc}", loaded.path) from None
    seats = [Seat(s.kind, s.level, s.name) for s in loaded.seats]
    ctl = Controller(game_rules, loaded.state, seats, bots, bot_seed=loaded.seed)
    ctl.restore(loaded.history, loaded.states[: len(loaded.history)])
    rngs = ctl.bot_generators()
    for index, rng_state in loaded.bot_rngs.items():
        if index in rngs:
            rngs[index].setstate(rng_state)
    return ctl

"""The slot library: save files in a folder, listed, found, deleted; the shipped example saves.

:func:`list_saves` and :func:`save_info` fully load (replay) every file first, so an entry
that is not ``damaged`` will load; damaged files are listed with the reason and never
changed. What a check found is kept while the file is unchanged (:mod:`.known`), so listing
a folder again costs a ``stat`` per file.

The screens list a folder from what each save says of itself instead (:mod:`.header`: a few
kilobytes of it, no replay, no game engine imported): :class:`Listing` for the load screen,
whose entries are marked unchecked (:attr:`SaveInfo.verified` false) until the one chosen is
checked fully (:meth:`Listing.verify`), and :func:`has_continue` / :func:`latest_game` for the
title's Continue, which replays the one save it opens. A file whose header does not look like
a save the game wrote is checked fully at once, so it is listed with the reason it is refused.
"""

from __future__ import annotations

import json
import logging
import os
import re
import unicodedata
from collections.abc import Container
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

from .. import storage
from ..controller import Seat
from ..registry import DEFAULT_GAME, load_games
from . import known
from .document import AUTOSAVE, AUTOSAVE_STEM, SUFFIX, check_openable, load_save, sanitize_name
from .games import RulesSource, _is_resolver
from .header import HEAD_BYTES, Header, read_header
from .schema import MAX_BYTES, EditedSaveError, LoadedGame, SaveError, damaged

log = logging.getLogger(__name__)

EXAMPLES_PACKAGE = "hercules.examples"
#: How many autosaves of unfinished games are kept (the newest; older ones are deleted).
MAX_AUTOSAVES = 20
#: How many autosaves of finished games are kept (marked finished, for their replay).
MAX_FINISHED_AUTOSAVES = 5


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
    game: str = DEFAULT_GAME  #: the id of the game the save is of
    #: True when the file was changed outside the game (``error`` is then
    #: :data:`~.schema.EDITED_REASON`) but replays exactly: it would open with
    #: ``load_save(path, rules, trust_edits=True)`` (an "Open anyway" button)
    edited_outside: bool = False
    #: what kind of refusal ``error`` is, one of :data:`~.schema.ERROR_KINDS` ("" when good):
    #: what a screen words in the player's language, with ``error`` as the detail
    error_kind: str = ""
    #: False for an entry listed from what the file says of itself (:class:`Listing`): not
    #: checked yet, so not known to open (:meth:`Listing.verify` checks it); True once the
    #: file has been fully loaded, whatever that found
    verified: bool = True

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
        """What to call it in a list: the player's label, else the slot name (printable).

        An autosave is never called by a label (an older build wrote the game's named-save
        label into it too): its slot name, which a screen words as an autosave.
        A file name may hold anything the file system allows (control characters, bytes
        that are not UTF-8): those show as ``?``, so that the font renderer never sees them.
        """
        if self.is_autosave:
            return storage.printable(self.slot)
        return self.label or storage.printable(self.slot)

    @property
    def is_autosave(self) -> bool:
        """True for a game's autosave (or the old single autosave slot)."""
        return is_autosave_slot(self.slot)

    @property
    def backup(self) -> Path | None:
        """The previous version kept beside the file, if there is one."""
        bak = storage.backup_path(self.path)
        return bak if bak.is_file() else None


# --- names and places -----------------------------------------------------------------------


def slot_path(folder: str | os.PathLike[str], name: str) -> Path:
    """The file for a player-named slot in ``folder``: always directly inside it."""
    return Path(folder) / (sanitize_name(name) + SUFFIX)


def _slot_key(stem: str) -> str:
    # What a case-insensitive (and, on macOS, normalising) file system sees of a stem.
    return unicodedata.normalize("NFC", stem).casefold()


def slot_taken(
    folder: str | os.PathLike[str], name: str, rules: RulesSource | None = None
) -> SaveInfo | None:
    """The existing slot that saving under ``name`` would overwrite, or None.

    Matches :func:`slot_path`'s stem against the ``*.json`` files in ``folder``
    without regard to case or Unicode normalisation (``"My game"`` takes
    ``"MY GAME.json"``; ``"CON"`` takes ``"con_.json"``), since on Windows and
    macOS those are one file. With ``rules`` the entry is fully read (see
    :func:`save_info`); without, it holds only the path and the modification time.
    Deterministic: the exact file wins over a case variant, then the first by name.
    """
    stem = sanitize_name(name)
    want = _slot_key(stem)
    hits = [p for p in _candidates(Path(folder)) if _slot_key(p.name[: -len(SUFFIX)]) == want]
    if not hits:
        return None
    hits.sort(key=lambda p: (p.name != stem + SUFFIX, p.name))
    if rules is not None:
        return save_info(hits[0], rules)
    return SaveInfo(hits[0], modified=_mtime(hits[0]))


def is_autosave_slot(stem: str) -> bool:
    """True when a file stem is a game's autosave (or the old single autosave slot)."""
    return stem.casefold() == AUTOSAVE or AUTOSAVE_STEM.fullmatch(stem) is not None


def autosave_path(folder: str | os.PathLike[str], created: str | None = None) -> Path:
    """The autosave of the game first saved at ``created`` (its ISO stamp), in ``folder``.

    Every game has its own, so that starting a game never replaces another's. The stem is
    ``autosave-`` and the stamp's digits (``autosave-20250131-180211-250``), whatever text
    ``created`` holds. Without ``created``: the old single slot ``autosave.json``, which
    :func:`migrate_autosave` renames to its game's own.
    """
    if created is None:
        return Path(folder) / (AUTOSAVE + SUFFIX)
    d = (re.sub(r"[^0-9]", "", created) + "0" * 17)[:17]
    return Path(folder) / f"{AUTOSAVE}-{d[:8]}-{d[8:14]}-{d[14:]}{SUFFIX}"


def migrate_autosave(folder: str | os.PathLike[str]) -> Path | None:
    """Give the old single autosave (``autosave.json``) its game's own slot; never raises.

    The file (and its ``.bak``) is renamed to :func:`autosave_path` of the game's
    ``created`` stamp, so that it lists and continues like any game's autosave. Returns
    the new path, or None when there was nothing to move, the file cannot be read (left
    where it is: a damaged file is never changed), or that game's slot exists already.
    """
    old = autosave_path(folder)
    if not old.is_file():
        return None
    try:
        doc = storage.read_json(old, MAX_BYTES)
        created = doc.get("created") if isinstance(doc, dict) else None
        if not isinstance(created, str) or not created:
            return None
        new = autosave_path(folder, created)
        if os.path.lexists(new):
            return None
        bak = storage.backup_path(old)
        os.replace(old, new)
        if bak.is_file() and not os.path.lexists(storage.backup_path(new)):
            os.replace(bak, storage.backup_path(new))
    except (OSError, storage.StorageError) as exc:
        log.warning("autosave %s: not migrated: %s", old, exc)
        return None
    return new


def prune_autosaves(
    folder: str | os.PathLike[str],
    *,
    keep: int = MAX_AUTOSAVES,
    keep_finished: int = MAX_FINISHED_AUTOSAVES,
    spare: str | os.PathLike[str] | None = None,
) -> list[Path]:
    """Delete the oldest autosaves beyond the newest ``keep`` unfinished and ``keep_finished``
    finished games (by file time); never raises. Returns the paths deleted.

    ``spare`` (the autosave just written) is never deleted, nor is a file that does not
    read as a save the game wrote (damaged files are never changed), nor a player's named
    save. Each file is known by its header (:mod:`.header`: what it says of itself, a few
    kilobytes read), not parsed whole: this runs after every autosave.
    """
    unfinished: list[tuple[float, Path]] = []
    finished: list[tuple[float, Path]] = []
    box = load_games()
    for p in _candidates(Path(folder)):
        if not is_autosave_slot(p.name[: -len(SUFFIX)]):
            continue
        header = read_header(p, box)
        if header is None:
            continue
        (finished if header.finished else unfinished).append((_mtime(p), p))
    gone: list[Path] = []
    spare_path = Path(spare) if spare is not None else None
    for group, limit in ((unfinished, keep), (finished, keep_finished)):
        group.sort(key=lambda e: (-e[0], e[1].name))
        for _, p in group[max(0, limit) :]:
            if p == spare_path:
                continue
            known.forget(p)  # what was kept of it goes with it
            try:
                storage.delete(p)
            except OSError as exc:
                log.warning("autosave %s: not deleted: %s", p, exc)
                continue
            gone.append(p)
    return gone


def examples_dir() -> Path:
    """The folder of example saves shipped in the package (``hercules.examples``)."""
    return Path(str(resources.files(EXAMPLES_PACKAGE)))


def example_saves() -> list[Path]:
    """The example save files shipped with the game, sorted by name."""
    return sorted(p for p in examples_dir().glob("*" + SUFFIX) if p.is_file())


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


def save_info(path: str | os.PathLike[str], rules: RulesSource) -> SaveInfo:
    """The listing entry of one file: fully loaded and checked, or damaged with the reason.

    ``rules`` is one game's rules or a resolver from a game id to its rules; a
    save of a game it does not know is listed as damaged, with that reason. A
    file changed outside the game that still replays is listed as damaged with
    ``edited_outside`` set (see :class:`SaveInfo`).
    """
    path = Path(path)
    info: SaveInfo = _INFOS.find(path, rules, lambda: _checked(path, rules))
    modified = _mtime(path)
    # The same bytes touched since (copied back, say): the same check, today's file time.
    return info if info.modified == modified else replace(info, modified=modified)


#: Each file's listing entry, kept while it is unchanged.
_INFOS: known.Known[SaveInfo] = known.known(MAX_BYTES)
#: Each file's (``updated``, ``finished``) read without a replay, kept the same way.
_PEEKS: known.Known[tuple[str, bool]] = known.known(MAX_BYTES)


def _checked(path: Path, rules: RulesSource) -> SaveInfo:
    modified = _mtime(path)
    try:
        try:
            g = load_save(path, rules)
        except EditedSaveError as exc:
            # It passed every other check, so it replays: listed as damaged, openable anyway
            # (once it is sure that "anyway" would open it).
            check_openable(load_save(path, rules, trust_edits=True))
            return SaveInfo(
                path,
                error=exc.reason,
                modified=modified,
                edited_outside=True,
                error_kind=exc.kind,
            )
        check_openable(g)  # listed as good only if it will open
    except SaveError as exc:
        return SaveInfo(path, error=exc.reason or "damaged", modified=modified, error_kind=exc.kind)
    except Exception as exc:  # noqa: BLE001 - a list must show every file, whatever went wrong
        refusal = damaged(exc, path)
        return SaveInfo(path, error=refusal.reason, modified=modified, error_kind=refusal.kind)
    return _listed(path, g, modified, verified=True)


def _listed(path: Path, said: LoadedGame | Header, modified: float, verified: bool) -> SaveInfo:
    # A good file's entry, from its replay (``verified``) or from what its header says.
    return SaveInfo(
        path,
        label=said.label,
        created=said.created,
        updated=said.updated,
        meta=said.meta,
        names=said.names,
        seats=said.seats,
        modified=modified,
        game=said.game,
        verified=verified,
    )


def list_saves(folder: str | os.PathLike[str], rules: RulesSource) -> list[SaveInfo]:
    """Every ``*.json`` save in ``folder``, newest first (by its ``updated`` time).

    Each file is fully validated (replayed), so an entry that is not
    ``damaged`` will load; damaged files are listed with the reason and are
    never changed. Backups and temporary files are not listed. A missing
    folder lists nothing. ``rules`` as for :func:`save_info`.
    """
    infos = [save_info(p, rules) for p in _candidates(Path(folder))]
    return sorted(infos, key=_order)


def peek(path: str | os.PathLike[str]) -> tuple[str, bool]:
    """A save's ``updated`` stamp and whether its ``meta`` says finished, read without
    checking or replaying it (``("", False)`` for a file that does not even say so).

    A hint for ordering only: what it says is believed once :func:`save_info` agrees.
    """
    path = Path(path)
    return _PEEKS.find(path, None, lambda: _peeked(path))


#: How much of a file :func:`peek` reads: the game writes ``updated`` and ``meta`` before
#: its log, well within this.
PEEK_BYTES = 64 * 1024


def _peeked(path: Path) -> tuple[str, bool]:
    try:
        with open(path, "rb") as f:
            head = f.read(PEEK_BYTES + 1)
    except OSError:
        return "", False
    text = head.decode("utf-8", "replace")
    fields: dict[str, Any] = {}
    if len(head) <= PEEK_BYTES:  # the whole file: small enough to parse as it is
        with suppress(ValueError, RecursionError):
            doc = json.loads(text)
            fields = doc if isinstance(doc, dict) else {}
    else:  # a long log follows: read the two fields where the game writes them
        decoder = json.JSONDecoder()
        for key in ("updated", "meta"):
            at = text.find(f'"{key}":')
            if at < 0:
                continue
            start = at + len(key) + 3
            while start < len(text) and text[start] in " \t\r\n":
                start += 1
            with suppress(ValueError, RecursionError):
                fields[key] = decoder.raw_decode(text, start)[0]
    updated, meta = fields.get("updated"), fields.get("meta")
    finished = isinstance(meta, dict) and meta.get("finished") is True
    return (updated if isinstance(updated, str) else ""), finished


def _peek_order(path: Path) -> tuple[bool, float, str]:
    # A file that does not say when it was updated is no save the game wrote: last.
    updated, _ = peek(path)
    return (not updated, *_order(SaveInfo(path, updated=updated, modified=_mtime(path))))


def latest_save(
    folder: str | os.PathLike[str], rules: RulesSource, *, include_finished: bool = False
) -> Path | None:
    """The newest save in ``folder`` that loads (for Continue), or None.

    Finished games are skipped unless ``include_finished`` (their ``meta`` must
    say ``"finished": true`` for that). The files are taken newest first by what they say
    of themselves (:func:`peek`), and fully checked only until one is found that loads.
    """
    candidates = sorted(_candidates(Path(folder)), key=_peek_order)
    for path in candidates:
        if peek(path)[1] and not include_finished:
            continue  # said finished: a good file is; a damaged one is skipped anyway
        info = save_info(path, rules)
        if info.damaged:
            continue
        if info.meta.get("finished") and not include_finished:
            continue
        return info.path
    return None


#: Each file's header entry (:func:`header_info`), kept while it is unchanged (by its stat:
#: a digest would read the whole file, which a header never needs).
_HEADS: known.Known[SaveInfo | None] = known.known(HEAD_BYTES, digests=False)


def _games(rules: RulesSource) -> Container[str]:
    # The game ids a header may name: one rules object serves its own game only; the box's
    # resolver, every registered game (by the registry's ids: no game's engine is imported).
    if not _is_resolver(rules):
        return {getattr(rules, "name", DEFAULT_GAME)}
    return load_games()


def header_info(path: str | os.PathLike[str], rules: RulesSource) -> SaveInfo:
    """A file's listing entry at the cost of its header: the full check if one is kept (the
    file unchanged since), else what its header says (``verified`` false), else, for a file
    whose header does not look like a save the game wrote, the full check now (so a damaged
    file is listed with the reason it is refused; see :func:`save_info`).
    """
    path = Path(path)
    kept = _INFOS.get(path, rules)
    if kept is not None:
        return kept
    header = _HEADS.find(path, rules, lambda: _headed(path, rules))
    if header is None:
        return save_info(path, rules)
    return header


def _headed(path: Path, rules: RulesSource) -> SaveInfo | None:
    header = read_header(path, _games(rules))
    return None if header is None else _listed(path, header, _mtime(path), verified=False)


def has_continue(folder: str | os.PathLike[str], rules: RulesSource) -> bool:
    """True if ``folder`` holds an unfinished game to continue, by what its saves say of
    themselves (no replay; :func:`latest_game` then finds one that opens, or none)."""
    return bool(_continue_candidates(Path(folder), rules))


def _continue_candidates(folder: Path, rules: RulesSource) -> list[SaveInfo]:
    infos = [header_info(p, rules) for p in _candidates(folder)]
    return sorted((i for i in infos if not i.damaged and not i.meta.get("finished")), key=_order)


def latest_game(folder: str | os.PathLike[str], rules: RulesSource) -> LoadedGame | None:
    """The newest unfinished game of ``folder`` that opens, loaded (for Continue), or None.

    The saves are taken newest first by what they say of themselves, and loaded one at a
    time: the newest, as a rule, is the one replayed. One that fails to load or open is
    passed over (its verdict kept, so the next Continue does not try it again) for the next.
    """
    for info in _continue_candidates(Path(folder), rules):
        path = info.path
        checked = _INFOS.get(path, rules)
        if checked is not None and (checked.damaged or checked.meta.get("finished")):
            continue
        try:
            game = load_save(path, rules)
            check_openable(game)
        except Exception:  # noqa: BLE001 - whatever went wrong, the file is passed over
            save_info(path, rules)  # its reason, kept: the load screen shows it at once
            continue
        if game.meta.get("finished"):
            continue  # the header said otherwise: the replay is what the game is
        return game
    return None


class Listing:
    """A folder's saves as the load screen shows them at once: from what each says of itself.

    :attr:`infos` lists every file, newest first: the ones checked before (in this process,
    the file unchanged since) as :func:`save_info` gave them, the others from their header
    (:func:`header_info`: :attr:`SaveInfo.verified` false) until :meth:`verify` checks them,
    as the screen does for the one the player chooses, before it can be opened.
    """

    def __init__(self, folder: str | os.PathLike[str], rules: RulesSource) -> None:
        self.rules = rules
        self.entries: dict[Path, SaveInfo] = {
            path: header_info(path, rules) for path in _candidates(Path(folder))
        }
        # Each file keeps the place it was listed at: a row the player chooses does not move
        # when its check finds what it is (a refused file says no time of its own).
        self._places = {path: _order(info) for path, info in self.entries.items()}
        self._infos: list[SaveInfo] | None = None

    def verify(self, path: str | os.PathLike[str]) -> SaveInfo:
        """Check one listed file fully now (a replay) and list it as found; its entry."""
        path = Path(path)
        info = save_info(path, self.rules)
        if path in self.entries:
            self.entries[path] = info
            self._infos = None
        return info

    @property
    def unverified(self) -> list[Path]:
        """The files listed from their header only, newest first."""
        return [i.path for i in self.infos if not i.verified]

    def check_all(self) -> None:
        """Check every file listed from its header now (tests, tools)."""
        for path in self.unverified:
            self.verify(path)

    @property
    def infos(self) -> list[SaveInfo]:
        """Every file, newest first by its ``updated`` time."""
        if self._infos is None:
            self._infos = sorted(self.entries.values(), key=lambda i: self._places[i.path])
        return self._infos


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
    known.forget(path)
    try:
        storage.delete(path, backup=backup)
    except FileNotFoundError:
        raise SaveError("no such file", path) from None
    except OSError as exc:
        raise SaveError(f"cannot delete the save ({exc.strerror or exc})", path) from None

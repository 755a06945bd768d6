"""Saving off the frame loop: one worker thread checks each document and writes it, in order."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .. import paths
from .document import game_document, now_iso, read_document, write_save
from .games import RulesSource
from .library import autosave_path, prune_autosaves

log = logging.getLogger(__name__)

#: Told how a write ended: None when the file is on disk, else the error (nothing was written).
DoneCallback = Callable[[Exception | None], None]


class Autosaver:
    """Writes save documents on its own worker thread, one at a time, in the order submitted.

    The caller takes the document on its own thread (so it is exactly that
    moment's game, see :func:`~.document.game_document`); checking it (a full
    replay) and writing it happen on the worker. A document that would not load
    is never written. The thread is started by the first :meth:`submit`.
    """

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._closed = False
        self._lock = threading.Lock()

    def submit(
        self,
        doc: dict[str, Any],
        rules: RulesSource,
        target: str | os.PathLike[str],
        on_done: DoneCallback | None = None,
    ) -> Future[Path]:
        """Check ``doc`` (:func:`read_document`) and write it to ``target``, on the worker.

        ``rules`` is the game's rules or a resolver by game id. ``on_done`` is
        called on the worker thread with None once the file is on disk, or with
        the error (a :class:`SaveError`, usually) when nothing was written; it
        must only hand a message over to its owner. The returned future gives
        the path written or raises the error. Raises ``RuntimeError`` once closed.
        """
        path = Path(target)
        with self._lock:
            if self._closed:
                raise RuntimeError("the autosaver is closed")
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="save")
            return self._pool.submit(_write, doc, rules, path, on_done)

    def wait(self) -> None:
        """Block until every write submitted so far is finished (on disk, or refused)."""
        with self._lock:
            pool = None if self._closed else self._pool
            marker = pool.submit(lambda: None) if pool is not None else None
        if marker is not None:
            marker.result()

    def close(self) -> None:
        """Finish the pending writes and stop the worker thread. Calling it again does nothing."""
        with self._lock:
            pool, self._pool = self._pool, None
            self._closed = True
        if pool is not None:
            pool.shutdown(wait=True)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called."""
        return self._closed


def _write(
    doc: dict[str, Any], rules: RulesSource, path: Path, on_done: DoneCallback | None
) -> Path:
    error: Exception | None = None
    try:
        read_document(doc, rules, path)  # never write what would not load
        write_save(path, doc)
    except Exception as exc:  # noqa: BLE001 - whatever went wrong, the owner is told
        error = exc
    if on_done is not None:
        try:
            on_done(error)
        except Exception:  # a broken callback must not hide the write's own outcome
            log.exception("autosave callback for %s failed", path)
    if error is not None:
        raise error
    return path


class GameSaver:
    """How one running game is saved: its own autosave and named slots, off the frame loop.

    A table owns one. ``save`` takes the document at once (on the caller's thread, so it is
    exactly this moment's game) and hands checking and writing to its :class:`Autosaver`.
    A failure on the worker is kept in :attr:`failure` for the table to show on its next
    frame. ``created`` is set by the first save and kept by every later one; it names the
    game's autosave (:func:`~.library.autosave_path`), so that each game has its own and a
    new game never replaces another's. An autosave never carries the label of a named
    save. After each autosave the oldest autosaves beyond the bound are deleted
    (:func:`~.library.prune_autosaves`); a finished game's autosave is kept, marked
    finished by its listing data, for its replay.
    """

    def __init__(
        self,
        controller: Any,
        names: Sequence[str],
        *,
        created: str | None = None,
        label: str = "",
        folder: Callable[[], Path] = paths.saves_dir,
    ) -> None:
        self.controller = controller
        self.names = names
        self.created = created
        self.label = label
        self.failure: Exception | None = None
        self._folder = folder
        self._writer = Autosaver()

    def autosave_path(self) -> Path | None:
        """Where this game's autosave goes (None until the first save gives its stamp).

        Raises :class:`~hercules.app.health.SavingOff` or ``OSError`` as the folder does.
        """
        return autosave_path(self._folder(), self.created) if self.created else None

    def save(self, path: str | os.PathLike[str] | None = None, label: str | None = None) -> None:
        """Save to ``path`` (None: this game's autosave) with ``label`` (None: the current one).

        Raises :class:`SaveError` or ``OSError`` when the document cannot even be taken
        (nothing is written then); later failures land in :attr:`failure`.
        """
        folder = self._folder() if path is None else None  # a named slot's path says where
        if self.created is None:
            self.created = now_iso()
        target = autosave_path(folder, self.created) if folder is not None else Path(path or "")
        if folder is not None:
            label = ""  # the autosave is listed as such, never under a named save's label
        doc = self.document(label)
        # The controller only promises the shell's Rules; a game's adapter also reads saves.
        rules = self.controller.rules
        done = self._done
        if folder is not None:

            def done(error: Exception | None) -> None:
                self._done(error)
                if error is None and folder is not None:  # on the worker: keep the newest
                    prune_autosaves(folder, spare=target)

        self._writer.submit(doc, rules, target, done)

    def document(self, label: str | None = None) -> dict[str, Any]:
        """This moment's save document of the game (nothing written), e.g. for a crash
        report; ``label`` None: the game's own."""
        return game_document(
            self.controller,
            self.names,
            label=label if label is not None else self.label,
            created=self.created,
        )

    def _done(self, error: Exception | None) -> None:
        # On the worker thread: only leave the outcome for the owner to read.
        self.failure = error

    def take_failure(self) -> Exception | None:
        """The last write's failure, once (None when it went well or was already taken)."""
        error, self.failure = self.failure, None
        return error

    def wait(self) -> None:
        """Block until the pending saves are on disk (tests, quitting)."""
        self._writer.wait()

    def close(self) -> None:
        """Finish the pending saves and stop the saving thread."""
        self._writer.close()

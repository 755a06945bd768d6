"""What is already known of each save file: the listing's check, kept while the file is the same.

Checking a save means replaying its whole log (what makes a listed file sure to open), and a
folder of them costs the title and the load screen a second or more each time they are
built. A file's check depends only on its bytes, its path and the rules it is checked
with, so it is kept here and given again while the file is unchanged: the same
``os.stat`` (size, modification and change times, inode, device: any write changes one),
or, when the stat differs, the same bytes (a BLAKE2 digest of them). The same is kept of a
file's *peek* (its ``updated`` stamp and ``finished`` flag, read without replaying), which
orders the candidates for Continue so that only the first of them need a full check.

Process-wide, bounded (:data:`KEPT`), and safe from the autosave thread (one lock).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

#: How many files' facts are kept (the oldest forgotten first): far more than a saves
#: folder holds (twenty autosaves, the player's named saves, the examples).
KEPT = 1024

T = TypeVar("T")
StatKey = tuple[int, int, int, int, int]


def stat_key(path: Path) -> StatKey | None:
    """What changes whenever the file does, read without opening it; None if it is not there."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


def digest_of(path: Path, max_bytes: int) -> bytes | None:
    """A digest of the file's first ``max_bytes + 1`` bytes (what a check reads); None if
    it cannot be read."""
    h = hashlib.blake2b(digest_size=20)
    try:
        with open(path, "rb") as f:
            h.update(f.read(max_bytes + 1))
    except OSError:
        return None
    return h.digest()


@dataclass
class _Entry(Generic[T]):
    stat: StatKey
    digest: bytes | None
    source: object  #: the rules (or resolver) the value was found with
    value: T


class Known(Generic[T]):
    """One kind of fact per file (a :class:`~.library.SaveInfo`, a peek), kept while the
    file is unchanged and asked with the same rules."""

    def __init__(self, max_bytes: int, *, digests: bool = True) -> None:
        self.max_bytes = max_bytes
        #: Whether a file touched but not changed is known by its bytes: a digest reads the
        #: whole file, which a fact read from a few kilobytes of it (a header) would not pay.
        self.digests = digests
        self._entries: OrderedDict[Path, _Entry[T]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, path: Path, source: object) -> T | None:
        """The fact kept of ``path`` if its file has not changed since (by its stat only:
        no read), else None."""
        key = stat_key(path)
        with self._lock:
            entry = self._entries.get(path)
            if entry is None or key is None or entry.stat != key or entry.source is not source:
                return None
            self._entries.move_to_end(path)
            return entry.value

    def find(self, path: Path, source: object, compute: Callable[[], T]) -> T:
        """The fact of ``path``: kept if the file is unchanged (same stat, else same bytes),
        else ``compute()`` (which reads the file itself), then kept."""
        kept = self.get(path, source)
        if kept is not None:
            return kept
        key = stat_key(path)
        with self._lock:
            entry = self._entries.get(path)
        digest = digest_of(path, self.max_bytes) if key is not None and self.digests else None
        if (
            entry is not None
            and key is not None
            and digest is not None
            and entry.digest == digest
            and entry.source is source
        ):
            with self._lock:  # touched, not changed: the same bytes give the same check
                entry.stat = key
                self._entries.move_to_end(path)
            return entry.value
        value = compute()
        after = stat_key(path)
        if key is not None and after == key:  # kept only if nothing wrote it meanwhile
            with self._lock:
                self._entries[path] = _Entry(key, digest, source, value)
                self._entries.move_to_end(path)
                while len(self._entries) > KEPT:
                    self._entries.popitem(last=False)
        return value

    def forget(self, path: Path) -> None:
        """Drop what is kept of ``path`` (it was just written or deleted by this process)."""
        with self._lock:
            self._entries.pop(path, None)

    def clear(self) -> None:
        """Drop everything (tests, or a change of the registered games)."""
        with self._lock:
            self._entries.clear()


_ALL: list[Known[Any]] = []


def known(max_bytes: int, *, digests: bool = True) -> Known[Any]:
    """A new store of one kind of fact, registered so that :func:`forget` reaches it."""
    store: Known[Any] = Known(max_bytes, digests=digests)
    _ALL.append(store)
    return store


def forget(path: str | os.PathLike[str]) -> None:
    """Drop every fact kept of ``path`` (called when this process writes or deletes it)."""
    for store in _ALL:
        store.forget(Path(path))


def forget_all() -> None:
    """Drop every fact kept of every file."""
    for store in _ALL:
        store.clear()

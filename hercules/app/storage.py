"""Storage primitives: strict JSON reading, size limits, atomic writes with a backup, deleting.

Nothing here knows what a file holds (a save, the settings): it reads and writes
bytes and JSON safely. Reading problems raise :class:`StorageError` with a
one-line reason; writing and deleting raise ``OSError`` for the caller to word.
Files are never pickled and never evaluated.
"""

from __future__ import annotations

import codecs
import json
import logging
import math
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import IO, Any

from .text import UNPRINTABLE as UNPRINTABLE  # re-exported: the one rule for text is in .text
from .text import clean_texts
from .text import printable as printable

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

log = logging.getLogger(__name__)

MAX_BYTES = 8 * 1024 * 1024  #: the default limit: larger files are refused before they are read
BACKUP_SUFFIX = ".bak"  #: ``game.json`` keeps its previous version as ``game.json.bak``
MAX_REASON = 300  #: the longest reason an error carries


class StorageError(Exception):
    """A file that cannot be read or trusted. ``str(err)`` is a one-line reason.

    The reason is printable (see :func:`printable`), whatever text from the file it quotes.
    """

    def __init__(self, reason: str, path: str | os.PathLike[str] | None = None) -> None:
        reason = printable(" ".join(str(reason).split()))  # one line, whatever the cause said
        if len(reason) > MAX_REASON:
            reason = reason[: MAX_REASON - 3] + "..."
        super().__init__(reason)
        self.reason = reason
        self.path = None if path is None else Path(path)


# --- size limits ----------------------------------------------------------------------------


def size_text(n: int) -> str:
    """A byte count for a message: ``"512 bytes"`` or ``"8.0 MB"``."""
    return f"{n / 1024 / 1024:.1f} MB" if n >= 1024 * 1024 else f"{n} bytes"


def check_size(data: bytes, max_bytes: int = MAX_BYTES, what: str = "the file") -> None:
    """Raise :class:`StorageError` if ``data`` is larger than ``max_bytes``.

    The reason reads ``"<what> would be too large (<size>)"``.
    """
    if len(data) > max_bytes:
        raise StorageError(f"{what} would be too large ({size_text(len(data))})")


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

    Raises :class:`StorageError` saying what is wrong.
    """
    if not data.strip():
        raise StorageError("the file is empty")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE)):
        raise StorageError("not a save file: the text is UTF-16 or UTF-32, not UTF-8")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]  # an editor's signature; the text is still UTF-8
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        msg = f"not a save file: not UTF-8 text (bad byte at offset {exc.start})"
        raise StorageError(msg) from None
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        if exc.msg.startswith("Unterminated") or exc.pos >= len(text.rstrip()):
            raise StorageError("not a save file: the JSON stops part-way (truncated?)") from None
        raise StorageError(
            f"not a save file: not valid JSON ({exc.msg}, line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise StorageError("not a save file: the JSON is nested too deeply") from None
    except ValueError as exc:  # our hooks, or a number with thousands of digits
        if "integer string conversion" in str(exc):
            raise StorageError("not a save file: a number has thousands of digits") from None
        raise StorageError(f"not a save file: {exc}") from None


def read_json(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> Any:
    """Read and strictly parse a JSON file of at most ``max_bytes`` (checked before reading).

    Raises :class:`StorageError` (with ``path``); the file is only read.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise StorageError("no such file", path) from None
    except OSError as exc:
        raise StorageError(f"cannot read the file ({exc.strerror or exc})", path) from None
    if not stat.S_ISREG(st.st_mode):
        raise StorageError("not a regular file", path)
    if st.st_size > max_bytes:
        raise StorageError(
            f"the file is too large ({size_text(st.st_size)}; the limit is {size_text(max_bytes)})",
            path,
        )
    try:
        with open(path, "rb") as f:
            # As many bytes as the file holds (asking for the limit would make Python set
            # aside a limit-sized buffer for every read: 8 MB per save on the load screen).
            data = f.read(st.st_size + 1)
            if len(data) > st.st_size:  # it grew after the check: read on, up to the limit
                data += f.read(max_bytes + 1 - len(data))
    except OSError as exc:
        raise StorageError(f"cannot read the file ({exc.strerror or exc})", path) from None
    if len(data) > max_bytes:  # it grew after the check
        raise StorageError(f"the file is too large (over {size_text(max_bytes)})", path)
    try:
        return parse_json(data)
    except StorageError as exc:
        raise StorageError(exc.reason, path) from None


def read_clean_json(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> tuple[Any, int]:
    """:func:`read_json`, with every text in the document cleaned by the one rule
    (:func:`~.text.clean_texts`), and how many texts that changed (0: none).

    How the files kept as plain data (settings, profiles, statistics) are read: what they
    keep is then always writable again. Raises :class:`StorageError` as :func:`read_json`.
    """
    return clean_texts(read_json(path, max_bytes))


# --- writing atomically ---------------------------------------------------------------------


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where the previous version of ``path`` is kept."""
    p = Path(path)
    return p.with_name(p.name + BACKUP_SUFFIX)


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


def _copy_into(src: Path, dst: IO[bytes]) -> None:
    with open(src, "rb") as f:
        shutil.copyfileobj(f, dst)


def _replace_with(path: Path, fill: Callable[[IO[bytes]], object]) -> None:
    # The name must stay TEMP_NAME's: sweep_temporary() removes what a killed write left.
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


# --- what a killed write leaves behind -----------------------------------------------------

#: Our temporary files, and only ours: ``.<name>.json.<random>.tmp`` (``<name>.json.bak``'s
#: too), where ``<random>`` is :func:`tempfile.mkstemp`'s eight letters, digits or underscores.
TEMP_NAME = re.compile(r"\.[^/\\]+\.json(\.bak)?\.[a-z0-9_]{8}\.tmp")
STALE_AFTER = 10 * 60  #: seconds: a younger temporary file may be another running copy's write


def sweep_temporary(
    folder: str | os.PathLike[str],
    *,
    older_than: float = STALE_AFTER,
    now: float | None = None,
    any_age: bool = False,
) -> list[Path]:
    """Delete the temporary files interrupted writes left in ``folder``; returns those deleted.

    Only regular files (never a folder or a symlink) named like :func:`atomic_write`'s
    temporary files (:data:`TEMP_NAME`) and last modified more than ``older_than`` seconds
    ago are deleted; with ``any_age``, whatever their age (for a caller that knows no other
    running copy can be writing: it holds the :class:`InstanceLock`). Never raises: a folder
    that cannot be read, or a file that cannot be deleted, is left as it is.
    """
    limit = math.inf if any_age else (time.time() if now is None else now) - older_than
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if TEMP_NAME.fullmatch(entry.name) is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or st.st_mtime > limit:
                continue
            os.unlink(entry.path)
        except OSError as exc:
            log.warning("cannot remove the temporary file %s: %s", entry.path, exc)
            continue
        removed.append(Path(entry.path))
    return removed


# --- one running copy at a time -----------------------------------------------------------

LOCK_NAME = ".hercules.lock"  #: held by the running copy that uses the folder; never deleted


class InstanceLock:
    """The lock of one data folder, held by this process until :meth:`release` (or its end).

    An advisory lock on :data:`LOCK_NAME` (``flock`` on POSIX, ``msvcrt.locking`` on
    Windows): the operating system lets it go when the process dies however it dies, so a
    killed copy never leaves a stale lock, and the file itself stays (deleting it would let
    two copies lock two different files of one name).
    """

    def __init__(self, folder: Path, fd: int) -> None:
        self.folder = folder
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        """True until :meth:`release`."""
        return self._fd is not None

    def release(self) -> None:
        """Let the lock go (closing the file does, on every platform); idempotent."""
        fd, self._fd = self._fd, None
        if fd is not None:
            with suppress(OSError):
                os.close(fd)


def _try_lock(fd: int) -> bool:
    """Lock an open file without waiting: False when another process holds it."""
    try:
        if sys.platform == "win32":
            os.lseek(fd, 0, os.SEEK_SET)  # msvcrt locks bytes from the current position
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def hold_lock(folder: str | os.PathLike[str]) -> InstanceLock | None:
    """Take ``folder``'s single-instance lock: the lock, or None when another running copy
    holds it or the lock file cannot be opened (a read-only folder: then nobody can tell).

    Never raises. The lock file is opened without following a link and never truncated.
    """
    path = Path(folder) / LOCK_NAME
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        log.info("%s: cannot open the lock file: %s", path, exc)
        return None
    if not _try_lock(fd):
        os.close(fd)
        return None
    return InstanceLock(Path(folder), fd)


# --- keeping a damaged file aside -----------------------------------------------------------


def set_aside(path: str | os.PathLike[str]) -> Path | None:
    """Rename ``path`` to ``<name>.damaged-<YYYYmmdd-HHMMSS>`` beside it; the new path, or None.

    For a file the game cannot use (damaged, or written by a newer version): it is never
    deleted, so the player's data stays there to be looked at, and the next write starts a
    fresh file instead of overwriting it. None when it cannot be renamed (it stays in place).
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        aside = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
        if os.path.lexists(aside):
            continue
        try:
            os.rename(path, aside)
        except OSError as exc:
            log.warning("%s: cannot set it aside: %s", path, exc)
            return None
        log.warning("%s: damaged, kept as %s", path, aside.name)
        return aside
    return None


# --- deleting -------------------------------------------------------------------------------


def delete(path: str | os.PathLike[str], *, backup: bool = True) -> None:
    """Delete ``path`` and, with ``backup``, its ``.bak`` (quietly, if it is there).

    Raises ``OSError`` (``FileNotFoundError`` for a missing file) if ``path``
    itself cannot be deleted.
    """
    path = Path(path)
    path.unlink()
    if backup:
        with suppress(OSError):
            backup_path(path).unlink()

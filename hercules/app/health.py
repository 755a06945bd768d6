"""Can the game keep files? The start-up probe of a folder, and whether saving is off.

No pygame, no paths: :func:`hercules.app.paths.check_storage` probes its folders with
:func:`probe` and records a :class:`StorageProblem` here with :func:`turn_off`; from then on
:func:`problem` answers, and :class:`SavingOff` is what an attempt to save raises. The game
then plays on with saving off (never a temporary folder in its place).

A problem is described in plain words (:func:`describe`). The words are English until the
window hands over its translator (:func:`set_words`, the UI's ``t``): the keys below are in
every language's table of the shell (``assets/ui/strings/<lang>.json``).
"""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import storage

log = logging.getLogger(__name__)

#: What can be wrong with a folder, each with its words (``storage.why.<kind>``).
KINDS = (
    "not_a_folder",
    "dangling_link",
    "link_loop",
    "cannot_create",
    "read_only",
    "full",
    "unusable",
)
SAVES = "saves"  #: the area of save files
SETTINGS = "settings"  #: the area of the settings file
#: the area of the profile in use's own folders (its settings and statistics), when it is not
#: the default profile (whose files are in the SETTINGS and SAVES folders)
PROFILE = "profile"
PROBE = ".hercules-probe.json"  #: written and deleted; its temporary file is swept if left

#: The English words (the same as the shell's ``en.json``; a test keeps them equal).
ENGLISH = {
    "storage.why.not_a_folder": "{path} is a file, not a folder",
    "storage.why.dangling_link": "{path} is a link that leads nowhere",
    "storage.why.link_loop": "{path} is a loop of links",
    "storage.why.cannot_create": "the folder {path} cannot be created",
    "storage.why.read_only": "the folder {path} cannot be written to",
    "storage.why.full": "the disk holding {path} is full",
    "storage.why.unusable": "the folder {path} cannot be used ({detail})",
    "storage.off": "saving is off: {why}",
}

Words = Callable[..., str]  #: ``words(key, **values)`` -> the text in the player's language


def _english(key: str, **values: object) -> str:
    return ENGLISH[key].format(**values)


_words: Words = _english
_problems: dict[str, StorageProblem] = {}


def set_words(words: Words | None) -> None:
    """Describe problems with ``words(key, **values)`` (None: English again)."""
    global _words
    _words = words or _english


@dataclass(frozen=True)
class StorageProblem:
    """Why a folder cannot keep files: ``kind`` (one of :data:`KINDS`), where, the OS's words."""

    kind: str
    path: Path
    detail: str = ""

    def __str__(self) -> str:
        return describe(self)


def describe(problem: StorageProblem) -> str:
    """The problem in plain words in the player's language (``"the disk holding … is full"``)."""
    return _words(f"storage.why.{problem.kind}", path=str(problem.path), detail=problem.detail)


class SavingOff(OSError):
    """Raised instead of trying to write when saving is off; ``str()`` says why, in words."""

    def __init__(self, problem: StorageProblem) -> None:
        super().__init__(errno.EIO, "saving is off")
        self.problem = problem

    def __str__(self) -> str:
        return _words("storage.off", why=describe(self.problem))


class FolderProblem(OSError):
    """A write failed because its folder cannot keep files (found then, not at start-up):
    saving in its area is off from now on (:func:`lost_folder`). ``str()`` and ``strerror``
    are the problem in words, so that whoever shows an ``OSError``'s words shows these."""

    def __init__(self, problem: StorageProblem) -> None:
        super().__init__(errno.EIO, describe(problem))
        self.problem = problem

    def __str__(self) -> str:
        return describe(self.problem)


# --- probing ---------------------------------------------------------------------------------


def _kind_of_write(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "full"
    if isinstance(exc, PermissionError) or exc.errno == errno.EROFS:
        return "read_only"
    if isinstance(exc, FileExistsError | NotADirectoryError | IsADirectoryError):
        return "not_a_folder"
    return "unusable"


def _kind_of_create(exc: OSError) -> str:
    if isinstance(exc, FileExistsError | NotADirectoryError):
        return "not_a_folder"
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "full"
    return "cannot_create"


def link_problem(path: Path) -> StorageProblem | None:
    """A symbolic link on the way to ``path`` (``path`` itself or a folder above it) that
    leads nowhere or into a loop, nearest the root first; None when there is none.

    Why a folder cannot be made, told truly: ``mkdir`` says only "file exists" for both.
    """
    for step in (*reversed(path.parents), path):
        if not os.path.islink(step):
            continue
        try:
            os.stat(step)
        except FileNotFoundError as exc:
            return StorageProblem("dangling_link", step, exc.strerror or str(exc))
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return StorageProblem("link_loop", step, exc.strerror or str(exc))
            return None  # another reason (permissions): the caller words it
    return None


def problem_of(exc: OSError, where: Path, *, creating: bool = True) -> StorageProblem:
    """The problem an ``OSError`` met at ``where`` stands for (``creating``: while making
    the folder, else while writing in it); a broken link on the way is named as such."""
    found = link_problem(where)
    if found is not None:
        return found
    kind = _kind_of_create(exc) if creating else _kind_of_write(exc)
    return StorageProblem(kind, where, exc.strerror or str(exc))


def probe(folder: Callable[[], Path], where: Path) -> StorageProblem | None:
    """Can files be kept in the folder ``folder()`` makes (``where``: its path, for words)?

    ``folder`` creates the folder (and raises ``OSError`` if it cannot); then a probe file
    is written the way every save is (:func:`storage.atomic_write`) and deleted. Returns
    None when all of that worked, else the problem. Never raises.
    """
    try:
        path = folder()
        if not path.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(path))
    except OSError as exc:
        return problem_of(exc, where)
    test = path / PROBE
    try:
        storage.atomic_write(test, b"{}\n", backup=False)
        test.unlink()
    except OSError as exc:
        return problem_of(exc, path, creating=False)
    return None


# --- the recorded state ----------------------------------------------------------------------


def turn_off(area: str, problem: StorageProblem) -> None:
    """Saving in ``area`` (:data:`SAVES`, :data:`SETTINGS`, :data:`PROFILE`) is off because
    of ``problem``."""
    log.warning("%s: saving is off: %s (%s)", area, _english_of(problem), problem.detail)
    _problems[area] = problem


def turn_on(area: str) -> None:
    """Saving in ``area`` is on again (a profile's folders checked anew)."""
    _problems.pop(area, None)


def lost_folder(area: str, exc: OSError, where: Path) -> FolderProblem:
    """The folder ``where`` could not be made (``exc``): saving in ``area`` is off from now
    on (the next attempt raises :class:`SavingOff`); the error to raise for this attempt."""
    found = problem_of(exc, where)
    turn_off(area, found)
    return FolderProblem(found)


def problem(area: str = SAVES) -> StorageProblem | None:
    """Why saving in ``area`` is off, or None when it is on."""
    return _problems.get(area)


def check(area: str) -> None:
    """Raise :class:`SavingOff` if saving in ``area`` is off."""
    found = _problems.get(area)
    if found is not None:
        raise SavingOff(found)


def reset() -> None:
    """Saving is on everywhere again (a new start-up check; tests)."""
    _problems.clear()


def _english_of(problem: StorageProblem) -> str:
    return _english(f"storage.why.{problem.kind}", path=str(problem.path), detail=problem.detail)

"""Profiles: more than one person at this computer, each with their own settings and statistics.

``profiles.json`` (in the config folder) lists the profiles a player made and the one in use.
The default profile is not listed: it is there without a choice, and its files stay where
they always were (``settings.json``, ``statistics.json``); another profile's files are in
``profiles/<id>/`` (see :mod:`.paths`). A profile file that is damaged or was written by a
newer version is set aside (never deleted) and the caller is told once; the profiles whose
folders are still there come back under their ids, so no one's data goes out of reach.
"""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import health, paths
from .storage import UNPRINTABLE, StorageError, atomic_write, read_clean_json, set_aside

log = logging.getLogger(__name__)

FORMAT = "hercules-profiles"
VERSION = 1
MAX_BYTES = 64 * 1024
MAX_PROFILES = 12  #: besides the default one
MAX_NAME = 24  #: characters in a profile's name
_ID = re.compile(r"p[0-9]{1,4}")
#: Why a name is refused (each has words: ``profile.why.<problem>``).
NAME_PROBLEMS = ("empty", "long", "unprintable", "taken", "full")


@dataclass(frozen=True)
class Profile:
    """One person's profile: a stable id (its folder's name) and the name they chose."""

    id: str
    name: str


@dataclass(frozen=True)
class DamagedFile:
    """A file that could not be used as it was: ``kind``, why, and where it is now.

    ``kind`` "damaged" or "newer" (written by a newer version): the file was set aside as
    ``kept``, or left in place, untouched, when ``kept`` is None. "cleaned": some of its
    texts held characters no file may keep (:mod:`.text`), which were taken out; the rest
    is used, and ``kept`` is the file itself, written back clean.
    """

    kind: str
    reason: str
    kept: Path | None

    def words(self, what: str) -> tuple[str, dict[str, str]]:
        """The key and values of the one message about it (``what``: "stats", "profiles",
        "settings"): ``<what>.newer``, ``<what>.damaged`` or ``<what>.cleaned``; ``_left``
        when a damaged or newer file could not be moved aside."""
        if self.kind == "cleaned":
            return f"{what}.cleaned", {"name": self.kept.name if self.kept else ""}
        kind = "newer" if self.kind == "newer" else "damaged"
        if self.kept is None:
            return f"{what}.{kind}_left", {}
        return f"{what}.{kind}", {"name": self.kept.name}


def cleaned(path: Path, count: int, doc: Any, *, backup: bool = True) -> DamagedFile:
    """A file read with ``count`` texts cleaned (:func:`~.storage.read_clean_json`): logged,
    and the cleaned document ``doc`` written back in its place, so that it is said once and
    every later write can encode it (a write that fails is logged: it is cleaned again on
    the next reading). The message to give (kind "cleaned")."""
    log.warning(
        "%s: %d text(s) held control characters, unpaired surrogates or bidirectional "
        "overrides; cleaned (those characters taken out)",
        path,
        count,
    )
    try:
        data = json.dumps(doc, ensure_ascii=False, allow_nan=False, indent=1)
        atomic_write(path, data.encode("utf-8") + b"\n", backup=backup)
    except (OSError, ValueError, TypeError) as exc:
        log.warning("%s: cannot write it back clean: %s", path, exc)
    return DamagedFile("cleaned", f"{count} text(s) cleaned", path)


@dataclass
class Profiles:
    """The profiles made at this computer and the one in use (the default is not listed)."""

    current: str = paths.DEFAULT_PROFILE
    profiles: list[Profile] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  #: unknown keys, kept as they were

    def get(self, profile_id: str) -> Profile | None:
        """The listed profile with this id (None for the default or an unknown id)."""
        return next((p for p in self.profiles if p.id == profile_id), None)

    def name_of(self, profile_id: str) -> str:
        """The name of a profile ("" for the default, which the UI words itself)."""
        found = self.get(profile_id)
        return found.name if found is not None else ""

    def to_json(self) -> dict[str, Any]:
        """The JSON document of ``profiles.json``."""
        return {
            "format": FORMAT,
            "version": VERSION,
            **self.extra,
            "current": self.current,
            "profiles": [{"id": p.id, "name": p.name} for p in self.profiles],
        }


def clean_name(name: str) -> str:
    """A typed name as it would be kept: spaces at the ends dropped, inner runs made one."""
    return " ".join(name.split())


def name_problem(name: str, profiles: Profiles) -> str:
    """Why ``name`` cannot name a new profile (one of :data:`NAME_PROBLEMS`), or ""."""
    if len(profiles.profiles) >= MAX_PROFILES:
        return "full"
    if UNPRINTABLE.search(name):
        return "unprintable"
    name = clean_name(name)
    if not name:
        return "empty"
    if len(name) > MAX_NAME:
        return "long"
    if any(p.name.casefold() == name.casefold() for p in profiles.profiles):
        return "taken"
    return ""


def add_profile(profiles: Profiles, name: str) -> Profile:
    """Make a profile named ``name`` (checked: ``ValueError(problem)`` if refused)."""
    problem = name_problem(name, profiles)
    if problem:
        raise ValueError(problem)
    used = {p.id for p in profiles.profiles}
    n = 1
    while f"p{n}" in used:
        n += 1
    made = Profile(f"p{n}", clean_name(name))
    profiles.profiles.append(made)
    return made


def use(profiles: Profiles, profile_id: str) -> None:
    """Make ``profile_id`` the profile in use (its files from now on); unknown: the default."""
    if profiles.get(profile_id) is None:
        profile_id = paths.DEFAULT_PROFILE
    profiles.current = profile_id
    paths.set_profile(profile_id)


def _from_json(doc: Any) -> tuple[Profiles | None, str, str]:
    """The profiles of a document, or None with the kind ("damaged"/"newer") and why."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return None, "damaged", "not a profiles file"
    version = doc.get("version")
    if type(version) is not int or version < 1:
        return None, "damaged", "the file has no valid version"
    if version > VERSION:
        return None, "newer", f"written by a newer version of the game (format {version})"
    items = doc.get("profiles")
    if not isinstance(items, list) or len(items) > MAX_PROFILES:
        return None, "damaged", "the list of profiles is missing or too long"
    out = Profiles()
    for item in items:
        if not isinstance(item, dict):
            return None, "damaged", "a profile is not an object"
        pid, name = item.get("id"), item.get("name")
        if not isinstance(pid, str) or _ID.fullmatch(pid) is None or out.get(pid) is not None:
            return None, "damaged", f"a profile has a bad id {pid!r}"[:120]
        if not isinstance(name, str) or UNPRINTABLE.search(name) or not 0 < len(name) <= 100:
            return None, "damaged", f"profile {pid} has a bad name"
        out.profiles.append(Profile(pid, name))
    current = doc.get("current", paths.DEFAULT_PROFILE)
    out.current = (
        current if isinstance(current, str) and out.get(current) else paths.DEFAULT_PROFILE
    )
    out.extra = {
        k: v for k, v in doc.items() if k not in ("format", "version", "current", "profiles")
    }
    return out, "", ""


def _recovered(path: Path) -> Profiles:
    """The profiles whose folders are still beside a file that could not be read (by id)."""
    out = Profiles()
    try:
        names = sorted(e.name for e in os.scandir(path.parent / paths.PROFILES) if e.is_dir())
    except OSError:
        return out
    for name in names:
        if _ID.fullmatch(name) and len(out.profiles) < MAX_PROFILES:
            out.profiles.append(Profile(name, name))
    return out


def open_profiles(
    path: str | os.PathLike[str] | None = None,
) -> tuple[Profiles, DamagedFile | None]:
    """The profiles at start-up (default: :func:`paths.profiles_file`); never raises.

    A missing file gives the default profile alone. A file that cannot be used (damaged, or
    from a newer version) is renamed to ``<name>.damaged-<time>`` and the second value says
    so: the profiles whose folders remain are listed again under their ids, the default is
    in use. A file some of whose texts had to be cleaned is used, written back clean, and
    the second value says so too (kind "cleaned"). Does not switch :mod:`.paths` to the
    profile (see :func:`use`).
    """
    path = Path(path) if path is not None else paths.profiles_file()
    try:
        os.lstat(path)
    except OSError:
        return Profiles(), None  # missing (or the folder is the problem: the start-up check)
    changed = 0
    try:
        doc, changed = read_clean_json(path, MAX_BYTES)  # every text by the one rule
        found, kind, why = _from_json(doc)
    except StorageError as exc:
        found, kind, why = None, "damaged", exc.reason
    if found is not None:
        return found, cleaned(path, changed, doc) if changed else None
    log.warning("profiles %s: %s", path, why)
    return _recovered(path), DamagedFile(kind, why, set_aside(path))


def load_profiles(path: str | os.PathLike[str] | None = None) -> Profiles:
    """The profiles as the file lists them, for a screen; never raises, never moves the file
    (one that cannot be used gives the default profile alone)."""
    try:
        found, _, _ = _from_json(read_clean_json(path or paths.profiles_file(), MAX_BYTES)[0])
    except StorageError:
        found = None
    return found or Profiles()


def save_profiles(profiles: Profiles, path: str | os.PathLike[str] | None = None) -> None:
    """Write ``profiles.json`` atomically. Raises ``OSError`` (:class:`~.health.SavingOff`
    when saving settings is off and no ``path`` is given)."""
    if path is None:
        health.check(health.SETTINGS)
    target = Path(path) if path is not None else paths.profiles_file()
    data = json.dumps(profiles.to_json(), ensure_ascii=False, indent=2)
    atomic_write(target, data.encode("utf-8") + b"\n", backup=True)

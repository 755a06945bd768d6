"""Where the game keeps its files: saves in the user data folder, settings in the config folder.

This is the only module that imports :mod:`platformdirs`. Both locations can be
redirected to one folder (holding ``saves/`` and ``settings.json``), first by
:func:`set_data_dir` (the ``--data-dir`` option), then by the environment
variable ``HERCULES_DATA_DIR``; tests use either so that nothing touches a real
home folder. Folders are created on first use.

At start-up :func:`check_storage` probes both folders (and the profile's own), takes the data
folder's single-instance lock and clears away what killed writes left; a folder that cannot
keep files turns saving off (:mod:`.health`), and then :func:`saves_dir` raises
:class:`~.health.SavingOff` instead of failing later.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import platformdirs

from . import health, storage
from .health import StorageProblem

APP_NAME = "hercules"
ENV_VAR = "HERCULES_DATA_DIR"  #: one folder for saves/ and settings.json
SAVES = "saves"
SETTINGS_FILE = "settings.json"
STATISTICS_FILE = "statistics.json"
PROFILES_FILE = "profiles.json"  #: the list of profiles, in the config folder
PROFILES = "profiles"  #: ``profiles/<id>/`` holds a profile's own settings and statistics
DEFAULT_PROFILE = "default"  #: keeps the files where they always were: no choice needed

_override: Path | None = None
_profile = [DEFAULT_PROFILE]


def set_data_dir(path: str | os.PathLike[str] | None) -> None:
    """Keep saves and settings in ``path`` (``None`` goes back to the default locations).

    Takes precedence over ``HERCULES_DATA_DIR``. The folder is created on first use.
    """
    global _override
    _override = None if path is None else Path(path).expanduser().absolute()


def override_dir() -> Path | None:
    """The single folder saves and settings are redirected to, or None for the defaults."""
    if _override is not None:
        return _override
    env = os.environ.get(ENV_VAR, "").strip()
    # An empty variable means "not set", so that `HERCULES_DATA_DIR= hercules` is harmless.
    return Path(env).expanduser().absolute() if env else None


def _made(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def _platform_data() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _platform_config() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The user data folder (created if needed)."""
    return _made(override_dir() or _platform_data())


def config_dir() -> Path:
    """The user config folder, where ``settings.json`` lives (created if needed)."""
    return _made(override_dir() or _platform_config())


def set_profile(profile_id: str) -> None:
    """Keep settings and statistics in ``profile_id``'s files from now on (see :func:`profile`)."""
    _profile[0] = profile_id or DEFAULT_PROFILE


def profile() -> str:
    """The profile whose settings and statistics are used now (:data:`DEFAULT_PROFILE` at first).

    The default profile's files are where they always were (``settings.json``,
    ``statistics.json``); another's are in ``profiles/<id>/`` of the same folders.
    """
    return _profile[0]


def _in_profile(folder: Path) -> Path:
    return folder if profile() == DEFAULT_PROFILE else folder / PROFILES / profile()


def settings_file() -> Path:
    """Where ``settings.json`` is, to read it: the folder is not created; never raises."""
    return _in_profile(override_dir() or _platform_config()) / SETTINGS_FILE


def profiles_file() -> Path:
    """Where ``profiles.json`` is (the folder is not created; never raises)."""
    return (override_dir() or _platform_config()) / PROFILES_FILE


def statistics_file() -> Path:
    """Where the current profile's ``statistics.json`` is (not created; never raises)."""
    return _in_profile(override_dir() or _platform_data()) / STATISTICS_FILE


def saves_dir() -> Path:
    """The folder of save files (created if needed), to write in.

    Raises :class:`~.health.SavingOff` when the start-up check turned saving off, else
    ``OSError`` if the folder cannot be made.
    """
    health.check(health.SAVES)
    return _made(data_dir() / SAVES)


def saves_dir_to_read() -> Path:
    """Where save files are, to read them: never created, never raises (it may be missing)."""
    return (override_dir() or _platform_data()) / SAVES


def log_dir() -> Path:
    """Where crash reports go: the platform's log folder (``logs`` in an override folder).

    Not created here: :mod:`~.crash` makes it when it writes, and says so if it cannot.
    """
    override = override_dir()
    if override is not None:
        return override / "logs"
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    """The settings file (its folder is created if needed; the file may not exist yet).

    A folder that cannot be made (a file in its place) turns saving off for it and raises
    :class:`~.health.FolderProblem` saying so; then :class:`~.health.SavingOff`.
    """
    folder = _in_profile(override_dir() or _platform_config())
    return _writable(folder, health.SETTINGS) / SETTINGS_FILE


def statistics_path() -> Path:
    """The current profile's ``statistics.json``, to write it: as :func:`settings_path`."""
    folder = _in_profile(override_dir() or _platform_data())
    return _writable(folder, health.SAVES) / STATISTICS_FILE


def _writable(folder: Path, area: str) -> Path:
    """``folder`` made; when it cannot be, the area it is in is off from now on (the
    profile's own, for another profile than the default) and the error says why."""
    own = health.PROFILE if profile() != DEFAULT_PROFILE else area
    if own == health.PROFILE:
        health.check(own)  # the caller checks its own area (saves, settings)
    try:
        return _made(folder)
    except OSError as exc:
        raise health.lost_folder(own, exc, folder) from None


def check_storage() -> StorageProblem | None:
    """The start-up check: can saves and settings be kept? Returns the first problem, or None.

    Each folder is created and a probe file is written and deleted there; a folder that
    fails turns saving off for its files (:func:`health.turn_off`). The data folder's
    single-instance lock is taken (:func:`hold_instance_lock`), and temporary files that
    killed writes left in these folders are deleted (:func:`storage.sweep_temporary`: only
    ours; whatever their age when this process holds the lock, so no other copy is
    running, else only old ones). The profile in use is checked too (:func:`check_profile`,
    whose problem is not returned here: saving is not off for it). Never raises.
    """
    health.reset()
    data = override_dir() or _platform_data()
    config = override_dir() or _platform_config()
    first: StorageProblem | None = None
    usable: list[Path] = []
    for area, make, where in (
        (health.SAVES, lambda: _made(data_dir() / SAVES), data / SAVES),
        (health.SETTINGS, config_dir, config),
    ):
        problem = health.probe(make, where)
        if problem is None:
            usable.append(where)
        else:
            health.turn_off(area, problem)
            first = first or problem
    if health.problem(health.SETTINGS) is None:  # else its folders are under one said off
        check_profile()
    # The lock goes where saves are kept: never a file made in a folder said to keep none.
    alone = health.problem(health.SAVES) is None and hold_instance_lock(data)
    profile_folders = [] if health.problem(health.PROFILE) else _profile_folders()
    for folder in dict.fromkeys([*usable, data, *profile_folders]):  # each once, in order
        if _is_dir(folder):
            storage.sweep_temporary(folder, any_age=alone)
    return first


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a folder above it that cannot be read
        return False


def _profile_folders() -> list[Path]:
    """The folders of the profile in use's own files (none for the default profile)."""
    if profile() == DEFAULT_PROFILE:
        return []
    data = override_dir() or _platform_data()
    config = override_dir() or _platform_config()
    return list(dict.fromkeys([_in_profile(config), _in_profile(data)]))


def check_profile() -> StorageProblem | None:
    """Can the profile in use keep its settings and statistics? Its folders are made and
    probed (:func:`health.probe`); the problem, or None. Never raises.

    A problem turns off :data:`~.health.PROFILE` (its settings and statistics are not
    kept; saves are), and a check of another profile turns it on again: called at start-up
    and when the player chooses a profile. The default profile's files are in the folders
    :func:`check_storage` probes: it has no problem of its own.
    """
    health.turn_on(health.PROFILE)
    for folder in _profile_folders():
        problem = health.probe(partial(_made, folder), folder)
        if problem is not None:
            health.turn_off(health.PROFILE, problem)
            return problem
    return None


_lock: list[storage.InstanceLock] = []


def hold_instance_lock(folder: Path | None = None) -> bool:
    """Hold the single-instance lock of the data folder (default: the one in use) for the
    rest of this process's life: True when this process holds it, so no other running copy
    uses the folder; False when another copy holds it or it cannot be taken. Never raises.

    A lock this process holds on another folder (the data folder was changed: tests,
    ``--data-dir``) is let go first.
    """
    folder = folder if folder is not None else override_dir() or _platform_data()
    if _lock and _lock[0].held and _lock[0].folder == folder:
        return True
    release_instance_lock()
    found = storage.hold_lock(folder) if _is_dir(folder) else None
    if found is None:
        return False
    _lock.append(found)
    return True


def release_instance_lock() -> None:
    """Let the data folder's lock go (the end of the process does it too)."""
    while _lock:
        _lock.pop().release()

"""Where the game keeps its files: saves in the user data folder, settings in the config folder.

This is the only module that imports :mod:`platformdirs`. Both locations can be
redirected to one folder (holding ``saves/`` and ``settings.json``), first by
:func:`set_data_dir` (the ``--data-dir`` option), then by the environment
variable ``HERCULES_DATA_DIR``; tests use either so that nothing touches a real
home folder. Folders are created on first use.

At start-up :func:`check_storage` probes both folders and clears away what killed writes
left; a folder that cannot keep files turns saving off (:mod:`.health`), and then
:func:`saves_dir` raises :class:`~.health.SavingOff` instead of failing later.
"""

from __future__ import annotations

import os
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
    """The settings file (its folder is created if needed; the file may not exist yet)."""
    return _made(_in_profile(config_dir())) / SETTINGS_FILE


def check_storage() -> StorageProblem | None:
    """The start-up check: can saves and settings be kept? Returns the first problem, or None.

    Each folder is created and a probe file is written and deleted there; a folder that
    fails turns saving off for its files (:func:`health.turn_off`). Temporary files that
    killed writes left in these folders are deleted (:func:`storage.sweep_temporary`:
    only ours, and only old ones). Never raises.
    """
    health.reset()
    data = override_dir() or _platform_data()
    config = override_dir() or _platform_config()
    first: StorageProblem | None = None
    for area, make, where in (
        (health.SAVES, lambda: _made(data_dir() / SAVES), data / SAVES),
        (health.SETTINGS, config_dir, config),
    ):
        problem = health.probe(make, where)
        if problem is None:
            storage.sweep_temporary(where)
        else:
            health.turn_off(area, problem)
            first = first or problem
    return first

"""Where the game keeps its files: saves in the user data folder, settings in the config folder.

This is the only module that imports :mod:`platformdirs`. Both locations can be
redirected to one folder (holding ``saves/`` and ``settings.json``), first by
:func:`set_data_dir` (the ``--data-dir`` option), then by the environment
variable ``HERCULES_DATA_DIR``; tests use either so that nothing touches a real
home folder. Folders are created on first use.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "hercules"
ENV_VAR = "HERCULES_DATA_DIR"  #: one folder for saves/ and settings.json
SAVES = "saves"
SETTINGS_FILE = "settings.json"

_override: Path | None = None


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


def data_dir() -> Path:
    """The user data folder (created if needed)."""
    root = override_dir()
    if root is not None:
        return _made(root)
    return _made(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def config_dir() -> Path:
    """The user config folder, where ``settings.json`` lives (created if needed)."""
    root = override_dir()
    if root is not None:
        return _made(root)
    return _made(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))


def saves_dir() -> Path:
    """The folder of save files (created if needed)."""
    return _made(data_dir() / SAVES)


def settings_path() -> Path:
    """The settings file (its folder is created if needed; the file may not exist yet)."""
    return config_dir() / SETTINGS_FILE

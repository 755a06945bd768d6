"""The Linux menu entry: ``hercules --install-desktop`` writes a ``.desktop`` file and icons.

The entry (``hercules.assets/desktop/hercules.desktop``) goes to
``$XDG_DATA_HOME/applications`` and the icons (``icons/hercules-<size>.png``) to
``$XDG_DATA_HOME/icons/hicolor/<size>x<size>/apps/hercules.png``; ``XDG_DATA_HOME`` is
``~/.local/share`` when unset (the freedesktop.org base directory rules). Its ``Exec`` line
runs the program that installed it: the bundle's own program, or the ``hercules`` command.
No pygame here.
"""

from __future__ import annotations

import os
import shutil
import sys
from importlib import resources
from pathlib import Path

from . import storage
from .bundle import ICON_SIZES, icon_resource
from .registry import ASSETS_PACKAGE

DESKTOP_FOLDER = "desktop"
DESKTOP_FILE = "hercules.desktop"
ICON_THEME = "hicolor"
APP_ICON = "hercules.png"
#: Characters the desktop entry spec wants escaped inside a quoted Exec argument.
_ESCAPED = ('"', "`", "$", "\\")


def template() -> str:
    """The shipped desktop entry, as written in the assets."""
    return (
        resources.files(ASSETS_PACKAGE)
        .joinpath(DESKTOP_FOLDER, DESKTOP_FILE)
        .read_text(encoding="utf-8")
    )


def program() -> list[str]:
    """The command that starts this installation of the game (program and arguments).

    The bundle's program; else the ``hercules`` script that is running, or the one on the
    PATH; else this Python with ``-m hercules``. Paths are made absolute, never resolved: a
    virtual environment's ``python`` is a link whose target does not see the environment.
    """
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).absolute())]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.stem == "hercules" and script.is_file():
        return [str(script.absolute())]
    found = shutil.which("hercules")
    if found:
        return [str(Path(found).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "hercules"]


def exec_argument(arg: str) -> str:
    """One argument of an ``Exec`` line: quoted when needed, ``%`` doubled (the spec's rules)."""
    arg = arg.replace("%", "%%")
    if not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`"):
        return arg
    return '"' + "".join("\\" + c if c in _ESCAPED else c for c in arg) + '"'


def entry(command: list[str]) -> str:
    """The desktop entry with its ``Exec`` line running ``command``."""
    line = "Exec=" + " ".join(exec_argument(a) for a in command)
    out = [line if raw.startswith("Exec=") else raw for raw in template().splitlines()]
    return "\n".join(out) + "\n"


def data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` (a relative value is ignored, as the spec says)."""
    env = os.environ.get("XDG_DATA_HOME", "").strip()
    if env and Path(env).is_absolute():
        return Path(env)
    return Path.home() / ".local" / "share"


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the desktop entry and the icons under ``home`` (:func:`data_home` by default).

    Returns the files written. ``OSError`` if a folder cannot be made or a file written.
    """
    home = home if home is not None else data_home()
    target = home / "applications" / DESKTOP_FILE
    storage.atomic_write(target, entry(command or program()).encode("utf-8"), backup=False)
    written = [target]
    for size in ICON_SIZES:
        icon = home / "icons" / ICON_THEME / f"{size}x{size}" / "apps" / APP_ICON
        storage.atomic_write(icon, icon_resource(size).read_bytes(), backup=False)
        written.append(icon)
    return written


def install_verdict(home: Path | None = None) -> tuple[int, str]:
    """Install and say so in one line: ``(exit code, verdict)``."""
    if not sys.platform.startswith("linux"):
        return 1, "install-desktop: only for Linux desktops (freedesktop.org menus)"
    try:
        written = install(home)
    except OSError as exc:
        return 1, f"install-desktop failed: {exc}"
    return 0, f"installed {written[0]} and {len(written) - 1} icons under {written[1].parents[2]}"

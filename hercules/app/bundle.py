"""Is every file the box needs there? Named, so that a broken download says what it lacks.

Two lists are checked, and whatever is missing is reported by name:

* the files the box's own data names: the theme, the fonts the theme asks of pygame_gui, the
  window icon (in any install, a wheel or a bundle);
* in a one-folder bundle (:func:`bundle_root`), every file it was built with: the build
  writes the list, :data:`MANIFEST_NAME`, beside the package data (``packaging/hercules.spec``).

No pygame here: the command line's ``--self-test`` (:mod:`hercules.ui.selftest`) runs this
before it opens a window.
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from .registry import ASSETS_PACKAGE

#: The list of a bundle's files, written by the build into its contents folder.
MANIFEST_NAME = "bundle-manifest.json"
MANIFEST_FORMAT = "hercules-bundle-manifest"
#: Where PyInstaller puts everything but the programs (its ``contents_directory``).
CONTENTS = "_internal"
#: The window icon and the desktop icons: ``icons/hercules-<size>.png`` in the assets.
ICON_FOLDER = "icons"
ICON_STEM = "hercules"
ICON_SIZES: tuple[int, ...] = (16, 32, 48, 64, 128, 256)
WINDOW_ICON_SIZE = 128
#: The theme files and the package whose fonts the theme names.
THEME_FILES: tuple[str, ...] = ("ui/theme.json", "ui/gui_theme.json")
FONTS_PACKAGE = "pygame_gui.data"


class BundleError(Exception):
    """The bundle's list of files is unreadable."""


def icon_name(size: int) -> str:
    """The file name of the icon ``size`` pixels square (in ``hercules.assets/icons``)."""
    return f"{ICON_STEM}-{size}.png"


def icon_resource(size: int = WINDOW_ICON_SIZE) -> Any:
    """The icon of ``size`` pixels as a resource of ``hercules.assets`` (it may be missing)."""
    return resources.files(ASSETS_PACKAGE).joinpath(ICON_FOLDER, icon_name(size))


def bundle_root() -> Path | None:
    """The folder of the running one-folder bundle (its program's), or None if not frozen.

    None in a macOS ``.app`` too: the build lists the files of the one-folder bundle only
    (``dist/hercules``), so there the needed files are checked, not a list.
    """
    if not getattr(sys, "frozen", False):
        return None
    root = Path(sys.executable).resolve().parent
    if root.name == "MacOS" and root.parent.name == "Contents":
        return None
    return root


def manifest_path(root: Path) -> Path | None:
    """The bundle's list of files under ``root``, or None if it has none."""
    for where in (root / CONTENTS / MANIFEST_NAME, root / MANIFEST_NAME):
        if where.is_file():
            return where
    return None


def read_manifest(path: Path) -> list[str]:
    """The files a bundle's list names, relative to its root; :class:`BundleError` if bad."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BundleError(f"{path.name} is unreadable: {exc}") from None
    files = doc.get("files") if isinstance(doc, dict) else None
    if doc.get("format") != MANIFEST_FORMAT or not isinstance(files, list):
        raise BundleError(f"{path.name} is not a {MANIFEST_FORMAT} document")
    return [str(f) for f in files]


def missing_from_bundle(root: Path) -> list[str]:
    """The files the bundle at ``root`` was built with that are not there now."""
    path = manifest_path(root)
    if path is None:
        return [f"{CONTENTS}/{MANIFEST_NAME}"]
    return [name for name in read_manifest(path) if not (root / name).is_file()]


def _exists(package: str, name: str) -> bool:
    try:
        return bool(resources.files(package).joinpath(*name.split("/")).is_file())
    except (ImportError, OSError, TypeError, ValueError):
        return False


def needed_files() -> list[tuple[str, str]]:
    """(package, file) for every file the box's data names: theme, theme fonts, window icon."""
    needed = [(ASSETS_PACKAGE, f) for f in THEME_FILES]
    needed.append((ASSETS_PACKAGE, f"{ICON_FOLDER}/{icon_name(WINDOW_ICON_SIZE)}"))
    if _exists(ASSETS_PACKAGE, THEME_FILES[0]):
        theme = json.loads(
            resources.files(ASSETS_PACKAGE).joinpath(*THEME_FILES[0].split("/")).read_text("utf-8")
        )
        needed += [(FONTS_PACKAGE, font) for font in sorted(set(theme["fonts"].values()))]
    return needed


def missing_files(root: Path | None = None) -> list[str]:
    """Every needed file that is not there, by name (``package/file`` or bundle path).

    ``root`` is the bundle's folder (by default the running bundle's; None outside one).
    """
    missing = [f"{pkg}/{name}" for pkg, name in needed_files() if not _exists(pkg, name)]
    root = root if root is not None else bundle_root()
    if root is not None:
        missing += missing_from_bundle(root)
    return missing


def checked_count(root: Path | None = None) -> int:
    """How many files :func:`missing_files` checks (for the verdict)."""
    root = root if root is not None else bundle_root()
    count = len(needed_files())
    if root is not None:
        path = manifest_path(root)
        count += len(read_manifest(path)) if path is not None else 0
    return count

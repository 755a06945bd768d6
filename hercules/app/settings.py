"""The player's settings, kept in ``settings.json`` in the config folder.

Loading never fails: a missing file gives the defaults, and a bad value (wrong
type, out of range, unknown choice) falls back to its default with the reason
logged. Keys this version does not know are kept and written back, so that an
older build does not erase a newer build's settings. Saving is atomic.

At start-up :func:`open_settings` goes one step further: a file that cannot be read at all
(not JSON, binary junk, a folder in its place, unreadable) or that a newer version wrote (its
``version`` is higher: this one would read it wrongly and write it back as its own) is set
aside as ``settings.json.damaged-<time>`` (never deleted) and the caller is told, once; so is
a file whose texts had to be cleaned, which is written back clean.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from . import health, paths
from .profiles import DamagedFile, cleaned
from .registry import RegistryError, games
from .storage import StorageError, atomic_write, read_clean_json, set_aside
from .text import text_problem

log = logging.getLogger(__name__)

FORMAT = "hercules-settings"
VERSION = 1
MAX_BYTES = 64 * 1024
PALETTES = ("classic", "colourblind", "high_contrast")
#: The smallest window the game opens (below 1280x720 it draws a scaled layout: see
#: hercules.ui.app.layout_size).
MIN_WINDOW = (800, 450)
MAX_WINDOW = (16384, 16384)


@dataclass
class Settings:
    """Everything the player can choose on the settings screen."""

    animation_speed: float = 1.0  #: 0 = animations off; 1 normal; up to 4
    bot_delay: float = 0.6  #: seconds a bot's move stays visible before the next (0-5)
    fullscreen: bool = False
    #: The windowed size in real pixels, as the player last left it; None until then: the
    #: first window is the default size at the display's scale, fitted to the desktop.
    window_size: tuple[int, int] | None = None
    ui_scale: float = 1.0  #: 0.75-2
    palette: str = "classic"  #: one of PALETTES
    show_bot_reasoning: bool = False  #: the log tells why bots play as they do (with figures)
    master_volume: float = 1.0  #: 0-1, scales the two below
    music_volume: float = 0.5  #: 0-1 (0: no theme)
    effects_volume: float = 0.8  #: 0-1
    mute: bool = False  #: no sound at all (the volumes are kept for when it is turned back on)
    language: str = "en"  #: a language tag; the UI falls back to English if it has no strings
    #: The title has offered the guided first game once (at the first launch): never again.
    tutorial_offered: bool = False
    #: Each game's last setup (seats, levels, names, mode), by game id: the setup screen
    #: starts from it. The shell keeps it as plain data; the game checks what it means.
    last_setup: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Each game's own settings, by game id (what its ``settings`` tool hook declares): only
    #: the values the player chose; :meth:`game_value` gives the game's default otherwise.
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  #: unknown keys, kept as they were

    @classmethod
    def from_json(cls, doc: Any) -> tuple[Settings, list[str]]:
        """Settings from a parsed document, and the problems found (each fell back to default)."""
        out = cls()
        problems: list[str] = []
        if not isinstance(doc, dict):
            return out, ["the settings file is not a JSON object: using the defaults"]
        if doc.get("format", FORMAT) != FORMAT:
            return out, ["not a settings file: using the defaults"]
        for f in fields(cls):
            if f.name == "extra" or f.name not in doc:
                continue
            value, problem = _check(f.name, doc[f.name], getattr(out, f.name))
            if problem:
                problems.append(f"{f.name}: {problem}; using {getattr(out, f.name)!r}")
            else:
                setattr(out, f.name, value)
        problems += out._check_games(doc)
        known = {f.name for f in fields(cls)} | {"format", "version"}
        moved = {s.legacy for _, s in game_settings() if s.legacy}
        out.extra = {k: v for k, v in doc.items() if k not in known and k not in moved}
        return out, problems

    def _check_games(self, doc: dict[str, Any]) -> list[str]:
        """Keep the games' values that their games accept (a registered game's section is
        checked field by field; another box's game is kept as plain data) and read an older
        file's top-level keys into their game's section."""
        problems: list[str] = []
        self.games = {g: dict(v) for g, v in self.games.items()}  # never the parsed document's
        for game_id, setting in game_settings():
            section = self.games.get(game_id, {})
            if setting.key not in section and setting.legacy in doc:
                section[setting.key] = doc[setting.legacy]  # the file of an older build
            if setting.key in section:
                problem = setting.problem(section[setting.key])
                if problem:
                    del section[setting.key]
                    problems.append(f"{game_id}.{setting.key}: {problem}; using the default")
            if section:
                self.games[game_id] = section
        return problems

    def game_value(self, game_id: str, key: str) -> Any:
        """A game's setting: the player's choice, else the default its game declares.

        Raises ``KeyError`` if the game declares no setting ``key``.
        """
        for owner, setting in game_settings():
            if owner == game_id and setting.key == key:
                return self.games.get(game_id, {}).get(key, setting.default)
        raise KeyError(f"game {game_id!r} has no setting {key!r}")

    def set_game_value(self, game_id: str, key: str, value: Any) -> None:
        """Choose a game's setting (``ValueError`` if its game does not accept ``value``)."""
        for owner, setting in game_settings():
            if owner == game_id and setting.key == key:
                problem = setting.problem(value)
                if problem:
                    raise ValueError(f"{game_id}.{key}: {problem}")
                self.games.setdefault(game_id, {})[key] = value
                return
        raise KeyError(f"game {game_id!r} has no setting {key!r}")

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON-ready document (unknown keys included)."""
        doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, **self.extra}
        for k, v in asdict(self).items():
            if k != "extra":
                doc[k] = list(v) if isinstance(v, tuple) else v
        return doc


@dataclass(frozen=True)
class GameSetting:
    """One setting a game declares (its ``settings`` tool hook returns a sequence of them):
    a yes/no choice shown on the settings screen under the game's name."""

    key: str  #: its name in the game's section of the settings file
    default: bool  #: the value until the player chooses
    label: str  #: the string key of its row on the settings screen (in the game's table)
    #: the top-level key an older settings file kept it under ("" if none): read once, moved
    legacy: str = ""

    def problem(self, value: Any) -> str:
        """Why ``value`` cannot be this setting ("" if it can)."""
        return "" if isinstance(value, bool) else f"{value!r} is not true/false"[:80]


def game_settings() -> list[tuple[str, GameSetting]]:
    """Every registered game's settings, as (game id, setting), in the box's order.

    A game declares them with its ``settings`` tool hook (``settings() -> Sequence[GameSetting]``);
    a game without one has none. Never raises: a hook that fails gives its game none.
    """
    out: list[tuple[str, GameSetting]] = []
    try:
        box = games()
    except RegistryError:
        return out
    for spec in box:
        try:
            hook = spec.tool_entry("settings")
            declared: Sequence[GameSetting] = hook() if hook is not None else ()
        except (ImportError, AttributeError, TypeError):
            log.warning("game %s: its settings hook failed; it has no settings", spec.id)
            continue
        out += [(spec.id, s) for s in declared if isinstance(s, GameSetting)]
    return out


def _number(value: Any, lo: float, hi: float) -> tuple[float, str]:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0, f"{value!r} is not a number"[:80]
    if not lo <= value <= hi:
        return 0.0, f"{value!r} is outside {lo}-{hi}"
    return float(value), ""


_RANGES = {
    "animation_speed": (0.0, 4.0),
    "bot_delay": (0.0, 5.0),
    "ui_scale": (0.75, 2.0),
    "master_volume": (0.0, 1.0),
    "music_volume": (0.0, 1.0),
    "effects_volume": (0.0, 1.0),
}
_LANG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")


def _check(name: str, value: Any, default: Any) -> tuple[Any, str]:
    """The value to use for a field, or a problem (the caller keeps the default)."""
    if name in _RANGES:
        return _number(value, *_RANGES[name])
    if isinstance(default, bool):
        return (value, "") if isinstance(value, bool) else (None, f"{value!r} is not true/false")
    if name == "window_size":
        if value is None:
            return None, ""  # never resized: the box picks the size for the screen
        ok = (
            isinstance(value, list)
            and len(value) == 2
            and all(type(x) is int for x in value)
            and all(MIN_WINDOW[i] <= value[i] <= MAX_WINDOW[i] for i in range(2))
        )
        return (tuple(value), "") if ok else (None, f"{value!r} is not a window size"[:80])
    if name == "palette":
        return (value, "") if value in PALETTES else (None, f"unknown palette {value!r}"[:80])
    if name in ("last_setup", "games"):
        problem = _setup_problem(value, name)
        return (value, "") if not problem else (None, problem)
    if name == "language":
        ok = isinstance(value, str) and _LANG.fullmatch(value) is not None
        return (value, "") if ok else (None, f"{value!r} is not a language tag"[:80])
    return None, "unknown setting"


#: Bounds of a game's remembered setup: its games, keys, list lengths and text.
_SETUP_GAMES = 16
_SETUP_KEYS = 16
_SETUP_ITEMS = 8


def _setup_problem(value: Any, name: str = "last_setup") -> str:
    """Why ``value`` is not a ``last_setup`` or ``games`` (games → {key: text, number, flag or
    list})."""
    if not isinstance(value, dict) or len(value) > _SETUP_GAMES:
        return f"{name} is not a small object"
    for game, setup in value.items():
        if not isinstance(setup, dict) or len(setup) > _SETUP_KEYS or text_problem(game, 40):
            return f"{name} of {game!r} is not a small object"[:80]
        for key, item in setup.items():
            items = item if isinstance(item, list) else [item]
            if text_problem(key, 40) or len(items) > _SETUP_ITEMS:
                return f"{name} key {key!r} is not allowed"[:80]
            for x in items:
                if isinstance(x, str):
                    if text_problem(x, 100):
                        return f"{name} {key!r}: {text_problem(x, 100)}"[:80]
                elif isinstance(x, bool) or (isinstance(x, int) and abs(x) < 10**18):
                    continue
                else:
                    return f"{name} {key!r} holds {type(x).__name__}"[:80]
    return ""


def load_settings(path: str | os.PathLike[str] | None = None) -> Settings:
    """The settings in ``path`` (default: :func:`paths.settings_path`); never raises.

    A missing file gives the defaults quietly; an unreadable file or bad value
    is logged as a warning and replaced by its default.
    """
    return _load(Path(path) if path is not None else paths.settings_file())[0]


def _load(path: Path) -> tuple[Settings, DamagedSettings | None, Any, int]:
    """The settings; why the whole file is unusable (None when it is missing or usable,
    ``kept`` then None: nothing is moved here); the cleaned document and how many of its
    texts were cleaned (0: none)."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return Settings(), None, None, 0
    except OSError as exc:
        log.warning("settings %s: %s; using the defaults", path, exc)
        return Settings(), None, None, 0  # the folder itself: the start-up check says so
    try:
        doc, changed = read_clean_json(path, MAX_BYTES)  # every text by the one rule
    except StorageError as exc:
        log.warning("settings %s: %s; using the defaults", path, exc.reason)
        return Settings(), DamagedSettings(exc.reason, None), None, 0
    version = doc.get("version") if isinstance(doc, dict) else None
    if type(version) is int and version > VERSION and doc.get("format", FORMAT) == FORMAT:
        # A newer build's file: what its values mean may have changed, and writing it back
        # as version 1 would lose them. The defaults are used and the file is kept aside.
        why = f"written by a newer version of the game (format {version})"
        log.warning("settings %s: %s; using the defaults", path, why)
        return Settings(), DamagedSettings(why, None, "newer"), None, 0
    settings, problems = Settings.from_json(doc)
    for problem in problems:
        log.warning("settings %s: %s", path, problem)
    whole = not isinstance(doc, dict) or doc.get("format", FORMAT) != FORMAT
    if whole and problems:
        return settings, DamagedSettings(problems[0], None), None, 0
    return settings, None, doc, changed


@dataclass(frozen=True)
class DamagedSettings:
    """A settings file that could not be used as it was: why, where it is now, and ``kind``.

    ``kind`` "damaged" or "newer" (written by a newer version): set aside as ``kept`` (None:
    left in place), the defaults used. "cleaned": some texts held characters no file may
    keep, which were taken out; ``kept`` is the file itself, written back clean.
    """

    reason: str
    kept: Path | None
    kind: str = "damaged"

    def words(self) -> tuple[str, dict[str, str]]:
        """The key and values of the one message about it (``settings.damaged``,
        ``settings.newer``, ``settings.cleaned``; ``_left`` when it stayed in place)."""
        return DamagedFile(self.kind, self.reason, self.kept).words("settings")


def open_settings(
    path: str | os.PathLike[str] | None = None,
) -> tuple[Settings, DamagedSettings | None]:
    """The settings for start-up (default: :func:`paths.settings_file`); never raises.

    As :func:`load_settings`, but a file that cannot be used at all (damaged, or written by
    a newer version) is renamed to ``<name>.damaged-<YYYYmmdd-HHMMSS>`` beside it, so that
    the player's next change does not overwrite it and it can be looked at; the second
    value says so (None when all is well). A file some of whose texts had to be cleaned is
    used and written back clean, and the second value says that (kind "cleaned"). Bad single
    values only fall back to their defaults, as in :func:`load_settings`.
    """
    path = Path(path) if path is not None else paths.settings_file()
    settings, damaged, doc, changed = _load(path)
    if damaged is not None:
        return settings, DamagedSettings(damaged.reason, set_aside(path), damaged.kind)
    if changed:
        told = cleaned(path, changed, doc, backup=False)
        return settings, DamagedSettings(told.reason, told.kept, told.kind)
    return settings, None


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> None:
    """Write the settings atomically (default: :func:`paths.settings_path`).

    Raises ``OSError`` if the file cannot be written; the old file is then unchanged.
    Without ``path``, raises :class:`~.health.SavingOff` when saving settings (or the
    profile's own files) is off, :class:`~.health.FolderProblem` when its folder cannot be
    made (a file in its place).
    """
    if path is None:
        health.check(health.SETTINGS)
    path = Path(path) if path is not None else paths.settings_path()
    data = json.dumps(settings.to_json(), ensure_ascii=False, allow_nan=False, indent=2)
    atomic_write(path, data.encode("utf-8") + b"\n", backup=False)

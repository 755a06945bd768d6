"""Crash reports: what went wrong, written where the player (and we) can find it.

An uncaught error must never cost a game or hide itself. When the frame loop meets one, the
app saves the running game (its autosave), then :func:`write_report` writes a text report to
the platform's log folder (:func:`hercules.app.paths.log_dir`): the version, the platform,
the last lines the box logged (:class:`LogTail`), the traceback, and the current game's save
document, which is also written beside it as a save file the game can open. The player is
told where the report is. Writing the report never raises: a log folder that cannot be
written leaves the report unwritten (``None``) and the original error is still shown.
"""

from __future__ import annotations

import json
import logging
import platform
import sys
import time
import traceback
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hercules import __version__

from . import paths

__all__ = ["LOG_LINES", "CrashReport", "LogTail", "install_log_tail", "write_report"]

#: How many of the last log lines a report carries.
LOG_LINES = 200
log = logging.getLogger(__name__)


class LogTail(logging.Handler):
    """Keeps the last :data:`LOG_LINES` log records as text, for a crash report."""

    def __init__(self, lines: int = LOG_LINES) -> None:
        super().__init__(logging.INFO)
        self.lines: deque[str] = deque(maxlen=lines)
        self.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        """Keep one record's line (never raises: logging must not crash the game)."""
        try:
            self.lines.append(self.format(record))
        except Exception:  # noqa: BLE001 - a record that cannot be formatted is skipped
            self.handleError(record)


_TAIL: list[LogTail] = []


def install_log_tail() -> LogTail:
    """The process's :class:`LogTail`, attached to the ``hercules`` loggers (once)."""
    if not _TAIL:
        tail = LogTail()
        logger = logging.getLogger("hercules")
        logger.addHandler(tail)
        if logger.level == logging.NOTSET or logger.level > logging.INFO:
            logger.setLevel(logging.INFO)
        _TAIL.append(tail)
    return _TAIL[0]


class CrashReport:
    """Where a report went: ``path`` (the text) and ``save`` (the game, if there was one)."""

    def __init__(self, path: Path, save: Path | None) -> None:
        self.path = path
        self.save = save


def _text(
    error: BaseException, document: Mapping[str, Any] | None, about: Mapping[str, str]
) -> str:
    lines = [
        "Hercules crash report",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"version: {__version__}",
        f"python: {sys.version.split()[0]} ({platform.python_implementation()})",
        f"platform: {platform.platform()}",
        *(f"{key}: {value}" for key, value in about.items()),
        "",
        "== traceback",
        *traceback.format_exception(type(error), error, error.__traceback__),
        "== last log lines",
        *(_TAIL[0].lines if _TAIL else ["(no log kept)"]),
        "",
        "== the game being played",
        *_game_lines(document),
        "",
    ]
    return "\n".join(line.rstrip("\n") for line in lines)


#: What the text tells of the game: its public facts only. The seed, the log, the snapshot
#: and the bots' generators (every card still hidden, the deck's order) stay in the save
#: written beside the report, which is a save like any other: the text is what a player
#: reads, pastes into a message or shows on a screen before the game is over.
PUBLIC_KEYS = ("game", "app_version", "created", "updated", "label", "seats", "names", "meta")


def _game_lines(document: Mapping[str, Any] | None) -> list[str]:
    if not document:
        return ["(no game)"]
    public = {key: document[key] for key in PUBLIC_KEYS if key in document}
    log = document.get("log")
    public["actions"] = len(log) if isinstance(log, list) else 0
    return [
        json.dumps(public, ensure_ascii=False, indent=1),
        "(the whole game is in the save written beside this report, the .json of its name)",
    ]


def write_report(
    error: BaseException,
    document: Mapping[str, Any] | None = None,
    about: Mapping[str, str] | None = None,
    folder: Path | None = None,
) -> CrashReport | None:
    """Write a report of ``error`` (with the game's save ``document``, facts ``about`` the
    app) into ``folder`` (default: the log folder); None if it could not be written.

    Never raises: the caller is already handling an error that must stay visible.
    """
    try:
        where = folder if folder is not None else paths.log_dir()
        where.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = where / f"crash-{stamp}.txt"
        n = 1
        while path.exists():  # two crashes in one second each keep their report
            n += 1
            path = where / f"crash-{stamp}-{n}.txt"
        # A lone surrogate (a name read from a file, an error quoting one) must not cost the
        # report: it is written as its escape, which in the JSON copy is the JSON escape.
        text = _text(error, document, about or {})
        path.write_bytes(text.encode("utf-8", "backslashreplace"))
        save = None
        if document:
            save = path.with_suffix(".json")
            data = json.dumps(document, ensure_ascii=False)
            save.write_bytes(data.encode("utf-8", "backslashreplace"))
        return CrashReport(path, save)
    except Exception as exc:  # noqa: BLE001 - the report is a courtesy; the error must show
        log.error("could not write a crash report: %s", exc)
        return None

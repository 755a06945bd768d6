"""``hercules --self-test``: does this installation of the box work? One line says.

Headless (SDL's dummy drivers unless a driver is chosen) and in a throwaway data folder, so it
never touches the player's saves or settings, it

1. checks that every file the box needs is there, and in a bundle every file it was built
   with (:mod:`hercules.app.bundle`), naming the missing ones;
2. loads the games of the box (their specs, scenes and words);
3. opens the window on the title screen, then every registered game's table, for a few
   frames each;
4. loads every example save, checks that it opens, and opens it on its table.

:func:`run` returns the exit code (0 passed, 1 failed) and the verdict:
``self-test passed: ...`` or ``self-test failed: <what>: <why>``.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from typing import Any

from hercules.app import bundle, paths, saves
from hercules.app.registry import GameSpec, games, load_games, rules_for
from hercules.app.settings import Settings

from .app import App
from .strings import check_tables

#: Frames each screen is drawn for.
FRAMES = 5
#: The window of the test: the smallest the box allows.
SIZE = (1280, 720)
FRAME_S = 1 / 60
#: The most missing files the verdict names (then how many more).
NAMED = 8


class SelfTestFailure(Exception):
    """A step of the self-test failed; the message is the verdict's reason."""


def headless() -> None:
    """SDL's dummy video and audio drivers, unless the caller chose drivers."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def missing_words(missing: list[str]) -> str:
    """The missing files, named (the first :data:`NAMED`, then how many more)."""
    named = ", ".join(missing[:NAMED])
    more = len(missing) - NAMED
    return named + (f" and {more} more" if more > 0 else "")


def check_files() -> int:
    """Every needed file is there (:class:`SelfTestFailure` naming those missing); the count."""
    try:
        missing = bundle.missing_files()
    except bundle.BundleError as exc:
        raise SelfTestFailure(str(exc)) from None
    if missing:
        files = "file" if len(missing) == 1 else "files"
        raise SelfTestFailure(f"{len(missing)} {files} missing: {missing_words(missing)}")
    return bundle.checked_count()


def frames(app: App, count: int = FRAMES) -> None:
    """Draw ``count`` frames (events, update, draw) without waiting between them."""
    for _ in range(count):
        app.frame(FRAME_S)


def new_game(spec: GameSpec[Any, Any, Any]) -> tuple[Any, list[str]]:
    """A new game of ``spec``: its first variant, one human and bots, the fewest seats it takes.

    Tries more seats and the other variants when a variant refuses that many.
    """
    lo, hi = spec.players
    for variant in spec.variants:
        for players in range(lo, hi + 1):
            kinds = ["human"] + [spec.bot_levels[0]] * (players - 1)
            try:
                ctl = spec.new_controller(variant, kinds, 1)
            except ValueError:
                continue
            config = spec.rules.config_to_json(ctl.state)
            return ctl, list(spec.ui_entry("seat_names")(ctl.seats, config))
    raise SelfTestFailure(f"no variant of {spec.id} starts with {lo}-{hi} seats")


def step(what: str, fn: Callable[[], Any]) -> Any:
    """Run one step; any exception becomes a :class:`SelfTestFailure` that says which step."""
    try:
        return fn()
    except SelfTestFailure:
        raise
    except Exception as exc:  # noqa: BLE001 - the verdict names it, never a traceback
        raise SelfTestFailure(f"{what}: {type(exc).__name__}: {exc}") from None


def open_games(app: App) -> list[str]:
    """Every registered game's table, a few frames each; the games' ids."""
    ids = []
    for spec in games():

        def table(spec: GameSpec[Any, Any, Any] = spec) -> None:
            ctl, names = new_game(spec)
            app.nav.play(spec.id, ctl, names)
            frames(app)
            app.nav.title()

        step(f"the table of {spec.id}", table)
        ids.append(spec.id)
    return ids


def open_examples(app: App) -> int:
    """Every example save loaded, checked and opened on its table; how many."""
    examples = saves.example_saves()
    if not examples:
        raise SelfTestFailure(f"no example saves in {saves.EXAMPLES_PACKAGE}")
    for path in examples:

        def example(path: Any = path) -> None:
            loaded = saves.load_save(path, rules_for)
            saves.check_openable(loaded)
            app.nav.open_saved(loaded)
            frames(app)
            app.nav.title()

        step(f"the example save {path.name}", example)
    return len(examples)


def load_box() -> None:
    """The games of the box and their words (what the command line does at start)."""
    load_games()
    check_tables()


def title(app: App) -> None:
    """The title screen, a few frames."""
    app.nav.title()
    frames(app)


def run_checks() -> str:
    """Every step; the passed verdict's details. :class:`SelfTestFailure` at the first failure."""
    checked = step("checking files", check_files)
    step("loading the games", load_box)
    settings = Settings(animation_speed=0.0, bot_delay=0.0)
    app = step("opening the window", lambda: App(SIZE, settings))
    try:
        step("the title screen", lambda: title(app))
        ids = open_games(app)
        examples = open_examples(app)
    finally:
        app.close()
    return (
        f"{len(ids)} games opened ({', '.join(ids)}), {examples} example saves loaded, "
        f"{checked} files present"
    )


def run() -> tuple[int, str]:
    """The self-test: ``(exit code, one-line verdict)``. Never raises."""
    headless()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="hercules-self-test-") as folder:
        paths.set_data_dir(folder)  # nothing of the player's is read or written
        try:
            details = run_checks()
        except SelfTestFailure as exc:
            return 1, one_line(f"self-test failed: {exc}")
        except Exception as exc:  # noqa: BLE001 - the last catch: a verdict, never a traceback
            return 1, one_line(f"self-test failed: {type(exc).__name__}: {exc}")
        finally:
            paths.set_data_dir(None)
    return 0, one_line(f"self-test passed: {details}, in {time.perf_counter() - start:.1f} s")


def one_line(text: str) -> str:
    """``text`` on one line (an exception's message may hold line breaks)."""
    return " ".join(text.split())

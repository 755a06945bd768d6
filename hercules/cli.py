"""The ``hercules`` command: start the table, or check a save file headless."""

from __future__ import annotations

import argparse
import sys
import traceback
from functools import partial
from typing import TYPE_CHECKING, Any

from hercules import __version__
from hercules.app import desktop, health, paths, profiles, saves
from hercules.app.crash import write_report
from hercules.app.health import StorageProblem
from hercules.app.profiles import DamagedFile, open_profiles
from hercules.app.registry import GameSpec, RegistryError, get_game, load_games, rules_for
from hercules.app.settings import DamagedSettings, Settings, open_settings
from hercules.app.statistics import open_statistics
from hercules.ui.dpi import ENV, parse_scale
from hercules.ui.strings import check_tables, t

if TYPE_CHECKING:  # the window's modules load pygame: main imports them only when it opens one
    from hercules.ui.app import App


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x900, not {text!r}") from None
    if w < 1280 or h < 720:
        raise argparse.ArgumentTypeError("the smallest window is 1280x720")
    return w, h


def _display_scale(text: str) -> float:
    try:
        return parse_scale(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    """The command-line options."""
    parser = argparse.ArgumentParser(prog="hercules", description="Hercules: a box of board games.")
    parser.add_argument("--version", action="version", version=f"hercules {__version__}")
    parser.add_argument("--size", type=_size, default=None, help="window size, e.g. 1600x900")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument(
        "--display-scale",
        type=_display_scale,
        default=None,
        metavar="K",
        help=f"real pixels per layout pixel, 1-3 or 100%%-300%% (default: the screen's; also "
        f"{ENV})",
    )
    parser.add_argument(
        "--frames", type=int, default=None, help="stop after this many frames (for smoke tests)"
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        default=None,
        help="keep saves and settings in DIR instead of the user folders",
    )
    parser.add_argument(
        "--check-save",
        metavar="FILE",
        default=None,
        help="validate a save file, print a one-line verdict and exit (0 good, 1 not)",
    )
    parser.add_argument(
        "--trust-edits",
        action="store_true",
        help="with --check-save: accept a file changed outside the game if it still replays",
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="headless: check the files, open every game's table and example save; 0 or 1",
    )
    parser.add_argument(
        "invite",
        nargs="?",
        default=None,
        help="a table's invite (hercules://address:port/code): open Play online to join it",
    )
    parser.add_argument(
        "--install-desktop",
        action="store_true",
        help="Linux: add Hercules to the desktop's menu (~/.local/share) and exit",
    )
    return parser


def check_save(path: str, trust_edits: bool = False) -> tuple[int, str]:
    """Validate a save file: ``(exit code, one-line verdict)``. Never imports pygame.

    ``trust_edits`` accepts a file changed outside the game when it still replays (as the
    load screen's "open anyway" does); the verdict then says it was edited.
    """
    name = saves.printable(path)  # the verdict stays one printable line whatever the name holds
    try:
        game = saves.load_save(path, rules_for, trust_edits=trust_edits)
        saves.check_openable(game)  # the checks opening runs: "good" means "will open"
        return 0, f"{name}: good save: {_describe(game)}"
    except saves.SaveError as exc:
        return 1, f"{name}: bad save: {exc.reason}"
    except Exception as exc:  # noqa: BLE001 - the last catch: a verdict, never a traceback
        return 1, f"{name}: bad save: {saves.damaged(exc, path).reason}"


def _describe(game: saves.LoadedGame) -> str:
    # The good verdict's details, from the listing metadata (which the load checked): the
    # game's own words (its ``describe_save`` tool hook) or the shell's generic ones, then
    # what the shell knows of the file itself (actions, format, edits).
    try:
        spec: GameSpec[Any, Any, Any] | None = get_game(game.game)
    except RegistryError:
        spec = None
    hook = spec.tool_entry("describe_save") if spec is not None else None
    names = list(game.names)
    try:
        body = hook(game.meta, names) if hook is not None else _describe_generic(game, spec)
    except (KeyError, TypeError, IndexError, ValueError):
        # A summary without the keys its game's words expect: its seats only.
        body = f"{game.game}, {len(game.seats)} seats"
    upgraded = ""
    if game.file_version != saves.FORMAT_VERSION:
        upgraded = f", upgraded from format {game.file_version}"
    if game.rules_changed:  # saved before a rules fix: its log replayed under today's rules
        upgraded += f", replayed under rules changed since ({'; '.join(game.rules_changed)})"
    edited = ", edited outside the game" if game.edited else ""
    return f"{body}, {len(game.actions)} actions{upgraded}{edited}"


def _describe_generic(game: saves.LoadedGame, spec: GameSpec[Any, Any, Any] | None) -> str:
    """Any game's save in words, from what every rules' ``summary`` holds (players, round,
    finished) and, when it says, the winners."""
    m = game.meta

    def who(seat: int) -> str:
        return game.names[seat] or f"seat {seat + 1}"

    name = spec.name("en") if spec is not None else game.game
    if m["finished"]:
        result = f"finished in round {m['round']}"
        winners = m.get("winners") or []
        if winners:
            result += f", won by {' and '.join(map(who, winners))}"
    else:
        result = f"round {m['round']}"
    return f"{name}, {m['players']} players, {result}"


def self_test() -> tuple[int, str]:
    """``--self-test`` (:mod:`hercules.ui.selftest`): ``(exit code, one-line verdict)``."""
    from hercules.ui import selftest  # the window's modules: imported only when asked for

    return selftest.run()


def _print_line(text: str) -> None:
    # A terminal that cannot show a character gets an escape instead of a crash.
    try:
        print(text)
    except UnicodeEncodeError:
        print(text.encode("ascii", "backslashreplace").decode("ascii"))


def prepare() -> tuple[StorageProblem | None, Settings, DamagedSettings | None]:
    """Before the window: can files be kept (saving is off if not), and the settings.

    Never raises: a folder that cannot keep files turns saving off, a damaged settings file
    is set aside and the defaults are used; the caller tells the player (:func:`tell`).
    """
    problem = paths.check_storage()
    settings, damaged = open_settings()
    return problem, settings, damaged


def first_launch() -> bool:
    """True when the box has never kept settings here (its very first start): the title then
    offers the guided first game, once."""
    try:
        return not paths.settings_file().exists()
    except OSError:
        return False  # a folder that cannot be read is no sign of a first start


def open_profile() -> list[tuple[str, DamagedFile]]:
    """Before :func:`prepare`: the profile the last start used (its settings and statistics
    from now on), and the files that could not be used ("profiles" or "stats"; each was
    set aside, never deleted). Never raises."""
    found, unusable = open_profiles()
    profiles.use(found, found.current)
    _, stats = open_statistics()
    return [(what, bad) for what, bad in (("profiles", unusable), ("stats", stats)) if bad]


def tell_files(app: App, unusable: list[tuple[str, DamagedFile]]) -> None:
    """Queue for the title one message per file :func:`open_profile` could not use."""
    for what, bad in unusable:
        key, values = bad.words(what)
        app.notify(partial(t, key, **values))


def tell(app: App, problem: StorageProblem | None, damaged: DamagedSettings | None) -> None:
    """Queue what :func:`prepare` found for the title screen, worded when shown."""
    if problem is not None:
        app.notify(lambda: t("storage.startup", why=str(problem)))
    own = health.problem(health.PROFILE)  # the profile's folders (saves are still kept)
    if own is not None:
        app.notify(lambda: t("storage.profile", why=str(own)))
    if damaged is not None:
        key, values = damaged.words()  # damaged, newer or cleaned
        app.notify(partial(t, key, **values))


def main(argv: list[str] | None = None) -> int:
    """Run the game; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.invite is not None:
        from hercules.net.remote import parse_invite  # no window, no pygame: checked at once

        try:
            parse_invite(args.invite)
        except ValueError as exc:
            parser.error(f"{args.invite[:80]!r} is no invite: {exc}")
    if args.self_test or args.install_desktop:
        code, verdict = self_test() if args.self_test else desktop.install_verdict()
        _print_line(verdict)
        return code
    if args.data_dir is not None:
        paths.set_data_dir(args.data_dir)
    try:
        load_games()
        check_tables()  # the games' words must not clash with the shell's or each other's
    except RegistryError as exc:
        print(f"hercules: cannot start: {exc}", file=sys.stderr)
        return 2
    if args.check_save is not None:
        code, verdict = check_save(args.check_save, args.trust_edits)
        _print_line(verdict)
        return code
    # Imported here, not at the top: the window's modules load pygame, which --check-save and
    # --help never need (they stay fast and work on a machine without a display).
    from hercules.ui.app import App

    unusable = open_profile()
    first = first_launch()
    problem, settings, damaged = prepare()
    size = args.size or settings.window_size  # None: the default for the screen's scale
    app: App | None = None
    try:
        app = App(size, settings, persist=True, display_scale=args.display_scale)
        tell(app, problem, damaged)
        tell_files(app, unusable)
        app.nav.offer_tutorial = first  # the guided game is offered over the first title
        if args.fullscreen or settings.fullscreen:
            settings.fullscreen = False  # toggle_fullscreen flips it on
            app.toggle_fullscreen()
        app.nav.title()
        if args.invite is not None:  # a friend's invite: the join form, filled in
            app.nav.online(args.invite.strip())
        app.run(max_frames=args.frames)
    except Exception as error:  # noqa: BLE001 - the last boundary: report, never hide it
        return give_up(error, app)
    finally:
        if app is not None:
            app.close()
    return 0


def give_up(error: Exception, app: App | None) -> int:
    """The game cannot go on: make sure a report of ``error`` exists, say where, return 1.

    The app has written one when its frame loop gave up (a crash loop); an error before the
    window opened has none yet. The traceback is shown either way.
    """
    report = getattr(app, "last_report", None)
    if app is None or getattr(app, "last_crash", None) is None:
        report = write_report(error)
        traceback.print_exception(error, file=sys.stderr)
    where = f"a report is in {report.path}" if report is not None else "no report could be written"
    line = f"hercules: stopped by an error ({type(error).__name__}: {error}); {where}"
    print(line.encode("ascii", "backslashreplace").decode("ascii"), file=sys.stderr)
    return 1

"""Navigation: the one module that knows which scene opens which.

Scenes never import one another; they ask ``app.nav`` to go somewhere. The shell's own
scenes are imported here; a game's scenes are found through the registry by role, so the
shell stays ignorant of every game.
"""

from __future__ import annotations

import random
import time
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from hercules.app import health, paths, saves
from hercules.app.controller import GameController, Record
from hercules.app.registry import GameSpec, games, get_game, rules_for
from hercules.app.statistics import Added, record_finished
from hercules.app.tutorials import Script, ScriptError, load_script

from .scene import Guide, Scene, Shell
from .scenes.games import GamesScene
from .scenes.load import LoadScene, refusal
from .scenes.overlays import ConfirmOverlay
from .scenes.profiles import ProfilesScene, damaged_words
from .scenes.settings import SettingsScene
from .scenes.statistics import StatisticsScene
from .scenes.title import TitleScene
from .strings import language, t
from .table import GameTable
from .tutorial import Coach

if TYPE_CHECKING:  # the network (asyncio, websockets) loads when a player goes online, not before
    from hercules.net.remote import EmbeddedServer, RemoteController, Session


class Navigator:
    """Opens scenes on an app's stack: the title, a game's setup, table, replay and rules."""

    def __init__(self, app: Shell) -> None:
        self.app = app
        #: Record finished games in the profile's statistics (the real window does; tests
        #: and screenshots do not, unless they ask).
        self.keep_statistics = app.persist
        #: What recording each finished game did, by its controller (the game-over reads it).
        self.recorded: weakref.WeakKeyDictionary[Any, Added] = weakref.WeakKeyDictionary()
        #: The guided game being played, if any (its coach watches the table's input).
        self.tutorial: Coach | None = None
        #: Offer the guided game over the title: the command line sets it at the very first
        #: start (no settings kept yet); the offer is made once (``tutorial_offered``).
        self.offer_tutorial = False
        #: The table server this app hosts (Host a table), kept from its lobby to the end
        #: of its games (its rematches too); stopped when the host goes back to the title.
        self.hosting: EmbeddedServer | None = None
        #: The online game on the table now, if any (its game over asks for a rematch).
        self.online_game: RemoteController | None = None

    # --- the shell's screens ---------------------------------------------------------------
    def title(self) -> None:
        """Back to the title screen, alone on the stack (a hosted table's server stops)."""
        self.tutorial = None
        self.online_game = None
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None
        self.app.replace(TitleScene(self.app))

    # --- online -----------------------------------------------------------------------------
    def online(self, invite: str = "") -> None:
        """Host or join a table, over the current screen (``invite``: filled in)."""
        from .scenes.online import OnlineScene

        self.app.push(OnlineScene(self.app, invite))

    def lobby(self, session: Session, server: EmbeddedServer | None) -> None:
        """A table's lobby in place of everything (``server``: the one this app hosts)."""
        from .scenes.online import LobbyScene

        if server is not None:
            self.hosting = server
        self.app.replace(LobbyScene(self.app, session, server))

    def play_online(self, ctl: RemoteController) -> Scene:
        """The game's own table, played through the server (not saved here: the server
        keeps it; not in the statistics: a view cannot be scored for every seat)."""
        spec = get_game(ctl.game)
        config = spec.rules.config_to_json(ctl.state)
        defaults = spec.ui_entry("seat_names")(ctl.seats, config, ())
        names = [s.name or defaults[i] for i, s in enumerate(ctl.seats)]
        table = self._scene(spec.id, "table")(
            self.app, ctl, names, autosave=False, created=saves.now_iso()
        )
        self.tutorial = None
        self.online_game = ctl
        self.app.replace(table)
        return cast(Scene, table)

    def settings(self) -> None:
        """The settings screen over the current one."""
        self.app.push(SettingsScene(self.app))

    def load(self) -> None:
        """The load screen over the current one."""
        self.app.push(LoadScene(self.app))

    def statistics(self) -> None:
        """The statistics of the profile in use, over the current screen."""
        self.app.push(StatisticsScene(self.app))

    def profiles(self) -> None:
        """Choose or make a profile, over the current screen."""
        self.app.push(ProfilesScene(self.app))

    def confirm(
        self,
        question: str | Callable[[], str],
        on_yes: Callable[[], None],
        body: str | Callable[[], str] | None = None,
    ) -> None:
        """Ask a yes/no question over the current screen; ``body`` says what Yes will do."""
        self.app.push(ConfirmOverlay(self.app, question, on_yes, body))

    def new_game(self) -> None:
        """New game: choose a game of the box (straight to its setup when there is one)."""
        box = games()
        if len(box) == 1:
            self.setup(box[0].id)
        else:
            self.app.push(GamesScene(self.app, box, "setup"))

    def rules(self, game_id: str | None = None) -> None:
        """A game's rules (the title asks which game when the box holds several)."""
        if game_id is None:
            box = games()
            if len(box) != 1:
                self.app.push(GamesScene(self.app, box, "rules"))
                return
            game_id = box[0].id
        self.app.push(self._scene(game_id, "rules")(self.app))

    # --- guided first games ------------------------------------------------------------------
    def learn(self) -> None:
        """Learn to play: choose a game with a guided game (straight to it when one has)."""
        box = [spec for spec in games() if spec.guided]
        if len(box) == 1:
            self.tutorial_game(box[0].id)
        else:
            self.app.push(GamesScene(self.app, box, "learn"))

    def tutorial_game(self, game_id: str) -> Coach | None:
        """Replace everything with a game's guided game; its coach, or None when its script
        cannot be read (the title then says why, and nothing else changes)."""
        spec = get_game(game_id)
        try:
            script = load_script(spec)
        except ScriptError as exc:
            why = str(exc)
            self.app.notify(lambda: t("tut.cannot", game=spec.name(language()), why=why))
            self.title()  # it shows the notice under its menu
            return None
        ctl = spec.new_controller(script.variant, list(script.seats), script.seed)
        names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state), ())
        # Not autosaved and not in the statistics: a lesson is no game of the player's own.
        table = spec.ui_entry("table")(self.app, ctl, list(names), autosave=False)
        self.app.replace(table)
        self.tutorial = Coach(
            self.app,
            script,
            table,
            lambda: self.first_game(game_id, script),
            self.title,
        )
        return self.tutorial

    def first_game(self, game_id: str, script: Script) -> Scene:
        """The real game a guided game offers at its end (e.g. against one Easy bot)."""
        spec = get_game(game_id)
        seed = random.SystemRandom().randrange(1, 10**9)
        ctl = spec.new_controller(script.first_variant, list(script.first_seats), seed)
        names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state), ())
        return self.play(game_id, ctl, names)

    def end_tutorial(self, coach: Guide) -> None:
        """The guided game is over (the player plays on alone, or left it)."""
        if self.tutorial is coach:
            self.tutorial = None

    def first_launch(self) -> None:
        """At the very first launch, offer the guided game once (over the title)."""
        settings = self.app.settings
        if not self.offer_tutorial or settings.tutorial_offered:
            return
        settings.tutorial_offered = True
        self.app.save_settings()  # asked once, even if the answer is No
        self.confirm(lambda: t("tut.offer"), self.learn, lambda: t("tut.offer_body"))

    # --- a game's screens ------------------------------------------------------------------
    def setup(self, game_id: str) -> None:
        """A game's setup over the current screen."""
        self.app.push(self._scene(game_id, "setup")(self.app))

    def restart(self, game_id: str) -> None:
        """A game is over: its setup for another one, with the title underneath (online: a
        rematch at the same table's seats, a new seed)."""
        online = self.online_game
        if online is not None and online.is_over and online.session.status != "closed":
            from .scenes.online import LobbyScene

            self.online_game = None
            online.keep_link()  # the table goes; its link asks for the rematch
            self.app.replace(LobbyScene(self.app, None, self.hosting, rematch_of=online))
            return
        self.title()
        self.setup(game_id)

    def play(
        self,
        game_id: str,
        controller: GameController,
        names: Sequence[str],
        *,
        created: str | None = None,
        label: str = "",
        history: Sequence[Record] = (),
    ) -> Scene:
        """Replace everything with a game's table; ``history`` fills the log of a resumed game.

        A new game gets its start stamp here (``created``): it names the game's autosave
        and keys its statistics record, so a game resumed from any of its saves and
        finished again is recorded once.
        """
        created = created or saves.now_iso()
        self.tutorial = None
        table = self._scene(game_id, "table")(
            self.app, controller, list(names), created=created, label=label
        )
        for rec in history:
            table.log_record(rec)
        self.app.replace(table)
        self.watch(game_id, controller, table, created)
        return cast(Scene, table)

    # --- statistics --------------------------------------------------------------------------
    def watch(self, game_id: str, controller: Any, table: Any, created: str) -> None:
        """Record the game in the statistics when it ends on this table (once: a game that
        was over when opened, or a replay, is not recorded again)."""
        if not self.keep_statistics or controller.is_over:
            return
        start = time.monotonic()

        def ended(_rec: Any) -> None:
            if controller.is_over and controller not in self.recorded:
                names = list(table.names) if isinstance(table, GameTable) else []
                self.record(game_id, controller, names, created, time.monotonic() - start)

        controller.subscribe(ended)

    def record(
        self, game_id: str, controller: Any, names: Sequence[str], created: str, seconds: float
    ) -> None:
        """Add a finished game to the profile's statistics; problems are said, never raised."""
        try:
            added = record_finished(
                get_game(game_id), controller, names, started=created, seconds=seconds
            )
        except health.SavingOff:
            return  # the title said at start-up that nothing is kept
        except OSError as exc:
            self.app.toast(t("stats.not_saved", why=exc.strerror or str(exc)), 6.0)
            return
        if added is None:
            return
        self.recorded[controller] = added
        if added.damaged is not None:
            self.app.toast(damaged_words(added.damaged, "stats"), 8.0)

    def outcome(self, controller: GameController | None) -> Added | None:
        """What recording this finished game did (None: not recorded, e.g. a replay)."""
        return self.recorded.get(controller) if controller is not None else None

    def open_saved(self, loaded: saves.LoadedGame) -> Scene:
        """Resume a loaded game on its table: same state, seats, bots and log.

        Raises :class:`~hercules.app.saves.SaveError` (nothing changes on screen) when it
        cannot: the check is :func:`~hercules.app.saves.check_openable`'s, which the load
        list and ``--check-save`` run too.
        """
        spec = self.spec_of(loaded)
        ctl = saves.restore_controller(loaded, spec.rules, spec.make_bot)
        names = spec.ui_entry("seat_names")(loaded.seats, loaded.config, loaded.names)
        scene = self.play(
            spec.id,
            ctl,
            names,
            created=loaded.created,
            label=loaded.label,
            history=loaded.history,
        )
        seal_once_opened(loaded)
        return scene

    def replay(self, loaded: saves.LoadedGame) -> None:
        """Watch a loaded game again, over the current screen."""
        self.app.push(self.spec_of(loaded).ui_entry("replay")(self.app, loaded))
        seal_once_opened(loaded)

    def continue_latest(self) -> str | None:
        """Continue: resume the most recently played unfinished game. Returns a problem, or None.

        Every unfinished game has its own autosave, so this is the newest of them (or a
        named save written later); the others stay on the load screen. The newest is the
        one save replayed (one that does not open is passed over for the next).
        """
        try:
            loaded = saves.latest_game(saves_folder(), rules_for)
        except OSError as exc:
            return str(exc)
        if loaded is None:
            return t("load.nothing")
        try:
            self.open_saved(loaded)
        except Exception as exc:  # noqa: BLE001 - the last catch: the title stays, with why
            why = saves.damaged(exc, loaded.path)
            return refusal(why.kind, why.reason, "load.cannot_open")
        return None

    def has_continue(self) -> bool:
        """True if there is a game to continue, by what the saves say of themselves: the
        title replays none of them (nor imports any game's engine to)."""
        try:
            return saves.has_continue(saves_folder(), rules_for)
        except OSError:
            return False

    # --- helpers ---------------------------------------------------------------------------
    @staticmethod
    def spec_of(loaded: saves.LoadedGame) -> GameSpec[Any, Any, Any]:
        """The game a loaded save belongs to."""
        return get_game(loaded.game)

    @staticmethod
    def _scene(game_id: str, role: str) -> Any:
        return get_game(game_id).ui_entry(role)


def seal_once_opened(loaded: saves.LoadedGame) -> None:
    """An older save of the player's (no integrity seal yet) is sealed once it has opened,
    so that a later change made outside the game is caught (:func:`~hercules.app.saves.seal`).
    The shipped examples, and any file while saving is off, are left as they are."""
    path = loaded.path
    if path is None or health.problem(health.SAVES) is not None:
        return
    try:
        if Path(path).resolve().parent == saves.examples_dir().resolve():
            return
    except OSError:
        return
    saves.seal(path, rules_for)


def saves_folder() -> Any:
    """The saves folder to read, once the old single autosave has its game's own slot.

    The migration renames a file, so it runs only while saving is on; it never raises.
    """
    folder = paths.saves_dir_to_read()
    if health.problem(health.SAVES) is None:
        saves.migrate_autosave(folder)
    return folder

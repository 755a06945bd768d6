"""Replays, for every game: a saved game watched again on its own table, move by move.

:class:`Replaying` is the transport (move back and on, round back and on, play and pause,
close: buttons where the table's sidebar buttons are, and the arrow and page keys) over a
:class:`~hercules.ui.table.TableBase`. A game's replay scene is its table with this in front::

    class ReplayScene(Replaying, TableScene):
        rules = RULES

        def replay_names(self, loaded): ...

and, where it has them, its own round (:meth:`Replaying.round_of`), transport rows and words.
The table animates and logs each step forward (the saved record is published) and takes it
back like an undo; nobody plays. A replay of a finished game shows everything; one of a game
still going shows a spectator's view, so a replay never tells a player's secrets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, cast

import pygame

from hercules.app import saves
from hercules.app.contract import SPECTATOR, GameRules
from hercules.app.controller import Controller, GameController, Record
from hercules.app.replay import ReplayController
from hercules.app.saves import LoadedGame

from .scene import Shell
from .strings import t
from .table import EVERYTHING, TableBase

#: The transport's controls (the words are ``btn.replay_<key>``, the tips ``tip.replay_<key>``).
CONTROLS = ("round_back", "back", "forward", "round_forward", "play", "close")
#: The keys of the transport.
KEYS = {
    pygame.K_RIGHT: "forward",
    pygame.K_LEFT: "back",
    pygame.K_PAGEDOWN: "round_forward",
    pygame.K_PAGEUP: "round_back",
    pygame.K_SPACE: "play",
    pygame.K_ESCAPE: "close",
}


def watch_again(app: Shell, ctl: GameController | None, names: Sequence[str]) -> None:
    """Open the replay of a game that has just ended, from its first move (every game's end
    screen offers it). The game's save document is built in memory and read back exactly as
    a save file would be. A document the saves refuse opens nothing. Any other failure is
    reported as a damaged save and the end screen stays up."""
    if ctl is None:
        return
    try:
        # Offered for a live game only (a replay's controller has no undo_refusal).
        doc = saves.game_document(cast(Controller, ctl), names)
        app.nav.replay(saves.read_document(doc, ctl.rules))
    except saves.SaveError:
        return
    except Exception as exc:  # noqa: BLE001 - the last catch: the end screen stays up
        saves.damaged(exc)


class Replaying(TableBase):
    """The replay's transport in front of a game's table (see the module's words)."""

    focus_arrows: tuple[int, ...] = (pygame.K_UP, pygame.K_DOWN)  #: Left and Right step

    #: The game's rules (a replay computes nothing: the save's states are shown).
    rules: ClassVar[GameRules[Any, Any, Any]]
    #: The transport's buttons, in rows, where the table's buttons are.
    transport: ClassVar[tuple[tuple[str, ...], ...]] = (("back", "forward"), ("play", "close"))

    ctl: ReplayController

    def __init__(self, app: Shell, loaded: LoadedGame) -> None:
        self.playing = False
        self.timer = 0.0
        ctl = ReplayController(self.rules, loaded, round_of=self.round_of)
        super().__init__(app, ctl, self.replay_names(loaded), autosave=False)
        finished = bool(loaded.states) and self.rules.is_terminal(loaded.states[-1])
        self.viewer = EVERYTHING if finished else SPECTATOR

    # --- what a game gives -------------------------------------------------------------------
    def replay_names(self, loaded: LoadedGame) -> list[str]:
        """The seats' display names of the saved game."""
        return list(loaded.names)

    def round_of(self, state: Any) -> int:
        """A state's round, for "next round" and "round back" (default: its ``round``)."""
        return int(state.round)

    # --- the transport --------------------------------------------------------------------
    def replaying(self) -> bool:
        """True: nobody plays here."""
        return True

    def follow_turn(self) -> None:
        """The replay's viewer stays (nobody's turn is played here)."""

    def build_buttons(self) -> None:
        """The transport's buttons where the table's are."""
        for r, row in enumerate(self.transport):
            for c, key in enumerate(row):
                self.add_button(
                    key,
                    self.button_cell(r, c, len(row)),
                    t(f"btn.replay_{key}"),
                    t(f"tip.replay_{key}"),
                    self.button_object_id,
                )
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Back and forward only where there is somewhere to go; Play or Pause."""
        if not self.widgets:
            return
        at_start = self.ctl.index == 0
        at_end = self.ctl.index >= len(self.ctl.history)
        back, on = not at_start, not at_end
        self.enable_buttons({"round_back": back, "back": back, "forward": on, "round_forward": on})
        play = self.button("play")
        if play is not None:
            play.set_text(t("btn.replay_pause") if self.playing else t("btn.replay_play"))

    def controls(self) -> dict[str, Callable[[], object]]:
        """What each control does."""
        return {
            "round_back": self.ctl.previous_round,
            "back": self.ctl.back,
            "forward": self.ctl.forward,
            "round_forward": self.ctl.next_round,
            "play": self.toggle_play,
            "close": self.app.pop,
        }

    def on_button(self, key: str) -> None:
        """A control: what moves is hurried, then the step."""
        fn = self.controls().get(key)
        if fn is None:
            return
        self.anim.skip()
        fn()
        if self.app.top is self:
            self.refresh_buttons()

    def toggle_play(self) -> None:
        """Play the game on by itself, or pause."""
        self.playing = not self.playing
        self.timer = 0.0

    def handle_event(self, event: pygame.event.Event) -> None:
        """The transport's keys and buttons; the mouse looks (tooltips, the log) and a click
        hurries what moves; no other key plays."""
        if event.type == pygame.KEYDOWN:
            if event.key in KEYS:
                self.on_button(KEYS[event.key])
            elif event.key == pygame.K_F1:
                self.app.nav.rules(self.game_id)
            return
        if self.pressed(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and self.log_view.press(event.pos):
                return
            self.anim.skip()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.MOUSEBUTTONUP):
            super().handle_event(event)

    # --- the controller's news ---------------------------------------------------------------
    def on_undo(self, rec: Record) -> None:
        """Stepping back: the step's log lines go (no "taken back" message in a replay)."""
        self.unlog_record()
        self.anim.skip()
        self.record_undone(rec)

    def update(self, dt: float) -> None:
        """Time passes; plays on by itself when asked."""
        self.tick(dt)
        if not self.playing or self.anim.busy:
            return
        self.timer += dt
        if self.timer >= max(0.2, self.app.settings.bot_delay):
            self.timer = 0.0
            if not self.ctl.forward():
                self.playing = False
            self.refresh_buttons()

    def prompt_lines(self) -> list[str]:
        """Where the replay stands."""
        return [self.word("replay.position", n=self.ctl.index, total=len(self.ctl.history))]

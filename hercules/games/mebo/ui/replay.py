"""Replays: watch a saved game again, move by move or round by round, with the board animating."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app.controller import Listener, Record
from hercules.games.mebo.engine.adapter import RULES
from hercules.ui.strings import t

from .setup import display_names
from .table import TableScene


class ReplayController:
    """Stands in for the controller: shows the saved states; nobody can act.

    Stepping forward publishes the saved record (so the table animates and logs
    it); stepping back takes it back like an undo. No state is ever computed here:
    every state comes from the save's replay.
    """

    def __init__(self, rules: Any, loaded: Any) -> None:
        self.rules = rules
        self.states = list(loaded.states)
        self.history = list(loaded.history)
        self.seats = list(loaded.seats)
        self.index = 0
        self._listeners: list[Listener] = []
        self._undo: list[Listener] = []

    @property
    def state(self) -> Any:
        """The state shown."""
        return self.states[self.index]

    @property
    def actor(self) -> int:
        """Nobody acts in a replay."""
        return -2

    @property
    def is_over(self) -> bool:
        """A replay never ends the game on screen by itself."""
        return False

    def legal(self) -> list[Any]:
        return []

    def human_to_act(self) -> bool:
        return False

    def bot_thinking(self) -> bool:
        return False

    def can_undo(self) -> bool:
        return False

    def step(self, wait: bool = False) -> Record | None:
        return None

    def close(self) -> None:
        """Nothing to stop."""

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def on_undo(self, listener: Listener) -> None:
        self._undo.append(listener)

    def forward(self) -> bool:
        """One move on; False at the end."""
        if self.index >= len(self.history):
            return False
        rec = self.history[self.index]
        self.index += 1
        for fn in self._listeners:
            fn(rec)
        return True

    def back(self) -> bool:
        """One move back; False at the start."""
        if self.index == 0:
            return False
        self.index -= 1
        rec = self.history[self.index]
        for fn in self._undo:
            fn(rec)
        return True

    def next_round(self) -> None:
        """Forward to the first state of the next round (or the end)."""
        start = self.state.round
        while self.forward() and self.state.round == start:
            pass

    def previous_round(self) -> None:
        """Back to the start of this round, or of the one before if already there."""
        target = self.state.round
        if self.index > 0 and self.states[self.index - 1].round < target:
            target -= 1
        while self.index > 0 and self.states[self.index - 1].round >= target:
            self.back()


class ReplayScene(TableScene):
    """The table in replay mode: controls instead of moves."""

    def __init__(self, app: Any, loaded: Any) -> None:
        ctl = ReplayController(RULES, loaded)
        super().__init__(app, ctl, display_names(loaded), autosave=False)  # type: ignore[arg-type]
        self.playing = False
        self.timer = 0.0

    def build_buttons(self) -> None:
        g = self.button_grid
        self.btn_round_back = g(0, 0, 4, "replay_round_back")
        self.btn_back = g(0, 1, 4, "replay_back")
        self.btn_forward = g(0, 2, 4, "replay_forward")
        self.btn_round_forward = g(0, 3, 4, "replay_round_forward")
        self.btn_play = g(1, 0, 2, "replay_play")
        self.btn_close = g(1, 1, 2, "replay_close")

    def refresh_buttons(self) -> None:
        if not self.widgets:
            return
        ctl = self.ctl
        at_start = ctl.index == 0
        at_end = ctl.index >= len(ctl.history)
        for btn, on in (
            (self.btn_round_back, not at_start),
            (self.btn_back, not at_start),
            (self.btn_forward, not at_end),
            (self.btn_round_forward, not at_end),
        ):
            if on:
                btn.enable()
            else:
                btn.disable()
        self.btn_play.set_text(t("btn.replay_pause") if self.playing else t("btn.replay_play"))

    def update(self, dt: float) -> None:
        self.anim.speed = self.app.settings.animation_speed
        self.anim.update(dt)
        if self.message_time > 0:
            self.message_time -= dt
        if not self.playing or self.anim.busy:
            return
        self.timer += dt
        if self.timer >= max(0.2, self.app.settings.bot_delay):
            self.timer = 0.0
            if not self.ctl.forward():
                self.playing = False
            self.refresh_buttons()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.target_at(event.pos)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            actions = {
                self.btn_round_back: self.ctl.previous_round,
                self.btn_back: self.ctl.back,
                self.btn_forward: self.ctl.forward,
                self.btn_round_forward: self.ctl.next_round,
                self.btn_play: self.toggle_play,
                self.btn_close: self.app.pop,
            }
            fn = actions.get(event.ui_element)
            if fn is not None:
                self.anim.skip()
                fn()
                self.refresh_buttons()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.anim.skip()
        elif event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: self.ctl.forward,
                pygame.K_LEFT: self.ctl.back,
                pygame.K_PAGEDOWN: self.ctl.next_round,
                pygame.K_PAGEUP: self.ctl.previous_round,
                pygame.K_SPACE: self.toggle_play,
                pygame.K_ESCAPE: self.app.pop,
            }
            fn = keys.get(event.key)
            if fn is not None:
                self.anim.skip()
                fn()
                if self.app.top is self:
                    self.refresh_buttons()

    def toggle_play(self) -> None:
        """Play the game on by itself, or pause."""
        self.playing = not self.playing
        self.timer = 0.0

    def on_undo(self, rec: Record) -> None:
        """Stepping back: the move's log lines go (no "taken back" message in a replay)."""
        self.unlog_record()
        self.anim.skip()

    def prompt_lines(self) -> list[str]:
        return [t("replay.position", n=self.ctl.index, total=len(self.ctl.history))]

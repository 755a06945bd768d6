"""Replays: watch a saved game again, move by move or round by round, with the board animating."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app.controller import Record
from hercules.app.replay import ReplayController
from hercules.games.mebo.engine.adapter import RULES
from hercules.ui.names import seat_name
from hercules.ui.strings import t

from .setup import display_names
from .table import TableScene


class ReplayScene(TableScene):
    """The table in replay mode: controls instead of moves."""

    focus_arrows = (pygame.K_UP, pygame.K_DOWN)  #: Left and Right step the replay

    ctl: ReplayController

    def __init__(self, app: Any, loaded: Any) -> None:
        ctl = ReplayController(RULES, loaded)
        super().__init__(app, ctl, display_names(loaded), autosave=False)
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

    def heading(self) -> str:
        """Always says that this is a replay, and never "Consulting the Oracle…"."""
        s = self.state
        if s.is_terminal:
            return t("replay.heading.over")
        if s.current < 0:
            return t("replay.heading.round", round=s.round)
        return t("replay.heading.turn", who=seat_name(self.names, s.current))

    def prompt_lines(self) -> list[str]:
        return [t("replay.position", n=self.ctl.index, total=len(self.ctl.history))]

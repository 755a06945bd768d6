"""Replays: step through a saved game, forward and back, round by round, every hand shown.

A replay is marked as such on the title strip, and shows what no player saw during the game:
every hand and the face-down auction card. Nobody plays.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app.controller import Record
from hercules.app.replay import ReplayController
from hercules.games.later_years.engine import RULES
from hercules.ui.strings import t

from .table import EVERYTHING, TableScene
from .words import names_for


class ReplayScene(TableScene):
    """The table in replay mode: controls instead of moves."""

    focus_arrows = (pygame.K_UP, pygame.K_DOWN)  #: Left and Right step the replay

    ctl: ReplayController

    def __init__(self, app: Any, loaded: Any) -> None:
        ctl = ReplayController(RULES, loaded)
        names = names_for(loaded.seats, loaded.config, loaded.names)
        super().__init__(app, ctl, names, autosave=False)
        self.viewer = EVERYTHING
        self.playing = False
        self.timer = 0.0

    def button_keys(self) -> tuple[str, ...]:
        """Back, forward, play or pause, close."""
        return ("back", "forward", "play", "close")

    def build_buttons(self) -> None:
        """The replay's controls where the table's buttons are."""
        b = self.layout.buttons
        bw = (b.w - 8) // 2
        bh = self.layout.button_h
        self.buttons = {}
        for k, key in enumerate(self.button_keys()):
            r, c = divmod(k, 2)
            rect = pygame.Rect(b.x + c * (bw + 8), b.y + r * (bh + 8), bw, bh)
            btn = self.add(pygame_gui.elements.UIButton(rect, t(f"ly.replay.{key}"), self.app.ui))
            self.buttons[btn] = key
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Back and forward only where there is somewhere to go."""
        if not self.widgets or not hasattr(self, "playing"):
            return
        at_start = self.ctl.index == 0
        at_end = self.ctl.index >= len(self.ctl.history)
        for btn, key in self.buttons.items():
            if (key == "back" and at_start) or (key == "forward" and at_end):
                btn.disable()
            else:
                btn.enable()
            if key == "play":
                btn.set_text(t("ly.replay.pause") if self.playing else t("ly.replay.play"))

    def on_button(self, key: str) -> None:
        """A replay control."""
        self.anim.skip()
        if key == "back":
            self.ctl.back()
        elif key == "forward":
            self.ctl.forward()
        elif key == "play":
            self.playing = not self.playing
            self.timer = 0.0
        elif key == "close":
            self.app.pop()
            return
        self.refresh_buttons()

    def on_key(self, key: int) -> None:
        """Arrows step, Page keys jump a round, Space plays, Esc closes."""
        keys = {
            pygame.K_RIGHT: "forward",
            pygame.K_LEFT: "back",
            pygame.K_SPACE: "play",
            pygame.K_ESCAPE: "close",
        }
        if key in keys:
            self.on_button(keys[key])
        elif key == pygame.K_PAGEDOWN:
            self.ctl.next_round()
        elif key == pygame.K_PAGEUP:
            self.ctl.previous_round()

    def update(self, dt: float) -> None:
        """Plays on by itself when asked."""
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

    def on_undo(self, rec: Record) -> None:
        """Stepping back: the step's log lines go."""
        self.unlog_record()
        self.anim.skip()
        self._seen = self.state

    def click(self, pos: tuple[int, int]) -> None:
        """Nothing to play in a replay."""

    def prompt_lines(self) -> list[str]:
        """Where the replay stands."""
        return [t("ly.replay.position", n=self.ctl.index, total=len(self.ctl.history))]

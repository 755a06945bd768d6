"""Replays of a run: step through it, forward and back, roll by roll, with the table animating."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app.controller import Record
from hercules.app.replay import ReplayController
from hercules.games.labors.engine import RULES
from hercules.ui.strings import t

from .setup import names_for
from .table import TableScene


def _step(state: Any) -> int:
    """A run's position for "next round": its labour and roll."""
    return int(state.labour) * 1000 + int(state.round)


class ReplayScene(TableScene):
    """The table in replay mode: controls instead of moves."""

    focus_arrows = (pygame.K_UP, pygame.K_DOWN)  #: Left and Right step the replay

    ctl: ReplayController

    def __init__(self, app: Any, loaded: Any) -> None:
        ctl = ReplayController(RULES, loaded, round_of=_step)
        names = names_for(loaded.seats, loaded.config, loaded.names)
        super().__init__(app, ctl, names, autosave=False)
        self.playing = False
        self.timer = 0.0

    def build_buttons(self) -> None:
        """Back, forward, play/pause, close."""
        b = self.layout.buttons
        bw = (b.w - 8) // 2
        bh = self.layout.button_h
        self.buttons = {}
        for k, key in enumerate(("back", "forward", "play", "close")):
            r, c = divmod(k, 2)
            rect = pygame.Rect(b.x + c * (bw + 8), b.y + r * (bh + 8), bw, bh)
            btn = self.add(pygame_gui.elements.UIButton(rect, t(f"btn.replay_{key}"), self.app.ui))
            self.buttons[btn] = key
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Back and forward only where there is somewhere to go."""
        if not self.widgets:
            return
        at_start = self.ctl.index == 0
        at_end = self.ctl.index >= len(self.ctl.history)
        for btn, key in self.buttons.items():
            if (key == "back" and at_start) or (key == "forward" and at_end):
                btn.disable()
            else:
                btn.enable()
            if key == "play":
                btn.set_text(t("btn.replay_pause") if self.playing else t("btn.replay_play"))

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
        """Arrows step, Page keys jump a roll, Space plays, Esc closes."""
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
        self.relayout()

    def click(self, pos: tuple[int, int]) -> None:
        """Nothing to play in a replay."""

    def prompt_lines(self) -> list[str]:
        """Where the replay stands."""
        return [t("replay.position", n=self.ctl.index, total=len(self.ctl.history))]

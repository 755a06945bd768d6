"""The games of the box: pick one to set up a new game of it, or to read its rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from .. import draw as D
from ..scene import Scene
from ..strings import language, t
from ..theme import FONTS, colour


class GamesScene(Scene):
    """One button per registered game, with its players and a line about it; then Back.

    ``purpose`` is ``"setup"`` (New game) or ``"rules"`` (the title's Rules).
    """

    ROW_H = 96

    def __init__(self, app: Any, specs: Sequence[Any], purpose: str = "setup") -> None:
        super().__init__(app)
        self.specs = list(specs)
        self.purpose = purpose

    def build(self) -> None:
        w, h = self.app.size
        rows = max(1, len(self.specs))
        self.box = pygame.Rect(0, 0, 720, 200 + rows * self.ROW_H)
        self.box.center = (w // 2, h // 2)
        self.buttons: dict[Any, str] = {}
        y = self.box.y + 90
        for spec in self.specs:
            b = self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(self.box.x + 40, y, 300, 54),
                    spec.name(language()),
                    self.app.ui,
                    object_id="#title_button",
                )
            )
            self.buttons[b] = spec.id
            y += self.ROW_H
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.centerx - 100, self.box.bottom - 74, 200, 50),
                t("setup.back"),
                self.app.ui,
            )
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_back:
                self.app.pop()
            elif event.ui_element in self.buttons:
                self.choose(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def choose(self, game_id: str) -> None:
        """Open the chosen game's setup (in place of this list) or its rules (over it)."""
        if self.purpose == "rules":
            self.app.nav.rules(game_id)
        else:
            self.app.pop()
            self.app.nav.setup(game_id)

    def draw(self, surface: pygame.Surface) -> None:
        title = t("games.rules") if self.purpose == "rules" else t("games.title")
        D.page(surface, self.box, title, seed=5)
        lang = language()
        y = self.box.y + 90
        for spec in self.specs:
            lo, hi = spec.players
            if lo == hi:
                players = t("games.players", n=lo)
            else:
                players = t("games.players_range", lo=lo, hi=hi)
            x = self.box.x + 360
            FONTS.blit(surface, players, 18, colour("text_light"), (x, y + 2), "topleft", "bold")
            line = spec.description.get(lang) or spec.description.get("en", "")
            size = FONTS.fit(line, 16, self.box.right - x - 30, smallest=11)
            FONTS.blit(surface, line, size, colour("text_light"), (x, y + 28))
            y += self.ROW_H

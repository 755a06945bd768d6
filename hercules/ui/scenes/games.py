"""The games of the box: pick one to set up a new game of it, or to read its rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from .. import draw as D
from ..scene import Scene, Shell
from ..strings import language, t
from ..theme import FONTS, colour

#: The page's title and its buttons' words, by purpose (New game's when not listed).
_TITLES = {"rules": "games.rules", "learn": "games.learn_title"}
_LABELS = {"rules": "games.read", "learn": "games.learn"}


class GamesScene(Scene):
    """One button per registered game, with its players and a line about it; then Back.

    ``purpose`` is ``"setup"`` (New game), ``"rules"`` (the title's Rules) or ``"learn"``
    (Learn to play: the games with a guided game).
    """

    ROW_H = 96

    def __init__(self, app: Shell, specs: Sequence[Any], purpose: str = "setup") -> None:
        super().__init__(app)
        self.specs = list(specs)
        self.purpose = purpose

    def build(self) -> None:
        w, h = self.app.size
        rows = max(1, len(self.specs))
        self.box = pygame.Rect(0, 0, 880, 190 + rows * self.ROW_H)
        self.box.center = (w // 2, h // 2)
        self.buttons: dict[Any, str] = {}
        label = t(_LABELS.get(self.purpose, "games.play"))
        y = self.box.y + 96
        for spec in self.specs:
            b = self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(self.box.right - 220, y + 14, 180, 52), label, self.app.ui
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
        """Open the chosen game's setup (in place of this list), its rules (over it) or its
        guided game (in place of everything)."""
        if self.purpose == "rules":
            self.app.nav.rules(game_id)
        elif self.purpose == "learn":
            self.app.nav.tutorial_game(game_id)
        else:
            self.app.pop()
            self.app.nav.setup(game_id)

    def draw(self, surface: pygame.Surface) -> None:
        title = t(_TITLES.get(self.purpose, "games.title"))
        D.page(surface, self.box, title, seed=5)
        lang = language()
        x = self.box.x + 44
        width = self.box.w - 44 - 250
        y = self.box.y + 96
        for spec in self.specs:
            name = spec.name(lang)
            size = FONTS.fit(name, self.px(26), width, smallest=16)
            FONTS.blit(surface, name, size, colour("highlight"), (x, y), "topleft", "bold")
            lo, hi = spec.players
            if lo == hi == 1:
                players = t("games.solo")
            elif lo == hi:
                players = t("games.players", n=lo)
            else:
                players = t("games.players_range", lo=lo, hi=hi)
            line = spec.description.get(lang) or spec.description.get("en", "")
            text = f"{players} · {line}" if line else players
            size = FONTS.fit(text, self.px(17), width, smallest=12)
            FONTS.blit(surface, text, size, colour("text_light"), (x, y + 40))
            y += self.ROW_H

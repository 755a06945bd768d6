"""The hand-over between humans at one machine (hot-seat): the table is hidden until the next
player says they are there, so nobody sees another's hand."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.ui import draw as D
from hercules.ui.scene import Scene, Shell
from hercules.ui.scenes.overlays import PauseOverlay
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from .words import seat_name, seat_style


class HandOverScene(Scene):
    """An opaque page over the table: "Pass to <name>"; a click or Space shows their hand."""

    transparent = False

    def __init__(self, app: Shell, table: Any, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.box = pygame.Rect(0, 0, 1, 1)

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(w - 60, 760), min(h - 60, 380))
        self.box.center = (w // 2, h // 2)
        name = seat_name(self.table.names, self.seat)
        bw = min(self.box.w - 80, 420)
        self.btn = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.centerx - bw // 2, self.box.bottom - 90, bw, 52),
                t("ly.handover.ready", name=name),
                self.app.ui,
            )
        )

    def ready(self) -> None:
        """The next player is there: their view, then the table."""
        self.app.pop()
        self.table.take_seat(self.seat)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.btn:
            self.ready()
        elif event.type == pygame.KEYDOWN and event.key in (
            pygame.K_SPACE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self.ready()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(PauseOverlay(self.app, self.table))  # save or leave; never peek

    def draw(self, surface: pygame.Surface) -> None:
        D.pave_marble(surface, seed=17)
        D.panel(surface, self.box, colour("panel"), colour("gold"), 14)
        D.meander(
            surface,
            pygame.Rect(self.box.x + 20, self.box.y + 10, self.box.w - 40, 12),
            colour("gold_dark"),
            3,
        )
        name = seat_name(self.table.names, self.seat)
        st = seat_style(self.seat)
        title = t("ly.handover.title", name=name)
        size = FONTS.fit(title, self.px(34), self.box.w - 120, "bold", smallest=16)
        r = FONTS.blit(
            surface,
            title,
            size,
            colour("highlight"),
            (self.box.centerx, self.box.y + 50),
            "midtop",
            "bold",
        )
        D.shape(surface, st["shape"], (r.x - 30, r.centery), 14, st["colour"], st["dark"])
        y = r.bottom + 24
        for line in FONTS.wrap(t("ly.handover.body", name=name), self.px(18), self.box.w - 80):
            FONTS.blit(
                surface, line, self.px(18), colour("text_light"), (self.box.centerx, y), "midtop"
            )
            y += round(self.px(18) * 1.5)

"""Settings: animation speed, bot pace, fullscreen (kept for the session; saving comes later)."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import draw as D
from ..scene import Scene
from ..strings import t
from ..theme import FONTS, colour

ANIM = {"off": 0.0, "slow": 0.6, "normal": 1.0, "fast": 2.0}
BOT = {"slow": 1.2, "normal": 0.6, "fast": 0.2}


class SettingsScene(Scene):
    """Change how the game plays and looks."""

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        s = self.app.settings
        self.box = pygame.Rect(0, 0, 640, 420)
        self.box.center = (w // 2, h // 2)
        x = self.box.x + 300
        y = self.box.y + 100
        cur_anim = min(ANIM, key=lambda k: abs(ANIM[k] - s.animation_speed))
        cur_bot = min(BOT, key=lambda k: abs(BOT[k] - s.bot_delay))
        self.anim_menu = self.add(
            pygame_gui.elements.UIDropDownMenu(
                [t(f"settings.speed.{k}") for k in ANIM],
                t(f"settings.speed.{cur_anim}"),
                pygame.Rect(x, y, 280, 44),
                ui,
            )
        )
        self.bot_menu = self.add(
            pygame_gui.elements.UIDropDownMenu(
                [t(f"settings.speed.{k}") for k in BOT],
                t(f"settings.speed.{cur_bot}"),
                pygame.Rect(x, y + 70, 280, 44),
                ui,
            )
        )
        self.btn_full = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x, y + 140, 280, 44),
                t("settings.fullscreen_on" if s.fullscreen else "settings.fullscreen_off"),
                ui,
            )
        )
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.centerx - 100, self.box.bottom - 70, 200, 50),
                t("setup.back"),
                ui,
            )
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        s = self.app.settings
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            table = ANIM if event.ui_element is self.anim_menu else BOT
            for k, v in table.items():
                if t(f"settings.speed.{k}") == event.text:
                    if table is ANIM:
                        s.animation_speed = v
                    else:
                        s.bot_delay = v
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_back:
                self.app.pop()
            elif event.ui_element is self.btn_full:
                self.app.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("settings.title"), seed=8)
        x = self.box.x + 40
        y = self.box.y + 110
        for i, key in enumerate(("settings.animation", "settings.bots", "settings.fullscreen")):
            FONTS.blit(surface, t(key), 18, colour("text_light"), (x, y + i * 70))

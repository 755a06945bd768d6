"""Settings: language, animation, bot pace, window, UI scale, colours, confirmations, bot reasoning.

Every choice applies at once and persists.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app.settings import PALETTES

from .. import draw as D
from ..scene import Scene
from ..strings import language, languages, t
from ..theme import FONTS, colour, set_palette

ANIM = {"off": 0.0, "slow": 0.6, "normal": 1.0, "fast": 2.0}
BOT = {"slow": 1.2, "normal": 0.6, "fast": 0.2}
SIZES = ((1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440))
SCALES = (1.0, 1.25, 1.5)


def _closest(table: dict[str, float], value: float) -> str:
    return min(table, key=lambda k: abs(table[k] - value))


class SettingsScene(Scene):
    """Change how the game plays and looks; every change is saved at once."""

    ROWS = (
        "language",
        "animation",
        "bots",
        "window",
        "scale",
        "palette",
        "confirm",
        "ask_labour",
        "reasoning",
    )
    ROW_H = 54  # nine rows and Back fit a 720-pixel window

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.problem = ""

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        s = self.app.settings
        self.box = pygame.Rect(0, 0, 720, 660)
        self.box.center = (w // 2, h // 2)
        x = self.box.x + 360
        y = self.box.y + 90
        self.menus: dict[Any, str] = {}

        def menu(key: str, options: list[str], current: str) -> Any:
            row = self.ROWS.index(key)
            m = self.add(
                pygame_gui.elements.UIDropDownMenu(
                    list[str | tuple[str, str]](options),
                    current,
                    pygame.Rect(x, y + row * self.ROW_H, 320, 44),
                    ui,
                )
            )
            self.menus[m] = key
            return m

        menu("language", [t(f"lang.{k}") for k in languages()], t(f"lang.{language()}"))
        menu(
            "animation",
            [t(f"settings.speed.{k}") for k in ANIM],
            t(f"settings.speed.{_closest(ANIM, s.animation_speed)}"),
        )
        menu(
            "bots",
            [t(f"settings.speed.{k}") for k in BOT],
            t(f"settings.speed.{_closest(BOT, s.bot_delay)}"),
        )
        sizes = [f"{a}\u00d7{b}" for a, b in SIZES]
        current = f"{s.window_size[0]}\u00d7{s.window_size[1]}"
        if s.fullscreen:
            current = t("settings.fullscreen_on")
        menu(
            "window",
            [*sizes, t("settings.fullscreen_on")],
            current if current in sizes or s.fullscreen else sizes[2],
        )
        menu(
            "scale",
            [f"{int(k * 100)}%" for k in SCALES],
            f"{int(s.ui_scale * 100)}%" if s.ui_scale in SCALES else "100%",
        )
        menu(
            "palette",
            [t(f"settings.palette.{p}") for p in PALETTES],
            t(f"settings.palette.{s.palette}"),
        )
        menu(
            "confirm",
            [t("settings.yes"), t("settings.no")],
            t("settings.yes") if s.confirm_end_turn else t("settings.no"),
        )
        menu(
            "ask_labour",
            [t("settings.yes"), t("settings.no")],
            t("settings.yes") if s.confirm_end_with_labour else t("settings.no"),
        )
        menu(
            "reasoning",
            [t("settings.yes"), t("settings.no")],
            t("settings.yes") if s.show_bot_reasoning else t("settings.no"),
        )
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.centerx - 100, self.box.bottom - 70, 200, 50),
                t("setup.back"),
                ui,
            )
        )

    def choose(self, key: str, text: str) -> None:
        """Apply one choice and save the settings."""
        s = self.app.settings
        if key == "language":
            lang = next((k for k in languages() if t(f"lang.{k}") == text), None)
            if lang is not None and lang != language():
                self.app.set_language(lang)  # rebuilds every scene, this one included
        elif key == "animation":
            s.animation_speed = next(v for k, v in ANIM.items() if t(f"settings.speed.{k}") == text)
        elif key == "bots":
            s.bot_delay = next(v for k, v in BOT.items() if t(f"settings.speed.{k}") == text)
        elif key == "window":
            if text == t("settings.fullscreen_on"):
                if not s.fullscreen:
                    self.app.toggle_fullscreen()
            else:
                a, b = (int(v) for v in text.split("\u00d7"))
                s.window_size = (a, b)
                if s.fullscreen:
                    self.app.toggle_fullscreen()
                self.app.resize((a, b))
        elif key == "scale":
            self.app.set_text_scale(int(text.rstrip("%")) / 100)
        elif key == "palette":
            s.palette = next(p for p in PALETTES if t(f"settings.palette.{p}") == text)
            set_palette(s.palette)
        elif key == "confirm":
            s.confirm_end_turn = text == t("settings.yes")
        elif key == "ask_labour":
            s.confirm_end_with_labour = text == t("settings.yes")
        elif key == "reasoning":
            s.show_bot_reasoning = text == t("settings.yes")
        self.problem = self.app.save_settings() or ""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.menus:
            self.choose(self.menus[event.ui_element], event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.btn_back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("settings.title"), seed=8)
        x = self.box.x + 40
        middle = self.box.y + 90 + 22  # of the first row's menu (44 px high)
        for i, key in enumerate(self.ROWS):
            label = t(f"settings.{key}")
            size = FONTS.fit(label, self.px(18), 300, smallest=12)
            cy = middle + i * self.ROW_H
            FONTS.blit(surface, label, size, colour("text_light"), (x, cy), "midleft")
        if self.problem:
            FONTS.blit(
                surface,
                t("settings.not_saved", why=self.problem),
                16,
                colour("highlight"),
                (self.box.centerx, self.box.bottom - 100),
                "midtop",
            )

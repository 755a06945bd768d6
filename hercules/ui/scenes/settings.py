"""Settings: language, animation, bot pace, window, UI scale, colours, bot reasoning; and sound
(volume, effects, music, mute) in a second column, under it each game's own settings (what its
``settings`` tool hook declares) under the game's name.

Every choice applies at once and persists (a volume slider's once the player lets it rest).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app.registry import get_game
from hercules.app.settings import PALETTES, GameSetting, game_settings

from .. import draw as D
from ..scene import Scene, Shell
from ..strings import has, language, languages, t
from ..theme import FONTS, colour, set_palette

ANIM = {"off": 0.0, "slow": 0.6, "normal": 1.0, "fast": 2.0}
BOT = {"slow": 1.2, "normal": 0.6, "fast": 0.2}
SIZES = ((1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440))
SCALES = (1.0, 1.25, 1.5)
#: The volume sliders: row -> the setting it moves (0-1, shown as 0-100 %).
VOLUMES = {"master": "master_volume", "effects": "effects_volume", "music": "music_volume"}
#: Seconds a slider must rest before the settings file is written (a drag moves it often).
SAVE_AFTER = 0.5


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
        "reasoning",
        "master",
        "effects",
        "music",
        "mute",
    )
    ROW_H = 54  # nine rows and Back fit a 720-pixel window
    LEFT = 7  #: rows in the first column; the sound rows go in the second, under a heading
    #: the games' rows are named ``<game id>:<key>``; each game's rows follow its heading

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.problem = ""
        self.unsaved = 0.0  #: seconds since a slider moved and was not saved (0: none)

    def game_rows(self) -> list[tuple[str, GameSetting]]:
        """The games' settings as rows ``(<game id>:<key>, setting)``, in the box's order."""
        return [(f"{game}:{s.key}", s) for game, s in game_settings()]

    def lines(self) -> dict[str, int]:
        """The line of every row of the second column (the sound heading is line 0), and of
        each game's heading (``<game id>:``)."""
        out = {key: n for n, key in enumerate(self.ROWS[self.LEFT :], start=1)}
        line = len(out) + 1
        for key, _ in self.game_rows():
            game = key.partition(":")[0]
            if f"{game}:" not in out:
                out[f"{game}:"] = line
                line += 1
            out[key] = line
            line += 1
        return out

    def spot(self, key: str) -> tuple[int, int, int]:
        """Where row ``key`` is: its label's x, its control's x, and its top."""
        top = self.box.y + 90
        if key in self.ROWS[: self.LEFT]:
            row = self.ROWS.index(key)
            return self.box.x + 40, self.box.x + 360, top + row * self.ROW_H
        row = self.lines()[key]  # the second column: under its heading
        return self.box.x + 720, self.box.x + 900, top + row * self.ROW_H

    def label(self, key: str) -> str:
        """The words of row ``key`` (a game's row: its game's words)."""
        found = dict(self.game_rows()).get(key)
        if found is not None:
            return t(found.label) if has(found.label) else found.key
        return t(f"settings.{key}")

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        s = self.app.settings
        self.box = pygame.Rect(0, 0, 1200, 660)  # two columns: 1280 pixels hold it
        self.box.center = (w // 2, h // 2)
        self.menus: dict[Any, str] = {}
        self.sliders: dict[Any, str] = {}

        def menu(key: str, options: list[str], current: str) -> Any:
            _, x, y = self.spot(key)
            width = 320 if x < self.box.x + 700 else 250
            m = self.add(
                pygame_gui.elements.UIDropDownMenu(
                    list[str | tuple[str, str]](options),
                    current,
                    pygame.Rect(x, y, width, 44),
                    ui,
                )
            )
            self.menus[m] = key
            return m

        for key, field in VOLUMES.items():
            _, x, y = self.spot(key)
            slider = self.add(
                pygame_gui.elements.UIHorizontalSlider(
                    pygame.Rect(x, y + 6, 190, 32),
                    round(float(getattr(s, field)) * 100),
                    (0, 100),
                    ui,
                    click_increment=5,
                )
            )
            self.sliders[slider] = key
        menu(
            "mute",
            [t("settings.yes"), t("settings.no")],
            t("settings.yes") if s.mute else t("settings.no"),
        )

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
        # Real pixels: at 200 % display scaling the sizes under twice the smallest window
        # are not offered (the window would not take them).
        least = self.app.min_window()
        fit = [(a, b) for a, b in SIZES if a >= least[0] and b >= least[1]] or [SIZES[-1]]
        sizes = [f"{a}\u00d7{b}" for a, b in fit]
        wide, high = s.window_size or self.app.windowed_size
        current = f"{wide}\u00d7{high}"
        if s.fullscreen:
            current = t("settings.fullscreen_on")
        menu(
            "window",
            [*sizes, t("settings.fullscreen_on")],
            current if current in sizes or s.fullscreen else sizes[min(2, len(sizes) - 1)],
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
        for key, setting in self.game_rows():
            game = key.partition(":")[0]
            on = bool(s.game_value(game, setting.key))
            menu(key, [t("settings.yes"), t("settings.no")], t(f"settings.{'yes' if on else 'no'}"))
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
        elif ":" in key:  # a game's own setting
            game, _, name = key.partition(":")
            s.set_game_value(game, name, text == t("settings.yes"))
        elif key == "reasoning":
            s.show_bot_reasoning = text == t("settings.yes")
        elif key == "mute":
            s.mute = text == t("settings.yes")
            self.app.sound.apply()
        self.save()

    def slide(self, key: str, value: float) -> None:
        """A volume slider moved to ``value`` (0-100): heard at once, saved once it rests."""
        setattr(self.app.settings, VOLUMES[key], min(max(float(value), 0.0), 100.0) / 100)
        self.app.sound.apply()
        self.unsaved = SAVE_AFTER

    def save(self) -> None:
        """Write the settings now (a problem is shown on the page)."""
        self.unsaved = 0.0
        self.problem = self.app.save_settings() or ""

    def update(self, dt: float) -> None:
        if self.unsaved > 0:
            self.unsaved -= dt
            if self.unsaved <= 0:
                self.save()

    def exit(self) -> None:
        if self.unsaved > 0:
            self.save()  # the last move of a slider, before the page closes
        super().exit()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.menus:
            self.choose(self.menus[event.ui_element], event.text)
        elif (
            event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element in self.sliders
        ):
            self.slide(self.sliders[event.ui_element], event.value)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.btn_back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("settings.title"), seed=8)
        s = self.app.settings
        ink = colour("text_light")
        for key in [*self.ROWS, *(k for k, _ in self.game_rows())]:
            x, control, top = self.spot(key)
            label = self.label(key)
            size = FONTS.fit(label, self.px(18), control - x - 20, smallest=12)
            cy = top + 22  # the middle of the row's control (44 px high)
            FONTS.blit(surface, label, size, ink, (x, cy), "midleft")
            if key in VOLUMES:
                percent = f"{round(float(getattr(s, VOLUMES[key])) * 100)}%"
                FONTS.blit(surface, percent, self.px(16), ink, (control + 200, cy), "midleft")
        x, _, top = self.spot("master")
        heading = t("settings.sound")
        FONTS.blit(
            surface, heading, self.px(20), colour("gold"), (x, top - self.ROW_H + 22), "midleft"
        )
        for key, line in self.lines().items():
            if key.endswith(":"):  # a game's heading: its name
                name = get_game(key[:-1]).name(language())
                y = self.box.y + 90 + line * self.ROW_H + 22
                FONTS.blit(surface, name, self.px(20), colour("gold"), (x, y), "midleft")
        if self.problem:
            FONTS.blit(
                surface,
                t("settings.not_saved", why=self.problem),
                16,
                colour("highlight"),
                (self.box.centerx, self.box.bottom - 100),
                "midtop",
            )

"""Profiles: choose who is playing, or make a new profile; each keeps its settings and statistics.

The default profile is always there and needs no choice. Choosing another puts its settings
into effect at once (language, colours, text size; the window stays as it is) and makes it
the one the next start opens with.
"""

from __future__ import annotations

from dataclasses import fields
from functools import partial
from typing import Any

import pygame
import pygame_gui

from hercules.app import health, paths, profiles, statistics
from hercules.app.settings import Settings, open_settings, save_settings

from .. import draw as D
from ..scene import Scene, Shell
from ..strings import t
from ..theme import FONTS, colour, set_palette


def profile_name(found: profiles.Profiles, profile_id: str) -> str:
    """A profile's name as the screens show it (the default one's in the player's words)."""
    return found.name_of(profile_id) or t("profile.default")


def damaged_words(damaged: profiles.DamagedFile, what: str) -> str:
    """The one message about a statistics or profiles file that could not be used."""
    key, values = damaged.words(what)
    return t(key, **values)


def switch_profile(app: Shell, found: profiles.Profiles, profile_id: str) -> list[str]:
    """Make ``profile_id`` the profile in use: its settings take effect and it is remembered
    for the next start. Returns what the player must be told (a damaged file set aside)."""
    told: list[str] = []
    profiles.use(found, profile_id)
    if app.persist:
        try:
            profiles.save_profiles(found)
        except health.SavingOff:
            pass  # the title said at start-up that nothing is kept
        except OSError as exc:
            told.append(t("profile.not_saved", why=exc.strerror or str(exc)))
    own = paths.check_profile()  # its folders: a file in their place is said, not met later
    if own is not None:
        told.append(t("storage.profile", why=str(own)))
    settings, damaged = open_settings()
    if damaged is not None:
        key, values = damaged.words()  # damaged, newer or cleaned
        told.append(t(key, **values))
    _, stats_damaged = statistics.open_statistics()
    if stats_damaged is not None:
        told.append(damaged_words(stats_damaged, "stats"))
    apply_settings(app, settings)
    return told


def apply_settings(app: Shell, settings: Settings) -> None:
    """Put a profile's settings into effect; the window keeps its size and mode."""
    settings.window_size = app.settings.window_size
    settings.fullscreen = app.settings.fullscreen
    scale = app.settings.ui_scale
    app.settings = settings
    set_palette(settings.palette)
    if settings.ui_scale != scale:
        app.set_text_scale(settings.ui_scale)
    app.set_language(settings.language)  # every scene builds its words again


def new_profile_settings(current: Settings) -> Settings:
    """A new profile starts from the settings in use, without the last games' setups."""
    out = Settings()
    for f in fields(Settings):
        if f.name not in ("last_setup", "extra"):
            setattr(out, f.name, getattr(current, f.name))
    return out


class ProfilesScene(Scene):
    """The profiles, one button each (the one in use is marked), a name box and Make."""

    ROW_H = 52

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.found = profiles.load_profiles()
        self.message = ""
        self.choices: dict[Any, str] = {}

    def build(self) -> None:
        w, h = self.app.size
        ids = [paths.DEFAULT_PROFILE, *(p.id for p in self.found.profiles)]
        cols = 1 if len(ids) <= 6 else 2
        rows = (len(ids) + cols - 1) // cols
        self.box = pygame.Rect(0, 0, 760, min(h - 30, 330 + rows * self.ROW_H))
        self.box.center = (w // 2, h // 2)
        ui = self.app.ui
        self.choices = {}
        bw = (self.box.w - 120 - 20 * (cols - 1)) // cols
        for i, pid in enumerate(ids):
            col, row = divmod(i, rows)
            rect = pygame.Rect(
                self.box.x + 60 + col * (bw + 20), self.box.y + 86 + row * self.ROW_H, bw, 44
            )
            text = profile_name(self.found, pid)
            if pid == paths.profile():
                text = t("profile.in_use", name=text)
            b = self.add(pygame_gui.elements.UIButton(rect, text, ui))
            if pid == paths.profile():
                b.select()  # the one in use, lit (choosing it again changes nothing)
            self.choices[b] = pid
        y = self.box.y + 86 + rows * self.ROW_H + 34
        self.entry = self.add(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(self.box.x + 60, y, self.box.w - 320, 44),
                ui,
                placeholder_text=t("profile.placeholder"),
            )
        )
        self.entry.set_text_length_limit(profiles.MAX_NAME)
        self.btn_make = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.right - 240, y, 180, 44), t("profile.make"), ui
            )
        )
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.centerx - 100, self.box.bottom - 66, 200, 48),
                t("setup.back"),
                ui,
            )
        )
        self.message_y = y + 56

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_back:
                self.app.pop()
            elif event.ui_element is self.btn_make:
                self.make(self.entry.get_text())
            elif event.ui_element in self.choices:
                self.choose(self.choices[event.ui_element])
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.make(self.entry.get_text())
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def choose(self, profile_id: str) -> None:
        """Play as ``profile_id`` from now on; back to the title, which shows the name."""
        told = switch_profile(self.app, self.found, profile_id)
        self.app.pop()
        for words in told:
            self.app.notify(partial(str, words))  # this message, not the loop's last
        if told:
            self.app.nav.title()  # the title shows what it was told, once

    def make(self, name: str) -> None:
        """Make a profile named ``name`` (refused with a reason) and play as it."""
        problem = profiles.name_problem(name, self.found)
        if problem:
            self.message = t(f"profile.why.{problem}", most=profiles.MAX_NAME)
            return
        made = profiles.add_profile(self.found, name)
        current = self.app.settings
        profiles.use(self.found, made.id)
        if self.app.persist:
            try:
                save_settings(new_profile_settings(current))  # its folder, found again if
            except OSError:  # the profiles file is ever lost
                pass  # its settings are the defaults then; choosing it still works
        self.choose(made.id)

    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("profile.title"), seed=4)
        FONTS.blit(
            surface,
            t("profile.new"),
            self.px(16),
            colour("gold"),
            (self.box.x + 60, self.entry.rect.y - 6),
            "bottomleft",
            "bold",
        )
        if self.message:
            size = FONTS.fit(self.message, self.px(16), self.box.w - 120, smallest=11)
            FONTS.blit(
                surface,
                self.message,
                size,
                colour("highlight"),
                (self.box.centerx, self.message_y),
                "midtop",
            )

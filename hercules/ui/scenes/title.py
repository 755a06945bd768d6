"""The title screen: new game, learn to play, continue, load, rules, statistics, settings,
quit; the profile."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app import paths, profiles

from .. import draw as D
from ..focus import Stop
from ..scene import Scene
from ..strings import t
from ..theme import FONTS, colour


class TitleScene(Scene):
    """The first screen."""

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        k = self.app.display_scale  # the sizes below are layout pixels
        bw = round(340 * k)
        gap = round(max(5, min(12, h // (90 * k))) * k)  # nine entries: a small window closes up
        x = w // 2 - bw // 2
        y = int(h * 0.40)
        bh = min(round(54 * k), (h - round(44 * k) - y) // 9 - gap)  # nine entries, the credit
        self.buttons: dict[Any, str] = {}
        can_continue = self.app.nav.has_continue()
        self.message = getattr(self, "message", "")
        if not hasattr(self, "notices"):  # taken once: a rebuild or the next title keeps quiet
            self.notices = self.app.take_notices()
        for key, enabled, tip in (
            ("new", True, None),
            ("learn", True, None),
            ("continue", can_continue, None if can_continue else t("tip.no_continue")),
            ("load", True, None),
            ("online", True, None),
            ("rules", True, None),
            ("statistics", True, None),
            ("settings", True, None),
            ("quit", True, None),
        ):
            b = self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, bw, bh),
                    t(f"menu.{key}"),
                    ui,
                    tool_tip_text=tip,
                    object_id="#title_button",
                )
            )
            if not enabled:
                b.disable()
            self.buttons[b] = key
            y += bh + gap
        # Who is playing, in the corner: the default profile needs no choice.
        name = profiles.load_profiles().name_of(paths.profile()) or t("profile.default")
        who = t("profile.button", name=name)
        tw, th = ui.get_theme().get_font(["button"]).size(who)
        pw = min(max(240, tw + 40), w // 2)  # the name at any text size, within half the width
        self.btn_profile = self.add(
            pygame_gui.elements.UIButton(pygame.Rect(w - pw - 10, 4, pw, max(34, th + 12)), who, ui)
        )
        self.buttons[self.btn_profile] = "profile"

    def focus_stops(self) -> list[Stop]:
        """The menu in its order first, the profile corner last (Tab starts at New game)."""
        stops = super().focus_stops()
        return sorted(stops, key=lambda stop: stop.widget is self.btn_profile)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.choose(self.buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_n):
                self.choose("new")
            elif event.key == pygame.K_F1:
                self.choose("rules")
            elif event.key == pygame.K_ESCAPE:
                self.choose("quit")

    def choose(self, key: str) -> None:
        """Act on a menu entry."""
        nav = self.app.nav
        if key == "new":
            nav.new_game()
        elif key == "learn":
            nav.learn()
        elif key == "continue":
            self.message = nav.continue_latest() or ""
        elif key == "load":
            nav.load()
        elif key == "online":
            nav.online()
        elif key == "rules":
            nav.rules()
        elif key == "statistics":
            nav.statistics()
        elif key == "profile":
            nav.profiles()
        elif key == "settings":
            nav.settings()
        elif key == "quit":
            self.app.quit()

    def update(self, dt: float) -> None:
        if self.app.top is self:
            self.app.nav.first_launch()  # the guided game is offered once, ever

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        D.pave_marble(surface, seed=3)
        band = pygame.Rect(0, int(h * 0.06), w, int(h * 0.26))
        # Shaded in place: a window-wide translucent layer would be megabytes per window size.
        r, g, b = colour("terracotta")[:3]
        D.dim(surface.subsurface(band.clip(surface.get_rect())), (r, g, b, 235))
        D.meander(surface, pygame.Rect(0, band.y + 6, w, 16), colour("gold"), 4)
        D.meander(surface, pygame.Rect(0, band.bottom - 22, w, 16), colour("gold"), 4)
        size = max(64, h // 9)
        FONTS.blit(
            surface,
            t("title.name"),
            size,
            (60, 24, 12),
            (w // 2 + 3, band.centery + 3),
            "center",
            "bold",
        )
        FONTS.blit(
            surface, t("title.name"), size, colour("gold"), (w // 2, band.centery), "center", "bold"
        )
        FONTS.blit(
            surface,
            t("title.tagline"),
            round(20 * self.app.display_scale),
            colour("ink"),
            (w // 2, band.bottom + 18),
            "midtop",
            "italic",
        )
        D.laurel(surface, (w // 2 - size * 3, band.centery), size // 2, colour("laurel"))
        D.laurel(surface, (w // 2 + size * 3, band.centery), size // 2, colour("laurel"))
        lines = self.lines()
        if not lines:
            FONTS.blit(
                surface,
                t("title.credit"),
                round(16 * self.app.display_scale),
                colour("ink_soft"),
                (w // 2, h - 12),
                "midbottom",
            )
        y = h - 12  # the message takes the credit's place, under the menu
        if lines:  # a dark band under it: light words on the marble would not read
            band_h = 24 * len(lines) + 12
            strip = pygame.Rect(0, h - band_h, w, band_h).clip(surface.get_rect())
            D.dim(surface.subsurface(strip), (40, 26, 18, 215))
        for line in reversed(lines):
            size = FONTS.fit(line[:200], 17, w - 40, smallest=12)
            FONTS.blit(surface, line[:200], size, colour("highlight"), (w // 2, y), "midbottom")
            y -= 24

    def lines(self) -> list[str]:
        """The message line(s) under the menu: start-up notices, then Continue's answer."""
        out = [words() for words in self.notices]
        return out + ([self.message] if self.message else [])

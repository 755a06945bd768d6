"""Identity Confirmation: a night over the table, the same length for everyone.

Every player closes their eyes; Hera's side (and Tiresias, and Hylas once Hercules holds the
Belt) open theirs and see who else did, never their roles (ruling 12). The screen lasts
``night_seconds`` whoever sits here and whatever they saw, and cannot be cut short, so that
no one learns anything from how long another's screen stayed dark. It shows only the viewer's
own sight (``view.sights[viewer]``).
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from hercules.ui import draw as D
from hercules.ui.scene import Scene, Shell
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from .cards import eye
from .words import seat_name, seconds, tint


class NightScene(Scene):
    """The eyes-closed screen; it leaves by itself when the night is over."""

    def __init__(self, app: Shell, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.elapsed = 0.0
        self.length = seconds("night_seconds")

    def lines(self) -> list[str]:
        """The night's words for the seat at the screen."""
        v = self.table.view()
        seat = self.table.viewer
        out = [t("co.night.title"), t("co.night.closed")]
        if 0 <= seat < v.n:
            awake = v.sights[seat]
            if seat in awake:
                others = [seat_name(self.table.names, s) for s in sorted(awake) if s != seat]
                out.append(
                    t("co.night.seen", names=", ".join(others)) if others else t("co.night.alone")
                )
            else:
                out.append(t("co.night.sleep"))
        else:
            out.append(t("co.night.watch"))
        return out

    def handle_event(self, event: pygame.event.Event) -> None:
        """Nothing cuts the night short (its length tells no one anything)."""

    def update(self, dt: float) -> None:
        """The night passes; at its end the table is back."""
        self.elapsed += dt
        if self.elapsed >= self.length and self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """A starry sky, a crescent moon, the words and the night's hourglass."""
        surface.fill(tint("night"))
        w, h = surface.get_size()
        rng = random.Random(7)  # the same sky every frame (art only)
        for _ in range(140):
            x, y = rng.randrange(w), rng.randrange(h)
            if h // 3 - 30 < y < h * 2 // 3:  # the words' band stays clear
                continue
            k = rng.choice((1, 1, 1, 2))
            pygame.draw.circle(
                surface, D.mix(tint("night"), tint("moon"), rng.uniform(0.4, 1)), (x, y), k
            )
        moon = (w * 3 // 4, h // 5)
        r = max(24, h // 14)
        pygame.draw.circle(surface, tint("moon"), moon, r)
        pygame.draw.circle(surface, tint("night"), (moon[0] + r // 2, moon[1] - r // 4), r)
        lines = self.lines()
        y = h // 3
        for i, ln in enumerate(lines):
            size = self.px(34 if i == 0 else 20)
            ink = colour("highlight") if i == 0 else tint("moon")
            for part in FONTS.wrap(ln, size, w - 120):
                FONTS.blit(
                    surface, part, size, ink, (w // 2, y), "midtop", "bold" if i == 0 else "body"
                )
                y += round(size * 1.4)
            y += self.px(8)
        eye(surface, (w // 2, y + self.px(20)), self.px(22), tint("moon"))
        # The night's length, the same for all: a thin bar filling.
        bar = pygame.Rect(w // 4, h - self.px(60), w // 2, self.px(8))
        pygame.draw.rect(surface, D.shade(tint("moon"), 0.3), bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = round(bar.w * min(1.0, self.elapsed / max(0.01, self.length)))
        pygame.draw.rect(surface, tint("moon"), done, border_radius=bar.h // 2)

"""The story of a labour, told over the table as its trial opens (our own short legends).

The text is the game's ``text/legend-<nn>.<lang>.txt``. A click anywhere, Esc, Space or Enter
puts it away; the table learns it through ``on_close``, called once.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from hercules.ui import draw as D
from hercules.ui.scene import Shell
from hercules.ui.scenes.overlays import Overlay
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from .words import game_text, labour_name, numeral

#: Keys that put the legend away.
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


def legend_text(labour: int) -> str:
    """The legend of labour ``labour`` (1-12) in the current language."""
    return game_text(f"legend-{labour:02d}").strip()


class LegendOverlay(Overlay):
    """A parchment scroll over the table with the labour's name and its legend."""

    width = 760
    height = 420

    def __init__(self, app: Shell, labour: int, on_close: Callable[[], None] | None = None) -> None:
        """``labour``: 1-12; ``on_close``: called once when the player puts the legend away."""
        super().__init__(app, lambda: labour_name(labour))
        self.labour = labour
        self.on_close = on_close
        self.closed = False
        self.size = 20  #: the story's font size, set for the window by :meth:`build`

    def body_size(self) -> int:
        """The legend's font size: the player's text scale, smaller only if the window is too
        short for the whole story (it is never cut)."""
        return self.size

    def body_lines(self) -> list[str]:
        """The legend wrapped to the panel."""
        return FONTS.wrap(legend_text(self.labour), self.body_size(), self.width - 96, "italic")

    def chrome(self) -> int:
        """The panel's height besides the story: title, hint, bands and margins."""
        return 62 + FONTS.font(self.px(30), "bold").get_height() + 22 + 70

    def build(self) -> None:
        """As tall as the legend needs (and no taller than the window)."""
        w, h = self.app.size
        wide = 760 * self.app.display_scale  # grows with the text, more slowly
        self.width = min(
            w - 80, max(round(wide), round(wide * float(self.app.settings.ui_scale) ** 0.5))
        )
        self.size = self.px(20)
        while True:
            need = self.chrome() + len(self.body_lines()) * round(self.size * 1.5)
            if need <= h - 60 or self.size <= 12:
                break
            self.size -= 1
        self.height = min(h - 60, max(320, need))
        super().build()

    def close(self) -> None:
        """Put the legend away and tell the table (once, however many clicks and keys come)."""
        if self.closed:
            return
        self.closed = True
        if self.app.top is self:
            self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.close()
        elif event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS:
            self.close()

    def on_escape(self) -> None:
        """Esc closes, telling the table."""
        self.close()

    def draw(self, surface: pygame.Surface) -> None:
        D.dim(surface, (20, 14, 10, 160))
        box = self.box
        D.panel(surface, box, colour("parchment"), colour("gold_dark"), 16)
        inner = box.inflate(-16, -16)
        pygame.draw.rect(surface, colour("gold"), inner, 1, border_radius=12)
        for y in (box.y + 12, box.bottom - 26):
            D.meander(surface, pygame.Rect(box.x + 28, y, box.w - 56, 14), colour("gold_dark"), 3)
        kicker = t("lab.legend.kicker", numeral=numeral(self.labour))
        FONTS.blit(
            surface,
            kicker,
            self.px(16),
            colour("terracotta"),
            (box.centerx, box.y + 38),
            "midtop",
            "bold",
        )
        heading = self.heading()
        size = FONTS.fit(heading, self.px(30), box.w - 160, "bold", smallest=16)
        head = FONTS.blit(
            surface,
            heading,
            size,
            colour("terracotta_dark"),
            (box.centerx, box.y + 62),
            "midtop",
            "bold",
        )
        D.laurel(surface, (head.x - 36, head.centery), 20, colour("laurel"))
        D.laurel(surface, (head.right + 36, head.centery), 20, colour("laurel"))
        y = head.bottom + 22
        step = round(self.body_size() * 1.5)
        for line in self.body_lines():
            if y + step > box.bottom - 70:
                break  # never past the hint (a text scale too large for the window)
            FONTS.blit(
                surface, line, self.body_size(), colour("ink"), (box.x + 48, y), "topleft", "italic"
            )
            y += step
        FONTS.blit(
            surface,
            t("lab.legend.continue"),
            self.px(15),
            colour("ink_soft"),
            (box.centerx, box.bottom - 36),
            "midbottom",
        )

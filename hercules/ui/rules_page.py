"""A game's rules page: its summary of the rules, then a reference built from its data.

:class:`RulesPage` is the page every game shows (a panel that scrolls, with headings, bullets
and reference lines, the Back button, Esc and F1 closing it); a game gives its text
(:meth:`RulesPage.rules_text`), its reference rows (:meth:`RulesPage.reference_rows`), the
mark drawn left of a reference line (:meth:`RulesPage.draw_badge`) and its words and look
(the class attributes).

The page is laid out once per size, language and text scale (:meth:`RulesPage.compose`): each
line gets its place in pixels, so the scrollbar knows the page's true height and the page ends
where its text ends.
"""

from __future__ import annotations

from typing import ClassVar

import pygame
import pygame_gui

from . import draw as D
from .scene import Scene, Shell
from .scroll import Scroller
from .strings import t
from .theme import FONTS, colour

#: Line styles: (font size at 100 % text, font style, line height as a multiple of the size).
STYLES: dict[str, tuple[int, str, float]] = {
    "title": (30, "bold", 1.7),
    "head": (26, "bold", 1.6),
    "sub": (20, "bold", 1.45),
    "body": (18, "body", 1.4),
    "bullet": (18, "body", 1.4),
    "cont": (18, "body", 1.4),
    "card": (18, "body", 1.4),
    "gap": (8, "body", 1.0),
}
#: Left margin of the text in the panel.
MARGIN = 30
#: How far a gap moves the next line down, in pixels.
GAP = 8

#: A row of the page before it is laid out: (style, text, badge kind, badge text).
Row = tuple[str, str, str, str]
#: A line of the page: (style, text, y from the page's top, badge kind, badge text).
Line = tuple[str, str, int, str, str]


def text_rows(text: str) -> list[Row]:
    """A rules text as rows: ``# `` starts a heading, ``- `` a bullet, an empty line a gap."""
    rows: list[Row] = []
    for para in text.split("\n"):
        if para.startswith("# "):
            rows.append(("head", para[2:], "", ""))
        elif para.startswith("- "):
            rows.append(("bullet", para[2:], "", ""))
        elif para.strip():
            rows.append(("body", para, "", ""))
        else:
            rows.append(("gap", "", "", ""))
    return rows


class RulesPage(Scene):
    """The rules, then the reference, in a panel that scrolls. Esc, F1 or Back returns."""

    focus_arrows = (pygame.K_LEFT, pygame.K_RIGHT)  #: Up and Down scroll

    #: The line styles of the page.
    styles: ClassVar[dict[str, tuple[int, str, float]]] = STYLES
    #: The indent of bullets and reference lines at 100 % (room for a badge).
    indent_at_100: ClassVar[int] = 30
    #: The page's title (a key; None: no title line).
    title_key: ClassVar[str | None] = None
    #: The Back button's words, and the scrolling hint under the text (None: no hint).
    back_key: ClassVar[str] = "setup.back"
    scroll_key: ClassVar[str | None] = None
    #: The widest the page's column grows at 100 % (None: the window's width).
    column: ClassVar[int | None] = None
    #: A meander band along the panel's top (the text starts under it).
    band: ClassVar[bool] = True
    #: The colour of a sub-heading.
    sub_ink: ClassVar[str] = "laurel_dark"
    #: Where a bullet's dot sits: left of the text, and down by a share of the font size.
    bullet_at: ClassVar[tuple[int, float]] = (14, 0.7)

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.lines: list[Line] = []
        self.scroller = Scroller(pygame.Rect(0, 0, 1, 1), 0)
        self.box = pygame.Rect(0, 0, 1, 1)
        self.mouse = (0, 0)

    # --- what a game gives --------------------------------------------------------------------
    def rules_text(self) -> str:
        """The game's summary of its rules (``# `` headings, ``- `` bullets)."""
        return ""

    def reference_rows(self) -> list[Row]:
        """The reference after the rules, from the game's data, in the current language."""
        return []

    def draw_badge(
        self, surface: pygame.Surface, line: Line, x0: int, x: int, y: int, size: int
    ) -> None:
        """The mark left of a reference line (``x0``: the text's margin, ``x``: the line's
        start, ``y``: its top)."""

    # --- the page's measures -----------------------------------------------------------------
    @property
    def scale(self) -> float:
        """The text scale in real pixels (the player's, times the display's)."""
        return float(self.app.text_scale)

    @property
    def indent(self) -> int:
        """The indent of bullets and reference lines (room for a badge)."""
        return round(self.indent_at_100 * max(1.0, self.scale))

    def size_of(self, style: str) -> int:
        """The font size of a line style at the player's text scale."""
        return max(8, round(self.styles[style][0] * self.scale))

    def wrap(self, text: str, style: str, width: int) -> list[str]:
        """A row's text in lines that fit ``width``."""
        return FONTS.wrap(text, self.size_of(style), width, self.styles[style][1])

    def build(self) -> None:
        """The panel, its Back button, and the page laid out for the window now."""
        w, h = self.app.size
        btn_h = max(44, round(44 * self.scale))
        # Lines of readable length: on a wide window the page is a column, not the width.
        bw = (
            w - 80
            if self.column is None
            else min(w - 80, round(self.column * max(1.0, self.scale)))
        )
        self.box = pygame.Rect((w - bw) // 2, 30, bw, h - 60 - btn_h - 20)
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - 110, self.box.bottom + 20, 220, btn_h),
                t(self.back_key),
                self.app.ui,
            )
        )
        top = 30 if self.band else 14
        # The scrolling hint under the text (without one, a margin).
        below = max(18, round(15 * self.scale)) + 14 if self.scroll_key else 20
        view = pygame.Rect(
            self.box.x + 12, self.box.y + top, self.box.w - 24, self.box.h - top - below
        )
        offset = self.scroller.offset
        self.lines, height = self.compose(view.w - MARGIN - 24)
        self.scroller = Scroller(view, height, step=round(self.styles["body"][0] * self.scale * 3))
        self.scroller.scroll_to(offset)

    def rows(self) -> list[Row]:
        """Every row of the page: the title, the rules, the reference."""
        out: list[Row] = [("title", t(self.title_key), "", "")] if self.title_key else []
        return out + text_rows(self.rules_text()) + self.reference_rows()

    def compose(self, width: int) -> tuple[list[Line], int]:
        """The page's lines with their places, and its height."""
        out: list[Line] = []
        y = 0
        for style, text, badge, mark in self.rows():
            if style == "gap":
                out.append((style, "", y, "", ""))
                y += GAP
                continue
            indent = self.indent if style in ("bullet", "card") else 0
            for i, ln in enumerate(self.wrap(text, style, width - indent)):
                first = i == 0
                line_style = style if first or style not in ("bullet", "card") else "cont"
                out.append((line_style, ln, y, badge if first else "", mark if first else ""))
                y += round(self.size_of(style) * self.styles[style][2])
        return out, y

    def text(self) -> str:
        """Every word on the page, one line after another (tests read it)."""
        return "\n".join(line[1] for line in self.lines)

    # --- input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel, the scrollbar and the keys scroll; Back, Esc or F1 return."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.scroller.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.btn_back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop()
            elif event.key == pygame.K_DOWN:
                self.scroller.scroll_by(self.scroller.step)
            elif event.key == pygame.K_UP:
                self.scroller.scroll_by(-self.scroller.step)
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroller.page(1)
            elif event.key == pygame.K_PAGEUP:
                self.scroller.page(-1)
            elif event.key == pygame.K_HOME:
                self.scroller.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroller.scroll_to(self.scroller.max_offset)

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The panel and the lines in view."""
        D.pave_marble(surface, seed=6)
        D.panel(surface, self.box, colour("parchment"), colour("gold_dark"), 12)
        if self.band:
            band = pygame.Rect(self.box.x + 20, self.box.y + 8, self.box.w - 40, 14)
            D.meander(surface, band, colour("gold_dark"), 3)
        view = self.scroller.view
        top = self.scroller.offset
        clip = surface.get_clip()
        surface.set_clip(view)
        x0 = view.x + MARGIN
        for line in self.lines:
            style, text, y, badge, _mark = line
            size = self.size_of(style)
            if y + size * 2 < top:
                continue
            if y > top + view.h:
                break
            yy = view.y + y - top
            if style == "title":
                ink = colour("terracotta_dark")
                FONTS.blit(surface, text, size, ink, (view.centerx, yy), "midtop", "bold")
            elif style in ("head", "sub"):
                ink = colour("terracotta_dark") if style == "head" else colour(self.sub_ink)
                FONTS.blit(surface, text, size, ink, (x0, yy), "topleft", "bold")
            elif style != "gap":
                x = x0 + (self.indent if style in ("bullet", "cont", "card") else 0)
                if style == "bullet":
                    dx, dy = self.bullet_at
                    r = max(3, size // 5)
                    pygame.draw.circle(surface, colour("terracotta"), (x - dx, yy + size * dy), r)
                if badge:
                    self.draw_badge(surface, line, x0, x, yy, size)
                FONTS.blit(surface, text, size, colour("ink"), (x, yy))
        surface.set_clip(clip)
        self.scroller.draw(surface)
        if self.scroll_key:
            FONTS.blit(
                surface,
                t(self.scroll_key),
                max(12, round(15 * self.scale)),
                colour("ink_soft"),
                (self.box.right - 20, self.box.bottom - 8),
                "bottomright",
            )

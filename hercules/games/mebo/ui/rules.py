"""The rules and card reference: our own summary of the rules, and every card from the data.

The rules text is the game's ``text/rules.<lang>.txt`` (and ``rules_pnp``) in the current language.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.games.mebo.engine import card_set
from hercules.ui import draw as D
from hercules.ui.scene import Scene
from hercules.ui.scroll import Scroller
from hercules.ui.strings import t, text_file
from hercules.ui.theme import FONTS, colour

from .describe import ability_text, card_name, symbol_name
from .icons import torch

#: Line styles: (font size at 100 % text, font style, line height as a multiple of the size).
STYLES: dict[str, tuple[int, str, float]] = {
    "head": (26, "bold", 1.6),
    "sub": (20, "bold", 1.45),
    "body": (18, "body", 1.4),
    "bullet": (18, "body", 1.4),
    "cont": (18, "body", 1.4),
    "card": (18, "body", 1.4),
    "gap": (8, "body", 1.0),
}
#: Left margin of the text in the panel, and the indent of bullets and card lines.
MARGIN = 30
INDENT = 22


class RulesScene(Scene):
    """The rules text, then a card reference, in a panel that scrolls. Esc or Back returns.

    The page is laid out once per size, language and text scale (:meth:`compose`): each
    line gets its place in pixels, so the scrollbar knows the page's true height and the
    page ends where its text ends.
    """

    focus_arrows = (pygame.K_LEFT, pygame.K_RIGHT)  #: Up and Down scroll

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        #: (style, text, y, torches) per line; y is from the page's top, in pixels.
        self.lines: list[tuple[str, str, int, int]] = []
        self.scroller = Scroller(pygame.Rect(0, 0, 1, 1), 0)
        self.mouse = (0, 0)

    @property
    def scale(self) -> float:
        """The text scale in real pixels (the player's, times the display's)."""
        return float(self.app.text_scale)

    @property
    def indent(self) -> int:
        """The indent of bullets and card lines (room for a torch and its number)."""
        return round(INDENT * max(1.0, self.scale))

    def size_of(self, style: str) -> int:
        """The font size of a line style at the player's text scale."""
        return max(8, round(STYLES[style][0] * self.scale))

    def build(self) -> None:
        w, h = self.app.size
        btn_h = max(44, round(44 * self.scale))
        self.box = pygame.Rect(40, 30, w - 80, h - 60 - btn_h - 20)
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - 110, self.box.bottom + 20, 220, btn_h),
                t("setup.back"),
                self.app.ui,
            )
        )
        hint_h = max(18, round(15 * self.scale)) + 14  # the scrolling hint under the text
        view = pygame.Rect(
            self.box.x + 12, self.box.y + 14, self.box.w - 24, self.box.h - 14 - hint_h
        )
        offset = self.scroller.offset
        self.lines, height = self.compose(view.w - MARGIN - 24)
        self.scroller = Scroller(view, height, step=round(STYLES["body"][0] * self.scale * 3))
        self.scroller.scroll_to(offset)

    def compose(self, width: int) -> tuple[list[tuple[str, str, int, int]], int]:
        """The page's lines with their places, and its height: the rules, then the cards."""
        rows: list[tuple[str, str, int]] = []
        text = text_file("rules") + "\n\n" + text_file("rules_pnp")  # the variant after the game
        for para in text.split("\n"):
            if para.startswith("# "):
                rows.append(("head", para[2:], 0))
            elif para.strip():
                style = "bullet" if para.startswith("- ") else "body"
                body = para[2:] if style == "bullet" else para
                indent = self.indent if style == "bullet" else 0
                for ln in FONTS.wrap(body, self.size_of(style), width - indent):
                    rows.append((style, ln, 0))
                    style = "cont" if style == "bullet" else style
            else:
                rows.append(("gap", "", 0))
        rows.append(("head", t("rules.cards"), 0))
        rows.append(("card", t("rules.torch_legend"), -1))
        for style, text_, torches in self.card_rows():
            indent = self.indent if style == "card" else 0
            for i, ln in enumerate(FONTS.wrap(text_, self.size_of(style), width - indent)):
                rows.append((style if i == 0 else "cont", ln, torches if i == 0 else 0))
        out = []
        y = 0
        for style, text_, torches in rows:
            out.append((style, text_, y, torches))
            y += round(self.size_of(style) * STYLES[style][2]) if style != "gap" else 8
        return out, y

    @staticmethod
    def card_rows() -> list[tuple[str, str, int]]:
        """The card reference: (style, text, torches), cards by name, alike cards counted once.

        Demigods of one deck differ only in their die, symbols, points and torches: cards
        that read alike are one line with their number ("×4").
        """
        cs = card_set()
        rows: list[tuple[str, str, int]] = []
        for deck in cs.decks:
            rows.append(("sub", f"{t(f'deck.{deck.id}')} \u2014 {t(f'deck.earn.{deck.id}')}", 0))
            alike: dict[tuple[str, int], int] = {}
            for c in cs.demigods:
                if c.deck == deck.id:
                    key = (card_line(c.id), c.torches)
                    alike[key] = alike.get(key, 0) + 1
            for (line, torches), n in alike.items():
                text = t("rules.card_count", n=n, card=line) if n > 1 else line
                rows.append(("card", text, torches))
        rows.append(("sub", t("rules.gods"), 0))
        for g in (cs.zeus, *cs.gods):
            rows.append(("card", card_line(g.id), g.torches))
        rows.append(("sub", t("rules.vases"), 0))
        for v in cs.vases:
            rows.append(("card", card_name(v.id), v.torches))
        return rows

    def handle_event(self, event: pygame.event.Event) -> None:
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

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        D.pave_marble(surface, seed=6)
        D.panel(surface, self.box, colour("parchment"), colour("gold_dark"), 12)
        view = self.scroller.view
        top = self.scroller.offset
        clip = surface.get_clip()
        surface.set_clip(view)
        x0 = view.x + MARGIN
        for style, text, y, torches in self.lines:
            size = self.size_of(style)
            if y + size * 2 < top:
                continue
            if y > top + view.h:
                break
            yy = view.y + y - top
            if style in ("head", "sub"):
                FONTS.blit(
                    surface, text, size, colour("terracotta_dark"), (x0, yy), "topleft", "bold"
                )
            elif style != "gap":
                x = x0 + (self.indent if style in ("bullet", "cont", "card") else 0)
                if style == "bullet":
                    r = max(3, size // 5)
                    pygame.draw.circle(surface, colour("terracotta"), (x - 12, yy + size * 0.65), r)
                if torches:
                    self.draw_torches(surface, (x0, yy), size, torches)
                FONTS.blit(surface, text, size, colour("ink"), (x, yy))
        surface.set_clip(clip)
        self.scroller.draw(surface)
        FONTS.blit(
            surface,
            t("rules.scroll"),
            max(12, round(15 * self.scale)),
            colour("ink_soft"),
            (self.box.right - 20, self.box.bottom - 8),
            "bottomright",
        )

    @staticmethod
    def draw_torches(surface: pygame.Surface, pos: tuple[int, int], size: int, n: int) -> None:
        """A torch and its number left of a card line (-1: the torch alone, for the legend)."""
        icon = torch(round(size * 1.2))
        x, y = pos
        surface.blit(icon, (x - 8, y + 1))
        if n > 0:
            FONTS.blit(
                surface,
                str(n),
                max(8, size * 2 // 3),
                colour("ink"),
                (x - 8 + icon.get_width(), y + size),
                "bottomleft",
                "bold",
            )


def card_line(card_id: str) -> str:
    """A card as the reference lists it: its name, what it does, its die, symbols and points.

    Shorter than its tooltip: the price of an ability is told once in the rules above, a
    card worth nothing says nothing about points, and its torch is drawn, not written.
    """
    card = card_set().card(card_id)
    parts = []
    if card.kind in ("demigod", "god"):
        parts.append(ability_text(card))
    if card.die:
        parts.append(t("tip.die_number", n=card.die))
    if card.symbols:
        parts.append(t("tip.symbols", symbols=" ".join(symbol_name(s) for s in card.symbols)))
    if card.vp and card.ability != "vp":  # a points card's ability already says its points
        parts.append(t("tip.vp", vp=card.vp))
    return f"{card_name(card_id)}: " + "; ".join(parts)

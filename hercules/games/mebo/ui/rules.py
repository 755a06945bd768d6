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
from hercules.ui.strings import t, text_file
from hercules.ui.theme import FONTS, colour

from .describe import card_name, card_tooltip


class RulesScene(Scene):
    """Scrollable rules text, then a card reference. Esc or Back returns."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.scroll = 0
        self.lines: list[tuple[str, str]] = []

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(60, 40, w - 120, h - 140)
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - 100, h - 80, 200, 50), t("setup.back"), self.app.ui
            )
        )
        self.lines = self.compose(self.box.w - 60)

    def compose(self, width: int) -> list[tuple[str, str]]:
        """(style, text) lines: the rules, then the cards."""
        out: list[tuple[str, str]] = []
        text = text_file("rules") + "\n\n" + text_file("rules_pnp")  # the variant after the game
        for para in text.split("\n"):
            if para.startswith("# "):
                out.append(("head", para[2:]))
            elif para.strip():
                style = "bullet" if para.startswith("- ") else "body"
                for ln in FONTS.wrap(para, 18, width - (20 if style == "bullet" else 0)):
                    out.append((style, ln))
                    style = "cont" if style == "bullet" else style
            else:
                out.append(("gap", ""))
        out.append(("head", t("rules.cards")))
        cs = card_set()
        for deck in cs.decks:
            ids = [c.id for c in cs.demigods if c.deck == deck.id]
            out.append(("sub", f"{t(f'deck.{deck.id}')} \u2014 {t(f'deck.earn.{deck.id}')}"))
            for cid in ids:
                out.append(("body", f"{cid}: " + "; ".join(card_tooltip(cid)[1:])))
        out.append(("sub", t("rules.gods")))
        for g in (cs.zeus, *cs.gods):
            out.append(("body", f"{card_name(g.id)}: " + "; ".join(card_tooltip(g.id)[1:])))
        out.append(("sub", t("rules.vases")))
        for v in cs.vases:
            out.append(
                (
                    "body",
                    f"{card_name(v.id)}"
                    + (f"; {t('tip.torches', n=v.torches)}" if v.torches else ""),
                )
            )
        return out

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.btn_back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll_by(5 if event.key == pygame.K_DOWN else 20)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll_by(-5 if event.key == pygame.K_UP else -20)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)

    def scroll_by(self, n: int) -> None:
        self.scroll = max(0, min(len(self.lines) - 5, self.scroll + n))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(D.marble((w, h), seed=6), (0, 0))
        D.panel(surface, self.box, colour("parchment"), colour("gold_dark"), 12)
        y = self.box.y + 20
        heights = {"head": 42, "sub": 28, "gap": 8}
        for style, text in self.lines[self.scroll :]:
            if y + heights.get(style, 25) > self.box.bottom - 34:
                break  # the last line never runs into the scrolling hint
            if style == "head":
                y += 6
                FONTS.blit(
                    surface,
                    text,
                    26,
                    colour("terracotta_dark"),
                    (self.box.x + 30, y),
                    "topleft",
                    "bold",
                )
                y += 36
            elif style == "sub":
                FONTS.blit(
                    surface,
                    text,
                    20,
                    colour("terracotta_dark"),
                    (self.box.x + 30, y),
                    "topleft",
                    "bold",
                )
                y += 28
            elif style == "gap":
                y += 8
            else:
                x = self.box.x + 30 + (20 if style in ("bullet", "cont") else 0)
                if style == "bullet":
                    pygame.draw.circle(surface, colour("terracotta"), (x - 12, y + 11), 4)
                    text = text[2:] if text.startswith("- ") else text
                FONTS.blit(surface, text, 18, colour("ink"), (x, y))
                y += 25
            if y > self.box.bottom - 30:
                break
        FONTS.blit(
            surface,
            t("rules.scroll"),
            16,
            colour("ink_soft"),
            (self.box.right - 20, self.box.bottom - 10),
            "bottomright",
        )

"""The rules and card reference: our own summary of the rules, and every card from the data.

The rules text is the game's ``text/rules.<lang>.txt`` (and ``rules_pnp``) in the current language.
"""

from __future__ import annotations

import pygame

from hercules.games.mebo.engine import card_set
from hercules.ui.rules_page import Line, Row, RulesPage
from hercules.ui.strings import t, text_file
from hercules.ui.theme import FONTS, colour

from .describe import ability_text, card_name, symbol_name
from .icons import torch

#: The badge of a card line: its torches.
TORCH = "torch"

#: The indent of bullets and card lines at 100 % (room for a torch and its number).
INDENT = 22


class RulesScene(RulesPage):
    """The rules text, then a card reference, in a panel that scrolls. Esc or Back returns."""

    indent_at_100 = INDENT
    scroll_key = "rules.scroll"
    band = False
    sub_ink = "terracotta_dark"
    bullet_at = (12, 0.65)

    def rules_text(self) -> str:
        """The rules, then the print-and-play variant's."""
        return text_file("rules") + "\n\n" + text_file("rules_pnp")

    def wrap(self, text: str, style: str, width: int) -> list[str]:
        """Headings stay one line; the rest wraps in the body's font."""
        if style == "head":
            return [text]
        return FONTS.wrap(text, self.size_of(style), width)

    def reference_rows(self) -> list[Row]:
        """The card reference, its torch legend first."""
        rows: list[Row] = [
            ("head", t("rules.cards"), "", ""),
            ("card", t("rules.torch_legend"), TORCH, "-1"),
        ]
        for style, text, torches in self.card_rows():
            rows.append((style, text, TORCH if torches else "", str(torches) if torches else ""))
        return rows

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

    def draw_badge(
        self, surface: pygame.Surface, line: Line, x0: int, x: int, y: int, size: int
    ) -> None:
        """A card line's torches, at the margin."""
        self.draw_torches(surface, (x0, y), size, int(line[4]))

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

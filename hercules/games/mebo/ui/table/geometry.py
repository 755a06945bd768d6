"""Where things are inside the player panels, and what lies under the mouse.

The fixed places (columns, stacks, panels) come from :class:`TableLayout`; the ones
that depend on the state (a hand's cards, a seat's dice, a print-and-play sheet)
are computed here, for the painter and for hit-testing alike.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from hercules.games.mebo.engine.pnp import ROWS
from hercules.ui.density import scale_places, scale_rect

from ..layout import TableLayout
from ..targeting import Target
from .hands import CARD_RATIO, HandLayout, layout_for

__all__ = ["CARD_RATIO", "TableGeometry"]


class TableGeometry:
    """The state-dependent places of one state on one layout (cheap: make one when needed)."""

    def __init__(self, layout: TableLayout, state: Any) -> None:
        self.layout = layout
        self.state = state

    @property
    def sheet(self) -> bool:
        """The variant keeps score sheets (print-and-play) instead of cubes and cards."""
        return bool(self.state.config.variant.sheet)

    def px(self, length: float) -> int:
        """``length`` layout pixels in real pixels (the display's scale: ``layout.density``)."""
        return round(length * self.layout.density)

    def hand(self, seat: int) -> HandLayout:
        """A seat's hand: its groups of alike cards and where they are drawn (cached).

        At a display scale above 1 the hand is laid out in layout pixels (its card sizes are
        made for them) and its places multiplied back; ``card_h`` stays in layout pixels, as
        the card faces' choice of a compact face is made on it."""
        k = self.layout.density
        area = self.hand_area(seat)
        if k == 1.0:
            return layout_for(self.state.players[seat], self.state, area)
        hand = layout_for(self.state.players[seat], self.state, scale_rect(area, 1 / k))
        return replace(
            hand, rects=scale_places(hand.rects, k), visible=scale_places(hand.visible, k)
        )

    def hand_cards(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        """Every card of a seat's hand and the part of its group's card in view.

        A card shares its rectangle with the alike cards of its group (drawn as one),
        and that rectangle is where a click reaches the group.
        """
        hand = self.hand(seat)
        return [
            (cid, pygame.Rect(vis))
            for g, vis in zip(hand.groups, hand.visible, strict=True)
            for cid in g.cards
        ]

    def hand_area(self, seat: int) -> pygame.Rect:
        """The part of a panel that holds the hand."""
        pr = self.layout.panels[seat]
        top = pr.y + self.panel_header_h() + self.die_size() + self.px(14)
        return pygame.Rect(pr.x + self.px(8), top, pr.w - self.px(16), pr.bottom - top - self.px(6))

    def score_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's running score is written: the right end of its panel's header."""
        pr = self.layout.panels[seat]
        w = min(pr.w // 2, max(self.px(90), self.layout.body * 6))
        return pygame.Rect(pr.right - w, pr.y, w, self.panel_header_h())

    def panel_header_h(self) -> int:
        """The height of a panel's coloured header."""
        return self.layout.body + self.px(14)

    def die_size(self) -> int:
        """The side of a die in a panel."""
        return max(self.px(36), min(self.px(56), self.layout.panels[0].h // 6))

    def die_rects(self, seat: int) -> list[pygame.Rect]:
        """Where a seat's dice are drawn (two, plus the white die while it is held)."""
        pr = self.layout.panels[seat]
        ds = self.die_size()
        y = pr.y + self.panel_header_h() + self.px(6)
        n = len(self.state.dice_of(seat))
        gap = self.px(10)
        return [pygame.Rect(pr.x + gap + i * (ds + gap), y, ds, ds) for i in range(n)]

    def supply_pos(self, seat: int) -> tuple[int, int]:
        """Where the cube supply of a seat is shown."""
        pr = self.layout.panels[seat]
        ds = self.die_size()
        return (pr.right - self.px(40), pr.y + self.panel_header_h() + self.px(6) + ds // 2)

    def card_dest(self, seat: int, card_id: str) -> pygame.Rect:
        """Where a card lies (or will lie) in a seat's hand."""
        hand = self.hand(seat)
        i = hand.group_of(card_id)
        return pygame.Rect(hand.rects[i]) if i >= 0 else self.hand_area(seat).copy()

    def sheet_layout(self, seat: int) -> tuple[list[pygame.Rect], list[tuple[str, pygame.Rect]]]:
        """A print-and-play sheet: twelve labour boxes, then six power rows (``row:<deck>``)."""
        area = self.hand_area(seat)
        p = self.px
        area = pygame.Rect(area.x, area.y - p(4), area.w, area.h + p(4))
        box = max(p(12), min(p(22), (area.w - p(8)) // 12 - p(2)))
        labours = [
            pygame.Rect(area.x + p(4) + i * (box + p(2)), area.y + p(4), box, box)
            for i in range(12)
        ]
        top = area.y + box + p(12)
        rh = max(p(14), (area.bottom - top - p(4)) // 6)
        rows = [
            (f"row:{d}", pygame.Rect(area.x + p(2), top + k * rh, area.w - p(4), rh - p(2)))
            for k, d in enumerate(ROWS)
        ]
        return labours, rows

    def targets(self) -> list[Target]:
        """Everything clickable or with a tooltip, topmost last."""
        L = self.layout
        s = self.state
        out: list[Target] = []
        if self.sheet:  # pnp: the start space is a stop an Apprentice may be held on
            out.append(Target(L.columns[0], "column", value=0))
        for c in range(1, 13):
            out.append(Target(L.columns[c], "column", value=c))
            if c <= 11 and s.columns[c]:
                out.append(Target(L.god_slots[c], "god", value=s.columns[c]))
        if s.top:
            out.append(Target(L.god_slots[12], "zeus", value=s.top[-1]))
        for k, r in enumerate(L.demigod_slots):
            out.append(Target(r, "deck", value=k))
        for k, r in enumerate(L.vase_slots):
            out.append(Target(r, "vase", value=k))
        out.append(Target(L.white_spot, "white"))
        out.append(Target(L.pegasus_spot, "pegasus"))
        for seat in range(s.n):
            out.append(Target(L.panels[seat], "panel", seat=seat))
            out.append(Target(self.score_rect(seat), "score", seat=seat))
            kind = "die"
            for i, r in enumerate(self.die_rects(seat)):
                out.append(Target(r, kind if seat == s.current else "opp_die", seat=seat, value=i))
            hand = self.hand(seat)
            for g, vis in zip(hand.groups, hand.visible, strict=True):
                out.append(Target(pygame.Rect(vis), "hand_card", seat=seat, value=g.card))
            if self.sheet:
                for rid, r in self.sheet_layout(seat)[1]:
                    out.append(Target(r, "hand_card", seat=seat, value=rid))
        return out

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The topmost target under a point."""
        found = None
        for tg in self.targets():
            if tg.rect.collidepoint(pos):
                found = tg
        return found

"""Where everything sits on the Later Years table, for the painter and the mouse alike.

The main area holds a title strip (round, deck, discards), the 4 x 4 task board on the left
with the auction (or, in a play phase, what the selected cards can pay for) beside it, and the
hand along the bottom. The sidebar holds one plaque per player (coins, cards, tasks, pawn),
what to do now, the buttons and the chronicle.
"""

from __future__ import annotations

import pygame

from hercules.ui.density import layout_pixels, scale_layout

MARGIN = 12
#: A card's width over its height.
CARD_RATIO = 0.7


class LYLayout:
    """The table's rectangles for one window size, text scale and number of players."""

    def __init__(
        self, size: tuple[int, int], players: int, scale: float = 1.0, density: float = 1.0
    ) -> None:
        """Places for ``players`` in ``size`` real pixels at display scale ``density``: laid out
        in layout pixels, then multiplied back (:func:`hercules.ui.dpi.scale_layout`)."""
        self.density = density
        w, h = layout_pixels(size, density)
        m = MARGIN
        self.players = players
        self.scale = scale
        self.body = max(12, round(min(16 * scale, h / 45)))
        side = int(min(max(w * 0.27, 300), 470) * min(1.25, max(1.0, scale**0.5)))
        side = min(side, int(w * 0.36))
        self.sidebar = pygame.Rect(w - side - m, m, side, h - 2 * m)
        main = pygame.Rect(m, m, w - side - 3 * m, h - 2 * m)
        self.main = main
        self.title = pygame.Rect(main.x, main.y, main.w, round(40 * min(scale, 1.3)))
        # The hand: one row of cards, as tall as the window allows.
        self.card_h = max(96, min(round(h * 0.2), 210))
        self.card_w = round(self.card_h * CARD_RATIO)
        self.hand = pygame.Rect(main.x, main.bottom - self.card_h - 44, main.w, self.card_h + 44)
        top = self.title.bottom + 8
        middle = pygame.Rect(main.x, top, main.w, self.hand.y - 8 - top)
        self.middle = middle
        board_side = min(middle.h, int(main.w * 0.55))
        self.board = pygame.Rect(middle.x, middle.y, board_side, board_side)
        self.stage = pygame.Rect(
            self.board.right + 10, middle.y, middle.right - self.board.right - 10, middle.h
        )
        # The board: labels of the rows (actions) on the left, of the columns (objects) above.
        inner = self.board.inflate(-16, -16)
        self.label_w = max(70, round(inner.w * 0.2))
        self.label_h = max(34, round(inner.h * 0.13))
        grid = min(inner.w - self.label_w, inner.h - self.label_h)
        self.cell = grid // 4
        gx = inner.x + self.label_w + (inner.w - self.label_w - 4 * self.cell) // 2
        gy = inner.y + self.label_h + (inner.h - self.label_h - 4 * self.cell) // 2
        self.grid = pygame.Rect(gx, gy, 4 * self.cell, 4 * self.cell)
        self.deck = pygame.Rect(self.title.right - 12 - 34, self.title.y + 4, 34, self.title.h - 8)
        # The sidebar, top to bottom.
        inner = self.sidebar.inflate(-20, -20)
        y = inner.y
        plaque_h = max(44, min(round(56 * min(scale, 1.3)), (h - 300) // max(1, players)))
        self.plaques = [
            pygame.Rect(inner.x, y + i * (plaque_h + 4), inner.w, plaque_h) for i in range(players)
        ]
        y += players * (plaque_h + 4) + 6
        self.prompt = pygame.Rect(inner.x, y, inner.w, round(68 * min(scale, 1.5)))
        y = self.prompt.bottom + 6
        bh = round(40 * min(scale, 1.3))
        self.button_h = bh
        self.buttons = pygame.Rect(inner.x, y, inner.w, 2 * bh + 8)
        y = self.buttons.bottom + 10
        self.log_box = pygame.Rect(inner.x, y, inner.w, max(60, inner.bottom - y))
        sizes = ("body", "card_h", "card_w", "label_w", "label_h", "cell", "button_h")
        scale_layout(self, density, sizes)
        self.size = size

    def px(self, length: float) -> int:
        """``length`` layout pixels in real pixels."""
        return round(length * self.density)

    # --- the board -------------------------------------------------------------------------
    def space_rect(self, index: int) -> pygame.Rect:
        """Board space ``index`` (row by row)."""
        r, c = divmod(index, 4)
        return pygame.Rect(
            self.grid.x + c * self.cell, self.grid.y + r * self.cell, self.cell, self.cell
        )

    def row_label(self, r: int) -> pygame.Rect:
        """Where action row ``r``'s name is written."""
        return pygame.Rect(
            self.board.x + self.px(8),
            self.grid.y + r * self.cell,
            self.grid.x - self.board.x - self.px(12),
            self.cell,
        )

    def col_label(self, c: int) -> pygame.Rect:
        """Where object column ``c``'s name is written."""
        top = self.board.y + self.px(6)
        return pygame.Rect(
            self.grid.x + c * self.cell, top, self.cell, self.grid.y - top - self.px(2)
        )

    # --- the auction -----------------------------------------------------------------------
    def auction_cards(self, n: int) -> list[pygame.Rect]:
        """The ``n`` cards up for auction, in a row across the stage."""
        st = self.stage
        gap = self.px(10)
        cw = min((st.w - self.px(20) - gap * (n - 1)) // n, round(st.h * 0.42 * CARD_RATIO))
        ch = round(cw / CARD_RATIO)
        x = st.centerx - (n * cw + (n - 1) * gap) // 2
        y = st.y + self.px(44)
        return [pygame.Rect(x + i * (cw + gap), y, cw, ch) for i in range(n)]

    def bid_spots(self, n: int) -> list[pygame.Rect]:
        """Under each auction card: its standing bid (a coin stack and the bidder)."""
        return [
            pygame.Rect(r.x, r.bottom + self.px(6), r.w, max(self.px(44), round(r.h * 0.42)))
            for r in self.auction_cards(n)
        ]

    def stepper(self, n: int) -> dict[str, pygame.Rect]:
        """The bid stepper under the auction: minus, the amount, plus, and the Bid button."""
        spots = self.bid_spots(n)
        p = self.px
        y = spots[0].bottom + p(14)
        bh = p(max(40, round(44 * min(self.scale, 1.3))))
        st = self.stage
        small = bh
        amount = round(bh * 1.6)
        bid = min(st.w - p(40) - 2 * small - amount - p(30), round(bh * 4.6))
        total = 2 * small + amount + bid + p(30)
        x = st.centerx - total // 2
        return {
            "minus": pygame.Rect(x, y, small, bh),
            "amount": pygame.Rect(x + small + p(6), y, amount, bh),
            "plus": pygame.Rect(x + small + amount + p(12), y, small, bh),
            "bid": pygame.Rect(x + 2 * small + amount + p(30), y, bid, bh),
        }

    # --- the hand --------------------------------------------------------------------------
    def hand_cards(self, n: int) -> list[pygame.Rect]:
        """``n`` cards of the hand, side by side, overlapping when the row is short of room."""
        if n <= 0:
            return []
        p = self.px
        area = self.hand.inflate(-p(20), 0)
        cw, ch = self.card_w, self.card_h
        fits = n * (cw + p(8)) - p(8) <= area.w
        step = cw + p(8) if fits else max(p(14), (area.w - cw) // max(1, n - 1))
        total = step * (n - 1) + cw
        x = area.centerx - total // 2
        y = self.hand.bottom - ch - p(6)
        return [
            pygame.Rect(x + i * step, y, min(cw, step) if i < n - 1 else cw, ch) for i in range(n)
        ]

    def hand_picture(self, rect: pygame.Rect) -> pygame.Rect:
        """The whole card whose visible part is ``rect`` (an overlapped card shows a strip)."""
        return pygame.Rect(rect.x, rect.y, self.card_w, self.card_h)

"""Where everything sits on the table of *The Labours of Hercules*, for painter and mouse alike.

The main area is a table seen from above: the seats along its top and bottom edges (in turn
order clockwise, the viewer at the bottom), Hercules' items and labours in a strip under the
top seats, the two rows of task cards in the middle, and the choices of the player to act
just above the bottom seats. The sidebar holds the journey's facts, what to do now, the
buttons and the chronicle.
"""

from __future__ import annotations

import pygame

from hercules.ui.density import layout_pixels, scale_layout

MARGIN = 12
#: A card's width over its height.
CARD_RATIO = 0.7
#: The most cards a row is laid out for before the cards shrink (20 cards, two rows).
ROOM = 8


def seat_places(n: int, first: int) -> list[tuple[str, int]]:
    """Each seat's (band, slot): ``"top"`` or ``"bottom"``, and its slot left to right.

    Going round clockwise from ``first`` (the viewer, at the bottom): leftwards along the
    bottom, up, rightwards along the top, down, and back."""
    bottom = n // 2
    top = n - bottom
    # The loop's places in clockwise order, starting at the bottom-right slot.
    loop = [("bottom", k) for k in reversed(range(bottom))] + [("top", k) for k in range(top)]
    start = bottom // 2  # the viewer sits in the middle of the bottom band (right of centre)
    places: list[tuple[str, int]] = [("", 0)] * n
    for k in range(n):
        places[(first + k) % n] = loop[(start + k) % n]
    return places


class CompanionsLayout:
    """The table's rectangles for one window size, text scale, seat count and viewer."""

    def __init__(
        self,
        size: tuple[int, int],
        players: int,
        first: int = 0,
        scale: float = 1.0,
        density: float = 1.0,
        button_rows: int = 1,
    ) -> None:
        """Places for ``players`` (``first``: the seat shown at the bottom, the viewer's) in
        ``size`` real pixels: laid out in layout pixels at display scale ``density``, then
        multiplied back (:func:`hercules.ui.density.scale_layout`); ``button_rows``: the
        sidebar's rows of buttons (a replay's transport has two)."""
        self.density = density
        self.scale = scale
        self.players = players
        w, h = layout_pixels(size, density)
        m = MARGIN
        self.body = max(12, round(min(15 * scale, h / 46)))
        side = int(min(max(w * 0.25, 290), 420) * min(1.25, max(1.0, scale**0.5)))
        side = min(side, int(w * 0.34))
        self.sidebar = pygame.Rect(w - side - m, m, side, h - 2 * m)
        main = pygame.Rect(m, m, w - side - 3 * m, h - 2 * m)
        self.main = main
        gap = 8
        self.seat_h = max(84, min(round(h * 0.135), 120))
        self.front_h = max(56, min(round(h * 0.09), 84))
        self.bar_h = max(44, min(round(h * 0.07), 60))
        self.top_band = pygame.Rect(main.x, main.y, main.w, self.seat_h)
        self.bottom_band = pygame.Rect(main.x, main.bottom - self.seat_h, main.w, self.seat_h)
        self.front = pygame.Rect(main.x, self.top_band.bottom + gap, main.w, self.front_h)
        self.bar = pygame.Rect(main.x, self.bottom_band.y - gap - self.bar_h, main.w, self.bar_h)
        self.table = pygame.Rect(
            main.x, self.front.bottom + gap, main.w, self.bar.y - gap - self.front.bottom - gap
        )
        places = seat_places(players, first)
        counts = {"top": players - players // 2, "bottom": players // 2}
        self.plaques: list[pygame.Rect] = []
        for band, slot in places:
            area = self.top_band if band == "top" else self.bottom_band
            k = counts[band]
            pw = min(250, (area.w - gap * (k - 1)) // k)
            total = k * pw + (k - 1) * gap
            x = area.centerx - total // 2 + slot * (pw + gap)
            self.plaques.append(pygame.Rect(x, area.y, pw, area.h))
        self.bands = [band for band, _ in places]
        # The rows: a letter each on the left, the cards centred.
        self.label_w = 34
        inner = self.table.inflate(-16, -16)
        row_h = (inner.h - gap) // 2
        self.row_boxes = [
            pygame.Rect(inner.x, inner.y, inner.w, row_h),
            pygame.Rect(inner.x, inner.y + row_h + gap, inner.w, row_h),
        ]
        # The sidebar, top to bottom.
        inner = self.sidebar.inflate(-20, -20)
        y = inner.y
        self.facts = pygame.Rect(inner.x, y, inner.w, round(118 * min(scale, 1.4)))
        y = self.facts.bottom + 8
        self.prompt = pygame.Rect(inner.x, y, inner.w, round(84 * min(scale, 1.5)))
        y = self.prompt.bottom + 6
        bh = round(38 * min(scale, 1.3))
        self.button_h = bh
        self.buttons = pygame.Rect(inner.x, y, inner.w, button_rows * (bh + 8) - 8)
        y = self.buttons.bottom + 10
        self.log_box = pygame.Rect(inner.x, y, inner.w, max(60, inner.bottom - y))
        scale_layout(self, density, ("body", "seat_h", "front_h", "bar_h", "label_w", "button_h"))
        self.size = size

    def px(self, length: float) -> int:
        """``length`` layout pixels in real pixels."""
        return round(length * self.density)

    # --- the cards -------------------------------------------------------------------------
    def card_size(self, longest: int) -> tuple[int, int]:
        """A task card's size when the longer row holds ``longest`` cards."""
        box = self.row_boxes[0]
        gap = self.px(8)
        k = max(ROOM // 2, longest)
        room = box.w - self.label_w - gap
        cw = min((room - gap * (k - 1)) // k, round((box.h - self.px(16)) * CARD_RATIO))
        return cw, round(cw / CARD_RATIO)

    def card_rects(self, lengths: tuple[int, int]) -> list[list[pygame.Rect]]:
        """Every space's rectangle, per row (``lengths``: how many cards each row holds)."""
        cw, ch = self.card_size(max(lengths))
        gap = self.px(8)
        out = []
        for r, n in enumerate(lengths):
            box = self.row_boxes[r]
            left = box.x + self.label_w
            total = n * cw + max(0, n - 1) * gap
            x = left + (box.right - left - total) // 2
            y = box.y + (box.h - ch) // 2 - self.px(6)
            out.append([pygame.Rect(x + i * (cw + gap), y, cw, ch) for i in range(n)])
        return out

    def row_label(self, r: int) -> pygame.Rect:
        """Where row ``r``'s letter is written."""
        box = self.row_boxes[r]
        return pygame.Rect(box.x, box.y, self.label_w, box.h)

    # --- the seats -------------------------------------------------------------------------
    def inner_edge(self, seat: int) -> int:
        """The y of a seat plaque's edge facing the middle of the table."""
        p = self.plaques[seat]
        return p.bottom if self.bands[seat] == "top" else p.top

    def bag(self) -> pygame.Rect:
        """Where the bag of tokens is drawn (in the front strip, at its right end)."""
        f = self.front
        side = f.h - self.px(8)
        return pygame.Rect(f.right - side - self.px(6), f.y + self.px(4), side, side)

    def discard(self) -> pygame.Rect:
        """Where the discard pile is drawn (left of the bag)."""
        b = self.bag()
        return b.move(-(b.w + self.px(12)), 0)

    # --- the choices -----------------------------------------------------------------------
    def choice_rects(self, widths: list[int]) -> list[pygame.Rect]:
        """The choice bar's buttons of ``widths``, centred (narrowed to fit if need be)."""
        bar = self.bar
        gap = self.px(8)
        total = sum(widths) + gap * max(0, len(widths) - 1)
        if total > bar.w - self.px(8):
            k = (bar.w - self.px(8) - gap * max(0, len(widths) - 1)) / max(1, sum(widths))
            widths = [max(self.px(22), int(w * k)) for w in widths]
            total = sum(widths) + gap * max(0, len(widths) - 1)
        x = bar.centerx - total // 2
        out = []
        for w in widths:
            out.append(pygame.Rect(x, bar.y + self.px(4), w, bar.h - self.px(8)))
            x += w + gap
        return out

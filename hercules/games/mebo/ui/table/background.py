"""The static table and board: wood, marble, labour headers, player rows, stack labels.

Rendered once per window size (the painter keeps it) and blitted under every frame.
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.ui import draw as D
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour, player_style

from .. import art
from ..layout import TableLayout


def render_background(
    layout: TableLayout, state: Any, size: tuple[int, int], labels: list[tuple[str, int]]
) -> pygame.Surface:
    """The static table for ``size``; ``labels``: the stack labels (string key, x)."""
    L = layout
    bg = pygame.Surface(size)
    bg.fill(colour("background"))
    # A dark wooden table under a marble board.
    for y in range(0, bg.get_height(), 6):
        k = 0.9 + 0.1 * ((y * 7919) % 13) / 13
        pygame.draw.line(bg, D.shade(colour("background"), k), (0, y), (bg.get_width(), y), 3)
    for i, piece in enumerate(L.pieces):
        area = piece.inflate(4, 4)
        D.panel(bg, area, colour("marble_dark"), colour("board_edge"), 6)
        slab = pygame.Rect(area.x + 2, area.y + 2, area.w - 4, area.h - 4)
        D.pave_marble(bg, slab, seed=11, shift=(i * 173, i * 97))  # one tile, five stones
        pygame.draw.rect(bg, colour("board_edge"), area, 2, border_radius=6)
    hdr = L.header
    for c in range(0, 13):
        col = L.columns[c]
        if c == 0:
            start = t("board.start")
            FONTS.blit(
                bg,
                start,
                FONTS.fit(start, L.small, col.w - 6, "bold", smallest=10),
                colour("ink_soft"),
                (col.centerx, hdr.y + 8),
                "midtop",
                "bold",
            )
            continue
        band = pygame.Rect(col.x + 2, hdr.y + 2, col.w - 4, hdr.h - 6)
        pygame.draw.rect(
            bg, D.shade(colour("marble"), 0.96 if c % 2 else 0.9), band, border_radius=4
        )
        es = min(hdr.h - L.body - 14, col.w - 40, 60)
        em = art.emblem(c, max(24, es))
        bg.blit(em, em.get_rect(topright=(col.right - 4, hdr.y + 5)))
        FONTS.blit(
            bg,
            str(c),
            int(L.body * 1.6),
            colour("terracotta_dark"),
            (col.x + 6, hdr.y + 2),
            "topleft",
            "bold",
        )
        short = t(f"labour.short.{c}")
        FONTS.blit(
            bg,
            short,
            FONTS.fit(short, L.small, col.w - 6, smallest=10),
            colour("ink"),
            (col.centerx, hdr.bottom - 4),
            "midbottom",
        )
    for seat, row in enumerate(L.rows):
        st = player_style(seat, state.players[seat].hades)
        strip = pygame.Surface((row.w, row.h - 2), pygame.SRCALPHA)
        strip.fill((*st["colour"], 34))
        bg.blit(strip, (row.x, row.y))
        pygame.draw.line(
            bg,
            D.shade(colour("board_edge"), 1.2),
            (row.x, row.bottom - 1),
            (row.right, row.bottom - 1),
            1,
        )
    # Meander along the top of the board, and labels for the stacks.
    D.meander(bg, pygame.Rect(L.board.x, L.board.y - 5, L.board.w, 10), colour("gold_dark"), 2)
    for key, x in labels:
        FONTS.blit(bg, t(key), L.small, colour("text_dim"), (x, L.stacks_area.y), "topleft", "bold")
    FONTS.blit(
        bg,
        t("board.white_die"),
        L.small,
        colour("text_dim"),
        (L.white_spot.centerx, L.stacks_area.y),
        "midtop",
        "bold",
    )
    pygame.draw.circle(bg, colour("gold_dark"), L.white_spot.center, L.white_spot.w // 2 + 8, 2)
    return bg

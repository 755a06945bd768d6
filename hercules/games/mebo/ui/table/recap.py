"""The recap a human sees when their turn starts: what the others did since their last turn.

Built from the records the table already keeps for its log: the labours performed,
cards taken, rests, turns ended without a labour (and on the print-and-play sheet the
powers crossed and jumps scored), one line each, newest last. The scene shows it until
the human clicks or acts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from hercules.ui import draw as D
from hercules.ui.strings import t, tn
from hercules.ui.theme import FONTS, colour

from ..describe import event_items
from ..layout import TableLayout

#: The events a recap tells: what a player did, not how (rolls, moves and dice changes are
#: in the log).
RECAP_EVENTS = frozenset(
    {
        "labour_performed",
        "card_received",
        "rested",
        "labour_given_up",
        "power_crossed",
        "jump",
        "reached_12",
        "game_end_triggered",
    }
)

#: The most lines a recap shows; more are counted in a last line (the log has them all).
MAX_LINES = 6


def recap_lines(records: Sequence[Any], seat: int, names: list[str]) -> list[str]:
    """What the players other than ``seat`` did since ``seat``'s last action, in words.

    ``records`` are the table's logged records, oldest first; before ``seat`` has acted at
    all, everything so far counts.
    """
    start = 0
    for i, rec in enumerate(records):
        if rec.seat == seat:
            start = i + 1
    lines: list[str] = []
    for rec in records[start:]:
        if rec.seat < 0:
            continue
        told = [ev for ev in rec.events if ev.type in RECAP_EVENTS and ev.player != seat]
        lines.extend(item.text for item in event_items(told, names))
    if len(lines) > MAX_LINES:
        more = len(lines) - (MAX_LINES - 1)
        lines = lines[: MAX_LINES - 1] + [tn("recap.more", more)]
    return lines


def recap_rect(layout: TableLayout, lines: Sequence[str]) -> pygame.Rect:
    """Where the recap lies: across the top of the board, tall enough for its lines."""
    size = layout.body
    w = min(layout.board.w - 40, max(420, int(layout.board.w * 0.62)))
    wrapped = sum(len(FONTS.wrap(line, size, w - 32)) for line in lines)
    h = 14 + (size + 10) + wrapped * (size + 5) + (layout.small + 12)
    rect = pygame.Rect(0, 0, w, h)
    rect.midtop = (layout.board.centerx, layout.god_row.y + 8)
    return rect


def draw_recap(surface: pygame.Surface, layout: TableLayout, lines: Sequence[str]) -> None:
    """The recap on parchment: its title, the lines, and how to close it."""
    if not lines:
        return
    box = recap_rect(layout, lines)
    D.panel(surface, box, colour("parchment"), colour("gold_dark"), 10)
    size = layout.body
    x, y = box.x + 16, box.y + 10
    FONTS.blit(surface, t("recap.title"), size + 2, colour("terracotta_dark"), (x, y), style="bold")
    y += size + 10
    for line in lines:
        for wl in FONTS.wrap(line, size, box.w - 32):
            FONTS.blit(surface, wl, size, colour("ink"), (x, y))
            y += size + 5
    FONTS.blit(
        surface,
        t("recap.dismiss"),
        layout.small,
        colour("ink_soft"),
        (box.right - 14, box.bottom - 8),
        "bottomright",
        "italic",
    )

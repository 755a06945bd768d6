"""The Later Years pieces, drawn by code: cards (face and back), coins, coin stacks, the pawn.

A card's face is drawn once per size and language into a cached picture. Its top-left corner
carries everything needed to read it when the hand overlaps it: the value (or the Draw
count) in its kind's colour and its mark (×2, ×3).
"""

from __future__ import annotations

import pygame

from hercules.games.later_years.engine import HIDDEN, load_data
from hercules.games.later_years.engine.data import ACTION, DRAW
from hercules.ui import draw as D
from hercules.ui.strings import t
from hercules.ui.surfaces import surface_cache
from hercules.ui.theme import FONTS, colour

from .words import Colour, seat_style, tint, type_name


def kind_colours(kind: str) -> tuple[Colour, Colour]:
    """The band and dark colours of a card kind."""
    return tint(kind), tint(f"{kind}_dark")


@D.text_cache
@surface_cache(max_mb=8)
def card_picture(card: str, w: int, h: int, glow: bool = False, lang: str = "") -> pygame.Surface:
    """A card's face (``HIDDEN``: its back) at ``w`` x ``h``; ``lang`` keys the cache."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = s.get_rect()
    rad = max(4, w // 10)
    if card == HIDDEN:
        pygame.draw.rect(s, tint("card_back"), r, border_radius=rad)
        inner = r.inflate(-max(6, w // 8), -max(6, w // 8))
        pygame.draw.rect(s, tint("card_back_mark"), inner, 2, border_radius=max(3, rad - 2))
        D.meander(
            s,
            pygame.Rect(inner.x + 4, inner.centery - 8, inner.w - 8, 16),
            tint("card_back_mark"),
            3,
        )
        pygame.draw.circle(s, tint("card_back_mark"), inner.center, max(6, w // 7), 2)
        pygame.draw.rect(s, colour("gold_dark"), r, 2, border_radius=rad)
        return s
    data = load_data()
    c = data.cards[card]
    ct = data.types[c.type]
    band, dark = kind_colours(ct.kind)
    light = (250, 246, 236)
    pygame.draw.rect(s, tint("card"), r, border_radius=rad)
    # The band: the corner index (value, or +n for a Draw card) and the kind.
    band_h = max(16, h // 6)
    pygame.draw.rect(
        s,
        band,
        pygame.Rect(0, 0, w, band_h),
        border_top_left_radius=rad,
        border_top_right_radius=rad,
    )
    label = str(ct.value) if ct.kind != DRAW else f"+{ct.draw}"
    index = FONTS.blit(s, label, max(12, band_h - 2), light, (5, band_h // 2), "midleft", "bold")
    kind = t(f"ly.kind.{ct.kind}")
    ksize = FONTS.fit(kind, max(9, band_h * 11 // 20), w - index.right - 10, smallest=8)
    FONTS.blit(s, kind, ksize, light, (w - 5, band_h // 2), "midright")
    # The name, wrapped to three lines at most, as large as fits.
    name = type_name(c.type)
    size = max(9, min(h // 8, w // 6))
    lines = FONTS.wrap(name, size, w - 10, "bold")
    while (
        len(lines) > 2 or any(FONTS.measure(x, size, "bold")[0] > w - 8 for x in lines)
    ) and size > 8:
        size -= 1
        lines = FONTS.wrap(name, size, w - 10, "bold")
    y = band_h + 4
    for ln in lines[:3]:
        FONTS.blit(s, ln, size, dark, (w // 2, y), "midtop", "bold")
        y += size + 2
    # The medallion with the value: a disc for actions, a square for objects, cards for Draw.
    top = band_h + 4 + 2 * (size + 2)
    mr = max(8, min(w // 4, (h - top - 8) // 2 - 2))
    mid = (w // 2, (top + h - 4) // 2)
    if ct.kind == ACTION:
        pygame.draw.circle(s, band, mid, mr)
        pygame.draw.circle(s, dark, mid, mr, 2)
    elif ct.kind == DRAW:
        for k in (-1, 0, 1):
            rc = pygame.Rect(0, 0, mr, round(mr * 1.4))
            rc.center = (mid[0] + k * mr // 2, mid[1] + abs(k) * 3)
            pygame.draw.rect(s, band, rc, border_radius=3)
            pygame.draw.rect(s, dark, rc, 1, border_radius=3)
    else:
        sq = pygame.Rect(0, 0, 2 * mr - 2, 2 * mr - 2)
        sq.center = mid
        pygame.draw.rect(s, band, sq, border_radius=max(2, mr // 4))
        pygame.draw.rect(s, dark, sq, 2, border_radius=max(2, mr // 4))
    big = str(ct.value) if ct.kind != DRAW else f"+{ct.draw}"
    FONTS.blit(s, big, round(mr * 1.1), light if ct.kind != DRAW else dark, mid, "center", "bold")
    # The mark: the card counts as two or three of its type.
    if c.units > 1:
        mark = t("ly.card.mark", n=c.units)
        badge = pygame.Rect(0, 0, max(22, w // 3), max(16, h // 8))
        badge.bottomright = (w - 4, h - 4)
        pygame.draw.rect(s, colour("gold"), badge, border_radius=badge.h // 2)
        pygame.draw.rect(s, dark, badge, 1, border_radius=badge.h // 2)
        msize = FONTS.fit(mark, badge.h - 2, badge.w - 4, "bold", 8)
        FONTS.blit(s, mark, msize, colour("ink"), badge.center, "center", "bold")
        FONTS.blit(
            s,
            mark,
            max(9, band_h * 3 // 5),
            light,
            (index.right + 2, band_h // 2),
            "midleft",
            "bold",
        )
    edge = colour("highlight") if glow else tint("card_edge")
    pygame.draw.rect(s, edge, r, 3 if glow else 2, border_radius=rad)
    return s


def coin(
    surface: pygame.Surface, center: tuple[int, int], r: int, seat: int, lit: bool = False
) -> None:
    """One marker coin of ``seat``: its colour and its shape (colour-blind play), on a rim."""
    st = seat_style(seat)
    cx, cy = center
    pygame.draw.circle(surface, tint("coin_edge"), (cx, cy + max(1, r // 5)), r)
    pygame.draw.circle(surface, st["dark"], (cx, cy), r)
    D.shape(surface, st["shape"], (cx, cy), r * 0.62, st["colour"], (250, 246, 236))
    if lit:
        pygame.draw.circle(surface, colour("highlight"), (cx, cy), r + 2, 2)


def money_coin(surface: pygame.Surface, center: tuple[int, int], r: int) -> None:
    """A gold coin of money (bids, fees)."""
    cx, cy = center
    pygame.draw.circle(surface, tint("coin_edge"), (cx, cy + max(1, r // 4)), r)
    pygame.draw.circle(surface, tint("bank"), (cx, cy), r)
    pygame.draw.circle(surface, D.shade(tint("bank"), 0.7), (cx, cy), r, max(1, r // 5))


def money_stack(
    surface: pygame.Surface, bottom: tuple[int, int], r: int, n: int, seat: int = -1
) -> pygame.Rect:
    """``n`` coins of money stacked up from ``bottom`` (at most 8 drawn), topped by the
    owner's marker when ``seat`` is given, with the figure beside. Returns its bounds."""
    x, y = bottom
    shown = min(n, 8)
    step = max(2, r // 3)
    for k in range(shown):
        money_coin(surface, (x, y - r - k * step), r)
    top = y - r - max(0, shown - 1) * step
    if seat >= 0:
        coin(surface, (x, top - step - 2), max(5, r * 2 // 3), seat)
    size = max(12, r + 4)
    text = FONTS.blit(surface, str(n), size, colour("ink"), (x + r + 6, y - r), "midleft", "bold")
    return pygame.Rect(x - r, top - r - step, 2 * r + 6 + text.w, y - top + r + step)


def pawn(surface: pygame.Surface, center: tuple[int, int], size: int, edge: int = 2) -> None:
    """The starter pawn: a gold piece with a laurel head (``edge``: its outline's width)."""
    cx, cy = center
    head = max(3, size // 4)
    body = [
        (cx - size // 2, cy + size // 2),
        (cx + size // 2, cy + size // 2),
        (cx + size // 5, cy - size // 8),
        (cx - size // 5, cy - size // 8),
    ]
    pygame.draw.polygon(surface, colour("gold"), body)
    pygame.draw.polygon(surface, colour("gold_dark"), body, edge)
    pygame.draw.circle(surface, colour("gold"), (cx, cy - size // 4), head)
    pygame.draw.circle(surface, colour("gold_dark"), (cx, cy - size // 4), head, edge)

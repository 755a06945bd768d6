"""Procedural art in one Greek look: marble, terracotta, gold and laurel. No bitmaps needed.

Everything expensive (textures, dice faces, cards, emblems) is rendered once
into a cached surface; frames only blit.
"""

from __future__ import annotations

import json
import math
import random
from functools import lru_cache

import pygame

from .strings import language, tr
from .theme import FONTS, Colour, asset_text, colour, deck_colour, theme_data

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}

SYMBOL_GLYPH = {"add": "+", "sub": "\u2212", "mul": "\u00d7", "div": "\u00f7"}
OP_GLYPH = SYMBOL_GLYPH


def shade(c: Colour, k: float) -> Colour:
    """Lighter (k > 1) or darker (k < 1) version of a colour."""
    return tuple(max(0, min(255, int(v * k))) for v in c[:3])


def mix(a: Colour, b: Colour, k: float) -> Colour:
    """Blend from ``a`` (k=0) to ``b`` (k=1)."""
    return tuple(int(a[i] + (b[i] - a[i]) * k) for i in range(3))


@lru_cache(maxsize=16)
def marble(size: tuple[int, int], seed: int = 1, base: str = "marble") -> pygame.Surface:
    """A marble slab with soft veins, drawn once per size."""
    w, h = size
    surf = pygame.Surface(size)
    c0 = colour(base)
    surf.fill(c0)
    rng = random.Random(seed)  # art only; the game's randomness lives in the engine state
    vein = colour("marble_vein")
    # Broad clouds first, then thin veins.
    cloud = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(max(8, w * h // 40000)):
        r = rng.randint(40, 160)
        pygame.draw.circle(cloud, (*shade(c0, 0.93), 26), (rng.randint(0, w), rng.randint(0, h)), r)
    surf.blit(cloud, (0, 0))
    lines = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(max(4, w * h // 60000)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        ang = rng.uniform(-0.6, 0.6) + (0 if rng.random() < 0.5 else math.pi)
        pts = []
        for _ in range(rng.randint(8, 20)):
            pts.append((x, y))
            ang += rng.uniform(-0.5, 0.5)
            step = rng.uniform(15, 45)
            x += math.cos(ang) * step
            y += math.sin(ang) * step
        alpha = rng.randint(40, 110)
        pygame.draw.lines(lines, (*vein, alpha), False, pts, rng.choice((1, 1, 2)))
    surf.blit(lines, (0, 0))
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour, border: Colour, r: int = 10):
    """A rounded panel with a soft drop shadow and a gold edge."""
    surface.blit(_shadow(rect.w, rect.h, r), (rect.x - 1, rect.y + 2))
    pygame.draw.rect(surface, fill, rect, border_radius=r)
    pygame.draw.rect(surface, border, rect, 2, border_radius=r)


@lru_cache(maxsize=64)
def _shadow(w: int, h: int, r: int) -> pygame.Surface:
    sh = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect().inflate(-4, -4), border_radius=r + 2)
    return sh


@lru_cache(maxsize=256)
def veil(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent rectangle (cached: making SRCALPHA surfaces every frame is slow)."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill(rgba)
    return s


def page(surface: pygame.Surface, box: pygame.Rect, title: str, seed: int) -> None:
    """A menu page: a marble backdrop and a panel with its title."""
    surface.blit(marble(surface.get_size(), seed=seed), (0, 0))
    panel(surface, box, colour("panel"), colour("gold"), 14)
    FONTS.blit(surface, title, 30, colour("highlight"), (box.centerx, box.y + 24), "midtop", "bold")


def pencil_cross(surface: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    """A pencil X in a box, slightly uneven like a hand-drawn one."""
    pygame.draw.line(surface, c, (r.x + 2, r.y + 3), (r.right - 3, r.bottom - 2), 2)
    pygame.draw.line(surface, c, (r.right - 2, r.y + 2), (r.x + 3, r.bottom - 3), 2)


def meander(surface: pygame.Surface, rect: pygame.Rect, c: Colour, unit: int = 8) -> None:
    """A Greek-key band filling ``rect`` horizontally."""
    u = unit
    y0 = rect.y + (rect.h - 4 * u) // 2
    x = rect.x
    while x + 4 * u <= rect.right:
        pts = [
            (x, y0 + 4 * u),
            (x, y0),
            (x + 3 * u, y0),
            (x + 3 * u, y0 + 3 * u),
            (x + u, y0 + 3 * u),
            (x + u, y0 + u),
            (x + 2 * u, y0 + u),
            (x + 2 * u, y0 + 2 * u),
        ]
        pygame.draw.lines(surface, c, False, pts, max(1, u // 4))
        pygame.draw.line(surface, c, (x, y0 + 4 * u), (x + 4 * u, y0 + 4 * u), max(1, u // 4))
        x += 4 * u


def laurel(surface: pygame.Surface, center: tuple[int, int], radius: int, c: Colour) -> None:
    """Two laurel branches curving around a point (a victory wreath)."""
    cx, cy = center
    for side in (-1, 1):
        for i in range(7):
            a = math.radians(200 + i * 22) if side < 0 else math.radians(-20 - i * 22)
            x = cx + math.cos(a) * radius
            y = cy - math.sin(a) * radius
            leaf = pygame.Rect(0, 0, max(4, radius // 3), max(2, radius // 6))
            leaf.center = (int(x), int(y))
            pygame.draw.ellipse(surface, c, leaf)


def shape(
    surface: pygame.Surface,
    kind: str,
    center: tuple[float, float],
    r: float,
    fill: Colour,
    outline: Colour | None = None,
) -> None:
    """A player's token shape: circle, square, triangle, diamond or hex."""
    cx, cy = center
    if kind == "circle":
        pygame.draw.circle(surface, fill, (cx, cy), r)
        if outline:
            pygame.draw.circle(surface, outline, (cx, cy), r, 2)
        return
    if kind == "square":
        pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
        r2 = pygame.Rect(0, 0, 2 * r, 2 * r)
        r2.center = (int(cx), int(cy))
        pygame.draw.rect(surface, fill, r2, border_radius=max(1, int(r / 4)))
        if outline:
            pygame.draw.rect(surface, outline, r2, 2, border_radius=max(1, int(r / 4)))
        return
    if kind == "triangle":
        pts = [(cx, cy - r * 1.15), (cx + r * 1.1, cy + r * 0.85), (cx - r * 1.1, cy + r * 0.85)]
    elif kind == "diamond":
        pts = [(cx, cy - r * 1.2), (cx + r * 1.1, cy), (cx, cy + r * 1.2), (cx - r * 1.1, cy)]
    else:  # hex
        pts = [
            (
                cx + r * math.cos(math.radians(60 * k + 30)),
                cy + r * math.sin(math.radians(60 * k + 30)),
            )
            for k in range(6)
        ]
    pygame.draw.polygon(surface, fill, pts)
    if outline:
        pygame.draw.polygon(surface, outline, pts, 2)


@lru_cache(maxsize=512)
def die_face(face: int, size: int, body: Colour, pip: Colour, glow: bool = False) -> pygame.Surface:
    """A die face with rounded corners, a bevel and pips."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, size, size)
    rad = max(3, size // 6)
    pygame.draw.rect(s, shade(body, 0.62), r, border_radius=rad)
    inner = r.inflate(-max(2, size // 14), -max(2, size // 14)).move(-1, -1)
    pygame.draw.rect(s, body, inner, border_radius=rad)
    hi = inner.inflate(-size // 5, -size // 5).move(-size // 16, -size // 16)
    pygame.draw.rect(s, shade(body, 1.08), hi, border_radius=rad)
    pr = max(2, size // 11)
    for fx, fy in PIPS.get(face, []):
        pygame.draw.circle(s, pip, (int(fx * size), int(fy * size)), pr)
    if glow:
        pygame.draw.rect(s, colour("highlight"), r, max(2, size // 16), border_radius=rad)
    return s


def die_colours(seat_colour: Colour) -> tuple[Colour, Colour]:
    """Body and pip colours for a player's die (light pips on dark bodies)."""
    lum = 0.3 * seat_colour[0] + 0.59 * seat_colour[1] + 0.11 * seat_colour[2]
    return seat_colour, (250, 246, 236) if lum < 150 else colour("pip")


@lru_cache(maxsize=1)
def emblem_data() -> dict:
    """Vector emblems of the twelve labours (``ui/emblems.json``)."""
    return json.loads(asset_text("ui", "emblems.json"))


@lru_cache(maxsize=64)
def emblem(column: int, size: int) -> pygame.Surface:
    """A gold-rimmed terracotta medallion with the labour's emblem drawn from vector data."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(s, colour("gold_dark"), (c, c), c)
    pygame.draw.circle(s, colour("gold"), (c, c), c - 1.5)
    pygame.draw.circle(s, colour("terracotta"), (c, c), c * 0.84)
    ink = colour("ink")
    fig = colour("parchment")
    k = size * 0.84 / 100.0
    off = c - 50 * k

    def P(x: float, y: float) -> tuple[float, float]:
        return (off + x * k, off + y * k)

    for prim in emblem_data()["emblems"].get(str(column), []):
        kind = prim[0]
        col = ink if prim[-1] == "ink" else fig
        if kind == "circle":
            _, x, y, r, *_ = prim
            pygame.draw.circle(s, col, P(x, y), r * k)
        elif kind == "ring":
            _, x, y, r, wdt, *_ = prim
            pygame.draw.circle(s, col, P(x, y), r * k, max(1, int(wdt * k)))
        elif kind == "poly":
            pygame.draw.polygon(s, col, [P(x, y) for x, y in prim[1]])
        elif kind == "line":
            pygame.draw.lines(
                s, col, False, [P(x, y) for x, y in prim[1]], max(1, int(prim[2] * k))
            )
        elif kind == "ellipse":
            _, x, y, w, h, *_ = prim
            rr = pygame.Rect(0, 0, w * k, h * k)
            rr.center = P(x, y)
            pygame.draw.ellipse(s, col, rr)
    return s


# --- cards -----------------------------------------------------------------------------------

#: The big mark printed on an ability card: a number, or a short word from the strings.
ABILITY_MARKS = {"plus_one": "+1", "minus_one": "\u22121"}


def symbol_icon(surface: pygame.Surface, sym: str, center: tuple[int, int], r: int, fg: Colour):
    """A scoring symbol: an operation glyph, or a small black die."""
    if sym == "die":
        d = die_face(5, 2 * r, (30, 26, 22), (245, 240, 230))
        surface.blit(d, d.get_rect(center=center))
        return
    pygame.draw.circle(surface, fg, center, r)
    FONTS.blit(surface, SYMBOL_GLYPH[sym], int(r * 1.7), (250, 244, 230), center, "center", "bold")


def card_face(
    card_id: str, w: int, h: int, face_up: bool = True, dim: bool = False
) -> pygame.Surface:
    """A rendered card (cached by arguments and the language of its words)."""
    return _card_face(card_id, w, h, face_up, dim, language())


def clear_text_caches() -> None:
    """Forget every cached picture with words on it (the language changed)."""
    _card_face.cache_clear()
    _pegasus.cache_clear()


@lru_cache(maxsize=1024)
def _card_face(card_id: str, w: int, h: int, face_up: bool, dim: bool, lang: str) -> pygame.Surface:
    from hercules.engine import card_set

    def t(key: str) -> str:
        return tr(lang, key)

    card = card_set().card(card_id)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = s.get_rect()
    rad = max(3, w // 10)
    if card.kind == "demigod":
        band = deck_colour(card.deck)
    elif card.kind == "god":
        band = tuple(theme_data()["god"])
    elif card.kind == "vase":
        band = tuple(theme_data()["vase"])
    else:
        band = tuple(theme_data()["pantheon"])
    if not face_up:
        pygame.draw.rect(s, shade(band, 0.55), rect, border_radius=rad)
        pygame.draw.rect(s, colour("gold"), rect.inflate(-4, -4), 1, border_radius=rad)
        laurel(s, rect.center, int(min(w, h) * 0.3), shade(band, 0.85))
        if dim:
            _dim(s)
        return s
    pygame.draw.rect(s, colour("gold_dark"), rect, border_radius=rad)
    pygame.draw.rect(s, colour("parchment"), rect.inflate(-4, -4), border_radius=rad)
    top = pygame.Rect(2, 2, w - 4, max(10, int(h * 0.26)))
    pygame.draw.rect(s, band, top, border_top_left_radius=rad, border_top_right_radius=rad)
    ink = colour("ink")
    small = max(9, int(h * 0.13))
    if card.kind == "god":
        name = t(f"god.{card.id}")
    elif card.kind == "demigod":
        name = t(f"deck.{card.deck}")
    else:
        name = t(f"card.{card.kind}")
    size = FONTS.fit(name, small, w - 6, "bold")
    FONTS.blit(s, name, size, (252, 246, 232), (w // 2, top.centery), "center", "bold")
    mid = (w // 2, int(h * 0.52))
    big = max(12, int(h * 0.26))
    if card.kind == "vase":
        _vase_icon(s, (w // 2, int(h * 0.55)), int(h * 0.2), band)
        FONTS.blit(
            s, str(card.spaces), big, (252, 246, 232), (w // 2, int(h * 0.56)), "center", "bold"
        )
    elif card.kind == "pantheon":
        _temple_icon(s, mid, int(h * 0.2), colour("gold_dark"))
    elif card.ability in ABILITY_MARKS:
        FONTS.blit(s, ABILITY_MARKS[card.ability], big, ink, mid, "center", "bold")
    elif card.active:
        word = t(f"card.mark.{card.ability}")
        size = FONTS.fit(word, small + 1, w - 8, "bold")
        FONTS.blit(s, word, size, ink, mid, "center", "bold")
    elif card.ability == "bonus":
        FONTS.blit(s, t("card.bonus"), small, ink, mid, "center", "bold")
    if card.die:
        d = die_face(card.die, max(10, int(h * 0.18)), (30, 26, 22), (245, 240, 230))
        s.blit(d, d.get_rect(topright=(w - 4, top.bottom + 3)))
    if card.vp:
        vc = (w - max(9, int(h * 0.13)) - 3, h - max(9, int(h * 0.13)) - 3)
        r = max(8, int(h * 0.12))
        pygame.draw.circle(s, colour("laurel"), vc, r)
        FONTS.blit(s, str(card.vp), max(9, int(r * 1.3)), (252, 246, 232), vc, "center", "bold")
    syms = card.symbols
    if syms:
        r = max(5, int(h * 0.07))
        x = 4 + r
        y = h - r - 5
        for sym in syms:
            symbol_icon(s, sym, (x, y), r, shade(band, 0.8))
            x += 2 * r + 2
    if card.torches:
        FONTS.blit(
            s, f"\u2020{card.torches}", max(8, small - 2), colour("ink_soft"), (4, top.bottom + 2)
        )
    if dim:
        _dim(s)
    return s


def _dim(s: pygame.Surface) -> None:
    veil = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    veil.fill((30, 24, 20, 120))
    s.blit(veil, (0, 0))


def _vase_icon(s: pygame.Surface, c: tuple[int, int], r: int, col: Colour) -> None:
    x, y = c
    pygame.draw.ellipse(s, col, pygame.Rect(x - r, y - r * 0.6, 2 * r, 1.6 * r))
    pygame.draw.rect(s, col, pygame.Rect(x - r * 0.35, y - r * 1.1, r * 0.7, r * 0.7))
    pygame.draw.rect(s, shade(col, 0.7), pygame.Rect(x - r * 0.5, y - r * 1.2, r, r * 0.2))
    pygame.draw.line(s, (30, 24, 20), (x - r * 0.8, y), (x + r * 0.8, y), 2)


def _temple_icon(s: pygame.Surface, c: tuple[int, int], r: int, col: Colour) -> None:
    x, y = c
    pygame.draw.polygon(s, col, [(x - r, y - r * 0.4), (x, y - r), (x + r, y - r * 0.4)])
    for k in range(4):
        cx = x - r * 0.75 + k * r * 0.5
        pygame.draw.rect(s, col, pygame.Rect(cx - r * 0.09, y - r * 0.35, r * 0.18, r * 1.0))
    pygame.draw.rect(s, col, pygame.Rect(x - r, y + r * 0.65, 2 * r, r * 0.2))


def wing(surface: pygame.Surface, center: tuple[int, int], size: int, c: Colour) -> None:
    """A small wing: the mark of the Pegasus holder."""
    x, y = center
    for i in range(3):
        r = pygame.Rect(0, 0, int(size * (1.0 - 0.2 * i)), max(3, size // 4))
        r.topleft = (x - size // 2 + i * size // 8, y - size // 3 + i * size // 4)
        pygame.draw.ellipse(surface, c, r)


def pegasus_card(w: int, h: int) -> pygame.Surface:
    """The Pegasus card (starting player marker)."""
    return _pegasus(w, h, language())


@lru_cache(maxsize=8)
def _pegasus(w: int, h: int, lang: str) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = s.get_rect()
    pygame.draw.rect(s, colour("gold_dark"), rect, border_radius=6)
    pygame.draw.rect(s, (246, 240, 228), rect.inflate(-4, -4), border_radius=6)
    # A winged horse reduced to a wing and a head: enough to read as Pegasus.
    cx, cy = w // 2, int(h * 0.45)
    for i in range(4):
        pygame.draw.ellipse(
            s,
            (200, 210, 226),
            pygame.Rect(cx - w * 0.35 + i * 4, cy - h * 0.22 + i * 6, w * 0.4, h * 0.12),
        )
    pygame.draw.ellipse(
        s, (236, 236, 240), pygame.Rect(cx - w * 0.05, cy - h * 0.05, w * 0.32, h * 0.2)
    )
    pygame.draw.circle(s, (236, 236, 240), (cx + w * 0.25, cy - h * 0.08), w * 0.08)
    FONTS.blit(
        s, tr(lang, "pegasus"), max(10, h // 8), colour("ink"), (w // 2, h - 4), "midbottom", "bold"
    )
    return s

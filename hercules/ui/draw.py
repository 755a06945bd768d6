"""Procedural art in one Greek look: marble, terracotta, gold and laurel. No bitmaps needed.

Everything expensive (textures, dice faces, cards, emblems) is rendered once
into a cached surface; frames only blit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, TypeVar

import pygame

from .surfaces import SurfaceMemo, surface_cache
from .theme import FONTS, Colour, colour

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}

_TEXT_CACHES: list[Callable[[], None]] = []
M = TypeVar("M", bound=SurfaceMemo[Any])


def text_cache(fn: M) -> M:
    """Mark a :func:`surface_cache` function whose pictures carry words: emptied on a new
    language. Games register their card and board pictures with this, so the shell can
    forget them without knowing what they are."""
    _TEXT_CACHES.append(fn.cache_clear)
    return fn


def clear_text_caches() -> None:
    """Forget every cached picture with words on it (the language changed)."""
    for clear in _TEXT_CACHES:
        clear()


def shade(c: Colour, k: float) -> Colour:
    """Lighter (k > 1) or darker (k < 1) version of a colour."""
    return tuple(max(0, min(255, int(v * k))) for v in c[:3])


def mix(a: Colour, b: Colour, k: float) -> Colour:
    """Blend from ``a`` (k=0) to ``b`` (k=1)."""
    return tuple(int(a[i] + (b[i] - a[i]) * k) for i in range(3))


#: The side of a marble tile: a page of any size is paved with copies of one tile.
TILE = 512


@surface_cache(max_mb=6)  # tiles (1 MB each) and the few odd sizes asked for whole
def marble(size: tuple[int, int], seed: int = 1, base: str = "marble") -> pygame.Surface:
    """A marble slab with soft veins: ``(TILE, TILE)`` is a tile that repeats seamlessly.

    Every cloud and vein is drawn again shifted by the slab's width and height, so that
    what leaves one edge comes back at the other: copies of one slab laid side by side
    show no seam. Pages the size of the window are paved with :func:`pave_marble` rather
    than drawn whole (a window-sized slab is 15 MB at 2560×1440, and one per size).
    """
    w, h = size
    surf = pygame.Surface(size)
    c0 = colour(base)
    surf.fill(c0)
    rng = random.Random(seed)  # art only; the game's randomness lives in the engine state
    vein = colour("marble_vein")
    shifts = [(dx, dy) for dx in (-w, 0, w) for dy in (-h, 0, h)]
    # Broad clouds first, then thin veins, each on a translucent layer (one layer, used twice).
    layer = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(max(8, w * h // 40000)):
        r = rng.randint(40, 160)
        cx, cy = rng.randint(0, w), rng.randint(0, h)
        for dx, dy in shifts:
            pygame.draw.circle(layer, (*shade(c0, 0.93), 26), (cx + dx, cy + dy), r)
    surf.blit(layer, (0, 0))
    layer.fill((0, 0, 0, 0))
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
        width = rng.choice((1, 1, 2))
        for dx, dy in shifts:
            moved = [(px + dx, py + dy) for px, py in pts]
            pygame.draw.lines(layer, (*vein, alpha), False, moved, width)
    surf.blit(layer, (0, 0))
    return surf


def pave_marble(
    surface: pygame.Surface,
    rect: pygame.Rect | None = None,
    seed: int = 1,
    base: str = "marble",
    shift: tuple[int, int] = (0, 0),
) -> None:
    """Cover ``rect`` of ``surface`` (all of it by default) with marble, tile by tile.

    ``shift`` moves the pattern: slabs side by side cut from one tile at different shifts
    look like different stones, for the memory of one tile.
    """
    area = surface.get_rect() if rect is None else pygame.Rect(rect)
    tile = marble((TILE, TILE), seed=seed, base=base)
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip) if clip else area)
    x0 = area.x - shift[0] % TILE
    y0 = area.y - shift[1] % TILE
    for y in range(y0, area.bottom, TILE):
        for x in range(x0, area.right, TILE):
            surface.blit(tile, (x, y))
    surface.set_clip(clip)


def panel(
    surface: pygame.Surface, rect: pygame.Rect, fill: Colour, border: Colour, r: int = 10
) -> None:
    """A rounded panel with a soft drop shadow and a gold edge.

    A large panel on an opaque surface gets its shadow by darkening the pixels in place (a
    window-sized panel's shadow picture is megabytes, and one is kept per size); small ones,
    and any on a see-through surface, by a cached translucent picture.
    """
    panel_shadow(surface, rect, r)
    panel_face(surface, rect, fill, border, r)


def panel_shadow(surface: pygame.Surface, rect: pygame.Rect, r: int = 10) -> None:
    """The drop shadow :func:`panel` lays under its ``rect`` (and a few pixels beyond it)."""
    if rect.w * rect.h > 40_000 and not surface.get_flags() & pygame.SRCALPHA:
        _shadow_in_place(surface, pygame.Rect(rect.x + 3, rect.y + 6, rect.w, rect.h), r + 2)
    else:
        surface.blit(_shadow(rect.w, rect.h, r), (rect.x - 1, rect.y + 2))


def panel_face(
    surface: pygame.Surface, rect: pygame.Rect, fill: Colour, border: Colour, r: int = 10
) -> None:
    """:func:`panel` without its shadow: the rounded fill and the gold edge, inside ``rect``."""
    pygame.draw.rect(surface, fill, rect, border_radius=r)
    pygame.draw.rect(surface, border, rect, 2, border_radius=r)


#: The shadow keeps this much of what lies under it (as a black veil of alpha 70 would).
_SHADE = 255 - 70


def _shadow_in_place(surface: pygame.Surface, box: pygame.Rect, r: int) -> None:
    """Darken ``box`` of ``surface`` as the cached shadow would, its corners cut by ``r``."""
    r = min(r, box.w // 2, box.h // 2)
    k = (_SHADE, _SHADE, _SHADE)
    for part in (
        pygame.Rect(box.x + r, box.y, box.w - 2 * r, box.h),
        pygame.Rect(box.x, box.y + r, r, box.h - 2 * r),
        pygame.Rect(box.right - r, box.y + r, r, box.h - 2 * r),
    ):
        surface.fill(k, part, special_flags=pygame.BLEND_RGB_MULT)


@surface_cache(max_mb=3)  # small panels only (large ones are shaded in place)
def _shadow(w: int, h: int, r: int) -> pygame.Surface:
    sh = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect().inflate(-4, -4), border_radius=r + 2)
    return sh


def dim(surface: pygame.Surface, rgba: tuple[int, int, int, int]) -> None:
    """Lay a translucent colour over the whole of ``surface`` without a window-sized layer.

    The same as blitting a ``rgba`` veil (to within a unit per channel): the pixels are
    multiplied by ``1 - alpha`` and the colour times ``alpha`` added, in place.
    """
    r, g, b, a = rgba
    keep = 255 - a
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surface.fill((r * a // 255, g * a // 255, b * a // 255), special_flags=pygame.BLEND_RGB_ADD)


@surface_cache(max_mb=4)  # for parts of the window: a whole window is dimmed with `dim`
def veil(size: tuple[int, int], rgba: tuple[int, ...]) -> pygame.Surface:
    """A translucent rectangle (cached: making SRCALPHA surfaces every frame is slow)."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill(rgba)
    return s


def page(surface: pygame.Surface, box: pygame.Rect, title: str, seed: int) -> None:
    """A menu page: a marble backdrop and a panel with its title."""
    pave_marble(surface, seed=seed)
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


@surface_cache(max_mb=6)
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


def blit_die(
    surface: pygame.Surface,
    rect: pygame.Rect,
    face: int,
    body: Colour,
    pip: Colour,
    angle: float = 0.0,
    lift: float = 0.0,
    glow: bool = False,
) -> None:
    """A die showing ``face`` in ``rect``, turned by ``angle`` and raised by ``lift``."""
    img = die_face(face, rect.w, body, pip, glow)
    if angle:
        img = pygame.transform.rotate(img, angle % 360)
    surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery + lift)))

"""The trial and ability symbols, drawn (no artwork): hearts, flames, shields, the skull...

Each function draws into a rectangle at any size, so the same symbol serves a track space,
a gold space and the log.
"""

from __future__ import annotations

import math

import pygame

from hercules.ui import draw as D
from hercules.ui.theme import FONTS

from .layout import Colour, tint


def heart(surface: pygame.Surface, r: pygame.Rect, c: Colour, broken: bool = False) -> None:
    """A heart filling ``r`` (broken: with a crack: Courage lost)."""
    s = min(r.w, r.h)
    cx, cy = r.center
    rad = max(2, s // 4)
    top = cy - s // 6
    pygame.draw.circle(surface, c, (cx - rad + 1, top), rad)
    pygame.draw.circle(surface, c, (cx + rad - 1, top), rad)
    pygame.draw.polygon(
        surface,
        c,
        [(cx - 2 * rad + 1, top + 1), (cx + 2 * rad - 1, top + 1), (cx, cy + s // 2 - 1)],
    )
    if broken:
        w = max(1, s // 12)
        pts = [
            (cx, top - rad // 2),
            (cx - s // 10, cy - s // 14),
            (cx + s // 12, cy + s // 8),
            (cx, cy + s // 3),
        ]
        pygame.draw.lines(surface, (250, 240, 226), False, pts, w)


def flame(surface: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    """A flame (Divinity)."""
    s = min(r.w, r.h)
    cx, cy = r.center
    pts = []
    for k in range(24):
        a = 2 * math.pi * k / 24
        rad = s * 0.32 * (1 + 0.55 * max(0.0, -math.sin(a)) ** 2)
        pts.append((cx + rad * math.cos(a) * 0.8, cy + s * 0.1 + rad * math.sin(a)))
    pygame.draw.polygon(surface, c, pts)
    inner = [(cx + (x - cx) * 0.5, cy + s * 0.14 + (y - cy - s * 0.1) * 0.5) for x, y in pts]
    pygame.draw.polygon(surface, (255, 226, 120), inner)


def shield(surface: pygame.Surface, r: pygame.Rect, c: Colour, barred: bool = False) -> None:
    """A round hoplite shield (barred: damage cannot be cancelled)."""
    s = min(r.w, r.h)
    cx, cy = r.center
    rad = max(3, int(s * 0.42))
    pygame.draw.circle(surface, D.shade(c, 0.6), (cx, cy), rad)
    pygame.draw.circle(surface, c, (cx, cy), rad - max(1, s // 12))
    pygame.draw.circle(surface, D.shade(c, 1.25), (cx, cy), max(1, rad // 3))
    if barred:
        w = max(2, s // 9)
        pygame.draw.line(surface, tint("heart"), (cx - rad, cy + rad), (cx + rad, cy - rad), w)


def skull(surface: pygame.Surface, r: pygame.Rect) -> None:
    """The skull: a Trial die that reaches it loses the run."""
    s = min(r.w, r.h)
    cx, cy = r.center
    bone, ink = tint("skull"), tint("skull_ink")
    pygame.draw.circle(surface, bone, (cx, cy - s // 10), int(s * 0.36))
    jaw = pygame.Rect(0, 0, int(s * 0.4), int(s * 0.26))
    jaw.midtop = (cx, cy + s // 8)
    pygame.draw.rect(surface, bone, jaw, border_radius=max(1, s // 14))
    e = max(2, s // 9)
    pygame.draw.circle(surface, ink, (cx - s // 7, cy - s // 10), e)
    pygame.draw.circle(surface, ink, (cx + s // 7, cy - s // 10), e)
    pygame.draw.polygon(
        surface, ink, [(cx, cy + s // 20), (cx - s // 18, cy + s // 7), (cx + s // 18, cy + s // 7)]
    )
    for k in (-1, 0, 1):
        x = cx + k * s // 9
        pygame.draw.line(surface, ink, (x, jaw.y + 2), (x, jaw.bottom - 2), max(1, s // 30))


def broken_die(surface: pygame.Surface, r: pygame.Rect) -> None:
    """A cracked Hercules die: one die is lost for the trial."""
    s = int(min(r.w, r.h) * 0.8)
    box = pygame.Rect(0, 0, s, s)
    box.center = r.center
    D.blit_die(surface, box, 3, tint("hercules_die"), tint("hercules_pip"))
    w = max(2, s // 10)
    pts = [
        (box.x + s * 0.2, box.y),
        (box.x + s * 0.5, box.y + s * 0.45),
        (box.x + s * 0.35, box.y + s * 0.6),
        (box.x + s * 0.75, box.bottom),
    ]
    pygame.draw.lines(surface, (30, 24, 20), False, pts, w)


def heal(surface: pygame.Surface, r: pygame.Rect, n: int) -> None:
    """The Trial die heals: a green cross and its amount, side by side."""
    s = min(r.w // 2, r.h)
    c = tint("heal")
    cross = pygame.Rect(0, 0, s, s)
    cross.midright = (r.centerx, r.centery)
    arm = max(2, s // 3)
    pygame.draw.rect(surface, c, (cross.centerx - arm // 2, cross.y + 1, arm, s - 2))
    pygame.draw.rect(surface, c, (cross.x + 1, cross.centery - arm // 2, s - 2, arm))
    FONTS.blit(
        surface, str(n), max(8, int(s * 0.95)), c, (r.centerx + 2, r.centery), "midleft", "bold"
    )


def advance(surface: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    """Two chevrons: the other Trial dice advance."""
    s = min(r.w, r.h)
    cx, cy = r.center
    w = max(2, s // 8)
    for dx in (-s // 6, s // 8):
        pts = [
            (cx + dx - s // 8, cy - s // 4),
            (cx + dx + s // 8, cy),
            (cx + dx - s // 8, cy + s // 4),
        ]
        pygame.draw.lines(surface, c, False, pts, w)


def effect(surface: pygame.Surface, eff: str, r: pygame.Rect, ink: Colour) -> None:
    """One effect of a track space (``-2``, ``h1``, ``dv``, ``bk``, ``nb``, ``adv``, ``SK``)."""
    if eff == "SK":
        skull(surface, r)
    elif eff.startswith("-"):
        n = int(eff[1:])
        icon = pygame.Rect(r.x, r.y, r.w * 2 // 3 if n > 1 else r.w, r.h)
        heart(surface, icon.inflate(-r.w // 8, -r.h // 8), tint("heart"), broken=True)
        if n > 1:
            size = max(8, int(min(r.w, r.h) * 0.5))
            FONTS.blit(
                surface,
                f"{n}",
                size,
                tint("heart"),
                (r.right - r.w // 6, r.centery),
                "center",
                "bold",
            )
    elif eff.startswith("h"):
        heal(surface, r, int(eff[1:]))
    elif eff == "dv":
        flame(surface, r.inflate(-r.w // 8, -r.h // 8), tint("flame"))
        pygame.draw.line(
            surface,
            ink,
            (r.x + r.w // 8, r.bottom - r.h // 6),
            (r.right - r.w // 8, r.y + r.h // 6),
            max(2, r.w // 12),
        )
    elif eff == "bk":
        broken_die(surface, r)
    elif eff == "nb":
        shield(surface, r, tint("shield"), barred=True)
    elif eff == "adv":
        advance(surface, r, ink)


def effects(surface: pygame.Surface, effs: tuple[str, ...], r: pygame.Rect, ink: Colour) -> None:
    """A space's effects side by side (two on a space: half each)."""
    if not effs:
        return
    # Two effects share the space top and bottom, each as wide as the space (readable).
    n = len(effs)
    h = r.h // n
    for k, eff in enumerate(effs):
        part = pygame.Rect(r.x, r.y + k * h, r.w, h)
        if n > 1:
            part = pygame.Rect(0, 0, min(r.w, h * 2), h).move(
                r.centerx - min(r.w, h * 2) // 2, r.y + k * h
            )
        effect(surface, eff, part.inflate(-2, -2), ink)


def method_symbols(attack_kind: str, values: tuple[int, ...]) -> list[tuple[str, str]]:
    """An attack method as symbols: ``("die", "5")`` a face, ``("die", "x")`` any face
    (lettered), ``("op", "+")`` an operator."""
    a = str(values[0]) if values else ""
    kind = attack_kind
    if kind == "eq":
        return [("die", a)]
    if kind == "either":
        return [("die", a), ("op", "/"), ("die", str(values[1]))]
    if kind == "pair":
        return [("die", "x"), ("op", "="), ("die", "x")]
    if kind == "triple":
        return [("die", "x"), ("op", "="), ("die", "x"), ("op", "="), ("die", "x")]
    if kind == "sum":
        return [("die", "a"), ("op", "+"), ("die", "b"), ("op", "+…="), ("op", a)]
    if kind == "one_two_three":
        return [("die", "1"), ("die", "2"), ("die", "3")]
    if kind == "run":
        return [("die", "x"), ("die", "x+1"), ("die", "x+2")] + (
            [("die", "x+3")] if a == "4" else []
        )
    if kind == "add":
        return [("die", "a"), ("op", "+"), ("die", "b"), ("op", "="), ("die", "c")]
    if kind == "prod":
        return [("die", "a"), ("op", "×"), ("die", "b"), ("op", "="), ("die", "c")]
    if kind == "bull":
        return [("die", "3"), ("op", "+"), ("die", "x"), ("op", "le"), ("die", "y")]
    return []


def draw_method(
    surface: pygame.Surface, symbols: list[tuple[str, str]], x: int, cy: int, size: int, ink: Colour
) -> int:
    """Draw a method's symbols from ``x`` centred on ``cy``; returns the x after them."""
    body, pip = tint("hercules_die"), tint("hercules_pip")
    for kind, text in symbols:
        if kind == "die":
            r = pygame.Rect(x, cy - size // 2, size, size)
            if text.isdigit() and len(text) == 1:
                D.blit_die(surface, r, int(text), body, pip)
            else:
                pygame.draw.rect(surface, D.shade(body, 0.6), r, border_radius=size // 6)
                pygame.draw.rect(surface, body, r.inflate(-3, -3), border_radius=size // 6)
                fs = FONTS.fit(text, max(8, size // 2), size - 4, "bold", 7)
                FONTS.blit(surface, text, fs, pip, r.center, "center", "bold")
            x += size + 3
        elif text == "le":  # "at most": drawn, as the fonts lack the sign
            w = size // 2
            pts = [(x + w, cy - w // 2 - 2), (x + 2, cy - 2), (x + w, cy + w // 2 - 2)]
            pygame.draw.lines(surface, ink, False, pts, 2)
            pygame.draw.line(surface, ink, (x + 2, cy + w // 2 + 2), (x + w, cy + w // 2 + 2), 2)
            x += w + 6
        else:
            img = FONTS.text(text, max(9, size * 2 // 3), ink, "bold")
            surface.blit(img, img.get_rect(midleft=(x + 1, cy)))
            x += img.get_width() + 4
    return x

"""The game's pieces, drawn by code: task cards (face, Greek back, seen), character cards,
bravery tokens as chips, ballots and Hercules' club.

A picture is drawn once per size and language into a cached surface; frames only blit.
"""

from __future__ import annotations

import math

import pygame

from hercules.ui import draw as D
from hercules.ui.strings import t
from hercules.ui.surfaces import surface_cache
from hercules.ui.theme import FONTS, colour

from ..engine import rules as E
from ..engine.data import load_data
from .words import Colour, effect_name, task_title, tint

#: The effects a card face shows as labels (its reveal effects, then the kept ones).
LABELLED = ("alarm", "end", "vote", "peek", "flip", "lose", "ret2", "block", "idconf", "hylas")


def club(surface: pygame.Surface, center: tuple[int, int], size: int, ink: Colour) -> None:
    """Hercules' knotted club, standing slanted (the back's and his seat's emblem)."""
    cx, cy = center
    s = size / 2
    shaft = [
        (cx - s * 0.16, cy + s),
        (cx + s * 0.12, cy + s),
        (cx + s * 0.42, cy - s * 0.55),
        (cx - s * 0.32, cy - s * 0.55),
    ]
    pygame.draw.polygon(surface, ink, shaft)
    pygame.draw.circle(surface, ink, (round(cx + s * 0.05), round(cy - s * 0.62)), round(s * 0.42))
    for dx, dy in ((-0.3, -0.1), (0.34, -0.3), (-0.05, 0.3)):
        knot = (round(cx + s * dx), round(cy + s * dy))
        pygame.draw.circle(surface, ink, knot, max(2, round(s * 0.12)))


def _frame(s: pygame.Surface, fill: Colour, edge: Colour) -> int:
    r = s.get_rect()
    rad = max(4, r.w // 10)
    pygame.draw.rect(s, fill, r, border_radius=rad)
    pygame.draw.rect(s, edge, r, 2, border_radius=rad)
    return rad


@D.text_cache
@surface_cache(max_mb=10)
def task_card(card: str, w: int, h: int, mark: str = "", lang: str = "") -> pygame.Surface:
    """A task card at ``w`` x ``h``: its face, or (``HIDDEN``) its Greek back; ``mark``: a
    face-down card whose face shows, under a night wash with an eye and a ribbon ("seen": the
    viewer knows it; "down": a replay showing every secret); ``lang`` keys the cache."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    if card == E.HIDDEN:
        _back(s)
        return s
    c = load_data().cards[card]
    band, dark = tint(c.kind), tint(f"{c.kind}_dark")
    rad = _frame(s, tint("card"), tint("card_edge"))
    band_h = max(18, h // 5)
    pygame.draw.rect(
        s, band, (0, 0, w, band_h), border_top_left_radius=rad, border_top_right_radius=rad
    )
    num = max(12, band_h - 4)
    FONTS.blit(
        s, str(c.number), num, (250, 246, 236), (max(4, w // 14), band_h // 2), "midleft", "bold"
    )
    kind = t(f"co.kind.{c.kind}")
    small = max(8, h // 13)  # (sizes follow the card: a HiDPI card has larger words)
    fit = FONTS.fit(kind, small, w // 2, smallest=7)
    FONTS.blit(s, kind, fit, (250, 246, 236), (w - max(4, w // 14), band_h // 2), "midright")
    # The name, two lines at most.
    name_size = max(9, h // 10)
    y = band_h + max(3, h // 40)
    name = FONTS.wrap(task_title(card), name_size, w - 8, "bold")
    while len(name) > 2 and name_size > 8:  # a long name gets smaller, never cut
        name_size -= 1
        name = FONTS.wrap(task_title(card), name_size, w - 8, "bold")
    for ln in name[:2]:
        fit = FONTS.fit(ln, name_size, w - 6, "bold", 7)
        FONTS.blit(s, ln, fit, dark, (w // 2, y), "midtop", "bold")
        y += round(name_size * 1.15)
    effects = [e for e in LABELLED if e in c.reveal or e in c.kept]
    # The emblem of its kind (left out on a card with much to say: effects and needs).
    if not (effects and c.needs):
        em = (w // 2, y + max(10, h // 9))
        rr = max(6, h // 11)
        if c.kind == "labour":
            D.laurel(s, (em[0], em[1] - rr // 3), rr, colour("laurel_dark"))
            club(s, em, round(rr * 1.4), dark)
        elif c.kind == "item":
            pygame.draw.circle(s, band, em, rr)
            pygame.draw.circle(s, dark, em, rr, 2)
        else:
            pts = [
                (em[0], em[1] - rr),
                (em[0] + rr, em[1]),
                (em[0], em[1] + rr),
                (em[0] - rr, em[1]),
            ]
            pygame.draw.polygon(s, band, pts)
            pygame.draw.polygon(s, dark, pts, 2)
        y = em[1] + rr + max(3, h // 40)
    else:
        y += max(4, h // 25)
    # Its effects as labels, then what a labour needs and its bravery icons.
    for e in effects[:2]:
        y = _pill(s, effect_name(e), y, small, dark) + 2
    foot = h - max(4, h // 22)
    if c.icons:
        r = max(3, w // 14)
        x0 = w // 2 - (c.icons - 1) * (2 * r + 3) // 2
        for k in range(c.icons):
            _shield(s, (x0 + k * (2 * r + 3), foot - r), r)
        foot -= 2 * r + 3
    if c.needs:
        need = t("co.card.needs", items=" ".join(f"#{n}" for n in c.needs))
        fit = FONTS.fit(need, small, w - 6, smallest=7)
        FONTS.blit(s, need, fit, colour("ink_soft"), (w // 2, foot), "midbottom")
    if mark:
        _seen(s, rad, mark)
    return s


def _pill(s: pygame.Surface, text: str, y: int, size: int, ink: Colour) -> int:
    """A small rounded label centred at ``y``; returns its bottom."""
    w = s.get_width()
    fit = FONTS.fit(text, size, w - 14, smallest=7)
    pic = FONTS.text(text, fit, (250, 246, 236))
    box = pic.get_rect(midtop=(w // 2, y)).inflate(10, 2)
    pygame.draw.rect(s, ink, box, border_radius=box.h // 2)
    s.blit(pic, pic.get_rect(center=box.center))
    return box.bottom


def _shield(s: pygame.Surface, center: tuple[int, int], r: int) -> None:
    """A bravery icon: a small round shield."""
    pygame.draw.circle(s, tint("labour"), center, r)
    pygame.draw.circle(s, tint("hero"), center, max(1, r // 2))


def _seen(s: pygame.Surface, rad: int, mark: str) -> None:
    """A known face-down card: a night wash over the face, an eye and a "seen" ribbon."""
    w, h = s.get_size()
    wash = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(wash, tint("seen_wash"), wash.get_rect(), border_radius=rad)
    s.blit(wash, (0, 0))
    pygame.draw.rect(s, tint("back"), s.get_rect(), 3, border_radius=rad)
    word = t(f"co.card.{mark}")
    size = max(8, h // 12)
    pic = FONTS.text(word, size, (250, 246, 236), "bold")
    box = pic.get_rect(midbottom=(w // 2, h - 3)).inflate(12, 2)
    pygame.draw.rect(s, tint("back"), box, border_radius=box.h // 2)
    r = max(4, size // 2)
    box = box.inflate(2 * r + 4, 0).move(r + 2, 0)
    box.clamp_ip(s.get_rect())
    pygame.draw.rect(s, tint("back"), box, border_radius=box.h // 2)
    s.blit(pic, pic.get_rect(midright=(box.right - 6, box.centery)))
    eye(s, (box.x + r + 5, box.centery), r)


def eye(s: pygame.Surface, center: tuple[int, int], r: int, ink: Colour | None = None) -> None:
    """An open eye (a card seen, a seat seen at Identity Confirmation)."""
    cx, cy = center
    col = ink or (250, 246, 236)
    box = pygame.Rect(0, 0, 2 * r, r + 2)
    box.center = center
    pygame.draw.ellipse(s, col, box)
    pygame.draw.ellipse(s, tint("back_dark"), box, 1)
    pygame.draw.circle(s, tint("special_dark"), (cx, cy), max(2, r // 2))


def _back(s: pygame.Surface) -> None:
    """The task cards' back: terracotta, black-figure meanders, Hercules' club in a wreath."""
    w, h = s.get_size()
    rad = _frame(s, tint("back"), tint("back_dark"))
    mark = tint("back_mark")
    inner = s.get_rect().inflate(-max(6, w // 9), -max(6, w // 9))
    pygame.draw.rect(s, mark, inner, 1, border_radius=max(3, rad - 2))
    unit = max(2, w // 26)
    band = max(8, 4 * unit + 2)
    D.meander(s, pygame.Rect(inner.x + 3, inner.y + 3, inner.w - 6, band), mark, unit)
    D.meander(s, pygame.Rect(inner.x + 3, inner.bottom - band - 3, inner.w - 6, band), mark, unit)
    r = max(8, min(w, h) // 4)
    pygame.draw.circle(s, tint("back_dark"), inner.center, r)
    pygame.draw.circle(s, mark, inner.center, r, 2)
    D.laurel(s, inner.center, r - max(2, r // 5), mark)
    club(s, inner.center, r, mark)


@D.text_cache
@surface_cache(max_mb=4)
def character_card(
    number: int, w: int, h: int, secret: bool = False, villain: bool = False, lang: str = ""
) -> pygame.Surface:
    """A character card at ``w`` x ``h``: its face (``number``), or a back (0); ``secret``:
    the viewer's own card, still hidden from the others; ``villain``: it now plays for Hera
    (known to the viewer: its own card, or Hera shown)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    if number <= 0:
        rad = _frame(s, colour("panel_light"), colour("gold_dark"))
        inner = s.get_rect().inflate(-6, -6)
        pygame.draw.rect(s, colour("gold_dark"), inner, 1, border_radius=max(2, rad - 2))
        D.laurel(s, inner.center, max(6, min(w, h) // 3), colour("gold_dark"))
        FONTS.blit(s, "?", max(12, h // 3), colour("gold"), inner.center, "center", "bold")
        return s
    ch = load_data().characters[number]
    side = "villain" if villain or ch.side == "villain" else ch.side
    rad = _frame(s, tint("card"), tint(side))
    band_h = max(14, h // 4)
    pygame.draw.rect(
        s, tint(side), (0, 0, w, band_h), border_top_left_radius=rad, border_top_right_radius=rad
    )
    FONTS.blit(
        s,
        str(number),
        max(10, band_h - 3),
        (250, 246, 236),
        (w // 2, band_h // 2),
        "center",
        "bold",
    )
    size = max(8, h // 7)
    name = t(f"co.char.{number}")
    fit = FONTS.fit(name, size, w - 4, "bold", 6)
    FONTS.blit(s, name, fit, colour("ink"), (w // 2, band_h + 3), "midtop", "bold")
    if number == 1:
        club(s, (w // 2, h * 2 // 3 + 2), max(10, h // 3), tint("hero"))
    else:
        word = t(f"co.side.{side}")
        fit = FONTS.fit(word, size - 1, w - 4, smallest=6)
        FONTS.blit(s, word, fit, tint(side), (w // 2, h - 4), "midbottom")
        _emblem(s, (w // 2, h * 3 // 5), max(5, h // 8), side)
    if secret:
        eye(s, (w - max(7, w // 5), band_h // 2), max(4, w // 9))
    return s


def _emblem(s: pygame.Surface, c: tuple[int, int], r: int, side: str) -> None:
    """A character's emblem: a companion's star in a wreath, Hera's peacock eye."""
    ink = tint(side)
    if side == "villain":
        for k, shade in ((r, 1.0), (r * 2 // 3, 1.6), (r // 3, 0.6)):
            pygame.draw.ellipse(
                s, D.shade(ink, shade), pygame.Rect(c[0] - k, c[1] - k * 4 // 3, 2 * k, 8 * k // 3)
            )
        return
    D.laurel(s, c, r + 2, colour("laurel_dark"))
    pts = []
    for k in range(10):
        rad = r * (1.0 if k % 2 == 0 else 0.45)
        a = math.pi / 2 + k * math.pi / 5
        pts.append((c[0] + rad * math.cos(a), c[1] - rad * math.sin(a)))
    pygame.draw.polygon(s, ink, pts)


def chip(surface: pygame.Surface, center: tuple[int, int], r: int, token: str) -> None:
    """A bravery token: normal, betrayal (a dark disc with a cross), or hidden (its back)."""
    key = {"N": "token_normal", "B": "token_betrayal"}.get(token, "token_hidden")
    pygame.draw.circle(surface, tint(f"{key}_dark"), (center[0], center[1] + 1), r)
    pygame.draw.circle(surface, tint(key), center, r - 1)
    cx, cy = center
    k = max(2, r // 2)
    if token == "B":
        pygame.draw.line(surface, (250, 246, 236), (cx - k, cy - k), (cx + k, cy + k), 2)
        pygame.draw.line(surface, (250, 246, 236), (cx + k, cy - k), (cx - k, cy + k), 2)
    elif token == "N":
        pygame.draw.circle(surface, tint("token_normal_dark"), center, max(2, r // 2), 1)
    else:
        pygame.draw.circle(surface, tint("token_hidden_dark"), center, max(2, r - 4), 1)
        if r >= 7:
            FONTS.blit(surface, "?", r + 2, tint("token_hidden_dark"), center, "center", "bold")


def ballot(surface: pygame.Surface, rect: pygame.Rect, vote: int) -> None:
    """A ballot: -1 not cast (an empty outline), 2 cast face down, 1 up, 0 down."""
    rad = max(3, rect.w // 6)
    if vote < 0:  # still to vote: an empty frame with a dotted line
        pygame.draw.rect(surface, colour("text_dim"), rect, 1, border_radius=rad)
        for k in (-1, 0, 1):
            dot = (rect.centerx + k * max(3, rect.w // 5), rect.centery)
            pygame.draw.circle(surface, colour("text_dim"), dot, max(1, rect.w // 12))
        return
    if vote == 2:
        # Cast, face down: a wooden tile sealed in gold (what it says stays hidden).
        pygame.draw.rect(surface, tint("ballot_back"), rect, border_radius=rad)
        pygame.draw.rect(surface, colour("gold"), rect, 2, border_radius=rad)
        seal = max(3, min(rect.w, rect.h) // 4)
        pygame.draw.circle(surface, colour("gold"), rect.center, seal)
        pygame.draw.circle(surface, tint("ballot_back"), rect.center, max(1, seal // 2))
        return
    key = "vote_up" if vote == 1 else "vote_down"
    pygame.draw.rect(surface, tint(key), rect, border_radius=rad)
    pygame.draw.rect(surface, colour("ink"), rect, 1, border_radius=rad)
    cx, cy = rect.center
    k = max(4, min(rect.w, rect.h) // 3)
    sign = -1 if vote == 1 else 1
    pts = [(cx - k, cy - sign * k // 2), (cx + k, cy - sign * k // 2), (cx, cy + sign * k)]
    pygame.draw.polygon(surface, (250, 246, 236), pts)

"""The MEBO game's pictures: labour emblems, cards, scoring symbols and Pegasus.

Drawn by code in the box's Greek look (:mod:`hercules.ui.draw`); every picture with words
is cached per language and registered so that a language change forgets it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import pygame

from hercules.games.mebo.engine import card_set
from hercules.ui.draw import die_face, laurel, shade, text_cache
from hercules.ui.strings import language, tr
from hercules.ui.surfaces import surface_cache
from hercules.ui.theme import FONTS, Colour, asset_text, colour, deck_colour, theme_data

from .icons import torch

SYMBOL_GLYPH = {"add": "+", "sub": "\u2212", "mul": "\u00d7", "div": "\u00f7"}
OP_GLYPH = SYMBOL_GLYPH


@lru_cache(maxsize=1)
def emblem_data() -> dict[str, Any]:
    """Vector emblems of the twelve labours (``ui/emblems.json``)."""
    data: dict[str, Any] = json.loads(asset_text("ui", "emblems.json"))
    return data


@surface_cache(max_mb=4)
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


def symbol_icon(
    surface: pygame.Surface, sym: str, center: tuple[int, int], r: int, fg: Colour
) -> None:
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
    face: pygame.Surface = _card_face(card_id, w, h, face_up, dim, language())
    return face


@text_cache
@surface_cache(max_mb=10)
def _card_face(card_id: str, w: int, h: int, face_up: bool, dim: bool, lang: str) -> pygame.Surface:
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
    elif card.ability == "white_die" and w < 72:
        # "White die" is too long for a small card in some languages: the die says it.
        d = die_face(3, max(12, int(h * 0.24)), (246, 240, 228), (40, 30, 24))
        pygame.draw.rect(s, colour("ink"), d.get_rect(center=mid).inflate(2, 2), 1, 4)
        s.blit(d, d.get_rect(center=mid))
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
    if card.torches:  # the printed torch, and how many players it needs
        size = max(8, small - 2)
        mark = torch(size + 2)
        s.blit(mark, (4, top.bottom + 2))
        FONTS.blit(
            s, str(card.torches), size, colour("ink_soft"), (5 + mark.get_width(), top.bottom + 2)
        )
    if dim:
        _dim(s)
    return s


def hand_card(
    card_id: str,
    w: int,
    h: int,
    face_up: bool = True,
    dim: bool = False,
    down: bool = False,
    compact: bool = False,
) -> pygame.Surface:
    """A card as a hand shows it: ``down`` veils a used god and keeps its face readable.

    ``compact`` draws the small version: the kind's colour band with the ability's big
    mark on top (what stays in view when rows overlap), the name, symbols and VP below.
    """
    pic: pygame.Surface = _hand_card(card_id, w, h, face_up, dim, down, compact, language())
    return pic


@text_cache
@surface_cache(max_mb=6)
def _hand_card(
    card_id: str,
    w: int,
    h: int,
    face_up: bool,
    dim: bool,
    down: bool,
    compact: bool,
    lang: str,
) -> pygame.Surface:
    if not face_up:
        return _card_face(card_id, w, h, False, dim, lang).copy()
    if compact:
        s = _compact_face(card_id, w, h, lang)
    else:
        s = _card_face(card_id, w, h, True, False, lang).copy()
    if down:
        # Turned face down: darkened, with the wreath of the card back over the lower part,
        # while the band (which god, which ability) still reads.
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((24, 20, 16, 150))
        s.blit(veil, (0, 0))
        laurel(s, (w // 2, int(h * 0.68)), int(min(w, h) * 0.28), colour("gold"))
    if dim:
        _dim(s)
    return s


def card_band(card: Any) -> Colour:
    """The colour of a card's kind (its deck's colour for a demigod)."""
    if card.kind == "demigod":
        return deck_colour(card.deck)
    if card.kind == "god":
        return tuple(theme_data()["god"])
    if card.kind == "vase":
        return tuple(theme_data()["vase"])
    return tuple(theme_data()["pantheon"])


def card_title(card: Any, lang: str) -> str:
    """The word printed on a card's band: its deck, its god, or its kind."""
    if card.kind == "god":
        return tr(lang, f"god.{card.id}")
    if card.kind == "demigod":
        return tr(lang, f"deck.{card.deck}")
    return tr(lang, f"card.{card.kind}")


def _compact_face(card_id: str, w: int, h: int, lang: str) -> pygame.Surface:
    """The small card: a tall band with the big mark, then the name, symbols and VP."""
    card = card_set().card(card_id)
    band = card_band(card)
    light = (252, 246, 232)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = s.get_rect()
    rad = max(3, w // 8)
    pygame.draw.rect(s, colour("gold_dark"), rect, border_radius=rad)
    pygame.draw.rect(s, colour("parchment"), rect.inflate(-2, -2), border_radius=rad)
    bh = int(h * 0.46)
    top = pygame.Rect(1, 1, w - 2, bh)
    pygame.draw.rect(s, band, top, border_top_left_radius=rad, border_top_right_radius=rad)
    mid = top.center
    big = max(12, int(bh * 0.62))
    band_vp = False  # the band shows the VP (a card worth points and nothing else)
    if card.kind == "vase":
        FONTS.blit(s, str(card.spaces), big, light, mid, "center", "bold")
    elif card.kind in ("pantheon", "zeus"):
        _temple_icon(s, (mid[0], mid[1] + bh // 8), int(bh * 0.36), light)
    elif card.ability in ABILITY_MARKS:
        FONTS.blit(s, ABILITY_MARKS[card.ability], big, light, mid, "center", "bold")
    elif card.ability == "white_die":
        d = die_face(3, max(10, int(bh * 0.62)), (246, 240, 228), (40, 30, 24))
        s.blit(d, d.get_rect(center=mid))
    elif card.active:
        word = tr(lang, f"card.mark.{card.ability}")
        size = FONTS.fit(word, max(10, int(bh * 0.42)), w - 4, "bold", smallest=9)
        FONTS.blit(s, word, size, light, mid, "center", "bold")
    elif card.ability == "bonus":
        word = tr(lang, "card.bonus")
        size = FONTS.fit(word, max(10, int(bh * 0.42)), w - 4, "bold", smallest=9)
        FONTS.blit(s, word, size, light, mid, "center", "bold")
    elif card.vp:
        band_vp = True
        r = max(7, int(bh * 0.36))
        pygame.draw.circle(s, colour("laurel"), mid, r)
        pygame.draw.circle(s, light, mid, r, 1)
        FONTS.blit(s, str(card.vp), max(10, int(r * 1.4)), light, mid, "center", "bold")
    # The name under the band: which deck (or god) this is, in words.
    name = card_title(card, lang)
    nsize = FONTS.fit(name, max(9, int(h * 0.2)), w - 4, "bold", smallest=9)
    while len(name) > 3 and FONTS.measure(name, nsize, "bold")[0] > w - 3:
        name = name[:-1]  # too long even small: its start still names it (Morphe…)
    FONTS.blit(s, name, nsize, colour("ink"), (w // 2, top.bottom + 1), "midtop", "bold")
    # The bottom line: symbols from the left, the die number and VP from the right.
    r = max(4, int(h * 0.075))
    y = h - r - 3
    x = 2 + r
    for sym in card.symbols:
        if x + r > w - 2:
            break
        symbol_icon(s, sym, (x, y), r, shade(band, 0.8))
        x += 2 * r + 1
    right = w - 2
    if card.vp and not band_vp:
        vr = r + 2
        vc = (right - vr, h - vr - 2)
        pygame.draw.circle(s, colour("laurel"), vc, vr)
        FONTS.blit(s, str(card.vp), max(9, int(vr * 1.4)), light, vc, "center", "bold")
        right = vc[0] - vr - 1
    if card.die:
        d = die_face(card.die, 2 * r + 3, (30, 26, 22), (245, 240, 230))
        s.blit(d, d.get_rect(bottomright=(right, h - 2)))
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
    card: pygame.Surface = _pegasus(w, h, language())
    return card


@text_cache
@surface_cache(max_mb=2)
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

"""A card shown enlarged, with its text: after the mouse rests on it, or on a right click.

:class:`CardZoom` decides *when* (it only keeps which target is enlarged); :func:`zoom_box`
and :func:`draw_zoom` decide *where* and *how*. The enlarged card goes away when the
mouse leaves the card, when anything changes (a new state, a dialog on top), on a
second right click or on Esc.
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.games.mebo.engine import card_set
from hercules.ui import draw as D
from hercules.ui.strings import language, t
from hercules.ui.surfaces import surface_cache
from hercules.ui.theme import FONTS, colour, player_style

from .. import art
from ..targeting import Target
from .hands import CARD_RATIO, group_cards, hand_cards_of

#: What can be enlarged: cards in hands, on the God row and Pantheon, and stacks' top cards.
ZOOMABLE = ("hand_card", "god", "zeus", "deck", "vase")
#: How long the mouse rests on a card before it is enlarged, in seconds.
HOVER_DELAY = 0.6


def zoom_card(tg: Target, state: Any) -> str:
    """The card a target shows (a stack: its top card), or "" if none can be enlarged."""
    if tg.kind in ("hand_card", "god", "zeus"):
        value = str(tg.value)
        return "" if value.startswith("row:") else value
    if tg.kind == "deck":
        st = state.demigod_stacks[tg.value]
        return str(st[-1]) if st else ""
    if tg.kind == "vase":
        st = state.vase_stacks[tg.value]
        return str(st[-1]) if st else ""
    return ""


def _same(a: Target | None, b: Target | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.kind, a.seat, a.value) == (b.kind, b.seat, b.value)


class CardZoom:
    """Which card is enlarged now (the scene feeds it the mouse, the clock and the state)."""

    def __init__(self) -> None:
        self._target: Target | None = None
        self._rested = 0.0
        self._pinned = False
        self._state: Any = None

    @property
    def shown(self) -> Target | None:
        """The target shown enlarged now, or None."""
        if self._target is not None and (self._pinned or self._rested >= HOVER_DELAY):
            return self._target
        return None

    def close(self) -> None:
        """Enlarge nothing (Esc, a change of state or of scene)."""
        self._target = None
        self._rested = 0.0
        self._pinned = False

    def hover(self, target: Target | None, state: Any) -> None:
        """The mouse moved onto ``target``: leaving a card closes it, a new one starts a wait."""
        if _same(target, self._target):
            return
        self.close()
        if target is not None and target.kind in ZOOMABLE and zoom_card(target, state):
            self._target = target
            self._state = state

    def tick(self, dt: float, state: Any, on_top: bool) -> None:
        """Time passes; a new state or a scene on top closes the enlarged card."""
        if self._target is None:
            return
        if state is not self._state or not on_top:
            self.close()
            return
        self._rested += dt

    def toggle(self, target: Target | None, state: Any) -> bool:
        """A right click on ``target``: show it at once, or hide it. False: not a card."""
        if target is None or target.kind not in ZOOMABLE or not zoom_card(target, state):
            return False
        if self.shown is not None and _same(target, self._target):
            self.close()
            return True
        self._target = target
        self._state = state
        self._pinned = True
        return True


def zoom_size(screen: tuple[int, int]) -> tuple[int, int]:
    """The enlarged card's size for a window: large enough for all its words."""
    h = max(160, min(300, int(screen[1] * 0.34)))
    return int(h * CARD_RATIO), h


def zoom_box(
    size: tuple[int, int],
    near: pygame.Rect,
    mouse: tuple[int, int],
    screen: pygame.Rect,
) -> pygame.Rect:
    """Where a box of ``size`` goes: next to the card ``near``, on screen, off the mouse.

    Above the card first (hands are at the bottom), then below (the God row is at the
    top), then to the right and to the left; if none fits whole, the first one is moved
    onto the screen.
    """
    box = pygame.Rect((0, 0), size)
    gap = 10
    places = []
    for anchor, point in (
        ("midbottom", (near.centerx, near.top - gap)),
        ("midtop", (near.centerx, near.bottom + gap)),
        ("midleft", (near.right + gap, near.centery)),
        ("midright", (near.left - gap, near.centery)),
    ):
        r = box.copy()
        setattr(r, anchor, point)
        places.append(r)
    for r in places:
        if screen.contains(r) and not r.collidepoint(mouse):
            return r
    for r in places:
        c = r.clamp(screen)
        if not c.collidepoint(mouse) and not c.colliderect(near):
            return c
    return places[0].clamp(screen)


def zoom_lines(tg: Target, state: Any, lines: list[str]) -> list[str]:
    """The enlarged card's words: its tooltip, then its state in the hand."""
    out = list(lines)
    if tg.kind == "hand_card":
        p = state.players[tg.seat]
        card = str(tg.value)
        if card in state.used:
            out.append(t("tip.used_this_turn"))
        alike = _alike(p, card, state)
        if alike > 1:
            out.append(t("tip.alike", n=alike))
    return out


def _alike(player: Any, card: str, state: Any) -> int:
    """How many cards of the hand are in the same group as ``card``."""
    groups = group_cards(hand_cards_of(player), player.cubed, player.gods_down, state.used)
    return next((g.count for g in groups if card in g.cards), 1)


@surface_cache(max_mb=4)
def _zoom_picture(
    card: str,
    face_up: bool,
    down: bool,
    lines: tuple[str, ...],
    card_size: tuple[int, int],
    body: int,
    lang: str,
) -> pygame.Surface:
    """The enlarged card and its words side by side on parchment (cached)."""
    cw, ch = card_size
    text_w = max(220, int(cw * 1.5))
    wrapped: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        for wl in FONTS.wrap(line, body, text_w, "bold" if i == 0 else "body"):
            wrapped.append((wl, i == 0))
    text_h = len(wrapped) * (body + 4)
    pad = 10
    w = pad * 3 + cw + text_w
    h = pad * 2 + max(ch, text_h)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    D.panel(s, s.get_rect().inflate(-4, -4), colour("parchment"), colour("gold_dark"), 8)
    s.blit(art.hand_card(card, cw, ch, face_up, False, down, False), (pad, pad))
    y = pad
    for wl, bold in wrapped:
        FONTS.blit(
            s, wl, body, colour("ink"), (pad * 2 + cw, y), "topleft", "bold" if bold else "body"
        )
        y += body + 4
    return s


def draw_zoom(
    surface: pygame.Surface,
    tg: Target,
    state: Any,
    lines: list[str],
    mouse: tuple[int, int],
    body: int,
) -> pygame.Rect | None:
    """Draw the enlarged card of ``tg`` with ``lines``; returns where (None: no card)."""
    card = zoom_card(tg, state)
    if not card:
        return None
    c = card_set().card(card)
    face_up = bool(state.config.variant.gods_count) or c.kind != "god"
    down = tg.kind == "hand_card" and card in state.players[tg.seat].gods_down
    cw, ch = zoom_size(surface.get_size())
    pic = _zoom_picture(
        card,
        face_up,
        down,
        tuple(zoom_lines(tg, state, lines)),
        (cw, ch),
        body,
        language(),
    )
    box = zoom_box(pic.get_size(), tg.rect, mouse, surface.get_rect())
    surface.blit(pic, box)
    if tg.kind == "hand_card" and card in state.players[tg.seat].cubed:
        # The cube on the enlarged card: the seat's own shape and colour.
        p = state.players[tg.seat]
        st = player_style(tg.seat, p.hades)
        centre = (box.x + 10 + cw // 2, box.y + 10 + ch - ch // 3)
        D.shape(surface, st["shape"], centre, max(8, cw // 9), st["colour"], (250, 244, 230))
    return box

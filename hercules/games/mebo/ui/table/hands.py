"""A hand laid out so that it reads at any point of the game (pure geometry, no drawing).

Cards that look alike and are in the same state (same deck, ability, VP, symbols and die
number; same cube, face-down and used-this-turn state) form one *group*, drawn as a
single card with a count badge. The groups then fill the whole hand area: as large as
they fit, wrapping into rows, shrinking only down to a readable minimum; past that the
rows overlap, but only so far that every group's top (its kind, ability and state)
stays in view. Layouts are cached by the hand's content, so an unchanged hand is never
laid out again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pygame import Rect

from hercules.games.mebo.engine import card_set

#: Width over height of a card.
CARD_RATIO = 0.72
#: Gap between groups, in pixels.
GAP = 4
#: The largest card a hand uses (taller cards would not add anything readable).
MAX_CARD_H = 96
#: Below this height a group is drawn as a compact card (big mark, colour band, state).
FULL_CARD_H = 66
#: The smallest a group's card gets before rows overlap: the compact card reads well.
MIN_CARD_H = 46
#: When rows must overlap, cards may shrink to this to fit one more column.
MIN_OVERLAP_H = 42
#: When rows overlap, at least this share of each card stays in view (its band and state).
MIN_PEEK = 0.62


@dataclass(frozen=True)
class CardGroup:
    """Cards of a hand that look alike and are in the same state.

    ``cards`` are the members in hand order; ``card`` is the one a click uses (they
    are interchangeable: same ability, same state, so the same legal uses).
    """

    cards: tuple[str, ...]
    cubed: bool  #: a cube lies on each (demigods)
    down: bool  #: turned face down (gods used)
    used: bool  #: used this turn

    @property
    def card(self) -> str:
        """The member a click uses and the picture shows."""
        return self.cards[0]

    @property
    def count(self) -> int:
        """How many cards the group holds."""
        return len(self.cards)


@dataclass(frozen=True)
class HandLayout:
    """Where a hand's groups are drawn.

    ``rects`` are the full card rectangles (drawn in order, later ones on top) and
    ``visible`` the part of each that no later group covers.
    """

    groups: tuple[CardGroup, ...]
    rects: tuple[Rect, ...]
    visible: tuple[Rect, ...]
    card_h: int
    overlapped: bool

    @property
    def compact(self) -> bool:
        """True when the cards are too small for the full card face."""
        return self.card_h < FULL_CARD_H

    def group_of(self, card_id: str) -> int:
        """The index of the group holding a card, or -1."""
        for i, g in enumerate(self.groups):
            if card_id in g.cards:
                return i
        return -1


def face_key(card_id: str) -> tuple[Any, ...]:
    """What a card looks like and does: cards with the same key are interchangeable."""
    c = card_set().card(card_id)
    # Gods are all different cards (each has its own name); torches only matter at setup.
    name = c.id if c.kind in ("god", "pantheon") else ""
    return (c.kind, c.deck, c.ability, c.vp, c.symbols, c.die, c.spaces, name)


def hand_cards_of(player: Any) -> list[str]:
    """The cards a seat shows in its hand, in hand order (the Hades marker is not one)."""
    cs = card_set()
    return (
        list(player.demigods)
        + list(player.gods)
        + list(player.vases)
        + [c for c in player.finals if cs.card(c).kind != "hades"]
    )


def _order(card_id: str) -> tuple[int, int]:
    """Sort groups by kind, then deck order, so that a deck's groups sit together."""
    cs = card_set()
    c = cs.card(card_id)
    kinds = ("demigod", "god", "vase", "zeus", "pantheon")
    decks = [d.id for d in cs.decks]
    return (
        kinds.index(c.kind) if c.kind in kinds else len(kinds),
        decks.index(c.deck) if c.deck in decks else 0,
    )


def group_cards(
    cards: tuple[str, ...] | list[str],
    cubed: frozenset[str],
    down: frozenset[str],
    used: frozenset[str],
) -> tuple[CardGroup, ...]:
    """The groups of a hand: alike cards in the same state, by kind and deck order."""
    members: dict[tuple[Any, ...], list[str]] = {}
    for cid in cards:
        key = (face_key(cid), cid in cubed, cid in down, cid in used)
        members.setdefault(key, []).append(cid)
    groups = [CardGroup(tuple(ids), cub, dn, us) for (_face, cub, dn, us), ids in members.items()]
    # Stable: within a deck, groups keep the order their first card came in.
    groups.sort(key=lambda g: _order(g.card))
    return tuple(groups)


def grid(n: int, area: Rect, max_h: int = MAX_CARD_H) -> tuple[list[Rect], int, bool]:
    """``n`` cards of one size in ``area``: as large as fit, else overlapping rows.

    Returns the rectangles (row by row), the card height, and whether rows overlap.
    """
    if n <= 0 or area.w <= 0 or area.h <= 0:
        return [], 0, False
    top_h = min(max_h, area.h)
    for h in range(top_h, MIN_CARD_H - 1, -1):
        w = int(h * CARD_RATIO)
        cols = (area.w + GAP) // (w + GAP)
        rows = (area.h + GAP) // (h + GAP)
        if cols >= 1 and cols * rows >= n:
            if h < FULL_CARD_H:
                w, h = _stretch(n, area, w, h, cols)
            return _place(n, area, w, h, cols, h + GAP), h, False
    # Too many for a flat grid even at the smallest size: overlap the rows, keeping the
    # top of each card (its kind, ability and state) in view. A slightly smaller card
    # may fit one more column and so overlap far less: take the largest that keeps
    # MIN_PEEK of each card in view, else the one that keeps the most.
    best: tuple[float, int, int, int] | None = None
    for h in range(min(MIN_CARD_H, area.h), min(MIN_OVERLAP_H, area.h) - 1, -1):
        w = int(h * CARD_RATIO)
        cols = max(1, (area.w + GAP) // (w + GAP))
        rows = -(-n // cols)
        step = max(1, (area.h - h) // max(1, rows - 1))
        peek = min(1.0, (step - GAP) / h)
        if peek >= MIN_PEEK:
            return _place(n, area, w, h, cols, step), h, True
        if best is None or peek > best[0]:
            best = (peek, h, cols, step)
    assert best is not None
    _, h, cols, step = best
    return _place(n, area, int(h * CARD_RATIO), h, cols, step), h, True


def _stretch(n: int, area: Rect, w: int, h: int, cols: int) -> tuple[int, int]:
    """A compact card grown to fill the rows and columns it was given.

    Sizes go by whole columns and rows, so the largest card that fits can leave most
    of a row empty; a compact card need not keep the printed card's proportions, so
    it takes that space (a bigger mark), staying compact and not too narrow or wide.
    """
    rows = -(-n // cols)
    tall = min((area.h + GAP) // rows - GAP, int(w / 0.6), FULL_CARD_H - 1)
    wide = min((area.w + GAP) // cols - GAP, int(tall * 0.85))
    return max(w, wide), max(h, tall)


def _place(n: int, area: Rect, w: int, h: int, cols: int, step_y: int) -> list[Rect]:
    # Spread the columns over the whole width when there is room to spare.
    used_cols = min(cols, n)
    spare = area.w - used_cols * w
    step_x = w + min(GAP * 3, spare // max(1, used_cols - 1)) if used_cols > 1 else w
    out = []
    for i in range(n):
        r, c = divmod(i, cols)
        out.append(Rect(area.x + c * step_x, area.y + r * step_y, w, h))
    return out


def visible_parts(rects: list[Rect]) -> list[Rect]:
    """The part of each rectangle no later one covers (later ones are drawn on top).

    Cards overlap only from below, so each visible part is the card cut at the top of
    the highest later card that covers it.
    """
    out = []
    for i, r in enumerate(rects):
        bottom = r.bottom
        for later in rects[i + 1 :]:
            if later.colliderect(r) and later.x < r.right and later.right > r.x:
                bottom = min(bottom, max(r.y, later.y))
        out.append(Rect(r.x, r.y, r.w, bottom - r.y))
    return out


@lru_cache(maxsize=64)
def hand_layout(
    cards: tuple[str, ...],
    cubed: frozenset[str],
    down: frozenset[str],
    used: frozenset[str],
    area: tuple[int, int, int, int],
    max_h: int = MAX_CARD_H,
) -> HandLayout:
    """The groups of a hand and where they go in ``area`` (cached by all of these)."""
    groups = group_cards(cards, cubed, down, used)
    rects, h, overlapped = grid(len(groups), Rect(area), max_h)
    return HandLayout(groups, tuple(rects), tuple(visible_parts(rects)), h, overlapped)


def layout_for(player: Any, state: Any, area: Rect, max_h: int = MAX_CARD_H) -> HandLayout:
    """The layout of a seat's hand in ``area``."""
    cards = tuple(hand_cards_of(player))
    held = frozenset(cards)
    return hand_layout(
        cards,
        frozenset(player.cubed) & held,
        frozenset(player.gods_down) & held,
        frozenset(state.used) & held,
        (area.x, area.y, area.w, area.h),
        max_h,
    )

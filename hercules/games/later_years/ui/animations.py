"""A record's events as animations: coins to bids and tasks, cards dealt and won, the pawn.

Each animation is a piece flying from one rectangle of the table to another (``fly``) or a
fee rising over a space (``gain``). They only change what is shown while they play; the game
has already moved on. They run at the box's animation speed, and a click or Space skips them.
Cards that may not be seen fly face down.
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.app.controller import Record
from hercules.games.later_years.engine import HIDDEN, load_data
from hercules.games.later_years.engine.state import LaterYearsState
from hercules.ui.anim import Anim

#: Seconds a piece takes to cross the table.
FLY = 0.35
#: Seconds a fee shows over its space.
GAIN = 0.7


def seat_anchor(table: Any, seat: int) -> pygame.Rect:
    """Where a seat's coins and cards come from and go to: its plaque's coin purse."""
    plaques = table.layout.plaques
    if not 0 <= seat < len(plaques):
        return pygame.Rect(table.layout.deck)
    p = plaques[seat]
    return pygame.Rect(p.x + 8, p.centery - 12, 24, 24)


def hand_anchor(table: Any, seat: int) -> pygame.Rect:
    """Where a seat's cards go: the hand for the seat on view, else its plaque."""
    if seat == table.viewer:
        r = pygame.Rect(0, 0, table.layout.card_w, table.layout.card_h)
        r.center = table.layout.hand.center
        return r
    return seat_anchor(table, seat)


def cue_key(a: Anim) -> str:
    """An animation's name in the game's cue table: ``fly.<item>`` for a piece crossing the
    table (card, money, marker, pawn), else its kind."""
    return f"fly.{a.data.get('item', '')}" if a.kind == "fly" else a.kind


def queue_record(table: Any, rec: Record, before: LaterYearsState) -> None:
    """Queue the animations of one record (``before``: the state it was applied to)."""
    lay = table.layout
    anim = table.anim
    data = load_data()
    n = before.n
    slots = lay.auction_cards(n)
    spots = lay.bid_spots(n)
    for ev in rec.events:
        k = ev.kind
        if k == "dealt":
            faces = [*ev.cards, HIDDEN]
            for i, card in enumerate(faces[: len(slots)]):
                add = anim.then if i == 0 else anim.with_
                add("fly", FLY, item="card", card=card, frm=lay.deck, to=slots[i], slot=i)
        elif k == "bid" and 0 <= ev.slot < len(spots):
            anim.then(
                "fly",
                FLY,
                item="money",
                n=ev.n,
                seat=ev.seat,
                frm=seat_anchor(table, ev.seat),
                to=spots[ev.slot],
            )
        elif k == "outbid" and 0 <= ev.slot < len(spots):
            anim.then(
                "fly",
                FLY,
                item="money",
                n=ev.n,
                seat=ev.seat,
                frm=spots[ev.slot],
                to=seat_anchor(table, ev.seat),
            )
        elif k == "won" and 0 <= ev.slot < len(slots):
            card = ev.card or HIDDEN
            add = anim.then if ev.slot == 0 else anim.with_
            add(
                "fly",
                FLY,
                item="card",
                card=card,
                frm=slots[ev.slot],
                to=hand_anchor(table, ev.seat),
            )
        elif k == "task" and ev.space in data.space_at:
            space = lay.space_rect(data.space_at[ev.space])
            frm = hand_anchor(table, ev.seat)
            for i, card in enumerate(ev.cards):
                add = anim.then if i == 0 else anim.with_
                add("fly", FLY, item="card", card=card, frm=frm, to=lay.deck)
            anim.then(
                "fly", FLY, item="marker", seat=ev.seat, frm=seat_anchor(table, ev.seat), to=space
            )
            anim.then("gain", GAIN, n=ev.n, at=space)
        elif k == "play_draw":
            anim.then(
                "fly", FLY, item="card", card=ev.card, frm=hand_anchor(table, ev.seat), to=lay.deck
            )
        elif k == "drew":
            for i in range(ev.n):
                add = anim.then if i == 0 else anim.with_
                add(
                    "fly",
                    FLY,
                    item="card",
                    card=HIDDEN,
                    frm=lay.deck,
                    to=hand_anchor(table, ev.seat),
                )
        elif k == "pawn":
            old = before.pawn
            anim.then(
                "fly",
                FLY * 1.5,
                item="pawn",
                frm=seat_anchor(table, old),
                to=seat_anchor(table, ev.seat),
            )

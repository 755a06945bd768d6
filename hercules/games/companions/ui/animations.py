"""A record's events as animations: the look, the swap (so that everyone sees it), cards
turned up and down, tokens drawn and discarded, the vote's ballots shown all at once, and a
new journey's banner.

They only change what is shown while they play; the game has already moved on. They run at
the box's animation speed, and a click or Space skips them. They read public facts only
(spaces, counts): a card is drawn from the viewer's view, so a face-down one stays a back.
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.app.controller import Record
from hercules.ui.anim import Anim

from ..engine import rules as E
from .words import seconds

#: Seconds each kind of animation lasts.
LOOK = 0.45
SWAP = 0.7
TURN = 0.5
TOKEN = 0.35
BANNER = 2.2


def cue_key(a: Anim) -> str:
    """An animation's name in the game's cue table: its kind."""
    return a.kind


def _swapped_up(before: E.State, after: E.State) -> list[tuple[int, int]]:
    """The two face-up spaces whose cards changed places (Theseus' ability)."""
    return [
        (r, i)
        for r in (0, 1)
        for i, c in enumerate(after.rows[r])
        if i < len(before.rows[r]) and before.rows[r][i] != c and after.up[r][i]
    ][:2]


def queue_record(table: Any, rec: Record, before: E.State) -> None:
    """Queue the animations of one record (``before``: the whole state it was applied to,
    read for public places only)."""
    anim = table.anim
    after: E.State = table.state
    v: E.State = table.view()
    lay = table.layout
    bag, discard = lay.bag(), lay.discard()
    drew = 0
    for ev in rec.events:
        k = ev.kind
        if k == "looked":
            anim.then("look", LOOK, spaces=((ev.row, ev.col), (1, ev.n)))
        elif k == "swapped":
            anim.then("swap", SWAP, spaces=((ev.row, ev.col), (1, ev.n)))
        elif k == "swapped_up":
            spaces = _swapped_up(before, after)
            if len(spaces) == 2:
                anim.then("swap", SWAP, spaces=tuple(spaces))
        elif k == "revealed":
            anim.then("reveal", TURN, spaces=((ev.row, ev.col),))
        elif k == "flipped":
            anim.then("flip", TURN, spaces=((ev.row, ev.col),))
        elif k == "drew" and 0 <= ev.seat < len(lay.plaques):
            # Own tokens fly face up (the viewer's own), the others' as backs.
            mine = v.tokens[ev.seat]
            token = mine[-1] if mine and ev.seat == table.viewer else "?"
            add = anim.then if drew == 0 else anim.with_
            drew += 1
            add("token", TOKEN, token=token, frm=bag, to=_seat_spot(lay, ev.seat))
        elif k in ("discarded", "returned"):
            frm, to = (bag, discard) if k == "discarded" else (discard, bag)
            anim.then("token", TOKEN * 0.6, token=ev.card, frm=frm, to=to)
        elif k == "vote":
            anim.then(
                "ballots",
                seconds("vote_seconds"),
                up=ev.n,
                passed=bool(ev.seat),
                ballots=tuple(v.ballots),
            )
        elif k == "journey":
            # The last journey's end told with the new one: what Hercules took, what it cost.
            took = tuple(e.card for e in rec.events if e.kind in ("item", "labour"))
            lost = sum(e.kind == "discarded" for e in rec.events)
            anim.then("journey", BANNER, n=ev.n, took=took, lost=lost)


def _seat_spot(lay: Any, seat: int) -> pygame.Rect:
    """Where a seat's tokens land: the chips' line of its plaque."""
    p = lay.plaques[seat]
    return pygame.Rect(p.x + p.w // 2, p.y + p.h // 2, 4, 4)

"""A first reasoned bot for the draft game (issue 25): plain rules of thumb on its own view,
no belief over the hidden roles yet (that is the research brief's next step).

Loyal, it gathers the items and the labours it can see completed into Fearless Hercules'
row (#3's) and sends the specials away; villain, it does the opposite while mostly telling the
truth. It reads only its view: the cards it has seen, the face-up ones, its own side.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from . import engine as E
from .data import load_data

#: How often a villain's claim names a wrong number (the rest: the truth or silence).
LIE_RATE = 0.3
#: How often a player claims what it saw.
CLAIM_RATE = 0.6


def _value(card: str, view: E.State) -> int:
    """What a card is worth in #3's row: items and labours yes, specials no."""
    c = load_data().cards[card]
    if c.kind == "item":
        return 2
    if c.kind == "labour":
        return 2 if not c.needs else 1
    return -1 if c.number != 3 else 0


def _three_row(view: E.State) -> int | None:
    """The row #3 lies in, if the seat knows (face up, or seen)."""
    for r in (0, 1):
        for c in view.rows[r]:
            if c != E.HIDDEN and load_data().cards[c].number == 3:
                return r
    return None


def _row_worth(view: E.State, row: int) -> int:
    return sum(_value(c, view) for c in view.rows[row] if c != E.HIDDEN)


class HeuristicBot:
    """Rules of thumb on the seat's own view (see the module)."""

    name = "easy"
    threaded = False

    def __init__(self) -> None:
        self.reason = ""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``, by the seat's side."""
        s: E.State = view
        me = s.current if s.current >= 0 else 0
        villain = bool(s.villain[me])
        sign = -1 if villain else 1
        kind = legal[0].kind
        three = _three_row(s)
        self.reason = ""
        if s.prompt == E.P_SWAP and len(s.looked) == 2 and three is not None:
            a, b = s.looked  # a in row 0, b in row 1
            in3, out = (a, b) if a[0] == three else (b, a)
            gain = _value(s.card_at(out), s) - _value(s.card_at(in3), s)
            if sign * gain > 0:
                return E.Action("swap", n=1)
            return E.Action("swap", n=0)
        if s.prompt == E.P_REVEAL and len(legal) > 1:
            hi = max(s.looked, key=lambda x: E.number(s.card_at(x)))
            if E.number(s.card_at(hi)) == 3:
                worth = _row_worth(s, hi[0])
                # A rich row: end the journey now; and late in a journey, end it anyway
                # (else a table that never reveals its #3 would play on for ever).
                good = worth >= 4 or len(s.face_down()) <= 4
                return E.Action("reveal", n=int(good if not villain else not good))
            return E.Action("reveal", n=int(rng.random() < 0.6))
        if s.prompt == E.P_VOTE:
            worth = _row_worth(s, three) if three is not None else 0
            up = worth >= 4
            return E.Action("vote", n=int(up if not villain else not up))
        if s.prompt == E.P_CLAIM:
            seen = [
                (r, i, E.number(c))
                for r in (0, 1)
                for i, c in enumerate(s.rows[r])
                if c != E.HIDDEN and not s.up[r][i]
            ]
            if seen and rng.random() < CLAIM_RATE:
                r, i, n = rng.choice(seen)
                if villain and rng.random() < LIE_RATE:
                    n = rng.choice([k for k in range(1, 21) if k != n])
                return E.Action("claim", r, i, n=n)
            return E.Action("silent")
        if kind == "ability" or s.prompt == E.P_TURN:
            looks = [a for a in legal if a.kind == "look"]
            return rng.choice(looks) if looks else rng.choice(list(legal))
        return rng.choice(list(legal))

    def explain(self) -> str:
        """No worded reason yet."""
        return self.reason


__all__ = ["HeuristicBot"]

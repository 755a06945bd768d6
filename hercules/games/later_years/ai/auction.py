"""Hard's auction model: what each rival can and will pay, and where the auction ends.

Everything is read from one seat's view. Rivals' coins and standing bids are public; their
cards won face up are known; their other cards are not. The model deals those hidden cards
anew from the cards the seat has not seen (a few times, with the bot's own generator), and
for each deal works out what every rival would bid, as a bidder that takes the card with the
best worth less price, raising by the least (:func:`best_buy`). Playing the rest of the
auction out (:func:`settle`) tells which card each seat ends with and at what price, so a
bid can be judged by the card it finally brings: since every seat wins exactly one card,
the last choices are forced, and a card a rival cannot or will not pay more for can be
taken for just enough.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..engine import HIDDEN, LaterYearsState
from .evaluate import Table, Valuer, Weights

__all__ = [
    "Bids",
    "Chooser",
    "best_buy",
    "greedy",
    "max_price",
    "place",
    "rival_worths",
    "settle",
]

#: The bids of an auction row: per card, (seat, total) or (-1, 0).
Bids = tuple[tuple[int, int], ...]
#: A bidder's rule: (seat, bids, coins in hand of every seat) -> (slot, total bid).
Chooser = Callable[[int, Bids, Sequence[int]], tuple[int, int]]
#: An auction ends within this many bids in any real game; the bound only guards the loop.
_MOST_BIDS = 400


def _price(bids: Bids, slot: int) -> int:
    """The least bid on a card: 0 if nobody bids on it, else one more than the standing bid."""
    holder, amount = bids[slot]
    return 0 if holder < 0 else amount + 1


def best_buy(
    bids: Bids, coins: int, worth: Sequence[float], coin: float, extra: Sequence[float] = ()
) -> tuple[int, int]:
    """Normal's rule: the card with the best worth (plus ``extra``) less its least price,
    among those the seat can pay; a free card wins a tie, then the first card."""
    best: tuple[float, int, int] | None = None
    slot_best, price_best = -1, 0
    for slot in range(len(bids)):
        price = _price(bids, slot)
        if price > coins:
            continue
        surplus = worth[slot] + (extra[slot] if extra else 0.0) - coin * price
        key = (round(surplus, 9), 1 if price == 0 else 0, -slot)
        if best is None or key > best:
            best, slot_best, price_best = key, slot, price
    if slot_best < 0:
        raise ValueError("no card the seat can pay for")
    return slot_best, price_best


def greedy(worth: Sequence[float], coin: float) -> Chooser:
    """A :data:`Chooser` bidding by :func:`best_buy` with ``worth`` and ``coin``."""

    def choose(seat: int, bids: Bids, money: Sequence[int]) -> tuple[int, int]:
        return best_buy(bids, money[seat], worth, coin)

    return choose


def settle(
    bids: Bids, money: Sequence[int], current: int, choosers: dict[int, Chooser]
) -> tuple[Bids, tuple[int, ...]]:
    """Play the auction out from ``current``'s turn: the final bids and coins in hand.

    The engine's order (ruling 1): after a bid the turn passes left to the next seat without
    a standing bid; an outbid seat gets its coins back at once.
    """
    row, cash, seat = bids, tuple(money), current
    for _ in range(_MOST_BIDS):
        if seat < 0:
            break
        slot, amount = choosers[seat](seat, row, cash)
        row, cash, seat = place(row, cash, seat, slot, amount)
    return row, cash


def place(
    bids: Bids, money: Sequence[int], seat: int, slot: int, amount: int
) -> tuple[Bids, tuple[int, ...], int]:
    """``seat`` bids ``amount`` in all on ``slot``: the bids, the coins in hand, and the next
    seat to bid (-1 once every card has a bidder)."""
    row = list(bids)
    cash = list(money)
    holder, old = row[slot]
    if holder >= 0:
        cash[holder] += old
    cash[seat] -= amount
    row[slot] = (seat, amount)
    if all(s >= 0 for s, _ in row):
        return tuple(row), tuple(cash), -1
    n = len(cash)
    nxt = (seat + 1) % n
    while any(s == nxt for s, _ in row):
        nxt = (nxt + 1) % n
    return tuple(row), tuple(cash), nxt


def max_price(bids: Bids, coins: int, worth: Sequence[float], coin: float, slot: int) -> int:
    """The most a greedy bidder with ``coins`` in hand would put on ``slot`` against the
    other cards at their present prices (-1 if it would not bid on it at all).

    Never more than its coins: a bid beyond them is not offered (the deadbeat rule)."""
    alt = max(
        (
            worth[s] - coin * _price(bids, s)
            for s in range(len(bids))
            if s != slot and _price(bids, s) <= coins
        ),
        default=float("-inf"),
    )
    lowest = _price(bids, slot)
    if alt == float("-inf") or coin <= 0:
        # No other card it can pay for (or coins worth nothing): all it has, if it wants it.
        most = coins if worth[slot] >= alt else -1
    else:
        most = min(int((worth[slot] - alt) / coin + 1e-9), coins)
    return most if most >= lowest else -1


def _rival_view(
    view: LaterYearsState, me: int, rival: int, cards: Sequence[str]
) -> LaterYearsState:
    """The view ``rival`` would have if its hidden cards were ``cards``: its whole hand, and
    of ``me``'s hand only what was won face up (the rest hidden, as the rival sees it)."""
    hands = list(view.hands)
    hands[rival] = tuple(sorted((*view.shown[rival], *cards)))
    mine = view.hands[me]
    hands[me] = (*view.shown[me], *(HIDDEN,) * (len(mine) - len(view.shown[me])))
    return view.with_(hands=tuple(hands))


def rival_worths(
    view: LaterYearsState, seat: int, weights: Weights, rng: random.Random, deals: int
) -> list[dict[int, tuple[list[float], float]]]:
    """For each of ``deals`` deals of the rivals' hidden cards (from the cards ``seat`` has
    not seen): per rival, its worth of each card of the row as a bidder with ``weights``
    values it (the face-down one at its expected worth), and its coin's worth."""
    table = Table(view, seat)
    pool = sorted(table.unseen)
    out: list[dict[int, tuple[list[float], float]]] = []
    for _ in range(deals):
        rng.shuffle(pool)
        at = 0
        deal: dict[int, tuple[list[float], float]] = {}
        for r in range(view.n):
            if r == seat:
                continue
            k = table.hidden_counts[r]
            cards = pool[at : at + k]
            at += k
            seen = _rival_view(view, seat, r, cards)
            them = Valuer(Table(seen, r), r, weights)
            deal[r] = (them.row_worths(seen.row), them.coin)
        out.append(deal)
    return out

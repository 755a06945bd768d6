"""What the bots know and how they value it: all read from one seat's view.

:class:`Table` gathers the public facts and the seat's own hand (units of each card type, the
cards nobody has shown yet, the rounds left). :class:`Valuer` turns them into values in
victory points: a task's worth to a seat (its point, its fee in coins, the progress it makes
towards chains), a hand's worth (the tasks it completes now and what its loose cards may still
complete), and so a card's worth to a seat: the hand with it less the hand without it.

Nothing here sees more than the view: other hands are their face-up cards and a count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hercules.games._kit.memo import table_memo

from ..engine import HIDDEN, LaterYearsState, load_data, max_chains, minimal_chains
from ..engine.data import DRAW
from ..engine.scoring import coin_counts

DATA = load_data()
#: Card types other than Draw, in the data's order; a hand's units are indexed by these.
TYPES: tuple[str, ...] = tuple(t for t in DATA.types if DATA.types[t].kind != DRAW)
T_INDEX: dict[str, int] = {t: i for i, t in enumerate(TYPES)}
DRAW_TYPE: str = next(t for t in DATA.types if DATA.types[t].kind == DRAW)
CELLS = len(DATA.spaces)
#: Per space (= board cell, row by row): its action's and object's type index, and its fee.
SA: tuple[int, ...] = tuple(T_INDEX[s.action] for s in DATA.spaces)
SO: tuple[int, ...] = tuple(T_INDEX[s.object] for s in DATA.spaces)
FEE: tuple[int, ...] = tuple(s.fee for s in DATA.spaces)
#: The spaces of each type's line (a row for an action, a column for an object).
LINE: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(CELLS) if t in (SA[s], SO[s])) for t in range(len(TYPES))
)
PATHS: tuple[tuple[int, ...], ...] = minimal_chains()
CHAIN_POINTS = 3


@dataclass(frozen=True)
class Weights:
    """What a bot values, in victory points."""

    coin: float = 0.1  #: a coin (fees earned, bids paid)
    chain: float = 0.5  #: the best partial chain, as a share of a chain's 3 points
    loose: float = 0.6  #: cards that do not complete a task yet, as a share of it
    later: float = 0.85  #: a task completable now but left for a later round
    draw: float = 2.0  #: a Draw card kept in hand (it brings two cards)
    deny: float = 0.0  #: what rivals gain from the cards an auction leaves them, held against a bid
    block: float = 0.0  #: rivals' chain progress hindered by a coin of ours
    horizon: float = 6.0  #: rounds left below which loose cards lose their worth
    pool: bool = False  #: weigh loose cards by how many partners are still unseen
    #: in the last rounds (fewer auctions left than this) coins are worth the money bonus
    money_rounds: int = 0


# Table memos (see hercules.games._kit.memo), 1 << 12 boards each: enough for a game's
# repeats; at 1 << 16 and kept for the session, these two were still filling an hour into a
# soak (memory drift).
@table_memo(maxsize=1 << 12)
def chains_of(caps: tuple[int, ...]) -> int:
    """The engine's exact chain count (cached: boards repeat)."""
    return max_chains(caps)


@table_memo(maxsize=1 << 12)
def partial_chain(caps: tuple[int, ...], heights: tuple[int, ...]) -> float:
    """How near (0..1) the seat is to one more chain than it has.

    The chains the seat has are packed greedily, shortest first; the coins left over cover
    some cells of each minimal chain. A chain's progress is the share covered, squared (the
    last coins matter most), less for missing cells that other coins already make dearer.
    """
    left = list(caps)
    for path in PATHS:
        while all(left[c] > 0 for c in path):
            for c in path:
                left[c] -= 1
    best = 0.0
    for path in PATHS:
        covered = 0
        extra = 0
        for c in path:
            if left[c] > 0:
                covered += 1
            else:
                extra += heights[c]
        progress = (covered / len(path)) ** 2 / (1.0 + 0.5 * extra)
        best = max(best, progress)
    return best


def potential(caps: tuple[int, ...], heights: tuple[int, ...], chain_weight: float) -> float:
    """Chain points a seat has, plus ``chain_weight`` times its nearest next chain's progress."""
    return CHAIN_POINTS * (chains_of(caps) + chain_weight * partial_chain(caps, heights))


def plus(items: tuple[int, ...], i: int, n: int = 1) -> tuple[int, ...]:
    """``items`` with ``n`` added at ``i``."""
    return (*items[:i], items[i] + n, *items[i + 1 :])


def units_of(cards: Iterable[str]) -> tuple[list[int], int]:
    """A hand as units of each type (doubles 2, triples 3) and its Draw cards."""
    units = [0] * len(TYPES)
    draws = 0
    for c in cards:
        if c == HIDDEN:
            continue
        card = DATA.cards[c]
        if card.type == DRAW_TYPE:
            draws += 1
        else:
            units[T_INDEX[card.type]] += card.units
    return units, draws


class Table:
    """The facts of one seat's view that the bots use."""

    def __init__(self, view: LaterYearsState, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.n = view.n
        self.heights: tuple[int, ...] = tuple(len(stack) for stack in view.board)
        self.caps: tuple[tuple[int, ...], ...] = tuple(coin_counts(view, s) for s in range(view.n))
        self.hand: tuple[str, ...] = view.hands[seat]
        self.units, self.draws = units_of(self.hand)
        #: What each seat is known to hold: its face-up cards (all of them for this seat).
        self.known: list[tuple[list[int], int]] = [
            (self.units, self.draws) if s == seat else units_of(view.shown[s])
            for s in range(view.n)
        ]
        self.hidden_counts = tuple(
            len(view.hands[s]) - len(view.shown[s]) if s != seat else 0 for s in range(view.n)
        )
        seen: Counter[str] = Counter(view.discard)
        seen.update(self.hand)
        for s in range(view.n):
            if s != seat:
                seen.update(view.shown[s])
        seen.update(c for c in view.row if c != HIDDEN)
        #: The cards this seat has not seen: the deck, hidden hands, the face-down card.
        self.unseen: dict[str, int] = {c: 1 for c in DATA.cards if c not in seen}
        pool = [0] * len(TYPES)
        for c in self.unseen:
            card = DATA.cards[c]
            if card.type != DRAW_TYPE:
                pool[T_INDEX[card.type]] += card.units
        self.pool_units = pool
        #: Auctions still to come after this round (each deals n cards; Draw cards take more).
        self.rounds_after = len(view.deck) // view.n
        self.last_round = self.rounds_after == 0

    def shown_units(self, seat: int) -> list[int]:
        """Units a seat is known to hold."""
        return self.known[seat][0]


class Valuer:
    """Values for one seat (``me``), or for a rival seen from ``me``'s view."""

    def __init__(self, table: Table, who: int, w: Weights) -> None:
        self.t = table
        self.who = who
        self.w = w
        time_left = min(1.0, table.rounds_after / w.horizon) if w.horizon > 0 else 1.0
        self.time_left = time_left
        self.coin = self.coin_value()
        self.chain_w = w.chain * time_left
        self.values, self.repeats = self.space_values(table.caps[who], table.heights)
        self.order = sorted(range(CELLS), key=lambda s: -self.values[s] / (table.heights[s] + 1))

    def coin_value(self) -> float:
        """A coin's worth: the weight, or in the last rounds the money bonus at stake."""
        w, t = self.w, self.t
        if t.rounds_after >= w.money_rounds:
            return w.coin
        mine = t.view.money[self.who]
        rival = max(m for s, m in enumerate(t.view.money) if s != self.who)
        gap = abs(mine - rival)
        return w.coin + 2.0 / (2.0 + gap)

    def space_values(
        self, caps: tuple[int, ...], heights: tuple[int, ...]
    ) -> tuple[list[float], list[float]]:
        """Each space's worth to the seat if completed now, and again (its repeat)."""
        base = potential(caps, heights, self.chain_w)
        values = []
        repeats = []
        for s in range(CELLS):
            plain = 1.0 + self.coin * FEE[s]
            chain = potential(plus(caps, s), plus(heights, s), self.chain_w) - base
            values.append(plain + chain)
            repeats.append(plain + (chain if chains_of(caps) > 0 else 0.0))
        if self.w.block > 0:
            for s in range(CELLS):
                values[s] += self.w.block * self.hindrance(s)
        return values, repeats

    def hindrance(self, s: int) -> float:
        """Chain progress rivals lose when a coin of ours makes space ``s`` dearer."""
        t = self.t
        lost = 0.0
        grown = plus(t.heights, s)
        for r in range(t.n):
            if r == self.who or t.caps[r][s] > 0:
                continue
            lost += potential(t.caps[r], t.heights, 1.0) - potential(t.caps[r], grown, 1.0)
        return lost

    def hand_value(
        self, units: Sequence[int], draws: int = 0, later: float | None = None, done_at: int = -1
    ) -> float:
        """A hand's worth: the tasks it completes (greedy, best first) at ``later`` of their
        worth, then its loose cards' share of the tasks they bring nearer, and Draw cards.

        ``done_at``: a space the seat has just completed (its next completion needs more).
        """
        w = self.w
        later = w.later if later is None else later
        u = list(units)
        need = [h + 1 for h in self.t.heights]
        done = [False] * CELLS
        if done_at >= 0:
            need[done_at] += 1
            done[done_at] = True
        value = 0.0
        while True:
            best, bv = -1, 0.0
            for s in range(CELLS):
                n = need[s]
                if u[SA[s]] >= n and u[SO[s]] >= n:
                    v = self.repeats[s] if done[s] else self.values[s]
                    if v > bv:
                        best, bv = s, v
            if best < 0:
                break
            n = need[best]
            u[SA[best]] -= n
            u[SO[best]] -= n
            need[best] += 1
            done[best] = True
            value += later * bv
        loose = w.loose * self.time_left
        if loose > 0 and any(u):
            pool = self.t.pool_units
            for s in self.order:
                n = need[s]
                a = min(u[SA[s]], n)
                o = min(u[SO[s]], n)
                if a + o == 0:
                    continue
                share = ((a + o) / (2 * n)) ** 2
                if w.pool:
                    # The missing cards must still be out there (a few more than needed).
                    for have, typ in ((a, SA[s]), (o, SO[s])):
                        if have < n:
                            share *= min(1.0, pool[typ] / (2.0 * (n - have)))
                value += loose * self.values[s] * share
                u[SA[s]] -= a
                u[SO[s]] -= o
        return value + draws * w.draw * self.time_left

    def card_value(self, card: str, units: Sequence[int] | None = None, draws: int = 0) -> float:
        """What ``card`` adds to a hand (the seat's own by default)."""
        if units is None:
            units, draws = self.t.units, self.t.draws
        base = self.hand_value(units, draws, later=1.0)
        c = DATA.cards[card]
        if c.type == DRAW_TYPE:
            return self.hand_value(units, draws + 1, later=1.0) - base
        more = list(units)
        more[T_INDEX[c.type]] += c.units
        return self.hand_value(more, draws, later=1.0) - base

    def row_worths(self, row: Sequence[str]) -> list[float]:
        """The worth of each card of an auction row; the last, face down, at its expected worth."""
        last = len(row) - 1
        return [self.blind_value() if i == last else self.card_value(c) for i, c in enumerate(row)]

    def blind_value(self) -> float:
        """The face-down card's expected worth: every unseen card alike (by type and mark)."""
        kinds: Counter[tuple[str, int]] = Counter()
        example: dict[tuple[str, int], str] = {}
        for c in self.t.unseen:
            key = (DATA.cards[c].type, DATA.cards[c].units)
            kinds[key] += 1
            example.setdefault(key, c)
        total = sum(kinds.values())
        if not total:
            return 0.0
        return sum(self.card_value(example[k]) * n for k, n in sorted(kinds.items())) / total


__all__ = [
    "DATA",
    "FEE",
    "LINE",
    "SA",
    "SO",
    "TYPES",
    "T_INDEX",
    "Table",
    "Valuer",
    "Weights",
    "chains_of",
    "partial_chain",
    "potential",
    "units_of",
]

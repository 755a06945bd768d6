"""Hard's last round: the plays that leave the most final points, found exactly.

When the deck cannot supply another auction (fewer cards than players), the game ends after
this round's plays (ruling 9) and a hand's leftover cards are worth nothing (bar the second
tie-break). What a seat can still do is then a small, fully known problem: its own hand, the
board and the coins. The search here tries every order of tasks the hand can pay for (doubles
and triples as the engine lets them pay: every minimal choice, overpaying included) and scores
where each ends by the rules' scoring: a point per task, three per chain (the engine's exact
count), and the two points for the most money, as likely as the coins say (rivals who have
played are done; those still to play may earn fees, so a lead over them counts only by
degrees). The same search values the cards of the last auction (:func:`card_gains`): what
each adds to the best ending of the hand.

Everything is read from one seat's view: its own hand, the board, everyone's coins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import product

from ..engine import HIDDEN, LaterYearsState
from ..engine.scoring import CHAIN_POINTS, MONEY_POINTS, TASK_POINTS, coin_counts
from .evaluate import CELLS, DATA, DRAW_TYPE, FEE, SA, SO, T_INDEX, TYPES, Table, chains_of, plus

__all__ = [
    "Cards",
    "Finish",
    "bonus_chance",
    "card_gains",
    "cards_of",
    "covers",
    "finish",
    "is_last_round",
    "money_rivals",
    "payment",
]

#: A hand as the search sees it: per card type (:data:`TYPES`), its singles, doubles, triples.
Cards = tuple[tuple[int, int, int], ...]
#: The best a hand can make of the round: its final points (the money bonus at its chance, if
#: counted), the first task's space (-1: no task) and what pays for it (per type: singles,
#: doubles, triples).
Finish = tuple[float, int, tuple[tuple[int, int, int], ...]]
#: What a rival still to play may earn in fees, on average (coins), and how widely it varies:
#: against it the bonus's chance grows from 0 at a lead of FEES - SPREAD to 1 at FEES + SPREAD.
RIVAL_FEES = 4.0
RIVAL_SPREAD = 4.0
#: Searches stop opening new positions past this many (a safety bound: real hands need far
#: fewer); the best found so far stands.
MOST_NODES = 4000
#: The last auction's card values share this many positions among all their searches (one
#: per kind of card, each at least GAINS_LEAST): with a hand of twenty cards a full search per
#: kind took 80 ms, and a dozen kinds most of a second for one bid (measured, seed 43).
GAINS_NODES = 4000
GAINS_LEAST = 150


def is_last_round(view: LaterYearsState) -> bool:
    """True when this round's plays are the game's last: the deck (which only shrinks) already
    holds fewer cards than an auction deals."""
    return len(view.deck) < view.n


def cards_of(hand: Iterable[str]) -> Cards:
    """A hand's action and object cards, per type, as counts of singles, doubles, triples."""
    counts = [[0, 0, 0] for _ in TYPES]
    for c in hand:
        if c == HIDDEN:
            continue
        card = DATA.cards[c]
        if card.type == DRAW_TYPE:
            continue
        counts[T_INDEX[card.type]][card.units - 1] += 1
    return tuple((a, b, t) for a, b, t in counts)


@lru_cache(maxsize=1 << 12)
def covers(have: tuple[int, int, int], need: int) -> tuple[tuple[int, int, int], ...]:
    """The ways to pay ``need`` units from ``have`` (singles, doubles, triples), as the engine
    offers them: every minimal choice (dropping any card would fall short). The engine's rule
    on counts rather than card ids (a test holds the two equal)."""
    out = []
    for a, b, t in product(range(have[0] + 1), range(have[1] + 1), range(have[2] + 1)):
        total = a + 2 * b + 3 * t
        used = [u for u, k in ((1, a), (2, b), (3, t)) if k]
        if not used or total < need or total - min(used) >= need:
            continue
        out.append((a, b, t))
    return tuple(out)


def money_rivals(view: LaterYearsState, seat: int) -> tuple[tuple[int, bool], ...]:
    """Each rival's coins and whether it still plays this round after ``seat`` (the plays go
    left from the pawn holder, one turn each)."""
    out = []
    for r in range(view.n):
        if r == seat:
            continue
        # Seats later than ``seat`` in the order from the pawn holder have not played yet.
        still = (r - view.pawn) % view.n > (seat - view.pawn) % view.n
        out.append((view.money[r], still))
    return tuple(out)


def bonus_chance(mine: int, rivals: Sequence[tuple[int, bool]]) -> float:
    """How likely ``mine`` coins end the game with the most (ties share the bonus): sure
    against a rival who is done, by degrees against one still to play."""
    chance = 1.0
    for money, still in rivals:
        if not still:
            if money > mine:
                return 0.0
            continue
        lead = mine - money - RIVAL_FEES
        chance *= min(1.0, max(0.0, 0.5 + lead / (2.0 * RIVAL_SPREAD)))
    return chance


def finish(
    view: LaterYearsState,
    seat: int,
    coin: float = 0.0,
    hand: Iterable[str] | None = None,
    bonus: bool = True,
    most_nodes: int = MOST_NODES,
) -> Finish:
    """The best ending of ``seat``'s plays from its view: final points (tasks, chains, the
    money bonus at its chance unless ``bonus`` is off, plus ``coin`` per coin held) and the
    first task to make. ``hand``: the seat's cards if not those of the view (a card bought)."""
    caps = coin_counts(view, seat)
    heights = tuple(len(stack) for stack in view.board)
    rivals = money_rivals(view, seat)
    done = view.markers_used(seat)
    left = DATA.markers - done
    memo: dict[tuple[Cards, tuple[int, ...]], Finish] = {}
    nodes = [0]

    def value(money: int, mine: tuple[int, ...], tasks: int) -> float:
        points = TASK_POINTS * tasks + CHAIN_POINTS * chains_of(mine) + coin * money
        return points + (MONEY_POINTS * bonus_chance(money, rivals) if bonus else 0.0)

    def search(
        hand: Cards, mine: tuple[int, ...], high: tuple[int, ...], money: int, tasks: int
    ) -> Finish:
        key = (hand, mine)
        got = memo.get(key)
        if got is not None:
            return got
        best: Finish = (value(money, mine, tasks), -1, ())
        nodes[0] += 1
        if tasks - done < left and nodes[0] <= most_nodes:
            for s in range(CELLS):
                need = high[s] + 1
                act, obj = SA[s], SO[s]
                for pa in covers(hand[act], need):
                    for po in covers(hand[obj], need):
                        after = list(hand)
                        after[act] = _less(after[act], pa)
                        after[obj] = _less(after[obj], po)
                        got_value = search(
                            tuple(after), plus(mine, s), plus(high, s), money + FEE[s], tasks + 1
                        )[0]
                        if got_value > best[0] + 1e-9:
                            pay = [(0, 0, 0)] * len(TYPES)
                            pay[act], pay[obj] = pa, po
                            best = (got_value, s, tuple(pay))
        memo[key] = best
        return best

    cards = cards_of(view.hands[seat] if hand is None else hand)
    return search(cards, caps, heights, view.money[seat], done)


def card_gains(view: LaterYearsState, seat: int, coin: float) -> list[float]:
    """In the last round's auction, what each card of the row adds to the seat's ending:
    tasks, chains and ``coin`` per coin of fees, exactly; the face-down card at the average
    over the cards the seat has not seen (by type and mark). A Draw card adds nothing counted
    here (the deck is all but empty).

    The searches share :data:`GAINS_NODES` positions: a big hand's values are then the best
    found within them (never below 0: a card bought may always be left unplayed)."""
    hand = view.hands[seat]
    unseen = sorted(Table(view, seat).unseen)
    kinds = {
        (DATA.cards[c].type, DATA.cards[c].units)
        for c in (*view.row[:-1], *unseen)
        if c != HIDDEN and DATA.cards[c].type != DRAW_TYPE
    }
    limit = min(MOST_NODES, max(GAINS_LEAST, GAINS_NODES // (1 + len(kinds))))
    base = finish(view, seat, coin, bonus=False, most_nodes=limit)[0]
    memo: dict[tuple[str, int], float] = {}

    def gain(card: str) -> float:
        c = DATA.cards[card]
        key = (c.type, c.units)
        if key not in memo:
            if c.type == DRAW_TYPE:
                memo[key] = 0.0
            else:
                more = finish(view, seat, coin, (*hand, card), bonus=False, most_nodes=limit)
                memo[key] = max(0.0, more[0] - base)
        return memo[key]

    out = [gain(c) for c in view.row[:-1]]
    out.append(sum(gain(c) for c in unseen) / len(unseen) if unseen else 0.0)
    return out


def _less(have: tuple[int, int, int], pay: tuple[int, int, int]) -> tuple[int, int, int]:
    return (have[0] - pay[0], have[1] - pay[1], have[2] - pay[2])


def payment(cards: Sequence[str]) -> tuple[tuple[int, int, int], ...]:
    """What ``cards`` pay, per type, as in a :data:`Finish`."""
    return cards_of(cards)

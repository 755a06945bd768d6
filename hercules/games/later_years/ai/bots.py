"""The bots: Random, Easy, Normal and Hard behind one interface.

Every bot is handed its own seat's view (``RULES.view(state, seat)``, as the controller does)
and decides on what that seat may see and nothing else, with its own generator. It looks at
the view of what it is given once more (``view_for``: a view's view is the view itself), so
a host that hands it the whole state gets the very same choice. Each move comes with a
reason (:mod:`.reason`) stating public facts.

- **Easy** bids on what completes a task at once (or pairs with its cards), with noise and
  the odd random card or extra coin; it plays its Draw cards and the best-paying task it can.
- **Normal** values every card for itself (:mod:`.evaluate`: fees, the task point, progress
  towards chains, loose cards' prospects) and bids the card with the best worth over price,
  raising by the least; it plays the task that leaves it the most, or ends when none pays.
- **Hard** bids through an auction model (:mod:`.auction`): it deals the rivals' hidden cards
  anew from the cards it has not seen (a few deals, with its own generator), works out what
  each rival would bid with Normal's valuation within its coins, and plays the rest of the
  auction out for each bid it could make: the bid it keeps is the one whose auction ends
  with the best card for its price, less a quarter of what the rivals gain from theirs (so it
  may bid just enough that a rival's coins run out first, or leave a card a rival overpays
  for). It values coins a little dearer, weighs loose cards by how many of their partners
  are still unseen, counts the money bonus at stake in the last round, and plans its plays
  two tasks ahead, revaluing the board (chains included) each task leaves. In the game's
  last round (the deck cannot supply another auction) it counts exactly (:mod:`.endgame`):
  a card is worth the tasks, chains and fees it adds to the best ending of its hand, and its
  plays are the order of tasks that ends the game with the most points, the money bonus at
  its chance. Hindering rivals' chains (``block``) is there but off: it lost games to Normal
  in tuning runs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..engine import Action, LaterYearsState, actor, apply, legal_actions, view_for
from ..engine.actions import BID, END, PLAY_DRAW, TASK
from ..engine.scoring import coin_counts
from ..engine.state import HIDDEN, P_BID
from .auction import best_buy, greedy, max_price, place, rival_worths, settle
from .endgame import card_gains, finish, is_last_round, payment
from .evaluate import (
    DATA,
    DRAW_TYPE,
    FEE,
    LINE,
    SA,
    SO,
    T_INDEX,
    Table,
    Valuer,
    Weights,
    chains_of,
    plus,
)
from .reason import card_name, encode, space_name

__all__ = ["BOT_LEVELS", "EasyBot", "HardBot", "NormalBot", "RandomBot", "make_bot"]

BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

NORMAL = Weights()
#: Hard's weights. ``deny``: what rivals gain from the cards its bid leaves them counts
#: against the bid at a quarter (tuned on seeds 1000+ and 2000+, 400 games each: 0 and 0.5
#: did worse, 1.0 much worse); hindering chains (``block``) stays off.
HARD = Weights(coin=0.12, pool=True, money_rounds=1, deny=0.25)


class RandomBot:
    """Plays a uniformly random legal action (a baseline for tools and tests)."""

    name = "random"
    threaded = False

    def __init__(self) -> None:
        self.reason = ""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one legal action with the bot's own generator."""
        self.reason = encode("random", "Chosen at random.")
        return legal[rng.randrange(len(legal))]

    def explain(self) -> str:
        """Why the last action was chosen, in one line."""
        return self.reason


class _Bot(RandomBot):
    """What the thinking bots share: the view, the only move, Draw cards, the reasons."""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """The bot's action for the seat to act, decided on that seat's view only.

        ``view`` is the acting seat's view (a whole state is cut down to it first, so the
        choice is the same either way); ``legal`` the legal actions of the real state.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            self.reason = encode("only", "The only move.")
            return legal[0]
        given: LaterYearsState = view
        seat = actor(given)
        seen = view_for(given, seat)
        if seen.prompt == P_BID:
            return self.bid(seen, seat, legal, rng)
        return self.play(seen, seat, legal, rng)

    def bid(
        self, view: LaterYearsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """A bid."""
        raise NotImplementedError

    def play(
        self, view: LaterYearsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """A play (a task, a Draw card) or the end of the seat's plays."""
        raise NotImplementedError

    # --- shared pieces -------------------------------------------------------------------------

    def draw_card(self, view: LaterYearsState, legal: Sequence[Action]) -> Action | None:
        """A Draw card to play now, if the deck still has its cards."""
        if len(view.deck) < DATA.draw_amount:
            return None
        for a in legal:
            if a.kind == PLAY_DRAW:
                n = DATA.draw_amount
                self.reason = encode(
                    "draw", f"Plays a Draw card for {n} more cards.", card=a.card, n=n
                )
                return a
        return None

    def end(self, view: LaterYearsState, seat: int, legal: Sequence[Action]) -> Action:
        """End the seat's plays."""
        cards = len(view.hands[seat])
        self.reason = encode("end", f"Ends its plays, keeping {cards} cards.", cards=cards)
        return next(a for a in legal if a.kind == END)

    def explain_task(
        self, action: Action, chains_before: int, chains_after: int, step: float
    ) -> None:
        """The reason of a task: its fee, and a chain it completes or nears."""
        s = DATA.space_at[action.space]
        fee = FEE[s]
        name = space_name(action.space)
        if chains_after > chains_before:
            self.reason = encode(
                "task_chain",
                f"Completes {name} for {fee} coins, linking a chain across the board "
                f"({chains_after} now).",
                space=action.space,
                fee=fee,
                chains=chains_after,
            )
        elif step > 0.25:
            self.reason = encode(
                "task_towards",
                f"Completes {name} for {fee} coins, a step towards a chain.",
                space=action.space,
                fee=fee,
            )
        else:
            self.reason = encode(
                "task", f"Completes {name} for {fee} coins.", space=action.space, fee=fee
            )

    def explain_bid(
        self,
        view: LaterYearsState,
        action: Action,
        me: Valuer | None,
        worth: float,
        denied: tuple[float, int] = (0.0, -1),
    ) -> None:
        """The reason of a bid: the card's best task, a chain, a rival kept out, or price."""
        slot, amount = action.slot, action.amount
        holder = view.bids[slot][0]
        if slot == len(view.row) - 1:
            self.reason = encode(
                "bid_blind", f"Bids {amount} on the face-down card.", slot=slot, amount=amount
            )
            return
        card = view.row[slot]
        name = card_name(card)
        if holder >= 0:
            self.reason = encode(
                "raise",
                f"Raises {name} to {amount}, outbidding seat {holder}.",
                slot=slot,
                card=card,
                amount=amount,
                seat=holder,
            )
            return
        deny, rival = denied
        if rival >= 0 and deny > worth:
            self.reason = encode(
                "bid_deny",
                f"Bids {amount} on {name} to keep it from seat {rival}.",
                slot=slot,
                card=card,
                amount=amount,
                seat=rival,
            )
            return
        ctype = DATA.cards[card].type
        if me is None or ctype == DRAW_TYPE or worth <= 0.05:
            self.reason = encode(
                "bid_cheap",
                f"Bids {amount} on {name}, the best buy for its coins.",
                slot=slot,
                card=card,
                amount=amount,
            )
            return
        line = LINE[T_INDEX[ctype]]
        space = max(line, key=lambda s: (me.values[s], -s))
        sid = DATA.spaces[space].id
        plain = 1.0 + me.coin * FEE[space]
        if me.values[space] - plain > 0.3:
            self.reason = encode(
                "bid_chain",
                f"Bids {amount} on {name}: {space_name(sid)} would extend its chain.",
                slot=slot,
                card=card,
                amount=amount,
                space=sid,
            )
            return
        self.reason = encode(
            "bid",
            f"Bids {amount} on {name}, for {space_name(sid)} ({FEE[space]} coins).",
            slot=slot,
            card=card,
            amount=amount,
            space=sid,
            fee=FEE[space],
        )


def _price(view: LaterYearsState, slot: int) -> int:
    """The least bid on a card of the row: 0 if nobody bids on it, else one more."""
    holder, amount = view.bids[slot]
    return 0 if holder < 0 else amount + 1


def _purse(view: LaterYearsState, seat: int) -> int:
    """The most a seat could bid if outbid: its coins in hand and those of its standing bid."""
    slot = view.standing(seat)
    return view.money[seat] + (view.bids[slot][1] if slot >= 0 else 0)


def _chains(caps: Sequence[int]) -> int:
    return chains_of(tuple(caps))


def _spent(units: Sequence[int], action: Action) -> list[int]:
    left = list(units)
    for c in action.cards:
        card = DATA.cards[c]
        left[T_INDEX[card.type]] -= card.units
    return left


class EasyBot(_Bot):
    """Greedy with noise: what completes a task now is worth its fee, the rest little."""

    name = "easy"

    def bid(
        self, view: LaterYearsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The card that looks best at a glance (sometimes any card), with a coin or two more."""
        table = Table(view, seat)
        units = table.units
        need = [h + 1 for h in table.heights]
        offered = set(legal)
        choices = []
        for slot, card in enumerate(view.row):
            price = _price(view, slot)
            if Action(BID, slot=slot, amount=price) not in offered:
                continue
            worth = 0.5
            if card != HIDDEN and DATA.cards[card].type != DRAW_TYPE:
                c = DATA.cards[card]
                t = T_INDEX[c.type]
                more = list(units)
                more[t] += c.units
                fees = [
                    FEE[s] for s in LINE[t] if more[SA[s]] >= need[s] and more[SO[s]] >= need[s]
                ]
                pairs = any(units[SO[s] if SA[s] == t else SA[s]] > 0 for s in LINE[t])
                worth = max(fees) / 4 if fees else 0.6 if pairs else 0.2
            choices.append((worth + rng.uniform(0.0, 1.0) - 0.15 * price, slot, price))
        if rng.random() < 0.2:
            _, slot, price = choices[rng.randrange(len(choices))]
        else:
            _, slot, price = max(choices)
        extra = rng.choice((0, 0, 0, 1, 2))
        action = Action(BID, slot=slot, amount=price + extra)
        if action not in offered:
            action = Action(BID, slot=slot, amount=price)
        self.explain_bid(view, action, None, 0.0)
        return action

    def play(
        self, view: LaterYearsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Draw cards first, then the best-paying task, then end."""
        draw = self.draw_card(view, legal)
        if draw is not None:
            return draw
        tasks = [a for a in legal if a.kind == TASK]
        if not tasks:
            return self.end(view, seat, legal)
        top = max(FEE[DATA.space_at[a.space]] for a in tasks)
        best = [a for a in tasks if FEE[DATA.space_at[a.space]] == top]
        action = best[rng.randrange(len(best))]
        self.explain_task(action, 0, 0, 0.0)
        return action


class NormalBot(_Bot):
    """Values each card for itself and bids for the best worth over price; plays greedily."""

    name = "normal"

    def __init__(self, weights: Weights | None = None) -> None:
        super().__init__()
        self.w = weights or NORMAL

    def bid(
        self, view: LaterYearsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The card with the best worth less price (a raise by the least, or a free card)."""
        table = Table(view, seat)
        me = Valuer(table, seat, self.w)
        worth = me.row_worths(view.row)
        denial = self.denial(table, view)
        # A card nobody bids on can always be taken for 0, so there is always a buy.
        slot, price = best_buy(view.bids, view.money[seat], worth, me.coin, [d for d, _ in denial])
        action = Action(BID, slot=slot, amount=price)
        self.explain_bid(view, action, me, worth[slot], denial[slot])
        return action

    def denial(self, table: Table, view: LaterYearsState) -> list[tuple[float, int]]:
        """Per card: the worth of keeping it from the rival who wants it most, and that rival."""
        return [(0.0, -1)] * len(view.row)

    def play(
        self, view: LaterYearsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Draw cards first; then the task that leaves the most, if it beats keeping the cards."""
        draw = self.draw_card(view, legal)
        if draw is not None:
            return draw
        tasks = [a for a in legal if a.kind == TASK]
        if not tasks:
            return self.end(view, seat, legal)
        table = Table(view, seat)
        me = Valuer(table, seat, self.w)
        keep = me.hand_value(table.units, table.draws)
        scored = sorted(
            ((self.task_score(view, table, me, a), a) for a in tasks), key=lambda p: (-p[0], p[1])
        )
        score, action = scored[0]
        if score <= keep + 1e-9:
            return self.end(view, seat, legal)
        s = DATA.space_at[action.space]
        caps = table.caps[seat]
        after = tuple(c + (1 if i == s else 0) for i, c in enumerate(caps))
        step = me.values[s] - 1.0 - me.coin * FEE[s]
        self.explain_task(action, _chains(caps), _chains(after), step)
        return action

    def task_score(self, view: LaterYearsState, table: Table, me: Valuer, action: Action) -> float:
        """The task's worth now plus what the cards left are worth (the space dearer)."""
        s = DATA.space_at[action.space]
        left = _spent(table.units, action)
        return me.values[s] + me.hand_value(left, table.draws, done_at=s)


class HardBot(NormalBot):
    """Normal's valuation sharpened, plays planned two tasks ahead, the last round exact."""

    name = "hard"
    #: First tasks looked at more closely (the best by Normal's score).
    WIDTH = 6

    def __init__(self, weights: Weights | None = None) -> None:
        super().__init__(weights or HARD)

    #: In the last plays a coin kept is worth this much beyond the money bonus: the first
    #: tie-break (so of two endings with equal points, the richer).
    TIE_COIN = 0.001
    #: Deals of the rivals' hidden cards the auction model averages over.
    DEALS = 6
    #: Bids above the least looked at on each card, besides just beating a rival's limit.
    STEPS = 2

    def bid(
        self, view: LaterYearsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """The bid whose auction, played out with every rival bidding as the model says
        (:mod:`.auction`), leaves the seat the best card for its price, on average over deals
        of the rivals' hidden cards."""
        table = Table(view, seat)
        me = Valuer(table, seat, self.w)
        # The last auction: what a card adds to the seat's ending, counted exactly.
        worth = card_gains(view, seat, me.coin) if is_last_round(view) else me.row_worths(view.row)
        deals = rival_worths(view, seat, NORMAL, rng, self.DEALS)
        coins = view.money[seat]
        mine = greedy(worth, me.coin)
        first = best_buy(view.bids, coins, worth, me.coin)
        candidates = [first]
        for slot in range(len(view.row)):
            lowest = _price(view, slot)
            amounts = set(range(lowest, lowest + self.STEPS + 1))
            for deal in deals:
                for r, (theirs, coin) in deal.items():
                    most = max_price(view.bids, _purse(view, r), theirs, coin, slot)
                    amounts.add(most + 1)
            candidates += [(slot, a) for a in sorted(amounts) if lowest <= a <= coins]
        best, best_score = first, float("-inf")
        for slot, amount in candidates:
            score = 0.0
            for deal in deals:
                choosers = {r: greedy(theirs, coin) for r, (theirs, coin) in deal.items()}
                choosers[seat] = mine
                row, cash, nxt = place(view.bids, view.money, seat, slot, amount)
                final, _ = settle(row, cash, nxt, choosers)
                won = next(i for i, (s, _) in enumerate(final) if s == seat)
                score += worth[won] - me.coin * final[won][1]
                if self.w.deny > 0:
                    for r, (theirs, coin) in deal.items():
                        got = next(i for i, (s, _) in enumerate(final) if s == r)
                        score -= self.w.deny * (theirs[got] - coin * final[got][1])
            if score > best_score + 1e-9:
                best, best_score = (slot, amount), score
        action = Action(BID, slot=best[0], amount=best[1])
        self.explain_bid(view, action, me, worth[best[0]])
        self.explain_beyond(view, seat, action)
        return action

    def explain_beyond(self, view: LaterYearsState, seat: int, action: Action) -> None:
        """A bid above the least on a face-up card: the richest rival it puts out of reach."""
        slot, amount = action.slot, action.amount
        lowest = _price(view, slot)
        if amount <= lowest or slot == len(view.row) - 1:
            return
        purses = [
            (_purse(view, r), r) for r in range(view.n) if r != seat and lowest <= _purse(view, r)
        ]
        beaten = [(p, r) for p, r in purses if p < amount]
        if not beaten:
            return
        money, rival = max(beaten)
        card = view.row[slot]
        self.reason = encode(
            "bid_beyond",
            f"Bids {amount} on {card_name(card)}, more than seat {rival} can pay ({money} coins).",
            slot=slot,
            card=card,
            amount=amount,
            seat=rival,
            money=money,
        )

    def play(
        self, view: LaterYearsState, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Draw cards first; then the best of the likeliest tasks looked at two deep (in the
        last round, the first task of the best ending)."""
        draw = self.draw_card(view, legal)
        if draw is not None:
            return draw
        tasks = [a for a in legal if a.kind == TASK]
        if not tasks:
            return self.end(view, seat, legal)
        if is_last_round(view):
            return self.last_plays(view, seat, legal)
        table = Table(view, seat)
        me = Valuer(table, seat, self.w)
        keep = me.hand_value(table.units, table.draws)
        first = sorted(
            ((self.task_score(view, table, me, a), a) for a in tasks),
            key=lambda p: (-p[0], p[1]),
        )[: self.WIDTH]
        best_score, best = keep, None
        for _, a in first:
            score = me.values[DATA.space_at[a.space]] + self.after(view, seat, a)
            if score > best_score + 1e-9:
                best_score, best = score, a
        if best is None:
            return self.end(view, seat, legal)
        s = DATA.space_at[best.space]
        caps = table.caps[seat]
        after = tuple(c + (1 if i == s else 0) for i, c in enumerate(caps))
        step = me.values[s] - 1.0 - me.coin * FEE[s]
        self.explain_task(best, _chains(caps), _chains(after), step)
        return best

    def last_plays(self, view: LaterYearsState, seat: int, legal: Sequence[Action]) -> Action:
        """The game's last plays: the first task of the sequence that ends the game with the
        most points (:func:`.endgame.finish`), or the end if no task adds any."""
        _, s, pay = finish(view, seat, self.TIE_COIN)
        if s < 0:
            return self.end(view, seat, legal)
        space = DATA.spaces[s].id
        action = next(
            a for a in legal if a.kind == TASK and a.space == space and payment(a.cards) == pay
        )
        caps = coin_counts(view, seat)
        self.explain_task(action, _chains(caps), _chains(plus(caps, s)), 0.0)
        return action

    def after(self, view: LaterYearsState, seat: int, action: Action) -> float:
        """The best the seat can make of the board and hand a task leaves: one more task
        (valued on that board) and the rest kept, or everything kept."""
        nxt, _ = apply(view, action)
        table = Table(nxt, seat)
        me = Valuer(table, seat, self.w)
        best = me.hand_value(table.units, table.draws)
        for a in legal_actions(nxt):
            if a.kind != TASK:
                continue
            s = DATA.space_at[a.space]
            left = _spent(table.units, a)
            best = max(best, me.values[s] + me.hand_value(left, table.draws, done_at=s))
        return best


_CLASSES: dict[str, type[RandomBot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}


def make_bot(level: str) -> RandomBot:
    """A new bot of a level: easy, normal or hard (or random, the tools' baseline)."""
    cls = _CLASSES.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(_CLASSES)}")
    return cls()

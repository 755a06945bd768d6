"""Hard: Normal's best candidates judged by their value plus the expected value of the
next roll (all 21 rolls, weighted).

It decides on what its seat sees (``RULES.view``): the order of a Demigod stack beneath its
top card is not known, so when a candidate takes a Demigod card, the card that turns up next
is any of those beneath, each as likely (:func:`unseen_tops`), never the one the real stack
holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hercules.games.mebo.engine import Action, apply, legal_actions
from hercules.games.mebo.engine.actions import (
    CHOOSE_DEMIGOD,
    LABOUR,
    POWER,
    REST,
    USE,
)
from hercules.games.mebo.engine.pnp import ROW_ABILITY, ROW_INDEX
from hercules.games.mebo.engine.state import GameState

from .basic import CARDS, ROW_CARD, reason
from .normal import NormalBot, Weights
from .planner import Plan, plan_labours


class HardBot(NormalBot):
    """Searches: Normal's evaluation plus the expected value of its next roll.

    Each of the best few candidate moves (and resting) is played on a copy of the
    state; then, over all 21 distinct rolls of its two dice, weighted by their
    chance, the bot plans its best labour for the next turn. A move's worth is its
    immediate value plus ``lookahead`` times that expectation. Opponents enter
    through the race terms (ending the game while ahead) and the majorities.
    """

    name = "hard"
    threaded = True
    candidates = 5
    lookahead = 0.7
    #: Abilities chained when estimating the next turn. A bound on work, not on time,
    #: so that the bot decides the same way on any machine (deterministic for a seed).
    future_uses = 2

    def __init__(self, weights: Weights | None = None) -> None:
        # Tuned by tournament against Normal: a rare labour matters less once the next
        # roll is looked at explicitly.
        super().__init__(weights or Weights(rarity=2.5))
        # In pnp, by tournament against Normal (200 two-player games): with the lower rarity
        # Hard won 33%, with Normal's 50%.
        self.sheet_rarity = Weights().rarity if weights is None else weights.rarity

    def choose_action(self, s: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        """The candidate with the best immediate value plus expected next turn.

        (:meth:`NormalBot.choose` then picks where a pnp labour stops the Apprentice.)
        """
        options = self.options(s, legal) if s.prompt == "action" else []
        if not options:
            return super().choose_action(s, legal, rng)
        total, choice = max(options, key=lambda o: (o[0], o[1] == "rest"))
        return self.take(s, legal, total, choice)

    def options(self, s: GameState, legal: Sequence[Action]) -> list[tuple[float, Any]]:
        """Every option Hard weighs at an ``action`` prompt, each with its value: ``"rest"``,
        a :class:`Plan` (one of the best few labours) or a chance :class:`Action` (a re-roll,
        the white die). Empty when no labour is in reach (Normal's choice then stands)."""
        seat = s.current
        plans = plan_labours(s)
        ranked = sorted(
            ((self.plan_value(s, plan), plan) for plan in plans.values()),
            key=lambda x: (-x[0], x[1].labour),
        )[: self.candidates]
        if not ranked:
            return []
        options: list[tuple[float, Any]] = []
        can_rest = any(a.kind == REST for a in legal)
        if can_rest:
            after = self.after_rest(s)
            rest = self.rest_value(s) + self.lookahead * self.expected_future(s, after, seat)
            options.append((rest, "rest"))
        futures = []
        for value, plan in ranked:
            future = self.expected_future(s, self.after_plan(s, plan), seat)
            futures.append(future)
            options.append((value + self.lookahead * future, plan))
        # pnp: the sheet's many Tyche boxes make a re-roll look better than a sure labour more
        # often than it is (tournament against Normal): gamble only with no labour in reach.
        chances = [] if s.config.variant.sheet else self.chances(s, legal)
        for value, action in chances:
            # A chance card is judged by the expected best plan after it; the turn after
            # that is assumed to look like the best sure option's.
            options.append((value + self.lookahead * max(futures), action))
        return options

    def take(self, s: GameState, legal: Sequence[Action], total: float, choice: Any) -> Action:
        """The first action of ``choice`` (one of :meth:`options`, worth ``total``), with
        the reason for it."""
        if isinstance(choice, Action):
            if choice.kind == POWER:
                name = CARDS.deck(choice.deck).name
                card = ROW_CARD[choice.deck]
            else:
                name = CARDS.cards[choice.card].name
                card = choice.card
            self.reason = reason(
                "chance",
                f"uses {name} for a better roll (expected {total:.1f})",
                card=card,
                value=f"{total:.1f}",
            )
            return choice
        if choice == "rest":
            self.reason = reason(
                "hard_rest",
                f"rests ({self.rest_summary(s)}): it sets up the next rolls best",
                **self.rest_params(s),
            )
            return next(a for a in legal if a.kind == REST)
        return self.follow(s, choice, total, ahead=True)

    def chances(self, s: GameState, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Re-rolls and the white die, each valued by the expected best plan after it."""
        out = []
        seen: set[tuple[str, bool, tuple[int, ...]]] = set()
        for a in legal:
            if a.kind == POWER:  # pnp: a power costs a circled labour, counted like a cube
                ability, god = ROW_ABILITY[ROW_INDEX[a.deck]], False
            elif a.kind == USE:
                card = CARDS.cards[a.card]
                ability, god = card.ability, card.kind == "god"
            else:
                continue
            if ability not in ("white_die", "reroll"):
                continue
            key = (ability, god, a.dice)
            if key in seen:  # interchangeable cards: judge one of each kind
                continue
            seen.add(key)
            cost = self.w.god_use if god else self.w.cube
            after, _ = apply(s, a)
            seat = s.current
            total = 0.0
            outcomes: list[tuple[tuple[int, ...], int]]
            if ability == "white_die":
                outcomes = [((f,), 1) for f in range(1, 7)]
            elif len(a.dice) == 1:
                outcomes = [((f,), 1) for f in range(1, 7)]
            elif len(a.dice) == 2:
                outcomes = list(_ROLLS)
            else:
                continue  # three dice at once: too many outcomes to be worth judging
            weight = 0
            for faces, k in outcomes:
                probe = _set_faces(after, seat, a.dice or (2,), faces)
                plans = plan_labours(probe, max_uses=self.future_uses)
                best = max((self.plan_value(probe, pl) for pl in plans.values()), default=None)
                total += k * (best if best is not None else -1.0)
                weight += k
            out.append((total / weight - cost, a))
        return out

    def future(self, after: GameState, seat: int) -> float:
        """Expected value of the best plan on this seat's next turn, over its next roll."""
        if after.is_terminal or after.ended_by:
            return 0.0
        probe = _next_turn(after, seat)
        total = 0.0
        for (a, b), k in _ROLLS:
            rolled = _with_dice(probe, seat, (a, b))
            plans = plan_labours(rolled, max_uses=self.future_uses)
            best = max((self.plan_value(rolled, pl) for pl in plans.values()), default=None)
            total += k * (best if best is not None else self.rest_value(rolled) - 2.0)
        return total / 36

    def expected_future(self, s: GameState, after: GameState, seat: int) -> float:
        """:meth:`future` after a move from ``s`` to ``after``, over what the move turned up.

        A Demigod card taken shows the next card of its stack, which the seat could not see
        in ``s``: the expectation runs over the cards beneath (:func:`unseen_tops`), so the
        value depends on what the seat sees and never on the stack's hidden order.
        """
        return sum(w * self.future(t, seat) for w, t in unseen_tops(s, after))

    def after_plan(self, s: GameState, plan: Plan) -> GameState:
        """The state after this seat performs ``plan`` (choosing its best demigod)."""
        state = s
        for a in plan.actions:
            if a.kind == LABOUR and state.config.variant.sheet:  # where the bot would stop
                a = self.sheet_stop(state, a, legal_actions(state))
            state, _ = apply(state, a)
        if state.prompt == "choose_demigod":
            deck = max(state.pending, key=lambda d: (self.deck_value(state, d), d))
            state, _ = apply(state, Action(CHOOSE_DEMIGOD, deck=deck))
        return state

    def after_rest(self, s: GameState) -> GameState:
        """The state after resting the way the bot rests."""
        state, _ = apply(s, Action(REST))
        while state.prompt == "rest":
            state, _ = apply(state, self.rest_step(state, legal_actions(state)))
        return state


def unseen_tops(before: GameState, after: GameState) -> list[tuple[float, GameState]]:
    """What ``after`` may look like, seen from ``before``, with the chance of each.

    ``after`` follows ``before`` by one seat's moves on a copy. Where a Demigod stack lost its
    top card and still holds two or more, the card now on top could be any of those that lay
    beneath in ``before`` (whose order no seat sees): one state per kind of card there (cards
    alike in everything the bots weigh count as one), weighted by how many of them there are.
    Otherwise ``after`` itself, surely. The cards beneath the new top are sorted: the
    lookahead reads only top cards.
    """
    outcomes: list[tuple[float, GameState]] = [(1.0, after)]
    for k, (old, new) in enumerate(zip(before.demigod_stacks, after.demigod_stacks, strict=True)):
        if len(new) != len(old) - 1 or len(new) < 2:
            continue  # no card taken here, or the one left was known already
        kinds: dict[tuple[Any, ...], list[str]] = {}
        for cid in old[:-1]:
            kinds.setdefault(_KIND_OF[cid], []).append(cid)
        spread = []
        for key in sorted(kinds):
            ids = sorted(kinds[key])
            rest = sorted(c for c in old[:-1] if c != ids[0])
            spread.append((len(ids) / len(new), (*rest, ids[0])))
        next_outcomes = []
        for w, state in outcomes:
            for p, stack in spread:
                t = state.copy()
                stacks = list(t.demigod_stacks)
                stacks[k] = stack
                t.demigod_stacks = tuple(stacks)
                next_outcomes.append((w * p, t))
        outcomes = next_outcomes
    return outcomes


#: What the bots weigh of a Demigod card (the id and name aside): cards alike in all of it
#: are interchangeable on top of a stack.
_KIND_OF: dict[str, tuple[Any, ...]] = {
    c.id: (c.kind, c.vp, c.ability, c.symbols, c.deck, c.die) for c in CARDS.demigods
}

#: The 21 distinct rolls of two dice with how many of the 36 outcomes give each.
_ROLLS = tuple(((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))


def _next_turn(s: GameState, seat: int) -> GameState:
    """A copy of ``s`` as if it were ``seat``'s turn again (nothing used yet)."""
    t = s.copy()
    t.prompt = "action"
    t.current = seat
    t.turn = (seat - t.pegasus) % t.n
    t.used = frozenset()
    t.white_holder = -1
    t.pending = ()
    t.rest_cubes = 0
    t.rest_god = False
    t.powers_used = ()
    return t


def _set_faces(
    s: GameState, seat: int, which: tuple[int, ...], faces: tuple[int, ...]
) -> GameState:
    """A copy of ``s`` with the seat's dice ``which`` (2 = the white die) showing ``faces``."""
    t = s.copy()
    p = t.mutable_player(seat)
    dice = list(p.dice)
    for i, f in zip(which, faces, strict=True):
        if i == 2:
            t.white = f
        else:
            dice[i] = f
    p.dice = tuple(dice)
    return t


def _with_dice(s: GameState, seat: int, dice: tuple[int, int]) -> GameState:
    t = s.copy()
    p = t.mutable_player(seat)
    p.dice = dice
    return t

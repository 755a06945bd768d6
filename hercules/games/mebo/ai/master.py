"""Master: Hard's best options compared by playing the game out, over sampled dice.

A determinised Monte Carlo search. At a turn's decision the bot takes Hard's options (its best
labours, resting, a re-roll or the white die: :meth:`HardBot.options`), keeps the best few by
Hard's own value and plays each of them out to the end of the game in many sampled *worlds*:

* a world is the seat's view with what the view hides filled in: a generator state for the
  dice still to be rolled, and an order for the cards beneath each Demigod stack's top (any
  order of the cards the seat knows lie there, each as likely). Every option is played in the
  same worlds (common random numbers), so the options' differences are not drowned by luck;
* the option's whole turn is played as Hard would play it (its plan's cards, then its labour,
  the Demigod card Hard likes best; or its rest), then every seat, this one included, plays on
  as the Normal bot (the fast greedy player) until the game is over;
* a world's result for the seat: its share of first place, plus a little for its points
  margin over the best other seat (so that close results still order the options).

Hard's own first choice keeps its place unless another beats it, world for world, by more
than :attr:`MasterBot.margin` and by more than the noise of so few worlds explains
(:meth:`MasterBot.pick`); then the best of those on average is played.

Deterministic and fair: the search draws on its own ``random.Random``, seeded from a digest of
the view it is handed (never the global generator, never the real game's seed or dice, which a
view does not hold), so the same view always gets the same move, and two states that differ
only in what the seat cannot see get the same move. The work is bounded by simulated actions,
not by time, so the choice is the same on any machine.

Within a turn, once an option is chosen, the bot plays the rest of its plan without searching
again while the view is exactly the one the plan leads to.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from typing import Any

from hercules.games.mebo.engine import Action, apply, legal_actions
from hercules.games.mebo.engine.scoring import score
from hercules.games.mebo.engine.state import P_ACTION, P_GAME_OVER, GameState
from hercules.games.mebo.engine.view import view as seat_view

from .hard import HardBot
from .normal import NormalBot
from .planner import Plan

#: A world's rollout stops after this many actions (a game never lasts that long: a guard).
_ROLLOUT_CAP = 2_000


class RolloutPolicy(NormalBot):
    """Normal, as every seat plays in a rollout: the same choices, the planner's chains of
    abilities bounded (:attr:`NormalBot.plan_uses`), and the symbols each seat holds counted
    once per state instead of once per card weighed."""

    def __init__(self, plan_uses: int | None) -> None:
        super().__init__()
        self.plan_uses = plan_uses
        self._held_of: GameState | None = None
        self._held: tuple[dict[str, int], list[dict[str, int]]] = ({}, [])

    def symbols_held(self, s: GameState) -> tuple[dict[str, int], list[dict[str, int]]]:
        """:meth:`NormalBot.symbols_held`, kept for the state last asked about (the counts
        are only read, never changed)."""
        if self._held_of is not s:
            self._held = super().symbols_held(s)
            self._held_of = s
        return self._held


class MasterBot(HardBot):
    """Searches: Hard's best options, each played out to the end in sampled worlds."""

    name = "master"
    threaded = True
    #: How many of Hard's options are played out (the best by Hard's value).
    searched = 4
    #: Simulated actions per decision, over all options and worlds: the bound on work.
    budget = 7_000
    #: Worlds per decision: at least (even when over budget) and at most.
    min_worlds = 6
    max_worlds = 32
    #: The budget and most worlds at two seats instead. A world is played out there in about
    #: half the actions of four seats, so 32 worlds took only some 4,600 actions; 48 worlds
    #: (about 7,100) won 67.5 % of 300 games against Hard where 32 won 62.2 % (the same
    #: seeds), at a p95 of 0.71 s CPU a decision. At four seats more worlds did not help.
    two_seat_limits = (12_000, 48)
    #: How much an option must beat Hard's first choice by, in mean result, to replace it,
    #: and by how many standard errors of that mean (see :meth:`pick`).
    margin = 0.02
    confidence = 1.0
    #: Weight of the points margin (per VP, capped at ``margin_cap`` VP) beside the win share.
    vp_weight = 0.01
    margin_cap = 20
    #: Abilities the rollout policy chains in a plan (a bound on its planner's work).
    rollout_uses = 2

    def __init__(self) -> None:
        super().__init__()
        self.policy = RolloutPolicy(self.rollout_uses)
        #: The view the rest of the chosen plan is waiting for, and that rest.
        self._expect: GameState | None = None
        self._rest_of_plan: tuple[Action, ...] = ()
        #: Figures of the last search: worlds played, simulated actions, mean per option.
        self.last_search: dict[str, Any] = {}

    # --- the interface ------------------------------------------------------------------------
    def choose_action(self, s: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        """Hard's choice outside a turn's decision; else the best option by the search."""
        if s.prompt != P_ACTION:
            self._expect = None
            return super().choose_action(s, legal, rng)
        follow = self._follow(s, legal)
        if follow is not None:
            return follow
        options = self.options(s, legal)
        if not options:
            return super().choose_action(s, legal, rng)
        # Hard's order: its first choice first (the same key as HardBot's max).
        ranked = sorted(
            range(len(options)), key=lambda i: (-options[i][0], options[i][1] != "rest", i)
        )
        keep = [options[i] for i in ranked[: self.searched]]
        if len(keep) == 1:
            self.last_search = {"worlds": 0, "actions": 0, "means": []}
            return self._take(s, legal, *keep[0])
        # The search is seeded from, and samples, what the seat may see: a caller that hands
        # the whole state in gets the same move as one that hands the seat's view.
        results = self.search(seat_view(s, s.current), [choice for _, choice in keep])
        return self._take(s, legal, *keep[self.pick(results)])

    def pick(self, results: Sequence[Sequence[float]]) -> int:
        """Which option to play, from each option's results world by world (option 0 is
        Hard's first choice).

        An option replaces Hard's choice only if, world for world (the same dice and cards
        for both), it does better by more than :attr:`margin` on average and by more than
        :attr:`confidence` standard errors of that average: with few worlds and four seats
        the results are noisy, and a difference the noise explains is no reason to leave
        Hard's judgement. Of the options that pass, the best on average.
        """
        base = results[0]
        worlds = len(base)
        best, best_gain = 0, 0.0
        for i in range(1, len(results)):
            diffs = [a - b for a, b in zip(results[i], base, strict=True)]
            gain = sum(diffs) / worlds
            if worlds > 1:
                spread = sum((d - gain) ** 2 for d in diffs) / (worlds - 1)
                error = (spread / worlds) ** 0.5
            else:
                error = float("inf")
            if gain > self.margin and gain > self.confidence * error and gain > best_gain:
                best, best_gain = i, gain
        return best

    # --- the search ---------------------------------------------------------------------------
    def search(self, view: GameState, choices: Sequence[Any]) -> list[list[float]]:
        """Each of ``choices`` (Hard's options) played out in the same sampled worlds: every
        option's result world by world."""
        seat = view.current
        rng = random.Random(view_digest(view))
        results: list[list[float]] = [[] for _ in choices]
        spent = 0
        worlds = 0
        budget, most = self.two_seat_limits if view.n == 2 else (self.budget, self.max_worlds)
        while worlds < most and (worlds < self.min_worlds or spent < budget):
            world = sample_world(view, rng)
            for i, choice in enumerate(choices):
                result, steps = self.play_out(world, choice, seat)
                results[i].append(result)
                spent += steps
            worlds += 1
        means = [sum(r) / worlds for r in results]
        self.last_search = {"worlds": worlds, "actions": spent, "means": means}
        return results

    def play_out(self, world: GameState, choice: Any, seat: int) -> tuple[float, int]:
        """Play ``choice``'s turn in ``world`` as Hard would, then the game out as Normal
        plays for every seat: the seat's result and the actions simulated."""
        if choice == "rest":
            state = self.after_rest(world)
            steps = 3
        elif isinstance(choice, Plan):
            state = self.after_plan(world, choice)
            steps = len(choice.actions) + 1
        else:  # a chance action: the rest of the turn is the rollout's
            state, _ = apply(world, choice)
            steps = 1
        policy = self.policy
        prng = random.Random(0)  # Normal draws on no generator; one is handed for the interface
        while state.prompt != P_GAME_OVER and steps < _ROLLOUT_CAP:
            legal = legal_actions(state)
            if state.current < 0 or len(legal) == 1:
                action = legal[0]
            else:
                # The legal list's own object: apply then skips its checks (it is legal).
                action = legal[legal.index(policy.choose(state, legal, prng))]
            state, _ = apply(state, action)
            steps += 1
        return self.result(state, seat), steps

    def result(self, state: GameState, seat: int) -> float:
        """A played-out world's worth to ``seat``: its share of first place, plus a little
        per point of margin over the best other seat."""
        res = score(state)
        winners = res.winners
        share = 1.0 / len(winners) if seat in winners else 0.0
        totals = [p.total for p in res.players]
        mine = totals[seat]
        best_other = max((t for i, t in enumerate(totals) if i != seat), default=mine)
        cap = self.margin_cap
        return share + self.vp_weight * max(-cap, min(cap, mine - best_other))

    # --- acting -------------------------------------------------------------------------------
    def _take(self, s: GameState, legal: Sequence[Action], total: float, choice: Any) -> Action:
        """Hard's first step and reason for ``choice``; remember the rest of a plan."""
        action = self.take(s, legal, total, choice)
        self._expect = None
        self._rest_of_plan = ()
        if isinstance(choice, Plan) and len(choice.actions) > 1 and action == choice.actions[0]:
            self._expect, _ = apply(s, action)
            self._rest_of_plan = choice.actions[1:]
        return action

    def _follow(self, s: GameState, legal: Sequence[Action]) -> Action | None:
        """The chosen plan's next step, if ``s`` is the view it led to and the step is legal."""
        expect, rest = self._expect, self._rest_of_plan
        self._expect, self._rest_of_plan = None, ()
        if expect is None or not rest or s != expect or rest[0] not in legal:
            return None
        action = rest[0]
        if len(rest) > 1:
            self._expect, _ = apply(s, action)
            self._rest_of_plan = rest[1:]
        return action


def view_digest(view: GameState) -> int:
    """A number that only the view's contents decide (its document, hashed): the search's
    seed. Python's own ``hash`` of text changes from run to run, so it is not used."""
    doc = view.to_json()
    # The order beneath each Demigod stack's top card is what a seat may not see: whatever a
    # view keeps there, the digest reads it as a set (sorted), never as an order.
    stacks = doc.get("demigod_stacks") if isinstance(doc, dict) else None
    if isinstance(stacks, list):
        doc["demigod_stacks"] = [
            [*sorted(st[:-1]), st[-1]] if isinstance(st, list) and len(st) >= 2 else st
            for st in stacks
        ]
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def sample_world(view: GameState, rng: random.Random) -> GameState:
    """The view with what it hides filled in at random: a generator state for the dice to
    come, and an order for the cards beneath each Demigod stack's top card (the top stays)."""
    world = view.copy()
    world.rng = rng.getrandbits(64)
    stacks = []
    for stack in view.demigod_stacks:
        if len(stack) >= 3:
            beneath = sorted(stack[:-1])  # the view's order is not the seat's to know
            rng.shuffle(beneath)
            stack = (*beneath, stack[-1])
        stacks.append(stack)
    world.demigod_stacks = tuple(stacks)
    return world


__all__ = ["MasterBot", "RolloutPolicy", "sample_world", "view_digest"]

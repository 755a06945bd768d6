"""Test oracles for the planner and the bots, shared by the card and the print-and-play tests.

``brute_force`` searches through the engine itself (every legal sure ability, cards and
print-and-play powers alike), so the planner is checked against the rules, not against itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hercules.games.mebo.ai.planner import CERTAIN, Plan, eligible_decks, plan_labours
from hercules.games.mebo.engine import (
    Action,
    GameState,
    apply,
    card_set,
    labour_result,
    legal_actions,
)
from hercules.games.mebo.engine.pnp import ROW_ABILITY, ROW_INDEX

Cost = tuple[int, int, int]  #: cubes (or powers), gods, steps
CARDS = card_set().cards


def sure_use_cost(a: Action) -> tuple[int, int] | None:
    """(cubes, gods) a sure-ability use costs, or None if it is not one."""
    if a.kind == "use" and CARDS[a.card].ability in CERTAIN:
        return (1, 0) if CARDS[a.card].kind == "demigod" else (0, 1)
    if a.kind == "power" and ROW_ABILITY[ROW_INDEX[a.deck]] in CERTAIN:
        return (1, 0)  # a power circles a labour: it costs like a cube
    return None


def brute_force(state: GameState, max_uses: int | None = None) -> dict[int, Cost]:
    """Every labour reachable with sure abilities, with its cheapest (cubes, gods, steps)."""
    seat = state.current
    best: dict[int, Cost] = {}
    seen: set[tuple] = set()

    def visit(s: GameState, cost: Cost) -> None:
        # Everything a use can change is in the key; the cost is fixed by what was used.
        p = s.players[seat]
        key = (tuple(q.dice for q in s.players), s.white, s.white_holder, s.used, p.circles)
        if key in seen:
            return
        seen.add(key)
        dice = s.dice_of(seat)
        legal = legal_actions(s)
        for a in legal:
            if a.kind == "labour":
                r = labour_result(a.op, dice[a.dice[0]], dice[a.dice[1]])
                if r not in best or cost < best[r]:
                    best[r] = cost
        if max_uses is not None and cost[2] >= max_uses:
            return
        for a in legal:
            price = sure_use_cost(a)
            if price is not None:
                nxt, _ = apply(s, a)
                visit(nxt, (cost[0] + price[0], cost[1] + price[1], cost[2] + 1))

    visit(state, (0, 0, 0))
    return best


def offered_decks(before: GameState, after: GameState, events: list) -> tuple[str, ...]:
    """The decks (print-and-play: rows) the engine offered for the labour just performed."""
    if after.prompt == "choose_demigod" and after.current == before.current:
        return tuple(sorted(after.pending))
    return tuple(
        e.data["deck"]
        for e in events
        if (e.type == "card_received" and e.data["kind"] == "demigod") or e.type == "power_crossed"
    )


def check_plan(state: GameState, plan: Plan) -> None:
    """Replay ``plan`` from ``state``: every step legal, the last performing ``plan.labour``."""
    seat = state.current
    assert plan.actions == (*plan.uses, plan.finish)
    assert plan.finish.kind == "labour"
    prices = [sure_use_cost(a) for a in plan.uses]
    assert None not in prices, plan.uses
    assert plan.cubes == sum(c for c, _ in prices)
    assert plan.gods == sum(g for _, g in prices)
    assert plan.cost == (plan.cubes, plan.gods, len(plan.uses))
    s = state
    for a in plan.actions:
        assert s.prompt == "action" and s.current == seat
        assert a in legal_actions(s), f"{a} not legal while replaying the plan for {plan.labour}"
        before = s
        s, events = apply(s, a)
    done = [e.data for e in events if e.type == "labour_performed"]
    assert len(done) == 1
    assert done[0]["labour"] == plan.labour
    assert done[0]["op"] == plan.op
    assert tuple(done[0]["faces"]) == plan.faces
    assert plan.decks == offered_decks(before, s, events)
    assert plan.decks == eligible_decks(before, plan.op, plan.faces)
    assert not [e for e in events if e.type == "power_used"]  # the labour itself uses no power


def assert_matches_brute_force(state: GameState, max_uses: int | None = None) -> dict:
    """The planner's labours and costs equal the brute force's; every plan replays."""
    plans = plan_labours(state, max_uses=max_uses)
    expect = brute_force(state, max_uses)
    assert set(plans) == set(expect), (
        f"planner {sorted(plans)} vs brute force {sorted(expect)} in {state.to_json()}"
    )
    for r, plan in plans.items():
        assert plan.labour == r
        assert plan.cost == expect[r], f"labour {r}: {plan.cost} vs {expect[r]}"
        if max_uses is not None:
            assert len(plan.uses) <= max_uses
        check_plan(state, plan)
    return plans


class Recorder:
    """Wraps a bot: checks each answer is legal, explained and leaves the state alone.

    ``log`` receives ``(seat, prompt, action, reason)`` for every decision.
    """

    def __init__(self, bot: Any, log: list) -> None:
        self.bot = bot
        self.name = bot.name
        self.threaded = bot.threaded
        self.log = log

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        before = view.to_json()
        action = self.bot.choose(view, legal, rng)
        assert action in legal_actions(view), (self.name, view.prompt, action)
        assert view.to_json() == before, f"{self.name} changed the state it was shown"
        why = self.bot.explain()
        assert isinstance(why, str) and why.strip(), f"{self.name}: no explanation for {action}"
        self.log.append((view.current, view.prompt, action, why))
        return action

    def explain(self) -> str:
        return self.bot.explain()

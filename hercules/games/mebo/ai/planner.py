"""The planner: every labour reachable this turn, each with its cheapest sequence of abilities.

Only abilities with a certain outcome are planned (+1, −1, flip, copy); re-rolls and the white
die are chance, which the bots weigh separately. The search is a uniform-cost search over
(dice, cards used), where cards with the same ability and the same price are interchangeable.

In the print-and-play variant (mode ``pnp``) there are no cards: each free (crossed, uncircled)
box of a certain-outcome power row (Hestia +1, Hecate -1, Aeolus copy, Morpheus flip) is one
use, taken with a ``power`` action, and each use also circles a completed labour, so the uses
are bounded by the free labours as demigod uses are by the cubes in supply. A use is counted
in ``Plan.cubes`` (it costs what a cube does: a circled labour is a VP lost at the end).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from hercules.games.mebo.engine import Action, card_set, labour_result
from hercules.games.mebo.engine.abilities import ABILITIES
from hercules.games.mebo.engine.actions import LABOUR, POWER, USE
from hercules.games.mebo.engine.pnp import ROW_ABILITY, ROWS, earned_rows, free_labours
from hercules.games.mebo.engine.state import GameState

#: Abilities whose result is certain, so a plan can rely on them (from the ability table).
CERTAIN: tuple[str, ...] = tuple(name for name, ab in ABILITIES.items() if ab.certain)
OPS = ("add", "sub", "mul", "div")


@dataclass(frozen=True)
class Plan:
    """How to perform one labour this turn."""

    labour: int
    uses: tuple[Action, ...]  #: ability uses, in order
    finish: Action  #: the labour action itself
    cubes: int  #: cubes placed on Demigod cards (pnp: powers used, each circling a labour)
    gods: int  #: God cards turned face down
    op: str
    faces: tuple[int, int]  #: the two faces combined
    decks: tuple[str, ...]  #: Demigod decks the labour would earn (pnp: rows it would cross)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the plan, the labour last."""
        return (*self.uses, self.finish)

    @property
    def cost(self) -> tuple[int, int, int]:
        """Cubes, then gods, then steps: what "cheapest" compares."""
        return (self.cubes, self.gods, len(self.uses))


def eligible_decks(state: GameState, op: str, faces: tuple[int, int]) -> tuple[str, ...]:
    """Demigod decks a labour by ``op`` on ``faces`` would earn now (top cards only).

    In pnp: the power rows the labour would let the seat to act cross (full rows left out).
    """
    if state.config.variant.sheet:
        p = state.players[state.current]
        return tuple(sorted(ROWS[k] for k in earned_rows(p, op, faces)))
    cs = card_set()
    out = []
    for k, deck in enumerate(cs.decks):
        stack = state.demigod_stacks[k]
        if not stack:
            continue
        if deck.op:
            if deck.op == op:
                out.append(deck.id)
        elif cs.cards[stack[-1]].die in faces:
            out.append(deck.id)
    return tuple(sorted(out))


def _groups(state: GameState, seat: int) -> list[tuple[str, bool, tuple[str, ...]]]:
    """Unused certain-outcome cards, grouped by (ability, is a demigod).

    In pnp: one group per certain power row, holding the row id once per free box.
    """
    p = state.players[seat]
    if state.config.variant.sheet:
        rows = []
        for k, row in enumerate(ROWS):
            free = p.crosses[k] - p.circles[k]
            if ROW_ABILITY[k] in CERTAIN and free > 0:
                rows.append((ROW_ABILITY[k], True, (row,) * free))
        return sorted(rows)
    cards = card_set().cards
    groups: dict[tuple[str, bool], list[str]] = {}
    for cid in p.demigods:
        if cid in p.cubed or cid in state.used:
            continue
        ab = cards[cid].ability
        if ab in CERTAIN:
            groups.setdefault((ab, True), []).append(cid)
    if state.config.variant.gods_count:
        for cid in p.gods:
            if cid in p.gods_down or cid in state.used:
                continue
            ab = cards[cid].ability
            if ab in CERTAIN:
                groups.setdefault((ab, False), []).append(cid)
    return [(ab, demi, tuple(sorted(ids))) for (ab, demi), ids in sorted(groups.items())]


def plan_labours(
    state: GameState, seat: int | None = None, max_uses: int | None = None
) -> dict[int, Plan]:
    """Every labour the seat to act can still perform this turn, with its cheapest plan.

    ``max_uses`` bounds how many abilities a plan may chain (None: no bound), for
    quick estimates. Returns an empty dict when the state is not waiting for that
    seat's action.
    """
    if seat is None:
        seat = state.current
    if seat < 0 or state.prompt != "action" or state.current != seat:
        return {}
    p = state.players[seat]
    row = p.row
    groups = _groups(state, seat)
    pnp = state.config.variant.sheet  # power rows on a score sheet instead of cards
    # A demigod use places a cube from the supply; a power circles a free labour.
    supply = bin(free_labours(p)).count("1") if pnp else p.supply
    # What copying a seat gives. Hades' second die is the white die: when this seat holds
    # the white die and changes it, copying Hades afterwards takes the changed face.
    holds_white = state.white_holder == seat
    copy_sources = [
        (q, tuple(state.dice_of(q)[:2]), holds_white and state.players[q].hades)
        for q in range(state.n)
        if q != seat
    ]
    start_dice = tuple(state.dice_of(seat))
    n = len(start_dice)
    pairs = list(combinations(range(n), 2))
    start_used = tuple(0 for _ in groups)
    best: dict[int, Plan] = {}
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    # (cubes, gods, steps, tiebreak counter, dice, used counts, uses so far)
    heap: list[tuple[Any, ...]] = [(0, 0, 0, 0, start_dice, start_used, ())]
    counter = 1
    while heap:
        cubes, gods, steps, _, dice, used, uses = heapq.heappop(heap)
        key = (dice, used)
        if key in seen:
            continue
        seen.add(key)
        for i, j in pairs:
            a, b = dice[i], dice[j]
            for op, r in _MADE[a][b]:
                if not row >> r & 1:
                    continue
                old = best.get(r)
                if old is not None and old.cost < (cubes, gods, steps):
                    continue
                faces = (a, b)
                decks = eligible_decks(state, op, faces)
                if (
                    old is not None
                    and old.cost == (cubes, gods, steps)
                    and len(old.decks) >= len(decks)
                ):
                    continue
                best[r] = Plan(
                    labour=r,
                    uses=uses,
                    finish=Action(LABOUR, op=op, dice=(i, j)),
                    cubes=cubes,
                    gods=gods,
                    op=op,
                    faces=faces,
                    decks=decks,
                )
        if max_uses is not None and steps >= max_uses:
            continue
        for g, (ability, demigod, ids) in enumerate(groups):
            k = used[g]
            if k >= len(ids) or (demigod and cubes >= supply):
                continue
            card = ids[k]
            nused = used[:g] + (k + 1,) + used[g + 1 :]
            nc, ng = (cubes + 1, gods) if demigod else (cubes, gods + 1)
            for ndice, act in _moves(ability, card, dice, copy_sources, pnp):
                if (ndice, nused) in seen:
                    continue
                heapq.heappush(heap, (nc, ng, steps + 1, counter, ndice, nused, (*uses, act)))
                counter += 1
    return best


#: ``_MADE[a][b]``: the labours two faces make, as (operation, labour) in the order of ``OPS``
#: (the planner's inner loop looks them up instead of doing the arithmetic again).
def _made(a: int, b: int) -> tuple[tuple[str, int], ...]:
    return tuple((op, r) for op in OPS if (r := labour_result(op, a, b))) if a and b else ()


_MADE: tuple[tuple[tuple[tuple[str, int], ...], ...], ...] = tuple(
    tuple(_made(a, b) for b in range(7)) for a in range(7)
)


def _moves(
    ability: str, card: str, dice: tuple[int, ...], sources: list[Any], pnp: bool = False
) -> list[tuple[tuple[int, ...], Action]]:
    """The dice each use of ``card`` (pnp: of the power row ``card``) can make, with its action.

    Copy takes another seat's faces; the other certain abilities change one die as their
    entry in the ability table (``Ability.face``) says.
    """
    out = []
    if ability == "copy":
        for q, faces, white_second in sources:
            if white_second:
                faces = (faces[0], dice[2])
            act = Action(POWER, deck=card, target=q) if pnp else Action(USE, card=card, target=q)
            out.append((faces + dice[2:], act))
        return out
    face = ABILITIES[ability].face
    if face is None:
        return out
    for i, v in enumerate(dice):
        nv = face(v)
        if not nv:
            continue
        act = Action(POWER, deck=card, dice=(i,)) if pnp else Action(USE, card=card, dice=(i,))
        out.append((dice[:i] + (nv,) + dice[i + 1 :], act))
    return out

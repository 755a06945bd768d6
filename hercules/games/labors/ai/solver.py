"""The solver: the best placement of the current roll, and sensible answers to every prompt.

For a roll (prompt ``play``) it searches what the dice can do: first the blue abilities that
change faces (every single change, then pairs of changes from the most promising ones; a
re-roll is valued by the expected result over its outcomes), then every way of splitting the
faces between attack sets and gold spaces, and for each the trial's advance that follows
``resolve`` (the best forks taken). The positions are compared with
:class:`~hercules.games.labors.ai.evaluate.Evaluator`: damage (finishing dice, the die nearest
the skull), shields against the next spaces, then Courage and Divinity.

Dice showing the same face are interchangeable, so the search works on multisets of faces
(the engine's canonical actions) and remembers every multiset it has valued. It reads the
player's view only (``rules.view``): the dice, tracks, markers, Rewards and the Mood deck's
contents.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from hercules.games._kit.memo import table_memo
from hercules.games.labors.engine.actions import (
    ATTACK,
    BEGIN,
    BLUE,
    GOLD,
    RESOLVE,
    Action,
)
from hercules.games.labors.engine.data import Attack, BlueDef, GoldDef, LaborsData
from hercules.games.labors.engine.errors import LaborsError
from hercules.games.labors.engine.methods import canonical, gold_meets, value_sets
from hercules.games.labors.engine.rules import PLAYER, apply, legal_actions
from hercules.games.labors.engine.rules import view as _view
from hercules.games.labors.engine.spaces import blue_spaces, gold_spaces, new_values
from hercules.games.labors.engine.state import (
    FREE,
    P_ABDERUS,
    P_FORK,
    P_MOOD,
    P_PHOLUS,
    P_PLAY,
    P_REMOVE,
    P_RESTART,
    P_REWARD,
    LaborsState,
)

from . import plans
from .carry import divinity_weight
from .evaluate import Evaluator, Position
from .plans import BlueStep, Die, Step
from .prompts import (
    _abderus,
    _blues,
    _fork,
    _mood,
    _pholus,
    _remove,
    _restart,
    _reward,
    advance_value,
)
from .worth import (
    Decision,
    _why,
)

DETERMINISTIC = ("pm1", "plus1", "flip", "six_three", "parity", "any_value", "set_other", "twin")
BEAM = 6  #: the single blue changes that are tried with a second one
#: Courage paid for blue abilities counts this much (it is gone for every trial to come).
COST_WEIGHT = 1.0
#: The search's work (allocation nodes, and LEAF_WORK for each position valued) after which
#: no more pairs of blue changes are tried, and after which no more changes or re-rolls at
#: all: a count, not a clock, so that a decision stays the same on any machine. Set so that
#: a decision takes under 200 ms at the 99th percentile (``tools/labors_bench.py``).
NODE_BUDGET = 4000
TOTAL_BUDGET = 6000
LEAF_WORK = 13
MAX_OUTCOMES = 56  #: re-rolls of more dice are valued on a fixed sample of outcomes
SAMPLES = 60  #: the sample's size
#: The sets of faces each group of Trial dice, then each gold space, can take from a roll.
Sets = tuple[list[tuple[int, ...]], ...]

# What the cards' abilities are worth to own (Courage units; a die of the roll about 6).


class Solver:
    """Decides for the player's view of a run; deterministic for a view."""

    def __init__(self) -> None:
        self._evaluators: dict[int, Evaluator] = {}
        #: The rest of the current roll's plan: the view each next step is expected at, and
        #: that step. A roll's search is exhaustive over its allocations, so its plan's later
        #: steps are what a new search from those views would choose; following it saves the
        #: search at every step of the roll (only for views equal to the expected ones).
        self._plans: dict[LaborsState, Decision] = {}

    def evaluator(self, data: LaborsData) -> Evaluator:
        """The evaluator (and its caches) of this data."""
        ev = self._evaluators.get(id(data))
        if ev is None or ev.data is not data:
            ev = Evaluator(data)
            self._evaluators = {id(data): ev}
        return ev

    def decide(
        self, state: LaborsState, legal: Sequence[Action], rng: random.Random | None = None
    ) -> Decision:
        """The best legal action for the player's view of ``state``, with its sentence.

        ``state`` is normally that view already (the controller's); it is taken again (a
        view of a view is itself) so that nothing hidden can reach the search.
        """
        view = _view(state, PLAYER)
        legal = list(legal)
        if not legal:
            raise ValueError("no legal action: the run is over")
        if len(legal) == 1:
            return Decision(legal[0], _only_reason(legal[0]))
        p = view.prompt
        ev = self.evaluator(view.data)
        ev.w_div = divinity_weight(view)
        if p == P_PLAY:
            planned = self._plans.get(view)
            if planned is not None and planned.action in legal:
                return planned
            search = RollSearch(view, legal, ev)
            decision = search.decide()
            self._plans = _follow(view, decision, search.rest, ev)
            return decision
        if p == P_FORK:
            return _fork(view, legal, ev)
        if p == P_REWARD:
            return _reward(view, legal)
        if p == P_REMOVE:
            return _remove(view, legal)
        if p == P_MOOD:
            return _mood(view, legal)
        if p == P_ABDERUS:
            return _abderus(view, legal, ev)
        if p == P_PHOLUS:
            return _pholus(view, legal)
        if p == P_RESTART:
            return _restart(view, legal)
        return Decision(legal[0], _why("go_on", "Go on."))


_ONLY = {
    RESOLVE: ("nothing", "Nothing can be placed: end the roll."),
    "draw": ("draw", "Draw the trial's Mood."),
    "roll": ("roll", "Roll the dice."),
    BEGIN: ("begin", "Begin the run."),
}


def _only_reason(action: Action) -> str:
    kind, english = _ONLY.get(action.kind, ("only", "The only choice."))
    return _why(kind, english)


# --- the roll --------------------------------------------------------------------------------


class RollSearch:
    """One roll's search: blue changes, then attacks and gold spaces, then the advance."""

    def __init__(self, view: LaborsState, legal: list[Action], ev: Evaluator) -> None:
        self.view = view
        self.legal = legal
        self.ev = ev
        self.data = view.data
        self.lab = view.data.labour(view.labour)
        self.golds: list[tuple[str, GoldDef]] = [
            (s.key, s.ability) for s in gold_spaces(view) if s.key not in view.used
        ]
        self.blues: list[tuple[str, BlueDef]] = []
        if not view.allocating:
            self.blues = [
                (s.key, s.ability)
                for s in blue_spaces(view)
                if s.key not in view.used and view.courage - s.ability.cost > 0
            ]
        self.boost = 1.0 + 0.08 * len(blue_spaces(view))
        self.all_blues = _blues(view)
        mood = view.data.moods.get(view.mood)
        self.aside = mood.aside if mood is not None else 0
        self.free: tuple[Die, ...] = tuple(
            sorted((d.value, d.blue) for d in view.roll if d.use == FREE)
        )
        self._alloc: dict[tuple[object, ...], tuple[float, tuple[Step, ...]]] = {}
        self._leaf: dict[tuple[object, ...], float] = {}
        self._sets: dict[tuple[object, ...], list[tuple[int, ...]]] = {}
        self._helds: dict[tuple[int, tuple[int, ...]], tuple[Sets, Sets]] = {}
        self._roots: dict[tuple[int, ...], Sets] = {}
        self.nodes = 0
        self.healths = tuple(t.health for t in view.trial)
        self._shares: dict[tuple[object, ...], tuple[float, tuple[int, ...]]] = {}
        # Live Trial dice grouped by attack method: (method, dice, health in all).
        groups: dict[Attack, list[int]] = {}
        for t, h in enumerate(self.healths):
            if h > 0:
                groups.setdefault(self.lab.dice[t].attack, []).append(t)
        self.groups = [
            (attack, tuple(ts), sum(self.healths[t] for t in ts)) for attack, ts in groups.items()
        ]
        self.rep = self._face_classes()
        #: After :meth:`decide`: the plan's steps after the chosen one (None after a re-roll).
        self.rest: tuple[list[BlueStep], tuple[Step, ...]] | None = None

    # --- allocation: attacks and gold spaces ------------------------------------------------

    def _attack_sets(self, attack: Attack, vals: tuple[int, ...]) -> list[tuple[int, ...]]:
        key = (attack, vals)
        got = self._sets.get(key)
        if got is None:
            # A set with more dice than the smallest but one wastes dice: not tried.
            got = _value_sets(attack, vals)
            if got:
                small = min(len(x) for x in got) + 1
                got = [x for x in got if len(x) <= small]
            self._sets[key] = got
        return got

    def _gold_sets(self, j: int, vals: tuple[int, ...]) -> list[tuple[int, ...]]:
        key = (j, vals)
        got = self._sets.get(key)
        if got is None:
            got = _gold_value_sets(self.golds[j][1], vals)
            self._sets[key] = got
        return got

    def alloc(
        self,
        vals: tuple[int, ...],
        hits: tuple[int, ...],
        mask: int,
        cost: int,
        parent: Sets | None = None,
        root: Sets | None = None,
    ) -> tuple[float, tuple[Step, ...]]:
        """The best split of ``vals`` (sorted faces) between attacks and gold spaces.

        Attacks are counted per attack method (``hits``: sets met per group of live Trial dice
        sharing a method); :meth:`leaf` shares each group's hits among its dice at the end.
        The attack steps name their group, not a Trial die (see :meth:`value_of`). ``sets``
        (its sets) are the sets each group and gold space can take from ``vals``: at the top
        of the search (``root``), those of ``vals``; below it, its ``parent``'s that its faces
        still hold.
        """
        key = (vals, hits, mask, cost)
        got = self._alloc.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if parent is not None and root is not None:
            sets = self._held(root, parent, vals)
        else:
            sets = root = self._root(vals)
        best: tuple[float, tuple[Step, ...]] = (self.leaf(hits, mask, cost)[0], ())
        n = len(self.groups)
        for g, (_, _, room) in enumerate(self.groups):
            if hits[g] >= room:
                continue
            more = (*hits[:g], hits[g] + 1, *hits[g + 1 :])
            for s in sets[g]:
                rest = _minus(vals, s)
                v, steps = self.alloc(rest, more, mask, cost, sets, root)
                if v > best[0] + 1e-9:
                    best = (v, (("attack", "", g, s), *steps))
        for j, (key_j, _) in enumerate(self.golds):
            if mask & (1 << j):
                continue
            for s in sets[n + j]:
                rest = _minus(vals, s)
                v, steps = self.alloc(rest, hits, mask | (1 << j), cost, sets, root)
                if v > best[0] + 1e-9:
                    best = (v, (("gold", key_j, -1, s), *steps))
        self._alloc[key] = best
        return best

    def _root(self, vals: tuple[int, ...]) -> Sets:
        """The sets of the faces ``vals`` at the top of a search, one object per faces."""
        got = self._roots.get(vals)
        if got is None:
            got = tuple(
                [self._attack_sets(a, vals) for a, _, _ in self.groups]
                + [self._gold_sets(j, vals) for j in range(len(self.golds))]
            )
            self._roots[vals] = got
        return got

    def _held(self, root: Sets, parent: Sets, vals: tuple[int, ...]) -> Sets:
        """The sets of ``parent`` that the faces ``vals`` hold, once per root and faces.

        Faces below a node are its own less a set, so what they hold of its sets is what they
        hold of the root's: a node's sets depend on its root and faces only, not on the path
        that led there (each path to it filtered them anew before).
        """
        key = (id(root), vals)
        got = self._helds.get(key)
        if got is None or got[0] is not root:  # the root kept with it: its id stays its own
            got = (root, _within(parent, vals))
            self._helds[key] = got
        return got[1]

    def leaf(self, hits: tuple[int, ...], mask: int, cost: int) -> tuple[float, tuple[int, ...]]:
        """The best sharing of each group's hits among its Trial dice: value and healths."""
        key = (hits, mask, cost)
        got = self._shares.get(key)
        if got is not None:
            return got
        per_group = []
        for (_, targets, _), n in zip(self.groups, hits, strict=True):
            caps = [self.healths[t] for t in targets]
            per_group.append([(targets, split) for split in _splits(n, caps)])
        best: tuple[float, tuple[int, ...]] | None = None
        for combo in itertools.product(*per_group):
            healths = list(self.healths)
            for targets, split in combo:
                for t, k in zip(targets, split, strict=True):
                    healths[t] -= k
            h = tuple(healths)
            v = self.outcome(h, mask, cost)
            if best is None or v > best[0] + 1e-9:
                best = (v, h)
        assert best is not None
        self._shares[key] = best
        return best

    def gains(self, mask: int) -> tuple[int, int, int]:
        """(Courage, Divinity, shields) of the gold spaces in ``mask``."""
        c = d = s = 0
        for j, (_, g) in enumerate(self.golds):
            if mask & (1 << j):
                if g.gain == "courage":
                    c += g.amount
                elif g.gain == "divinity":
                    d += g.amount
                else:
                    s += g.amount
        return c, d, s

    def outcome(self, healths: tuple[int, ...], mask: int, cost: int) -> float:
        """The value after these attacks and gold spaces and the resolve that follows."""
        key = (healths, mask, cost)
        got = self._leaf.get(key)
        if got is not None:
            return got
        view = self.view
        data = self.data
        c, d, s = self.gains(mask)
        # The round's gains and losses net before the bounds (rulings 6, 9): the advance's
        # losses take what the gold gains brought above the top first, so the position
        # going into it is not bounded yet (``_moved`` bounds it); a beaten trial is.
        courage = view.courage + view.courage_surplus - cost + c
        divinity = view.divinity + view.divinity_surplus + d
        trial = tuple((h, t.node) for h, t in zip(healths, view.trial, strict=True))
        pos = Position(
            view.labour, courage, divinity, view.trial_dice(), trial, self.boost, self.all_blues
        )
        if all(h <= 0 for h in healths):
            pos = replace(
                pos,
                courage=min(data.courage_max, courage),
                divinity=min(data.divinity_top, divinity),
            )
            value = self.ev.beaten(pos)
        else:
            live = tuple(i for i, h in enumerate(healths) if h > 0)
            value = advance_value(self.ev, pos, view.shields + s, view.no_shield, live, {}, False)
        value -= (COST_WEIGHT - 1.0) * cost
        self._leaf[key] = value
        return value

    # --- blue abilities ----------------------------------------------------------------------

    def blue_steps(self, dice: tuple[Die, ...], used: frozenset[str], paid: int) -> list[BlueStep]:
        """Every deterministic change of the abstract roll (one step), canonical."""
        out: list[BlueStep] = []
        rep = self.rep
        plain = sorted({v for v, b in dice if not b})
        spend = plain
        if any(ab.kind == "set_other" and key not in used for key, ab in self.blues):
            # The die spent on a set_other space: one the best plan leaves idle, if any.
            _, steps = self.value_of(dice, paid)
            pool = [v for v, _ in dice]
            for st in steps:
                for f in st[3]:
                    pool.remove(f)
            spend = sorted(set(pool) & set(plain)) or plain
        for key, ab in self.blues:
            if key in used or ab.kind not in DETERMINISTIC:
                continue
            if self.view.courage - paid - ab.cost <= 0:
                continue
            if ab.kind == "set_other":
                for v in spend:
                    rest = list(dice)
                    rest.remove((v, False))
                    for other in sorted(set(rest)):
                        for n in range(1, 7):
                            if rep[n] != rep[other[0]]:
                                out.append(BlueStep(key, ab.kind, v, n, other, cost=ab.cost))
                continue
            for v in plain:
                if ab.kind == "twin":
                    out.append(BlueStep(key, ab.kind, v, cost=ab.cost))
                else:
                    for n in new_values(ab, v):
                        if rep[n] != rep[v]:
                            out.append(BlueStep(key, ab.kind, v, n, cost=ab.cost))
        return out

    @staticmethod
    def after(dice: tuple[Die, ...], step: BlueStep) -> tuple[Die, ...]:
        """The abstract roll after a deterministic blue step."""
        rest = list(dice)
        rest.remove((step.face, False))
        if step.kind == "twin":
            rest += [(step.face, True), (step.face, True)]
        elif step.kind == "set_other":
            assert step.other is not None
            rest.remove(step.other)
            rest.append((step.value, step.other[1]))
        else:
            rest.append((step.value, True))
        return tuple(sorted(rest))

    def value_of(self, dice: tuple[Die, ...], paid: int) -> tuple[float, tuple[Step, ...]]:
        """The best allocation of an abstract roll (its steps name the roll's own faces)."""
        rep = self.rep
        vals = tuple(sorted(rep[v] for v, _ in dice))
        value, steps = self.alloc(vals, (0,) * len(self.groups), 0, paid)
        steps = self._targets(steps, paid)
        if not steps or all(rep[v] == v for v, _ in dice):
            return value, steps
        pool = [v for v, _ in dice]
        real: list[Step] = []
        for kind, key, target, faces in steps:
            chosen = []
            for f in faces:
                face = f if f in pool else next(v for v in pool if rep[v] == f)
                pool.remove(face)
                chosen.append(face)
            real.append((kind, key, target, tuple(sorted(chosen))))
        return value, tuple(real)

    def _targets(self, steps: tuple[Step, ...], paid: int) -> tuple[Step, ...]:
        """The plan's attack steps aimed at Trial dice (the best sharing of each group's hits)."""
        hits = [0] * len(self.groups)
        mask = 0
        for kind, key, g, _ in steps:
            if kind == "attack":
                hits[g] += 1
            else:
                mask |= 1 << next(j for j, (k, _) in enumerate(self.golds) if k == key)
        _, healths = self.leaf(tuple(hits), mask, paid)
        owed = [a - b for a, b in zip(self.healths, healths, strict=True)]
        out: list[Step] = []
        for kind, key, g, faces in steps:
            if kind == "attack":
                t = next(t for t in self.groups[g][1] if owed[t] > 0)
                owed[t] -= 1
                out.append((kind, key, t, faces))
            else:
                out.append((kind, key, g, faces))
        return tuple(out)

    def _face_classes(self) -> dict[int, int]:
        """Faces that play the same part in every live method and gold space, as one face.

        Only when every live method names its faces (one die showing v, or a or b) and no
        gold space wants a pair: then the faces nobody names are interchangeable (within
        their parity if a gold space asks for one), and the search values far fewer rolls.
        """
        same = {v: v for v in range(1, 7)}
        named: set[int] = set()
        parity = False
        for t, trial_die in enumerate(self.view.trial):
            if trial_die.health <= 0:
                continue
            attack = self.lab.dice[t].attack
            if attack.kind not in ("eq", "either"):
                return same
            named |= set(attack.values)
        for _, g in self.golds:
            for need in g.need:
                if need == "same":
                    return same
                if need in ("even", "odd"):
                    parity = True
                elif isinstance(need, int):
                    named.add(need)
        out = dict(same)
        for v in range(1, 7):
            if v not in named:
                out[v] = min(
                    w for w in range(1, 7) if w not in named and (not parity or w % 2 == v % 2)
                )
        return out

    def best_blue(
        self, dice: tuple[Die, ...], used: frozenset[str], paid: int, depth: int
    ) -> tuple[float, list[BlueStep], tuple[Step, ...]]:
        """The best deterministic blue plan (up to ``depth`` changes, a beam after the first)."""
        base, steps = self.value_of(dice, paid)
        best: tuple[float, list[BlueStep], tuple[Step, ...]] = (base, [], steps)
        if depth <= 0:
            return best
        scored = []
        for step in self.blue_steps(dice, used, paid):
            if self.work() > TOTAL_BUDGET:
                break
            nd = self.after(dice, step)
            v, st = self.value_of(nd, paid + step.cost)
            scored.append((v, step, nd, st))
            if v > best[0] + 1e-9:
                best = (v, [step], st)
        if depth >= 2:
            scored.sort(key=lambda x: -x[0])
            for _, step, nd, _ in scored[:BEAM]:
                if self.work() > NODE_BUDGET:
                    break
                for step2 in self.blue_steps(nd, used | {step.space}, paid + step.cost):
                    if self.work() > NODE_BUDGET:
                        break
                    nd2 = self.after(nd, step2)
                    v, st = self.value_of(nd2, paid + step.cost + step2.cost)
                    if v > best[0] + 1e-9:
                        best = (v, [step, step2], st)
        return best

    def work(self) -> int:
        """The search's work so far (see ``TOTAL_BUDGET``)."""
        return self.nodes + LEAF_WORK * len(self._leaf)

    def reroll_options(
        self, dice: tuple[Die, ...], alloc: tuple[Step, ...]
    ) -> list[tuple[float, BlueStep]]:
        """The re-rolls worth a look, with their expected values."""
        out: list[tuple[float, BlueStep]] = []
        used_faces: list[int] = [v for st in alloc for v in st[3]]
        pool = [v for v, _ in dice]
        for v in used_faces:
            pool.remove(v)
        leftover = tuple(sorted(pool))  # faces the best plan leaves idle
        plain = sorted({v for v, b in dice if not b})
        for key, ab in self.blues:
            if ab.kind == "reroll":
                faces = sorted(set(leftover) & set(plain)) or plain
                for v in faces:
                    out.append((self._expect(dice, v, (v,), True), BlueStep(key, "reroll", v)))
            elif ab.kind == "reroll_others" and plain:
                cands: list[tuple[int, tuple[int, ...]]] = []
                keep = [v for v in plain if v not in leftover or leftover.count(v) < pool.count(v)]
                for placed in keep[:1] or plain[:1]:
                    idle = list(leftover)
                    if placed in idle and placed not in keep:
                        idle.remove(placed)
                    if idle:
                        cands.append((placed, tuple(idle)))
                    everything = [v for v, _ in dice]
                    everything.remove(placed)
                    if everything and tuple(everything) != tuple(idle):
                        cands.append((placed, tuple(sorted(everything))))
                for placed, faces_ in cands:
                    if self.work() > TOTAL_BUDGET:
                        break
                    step = BlueStep(key, "reroll_others", placed, others=faces_)
                    out.append((self._expect(dice, placed, faces_, False), step))
        return out

    def _expect(
        self, dice: tuple[Die, ...], placed: int, rerolled: tuple[int, ...], self_roll: bool
    ) -> float:
        """The expected best allocation after re-rolling the faces ``rerolled``."""
        rest = list(dice)
        rest.remove((placed, False))
        if self_roll:
            base = rest
            flags = [True]
        else:
            base = rest + [(placed, True)]
            flags = []
            for v in rerolled:
                hit = (v, False) if (v, False) in base else (v, True)
                base.remove(hit)
                flags.append(hit[1])
        k = len(flags)
        total = 0.0
        for outcome, p in _outcomes(k):
            new = list(base)
            for face, flag in zip(outcome, flags, strict=True):
                if face != self.aside:
                    new.append((face, flag))
            got, _ = self.value_of(tuple(sorted(new)), 0)
            total += p * got
        return total

    # --- the decision ------------------------------------------------------------------------

    def decide(self) -> Decision:
        """The roll's best next action and the sentence that explains the plan."""
        dice = self.free
        used = frozenset(self.view.used)
        value, plan, alloc_steps = self.best_blue(dice, used, 0, 2 if self.blues else 0)
        reroll: BlueStep | None = None
        if self.blues:
            _, base_alloc = self.value_of(dice, 0)
            for ev_value, step in self.reroll_options(dice, base_alloc):
                if ev_value > value + 0.05:
                    value, reroll = ev_value, step
        if reroll is not None:
            action = self._blue_action(reroll)
            return Decision(action, plans.reroll_reason(reroll), value)
        if plan:
            action = self._blue_action(plan[0])
            self.rest = (plan[1:], alloc_steps)
            return Decision(action, self._plan_reason(plan, alloc_steps), value)
        if alloc_steps:
            action = self._alloc_action(alloc_steps[0])
            self.rest = ([], alloc_steps[1:])
            return Decision(action, self._plan_reason([], alloc_steps), value)
        return Decision(Action(RESOLVE), self._plan_reason([], ()), value)

    def _blue_action(self, step: BlueStep) -> Action:
        """The engine's action for a blue step (the lowest-numbered dice, as it lists them)."""
        roll = self.view.roll
        free = [i for i, d in enumerate(roll) if d.use == FREE]
        die = next(i for i in free if roll[i].value == step.face and not roll[i].blue)
        if step.kind == "set_other":
            assert step.other is not None
            other = next(
                j for j in free if j != die and (roll[j].value, roll[j].blue) == step.other
            )
            action = Action(BLUE, space=step.space, dice=(die, other), value=step.value)
        elif step.kind == "reroll_others":
            rest = [(j, roll[j].value) for j in free if j != die]
            chosen = canonical(rest, step.others) or ()
            action = Action(BLUE, space=step.space, dice=(die, *chosen))
        elif step.kind in ("reroll", "twin"):
            action = Action(BLUE, space=step.space, dice=(die,))
        else:
            action = Action(BLUE, space=step.space, dice=(die,), value=step.value)
        return self._legal(action)

    def _alloc_action(self, step: Step) -> Action:
        kind, key, target, faces = step
        free = [(i, d.value) for i, d in enumerate(self.view.roll) if d.use == FREE]
        dice = canonical(free, faces) or ()
        if kind == "attack":
            return self._legal(Action(ATTACK, dice=dice, target=target))
        return self._legal(Action(GOLD, space=key, dice=dice))

    def _legal(self, action: Action) -> Action:
        if action in self.legal:
            return action
        # Never play an illegal action: the closest legal one (same kind and space), else resolve.
        for a in self.legal:
            if a.kind == action.kind and a.space == action.space and a.target == action.target:
                return a
        return Action(RESOLVE) if Action(RESOLVE) in self.legal else self.legal[0]

    def _plan_reason(self, blue: list[BlueStep], steps: tuple[Step, ...]) -> str:
        """The plan's reason, in words (:mod:`.plans`)."""
        return plans.plan_reason(self.view, self.lab, self.golds, blue, steps)


def _follow(
    view: LaborsState,
    decision: Decision,
    rest: tuple[list[BlueStep], tuple[Step, ...]] | None,
    ev: Evaluator,
) -> dict[LaborsState, Decision]:
    """The views the rest of a roll's plan passes through, each with its next step.

    The chosen action is applied to the view (blue changes, gold spaces and attacks are
    deterministic: nothing hidden or random is used), and so on for each step of the plan.
    """
    out: dict[LaborsState, Decision] = {}
    if rest is None:
        return out
    blue, steps = list(rest[0]), rest[1]
    v, action = view, decision.action
    while action.kind != RESOLVE:
        try:
            v, _ = apply(v, action)
        except LaborsError:
            break
        if v.prompt != P_PLAY:
            break
        legal = legal_actions(v)
        search = RollSearch(v, legal, ev)
        if blue:
            step = blue.pop(0)
            action = search._blue_action(step)
            reason = search._plan_reason([step, *blue], steps)
        elif steps:
            action = search._alloc_action(steps[0])
            reason = search._plan_reason([], steps)
            steps = steps[1:]
        else:
            action, reason = Action(RESOLVE), search._plan_reason([], ())
        if len(legal) == 1:
            reason = _only_reason(legal[0])
        out[v] = Decision(action, reason, decision.value)
    return out


def _splits(n: int, caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to share ``n`` hits among dice of health ``caps`` (none above its health)."""
    if len(caps) == 1:
        return [(n,)] if n <= caps[0] else []
    out = []
    for k in range(min(n, caps[0]) + 1):
        out += [(k, *rest) for rest in _splits(n - k, caps[1:])]
    return out


# Table memos (see hercules.games._kit.memo): at 1 << 16 and kept for the whole session,
# these two were still filling an hour into a soak (memory drift); a miss only recomputes a
# pure function, so the bound and the forgetting move time, never a decision.
@table_memo(maxsize=1 << 12)
def _value_sets(attack: Attack, vals: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The engine's sets of a method in a roll, remembered between decisions."""
    return value_sets(attack, vals)


@table_memo(maxsize=1 << 12)
def _gold_value_sets(gold: GoldDef, vals: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The fillings of a gold space in a roll (sorted ``vals``), remembered between decisions.

    The engine's :func:`gold_value_sets` tries every ordered choice of dice; the distinct
    sub-multisets of the right size are far fewer, and each is checked the engine's way.
    """
    k = len(gold.need)
    return sorted(c for c in set(itertools.combinations(vals, k)) if gold_meets(gold, c))


def _within(sets: Sets, vals: tuple[int, ...]) -> Sets:
    """The sets that the faces ``vals`` still hold."""
    counts = [0] * 7
    for v in vals:
        counts[v] += 1
    return tuple([s for s in group if all(counts[v] >= n for v, n in _need(s))] for group in sets)


_NEEDS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def _need(faces: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(face, how many) of a set."""
    got = _NEEDS.get(faces)
    if got is None:
        got = tuple(sorted(Counter(faces).items()))
        _NEEDS[faces] = got
    return got


def _minus(vals: tuple[int, ...], used: Sequence[int]) -> tuple[int, ...]:
    rest = list(vals)
    for v in used:
        rest.remove(v)
    return tuple(rest)


_OUTCOME_CACHE: dict[int, list[tuple[tuple[int, ...], float]]] = {}


def _outcomes(k: int) -> list[tuple[tuple[int, ...], float]]:
    """The multisets of ``k`` die faces with their probabilities (a fixed sample if many)."""
    got = _OUTCOME_CACHE.get(k)
    if got is not None:
        return got
    out: list[tuple[tuple[int, ...], float]] = []
    combos = list(itertools.combinations_with_replacement(range(1, 7), k))
    if len(combos) <= MAX_OUTCOMES:
        total = 6**k
        for combo in combos:
            ways = math.factorial(k)
            for n in Counter(combo).values():
                ways //= math.factorial(n)
            out.append((combo, ways / total))
    else:
        gen = random.Random(k)
        samples = SAMPLES
        counts = Counter(tuple(sorted(gen.randint(1, 6) for _ in range(k))) for _ in range(samples))
        out = [(combo, n / samples) for combo, n in sorted(counts.items())]
    _OUTCOME_CACHE[k] = out
    return out


__all__ = ["RollSearch", "Solver"]

"""Exact play of single Labors trials, and the solver measured against it.

    python tools/labors_exact.py [--runs 400] [--seed 11] [--cases lion5,lion4,...]

A *single-trial position* is a trial at its start with ``dice`` Hercules dice, ``courage``
Courage, the Bow of Hercules and no Reward and no Mood. Its exact value is the probability of
beating the trial under the best play, computed by expectimax over every roll (the multisets of
faces and their chances), the Bow's change (one die ±1 for 1 Courage, 6↔1 wrapping; or none),
every way of sharing the roll's attack sets among the Trial dice, and every fork of the advance
(:func:`beat_chance`). Divinity is not part of it (it never decides a single trial).

The solver's value is measured by playing the position ``--runs`` times with the solver bot
through the engine (run ``i``: seed ``seed + i``), with its Wilson 95 % interval. The solver
plays for the whole run (it also spares Courage), so it may trade a little of this probability
for Courage kept; the gap says how far from the best it is on the trial itself.

Prints one line per position; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from cli_args import positive, whole_number

from hercules.games._kit.figures import wilson_interval
from hercules.games.labors.ai import make_bot
from hercules.games.labors.engine import LaborsConfig, apply, legal_actions, new_game
from hercules.games.labors.engine.data import SKULL, START, Attack, LabourDef, load_data
from hercules.games.labors.engine.methods import value_sets
from hercules.games.labors.engine.rules import PLAYER, view
from hercules.games.labors.engine.state import P_OVER, P_REWARD, P_ROLL, LaborsState

Faces = tuple[int, ...]


@dataclass(frozen=True)
class Case:
    """A single-trial position: the labour, Hercules dice and Courage at its start."""

    name: str
    labour: int
    dice: int
    courage: int


CASES = {
    c.name: c
    for c in (
        Case("lion5", 1, 5, 17),
        Case("lion4", 1, 4, 17),
        Case("lion3", 1, 3, 17),
        Case("hydra5", 2, 5, 17),
        Case("hydra4", 2, 4, 17),
        Case("hydra6", 2, 6, 12),
        Case("hind5", 3, 5, 17),
        Case("hind4", 3, 4, 10),
        Case("bull7", 7, 7, 17),
    )
}
DEFAULT_CASES = ("lion5", "lion4", "lion3", "hydra5", "hydra4", "hydra6", "hind5", "hind4")


@cache
def rolls(k: int) -> tuple[tuple[Faces, float], ...]:
    """Every multiset of ``k`` faces with its probability."""
    out = []
    for combo in itertools.combinations_with_replacement(range(1, 7), k):
        ways = math.factorial(k)
        for n in Counter(combo).values():
            ways //= math.factorial(n)
        out.append((combo, ways / 6**k))
    return tuple(out)


@lru_cache(maxsize=1 << 18)
def hit_vectors(groups: tuple[tuple[Attack, int], ...], vals: Faces) -> frozenset[tuple[int, ...]]:
    """Every vector of sets (one count per group of Trial dice sharing a method, each at most
    the group's health) that disjoint sets of ``vals`` can meet."""
    out = {(0,) * len(groups)}
    for g, (attack, room) in enumerate(groups):
        if room <= 0:
            continue
        for s in value_sets(attack, vals):
            rest = list(vals)
            for v in s:
                rest.remove(v)
            less = tuple((a, r - (j == g)) for j, (a, r) in enumerate(groups))
            for vec in hit_vectors(less, tuple(rest)):
                out.add(tuple(n + (j == g) for j, n in enumerate(vec)))
    return frozenset(out)


def _splits(n: int, caps: Sequence[int]) -> list[tuple[int, ...]]:
    if len(caps) == 1:
        return [(n,)] if n <= caps[0] else []
    out = []
    for k in range(min(n, caps[0]) + 1):
        out += [(k, *rest) for rest in _splits(n - k, caps[1:])]
    return out


@cache
def shifted_rolls(k: int, shift: int) -> tuple[tuple[Faces, float], ...]:
    """The rolls of ``k`` dice with every face moved by ``shift`` (Enraged +1, Sorrowful -1),
    kept between 1 and 6."""
    if not shift:
        return rolls(k)
    out: dict[Faces, float] = {}
    for vals, p in rolls(k):
        moved = tuple(sorted(max(1, min(6, v + shift)) for v in vals))
        out[moved] = out.get(moved, 0.0) + p
    return tuple(sorted(out.items()))


def _changed(kind: str, v: int) -> list[int]:
    """The faces one blue space may turn a die showing ``v`` into."""
    if kind == "bow":
        return sorted({(v % 6) + 1, ((v - 2) % 6) + 1})
    if kind == "six_three":
        return [9 - v] if v in (3, 6) else []
    if kind == "any_value":
        return [n for n in range(1, 7) if n != v]
    raise ValueError(f"no such blue space here: {kind}")


class TrialSolver:
    """The exact chance of beating one trial from any position, memoised.

    The Bow, and ``extra_blues`` (free changes, each space once a roll and each die on one
    space: ``six_three`` the Lion's Hide, ``any_value`` the Ferocious Mood); ``shift`` (the
    Enraged or Sorrowful Mood). ``free_shields`` cancels Courage losses every round without
    spending a die, more than any gold shield gives: with it the value is an upper bound.
    """

    def __init__(
        self,
        lab: LabourDef,
        dice: int,
        bow: bool = True,
        extra_blues: tuple[str, ...] = (),
        shift: int = 0,
        free_shields: int = 0,
    ) -> None:
        self.lab = lab
        self.dice = dice
        self.bow = bow
        self.extra_blues = extra_blues
        self.shift = shift
        self.free_shields = free_shields
        self.memo: dict[tuple[object, ...], float] = {}
        self.states = 0

    def options(self, vals: Faces, courage: int) -> list[tuple[Faces, int]]:
        """The rolls (and Courage left) the blue changes can make of ``vals``: each blue
        space once, each die on one blue space at most (the rulebook), in any order."""
        spaces = [*self.extra_blues, *(("bow",) if self.bow else ())]
        out: set[tuple[Faces, int]] = set()

        def walk(free: Faces, changed: Faces, left: tuple[str, ...], c: int) -> None:
            out.add((tuple(sorted(free + changed)), c))
            for j, kind in enumerate(left):
                rest = left[:j] + left[j + 1 :]
                if kind == "bow" and c - 1 <= 0:
                    continue
                for i, v in enumerate(free):
                    if i and free[i - 1] == v:
                        continue
                    others = free[:i] + free[i + 1 :]
                    for n in _changed(kind, v):
                        walk(others, (*changed, n), rest, c - (kind == "bow"))

        walk(vals, (), tuple(spaces), courage)
        return sorted(out)

    def value(
        self, healths: tuple[int, ...], nodes: tuple[str, ...], courage: int, broken: int = 0
    ) -> float:
        """P(beating the trial) from a roll about to be made, under the best play."""
        if all(h <= 0 for h in healths):
            return 1.0
        if courage <= 0:
            return 0.0
        key = (healths, nodes, courage, broken)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.memo[key] = 0.0  # a loop back to this position (none exists) would count as lost
        self.states += 1
        live = [i for i, h in enumerate(healths) if h > 0]
        by_attack: dict[Attack, list[int]] = {}
        for i in live:
            by_attack.setdefault(self.lab.dice[i].attack, []).append(i)
        groups = tuple(by_attack.items())
        room = tuple((a, sum(healths[i] for i in ts)) for a, ts in groups)
        k = max(0, self.dice - broken)
        total = 0.0
        for vals, p in shifted_rolls(k, self.shift):
            best = 0.0
            for faces, c in self.options(vals, courage):
                for vec in hit_vectors(room, faces):
                    best = max(best, self._after_hits(healths, nodes, c, broken, groups, vec))
                    if best >= 1.0:
                        break
                if best >= 1.0:
                    break
            total += p * best
        self.memo[key] = total
        return total

    def _after_hits(
        self,
        healths: tuple[int, ...],
        nodes: tuple[str, ...],
        courage: int,
        broken: int,
        groups: tuple[tuple[Attack, list[int]], ...],
        vec: tuple[int, ...],
    ) -> float:
        per_group = []
        for (_, ts), n in zip(groups, vec, strict=True):
            per_group.append([(ts, split) for split in _splits(n, [healths[t] for t in ts])])
        best = 0.0
        for combo in itertools.product(*per_group):
            h = list(healths)
            for ts, split in combo:
                for t, n in zip(ts, split, strict=True):
                    h[t] -= n
            best = max(best, self.advance(tuple(h), nodes, courage, broken, None))
        return best

    def advance(
        self,
        healths: tuple[int, ...],
        nodes: tuple[str, ...],
        courage: int,
        broken: int,
        wave: tuple[int, ...] | None,
    ) -> float:
        """The value once the live dice (or the ``wave`` of an ``adv``) move, forks chosen best."""
        if all(h <= 0 for h in healths):
            return 1.0
        second = wave is not None
        movers = wave if wave is not None else tuple(i for i, h in enumerate(healths) if h > 0)
        choices = [self.lab.dice[d].next_spaces(nodes[d]) for d in movers]
        best = 0.0
        for combo in itertools.product(*choices):
            h = list(healths)
            n = list(nodes)
            loss = bk = 0
            adv: list[int] = []
            skull = False
            for d, node in zip(movers, combo, strict=True):
                die = self.lab.dice[d]
                n[d] = node
                for eff in die.track[node].effects:
                    if eff == SKULL:
                        skull = True
                    elif eff.startswith("-"):
                        loss += int(eff[1:])
                    elif eff.startswith("h"):
                        h[d] = min(die.start, h[d] + int(eff[1:]))
                    elif eff == "bk":
                        bk += 1
                    elif eff == "adv":
                        adv.append(d)
            if skull:
                continue
            c = courage - max(0, loss - self.free_shields)
            if c <= 0:
                continue
            b = broken + min(bk, max(0, self.dice - broken))
            others = tuple(i for i, x in enumerate(h) if x > 0 and i not in adv)
            if adv and not second and others:
                v = self.advance(tuple(h), tuple(n), c, b, others)
            else:
                v = self.value(tuple(h), tuple(n), c, b)
            best = max(best, v)
        return best


def exact(case: Case) -> tuple[float, int, float]:
    """The exact chance of beating ``case``'s trial, the positions valued, the seconds."""
    start = time.perf_counter()
    lab = load_data().labour(case.labour)
    solver = TrialSolver(lab, case.dice)
    v = solver.value(tuple(d.start for d in lab.dice), (START,) * len(lab.dice), case.courage)
    return v, solver.states, time.perf_counter() - start


#: The Moods of the opening deck as a bound sees them at the Hydra: (name, dice, shift, blue).
#: The Haunted cards only take Courage, so the bound counts them as no Mood at all.
HYDRA_MOODS = (
    ("MOOD-SORROWFUL", 0, -1, ()),
    ("MOOD-ENRAGED", 0, 1, ()),
    ("MOOD-EXHAUSTED", -1, 0, ()),
    ("MOOD-RESOLUTE", 1, 0, ()),
    ("MOOD-FEROCIOUS", 0, 0, ("any_value",)),
    ("MOOD-HAUNT-A", 0, 0, ()),
    ("MOOD-HAUNT-B", 0, 0, ()),
    ("MOOD-HAUNT-C", 0, 0, ()),
    ("MOOD-HAUNT-D", 0, 0, ()),
)


def hydra_bound(difficulty: str) -> dict[str, Any]:
    """An upper bound on beating the Hydra (trial 2), hence on winning a run, at a difficulty.

    At the Hydra a run owns exactly the Lion's Hide (its 6↔3 blue space; its gold shield is
    counted as a free shield every round) and at most 17 Courage; its Mood is one of the
    opening deck's, each as likely. Each Mood's exact value with those, averaged over the
    deck, bounds every player's chance, however the Lion went.
    """
    data = load_data()
    lab = data.labour(2)
    dice, out = data.difficulties[difficulty]
    deck = [m for m in HYDRA_MOODS if m[0] not in out]
    per: dict[str, float] = {}
    seen: dict[tuple[int, int, tuple[str, ...]], float] = {}
    start = time.perf_counter()
    for name, extra, shift, blues in deck:
        key = (dice + extra, shift, blues)
        if key not in seen:
            solver = TrialSolver(
                lab, dice + extra, True, ("six_three", *blues), shift, free_shields=1
            )
            seen[key] = solver.value((lab.dice[0].start,), (START,), data.courage_max)
        per[name] = round(seen[key], 4)
    bound = sum(per.values()) / len(per)
    return {
        "difficulty": difficulty,
        "bound": round(bound, 4),
        "moods": per,
        "seconds": round(time.perf_counter() - start, 1),
    }


def start_state(case: Case, seed: int) -> LaborsState:
    """The engine's state of ``case``: the trial set up, no Reward, no Mood, about to roll."""
    state = new_game(LaborsConfig("hero", start=case.labour), seed)
    state, _ = apply(state, legal_actions(state)[0])  # begin, keeping nothing
    return state.with_(prompt=P_ROLL, mood="", mood_dice=0, dice=case.dice, courage=case.courage)


def solver_runs(case: Case, runs: int, seed: int) -> tuple[int, float]:
    """Trials beaten by the solver in ``runs`` plays of ``case``, and the mean Courage left."""
    chooser = random.Random(seed)
    beaten = 0
    left = 0
    for i in range(runs):
        state = start_state(case, seed + i)
        bot = make_bot("solver")
        while state.prompt not in (P_OVER, P_REWARD):
            legal = legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                action = bot.choose(view(state, PLAYER), legal, chooser)
            state, _ = apply(state, action)
        if state.prompt == P_REWARD:
            beaten += 1
            left += state.courage
    return beaten, left / beaten if beaten else 0.0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="labors_exact.py", description="Exact play of single Labors trials vs the solver."
    )
    parser.add_argument("--runs", type=whole_number, default=400, help="solver plays per case")
    parser.add_argument("--seed", type=positive, default=11, help="first play's seed (11)")
    parser.add_argument(
        "--cases",
        default=",".join(DEFAULT_CASES),
        help=f"comma-separated, among {', '.join(CASES)}",
    )
    parser.add_argument(
        "--bound",
        default="",
        help="also bound every player's chance to beat the Hydra at these difficulties "
        "(comma-separated, e.g. hero,god)",
    )
    args = parser.parse_args(argv)
    args.bound = [d.strip() for d in args.bound.split(",") if d.strip()]
    if any(d not in ("mortal", "hero", "god") for d in args.bound):
        parser.error("--bound: give difficulties among mortal, hero, god")
    names = [n.strip() for n in args.cases.split(",") if n.strip()]
    bad = [n for n in names if n not in CASES]
    if bad or not names:
        parser.error(
            f"--cases: unknown {', '.join(bad) or 'none given'}; choose from {', '.join(CASES)}"
        )
    args.cases = [CASES[n] for n in names]
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    out: dict[str, Any] = {}
    for case in args.cases:
        best, states, seconds = exact(case)
        row: dict[str, Any] = {
            "labour": case.labour,
            "dice": case.dice,
            "courage": case.courage,
            "exact": round(best, 4),
            "exact_states": states,
            "exact_seconds": round(seconds, 2),
        }
        line = f"{case.name:<7} exact {100 * best:5.1f}% ({states} positions, {seconds:.1f} s)"
        if args.runs:
            won, left = solver_runs(case, args.runs, args.seed)
            low, high = wilson_interval(won, args.runs)
            row.update(
                solver=round(won / args.runs, 4),
                solver_low=round(low, 4),
                solver_high=round(high, 4),
                solver_runs=args.runs,
                solver_courage_left=round(left, 2),
            )
            line += (
                f"  solver {100 * won / args.runs:5.1f}% ({100 * low:.1f}-{100 * high:.1f}%,"
                f" {args.runs} runs, {left:.1f} Courage left when beaten)"
            )
        print(line)
        out[case.name] = row
    bounds = {}
    for difficulty in args.bound:
        b = hydra_bound(difficulty)
        bounds[difficulty] = b
        print(
            f"{difficulty:<7} no player beats the Hydra more than {100 * b['bound']:.1f}% of runs"
            f" (exact per Mood, averaged over the deck; {b['seconds']} s)"
        )
    doc = {"cases": out, "runs": args.runs, "seed": args.seed, "bounds": bounds}
    print(json.dumps(doc, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

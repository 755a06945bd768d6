"""How good a position is, in Courage: what the live Trial dice will still cost, and more.

The solver compares the positions its placements lead to with :func:`value`: the Courage
left, minus what the trial is expected to cost before its last die falls (the spaces the dice
will reach while alive, the skull above all), plus Divinity (a win needs the top). A Trial die
is expected to lose health at the rate a roll of this many dice meets its attack method (a
Poisson count); it stays alive, and keeps moving, until its health is spent.

Everything here reads public information only (the view's dice, tracks and markers).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from hercules.games.labors.engine.data import SKULL, Attack, LaborsData, TrialDieDef
from hercules.games.labors.engine.methods import min_dice, value_sets

#: Weights, in Courage.
W_DIVINITY = 2.5  #: a point of Divinity (the top is needed to win)
W_BROKEN = 2.0  #: a Hercules die broken for the rest of the trial
W_NO_SHIELD = 0.3  #: a space where shields do not work
W_ADV = 0.8  #: the other dice move once more
W_SKULL = 60.0  #: a Trial die on the skull: the run is lost
W_HEALTH = 0.05  #: a point of Trial health (a tie-break towards damage)
LOST = -1000.0  #: a lost run
WON = 1000.0
HORIZON = 20  #: how far ahead a track is read


@cache
def hit_rate(attack: Attack, dice: int) -> float:
    """The mean number of sets meeting ``attack`` in a roll of ``dice`` dice (sampled once)."""
    if dice < min_dice(attack):
        return 0.02
    gen = random.Random(f"{attack.kind}{attack.values}{dice}")
    total = 0
    samples = 300
    for _ in range(samples):
        vals = sorted(gen.randint(1, 6) for _ in range(dice))
        total += _greedy_sets(attack, vals)
    return max(0.05, total / samples)


def _greedy_sets(attack: Attack, vals: list[int]) -> int:
    """How many disjoint sets a roll makes (taking the smallest set each time)."""
    n = 0
    vals = list(vals)
    while True:
        sets = value_sets(attack, vals)
        if not sets:
            return n
        best = min(sets, key=lambda s: (len(s), s))
        for v in best:
            vals.remove(v)
        n += 1


def _alive(hits: float, health: int) -> float:
    """P(a Poisson(hits) count stays below ``health``): the die is still alive."""
    if health <= 0:
        return 0.0
    term = math.exp(-hits)
    total = term
    for k in range(1, health):
        term *= hits / k
        total += term
    return min(1.0, total)


@dataclass(frozen=True)
class Position:
    """What the value of a moment depends on (a light copy of the public state)."""

    labour: int
    courage: int
    divinity: int
    dice: int  #: Hercules dice rolled in this trial
    trial: tuple[tuple[int, str], ...]  #: (health, node) of each Trial die
    boost: float = 1.0  #: how much the blue abilities raise the hit rates


class Evaluator:
    """The value of positions of one run's data, with its caches."""

    def __init__(self, data: LaborsData) -> None:
        self.data = data
        self._paths: dict[tuple[object, ...], tuple[float, float]] = {}

    def rates(self, pos: Position) -> list[float]:
        """The expected hits per roll on each live Trial die (the roll is shared)."""
        lab = self.data.labour(pos.labour)
        need: list[float] = []
        raw: list[float] = []
        for d, (health, _) in zip(lab.dice, pos.trial, strict=True):
            r = hit_rate(d.attack, pos.dice) * pos.boost
            raw.append(r)
            need.append(health / r if health > 0 else 0.0)
        total = sum(need) or 1.0
        return [raw[i] * need[i] / total if need[i] else 0.0 for i in range(len(raw))]

    def rounds(self, pos: Position) -> float:
        """Rolls the trial is expected to take."""
        lab = self.data.labour(pos.labour)
        return sum(
            h / (hit_rate(d.attack, pos.dice) * pos.boost)
            for d, (h, _) in zip(lab.dice, pos.trial, strict=True)
            if h > 0
        )

    def space_cost(self, die: TrialDieDef, effects: Sequence[str], pos: Position) -> float:
        """What one space costs when a die reaches it (the skull excepted)."""
        cost = 0.0
        others = sum(1 for h, _ in pos.trial if h > 0) > 1
        for eff in effects:
            if eff.startswith("-"):
                cost += int(eff[1:])
            elif eff == "dv":
                cost += W_DIVINITY if pos.divinity > 0 else 0.3
            elif eff == "bk":
                cost += W_BROKEN
            elif eff == "nb":
                cost += W_NO_SHIELD
            elif eff == "adv" and others:
                cost += W_ADV
        return cost

    def pain(self, pos: Position) -> tuple[float, float]:
        """The expected cost of the live Trial dice until each falls (skull risk included),
        and the part of it that is Courage lost."""
        rates = self.rates(pos)
        total = courage = 0.0
        for i, (health, node) in enumerate(pos.trial):
            if health <= 0:
                continue
            cost, lost = self.path_cost(pos, i, node, health, rates[i])
            total += cost
            courage += lost
        return total, courage

    def path_cost(
        self, pos: Position, i: int, node: str, health: int, rate: float
    ) -> tuple[float, float]:
        """Die ``i``'s expected cost from ``node`` on, the player taking the best forks.

        The die lives through move ``k`` while the hits of ``k`` rolls (a Poisson count) stay
        below its health plus what the spaces on its way healed (while it was hurt).
        """
        key = (pos.labour, i, node, health, round(rate, 2), pos.dice, pos.divinity > 0)
        got = self._paths.get(key)
        if got is not None:
            return got
        die = self.data.labour(pos.labour).dice[i]
        memo: dict[tuple[str, int, int], tuple[float, float]] = {}
        alive: dict[int, float] = {}

        def survive(k: int, extra: int) -> float:
            need = health + extra
            got = alive.get(k * 100 + need)
            if got is None:
                got = _alive(rate * k, need)
                alive[k * 100 + need] = got
            return got

        def walk(at: str, k: int, extra: int) -> tuple[float, float]:
            # The die stands on ``at`` after ``k - 1`` moves; move ``k`` happens if it lives.
            p = survive(k, extra)
            if k > HORIZON or p < 0.005:
                return 0.0, 0.0
            hit = memo.get((at, k, extra))
            if hit is not None:
                return hit
            best = (math.inf, 0.0)
            for nxt in die.next_spaces(at):
                space = die.track[nxt]
                if SKULL in space.effects:
                    c = (p * W_SKULL, 0.0)
                else:
                    heal = sum(int(e[1:]) for e in space.effects if e.startswith("h"))
                    if heal:
                        # Only the part below its start: the hits it took so far, on average.
                        hurt = die.start - health - extra + rate * k
                        heal = max(0, min(heal, round(hurt)))
                    lost = sum(int(e[1:]) for e in space.effects if e.startswith("-"))
                    later = walk(nxt, k + 1, extra + heal)
                    c = (
                        p * self.space_cost(die, space.effects, pos) + later[0],
                        p * lost + later[1],
                    )
                best = min(best, c)
            best = (0.0, 0.0) if best[0] == math.inf else best
            memo[(at, k, extra)] = best
            return best

        cost = walk(node, 1, 0)
        self._paths[key] = cost
        return cost

    def value(self, pos: Position) -> float:
        """The value of a position with the trial still on (Courage units)."""
        top = self.data.divinity_top
        pain, lost = self.pain(pos)
        left = pos.courage - lost
        danger = 6.0 * (3.0 - left) if left < 3.0 else 0.0
        health = sum(h for h, _ in pos.trial if h > 0)
        return pos.courage - pain - danger - W_HEALTH * health + W_DIVINITY * min(pos.divinity, top)

    def beaten(self, pos: Position) -> float:
        """The value of a position whose trial has just been beaten."""
        top = self.data.divinity_top
        if pos.labour == 12:
            return WON + pos.courage if pos.divinity >= top else LOST + pos.divinity
        return pos.courage + W_DIVINITY * min(pos.divinity, top) + 3.0

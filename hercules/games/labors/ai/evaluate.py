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

from hercules.games._kit.memo import table_memo
from hercules.games.labors.engine.data import Attack, BlueDef, LaborsData, TrialDieDef
from hercules.games.labors.engine.methods import min_dice, value_sets
from hercules.games.labors.engine.spaces import new_values

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


PMF_SAMPLES = 80  #: rolls sampled for a hit distribution (each new one is a decision's cost)


# The memos keyed by a roll's faces are table memos (the rolls of up to nine dice are
# thousands per method: unbounded, they grew through an hour of play), bounded and forgotten
# when the table closes; those keyed by (method, dice) alone stay whole. All are pure, so
# neither changes a value.
@table_memo(maxsize=1 << 12)
def hit_pmf(attack: Attack, dice: int, blues: tuple[BlueDef, ...] = ()) -> tuple[float, ...]:
    """The distribution of sets meeting ``attack`` in a roll of ``dice`` dice, the blue
    abilities ``blues`` used (each on one die, the best change first, then the next best).

    Sampled once per (method, dice, abilities) with a fixed generator; ``pmf[k]`` is
    P(k sets). Re-rolls are left out (they are valued by the roll's own search).
    """
    gen = random.Random(f"pmf{attack.kind}{attack.values}{dice}{blues}")
    counts: dict[int, int] = {}
    usable = [b for b in blues if b.kind not in ("reroll", "reroll_others")]
    for _ in range(PMF_SAMPLES):
        vals = sorted(gen.randint(1, 6) for _ in range(dice))
        n = _best_with_blues(attack, vals, usable)
        counts[n] = counts.get(n, 0) + 1
    top = max(counts)
    return tuple(counts.get(k, 0) / PMF_SAMPLES for k in range(top + 1))


@table_memo(maxsize=1 << 12)
def _changes(blue: BlueDef, vals: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """The rolls one blue ability can make of ``vals`` (sorted; one die changed)."""
    out: set[tuple[int, ...]] = set()
    for i, v in enumerate(vals):
        if i and vals[i - 1] == v:
            continue
        rest = vals[:i] + vals[i + 1 :]
        if blue.kind == "twin":
            out.add(tuple(sorted((*vals, v))))
        elif blue.kind == "set_other":
            for j, w in enumerate(rest):
                if j and rest[j - 1] == w:
                    continue
                others = rest[:j] + rest[j + 1 :]
                out |= {tuple(sorted((*others, n))) for n in range(1, 7) if n != w}
        else:
            out |= {tuple(sorted((*rest, n))) for n in new_values(blue, v)}
    return frozenset(out)


@table_memo(maxsize=1 << 13)
def _sets_in(attack: Attack, vals: tuple[int, ...]) -> int:
    return _greedy_sets(attack, list(vals))


def _best_with_blues(attack: Attack, vals: list[int], blues: list[BlueDef]) -> int:
    roll = tuple(vals)
    best = _sets_in(attack, roll)
    left = list(blues)
    for _ in range(2):  # two changes at most, the best first
        found: tuple[int, tuple[int, ...], int] | None = None
        for k, b in enumerate(left):
            for new in _changes(b, roll):
                n = _sets_in(attack, new)
                if n > best and (found is None or n > found[0]):
                    found = (n, new, k)
        if found is None:
            break
        best, roll = found[0], found[1]
        left.pop(found[2])
    return best


def _thin(pmf: tuple[float, ...], share: float) -> tuple[float, ...]:
    """The distribution of a binomial share of ``pmf``'s count."""
    if share >= 0.999:
        return pmf
    out = [0.0] * len(pmf)
    for n, p in enumerate(pmf):
        for k in range(n + 1):
            out[k] += p * math.comb(n, k) * share**k * (1 - share) ** (n - k)
    return tuple(out)


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
    blues: tuple[BlueDef, ...] = ()  #: the blue abilities in play (the hit distribution)


class Evaluator:
    """The value of positions of one run's data, with its caches."""

    def __init__(self, data: LaborsData) -> None:
        self.data = data
        #: A point of Divinity now, in Courage: set for each decision from how far the run
        #: projects to be from the top (:func:`.carry.divinity_weight`).
        self.w_div = W_DIVINITY
        self._paths: dict[tuple[object, ...], dict[tuple[str, int, int], tuple[float, float]]] = {}
        self._values: dict[tuple[Position, float], float] = {}
        self._costs: dict[tuple[object, ...], dict[str, tuple[float, float, int]]] = {}

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
                cost += self.w_div if pos.divinity > 0 else 0.3
            elif eff == "bk":
                cost += W_BROKEN
            elif eff == "nb":
                cost += W_NO_SHIELD
            elif eff == "adv" and others:
                cost += W_ADV
        return cost

    def pmfs(self, pos: Position) -> list[tuple[float, ...]]:
        """Each live Trial die's distribution of hits per roll (a shared roll split by need)."""
        lab = self.data.labour(pos.labour)
        groups: dict[Attack, list[int]] = {}
        for i, (d, (health, _)) in enumerate(zip(lab.dice, pos.trial, strict=True)):
            if health > 0:
                groups.setdefault(d.attack, []).append(i)
        out: list[tuple[float, ...]] = [(1.0,)] * len(pos.trial)
        for attack, members in groups.items():
            pmf = hit_pmf(attack, pos.dice, pos.blues)
            total = sum(pos.trial[i][0] for i in members)
            for i in members:
                share = round(20 * pos.trial[i][0] / total) / 20 if len(members) > 1 else 1.0
                out[i] = _thin(pmf, max(0.05, share))
        return out

    def pain(self, pos: Position) -> tuple[float, float]:
        """The expected cost of the live Trial dice until each falls (skull risk included),
        and the part of it that is Courage lost."""
        pmfs = self.pmfs(pos)
        total = courage = 0.0
        for i, (health, node) in enumerate(pos.trial):
            if health <= 0:
                continue
            cost, lost = self.path_cost(pos, i, node, health, pmfs[i])
            total += cost
            courage += lost
        return total, courage

    def path_cost(
        self, pos: Position, i: int, node: str, health: int, pmf: tuple[float, ...]
    ) -> tuple[float, float]:
        """Die ``i``'s expected cost from ``node`` on, the player taking the best forks.

        A Markov chain over (space, health): each roll deals hits drawn from ``pmf``; a die
        brought to 0 is out, otherwise it moves (the best fork), heals (never above its
        start) and its space costs. Read ``HORIZON`` rolls ahead.
        """
        key = (
            pos.labour,
            i,
            pmf,
            pos.divinity > 0,
            sum(1 for h, _ in pos.trial if h > 0) > 1,
            self.w_div,
        )
        memo = self._paths.get(key)
        if memo is None:
            memo = {}
            self._paths[key] = memo
        # The memo first: most calls find the answer there, and the track's costs below are
        # only needed to work a new one out.
        found = memo.get((node, health, 1))
        if found is not None:
            return found
        die = self.data.labour(pos.labour).dice[i]
        costs = self._track_costs(key[:2] + key[3:], die, pos)

        def walk(at: str, h: int, k: int) -> tuple[float, float]:
            if k > HORIZON:
                return 0.0, 0.0
            got = memo.get((at, h, k))
            if got is not None:
                return got
            cost = lost = 0.0
            for d, p in enumerate(pmf):
                if p <= 0.0 or d >= h:
                    continue
                left = h - d
                best = (math.inf, 0.0)
                for nxt in die.next_spaces(at):
                    if die.track[nxt].skull:
                        c = (W_SKULL, 0.0)
                    else:
                        sc, sl, heal = costs[nxt]
                        later = walk(nxt, min(die.start, left + heal), k + 1)
                        c = (sc + later[0], sl + later[1])
                    if c[0] < best[0]:
                        best = c
                if best[0] == math.inf:
                    continue
                cost += p * best[0]
                lost += p * best[1]
            memo[(at, h, k)] = (cost, lost)
            return cost, lost

        return walk(node, health, 1)

    def _track_costs(
        self, key: tuple[object, ...], die: TrialDieDef, pos: Position
    ) -> dict[str, tuple[float, float, int]]:
        """Each space of ``die``'s track: its cost, the Courage it takes and what it heals.

        ``key`` is what they depend on (the labour, the die, whether Divinity is left, whether
        other Trial dice live, the weight of Divinity): worked out once for it.
        """
        costs = self._costs.get(key)
        if costs is None:
            costs = {}
            for name, space in die.track.items():
                heal = sum(int(e[1:]) for e in space.effects if e.startswith("h"))
                lost = sum(int(e[1:]) for e in space.effects if e.startswith("-"))
                costs[name] = (self.space_cost(die, space.effects, pos), float(lost), heal)
            self._costs[key] = costs
        return costs

    def value(self, pos: Position) -> float:
        """The value of a position with the trial still on (Courage units), remembered."""
        key = (pos, self.w_div)
        got = self._values.get(key)
        if got is None:
            if len(self._values) > 200_000:  # a long session: start again rather than grow
                self._values.clear()
            got = self._value(pos)
            self._values[key] = got
        return got

    def _value(self, pos: Position) -> float:
        top = self.data.divinity_top
        pain, lost = self.pain(pos)
        left = pos.courage - lost
        danger = 6.0 * (3.0 - left) if left < 3.0 else 0.0
        health = sum(h for h, _ in pos.trial if h > 0)
        return pos.courage - pain - danger - W_HEALTH * health + self.w_div * min(pos.divinity, top)

    def beaten(self, pos: Position) -> float:
        """The value of a position whose trial has just been beaten."""
        top = self.data.divinity_top
        if pos.labour == 12:
            return WON + pos.courage if pos.divinity >= top else LOST + pos.divinity
        return pos.courage + self.w_div * min(pos.divinity, top) + 3.0

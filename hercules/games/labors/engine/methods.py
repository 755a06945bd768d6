"""Attack methods and gold spaces: which dice meet them, and every way a roll can.

Dice showing the same value are interchangeable on the trial and on a gold space, so a set
is enumerated once per multiset of values, using the lowest-numbered free dice of each value
(``canonical``): the legal actions stay few and the table maps any die the player drags to
the same action.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, permutations

from hercules.games._kit.memo import table_memo

from .data import Attack, GoldDef

FACES = (1, 2, 3, 4, 5, 6)


def meets(attack: Attack, values: Sequence[int]) -> bool:
    """True when the dice ``values`` form one valid set for ``attack``."""
    vals = sorted(values)
    k = attack.kind
    n = len(vals)
    if k == "eq":
        return n == 1 and vals[0] == attack.values[0]
    if k == "either":
        return n == 1 and vals[0] in attack.values
    if k == "pair":
        return n == 2 and vals[0] == vals[1]
    if k == "triple":
        return n == 3 and vals[0] == vals[2]
    if k == "sum":
        return n >= 1 and sum(vals) == attack.values[0]
    if k == "one_two_three":
        return vals == [1, 2, 3]
    if k == "run":
        size = attack.values[0]
        return n == size and all(vals[i + 1] == vals[i] + 1 for i in range(n - 1))
    if k == "add":
        return n == 3 and vals[0] + vals[1] == vals[2]
    if k == "prod":
        return n >= 3 and any(
            vals[i] * vals[j] == sum(vals) - vals[i] - vals[j] for i, j in combinations(range(n), 2)
        )
    if k == "bull":
        return n == 3 and any(p[0] == 3 and 3 + p[1] <= p[2] for p in permutations(vals))
    raise ValueError(f"unknown attack method {k!r}")


def min_dice(attack: Attack) -> int:
    """The fewest dice a set of this method takes."""
    k = attack.kind
    if k in ("eq", "either"):
        return 1
    if k == "pair":
        return 2
    if k == "sum":
        return -(-attack.values[0] // 6)
    if k == "run":
        return attack.values[0]
    return 3


def _counts(values: Sequence[int]) -> list[int]:
    out = [0] * 7
    for v in values:
        out[v] += 1
    return out


def _sub_multisets(counts: list[int], total: int | None, face: int = 1) -> Iterator[list[int]]:
    """Every multiset (value counts) within ``counts``; with ``total``, those summing to it."""
    if face > 6:
        if total is None or total == 0:
            yield [0] * 7
        return
    top = counts[face]
    if total is not None:
        top = min(top, total // face)
    for k in range(top + 1):
        rest = None if total is None else total - k * face
        for tail in _sub_multisets(counts, rest, face + 1):
            tail[face] = k
            yield tail


def value_sets(attack: Attack, values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every multiset of ``values`` (sorted tuples) that is a valid set for ``attack``."""
    # The answer depends on the multiset only: worked out once per method and multiset (the
    # engine asks at every prompt of a roll, the solver for every roll it weighs).
    return list(_value_sets(attack, tuple(sorted(values))))


@table_memo(maxsize=8192)  # forgotten when a table closes: see hercules.games._kit.memo
def _value_sets(attack: Attack, values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    counts = _counts(values)
    found: set[tuple[int, ...]] = set()
    k = attack.kind
    if k in ("eq", "either"):
        wanted = attack.values
        found = {(v,) for v in wanted if counts[v]}
    elif k in ("pair", "triple"):
        size = 2 if k == "pair" else 3
        found = {(v,) * size for v in FACES if counts[v] >= size}
    elif k == "run":
        size = attack.values[0]
        found = {
            tuple(range(lo, lo + size))
            for lo in range(1, 8 - size)
            if all(counts[v] for v in range(lo, lo + size))
        }
    elif k == "sum":
        for sub in _sub_multisets(counts, attack.values[0]):
            vals = _expand(sub)
            if vals:
                found.add(vals)
    elif k == "prod":
        for a in FACES:
            for b in range(a, 7):
                left = list(counts)
                left[a] -= 1
                left[b] -= 1
                if min(left) < 0:
                    continue
                for sub in _sub_multisets(left, a * b):
                    rest = _expand(sub)
                    if rest:
                        found.add(tuple(sorted((a, b, *rest))))
    else:  # three dice: one_two_three, add, bull
        for combo in combinations(values, 3):  # values are sorted
            if meets(attack, combo):
                found.add(combo)
    return tuple(sorted(found))


def _expand(counts: list[int]) -> tuple[int, ...]:
    return tuple(v for v in FACES for _ in range(counts[v]))


def gold_value_sets(gold: GoldDef, values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every multiset of ``values`` (in the need's order) that fills this gold space."""
    return list(_gold_value_sets(gold, tuple(sorted(values))))


@table_memo(maxsize=8192)
def _gold_value_sets(gold: GoldDef, values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    # As value_sets: the multiset decides, so once per gold space and multiset.
    found: set[tuple[int, ...]] = set()
    for combo in permutations(values, len(gold.need)):
        if gold_meets(gold, combo):
            found.add(tuple(sorted(combo)))
    return tuple(sorted(found))


def gold_meets(gold: GoldDef, values: Sequence[int]) -> bool:
    """True when the dice (in any order) fill the gold space's need."""
    if len(values) != len(gold.need):
        return False
    return any(_fills(gold.need, p) for p in permutations(values))


def _fills(need: Sequence[int | str], values: Sequence[int]) -> bool:
    for want, v in zip(need, values, strict=True):
        if want == "any" or want == "same":
            continue
        if want == "even" and v % 2:
            return False
        if want == "odd" and not v % 2:
            return False
        if isinstance(want, int) and v != want:
            return False
    same = [v for want, v in zip(need, values, strict=True) if want == "same"]
    return len(set(same)) <= 1


def canonical(free: Sequence[tuple[int, int]], values: Sequence[int]) -> tuple[int, ...] | None:
    """The lowest-numbered free dice showing ``values`` (``free``: (die, value) pairs), sorted."""
    return take(dice_by_value(free), values)


def dice_by_value(free: Sequence[tuple[int, int]]) -> dict[int, list[int]]:
    """The free dice (``free``: (die, value) pairs) by value, lowest-numbered first: what
    :func:`take` picks from, made once for all the sets of one roll."""
    pool: dict[int, list[int]] = {}
    for die, v in sorted(free):
        pool.setdefault(v, []).append(die)
    return pool


def take(pool: dict[int, list[int]], values: Sequence[int]) -> tuple[int, ...] | None:
    """:func:`canonical` from a :func:`dice_by_value` pool, which it leaves as it is."""
    taken: list[int] = []
    used: dict[int, int] = {}
    for v in values:
        dice = pool.get(v)
        k = used.get(v, 0)
        if dice is None or k >= len(dice):
            return None
        taken.append(dice[k])
        used[v] = k + 1
    return tuple(sorted(taken))

"""Attack methods and gold needs: ``meets`` against an independent reading of the rulebook, and
``value_sets`` against a brute force over every sub-multiset of every small roll."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement, permutations

import pytest

from hercules.games.labors.engine import load_data
from hercules.games.labors.engine.data import Attack, GoldDef
from hercules.games.labors.engine.methods import (
    canonical,
    gold_meets,
    gold_value_sets,
    meets,
    min_dice,
    value_sets,
)

FACES = range(1, 7)

#: Every method of the game, with the parameters the cards use and a few more.
METHODS = [
    Attack("eq", (1,)),
    Attack("eq", (3,)),
    Attack("eq", (6,)),
    Attack("either", (5, 6)),
    Attack("either", (3, 6)),
    Attack("pair"),
    Attack("triple"),
    Attack("sum", (12,)),
    Attack("sum", (18,)),
    Attack("sum", (7,)),
    Attack("sum", (2,)),
    Attack("one_two_three"),
    Attack("run", (3,)),
    Attack("run", (4,)),
    Attack("add"),
    Attack("prod"),
    Attack("bull"),
]


def _ids(m: Attack) -> str:
    return f"{m.kind}{'-'.join(map(str, m.values))}"


def reference(attack: Attack, values: Sequence[int]) -> bool:
    """The rulebook's words, written independently of the engine."""
    n = len(values)
    k = attack.kind
    if k == "eq":
        return n == 1 and values[0] == attack.values[0]
    if k == "either":
        return n == 1 and values[0] in attack.values
    if k == "pair":
        return n == 2 and len(set(values)) == 1
    if k == "triple":
        return n == 3 and len(set(values)) == 1
    if k == "sum":
        return n >= 1 and sum(values) == attack.values[0]
    if k == "one_two_three":
        return n == 3 and set(values) == {1, 2, 3}
    if k == "run":
        size = attack.values[0]
        return n == size and len(set(values)) == n and max(values) - min(values) == n - 1
    if k == "add":
        # "The sum of the values of two dice equals the value of a third die."
        return n == 3 and any(a + b == c for a, b, c in permutations(values))
    if k == "prod":
        # "The product of two dice equals the value of one other die, or the sum of several."
        for i, j in combinations(range(n), 2):
            rest = [v for x, v in enumerate(values) if x not in (i, j)]
            if rest and values[i] * values[j] == sum(rest):
                return True
        return False
    if k == "bull":
        # "Two dice, one of which shows a 3, summing to no more than a third die."
        return n == 3 and any(a == 3 and a + b <= c for a, b, c in permutations(values))
    raise AssertionError(k)


def multisets(most: int) -> list[tuple[int, ...]]:
    return [m for n in range(1, most + 1) for m in combinations_with_replacement(FACES, n)]


def brute_value_sets(attack: Attack, values: Sequence[int]) -> list[tuple[int, ...]]:
    found = set()
    for n in range(1, len(values) + 1):
        for combo in combinations(sorted(values), n):
            if meets(attack, combo):
                found.add(combo)
    return sorted(found)


@pytest.mark.parametrize("attack", METHODS, ids=_ids)
def test_meets_agrees_with_the_rulebook_for_every_multiset_of_one_to_five_dice(
    attack: Attack,
) -> None:
    for values in multisets(5):
        for order in {values, tuple(reversed(values))}:
            assert meets(attack, order) == reference(attack, order), (attack, order)


@pytest.mark.parametrize("attack", METHODS, ids=_ids)
def test_value_sets_is_every_valid_sub_multiset_for_every_roll_of_one_to_four_dice(
    attack: Attack,
) -> None:
    for values in multisets(4):
        assert value_sets(attack, values) == brute_value_sets(attack, values), (attack, values)


@pytest.mark.parametrize(
    "attack", [m for m in METHODS if m.kind in ("sum", "prod", "run")], ids=_ids
)
def test_value_sets_of_the_many_dice_methods_on_six_dice(attack: Attack) -> None:
    for values in combinations_with_replacement(FACES, 6):
        assert value_sets(attack, values) == brute_value_sets(attack, values), (attack, values)


def test_value_sets_does_not_depend_on_the_order_of_the_dice() -> None:
    for attack in METHODS:
        for values in multisets(4):
            assert value_sets(attack, values[::-1]) == value_sets(attack, values)


def test_min_dice_is_the_fewest_dice_of_any_valid_set() -> None:
    for attack in METHODS:
        sizes = [len(v) for v in multisets(6) if len(v) <= 6 and meets(attack, v)]
        assert min(sizes) == min_dice(attack), attack


# --- the rulebook's examples -----------------------------------------------------------------


def test_rulebook_run_of_three_3_4_5() -> None:
    assert meets(Attack("run", (3,)), [3, 4, 5])
    assert meets(Attack("run", (3,)), [5, 3, 4])
    assert not meets(Attack("run", (3,)), [3, 4, 6])
    assert not meets(Attack("run", (3,)), [3, 4, 4])
    assert not meets(Attack("run", (3,)), [2, 3, 4, 5])


def test_rulebook_run_of_four_2_3_4_5() -> None:
    assert meets(Attack("run", (4,)), [2, 3, 4, 5])
    assert not meets(Attack("run", (4,)), [3, 4, 5])
    assert not meets(Attack("run", (4,)), [2, 3, 4, 6])
    assert value_sets(Attack("run", (4,)), [1, 2, 3, 4, 5]) == [(1, 2, 3, 4), (2, 3, 4, 5)]


def test_rulebook_prod_two_dice_product_equals_one_other_die() -> None:
    prod = Attack("prod")
    assert meets(prod, [2, 3, 6])
    assert meets(prod, [1, 4, 4])
    assert meets(prod, [2, 2, 4])
    assert not meets(prod, [2, 3, 5])
    assert not meets(prod, [2, 3])  # the product needs another die


def test_rulebook_prod_two_dice_product_equals_the_sum_of_several_other_dice() -> None:
    prod = Attack("prod")
    assert meets(prod, [3, 4, 6, 6])  # 3 x 4 = 6 + 6
    assert meets(prod, [2, 5, 4, 6])  # 2 x 5 = 4 + 6
    assert meets(prod, [1, 1, 1])  # 1 x 1 = 1
    assert meets(prod, [6, 6, 6, 6, 6, 6, 6, 6])  # 6 x 6 = 6 x 6
    assert not meets(prod, [3, 4, 6, 5])
    assert (2, 3, 6) in value_sets(prod, [2, 3, 6, 5])
    assert (2, 3, 1, 5) not in value_sets(prod, [2, 3, 1, 5])  # sets are sorted tuples
    assert (1, 2, 3, 5) in value_sets(prod, [2, 3, 1, 5])  # 2 x 3 = 1 + 5


def test_rulebook_add_a_plus_b_equals_c() -> None:
    add = Attack("add")
    assert meets(add, [1, 2, 3])
    assert meets(add, [6, 3, 3])
    assert not meets(add, [1, 2, 4])
    assert not meets(add, [1, 1, 1, 2])  # exactly three dice


def test_rulebook_bull_two_dice_one_a_3_summing_to_no_more_than_a_third() -> None:
    bull = Attack("bull")
    assert meets(bull, [3, 1, 4])  # 3 + 1 = 4
    assert meets(bull, [3, 1, 6])  # 3 + 1 < 6
    assert meets(bull, [3, 3, 6])  # 3 + 3 = 6
    assert meets(bull, [6, 2, 3])
    assert not meets(bull, [3, 2, 4])  # 3 + 2 > 4
    assert not meets(bull, [2, 2, 6])  # no 3
    assert not meets(bull, [3, 1])
    assert value_sets(bull, [3, 1, 4, 6]) == [(1, 3, 4), (1, 3, 6)]


def test_rulebook_sum_exactly_n() -> None:
    s12 = Attack("sum", (12,))
    assert meets(s12, [6, 6])
    assert meets(s12, [1, 5, 6])
    assert meets(s12, [2, 2, 2, 2, 2, 2])
    assert not meets(s12, [6, 5])
    assert not meets(s12, [6, 6, 1])
    assert value_sets(Attack("sum", (18,)), [6, 6, 6, 1]) == [(6, 6, 6)]


def test_rulebook_one_two_three() -> None:
    m = Attack("one_two_three")
    assert meets(m, [3, 1, 2])
    assert not meets(m, [2, 3, 4])
    assert not meets(m, [1, 2, 3, 4])
    assert value_sets(m, [1, 1, 2, 3, 3]) == [(1, 2, 3)]


def test_rulebook_pair_and_triple_match_values() -> None:
    assert meets(Attack("pair"), [4, 4])
    assert not meets(Attack("pair"), [4, 5])
    assert meets(Attack("triple"), [2, 2, 2])
    assert not meets(Attack("triple"), [2, 2, 2, 2])
    assert value_sets(Attack("pair"), [4, 4, 4, 5, 5]) == [(4, 4), (5, 5)]


def test_rulebook_eq_and_either() -> None:
    assert meets(Attack("either", (5, 6)), [5])
    assert meets(Attack("either", (5, 6)), [6])
    assert not meets(Attack("either", (5, 6)), [4])
    assert not meets(Attack("either", (5, 6)), [5, 6])
    assert value_sets(Attack("either", (5, 6)), [5, 6, 6]) == [(5,), (6,)]
    assert value_sets(Attack("eq", (6,)), [1, 2, 3]) == []


def test_every_labour_uses_one_of_the_tested_methods() -> None:
    used = {d.attack for lab in load_data().labours for d in lab.dice}
    assert used <= set(METHODS)


# --- gold needs ------------------------------------------------------------------------------


def _gold_reference(need: Sequence[int | str], values: Sequence[int]) -> bool:
    if len(need) != len(values):
        return False
    for perm in permutations(values):
        ok = True
        for want, v in zip(need, perm, strict=True):
            if want == "even" and v % 2:
                ok = False
            if want == "odd" and not v % 2:
                ok = False
            if isinstance(want, int) and v != want:
                ok = False
        same = [v for want, v in zip(need, perm, strict=True) if want == "same"]
        if ok and len(set(same)) <= 1:
            return True
    return False


@pytest.mark.parametrize(
    "need",
    [("any",), (5,), (6,), (4, 4), (6, 3), ("same", "same"), ("even", "odd")],
    ids=str,
)
def test_gold_meets_and_gold_value_sets_for_every_small_roll(need: tuple[int | str, ...]) -> None:
    g = GoldDef(need, "courage", 1)
    for values in multisets(4):
        assert gold_meets(g, values) == _gold_reference(need, values)
        brute = sorted(
            {c for c in combinations(sorted(values), len(need)) if _gold_reference(need, c)}
        )
        assert gold_value_sets(g, values) == brute, (need, values)


def test_canonical_takes_the_lowest_numbered_free_dice_of_each_value() -> None:
    free = [(4, 6), (0, 6), (2, 3), (5, 3), (3, 6)]
    assert canonical(free, [6]) == (0,)
    assert canonical(free, [6, 6]) == (0, 3)
    assert canonical(free, [3, 6]) == (0, 2)
    assert canonical(free, [6, 6, 6, 6]) is None
    assert canonical(free, [1]) is None

"""Rewards: each bonus, each blue and gold ability, shields, "remove a prior Reward", bounds."""

from __future__ import annotations

import pytest
from labors.engine.helpers import (
    attack,
    blue,
    dice,
    go,
    gold,
    playing,
    refused,
    resolve,
    step,
)

from hercules.games._kit import rng as _rng
from hercules.games.labors.engine import Action, Reason, legal_actions, load_data
from hercules.games.labors.engine.actions import BLUE, GOLD, REMOVE, REWARD, ROLL
from hercules.games.labors.engine.state import (
    FREE,
    ON_GOLD,
    ON_TRIAL,
    P_DRAW,
    P_PLAY,
    P_REMOVE,
    P_REWARD,
    SPENT,
    LaborsState,
    TrialDie,
)

DATA = load_data()

#: Each Reward's bonus as the components file prints it: (Courage, Divinity, dice).
BONUS = {
    "RWD-01": (2, 0, 0),
    "RWD-02": (0, 0, 1),
    "RWD-03": (3, 0, 0),
    "RWD-04A": (2, 0, 1),
    "RWD-04B": (2, 0, 1),
    "RWD-05A": (3, 0, 0),
    "RWD-05B": (3, 0, 0),
    "RWD-06A": (3, 1, 1),
    "RWD-06B": (3, 1, 1),
    "RWD-06C": (3, 1, 1),
    "RWD-06D": (3, 1, 1),
    "RWD-07A": (0, 0, 1),
    "RWD-07B": (0, 0, 1),
    "RWD-08A": (2, 0, 0),
    "RWD-08B": (2, 0, 0),
    "RWD-09A": (2, 0, 0),
    "RWD-09B": (2, 0, 0),
    "RWD-10A": (3, 0, 0),
    "RWD-10B": (3, 0, 0),
    "RWD-10C": (3, 0, 0),
    "RWD-11A": (3, 0, 1),
    "RWD-11B": (3, 0, 1),
    "RWD-11C": (3, 0, 1),
}
#: Restart costs as printed.
RESTART = {
    "RWD-01": 0,
    "RWD-02": 0,
    "RWD-03": 0,
    "RWD-04A": 1,
    "RWD-04B": 1,
    "RWD-05A": 1,
    "RWD-05B": 3,
    "RWD-06A": 2,
    "RWD-06B": 2,
    "RWD-06C": 1,
    "RWD-06D": 1,
    "RWD-07A": 1,
    "RWD-07B": 1,
    "RWD-08A": 1,
    "RWD-08B": 3,
    "RWD-09A": 2,
    "RWD-09B": 1,
    "RWD-10A": 2,
    "RWD-10B": 1,
    "RWD-10C": 2,
    "RWD-11A": 2,
    "RWD-11B": 1,
    "RWD-11C": 2,
}
REMOVE_PRIOR = {"RWD-05A", "RWD-05B", "RWD-07A", "RWD-07B", "RWD-10A", "RWD-10B", "RWD-10C"}


def beaten(labour: int, **changes: object) -> LaborsState:
    """The moment ``labour`` is beaten: its Rewards to choose."""
    s = playing(labour, [1], **changes)
    s = s.with_(trial=tuple(TrialDie(0, t.node) for t in s.trial))
    s, _ = resolve(s)
    assert s.prompt == P_REWARD
    return s


def test_the_reward_table_matches_the_components_file() -> None:
    assert set(DATA.rewards) == set(BONUS)
    for rid, r in DATA.rewards.items():
        assert (r.courage, r.divinity, r.dice) == BONUS[rid], rid
        assert r.restart == RESTART[rid], rid
        assert r.remove_prior == (rid in REMOVE_PRIOR), rid
        assert r.labour == int(rid[4:6])
        assert rid in DATA.labour(r.labour).rewards


@pytest.mark.parametrize("rid", sorted(BONUS))
def test_each_reward_bonus_is_gained_once_when_taken(rid: str) -> None:
    r = DATA.rewards[rid]
    s = beaten(r.labour, courage=5, divinity=2, rewards=("RWD-01",))
    assert sorted(legal_actions(s)) == [
        Action(REWARD, card=x) for x in sorted(DATA.labour(r.labour).rewards)
    ]
    s2, events = step(s, Action(REWARD, card=rid))
    c, d, n = BONUS[rid]
    assert (s2.courage, s2.divinity, s2.dice) == (5 + c, 2 + d, 4 + n)
    assert s2.rewards == ("RWD-01", rid)
    assert s2.prompt == (P_REMOVE if rid in REMOVE_PRIOR else P_DRAW)
    assert any(e.kind == "reward" and e.card == rid for e in events)


def test_reward_courage_is_capped_at_17() -> None:
    s = go(beaten(3, courage=16), Action(REWARD, card="RWD-03"))
    assert s.courage == 17


def test_reward_divinity_is_capped_at_the_top() -> None:
    s = go(beaten(6, divinity=10), Action(REWARD, card="RWD-06A"))
    assert s.divinity == 10


def test_reward_dice_are_capped_at_11() -> None:
    s = go(beaten(6, dice=11), Action(REWARD, card="RWD-06A"))
    assert s.dice == 11
    s = go(beaten(6, dice=10), Action(REWARD, card="RWD-06A"))
    assert s.dice == 11


# --- blue abilities --------------------------------------------------------------------------


def faces(state: LaborsState, space: str, die: int) -> list[int]:
    """The faces a blue space offers for ``die``."""
    return sorted(
        a.value
        for a in legal_actions(state)
        if a.kind == BLUE and a.space == space and a.dice == (die,)
    )


def test_bow_changes_a_die_by_one_wrapping_and_costs_one_courage() -> None:
    s = playing(1, [1, 6, 3])
    assert faces(s, "BOW.b0", 0) == [2, 6]
    assert faces(s, "BOW.b0", 1) == [1, 5]
    assert faces(s, "BOW.b0", 2) == [2, 4]
    s2, events = step(s, blue("BOW.b0", [1], 1))
    assert s2.roll[1].value == 1 and s2.roll[1].blue and s2.courage == 16
    assert any(e.kind == "courage" and e.n == -1 for e in events)


@pytest.mark.parametrize("space", ["RWD-07A.b0", "RWD-10A.b0", "RWD-10A.b1"])
def test_pm1_rewards_change_a_die_by_one_without_wrapping_for_free(space: str) -> None:
    s = playing(1, [1, 6, 3], rewards=(space.split(".")[0],))
    assert faces(s, space, 0) == [2]
    assert faces(s, space, 1) == [5]
    assert faces(s, space, 2) == [2, 4]
    assert go(s, blue(space, [2], 4)).courage == 17


def test_rwd_10a_has_two_spaces_for_two_dice() -> None:
    s = playing(1, [1, 6, 3], rewards=("RWD-10A",))
    s = go(s, blue("RWD-10A.b0", [0], 2), blue("RWD-10A.b1", [1], 5))
    assert [d.value for d in s.roll] == [2, 5, 3]


def test_plus1_adds_one_never_past_six() -> None:
    s = playing(1, [6, 5, 1], rewards=("RWD-07B",))
    assert faces(s, "RWD-07B.b0", 0) == []
    assert faces(s, "RWD-07B.b0", 1) == [6]
    s = go(s, blue("RWD-07B.b0", [1], 6), blue("RWD-07B.b1", [2], 2))
    assert [d.value for d in s.roll] == [6, 6, 2]
    refused(s, blue("RWD-07B.b1", [0], 6), Reason.SPACE_USED)


@pytest.mark.parametrize("space", ["RWD-08A.b0", "RWD-10C.b0", "RWD-10C.b1"])
def test_flip_turns_a_die_to_its_opposite_face(space: str) -> None:
    s = playing(1, [1, 2, 3, 4, 5, 6], rewards=(space.split(".")[0],))
    for die in range(6):
        assert faces(s, space, die) == [6 - die]


def test_six_three_changes_6_to_3_and_3_to_6_only() -> None:
    s = playing(1, [6, 3, 1, 2, 4, 5], rewards=("RWD-01",))
    assert faces(s, "RWD-01.b0", 0) == [3]
    assert faces(s, "RWD-01.b0", 1) == [6]
    for die in range(2, 6):
        assert faces(s, "RWD-01.b0", die) == []


def test_parity_changes_a_die_to_any_value_of_the_other_parity_for_free() -> None:
    s = playing(1, [3, 4], rewards=("RWD-06A",))
    assert faces(s, "RWD-06A.b0", 0) == [2, 4, 6]
    assert faces(s, "RWD-06A.b0", 1) == [1, 3, 5]
    assert go(s, blue("RWD-06A.b0", [0], 6)).courage == 17


def test_any_value_sets_a_die_to_any_other_value() -> None:
    s = playing(1, [3], rewards=("RWD-06B",))
    assert faces(s, "RWD-06B.b0", 0) == [1, 2, 4, 5, 6]


def test_set_other_spends_its_die_to_set_another_die_to_any_value() -> None:
    s = playing(1, [2, 3], rewards=("RWD-05A",))
    acts = [a for a in legal_actions(s) if a.space == "RWD-05A.b0"]
    assert {(a.dice, a.value) for a in acts} == {((0, 1), v) for v in (1, 2, 4, 5, 6)} | {
        ((1, 0), v) for v in (1, 3, 4, 5, 6)
    }
    s2 = go(s, blue("RWD-05A.b0", [0, 1], 6))
    assert s2.roll[0].use == SPENT and s2.roll[1].value == 6
    assert s2.roll[1].use == FREE
    refused(s2, attack([0]), Reason.NO_DIE)
    assert attack([1]) in legal_actions(s2)  # the Lion takes a 6


def test_set_other_may_change_a_die_already_changed_by_blue() -> None:
    s = playing(1, [2, 3], rewards=("RWD-05A",))
    s = go(s, blue("BOW.b0", [1], 4), blue("RWD-05A.b0", [0, 1], 5))
    assert s.roll[1].value == 5 and s.roll[1].blue


def test_reroll_rerolls_this_die() -> None:
    s = playing(1, [2, 3], rewards=("RWD-02",))
    face = _rng.roll_die(s.rng)[1]
    s2, events = step(s, blue("RWD-02.b0", [0]))
    assert s2.roll[0].value == face and s2.roll[0].blue and s2.rng != s.rng
    assert any(e.kind == "rerolled" for e in events)
    refused(s2, blue("RWD-02.b1", [0]), Reason.DIE_USED_BLUE)
    s3 = go(s2, blue("RWD-02.b1", [1]))
    assert s3.roll[1].blue


def test_reroll_others_rerolls_any_other_dice_and_its_die_stays_usable() -> None:
    s = playing(1, [2, 3, 3], rewards=("RWD-05B",))
    acts = {a.dice for a in legal_actions(s) if a.space == "RWD-05B.b0"}
    # die 0 on the space, any non-empty multiset of the others; die 1 for the 3s.
    assert acts == {(0, 1), (0, 1, 2), (1, 0), (1, 2), (1, 0, 2)}
    seed = s.rng
    seed, f1 = _rng.roll_die(seed)
    seed, f2 = _rng.roll_die(seed)
    s2 = go(s, blue("RWD-05B.b0", [0, 1, 2]))
    assert [d.value for d in s2.roll] == [2, f1, f2]
    assert s2.roll[0].use == FREE and s2.roll[0].blue
    assert not s2.roll[1].blue  # a rerolled die may still go on a blue space


def test_reroll_others_tells_apart_dice_of_one_value_by_their_blue_mark() -> None:
    s = playing(1, [2, 3, 5], rewards=("RWD-05B",))
    s = go(s, blue("BOW.b0", [0], 3))  # dice 0 (3, changed) and 1 (3, not yet) differ
    acts = {a.dice for a in legal_actions(s) if a.space == "RWD-05B.b0" and a.dice[0] == 2}
    assert acts == {(2, 0), (2, 1), (2, 0, 1)}
    s2 = go(s, blue("RWD-05B.b0", [2, 0]))
    assert s2.roll[1] == s.roll[1]  # the unchanged 3 may still go on a blue space
    assert not s2.roll[1].blue and s2.roll[0].blue


def test_twin_free_adds_a_die_of_the_same_value_that_may_pair() -> None:
    s = playing(3, [4], rewards=("RWD-09A",))  # the Hind: a pair
    s2 = go(s, blue("RWD-09A.b0", [0]))
    assert len(s2.roll) == 2 and s2.roll[1].value == 4 and s2.roll[1].twin
    assert s2.courage == 17
    assert attack([0, 1]) in legal_actions(s2)
    s3 = go(s2, attack([0, 1]))
    assert s3.trial[0].health == 5


def test_twin_may_go_on_gold_while_its_pair_attacks() -> None:
    s = playing(1, [6], rewards=("RWD-09A", "RWD-11A"))
    s = go(s, blue("RWD-09A.b0", [0]), gold("RWD-11A.g0", [0]), attack([1]))
    assert s.courage == 17 and s.trial[0].health == 5
    assert [d.use for d in s.roll] == [ON_GOLD, ON_TRIAL]


def test_twin_paying_two_courage() -> None:
    s = playing(1, [6], rewards=("RWD-04B",))
    s2, _ = step(s, blue("RWD-04B.b0", [0]))
    assert s2.courage == 15 and len(s2.roll) == 2


def test_twin_paying_two_is_refused_when_courage_would_reach_zero() -> None:
    s = playing(1, [6], rewards=("RWD-04B",), courage=2)
    assert not [a for a in legal_actions(s) if a.space == "RWD-04B.b0"]
    refused(s, blue("RWD-04B.b0", [0]), Reason.NO_COURAGE)
    s = playing(1, [6], rewards=("RWD-04B",), courage=3)
    assert go(s, blue("RWD-04B.b0", [0])).courage == 1


def test_bow_is_refused_at_courage_one() -> None:
    s = playing(1, [2], courage=1)
    assert not [a for a in legal_actions(s) if a.kind == BLUE]
    refused(s, blue("BOW.b0", [0], 3), Reason.NO_COURAGE)


def test_a_changed_die_may_still_attack_or_go_on_gold() -> None:
    s = playing(1, [5, 2], rewards=("RWD-01",))
    s = go(s, blue("BOW.b0", [0], 6), attack([0]), gold("RWD-01.g0", [1]))
    assert s.trial[0].health == 5 and s.shields == 1


def test_each_die_goes_on_one_blue_space_and_each_space_once_per_roll() -> None:
    s = playing(1, [3, 3], rewards=("RWD-01", "RWD-07A"))
    s = go(s, blue("RWD-01.b0", [0], 6))
    assert not [a for a in legal_actions(s) if a.kind == BLUE and a.dice[0] == 0]
    assert not [a for a in legal_actions(s) if a.space == "RWD-01.b0"]
    refused(s, blue("RWD-07A.b0", [0], 5), Reason.DIE_USED_BLUE)


def test_blue_spaces_work_again_on_the_next_roll() -> None:
    s = playing(1, [1, 2, 3, 4], rewards=("RWD-01",))
    s = go(s, blue("BOW.b0", [0], 2))
    s, _ = resolve(s)
    s, _ = step(s, Action(ROLL))
    assert s.used == () and not any(d.blue for d in s.roll)


# --- gold abilities --------------------------------------------------------------------------

GOLDS = [
    # (reward, roll, the gold actions (dice), gain kind, amount)
    ("RWD-01", [2, 2, 5], [(0,), (2,)], "shield", 1),
    ("RWD-03", [4, 4, 4, 3], [(0, 1)], "divinity", 1),
    ("RWD-04A", [2, 2, 5, 5, 1], [(0, 1), (2, 3)], "courage", 2),
    ("RWD-06C", [1, 2], [(0,), (1,)], "courage", 1),
    ("RWD-06D", [5, 4, 5], [(0,)], "shield", 2),
    ("RWD-09B", [3, 6, 6, 2], [(0, 1)], "divinity", 2),
    ("RWD-10B", [2, 4, 1], [(0, 2), (1, 2)], "divinity", 1),
    ("RWD-11A", [6, 5, 6], [(0,)], "courage", 2),
    ("RWD-11B", [6, 5, 5], [(1,)], "divinity", 1),
    ("RWD-11C", [3, 3, 1], [(0,), (2,)], "shield", 2),
]


@pytest.mark.parametrize(
    ("rid", "roll", "sets", "gain", "amount"), GOLDS, ids=[g[0] for g in GOLDS]
)
def test_each_gold_ability(
    rid: str, roll: list[int], sets: list[tuple[int, ...]], gain: str, amount: int
) -> None:
    s = playing(1, roll, rewards=(rid,), courage=10, divinity=3)
    space = f"{rid}.g0"
    assert sorted(a.dice for a in legal_actions(s) if a.kind == GOLD) == sorted(sets)
    s2 = go(s, gold(space, sets[0]))
    assert all(s2.roll[d].use == ON_GOLD for d in sets[0])
    assert s2.allocating
    got = {
        "shield": s2.shields - s.shields,
        "courage": s2.courage - s.courage,
        "divinity": s2.divinity - s.divinity,
    }
    assert got == {k: (amount if k == gain else 0) for k in got}
    assert not [a for a in legal_actions(s2) if a.space == space]  # once per roll
    if not set(sets[-1]) & set(sets[0]):
        refused(s2, gold(space, sets[-1]), Reason.SPACE_USED)
    refused(s2, gold(space, sets[0]), Reason.NO_DIE)  # the dice stay on the space


def test_gold_courage_is_capped_at_17() -> None:
    s = playing(1, [6], rewards=("RWD-11A",), courage=16)
    assert go(s, gold("RWD-11A.g0", [0])).courage == 17


def test_gold_divinity_is_capped_at_the_top() -> None:
    s = playing(1, [6, 3], rewards=("RWD-09B",), divinity=9)
    assert go(s, gold("RWD-09B.g0", [0, 1])).divinity == 10


def test_shields_cancel_courage_loss_in_this_rounds_advance() -> None:
    s = playing(1, [2, 2], rewards=("RWD-11C",))  # the Lion: 1 is -1
    s = go(s, gold("RWD-11C.g0", [0]))
    s, events = resolve(s)
    assert s.courage == 17
    assert any(e.kind == "hurt" and e.values == (1, 1) for e in events)


def test_shields_do_not_last_to_the_next_round() -> None:
    s = playing(1, [2, 2], rewards=("RWD-11C",), trial=(TrialDie(6, "2"),))
    s = go(s, gold("RWD-11C.g0", [0]))
    s, _ = resolve(s)  # 2 -> 3: h1, nothing to cancel
    assert s.courage == 17
    s, _ = step(s, Action(ROLL))
    assert s.shields == 0
    s, _ = resolve(s.with_(roll=dice(*[1] * len(s.roll))))
    assert s.courage == 15


def test_shields_do_not_cancel_divinity_loss() -> None:
    s = playing(5, [2, 2], rewards=("RWD-11C",), divinity=4)
    s = s.with_(trial=(TrialDie(5, "3"), TrialDie(0, "S")))  # T05A: 4 is dv
    s = go(s, gold("RWD-11C.g0", [0]))
    assert resolve(s)[0].divinity == 3


def test_courage_never_drops_below_zero() -> None:
    s = playing(8, [2, 2], courage=2)  # T08A: 1 is -3
    s2, _ = resolve(s)
    assert s2.courage == 0 and s2.outcome == "courage"


# --- remove a prior Reward -------------------------------------------------------------------


@pytest.mark.parametrize("rid", sorted(REMOVE_PRIOR))
def test_remove_prior_is_mandatory_and_the_bow_is_not_a_reward(rid: str) -> None:
    r = DATA.rewards[rid]
    owned = tuple(sorted(DATA.labour(n).rewards[0] for n in range(1, r.labour)))[-3:]
    s = beaten(r.labour, rewards=owned, courage=5, divinity=2)
    s = go(s, Action(REWARD, card=rid))
    assert s.prompt == P_REMOVE
    assert legal_actions(s) == [Action(REMOVE, card=x) for x in sorted(owned)]
    refused(s, Action(REMOVE, card=rid), Reason.ILLEGAL)
    refused(s, Action(REMOVE, card="BOW"), Reason.ILLEGAL)
    refused(s, Action(ROLL), Reason.WRONG_DECISION)
    s2 = go(s, Action(REMOVE, card=owned[0]))
    assert s2.rewards == (*owned[1:], rid)
    assert s2.prompt == P_DRAW and s2.labour == r.labour + 1


def test_remove_prior_keeps_the_removed_rewards_bonuses_and_mood_swap() -> None:
    s = beaten(6, rewards=("RWD-01", "RWD-04A"), courage=5, divinity=0, dice=5)
    s = go(s, Action(REWARD, card="RWD-06A"))
    s = beaten(7, **{k: getattr(s, k) for k in ("rewards", "courage", "divinity", "dice")})
    s = s.with_(
        mood_deck=tuple(m for m in s.mood_deck if m != "MOOD-SORROWFUL") + ("MOOD-PHOLUS",),
        moods_out=("MOOD-SORROWFUL",),
    )
    before = s
    s = go(s, Action(REWARD, card="RWD-07A"), Action(REMOVE, card="RWD-04A"))
    assert s.rewards == ("RWD-01", "RWD-06A", "RWD-07A")
    assert s.dice == before.dice + 1 and s.divinity == before.divinity
    assert "MOOD-PHOLUS" in s.mood_deck and "MOOD-SORROWFUL" in s.moods_out


def test_remove_prior_with_no_prior_reward_asks_nothing() -> None:
    s = go(beaten(5, rewards=()), Action(REWARD, card="RWD-05A"))
    assert s.prompt == P_DRAW and s.rewards == ("RWD-05A",)


def test_a_removed_rewards_spaces_are_gone() -> None:
    s = go(beaten(7, rewards=("RWD-01",)), Action(REWARD, card="RWD-07B"))
    s = go(s, Action(REMOVE, card="RWD-01"))
    s = s.with_(prompt=P_PLAY, mood="MOOD-HAUNT-A", roll=dice(3, 3), round=1)
    s = s.with_(mood_deck=tuple(m for m in s.mood_deck if m != "MOOD-HAUNT-A"))
    assert not [a for a in legal_actions(s) if a.space.startswith("RWD-01")]

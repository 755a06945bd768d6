"""A round's gold gains net with its losses before the bounds (components rulings 6 and 9).

Courage never exceeds X (17) and Divinity never the top (10), but within a round "gains and
losses net before bounds": a gold +2 at Courage 16 followed by a -2 space leaves 16 (it once
left 15: the gain was cut to 17 when the die was placed, then the loss taken from there).
"""

from __future__ import annotations

import pytest
from labors.engine.helpers import attack, go, gold, move, playing, resolve, round_trip

from hercules.games.labors.engine import (
    Action,
    InvalidStateError,
    load_data,
    state_from_json,
    state_to_json,
)
from hercules.games.labors.engine.actions import REWARD
from hercules.games.labors.engine.state import P_FORK, P_REWARD, P_ROLL, TrialDie

DATA = load_data()
TOP_COURAGE = DATA.courage_max  # 17
TOP_DIVINITY = DATA.divinity_top  # 10

# RWD-11A's gold space: a 6 -> +2 Courage; RWD-11B's: a 5 -> +1 Divinity.
COURAGE_2 = ("RWD-11A", "RWD-11A.g0")
DIVINITY_1 = ("RWD-11B", "RWD-11B.g0")


def _lion_before_minus_2(courage: int):  # T01: -1, -1, h1, -2, SK: from "3" the next is -2
    s = playing(1, [6, 1], rewards=(COURAGE_2[0],), courage=courage, trial=(TrialDie(6, "3"),))
    return go(s, gold(COURAGE_2[1], [0]))


def test_courage_16_a_gold_plus_2_then_a_minus_2_space_leaves_16() -> None:
    s = _lion_before_minus_2(16)
    assert (s.courage, s.courage_surplus) == (TOP_COURAGE, 1)  # shown at the bound meanwhile
    s, _ = resolve(s)
    assert s.prompt == P_ROLL
    assert (s.courage, s.courage_surplus) == (16, 0)


def test_divinity_10_a_gold_plus_1_then_a_flame_leaves_10() -> None:
    # T05A: -1, -1, -1+h1, dv, ...: from "3" the next is the flame; T05B beaten.
    s = playing(
        5,
        [5, 2],
        rewards=(DIVINITY_1[0],),
        divinity=TOP_DIVINITY,
        trial=(TrialDie(5, "3"), TrialDie(0, "S")),
    )
    s = go(s, gold(DIVINITY_1[1], [0]))
    assert (s.divinity, s.divinity_surplus) == (TOP_DIVINITY, 1)
    s, _ = resolve(s)
    assert (s.divinity, s.divinity_surplus) == (TOP_DIVINITY, 0)
    assert s.courage == TOP_COURAGE  # the flame space takes no Courage


def test_courage_at_the_top_a_gold_plus_2_with_no_loss_stays_at_the_top() -> None:
    # T05B: -1, h1, ...: from "1" the next space heals only.
    s = playing(
        5,
        [6, 2],
        rewards=(COURAGE_2[0],),
        courage=TOP_COURAGE,
        trial=(TrialDie(0, "S"), TrialDie(5, "1")),
    )
    s = go(s, gold(COURAGE_2[1], [0]))
    assert (s.courage, s.courage_surplus) == (TOP_COURAGE, 2)
    s, _ = resolve(s)
    assert (s.courage, s.courage_surplus) == (TOP_COURAGE, 0)  # the bound holds: never 19


def test_a_loss_larger_than_the_gain_above_the_top_nets_below_it() -> None:
    s = _lion_before_minus_2(17)  # 17 + 2 - 2 = 17
    assert resolve(s)[0].courage == TOP_COURAGE
    s = _lion_before_minus_2(14)  # no surplus: 16, then -2
    assert s.courage_surplus == 0 and resolve(s)[0].courage == 14


def test_a_gain_below_the_top_is_not_changed_by_netting() -> None:
    s = _lion_before_minus_2(10)
    assert (s.courage, s.courage_surplus) == (12, 0)
    assert resolve(s)[0].courage == 10


def test_shields_cancel_the_loss_before_it_nets_with_the_gain() -> None:
    # RWD-01's gold: any die -> 1 shield. 16 + 2 - (2 - 1) = 17.
    s = playing(1, [6, 1], rewards=(COURAGE_2[0], "RWD-01"), courage=16, trial=(TrialDie(6, "3"),))
    s = go(s, gold(COURAGE_2[1], [0]), gold("RWD-01.g0", [1]))
    assert s.shields == 1
    s, _ = resolve(s)
    assert (s.courage, s.shields) == (TOP_COURAGE, 0)


def test_the_surplus_waits_through_a_fork_and_nets_with_the_chosen_space() -> None:
    # The Cretan Bull forks at its start; R1 is -1: 16 + 2 - 1 = 17 (once 16).
    s = playing(7, [2, 2], rewards=("RWD-04A",), courage=16)  # its gold: a pair -> +2C
    s = go(s, gold("RWD-04A.g0", [0, 1]))
    s, _ = resolve(s)
    assert s.prompt == P_FORK and (s.courage, s.courage_surplus) == (TOP_COURAGE, 1)
    assert round_trip(s) == s  # a save made at the fork keeps it
    s = go(s, move(0, "R1"))
    assert (s.courage, s.courage_surplus) == (TOP_COURAGE, 0)


def test_the_second_advance_of_an_adv_space_nets_with_the_same_gain() -> None:
    # Cerberus: T12C "6" -> "7" (adv), T12A "7" -> "8" (bk) then, moved again, "9" (-1).
    s = playing(
        12,
        [6, 1],
        rewards=(COURAGE_2[0],),
        courage=16,
        trial=(TrialDie(6, "7"), TrialDie(0, "S"), TrialDie(6, "6")),
    )
    s = go(s, gold(COURAGE_2[1], [0]))
    s, events = resolve(s)
    assert [t.node for t in s.trial] == ["9", "S", "7"]
    assert any(e.kind == "adv" for e in events)
    assert (s.courage, s.courage_surplus) == (TOP_COURAGE, 0)  # 16 + 2 - 1


def test_a_beaten_trial_ends_the_round_and_its_surplus() -> None:
    s = playing(1, [6, 5], rewards=(COURAGE_2[0],), courage=16, trial=(TrialDie(1, "3"),))
    s = go(s, gold(COURAGE_2[1], [0]), attack([1]))
    assert s.courage_surplus == 1
    s, _ = resolve(s)
    assert s.prompt == P_REWARD and (s.courage, s.courage_surplus) == (TOP_COURAGE, 0)
    s = go(s, Action(REWARD, card="RWD-01"))  # its +2 Courage stops at the top at once
    assert (s.labour, s.courage, s.courage_surplus) == (2, TOP_COURAGE, 0)


def test_a_round_without_gold_gains_keeps_no_surplus() -> None:
    s, _ = resolve(playing(1, [1], courage=TOP_COURAGE, trial=(TrialDie(6, "3"),)))
    assert s.prompt == P_ROLL and (s.courage, s.courage_surplus) == (TOP_COURAGE - 2, 0)


def _cerberus_before_minus_2(courage: int):  # a reachable state: T12A "2" -> "3" is -2
    s = playing(
        12,
        [6, 1],
        rewards=(COURAGE_2[0],),
        courage=courage,
        trial=(TrialDie(6, "2"), TrialDie(0, "S"), TrialDie(0, "S")),
    )
    return go(s, gold(COURAGE_2[1], [0]))


def test_a_state_document_with_a_surplus_outside_a_round_is_refused() -> None:
    s, _ = resolve(_cerberus_before_minus_2(16))
    assert (s.prompt, s.courage) == (P_ROLL, 16)
    doc = state_to_json(s)
    with pytest.raises(InvalidStateError, match="outside a round"):
        state_from_json({**doc, "courage": TOP_COURAGE, "courage_surplus": 1})


def test_a_state_document_with_a_surplus_below_the_top_is_refused() -> None:
    doc = state_to_json(_cerberus_before_minus_2(16))
    assert state_from_json(doc).courage_surplus == 1
    with pytest.raises(InvalidStateError, match="below the top"):
        state_from_json({**doc, "courage": 16})
    with pytest.raises(InvalidStateError, match="below the top"):
        state_from_json({**doc, "divinity_surplus": 1})

"""Refusals: every illegal action raises IllegalActionError with the right Reason, and the
state is left exactly as it was."""

from __future__ import annotations

from labors.engine.helpers import (
    at_labour,
    attack,
    blue,
    game,
    go,
    gold,
    move,
    playing,
    refused,
    resolve,
)

from hercules.games.labors.engine import Action, Reason, apply, legal_actions, validate
from hercules.games.labors.engine.actions import ABDERUS, BEGIN, KEEP, RESOLVE, ROLL
from hercules.games.labors.engine.state import (
    P_ABDERUS,
    P_FORK,
    P_OVER,
    TrialDie,
)


def test_an_attack_with_dice_that_do_not_meet_the_method_is_not_met() -> None:
    s = playing(1, [6, 2, 4])  # the Lion: a 5 or a 6
    refused(s, attack([1]), Reason.NOT_MET)
    refused(s, attack([0, 1]), Reason.NOT_MET)


def test_an_attack_when_nothing_meets_the_method_is_not_met_not_wrong_decision() -> None:
    s = playing(1, [1, 2, 3])
    refused(s, attack([0]), Reason.NOT_MET)


def test_an_attack_on_a_trial_die_at_zero_is_beaten() -> None:
    s = playing(4, [1, 2, 3])
    s = s.with_(trial=(TrialDie(0, "S"), TrialDie(3, "S")))
    refused(s, attack([0, 1, 2], target=0), Reason.BEATEN)


def test_an_attack_on_a_missing_trial_die_is_illegal() -> None:
    refused(playing(1, [6]), attack([0], target=3), Reason.ILLEGAL)


def test_a_die_already_on_the_trial_is_no_die() -> None:
    s = go(playing(1, [6, 5]), attack([0]))
    refused(s, attack([0]), Reason.NO_DIE)
    refused(s, gold("RWD-01.g0", [0]), Reason.NO_DIE)


def test_a_die_that_is_not_in_the_roll_is_no_die() -> None:
    s = playing(1, [6, 5])
    refused(s, attack([7]), Reason.NO_DIE)
    refused(s, attack([-1]), Reason.NO_DIE)
    refused(s, blue("BOW.b0", [9], 5), Reason.NO_DIE)


def test_a_die_named_twice_is_no_die() -> None:
    refused(playing(3, [4, 4]), attack([0, 0]), Reason.NO_DIE)


def test_a_gold_space_used_this_roll_is_space_used() -> None:
    s = go(playing(1, [1, 2, 3], rewards=("RWD-01",)), gold("RWD-01.g0", [0]))
    refused(s, gold("RWD-01.g0", [1]), Reason.SPACE_USED)


def test_a_blue_space_used_this_roll_is_space_used() -> None:
    s = go(playing(1, [1, 2, 3]), blue("BOW.b0", [0], 2))
    refused(s, blue("BOW.b0", [1], 3), Reason.SPACE_USED)


def test_a_blue_ability_after_a_gold_one_is_blue_after_gold() -> None:
    s = go(playing(1, [1, 2, 3], rewards=("RWD-01",)), gold("RWD-01.g0", [0]))
    refused(s, blue("BOW.b0", [1], 3), Reason.BLUE_AFTER_GOLD)
    refused(s, blue("RWD-01.b0", [2], 6), Reason.BLUE_AFTER_GOLD)


def test_a_blue_ability_after_an_attack_is_blue_after_gold() -> None:
    s = go(playing(1, [6, 2, 3]), attack([0]))
    refused(s, blue("BOW.b0", [1], 3), Reason.BLUE_AFTER_GOLD)


def test_a_die_on_its_second_blue_space_is_die_used_blue() -> None:
    s = go(playing(1, [1, 2, 3], rewards=("RWD-01",)), blue("RWD-01.b0", [2], 6))
    refused(s, blue("BOW.b0", [2], 5), Reason.DIE_USED_BLUE)


def test_a_blue_face_the_ability_cannot_give_is_not_met() -> None:
    s = playing(1, [2, 2, 4], rewards=("RWD-01",))
    refused(s, blue("RWD-01.b0", [0], 6), Reason.NOT_MET)  # 6<->3 only
    refused(s, blue("BOW.b0", [0], 4), Reason.NOT_MET)  # +-1 only


def test_a_gold_space_the_dice_do_not_fill_is_not_met() -> None:
    s = playing(1, [4, 3], rewards=("RWD-03",))
    refused(s, gold("RWD-03.g0", [0, 1]), Reason.NOT_MET)  # needs 4 + 4


def test_a_space_of_a_reward_not_owned_is_illegal() -> None:
    refused(playing(1, [4, 4]), gold("RWD-03.g0", [0, 1]), Reason.ILLEGAL)
    refused(playing(1, [4, 4]), blue("RWD-07A.b0", [0], 5), Reason.ILLEGAL)


def test_the_wrong_kind_of_decision_is_wrong_decision() -> None:
    s = at_labour(1)  # waiting for the roll
    refused(s, attack([0]), Reason.WRONG_DECISION)
    refused(s, Action(RESOLVE), Reason.WRONG_DECISION)
    refused(game(), Action(ROLL), Reason.WRONG_DECISION)  # the Mood comes first
    refused(playing(1, [6]), Action(ROLL), Reason.WRONG_DECISION)
    refused(playing(1, [6]), move(0, "1"), Reason.WRONG_DECISION)


def test_a_resolve_at_a_fork_is_wrong_decision() -> None:
    s, _ = resolve(playing(7, [1, 1, 1]))
    assert s.prompt == P_FORK
    refused(s, Action(RESOLVE), Reason.WRONG_DECISION)
    refused(s, move(0, "M1"), Reason.ILLEGAL)  # not a space after the start


def test_anything_after_the_end_is_game_over() -> None:
    s = playing(1, [6]).with_(prompt=P_OVER, outcome="skull", roll=())
    refused(s, Action(RESOLVE), Reason.GAME_OVER)
    refused(s, Action(ROLL), Reason.GAME_OVER)


def test_a_courage_cost_that_would_bring_courage_to_zero_is_no_courage() -> None:
    s = playing(1, [1, 2, 3], courage=1)
    refused(s, blue("BOW.b0", [0], 2), Reason.NO_COURAGE)


def test_a_restart_keep_that_would_bring_courage_to_zero_is_no_courage() -> None:
    s = game(start=6).with_(courage=3)
    refused(s, Action(KEEP, card="RWD-05B"), Reason.NO_COURAGE)  # costs 3
    refused(s, Action(KEEP, card="RWD-06A"), Reason.ILLEGAL)  # labour 6 is not before 6
    assert Action(KEEP, card="RWD-05A") in legal_actions(s)  # costs 1: Courage 3 -> 2


def test_a_second_reward_of_the_same_labour_at_restart_is_illegal() -> None:
    s = go(game(start=6), Action(KEEP, card="RWD-05A"))
    refused(s, Action(KEEP, card="RWD-05B"), Reason.ILLEGAL)
    refused(s, Action(KEEP, card="RWD-05A"), Reason.ILLEGAL)
    assert validate(s, Action(BEGIN)) is None


def test_the_abderus_courage_option_that_would_reach_zero_is_no_courage() -> None:
    s = at_labour(9, prompt=P_ABDERUS, mood="MOOD-ABDERUS", courage=5)
    refused(s, Action(ABDERUS, card="courage"), Reason.NO_COURAGE)


def test_a_seat_other_than_zero_is_illegal() -> None:
    err = validate(playing(1, [6]), Action(RESOLVE), seat=1)
    assert err is not None and getattr(err, "reason", None) == Reason.ILLEGAL


def test_something_that_is_not_an_action_is_malformed() -> None:
    err = validate(playing(1, [6]), ("resolve",))
    assert err is not None and getattr(err, "reason", None) == Reason.MALFORMED


def test_a_refused_action_does_not_spoil_the_legal_ones() -> None:
    s = playing(1, [6, 5, 1], rewards=("RWD-01",))
    legal = legal_actions(s)
    refused(s, attack([2]), Reason.NOT_MET)
    assert legal_actions(s) == legal
    s2, _ = apply(s, attack([0]))
    assert s.roll[0].use == "" and s2.roll[0].use == "trial"

"""The components file's 13 rulings, one test or more each (``test_ruling_<n>_...``)."""

from __future__ import annotations

from labors.engine.helpers import (
    at_labour,
    attack,
    blue,
    dice,
    drawn,
    game,
    go,
    gold,
    move,
    playing,
    refused,
    resolve,
    step,
)

from hercules.games.labors.engine import Action, Reason, legal_actions, load_data
from hercules.games.labors.engine.actions import (
    ATTACK,
    BEGIN,
    BLUE,
    COVER,
    DRAW,
    KEEP,
    REMOVE,
    REWARD,
    ROLL,
)
from hercules.games.labors.engine.state import (
    LOST_COURAGE,
    LOST_DIVINITY,
    LOST_SKULL,
    P_DRAW,
    P_FORK,
    P_OVER,
    P_PHOLUS,
    P_PLAY,
    P_REMOVE,
    P_REWARD,
    P_ROLL,
    SPENT,
    WON,
    LaborsState,
    TrialDie,
)

DATA = load_data()


def _beat_now(s: LaborsState) -> LaborsState:
    return s.with_(trial=tuple(t._replace(health=0) for t in s.trial))


# 1 -------------------------------------------------------------------------------------------


def test_ruling_1_the_mood_is_drawn_before_the_first_roll() -> None:
    s = game()
    assert s.prompt == P_DRAW and legal_actions(s) == [Action(DRAW)]
    s = go(s, Action(DRAW))
    assert s.mood and s.round == 0 and s.roll == ()
    assert s.prompt != P_PLAY


def test_ruling_1_a_round_is_roll_blue_gold_and_attacks_then_damage_then_advance() -> None:
    s = at_labour(1, rewards=("RWD-01",))
    s = go(s, Action(ROLL))
    assert s.prompt == P_PLAY and s.round == 1
    s = s.with_(roll=dice(4, 2, 3, 1))
    s = go(s, blue("BOW.b0", [0], 5), gold("RWD-01.g0", [1]), attack([0]))
    assert s.trial[0] == TrialDie(5, "S")  # damage dealt, nothing moved yet
    s, events = resolve(s)
    kinds = [e.kind for e in events]
    assert kinds.index("resolve") < kinds.index("moved") < kinds.index("hurt")
    assert s.trial[0] == TrialDie(5, "1") and s.courage == 16 - 1 + 1  # Bow 1, shield 1


def test_ruling_1_a_trial_with_every_die_at_zero_is_beaten_without_advancing() -> None:
    s = playing(1, [6], trial=(TrialDie(1, "3"),))
    s = go(s, attack([0]))
    s, events = resolve(s)
    assert s.prompt == P_REWARD and s.courage == 17
    assert "moved" not in [e.kind for e in events]


def test_ruling_1_defeat_is_checked_after_the_mood() -> None:
    s, _ = drawn(5, "MOOD-HAUNT-C", courage=3)
    assert (s.prompt, s.outcome) == (P_OVER, LOST_COURAGE)


def test_ruling_1_defeat_is_checked_after_the_advance() -> None:
    s = playing(1, [1], courage=1)
    s, _ = resolve(s)
    assert (s.prompt, s.outcome, s.courage) == (P_OVER, LOST_COURAGE, 0)


# 2 -------------------------------------------------------------------------------------------


def test_ruling_2_each_set_deals_one_damage_to_a_trial_die_of_the_players_choice() -> None:
    s = playing(5, [1, 1, 1])  # the Stables: both dice take a 1
    targets = {a.target for a in legal_actions(s) if a.kind == ATTACK}
    assert targets == {0, 1}
    s = go(s, attack([0], 0), attack([1], 0), attack([2], 1))
    assert [t.health for t in s.trial] == [3, 4]


def test_ruling_2_any_number_of_sets_per_roll_each_die_in_one_set_at_most() -> None:
    s = playing(3, [2, 2, 5, 5, 5])  # the Hind: pairs
    s = go(s, attack([0, 1]), attack([2, 3]))
    assert s.trial[0].health == 4
    assert not [a for a in legal_actions(s) if a.kind == ATTACK]  # one 5 left
    refused(s, attack([3, 4]), Reason.NO_DIE)


def test_ruling_2_a_die_on_gold_cannot_attack() -> None:
    s = playing(1, [6], rewards=("RWD-11A",))
    s = go(s, gold("RWD-11A.g0", [0]))
    refused(s, attack([0]), Reason.NO_DIE)


def test_ruling_2_dice_with_equal_values_are_interchangeable_lowest_numbered_first() -> None:
    s = playing(1, [6, 2, 6, 6])
    assert [a for a in legal_actions(s) if a.kind == ATTACK] == [attack([0])]
    s = go(s, attack([0]))
    assert [a for a in legal_actions(s) if a.kind == ATTACK] == [attack([2])]


# 3 -------------------------------------------------------------------------------------------


def test_ruling_3_blue_precedes_gold_and_attacks() -> None:
    s = go(playing(1, [6, 2]), attack([0]))
    assert not [a for a in legal_actions(s) if a.kind == BLUE]
    refused(s, blue("BOW.b0", [1], 3), Reason.BLUE_AFTER_GOLD)


def test_ruling_3_each_blue_space_once_and_each_die_on_one_blue_space_per_roll() -> None:
    s = go(playing(1, [2, 3], rewards=("RWD-10A",)), blue("RWD-10A.b0", [0], 3))
    refused(s, blue("RWD-10A.b0", [1], 4), Reason.SPACE_USED)
    refused(s, blue("RWD-10A.b1", [0], 4), Reason.DIE_USED_BLUE)
    go(s, blue("RWD-10A.b1", [1], 4))


def test_ruling_3_a_blue_die_may_still_attack_or_go_on_gold_except_rwd_05a() -> None:
    s = go(playing(1, [5, 5, 1], rewards=("RWD-06B",)), blue("RWD-06B.b0", [0], 6))
    go(s, attack([0]))
    s = go(playing(1, [5, 1], rewards=("RWD-05A",)), blue("RWD-05A.b0", [0, 1], 6))
    assert s.roll[0].use == SPENT
    refused(s, attack([0]), Reason.NO_DIE)


def test_ruling_3_counts_as_2_adds_a_twin_that_may_pair() -> None:
    s = go(playing(10, [4, 4], rewards=("RWD-09A",)), blue("RWD-09A.b0", [0]))
    assert [d.value for d in s.roll] == [4, 4, 4]
    assert attack([0, 1, 2], target=2) in legal_actions(s)  # a triple with the twin


def test_ruling_3_only_the_bow_wraps() -> None:
    assert [b.wrap for b in DATA.bow] == [True]
    for r in DATA.rewards.values():
        assert not any(b.wrap for b in r.blue), r.id
    s = playing(1, [6, 1], rewards=("RWD-07A",))
    assert {a.value for a in legal_actions(s) if a.space == "RWD-07A.b0" and a.dice == (0,)} == {5}
    assert {a.value for a in legal_actions(s) if a.space == "BOW.b0" and a.dice == (0,)} == {1, 5}


# 4 -------------------------------------------------------------------------------------------


def test_ruling_4_rwd_06a_and_06b_cost_no_courage() -> None:
    assert DATA.rewards["RWD-06A"].blue[0].cost == 0
    assert DATA.rewards["RWD-06B"].blue[0].cost == 0
    s = playing(6, [1, 2], rewards=("RWD-06A", "RWD-01"), courage=1)
    s = go(s, blue("RWD-06A.b0", [0], 6))
    assert s.courage == 1
    s = playing(7, [1, 2], rewards=("RWD-06B",), courage=1)
    assert go(s, blue("RWD-06B.b0", [0], 5)).courage == 1


# 5 -------------------------------------------------------------------------------------------


def test_ruling_5_shields_cancel_courage_loss_of_this_rounds_advance() -> None:
    s = playing(8, [5, 5, 2], rewards=("RWD-06D",))  # T08A: 1 is -3; T08B: 1 is h1
    s = go(s, gold("RWD-06D.g0", [0]))
    s, _ = resolve(s)
    assert s.courage == 16


def test_ruling_5_a_die_on_nb_when_rolled_stops_every_shield() -> None:
    s = at_labour(
        9, rewards=("RWD-11C",), trial=(TrialDie(3, "S"), TrialDie(6, "1"), TrialDie(0, "S"))
    )
    s = go(s, Action(ROLL))
    assert s.no_shield
    s = go(s.with_(roll=dice(5, 5, 5, 5)), gold("RWD-11C.g0", [0]))
    s, _ = resolve(s)  # T09L: 1 is -1, not cancelled
    assert s.courage == 16


# 6 -------------------------------------------------------------------------------------------


def test_ruling_6_dice_at_zero_stay_and_the_others_move_together() -> None:
    s = playing(
        10,
        [6, 6, 6],
        trial=(TrialDie(0, "2"), TrialDie(2, "S"), TrialDie(2, "S"), TrialDie(5, "S")),
    )
    s, _ = resolve(s)
    assert [t.node for t in s.trial] == ["2", "1", "1", "1"]
    assert s.courage == 16  # only T10RO's -1; the others are nb


def test_ruling_6_the_player_picks_forks_before_anything_applies() -> None:
    s = playing(7, [1, 1, 1])
    s, _ = resolve(s)
    assert s.prompt == P_FORK and s.courage == 17 and s.trial[0].node == "S"
    s = go(s, move(0, "R1"))
    assert s.courage == 16


def test_ruling_6_adv_moves_the_others_once_more() -> None:
    trial = tuple(TrialDie(6, n) for n in ("6", "5", "6"))  # T12C: 7 is adv
    s, _ = resolve(playing(12, [1, 1, 1], trial=trial))
    # T12A 6 -> 7 (h1) -> 8 (bk); T12B 5 -> 6 (-3) -> 7 (h1); T12C 6 -> 7 (adv).
    assert [t.node for t in s.trial] == ["8", "7", "7"]
    assert s.courage == 17 - 3 and s.broken == 1


def test_ruling_6_a_skull_loses_at_once() -> None:
    s = playing(12, [1, 1, 1], trial=(TrialDie(6, "10"), TrialDie(6, "S"), TrialDie(6, "S")))
    s, _ = resolve(s)
    assert (s.prompt, s.outcome) == (P_OVER, LOST_SKULL)


# 7 -------------------------------------------------------------------------------------------


def test_ruling_7_broken_dice_lower_the_count_for_the_trial() -> None:
    s = at_labour(2, broken=2)
    assert len(go(s, Action(ROLL)).roll) == 2


def test_ruling_7_with_no_dice_left_rounds_advance_by_themselves() -> None:
    s = at_labour(2, broken=4)
    s, events = step(s, Action(ROLL))
    assert s.prompt == P_ROLL and s.trial[0].node == "1"
    assert legal_actions(s) == [Action(ROLL)]


# 8 -------------------------------------------------------------------------------------------


def test_ruling_8_the_hind_has_no_skull_and_one_die_ends_at_courage_zero() -> None:
    assert not any(s.skull for s in DATA.labour(3).dice[0].track.values())
    s, events = step(at_labour(3, dice=3, mood="MOOD-ATLAS", mood_dice=-2), Action(ROLL))
    assert (s.outcome, s.courage) == (LOST_COURAGE, 0)


# 9 -------------------------------------------------------------------------------------------


def test_ruling_9_courage_never_exceeds_17() -> None:
    s = go(playing(6, [1, 6], rewards=("RWD-06C",), courage=17), gold("RWD-06C.g0", [0]))
    assert s.courage == 17


def test_ruling_9_a_courage_cost_that_would_bring_courage_to_zero_cannot_be_paid() -> None:
    s = playing(1, [2], courage=1)
    refused(s, blue("BOW.b0", [0], 3), Reason.NO_COURAGE)
    s = playing(1, [2], courage=2)
    assert go(s, blue("BOW.b0", [0], 3)).courage == 1


def test_ruling_9_divinity_stays_between_0_and_the_top() -> None:
    assert (DATA.divinity_start, DATA.divinity_top) == (0, 10)
    s = go(playing(10, [2, 3], rewards=("RWD-10B",), divinity=10), gold("RWD-10B.g0", [0, 1]))
    assert s.divinity == 10
    s = playing(5, [2], divinity=0, trial=(TrialDie(5, "3"), TrialDie(0, "S")))
    assert resolve(s)[0].divinity == 0


# 10 ------------------------------------------------------------------------------------------


def test_ruling_10_moods_last_one_trial_and_the_deck_stays_at_nine() -> None:
    s, _ = drawn(8, "MOOD-ENRAGED")
    s, _ = resolve(_beat_now(s.with_(prompt=P_PLAY, roll=dice(1), round=1)))
    s = go(s, Action(REWARD, card="RWD-08A"))
    assert s.mood_dice == 0 and s.prompt == P_DRAW
    assert len(s.mood_deck) == 9 and "MOOD-ENRAGED" in s.moods_out
    s = go(s, Action(DRAW))
    assert len(s.mood_deck) == 8 and s.mood != "MOOD-ENRAGED"


def test_ruling_10_rwd_08b_bottoms_the_mood_and_draws_the_next_once_per_trial() -> None:
    s = go(at_labour(9, prompt=P_DRAW, rewards=("RWD-08B",)), Action(DRAW))
    first, top = s.mood, s.mood_deck[0]
    s = go(s, Action("mood", card="redraw"))
    assert (s.mood, s.mood_deck[-1]) == (top, first)
    assert not [a for a in legal_actions(s) if a.kind == "mood"]


# 11 ------------------------------------------------------------------------------------------


def test_ruling_11_remove_prior_is_mandatory_and_the_bow_stays() -> None:
    s = playing(10, [1], rewards=("RWD-01", "RWD-02"), dice=5)
    s, _ = resolve(_beat_now(s))
    s = go(s, Action(REWARD, card="RWD-10B"))
    assert s.prompt == P_REMOVE
    assert {a.kind for a in legal_actions(s)} == {REMOVE}
    assert [a.card for a in legal_actions(s)] == ["RWD-01", "RWD-02"]
    s = go(s, Action(REMOVE, card="RWD-02"))
    assert s.dice == 5  # the removed Reward's die stays
    assert "BOW.b0" in {a.space for a in legal_actions(playing(11, [2], rewards=s.rewards))}


def test_ruling_11_pholus_targets_rewards_only() -> None:
    s, _ = drawn(10, "MOOD-PHOLUS", rewards=("RWD-01", "RWD-09B"))
    assert s.prompt == P_PHOLUS
    assert [a.card for a in legal_actions(s)] == ["RWD-01", "RWD-09B"]
    refused(s, Action(COVER, card="BOW"), Reason.ILLEGAL)


# 12 ------------------------------------------------------------------------------------------


def test_ruling_12_start_later_keeps_at_most_one_reward_per_earlier_labour() -> None:
    s = game(start=5)
    keeps = sorted(a.card for a in legal_actions(s) if a.kind == KEEP)
    assert keeps == ["RWD-01", "RWD-02", "RWD-03", "RWD-04A", "RWD-04B"]
    s = go(s, Action(KEEP, card="RWD-04B"))
    assert sorted(a.card for a in legal_actions(s) if a.kind == KEEP) == [
        "RWD-01",
        "RWD-02",
        "RWD-03",
    ]
    refused(s, Action(KEEP, card="RWD-04A"), Reason.ILLEGAL)


def test_ruling_12_pays_the_cost_gains_dice_and_divinity_but_not_courage() -> None:
    s = game(start=7, difficulty="mortal")
    s = go(s, Action(KEEP, card="RWD-06A"), Action(KEEP, card="RWD-04A"))
    assert s.courage == 17 - 2 - 1
    assert s.divinity == 1 and s.dice == 5 + 2
    assert s.rewards == ("RWD-06A", "RWD-04A")


def test_ruling_12_applies_mood_changes_and_ignores_remove_prior() -> None:
    s = go(game(start=12), Action(KEEP, card="RWD-01"), Action(KEEP, card="RWD-10A"))
    assert s.rewards == ("RWD-01", "RWD-10A")  # nothing asked to be removed
    s = go(s, Action(KEEP, card="RWD-11B"), Action(KEEP, card="RWD-09A"))
    assert "MOOD-ATLAS" in s.mood_deck and "MOOD-RESOLUTE" in s.moods_out
    assert "MOOD-HIPPOLYTA" in s.mood_deck and "MOOD-FEROCIOUS" in s.moods_out
    assert len(s.mood_deck) == 9
    s = go(s, Action(BEGIN))
    assert (
        s.labour == 12
        and s.prompt == P_DRAW
        and s.rewards == ("RWD-01", "RWD-10A", "RWD-11B", "RWD-09A")
    )


def test_ruling_12_dice_are_capped_at_11() -> None:
    s = game(start=12, difficulty="mortal").with_(dice=11)
    assert go(s, Action(KEEP, card="RWD-02")).dice == 11


# 13 ------------------------------------------------------------------------------------------


def test_ruling_13_cerberus_falling_with_divinity_at_the_top_wins() -> None:
    s = go(
        playing(
            12, [6, 6, 6], divinity=10, trial=(TrialDie(1, "3"), TrialDie(0, "S"), TrialDie(0, "4"))
        ),
        attack([0, 1, 2], 0),
    )
    s, events = resolve(s)
    assert (s.prompt, s.outcome) == (P_OVER, WON)
    assert s.beaten[-1] == 12 and legal_actions(s) == []


def test_ruling_13_cerberus_falling_below_the_top_loses() -> None:
    s = playing(12, [1], divinity=9)
    s, _ = resolve(_beat_now(s))
    assert (s.prompt, s.outcome) == (P_OVER, LOST_DIVINITY)


def test_ruling_13_divinity_at_the_top_before_cerberus_falls_is_no_win() -> None:
    s = playing(11, [1], divinity=10)
    s, _ = resolve(_beat_now(s))
    assert s.prompt == P_REWARD and s.outcome == ""

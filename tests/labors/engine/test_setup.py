"""Set-up per difficulty, starting from any trial, and the rulebook's own examples."""

from __future__ import annotations

import pytest
from labors.engine.helpers import game, go, refused

from hercules.games.labors.engine import (
    DIFFICULTIES,
    Action,
    LaborsConfig,
    Reason,
    legal_actions,
    load_data,
    new_game,
)
from hercules.games.labors.engine.actions import BEGIN, DRAW, KEEP
from hercules.games.labors.engine.state import P_DRAW, P_RESTART, TrialDie

DATA = load_data()


@pytest.mark.parametrize(
    ("difficulty", "dice", "deck"), [("mortal", 5, 9), ("hero", 4, 9), ("god", 3, 8)]
)
def test_setup_per_difficulty(difficulty: str, dice: int, deck: int) -> None:
    s = game(difficulty)
    assert s.dice == dice and s.trial_dice() == dice
    assert len(s.mood_deck) == deck
    assert (s.courage, s.divinity) == (17, 0)
    assert s.rewards == () and s.mood == "" and s.labour == 1
    assert s.prompt == P_DRAW
    assert ("MOOD-EXHAUSTED" in s.mood_deck) == (difficulty != "god")
    assert not {"MOOD-ATLAS", "MOOD-ABDERUS", "MOOD-HIPPOLYTA", "MOOD-PHOLUS"} & set(s.mood_deck)


def test_the_default_difficulty_is_the_rulebooks_hero() -> None:
    assert DIFFICULTIES[0] == "hero" and LaborsConfig().difficulty == "hero"
    assert LaborsConfig().start == 1


def test_setup_puts_the_nemean_lion_die_on_6() -> None:
    assert game().trial == (TrialDie(6, "S"),)


def test_the_mood_deck_is_shuffled_by_the_seed() -> None:
    orders = {go(game(seed=n), Action(DRAW)).mood_deck for n in range(10)}
    assert len(orders) > 1
    assert go(game(seed=3), Action(DRAW)) == go(game(seed=3), Action(DRAW))


@pytest.mark.parametrize("bad", [0, 13, True, "1", 1.0])
def test_a_start_outside_1_12_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        LaborsConfig("hero", bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        LaborsConfig("titan", 1)


@pytest.mark.parametrize("start", range(2, 13))
def test_starting_from_any_trial(start: int) -> None:
    s = game("hero", start=start)
    assert s.prompt == P_RESTART and s.labour == start and s.trial == ()
    keeps = [a.card for a in legal_actions(s) if a.kind == KEEP]
    assert sorted(keeps) == sorted(r.id for r in DATA.rewards.values() if r.labour < start)
    assert Action(BEGIN) in legal_actions(s)
    s = go(s, Action(BEGIN))
    assert s.prompt == P_DRAW and s.labour == start
    assert s.trial == tuple(TrialDie(d.start, "S") for d in DATA.labour(start).dice)
    assert s.beaten == () and s.rewards == ()


def test_starting_later_keeping_one_reward_of_every_earlier_labour() -> None:
    s = game("mortal", start=12)
    picks = ["RWD-01", "RWD-02", "RWD-03", "RWD-04A", "RWD-05A", "RWD-06C"]
    picks += ["RWD-07A", "RWD-08A", "RWD-09B", "RWD-10B", "RWD-11B"]
    s = go(s, *[Action(KEEP, card=p) for p in picks])
    assert legal_actions(s) == [Action(BEGIN)]
    assert s.courage == 17 - sum(DATA.rewards[p].restart for p in picks) == 9
    assert s.dice == 5 + 5 and s.divinity == 1
    assert s.kept == tuple(range(1, 12))
    assert len(s.mood_deck) == 9


def test_restart_costs_may_not_bring_courage_to_zero() -> None:
    s = game(start=9).with_(courage=4)
    s = go(s, Action(KEEP, card="RWD-08B"))  # 3: Courage 1
    assert s.courage == 1
    assert [a for a in legal_actions(s) if a.kind == KEEP] == [
        Action(KEEP, card=r) for r in ("RWD-01", "RWD-02", "RWD-03")
    ]
    refused(s, Action(KEEP, card="RWD-04A"), Reason.NO_COURAGE)


def test_rulebook_example_rattle_of_athena_at_restart() -> None:
    # "Choosing this copy of the Rattle of Athena card will lower your Courage by 1, but boost
    # your Divinity by 1 and add 1 Hercules die": RWD-06C and RWD-06D.
    for rid in ("RWD-06C", "RWD-06D"):
        s = game("hero", start=8)
        s2 = go(s, Action(KEEP, card=rid))
        assert s2.courage == s.courage - 1
        assert s2.divinity == s.divinity + 1
        assert s2.dice == s.dice + 1
    for rid in ("RWD-06A", "RWD-06B"):
        assert go(game(start=8), Action(KEEP, card=rid)).courage == 15


def test_rulebook_example_eighth_trial_gathers_rewards_of_labours_1_to_7() -> None:
    s = game(start=8)
    labours = {DATA.rewards[a.card].labour for a in legal_actions(s) if a.kind == KEEP}
    assert labours == set(range(1, 8))


def test_new_game_is_deterministic() -> None:
    for start in (1, 6):
        a = new_game(LaborsConfig("god", start), 42)
        assert a == new_game(LaborsConfig("god", start), 42)

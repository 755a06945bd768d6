"""What the solver carries forward: Rewards valued per roll over the rolls left, Divinity by
the projected shortfall (ai/carry.py). The first test fails on the solver before it: it took
the Regret that counts a die twice for 2 Courage over the one whose pair gives 2 Courage on
every roll, though a run needs a repeatable Courage source (issue 23, point 6)."""

from __future__ import annotations

import pytest

from hercules.games.labors.ai import Solver
from hercules.games.labors.ai.carry import (
    divinity_weight,
    fill_chance,
    projected_divinity,
    reward_value,
)
from hercules.games.labors.engine import LaborsConfig, legal_actions, new_game
from hercules.games.labors.engine.data import GoldDef, load_data
from hercules.games.labors.engine.rules import view
from hercules.games.labors.engine.state import P_REWARD, LaborsState


def at_reward(labour: int, rewards: tuple[str, ...], dice: int, courage: int = 10) -> LaborsState:
    state = new_game(LaborsConfig("mortal", 1), seed=3)
    return state.with_(
        labour=labour, prompt=P_REWARD, rewards=rewards, dice=dice, courage=courage, trial=()
    )


def test_the_solver_takes_the_regret_whose_pair_gives_courage_every_roll() -> None:
    state = at_reward(4, ("RWD-01", "RWD-02", "RWD-03"), dice=6)
    decision = Solver().decide(view(state, 0), legal_actions(state))
    assert decision.action.card == "RWD-04A"


def test_a_courage_gold_space_is_worth_more_the_more_rolls_the_run_has_left() -> None:
    data = load_data()
    early = reward_value(data, "RWD-06C", at_reward(6, (), dice=7))
    late = reward_value(data, "RWD-11A", at_reward(11, (), dice=7))
    assert early > reward_value(data, "RWD-06C", at_reward(11, (), dice=7))
    assert early > late


def test_fill_chances_are_exact_on_small_rolls() -> None:
    assert fill_chance(GoldDef(("same", "same"), "courage", 2), 2) == pytest.approx(1 / 6)
    assert fill_chance(GoldDef((4, 4), "divinity", 1), 2) == pytest.approx(1 / 36)
    assert fill_chance(GoldDef(("even", "odd"), "divinity", 1), 2) == pytest.approx(1 / 2)
    assert fill_chance(GoldDef(("any",), "shield", 1), 1) == 1.0
    assert fill_chance(GoldDef((5,), "divinity", 1), 2) == pytest.approx(11 / 36)
    assert fill_chance(GoldDef((6, 3), "divinity", 2), 1) == 0.0


def test_divinity_weighs_little_with_the_top_in_reach_and_more_when_short() -> None:
    data = load_data()
    rich = at_reward(9, ("RWD-03", "RWD-09B", "RWD-06C"), dice=7).with_(divinity=6)
    poor = rich.with_(rewards=("RWD-01",), divinity=1)
    assert projected_divinity(data, rich.rewards, 9, 7, 6) > data.divinity_top
    assert divinity_weight(rich) < divinity_weight(poor)
    # Early in the run a point weighs little either way: the Rewards that give it come later.
    assert divinity_weight(poor.with_(labour=4)) < divinity_weight(rich)


def test_a_divinity_source_is_worth_more_to_a_run_far_from_the_top() -> None:
    data = load_data()
    short = reward_value(data, "RWD-11B", at_reward(11, ("RWD-01",), dice=8).with_(divinity=2))
    near = reward_value(data, "RWD-11B", at_reward(11, ("RWD-01",), dice=8).with_(divinity=10))
    assert short > near

"""The roll's search is exact for its own evaluation: brute force over every action sequence.

For small rolls, every legal sequence of blue changes (re-rolls left out: chance), gold spaces
and attacks up to ``resolve`` is played through the engine and its end valued as the solver
values it (the advance that follows, the best forks). The solver's choice must reach the best.
"""

from __future__ import annotations

import random

import pytest

from hercules.games.labors.ai import Solver
from hercules.games.labors.ai.evaluate import Position
from hercules.games.labors.ai.prompts import _blues, advance_value
from hercules.games.labors.engine import Action, LaborsConfig, apply, legal_actions, new_game
from hercules.games.labors.engine.actions import BLUE, RESOLVE
from hercules.games.labors.engine.rules import view
from hercules.games.labors.engine.spaces import blue_spaces
from hercules.games.labors.engine.state import P_PLAY, Die, LaborsState, TrialDie


def roll_state(
    labour: int, faces: tuple[int, ...], rewards: tuple[str, ...], trial: tuple[TrialDie, ...]
) -> LaborsState:
    state = new_game(LaborsConfig("hero", start=labour), seed=1)
    state, _ = apply(state, Action("begin"))
    state, _ = apply(state, Action("draw"))
    return state.with_(
        prompt=P_PLAY,
        mood="MOOD-HAUNT-B",
        mood_dice=0,
        rewards=rewards,
        roll=tuple(Die(v) for v in faces),
        trial=trial,
        courage=12,
        used=(),
        allocating=False,
        shields=0,
    )


def end_value(solver: Solver, before: LaborsState, state: LaborsState) -> float:
    """The solver's value of a roll's end (the state just before ``resolve``)."""
    ev = solver.evaluator(state.data)
    trial = tuple((t.health, t.node) for t in state.trial)
    pos = Position(
        state.labour, state.courage, state.divinity, state.trial_dice(), trial, 1.0, _blues(before)
    )
    if not state.active():
        return ev.beaten(pos)
    return advance_value(ev, pos, state.shields, state.no_shield, tuple(state.active()), {}, False)


def brute(solver: Solver, before: LaborsState, state: LaborsState) -> float:
    best = end_value(solver, before, state)
    for a in legal_actions(state):
        if a.kind == RESOLVE:
            continue
        if a.kind == BLUE:
            kind = next(s.ability.kind for s in blue_spaces(state) if s.key == a.space)
            if kind in ("reroll", "reroll_others"):
                continue
        nxt, _ = apply(state, a)
        best = max(best, brute(solver, before, nxt))
    return best


def played(solver: Solver, state: LaborsState) -> LaborsState:
    """The solver's roll played to its end (the state before ``resolve``)."""
    while True:
        d = solver.decide(view(state, 0), legal_actions(state))
        if d.action.kind == RESOLVE:
            return state
        state, _ = apply(state, d.action)


CASES = [
    # The Hydra with the Lion's Hide and the Bow, at full health, hurt, near the skull.
    (2, ("RWD-01",), (TrialDie(6),)),
    (2, ("RWD-01",), (TrialDie(3, "3"),)),
    (2, ("RWD-01",), (TrialDie(2, "7"),)),
    # The Stables (two dice hit by 1s) with Artemis' gold 4+4 and the Hide.
    (5, ("RWD-01", "RWD-03"), (TrialDie(5), TrialDie(2, "2"))),
]


@pytest.mark.parametrize(("labour", "rewards", "trial"), CASES)
def test_the_solver_finds_the_best_end_of_small_rolls(labour, rewards, trial) -> None:
    gen = random.Random(labour * 31 + len(rewards) + trial[0].health)
    solver = Solver()
    for _ in range(6):
        faces = tuple(gen.randint(1, 6) for _ in range(gen.choice((3, 4))))
        state = roll_state(labour, faces, rewards, trial)
        best = brute(solver, state, state)
        got = end_value(solver, state, played(solver, state))
        assert got == pytest.approx(best, abs=1e-6), (faces, got, best)

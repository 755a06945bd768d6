"""Seeded runs played by the solver, checked at every step as the random fuzz checks them:
invariants, the JSON round trip, purity and determinism of ``apply``, the solver's blindness
to hidden information, and the replay of the whole log from the seed."""

from __future__ import annotations

import json
import random

import pytest
from labors.engine.helpers import round_trip
from labors.engine.test_fuzz import check_invariants

from hercules.games.labors.ai import make_bot
from hercules.games.labors.engine import (
    Action,
    LaborsConfig,
    apply,
    legal_actions,
    new_game,
    state_to_json,
    view,
)


@pytest.mark.parametrize(
    "difficulty,seed,start", [("mortal", 11, 1), ("hero", 12, 5), ("god", 13, 9)]
)
def test_solver_runs_keep_every_invariant_and_replay(
    difficulty: str, seed: int, start: int
) -> None:
    bot = make_bot("solver")
    rng = random.Random(seed)
    s = start_state = new_game(LaborsConfig(difficulty, start), seed)
    log: list[Action] = []
    while not s.is_terminal:
        check_invariants(s)
        assert round_trip(s) == s
        legal = legal_actions(s)
        assert legal and legal == sorted(legal)
        if len(legal) == 1 and legal[0].kind in ("draw", "roll"):
            a = legal[0]
        else:
            a = bot.choose(s, legal, rng)
        if a.kind not in ("draw", "roll") and len(log) % 6 == 0:
            # The solver sees the public view only: another deck order or generator, same choice.
            hidden = s.with_(mood_deck=tuple(reversed(s.mood_deck)), rng=s.rng ^ 0x5A5A)
            assert make_bot("solver").choose(hidden, legal, random.Random(seed)) == make_bot(
                "solver"
            ).choose(s, legal, random.Random(seed))
            assert view(s, 0) == view(s.with_(rng=s.rng ^ 1, seed=s.seed + 1), 0)
        assert a in legal
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
        before = state_to_json(s)
        s2, events = apply(s, a)
        assert state_to_json(s) == before
        assert apply(s, a) == (s2, events)
        log.append(a)
        s = s2
        assert len(log) < 5000
    check_invariants(s)
    r = start_state
    for a in log:
        r, _ = apply(r, a)
    assert r == s

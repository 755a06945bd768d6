"""The bots decide on the acting seat's view (what the controller hands them) exactly as on the
whole state: same action, same reason, over many seeded positions of 2-5 players."""

from __future__ import annotations

import random
from functools import cache

import pytest

from hercules.games.later_years.ai import BOT_LEVELS, make_bot
from hercules.games.later_years.engine import (
    RULES,
    LaterYearsConfig,
    LaterYearsState,
    actor,
    apply,
    legal_actions,
    new_game,
)

LEVELS = (*BOT_LEVELS, "random")


@cache
def positions(seed: int, players: int, every: int = 9) -> tuple[LaterYearsState, ...]:
    """Every ``every``-th decision of a game the Normal and Easy bots play (on views)."""
    bots = [make_bot(("normal", "easy")[s % 2]) for s in range(players)]
    rngs = [random.Random(f"{seed}:{s}") for s in range(players)]
    state = new_game(LaterYearsConfig(players, ("stack", "top")[seed % 2]), seed)
    out: list[LaterYearsState] = []
    k = 0
    while not state.is_terminal:
        legal = legal_actions(state)
        seat = actor(state)
        if seat < 0:
            action = legal[0]
        else:
            if k % every == 0 and len(legal) > 1:
                out.append(state)
            k += 1
            action = bots[seat].choose(RULES.view(state, seat), legal, rngs[seat])
        state, _ = apply(state, action)
    return tuple(out)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_chooses_the_same_on_its_view_as_on_the_state(level: str, players: int) -> None:
    # Hard thinks for up to a few tenths of a second a bid: a quarter of the positions.
    thin = 4 if level == "hard" else 1
    checked = 0
    for seed in (players, players + 10):
        for state in positions(seed, players)[::thin]:
            seat = actor(state)
            view = RULES.view(state, seat)
            assert view != state  # something is hidden, so the test means something
            legal = legal_actions(state)
            on_state, on_view = make_bot(level), make_bot(level)
            a = on_state.choose(state, legal, random.Random(checked))
            b = on_view.choose(view, legal, random.Random(checked))
            assert a == b, (level, seed, state.round, state.prompt)
            assert on_state.explain() == on_view.explain()
            checked += 1
    assert checked >= 10

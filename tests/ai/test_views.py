"""Bots decide on what their seat sees: the choice (and the reason) on the seat's view equals
the choice on the state, and on any state that differs from it only in what the seat cannot
see (the order of the Demigod stacks beneath their tops, the seed, the generator).

Hard used to break this: its lookahead played a Demigod card taken and then read the card
beneath it, which no player can see. The arena hands bots views, as the box's controller does.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from support.fuzzing import rerandomised

from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.ai.arena import play_game
from hercules.games.mebo.ai.hard import HardBot, unseen_tops
from hercules.games.mebo.engine import (
    Action,
    GameConfig,
    GameState,
    apply,
    legal_actions,
    new_game,
)
from hercules.games.mebo.engine.adapter import RULES

CONFIGS = [
    GameConfig(2, "standard"),
    GameConfig(4, "standard"),
    GameConfig(3, "simplified"),
    GameConfig(2, "solo"),
    GameConfig(2, "pnp"),
    GameConfig(4, "pnp"),
]
DECIDED = ("action", "rest", "choose_demigod")


def _id(config: GameConfig) -> str:
    return f"{config.players}p-{config.mode}"


@functools.cache
def positions(config: GameConfig, games: int = 3) -> tuple[GameState, ...]:
    """Seeded positions where a bot decides, reached by random play."""
    out = []
    for g in range(games):
        rng = random.Random(f"views:{_id(config)}:{g}")
        state = new_game(config, 600 + g)
        while not state.is_terminal:
            if state.prompt in DECIDED:
                out.append(state)
            state, _ = apply(state, rng.choice(legal_actions(state)))
    return tuple(out)


def decision(level: str, state: GameState, legal: list[Action], seed: int) -> tuple[Action, str]:
    bot = make_bot(level)
    action = bot.choose(state, legal, random.Random(seed))
    return action, bot.explain()


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_a_bot_chooses_alike_on_the_view_and_on_states_it_cannot_tell_apart(
    config: GameConfig, level: str
) -> None:
    rng = random.Random(f"{level}:{_id(config)}")
    states = positions(config)
    states = states[:: 6 if level == "hard" else 2]  # Hard is slow: fewer positions
    hidden = 0
    for k, state in enumerate(states):
        legal = legal_actions(state)
        seat = state.current
        on_view = decision(level, RULES.view(state, seat), legal, k)
        assert decision(level, state, legal, k) == on_view
        for _ in range(2):
            other = rerandomised(state, rng)
            hidden += other.demigod_stacks != state.demigod_stacks
            assert decision(level, other, legal, k) == on_view, (state, on_view)
    assert len(states) >= 20
    assert hidden or config.mode == "pnp"  # the card game's stacks were really shuffled


def test_unseen_tops_spread_the_next_card_over_those_beneath() -> None:
    state, _ = apply(new_game(GameConfig(4), 3), Action("roll"))
    after = state.copy()
    stacks = list(state.demigod_stacks)
    stacks[0] = stacks[0][:-1]  # a Hestia card taken: its next card turns up
    after.demigod_stacks = tuple(stacks)
    outcomes = unseen_tops(state, after)
    assert sum(w for w, _ in outcomes) == pytest.approx(1.0)
    beneath = set(state.demigod_stacks[0][:-1])
    for _, t in outcomes:
        assert t.demigod_stacks[0][-1] in beneath
        assert sorted(t.demigod_stacks[0]) == sorted(after.demigod_stacks[0])
        assert t.demigod_stacks[1:] == after.demigod_stacks[1:]
    # Nothing taken: the state itself, surely.
    assert unseen_tops(state, state) == [(1.0, state)]
    # The same outcomes whatever the order beneath.
    other = rerandomised(state, random.Random(1))
    after_other = other.copy()
    after_other.demigod_stacks = (other.demigod_stacks[0][:-1], *other.demigod_stacks[1:])
    assert [w for w, _ in unseen_tops(other, after_other)] == [w for w, _ in outcomes]
    assert [t.demigod_stacks[0] for _, t in unseen_tops(other, after_other)] == [
        t.demigod_stacks[0] for _, t in outcomes
    ]


def test_hard_values_a_lookahead_without_the_card_beneath() -> None:
    bot = make_bot("hard")
    assert isinstance(bot, HardBot)
    state = next(s for s in positions(GameConfig(2)) if s.prompt == "action")
    rng = random.Random(7)
    values = {
        round(bot.expected_future(o, bot.after_rest(o), o.current), 9)
        for o in [state] + [rerandomised(state, rng) for _ in range(3)]
    }
    assert len(values) == 1


class _Spy:
    """A bot that records what it was handed, then plays Normal's choice."""

    name = "spy"
    threaded = False

    def __init__(self) -> None:
        self.seen: list[Any] = []
        self.inner = make_bot("normal")

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        self.seen.append((view, list(legal)))
        return self.inner.choose(view, legal, rng)

    def explain(self) -> str:
        return self.inner.explain()


def test_the_arena_hands_bots_their_views_and_the_real_legal_actions() -> None:
    spies = [_Spy(), _Spy()]
    play_game(GameConfig(2), spies, 12)
    seen = [v for spy in spies for v in spy.seen]
    assert len(seen) > 20
    for v, legal in seen:
        assert (v.seed, v.rng) == (0, 0)
        assert all(list(st[:-1]) == sorted(st[:-1]) for st in v.demigod_stacks)
        assert legal_actions(v) == legal

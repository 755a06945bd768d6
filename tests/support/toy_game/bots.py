"""The toy game's bots: they read only the view they are handed (their own card)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .engine import ADVANCE, BONUS, Action, ToyState, actor, goal

BOT_LEVELS: tuple[str, ...] = ("steady", "random")


class SteadyBot:
    """Plays its card when it wins the race or is worth 4 or more; else advances."""

    name = "steady"
    threaded = False

    def __init__(self) -> None:
        self._why = ""

    def choose(self, view: ToyState, legal: Sequence[Action], rng: random.Random) -> Action:
        me = actor(view)
        bonus = next((a for a in legal if a.kind == BONUS), None)
        wins = bonus is not None and view.positions[me] + bonus.steps >= goal(view)
        if bonus is not None and (wins or view.cards[me] >= 4):
            self._why = "toy.bot.bonus"
            return bonus
        self._why = "toy.bot.advance"
        return next((a for a in legal if a.kind == ADVANCE), legal[0])

    def explain(self) -> str:
        """Why the last choice (a string key)."""
        return self._why


class RandomBot:
    """Any legal action, from its own generator."""

    name = "random"
    threaded = False

    def choose(self, view: ToyState, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))

    def explain(self) -> str:
        """A random bot gives no reason."""
        return ""


def make_bot(level: str) -> SteadyBot | RandomBot:
    """A bot of ``level`` (``ValueError`` for a level the game has not)."""
    if level == "steady":
        return SteadyBot()
    if level == "random":
        return RandomBot()
    raise ValueError(f"no bot level {level!r}")

"""Computer players. The random player stands in until the opponents issue brings real ones."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomBot:
    """Plays a uniformly random legal action (never another)."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one legal action with the bot's own generator."""
        return legal[rng.randrange(len(legal))]


BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


def make_bot(level: str) -> RandomBot:
    """The bot for a level name (all levels play randomly until the opponents issue lands)."""
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(BOT_LEVELS)}")
    return RandomBot(level)

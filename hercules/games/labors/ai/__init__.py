"""Bots of the Labors game (placeholder until the solver lands: a uniformly random player)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

BOT_LEVELS: tuple[str, ...] = ("random",)


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    reason = ""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Any legal action."""
        return rng.choice(list(legal))


def make_bot(level: str) -> RandomBot:
    """The bot of ``level``."""
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    return RandomBot()


__all__ = ["BOT_LEVELS", "RandomBot", "make_bot"]

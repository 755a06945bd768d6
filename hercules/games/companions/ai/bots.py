"""The game's bots: Easy, Normal and Hard (:mod:`.policy`, parameters in
``assets/games/companions/data/bots.json``), and a random player kept for tools and tests
(``make_bot("random")``; not offered at the table). Every bot reads only its seat's view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .policy import CompanionsBot

#: The levels offered at the table.
BOT_LEVELS = ("easy", "normal", "hard")
#: Levels the tools may ask for too (a random-legal seat for the balance figures).
TOOL_LEVELS = ("random",)


class RandomBot:
    """Any legal action, from its own generator."""

    name = "random"
    threaded = False

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``."""
        return rng.choice(list(legal))

    def explain(self) -> str:
        """No reason: it plays at random."""
        return ""


def make_bot(level: str) -> CompanionsBot | RandomBot:
    """A fresh bot of ``level`` (one of :data:`BOT_LEVELS`, or "random")."""
    if level == "random":
        return RandomBot()
    if level not in BOT_LEVELS:
        raise ValueError(f"no bot level {level!r}")
    return CompanionsBot(level)


__all__ = ["BOT_LEVELS", "TOOL_LEVELS", "CompanionsBot", "RandomBot", "make_bot"]

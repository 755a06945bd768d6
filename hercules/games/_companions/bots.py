"""The draft game's first bot: random legal play (the believing, lying bots of issue 25's
research brief are still to come). It reads only its seat's view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

BOT_LEVELS = ("random",)


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


def make_bot(level: str) -> RandomBot:
    """A bot of ``level`` (only "random" so far)."""
    if level not in BOT_LEVELS:
        raise ValueError(f"no bot level {level!r}")
    return RandomBot()


__all__ = ["BOT_LEVELS", "RandomBot", "make_bot"]

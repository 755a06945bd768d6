"""The bots: Random, Easy, Normal and Hard behind one interface (placeholders until the planner)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"
    threaded = False

    def __init__(self) -> None:
        self.reason = ""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one legal action with the bot's own generator."""
        self.reason = "chosen at random"
        return legal[rng.randrange(len(legal))]

    def explain(self) -> str:
        """Why the last action was chosen, in one line."""
        return self.reason


class EasyBot(RandomBot):
    """Placeholder."""

    name = "easy"


class NormalBot(RandomBot):
    """Placeholder."""

    name = "normal"


class HardBot(RandomBot):
    """Placeholder."""

    name = "hard"


BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
_CLASSES = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str) -> RandomBot:
    """A new bot of a level: random, easy, normal or hard."""
    cls = _CLASSES.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(_CLASSES)}")
    return cls()

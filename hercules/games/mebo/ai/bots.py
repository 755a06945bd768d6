"""The bots: Random, Easy, Normal, Hard and Master behind one interface.

Difficulty comes only from decisions: every bot sees the same state and draws
its own choices from its own generator; none touches the game's dice.

In the print-and-play variant (mode ``pnp``) Normal and Hard play the score sheet: the
planner uses the certain power rows, a labour is worth its jump VP (the sheet's table), 5 VP
for reaching labour 12 and the power row it crosses (majorities and sets, as symbols are
valued in the other modes); they rest when erasing circles is worth more, erase the most
useful rows first, and gamble with Pan (third die) or Tyche (re-roll). Every other mode is
played exactly as before: the sheet branches are taken only when the variant keeps score
sheets (``state.config.variant.sheet``); God cards count only where ``variant.gods_count``.
"""

from __future__ import annotations

from .basic import WAYS, EasyBot, RandomBot
from .hard import HardBot
from .master import MasterBot
from .normal import NormalBot, Weights

__all__ = [
    "BOT_LEVELS",
    "WAYS",
    "EasyBot",
    "HardBot",
    "MasterBot",
    "NormalBot",
    "RandomBot",
    "Weights",
    "make_bot",
]

BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "master")
_CLASSES = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "master": MasterBot,
}


def make_bot(level: str) -> RandomBot:
    """A new bot of a level: random, easy, normal, hard or master."""
    cls = _CLASSES.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(_CLASSES)}")
    return cls()

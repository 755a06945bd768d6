"""Hercules wired into the shell: a controller for a new game, from who sits where.

The shell (``hercules.app``) knows nothing of Hercules; this is where the game's
engine, its bots and the generic controller meet. No pygame here, so tools use it too.
"""

from __future__ import annotations

from collections.abc import Sequence

from hercules.ai import make_bot
from hercules.app.controller import Controller, Seat
from hercules.engine import GameConfig, new_game
from hercules.engine.adapter import RULES


def new_controller(mode: str, kinds: Sequence[str], seed: int) -> Controller:
    """A controller for a new game; ``kinds`` per seat: "human", "hades" or a bot level."""
    config = GameConfig(players=len(kinds), mode=mode)
    seats, bots = [], {}
    for i, kind in enumerate(kinds):
        if kind == "hades":
            seats.append(Seat("automaton", name="hades"))
        elif kind == "human":
            seats.append(Seat("human"))
        else:
            seats.append(Seat("bot", level=kind))
            bots[i] = make_bot(kind)
    return Controller(RULES, new_game(config, seed), seats, bots, bot_seed=seed)

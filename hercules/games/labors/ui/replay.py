"""Replays of a run: step through it, forward and back, roll by roll, with the table animating.

The transport is the shell's (:class:`hercules.ui.replay.Replaying`); the Labors game gives its
table, its names and its "round": a labour's roll.
"""

from __future__ import annotations

from typing import Any

from hercules.app.saves import LoadedGame
from hercules.games.labors.engine import RULES
from hercules.ui.replay import Replaying

from .setup import names_for
from .table import TableScene


class ReplayScene(Replaying, TableScene):
    """The table in replay mode: controls instead of moves."""

    rules = RULES

    def replay_names(self, loaded: LoadedGame) -> list[str]:
        """The run's hero, as saved."""
        return names_for(loaded.seats, loaded.config, loaded.names)

    def round_of(self, state: Any) -> int:
        """A run's position for "next round": its labour and roll."""
        return int(state.labour) * 1000 + int(state.round)

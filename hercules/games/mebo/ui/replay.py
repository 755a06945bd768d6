"""Replays: watch a saved game again, move by move or round by round, with the board animating.

The transport is the shell's (:class:`hercules.ui.replay.Replaying`); the MEBO game gives its
table, its names and the heading that says whose turn is shown.
"""

from __future__ import annotations

from hercules.app.saves import LoadedGame
from hercules.games.mebo.engine.adapter import RULES
from hercules.ui.names import seat_name
from hercules.ui.replay import Replaying
from hercules.ui.strings import t

from .setup import display_names
from .table import TableScene


class ReplayScene(Replaying, TableScene):
    """The table in replay mode: controls instead of moves."""

    rules = RULES
    transport = (("round_back", "back", "forward", "round_forward"), ("play", "close"))

    def replay_names(self, loaded: LoadedGame) -> list[str]:
        """The seats' names as the game showed them."""
        return display_names(loaded)

    def heading(self) -> str:
        """Always says that this is a replay, and never "Consulting the Oracle…"."""
        s = self.state
        if s.is_terminal:
            return t("replay.heading.over")
        if s.current < 0:
            return t("replay.heading.round", round=s.round)
        return t("replay.heading.turn", who=seat_name(self.names, s.current))

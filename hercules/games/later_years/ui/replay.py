"""Replays: step through a saved game, forward and back, round by round.

The transport is the shell's (:class:`hercules.ui.replay.Replaying`). A replay of a finished
game shows what no player saw during it: every hand and the face-down auction card; one of a
game still going shows only what a spectator sees. Nobody plays.
"""

from __future__ import annotations

from hercules.app.saves import LoadedGame
from hercules.games.later_years.engine import RULES
from hercules.ui.replay import Replaying
from hercules.ui.strings import t

from .table import EVERYTHING, TableScene
from .words import names_for


class ReplayScene(Replaying, TableScene):
    """The table in replay mode: controls instead of moves."""

    rules = RULES

    def replay_names(self, loaded: LoadedGame) -> list[str]:
        """The seats' names, as saved."""
        return names_for(loaded.seats, loaded.config, loaded.names)

    def prompt_lines(self) -> list[str]:
        """Where the replay stands (and that every hand is shown, when it is)."""
        key = "ly.replay.position" if self.viewer == EVERYTHING else "replay.position"
        return [t(key, n=self.ctl.index, total=len(self.ctl.history))]

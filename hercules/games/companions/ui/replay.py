"""Replays: step through a saved game, forward and back, journey by journey.

The transport is the shell's (:class:`hercules.ui.replay.Replaying`). A replay of a finished
game shows every secret (characters, tokens, face-down cards); one of a game still going
shows only what a spectator sees. Nobody plays, and no night is shown.
"""

from __future__ import annotations

from typing import Any

from hercules.app.saves import LoadedGame
from hercules.ui.replay import Replaying
from hercules.ui.strings import t

from ..engine.adapter import RULES
from .table import EVERYTHING, TableScene
from .words import names_for


class ReplayScene(Replaying, TableScene):
    """The table in replay mode: controls instead of moves."""

    rules = RULES
    button_rows = 2  #: the transport's two rows

    def replay_names(self, loaded: LoadedGame) -> list[str]:
        """The seats' names, as saved."""
        return names_for(loaded.seats, loaded.config, loaded.names)

    def round_of(self, state: Any) -> int:
        """A state's journey (the replay's "round")."""
        return int(state.journey)

    def play_on(self, dt: float) -> None:
        """Nobody plays in a replay, and its nights pass unseen."""
        self.night_due = False

    def prompt_lines(self) -> list[str]:
        """Where the replay stands (and that every secret is shown, when it is)."""
        key = "co.replay.position" if self.viewer == EVERYTHING else "replay.position"
        return [t(key, n=self.ctl.index, total=len(self.ctl.history))]

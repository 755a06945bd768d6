"""Replays: a loaded game's saved records, stepped through forward and back (no pygame here).

:class:`ReplayController` stands in for the :class:`~.controller.Controller` of a
table (it is a :class:`~.controller.GameController`), so the same table shows a
replay: stepping forward publishes the saved record, stepping back takes it back
like an undo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .contract import GameRules
from .controller import Listener, Record
from .saves import LoadedGame


def _round(state: Any) -> int:
    return int(state.round)


class ReplayController:
    """Stands in for the controller: shows the saved states; nobody can act.

    Stepping forward publishes the saved record (so the table animates and logs
    it); stepping back takes it back like an undo. No state is ever computed here:
    every state comes from the save's replay. ``history`` is every saved record
    (the moves to come included), :attr:`index` how many are shown. ``round_of``
    gives a state's round, for :meth:`next_round` (default: ``state.round``).
    """

    def __init__(
        self,
        rules: GameRules[Any, Any, Any],
        loaded: LoadedGame,
        round_of: Callable[[Any], int] = _round,
    ) -> None:
        self.rules = rules
        self.states = list(loaded.states)
        self.history = list(loaded.history)
        self.seats = list(loaded.seats)
        self.index = 0  #: how many records are shown: ``state is states[index]``
        self.round_of = round_of
        self._listeners: list[Listener] = []
        self._undo: list[Listener] = []

    @property
    def state(self) -> Any:
        """The state shown."""
        return self.states[self.index]

    @property
    def actions(self) -> list[Any]:
        """The actions that led to the state shown."""
        return [r.action for r in self.history[: self.index]]

    @property
    def actor(self) -> int:
        """Nobody acts in a replay."""
        return -2

    @property
    def is_over(self) -> bool:
        """A replay never ends the game on screen by itself."""
        return False

    def legal(self) -> list[Any]:
        """Nothing is legal: nobody acts."""
        return []

    def view(self, seat: int) -> Any:
        """The state shown as ``seat`` may see it."""
        return self.rules.view(self.state, seat)

    def human_to_act(self) -> bool:
        """Never: nobody acts."""
        return False

    def submit(self, action: Any, seat: int) -> Exception | None:
        """Refused: a replay cannot be played."""
        return ValueError("a replay cannot be played")

    def bot_thinking(self) -> bool:
        """Never: no bot plays a replay."""
        return False

    def undo_refusal(self) -> str:
        """Nothing is taken back in a replay (use :meth:`back`)."""
        return "nothing"

    def can_undo(self) -> bool:
        """Never (use :meth:`back`)."""
        return False

    def undo(self) -> Record | None:
        """Nothing is taken back (use :meth:`back`)."""
        return None

    def step(self, wait: bool = False) -> Record | None:
        """No automatic steps (use :meth:`forward`)."""
        return None

    def close(self) -> None:
        """Nothing to stop."""

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(record)`` for each move shown going forward."""
        self._listeners.append(listener)

    def on_undo(self, listener: Listener) -> None:
        """Call ``listener(record)`` for each move taken back going back."""
        self._undo.append(listener)

    def forward(self) -> bool:
        """One move on; False at the end."""
        if self.index >= len(self.history):
            return False
        rec = self.history[self.index]
        self.index += 1
        for fn in self._listeners:
            fn(rec)
        return True

    def back(self) -> bool:
        """One move back; False at the start."""
        if self.index == 0:
            return False
        self.index -= 1
        rec = self.history[self.index]
        for fn in self._undo:
            fn(rec)
        return True

    def next_round(self) -> None:
        """Forward to the first state of the next round (or the end)."""
        start = self.round_of(self.state)
        while self.forward() and self.round_of(self.state) == start:
            pass

    def previous_round(self) -> None:
        """Back to the start of this round, or of the one before if already there."""
        target = self.round_of(self.state)
        if self.index > 0 and self.round_of(self.states[self.index - 1]) < target:
            target -= 1
        while self.index > 0 and self.round_of(self.states[self.index - 1]) >= target:
            self.back()

"""Shared bits of the Labors screens' tests: a captured table, finished states."""

from __future__ import annotations

from types import SimpleNamespace

from hercules.games.labors.engine import LaborsConfig, new_game


class Captured:
    """Stands for ``app.nav.play`` / ``app.nav.replay``: records what it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def __call__(self, *args, **kwargs):
        self.calls.append(args)

    @property
    def last(self):
        return self.calls[-1]


def over_state(outcome: str, difficulty: str = "hero", start: int = 1, **changes):
    """A finished run's state (made up, as a table would hold at the end)."""
    state = new_game(LaborsConfig(difficulty, start), seed=5)
    return state.with_(prompt="over", outcome=outcome, **changes)


def table_of(state, ctl=None, names=("Hercules",)):
    """What the run-over screen reads from the table."""
    return SimpleNamespace(state=state, ctl=ctl, names=list(names), game_id="labors")

"""The Labors statistics hooks of simulate.py: Wilson intervals, outcomes, where runs end."""

from __future__ import annotations

import random

import pytest

from hercules.games.labors.ai import make_bot
from hercules.games.labors.engine import LaborsConfig, apply, legal_actions, new_game
from hercules.games.labors.stats import report_lines, statistics, wilson


def test_wilson_interval() -> None:
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    lo, hi = wilson(50, 100)
    assert (lo, hi) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(7, 7)
    assert hi == 1.0 and 0.6 < lo < 0.7


def finished(level: str, seed: int) -> object:
    state = new_game(LaborsConfig("mortal"), seed)
    bot = make_bot(level)
    rng = random.Random(seed)
    while not state.is_terminal:
        state, _ = apply(state, bot.choose(state, legal_actions(state), rng))
    return state


def test_statistics_of_finished_runs() -> None:
    finals = [finished("random", s) for s in range(6)] + [finished("solver", 1)]
    stats = statistics(finals)  # type: ignore[arg-type]
    assert set(stats["outcomes"]) == {"won", "skull", "courage", "divinity"}
    assert sum(stats["outcomes"].values()) == 7
    assert sum(sum(by.values()) for by in stats["ends"].values()) == 7
    assert all(1 <= int(trial) <= 12 for trial in stats["ends"])
    assert stats["wins"] == stats["outcomes"]["won"]
    lo, hi = stats["win_interval"]
    assert 0.0 <= lo <= stats["win_rate"] <= hi <= 1.0
    beaten = sum(len(s.beaten) for s in finals)  # type: ignore[attr-defined]
    assert stats["mean_trials_beaten"] == pytest.approx(beaten / 7, abs=1e-3)
    lines = report_lines({**stats, "games": 7})
    text = "\n".join(lines)
    assert "win rate" in text and "Wilson" in text and "trial" in text

"""The Labors game's statistics of finished runs, for the box's tools (``simulate.py``).

The win rate with its 95 % Wilson interval, the mean number of trials beaten, and where the
runs ended: how many at each trial, by outcome (skull, Courage, Divinity, won). Pure: reads
finished states only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hercules.games._kit.figures import wilson_interval

from .engine import DIFFICULTIES, LaborsState
from .engine.state import LOST_COURAGE, LOST_DIVINITY, LOST_SKULL, WON

OUTCOMES = (WON, LOST_SKULL, LOST_COURAGE, LOST_DIVINITY)
Z95 = 1.959963984540054
Words = Callable[..., str]  #: the box's translator: ``words(key, **values)``


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) with no trials.

    The kit's interval (:func:`~hercules.games._kit.figures.wilson_interval`), at this game's
    more precise default ``z``.
    """
    return wilson_interval(successes, trials, z)


def statistics(finals: Sequence[LaborsState]) -> dict[str, Any]:
    """The statistics of some finished runs (of one difficulty)."""
    games = len(finals)
    outcomes = Counter(dict.fromkeys(OUTCOMES, 0))
    ends: dict[str, Counter[str]] = {}
    beaten = 0
    for state in finals:
        outcomes[state.outcome] += 1
        ends.setdefault(str(state.labour), Counter())[state.outcome] += 1
        beaten += len(state.beaten)
    wins = outcomes[WON]
    lo, hi = wilson(wins, games)
    return {
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "win_interval": [round(lo, 4), round(hi, 4)],
        "mean_trials_beaten": round(beaten / games, 3) if games else 0.0,
        "mean_final_courage": round(sum(s.courage for s in finals) / games, 2) if games else 0.0,
        "mean_final_divinity": round(sum(s.divinity for s in finals) / games, 2) if games else 0.0,
        "outcomes": dict(outcomes),
        "ends": {
            trial: dict(sorted(by.items()))
            for trial, by in sorted(ends.items(), key=lambda kv: int(kv[0]))
        },
    }


def record(final: LaborsState) -> dict[str, Any]:
    """A finished run for the box's statistics (the shell's ``record`` hook): won or lost, its
    score (the trials beaten), Courage and Divinity left, and where and how it ended."""
    won = final.outcome == WON
    seat = {
        "result": "win" if won else "loss",
        "place": 1,
        "score": len(final.beaten),
        "breakdown": {"courage": final.courage, "divinity": final.divinity},
    }
    return {
        "variant": final.config.difficulty,
        "rounds": max(0, final.labour - final.config.start + 1),
        "seats": [seat],
        "extra": {"outcome": final.outcome, "reached": final.labour, "start": final.config.start},
    }


def stat_lines(records: Sequence[Mapping[str, Any]], words: Words) -> list[str]:
    """The statistics screen's own lines for this game: per difficulty, the furthest trial
    reached, the mean, and the runs that reached Olympus (the player's runs only)."""
    by: dict[str, list[tuple[int, bool]]] = {}
    for rec in records:
        if rec.get("bots_only"):
            continue
        reached = rec.get("extra", {}).get("reached", 0)
        won = rec.get("extra", {}).get("outcome") == WON
        if type(reached) is int:
            by.setdefault(rec["variant"], []).append((reached, won))
    lines = []
    for difficulty in sorted(by, key=lambda d: (DIFFICULTIES + (d,)).index(d)):
        runs = by[difficulty]
        lines.append(
            words(
                "lab.stats.reached",
                difficulty=words(f"mode.{difficulty}"),
                best=max(r for r, _ in runs),
                mean=f"{sum(r for r, _ in runs) / len(runs):.1f}",
                olympus=sum(w for _, w in runs),
                runs=len(runs),
            )
        )
    return lines


def report_lines(stats: dict[str, Any]) -> list[str]:
    """The human-readable lines of :func:`statistics` (``stats`` also holds ``games``)."""
    games = stats["games"]
    lo, hi = stats["win_interval"]
    lines = [
        f"  win rate           {100 * stats['win_rate']:>11.1f}%  "
        f"(95% Wilson interval {100 * lo:.1f}-{100 * hi:.1f}%, {stats['wins']} of {games})",
        f"  mean trials beaten {stats['mean_trials_beaten']:>12.2f}",
        f"  mean final Courage {stats['mean_final_courage']:>12.2f}, "
        f"Divinity {stats['mean_final_divinity']:.2f}",
        "  outcomes:",
    ]
    for name, n in stats["outcomes"].items():
        lines.append(f"    {name:<20} {n:>7}  {100 * n / games:6.1f}%")
    lines.append("  where runs end (trial: outcome count):")
    for trial, by in stats["ends"].items():
        what = ", ".join(f"{k} {v}" for k, v in by.items())
        lines.append(f"    trial {int(trial):>2}: {what}")
    return lines


def fingerprint() -> dict[str, Any]:
    """The fingerprint tool's options (the ``fingerprint`` tool hook): a random run ends
    within a few dozen actions, so many more of them (and of the bots' runs) than the tool's
    default, for as much play as the other games give in a similar time."""
    return {"games": 400, "bot_games": 10}

"""Write the Labors game's balance file: how often the solver wins at each difficulty.

    python tools/make_balance.py --games 200 --seed 1000 [--out PATH] [--jobs N]

Plays ``--games`` runs of the solver at each difficulty (run ``i`` set up with seed
``seed + i``) through the same code as ``simulate.py --game labors --player solver``, the
runs cut into chunks over parallel processes (``--jobs``, default one per CPU; a run's seed
does not depend on its chunk), and writes
``assets/games/labors/data/balance.json`` (or ``--out``)::

    {"hero": {"solver": {"win_rate": 0.0, "wins": 0, "games": 200, "low": 0.0,
                         "high": 0.0188, "trials": 3.1, "seed": 1000, "ends": {...}}},
     "mortal": ..., "god": ...}

``low`` and ``high`` are the win rate's Wilson 95 % interval; ``ends`` counts where the runs
ended (trial: outcome: runs). The setup screen reads ``win_rate``, ``games``, ``low`` and
``high``. The last stdout line is one JSON object: the
path written, the figures and the seconds taken.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from cli_args import add_processes_option, game_spec, positive, whole_number
from simulate import simulate

from hercules.games._kit.figures import wilson_interval
from hercules.games.labors.engine import DIFFICULTIES

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "assets" / "games" / "labors" / "data" / "balance.json"
LEVEL = "solver"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="make_balance.py",
        description="Play the Labors solver at every difficulty and write balance.json.",
    )
    parser.add_argument("--games", type=positive, default=200, help="runs per difficulty (200)")
    parser.add_argument("--seed", type=whole_number, default=1000, help="first run's seed (1000)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the file to write")
    add_processes_option(parser, "--jobs")
    return parser.parse_args(argv)


def chunk(difficulty: str, games: int, seed: int) -> dict[str, Any]:
    """The raw counts of ``games`` solver runs at one difficulty from ``seed`` (one process)."""
    config = {"difficulty": difficulty, "start": 1}
    stats = simulate(game_spec("labors"), games, config, seed, LEVEL)
    return {
        "games": games,
        "wins": stats["wins"],
        "beaten": round(stats["mean_trials_beaten"] * games),
        "ends": stats["ends"],
        "seconds": stats["seconds"],
    }


def merge(difficulty: str, parts: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    """One difficulty's figures from its chunks: the win rate with its Wilson 95 % interval."""
    games = sum(p["games"] for p in parts)
    wins = sum(p["wins"] for p in parts)
    ends: dict[str, Counter[str]] = {}
    for p in parts:
        for trial, by in p["ends"].items():
            ends.setdefault(trial, Counter()).update(by)
    low, high = wilson_interval(wins, games)
    seconds = sum(p["seconds"] for p in parts)
    return {
        "win_rate": round(wins / games, 4),
        "wins": wins,
        "games": games,
        "low": round(low, 4),
        "high": round(high, 4),
        "trials": round(sum(p["beaten"] for p in parts) / games, 3),
        "seed": seed,
        "ends": {
            t: dict(sorted(by.items())) for t, by in sorted(ends.items(), key=lambda kv: int(kv[0]))
        },
        "games_per_second": round(games / seconds, 2) if seconds else 0.0,
    }


def figures(difficulty: str, games: int, seed: int) -> dict[str, Any]:
    """The solver's figures at one difficulty (one process)."""
    return merge(difficulty, [chunk(difficulty, games, seed)], seed)


def tasks(games: int, seed: int, jobs: int) -> list[tuple[str, int, int]]:
    """The runs cut into chunks (difficulty, runs, first seed): ``jobs`` a difficulty, so that
    the processes share the longest difficulty's runs rather than wait on them."""
    per = max(1, jobs)
    size = -(-games // per)
    out = []
    for d in DIFFICULTIES:
        for start in range(0, games, size):
            out.append((d, min(size, games - start), seed + start))
    return out


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    start = time.perf_counter()
    jobs = max(1, args.jobs)
    work = tasks(args.games, args.seed, jobs)
    if jobs == 1:
        done = [chunk(*w) for w in work]
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(work))) as pool:
            done = list(pool.map(chunk, *zip(*work, strict=True)))
    results = []
    for d in DIFFICULTIES:
        parts = [r for w, r in zip(work, done, strict=True) if w[0] == d]
        results.append(merge(d, parts, args.seed))
    doc = {d: {LEVEL: r} for d, r in zip(DIFFICULTIES, results, strict=True)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    seconds = round(time.perf_counter() - start, 2)
    for d, r in zip(DIFFICULTIES, results, strict=True):
        print(
            f"{d:<7} solver wins {100 * r['win_rate']:5.1f}% "
            f"({100 * r['low']:.1f}-{100 * r['high']:.1f}%) of {r['games']}, "
            f"{r['trials']:.2f} trials beaten on average"
        )
    print(json.dumps({"out": str(args.out), "seconds": seconds, "balance": doc}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

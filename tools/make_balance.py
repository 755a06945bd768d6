"""Write the Labors game's balance file: how often the solver wins at each difficulty.

    python tools/make_balance.py --games 200 --seed 1000 [--out PATH] [--jobs N]

Plays ``--games`` runs of the solver at each difficulty (run ``i`` set up with seed
``seed + i``) through the same code as ``simulate.py --game labors --player solver``, the
difficulties in parallel processes (``--jobs``, default one per CPU), and writes
``assets/games/labors/data/balance.json`` (or ``--out``)::

    {"hero": {"solver": {"win_rate": 0.0, "games": 200, "low": 0.0, "high": 0.0188,
                         "trials": 3.1, "seed": 1000, "ends": {...}}}, "mortal": ..., "god": ...}

The setup screen reads ``win_rate`` and ``games``. The last stdout line is one JSON object: the
path written, the figures and the seconds taken.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from cli_args import add_processes_option, game_spec, positive, whole_number
from simulate import simulate

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


def figures(difficulty: str, games: int, seed: int) -> dict[str, Any]:
    """The solver's figures at one difficulty (one process)."""
    config = {"difficulty": difficulty, "start": 1}
    stats = simulate(game_spec("labors"), games, config, seed, LEVEL)
    low, high = stats["win_interval"]
    return {
        "win_rate": stats["win_rate"],
        "games": games,
        "low": low,
        "high": high,
        "trials": stats["mean_trials_beaten"],
        "seed": seed,
        "ends": stats["ends"],
        "games_per_second": stats["games_per_second"],
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    start = time.perf_counter()
    jobs = max(1, min(args.jobs, len(DIFFICULTIES)))
    if jobs == 1:
        results = [figures(d, args.games, args.seed) for d in DIFFICULTIES]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(figures, d, args.games, args.seed) for d in DIFFICULTIES]
            results = [f.result() for f in futures]
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

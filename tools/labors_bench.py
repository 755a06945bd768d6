"""Time the Labors solver's decisions: min, median, p99 and max per decision, per difficulty.

    python tools/labors_bench.py [--games 10] [--seed 3000] [--difficulties mortal,hero,god]

Plays ``--games`` seeded runs (run ``i``: seed ``seed + i``) at each difficulty with the solver
bot, as the controller does (the player's view, one bot per run), and times every decision
that has more than one legal action (CPU time, ``time.process_time``, around ``choose``; a
step with one legal action is not a decision). Decisions include each process's first ones,
which fill the solver's caches. Prints one line per difficulty and the last line is one JSON
object, times in milliseconds. A benchmark only: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from cli_args import positive, whole_number

from hercules.games._kit.figures import percentile
from hercules.games.labors.ai import make_bot
from hercules.games.labors.engine import DIFFICULTIES, LaborsConfig, apply, legal_actions, new_game
from hercules.games.labors.engine.rules import PLAYER, view


def _difficulties(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    bad = [n for n in names if n not in DIFFICULTIES]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give difficulties among {', '.join(DIFFICULTIES)}, separated by commas"
        )
    return list(dict.fromkeys(names))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="labors_bench.py", description="Time the Labors solver's decisions."
    )
    parser.add_argument("--games", type=positive, default=10, help="runs per difficulty (10)")
    parser.add_argument("--seed", type=whole_number, default=3000, help="first run's seed")
    parser.add_argument(
        "--difficulties",
        type=_difficulties,
        default=["mortal", "hero", "god"],
        help="comma-separated (mortal,hero,god)",
    )
    return parser.parse_args(argv)


def timings(difficulty: str, games: int, seed: int) -> list[float]:
    """Every decision's time in milliseconds over the runs."""
    out: list[float] = []
    chooser = random.Random(seed)
    for i in range(games):
        state = new_game(LaborsConfig(difficulty, 1), seed + i)
        bot = make_bot("solver")
        while not state.is_terminal:
            legal = legal_actions(state)
            if len(legal) == 1:
                action = legal[0]
            else:
                seen = view(state, PLAYER)
                start = time.process_time()  # CPU: other processes' load is not counted
                action = bot.choose(seen, legal, chooser)
                out.append(1000.0 * (time.process_time() - start))
            state, _ = apply(state, action)
    return out


def summary(times: list[float]) -> dict[str, Any]:
    """min, median, p99, max (ms) and the number of decisions."""
    return {
        "decisions": len(times),
        "min": round(min(times), 2) if times else 0.0,
        "median": round(percentile(times, 50), 2),
        "p99": round(percentile(times, 99), 2),
        "max": round(max(times), 2) if times else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    doc: dict[str, Any] = {}
    everything: list[float] = []
    for d in args.difficulties:
        times = timings(d, args.games, args.seed)
        everything += times
        doc[d] = summary(times)
        s = doc[d]
        print(
            f"{d:<7} {s['decisions']:>6} decisions  min {s['min']:.2f}  median {s['median']:.2f}"
            f"  p99 {s['p99']:.2f}  max {s['max']:.2f} ms"
        )
    doc["all"] = summary(everything)
    doc["games"] = args.games
    doc["seed"] = args.seed
    print(json.dumps(doc, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The long engine fuzz: many seeded random games, every step checked, across processes.

    python tools/fuzz.py --games 100000 --workers 2 --seed 0
    python tools/fuzz.py --only standard-4p:1234     # one game again, full traceback

Game ``k`` (0-based) plays configuration ``k % 10`` with seed ``S + k``; the configurations
are every mode and player count: standard, simplified and print-and-play with 2, 3 and 4
seats, and solo. Each game is played and checked by the test suite's own checker,
``play_checked`` in ``tests/support/fuzzing.py`` (what ``pytest tests/engine/test_fuzz.py
--fuzz-games N`` runs; with ``--seed 0`` and ``--games`` a multiple of 10 these are the very
same games): at every step the legal actions, the JSON round trip of the state and actions,
the invariants, ``apply`` being pure and deterministic, refusals of illegal actions with the
right reason and the score breakdown; at the end, the replay of the action log.

Games run in ``--workers`` processes (default: one per CPU). Progress goes to stderr, and a
line for each failure as it happens. At the end: games, games per configuration, actions,
failures (configuration, seed, error and the one command that plays that game again), wall
time and games per second. The last line is one JSON object; exit status 1 if a game failed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from cli_args import add_processes_option, only_game, positive, whole_number
from tournament import Progress

# The checker is test code (tests/support/fuzzing.py), not part of the package: put the
# checkout's tests folder on the path, as pytest does (pyproject.toml: pythonpath = tests).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.fuzzing import CONFIG_IDS, CONFIGS, play_checked  # noqa: E402

#: Characters of a failure's message kept in the report (the --only command shows it all).
MESSAGE_CHARS = 400


# --- options ---------------------------------------------------------------------------------


def _one_game(text: str) -> tuple[int, int]:
    """``CONFIG:SEED`` (e.g. ``standard-4p:1234``) as (configuration index, seed)."""
    name, sep, seed = text.partition(":")
    if not sep or name not in CONFIG_IDS:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give CONFIG:SEED, CONFIG one of {', '.join(CONFIG_IDS)}"
        )
    return CONFIG_IDS.index(name), whole_number(seed)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="fuzz.py",
        description="Play seeded random games of every mode and player count, checking the "
        "MEBO engine at every step.",
    )
    parser.add_argument(
        "--games", type=positive, default=1000, help="games, over all configurations (1000)"
    )
    add_processes_option(parser, "--workers")
    parser.add_argument(
        "--seed", type=whole_number, default=0, help="seed of game 0; game k uses S+k (0)"
    )
    parser.add_argument(
        "--only",
        type=_one_game,
        metavar="CONFIG:SEED",
        help="play just this game (e.g. standard-4p:1234) and print any failure in full",
    )
    only_game(parser, "hercules", "the MEBO engine and its fuzz checks")
    return parser.parse_args(argv)


# --- playing ---------------------------------------------------------------------------------


def reproduce_command(config_index: int, seed: int) -> str:
    """The command that plays one game again, alone, with its whole traceback."""
    return f"python tools/fuzz.py --only {CONFIG_IDS[config_index]}:{seed}"


def check_game(config_index: int, seed: int) -> tuple[int, dict[str, Any] | None]:
    """Play and check one game: (actions played, None) or (0, what failed)."""
    try:
        _, log = play_checked(CONFIGS[config_index], seed)
    except Exception as exc:  # any error is a finding: report it, go on with the next game
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        message = "".join(traceback.format_exception_only(exc)).strip()
        return 0, {
            "config": CONFIG_IDS[config_index],
            "seed": seed,
            "error": message[:MESSAGE_CHARS],
            "where": f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}",
            "command": reproduce_command(config_index, seed),
        }
    return len(log), None


def check_chunk(task: tuple[int, int, int]) -> list[tuple[int, int, dict[str, Any] | None]]:
    """Games ``start`` to ``stop - 1`` with base seed ``seed`` (runs in a worker process)."""
    start, stop, seed = task
    out = []
    for k in range(start, stop):
        actions, failure = check_game(k % len(CONFIGS), seed + k)
        out.append((k, actions, failure))
    return out


def run_games(games: int, seed: int, workers: int) -> dict[str, Any]:
    """Play every game, ``workers`` at a time; return the counts and failures."""
    # Chunks of a few seconds: the progress moves, and the processes stay busy to the end.
    size = max(1, min(50, games // (workers * 8)))
    tasks = [(start, min(start + size, games), seed) for start in range(0, games, size)]
    per_config = dict.fromkeys(CONFIG_IDS, 0)
    actions = 0
    failed: list[dict[str, Any]] = []
    progress = Progress(games)
    progress.update(0)
    done = 0

    def record(results: list[tuple[int, int, dict[str, Any] | None]]) -> None:
        nonlocal actions, done
        for k, played, failure in results:
            per_config[CONFIG_IDS[k % len(CONFIGS)]] += 1
            actions += played
            if failure is not None:
                failed.append(failure)
                print(
                    f"\nFAILED {failure['config']} seed {failure['seed']}: {failure['error']}",
                    file=sys.stderr,
                )
        done += len(results)
        progress.update(done)

    workers = min(workers, len(tasks))
    if workers == 1:
        for task in tasks:
            record(check_chunk(task))
    else:
        with multiprocessing.Pool(processes=workers) as pool:
            for results in pool.imap_unordered(check_chunk, tasks):
                record(results)
    failed.sort(key=lambda f: (f["seed"], f["config"]))
    return {
        "games_per_config": per_config,
        "actions": actions,
        "failed": failed,
        "workers": workers,
    }


# --- reporting -------------------------------------------------------------------------------


def summarise(outcome: dict[str, Any], args: argparse.Namespace, seconds: float) -> dict[str, Any]:
    """The JSON summary of a run."""
    games = sum(outcome["games_per_config"].values())
    return {
        "games": games,
        "games_per_config": outcome["games_per_config"],
        "actions": outcome["actions"],
        "failures": len(outcome["failed"]),
        "failed": outcome["failed"],
        "seed": args.seed,
        "workers": outcome["workers"],
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 3) if seconds > 0 else 0.0,
        "actions_per_second": round(outcome["actions"] / seconds, 1) if seconds > 0 else 0.0,
    }


def report(stats: dict[str, Any]) -> str:
    """The human-readable lines (the JSON summary follows them)."""
    lines = [
        f"{stats['games']} fuzz games, seed {stats['seed']}, {stats['workers']} worker(s)",
        "  games per configuration: "
        + ", ".join(f"{name} {n}" for name, n in stats["games_per_config"].items()),
        f"  actions {stats['actions']}, failures {stats['failures']}",
        f"  wall time {stats['seconds']:.1f} s, {stats['games_per_second']:.2f} games/s, "
        f"{stats['actions_per_second']:.0f} actions/s",
    ]
    for f in stats["failed"]:
        lines.append(f"  FAILED {f['config']} seed {f['seed']} at {f['where']}: {f['error']}")
        lines.append(f"    again: {f['command']}")
    return "\n".join(lines)


def play_one(config_index: int, seed: int) -> int:
    """``--only``: play one game; print the whole traceback if it fails."""
    try:
        _, log = play_checked(CONFIGS[config_index], seed)
    except Exception:
        traceback.print_exc()
        print(f"FAILED {CONFIG_IDS[config_index]} seed {seed}", file=sys.stderr)
        return 1
    print(f"{CONFIG_IDS[config_index]} seed {seed}: {len(log)} actions, every check passed")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.only is not None:
        return play_one(*args.only)
    start = time.perf_counter()
    try:
        outcome = run_games(args.games, args.seed, args.workers)
    except KeyboardInterrupt:
        print("\nfuzz.py: interrupted", file=sys.stderr)
        return 130
    stats = summarise(outcome, args, time.perf_counter() - start)
    print(report(stats))
    print(json.dumps(stats, sort_keys=True))
    return 1 if stats["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""Load time of a finished four-player save with its whole log (read, validate, replay, check).

    python tools/bench_load.py [--repeats 50] [--seed 7] [--file SAVE.json]

Without ``--file`` it plays a seeded four-player game to the end with Normal
bots, saves it in a temporary folder and loads it ``--repeats`` times. The last
line is one JSON object (``load_ms_median``, ``load_ms_max``, ...).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from cli_args import add_game_option

from hercules.app.registry import GameSpec
from hercules.app.saves import load_save, save_game

TARGET_MS = 50.0


def finished_game(spec: GameSpec, folder: Path, seed: int) -> Path:
    """Save a finished bot game of the most seats the game takes; return its path.

    The bots are the game's second level, one seat its first (for the MEBO game: Normal,
    Normal, Easy, Normal).
    """
    low, mid = spec.bot_levels[0], spec.bot_levels[min(1, len(spec.bot_levels) - 1)]
    levels = [mid] * spec.players[1]
    if len(levels) > 2:
        levels[2] = low
    ctl = spec.new_controller(spec.variants[0], levels, seed)
    while not ctl.is_over:
        ctl.step(wait=True)
    ctl.close()
    path = folder / "finished.json"
    # One name a seat, however many seats the game takes (5 for The Later Years, 7 here).
    save_game(path, ctl, [f"Bot {k + 1}" for k in range(len(levels))])
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=50)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--file", type=Path, default=None, help="time this save instead")
    add_game_option(ap)
    args = ap.parse_args(argv)
    rules = args.game.rules
    with tempfile.TemporaryDirectory() as tmp:
        path = args.file or finished_game(args.game, Path(tmp), args.seed)
        game = load_save(path, rules)  # warm-up: imports, card data, caches
        times = []
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            load_save(path, rules)
            times.append((time.perf_counter() - t0) * 1000)
        size = path.stat().st_size
    median, worst = statistics.median(times), max(times)
    print(
        f"{path.name}: {game.game} {game.meta.get('mode', '')} {game.meta['players']} players, "
        f"finished={game.meta['finished']}, {len(game.actions)} actions, {size} bytes"
    )
    print(f"load over {args.repeats} repeats: median {median:.2f} ms, max {worst:.2f} ms")
    print(f"target <= {TARGET_MS:.0f} ms: {'met' if worst <= TARGET_MS else 'MISSED'}")
    print(
        json.dumps(
            {
                "load_ms_median": round(median, 3),
                "load_ms_max": round(worst, 3),
                "actions": len(game.actions),
                "bytes": size,
                "repeats": args.repeats,
                "finished": game.meta["finished"],
                "players": game.meta["players"],
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

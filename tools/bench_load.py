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

from hercules.app.controller import Controller, Seat
from hercules.app.saves import load_save, save_game
from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.engine import GameConfig, new_game
from hercules.games.mebo.engine.adapter import RULES

TARGET_MS = 50.0


def finished_game(folder: Path, seed: int) -> Path:
    """Save a finished four-player bot game; return its path."""
    levels = ["normal", "normal", "easy", "normal"]
    seats = [Seat("bot", level=lv) for lv in levels]
    bots = {i: make_bot(lv) for i, lv in enumerate(levels)}
    ctl = Controller(RULES, new_game(GameConfig(4), seed), seats, bots, bot_seed=seed)
    while not ctl.is_over:
        ctl.step(wait=True)
    ctl.close()
    path = folder / "finished.json"
    save_game(path, ctl, ["Red bot", "Blue bot", "Green bot", "Yellow bot"])
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=50)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--file", type=Path, default=None, help="time this save instead")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = args.file or finished_game(Path(tmp), args.seed)
        game = load_save(path, RULES)  # warm-up: imports, card data, caches
        times = []
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            load_save(path, RULES)
            times.append((time.perf_counter() - t0) * 1000)
        size = path.stat().st_size
    median, worst = statistics.median(times), max(times)
    print(
        f"{path.name}: {game.meta['mode']} {game.meta['players']} players, "
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

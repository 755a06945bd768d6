"""Load and save time of a finished game with its whole log (read, validate, replay, check).

    python tools/bench_load.py [--game ID] [--repeats 50] [--seed 7] [--file SAVE.json]

Without ``--file`` it plays a seeded game of ``--game`` to the end with the game's real players
(:func:`real_levels`: the middle level of the ones a table offers, one seat the lowest; the
Labors solver, not its random player) in every seat it takes, saves it in a temporary folder,
then loads it (``load_save``: the whole check) and saves it again (``save_game``: the document
built, verified in memory and written) ``--repeats`` times each, alternated. Times are CPU
(``time.process_time``). The last line is one JSON object (``load_ms``, ``save_ms``: min /
median / max; ``load_ms_median``, ``load_ms_max`` as before, ...).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from cli_args import add_game_option

from hercules.app.registry import GameSpec
from hercules.app.saves import load_save, restore_controller, save_game

TARGET_MS = 50.0
#: Levels that are no player a table seats against a person: the test bots.
NOT_PLAYERS = ("random",)


def real_levels(spec: GameSpec[Any, Any, Any]) -> tuple[str, str]:
    """The game's lowest real level and its middle one (MEBO: Easy and Normal; Labors: the
    solver for both, its random player being no real one)."""
    levels = [level for level in spec.bot_levels if level not in NOT_PLAYERS] or list(
        spec.bot_levels
    )
    return levels[0], levels[min(1, len(levels) - 1)]


def finished_game(spec: GameSpec[Any, Any, Any], folder: Path, seed: int) -> Path:
    """Save a finished bot game of the most seats the game takes; return its path.

    The bots are the game's middle real level, one seat its lowest (for the MEBO game: Normal,
    Normal, Easy, Normal).
    """
    low, mid = real_levels(spec)
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


def spread(values: list[float]) -> dict[str, float]:
    """min / median / max, rounded."""
    return {
        "min": round(min(values), 3),
        "median": round(statistics.median(values), 3),
        "max": round(max(values), 3),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=50)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--file", type=Path, default=None, help="time this save instead")
    add_game_option(ap)
    args = ap.parse_args(argv)
    spec = args.game
    rules = spec.rules
    with tempfile.TemporaryDirectory() as tmp:
        path = args.file or finished_game(spec, Path(tmp), args.seed)
        game = load_save(path, rules)  # warm-up: imports, card data, caches
        ctl = restore_controller(game, rules, spec.make_bot)
        again = Path(tmp) / "again.json"
        loads, writes = [], []
        for _ in range(args.repeats):  # alternated: the machine's noise falls on both
            t0 = time.process_time()
            load_save(path, rules)
            loads.append((time.process_time() - t0) * 1000)
            t0 = time.process_time()
            save_game(again, ctl, list(game.names), label=game.label, created=game.created)
            writes.append((time.process_time() - t0) * 1000)
        ctl.close()
        size = path.stat().st_size
    load, save = spread(loads), spread(writes)
    print(
        f"{path.name}: {game.game} {game.meta.get('mode', '')} {game.meta['players']} players, "
        f"finished={game.meta['finished']}, {len(game.actions)} actions, {size} bytes"
    )
    print(f"load over {args.repeats} repeats (CPU): {load} ms")
    print(f"save over {args.repeats} repeats (CPU): {save} ms")
    print(f"target <= {TARGET_MS:.0f} ms: {'met' if load['max'] <= TARGET_MS else 'MISSED'}")
    print(
        json.dumps(
            {
                "game": game.game,
                "load_ms": load,
                "save_ms": save,
                "load_ms_median": load["median"],
                "load_ms_max": load["max"],
                "actions": len(game.actions),
                "bytes": size,
                "repeats": args.repeats,
                "finished": game.meta["finished"],
                "players": game.meta["players"],
                "levels": sorted({s.level for s in game.seats if s.kind == "bot"}),
                "clock": "process_time",
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

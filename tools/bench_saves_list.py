"""What a folder of saves costs the title and the load screen (issue 23, point 5).

    python tools/bench_saves_list.py [--saves 25] [--hostile 0] [--repeats 5] [--seed 1]

Fills a temporary data folder with ``--saves`` realistic saves (the box's games in turn,
played by their bots for a seeded number of steps, some to the end) and ``--hostile`` files
of about 4.3 MB that look like saves and are not (a huge log of junk: read, parsed, refused).
Then, in one headless app, times ``--repeats`` times each: building the title (which asks
whether there is a game to continue), and opening the load screen up to its first frame and
up to the frame where every save on it has been checked. The first repeat is the cold one
(nothing known of the files yet); the later ones are warm. Prints min / median / max per
figure; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hercules.app import paths, saves  # noqa: E402 - after the headless drivers are chosen
from hercules.app.registry import games  # noqa: E402

HOSTILE_BYTES = int(4.3 * 1024 * 1024)


def fill(folder: Path, n: int, hostile: int, seed: int) -> None:
    """``n`` saves of the box's games and ``hostile`` look-alike junk files in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    box = games()
    for i in range(n):
        spec = box[i % len(box)]
        players = spec.players[1] if i % 2 else spec.players[0]
        kinds = [spec.bot_levels[0]] * players
        ctl = spec.new_controller(spec.variants[0], kinds, seed + i)
        steps = rng.randrange(20, 400) if i % 3 else 10_000  # every third to the end
        while not ctl.is_over and steps > 0:
            ctl.step(wait=True)
            steps -= 1
        ctl.close()
        names = [f"Player {s + 1}" for s in range(players)]
        saves.save_game(folder / f"save-{i:02d}.json", ctl, names, label=f"Game {i}")
    for i in range(hostile):
        junk = [["x" * 40, rng.randrange(10**9)] for _ in range(HOSTILE_BYTES // 64)]
        doc = {"format": "hercules-save", "version": 2, "game": "hercules", "log": junk}
        (folder / f"hostile-{i:02d}.json").write_text(json.dumps(doc), encoding="utf-8")


def spread(values: list[float]) -> dict[str, float]:
    """min / median / max of ``values`` (milliseconds), rounded."""
    return {
        "min": round(min(values), 1),
        "median": round(statistics.median(values), 1),
        "max": round(max(values), 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--saves", type=int, default=25)
    ap.add_argument("--hostile", type=int, default=0)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    from hercules.ui.app import App, Settings
    from hercules.ui.scenes.load import LoadScene
    from hercules.ui.scenes.title import TitleScene

    with tempfile.TemporaryDirectory() as tmp:
        paths.set_data_dir(Path(tmp))
        folder = paths.saves_dir()
        fill(folder, args.saves, args.hostile, args.seed)
        size = sum(p.stat().st_size for p in folder.iterdir())
        app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
        figures: dict[str, list[float]] = {
            "title": [],
            "load_first_frame": [],
            "load_checked": [],
            "checking_frame": [],
        }
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            title = TitleScene(app)
            app.stack.scenes[:] = [title]
            title.build()
            figures["title"].append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            load = LoadScene(app)
            app.push(load)
            app.frame(1 / 60)
            figures["load_first_frame"].append((time.perf_counter() - t0) * 1000)
            frames = 0
            while getattr(load, "pending", ()) and frames < 100_000:
                t1 = time.perf_counter()
                app.frame(1 / 60)
                figures["checking_frame"].append((time.perf_counter() - t1) * 1000)
                frames += 1
            figures["load_checked"].append((time.perf_counter() - t0) * 1000)
            app.pop()
        listed = len(load.mine)
        damaged = sum(1 for i in load.mine if i.damaged)
        app.close()
        paths.set_data_dir(None)
    out: dict[str, Any] = {
        "saves": args.saves,
        "hostile": args.hostile,
        "bytes": size,
        "listed": listed,
        "damaged": damaged,
        "repeats": args.repeats,
    }
    frames = figures.pop("checking_frame") or [0.0]
    print(f"frames while checking: {len(frames)}, {spread(frames)} ms")
    out["checking_frames"] = len(frames)
    out["checking_frame_ms"] = spread(frames)
    for key, values in figures.items():
        cold, warm = values[0], values[1:] or values
        print(f"{key}: cold {cold:.1f} ms; warm {spread(warm)} ms", file=sys.stdout)
        out[f"{key}_cold_ms"] = round(cold, 1)
        out[f"{key}_warm_ms"] = spread(warm)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

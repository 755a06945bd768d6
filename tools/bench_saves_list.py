"""What a folder of saves costs the title and the load screen (issue 23 point 5, issue 26 point 3).

    python tools/bench_saves_list.py [--saves 200] [--hostile 0] [--repeats 5] [--seed 1]
                                     [--folder DIR]

Fills a data folder with ``--saves`` realistic saves (the box's games in turn, played by their
bots for a seeded number of steps, every third to the end) and ``--hostile`` files of about
4.3 MB that look like saves and are not (a huge log of junk: read, parsed, refused); with
``--folder`` the saves are made there once and reused by later runs. Then, in one headless
app, measures in CPU time (``time.process_time``), ``--repeats`` times each, alternating cold
(nothing known of the files: what a fresh start pays) and warm (a second visit):

* ``title``: building the title (which asks whether there is a game to continue);
* ``load_first_frame``: opening the load screen up to its first drawn frame;
* ``load_checked``: up to the frame where no row is still being checked (a screen that
  checks its rows over frames; one that lists them from their headers has none to check);
* ``choose``: choosing a save on it (a click: the one chosen is checked before it opens);
* ``check_all``: checking every save of the folder fully (what listing them used to cost).

Prints min / median / max per figure in milliseconds; the last line is one JSON object.
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
    """``n`` saves of the box's games and ``hostile`` look-alike junk files in ``folder``
    (files already there by those names are kept: a folder made once serves every run)."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    box = games()
    for i in range(n):
        spec = box[i % len(box)]
        players = spec.players[1] if i % 2 else spec.players[0]
        steps = rng.randrange(20, 400) if i % 3 else 10_000  # every third to the end
        path = folder / f"save-{i:03d}.json"
        if path.exists():
            continue
        kinds = [spec.bot_levels[0]] * players
        ctl = spec.new_controller(spec.variants[0], kinds, seed + i)
        while not ctl.is_over and steps > 0:
            ctl.step(wait=True)
            steps -= 1
        ctl.close()
        names = [f"Player {s + 1}" for s in range(players)]
        saves.save_game(path, ctl, names, label=f"Game {i}")
    for i in range(hostile):
        path = folder / f"hostile-{i:02d}.json"
        if path.exists():
            continue
        junk = [["x" * 40, rng.randrange(10**9)] for _ in range(HOSTILE_BYTES // 64)]
        doc = {"format": "hercules-save", "version": 2, "game": "hercules", "log": junk}
        path.write_text(json.dumps(doc), encoding="utf-8")


def spread(values: list[float]) -> dict[str, float]:
    """min / median / max of ``values`` (milliseconds), rounded."""
    return {
        "min": round(min(values), 1),
        "median": round(statistics.median(values), 1),
        "max": round(max(values), 1),
    }


def cpu_ms(since: float) -> float:
    """CPU milliseconds of this process since ``since`` (a ``time.process_time``)."""
    return (time.process_time() - since) * 1000


def forget() -> None:
    """Nothing known of any file: the next look at the folder is a fresh start's."""
    from hercules.app.saves import known

    known.forget_all()


def visit(app: Any, figures: dict[str, list[float]], cold: bool, pick: int) -> Any:
    """Build the title, open the load screen and choose save number ``pick`` on it, timing
    each step into ``figures`` (keys suffixed ``_cold`` or ``_warm``)."""
    from hercules.ui.scenes.load import LoadScene
    from hercules.ui.scenes.title import TitleScene

    tag = "cold" if cold else "warm"
    if cold:
        forget()
    t0 = time.process_time()
    title = TitleScene(app)
    app.stack.scenes[:] = [title]
    title.build()
    figures[f"title_{tag}"].append(cpu_ms(t0))
    if cold:
        forget()
    t0 = time.process_time()
    load = LoadScene(app)
    app.push(load)
    app.frame(1 / 60)
    figures[f"load_first_frame_{tag}"].append(cpu_ms(t0))
    frames = 0
    while getattr(load, "pending", ()) and frames < 100_000:  # a screen that checks over frames
        t1 = time.process_time()
        app.frame(1 / 60)
        figures["checking_frame"].append(cpu_ms(t1))
        frames += 1
    figures[f"load_checked_{tag}"].append(cpu_ms(t0))
    rows = [i for i in load.mine if not i.damaged] or load.mine
    if rows:
        t0 = time.process_time()
        load.select(rows[pick % len(rows)])
        figures[f"choose_{tag}"].append(cpu_ms(t0))
    return load


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--saves", type=int, default=200)
    ap.add_argument("--hostile", type=int, default=0)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--folder", type=Path, default=None, help="make the saves here once, reuse")
    ap.add_argument("--no-check-all", action="store_true", help="skip the full check of all")
    args = ap.parse_args(argv)

    from hercules.ui.app import App, Settings

    with tempfile.TemporaryDirectory() as tmp:
        paths.set_data_dir(Path(tmp))
        folder = paths.saves_dir()
        source = args.folder.resolve() if args.folder else folder
        fill(source, args.saves, args.hostile, args.seed)
        if args.folder:  # the data folder's saves are the kept folder's (linked, not copied)
            folder.rmdir()
            folder.symlink_to(source, target_is_directory=True)
        size = sum(p.stat().st_size for p in folder.iterdir() if p.suffix == ".json")
        app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
        keys = ("title", "load_first_frame", "load_checked", "choose")
        figures: dict[str, list[float]] = {f"{k}_{t}": [] for k in keys for t in ("cold", "warm")}
        figures["checking_frame"] = []
        for r in range(args.repeats):
            for cold in (True, False):  # alternated: the machine's noise falls on both
                load = visit(app, figures, cold, r)
                app.pop()
        listed = len(load.mine)
        damaged = sum(1 for i in load.mine if i.damaged)
        check_all: list[float] = []
        if not args.no_check_all:
            forget()
            t0 = time.process_time()
            load.check_all()
            check_all.append(cpu_ms(t0))
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
        "clock": "process_time",
    }
    frames = figures.pop("checking_frame")
    print(f"frames while checking: {len(frames)}, {spread(frames or [0.0])} ms CPU")
    out["checking_frames"] = len(frames)
    out["checking_frame_ms"] = spread(frames or [0.0])
    for key, values in figures.items():
        if values:
            print(f"{key}: {spread(values)} ms CPU", file=sys.stdout)
            out[f"{key}_ms"] = spread(values)
    if check_all:
        print(f"check_all (every save replayed, cold): {check_all[0]:.1f} ms CPU")
        out["check_all_ms"] = round(check_all[0], 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Frame-cost benchmark: bot-only games through the real scene loop, animations on.

python tools/bench_ui.py [--game ID|all] [--sizes 1280x720,1920x1080] [--runs 3]
                         [--players N] [--seed 1] [--max-frames N] [--level L] [--startup]

Every game of the box (``--game all``, the default) at every size, ``--runs`` times, the runs
alternated (game by game, size by size, then again) so that a loaded machine's noise falls on
all of them alike. A frame's cost is the main thread's CPU time for one ``App.frame`` (bots
that think on a worker thread are not counted: they are off the frame loop). Each game is
played to its end by its real players: the Labors run by its solver (not the random player),
the other games by their middle level. Prints, per game and size, p50/p95/max per run and
their min/median/max over the runs; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Autosaves during the run go to a throwaway folder, never the user's saves.
os.environ.setdefault("HERCULES_DATA_DIR", tempfile.mkdtemp(prefix="hercules-tool-"))

from cli_args import game_spec  # noqa: E402

from hercules.app.registry import load_games  # noqa: E402
from hercules.ui.app import App, Settings  # noqa: E402

STARTUP_CHILD = """
import time, os
t0 = float(os.environ["HERCULES_T0"])
from hercules.ui.app import App
app = App((1600, 900))
app.nav.title()
app.frame(0.016)
print(time.time() - t0)
app.close()
"""


def startup_seconds() -> float:
    """Wall time from launching a fresh Python process to its first drawn title frame."""
    env = dict(os.environ, HERCULES_T0=repr(time.time()))
    out = subprocess.run(
        [sys.executable, "-P", "-c", STARTUP_CHILD],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile of ``values`` (nearest rank)."""
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return values[k]


def real_level(spec: Any) -> str:
    """The level a game is benchmarked with: its solver if it has one, else the middle one."""
    if "solver" in spec.bot_levels:
        return "solver"
    return str(spec.bot_levels[min(1, len(spec.bot_levels) - 1)])


def default_players(spec: Any) -> int:
    """The issue's table sizes: 4 seats for MEBO, 5 for The Later Years, most of the rest."""
    lo, hi = spec.players
    return max(lo, min(hi, 5))


def one_game(
    spec: Any,
    size: tuple[int, int],
    players: int,
    level: str,
    seed: int,
    max_frames: int,
    bot_delay: float,
) -> dict[str, Any]:
    """Play one bot-only game at ``size``; the main thread's CPU milliseconds per frame."""
    app = App(size, Settings(animation_speed=1.0, bot_delay=bot_delay))
    ctl = spec.new_controller(spec.variants[0], [level] * players, seed)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    spec.ui_entry("table")  # import the table's modules first: the figure is the transition
    t_enter = time.thread_time()
    table = app.nav.play(spec.id, ctl, names)  # builds widgets, pre-renders board and cards
    enter_ms = (time.thread_time() - t_enter) * 1000
    dt = 1 / 60
    times: list[float] = []
    # The table shows its game-over screen over itself once the last animation has played;
    # a screen the game shows over its table mid-game (the Labours of Hercules' night) leaves
    # by itself and is played through: its frames are the game's too.
    while len(times) < max_frames and table in app.stack.scenes:
        if ctl.is_over and app.top is not table:
            break
        t = time.thread_time()
        app.frame(dt)  # simulated 60 FPS clock: measures work per frame, not sleeping
        times.append((time.thread_time() - t) * 1000)
    reached = ctl.is_over and app.top is not table
    app.close()
    return {
        "p50_ms": round(statistics.median(times), 3),
        "p95_ms": round(percentile(times, 95), 3),
        "max_ms": round(max(times), 3),
        "frames": len(times),
        "actions": len(ctl.history),
        "table_enter_ms": round(enter_ms, 1),
        "game_over_reached": reached,
    }


def spread(values: list[float]) -> dict[str, float]:
    """min / median / max of a figure over the runs."""
    return {
        "min": round(min(values), 3),
        "median": round(statistics.median(values), 3),
        "max": round(max(values), 3),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit 1 if a game did not reach its end."""
    p = argparse.ArgumentParser(description="UI frame-cost benchmark (main-thread CPU)")
    p.add_argument("--game", default="all", help="a game id, a comma list, or all (default)")
    p.add_argument("--sizes", default="1280x720,1920x1080")
    p.add_argument("--size", default=None, help="one size (same as --sizes with one)")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--players", type=int, default=None, help="seats (default: per game)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-frames", type=int, default=60000)
    p.add_argument("--bot-delay", type=float, default=0.3)
    p.add_argument("--level", default=None, help="the bots' level (default: the real one)")
    p.add_argument("--startup", action="store_true", help="also time start-up to the title")
    args = p.parse_args(argv)
    ids = load_games().ids() if args.game == "all" else args.game.split(",")
    specs = []
    for gid in ids:
        try:
            specs.append(game_spec(gid))
        except argparse.ArgumentTypeError as exc:
            p.error(str(exc))
    sizes = [
        tuple(int(v) for v in s.lower().split("x")) for s in (args.size or args.sizes).split(",")
    ]
    runs: dict[str, list[dict[str, Any]]] = {}
    ok = True
    for run in range(args.runs):
        for spec in specs:
            level = args.level or real_level(spec)
            if level not in spec.bot_levels:
                p.error(f"--level must be one of {', '.join(spec.bot_levels)} for {spec.id}")
            lo, hi = spec.players
            players = default_players(spec) if args.players is None else args.players
            players = max(lo, min(hi, players))
            for w, h in sizes:
                r = one_game(
                    spec, (w, h), players, level, args.seed, args.max_frames, args.bot_delay
                )
                ok = ok and r["game_over_reached"]
                key = f"{spec.id} {w}x{h} {players}p {level}"
                runs.setdefault(key, []).append(r)
                print(
                    f"run {run + 1}  {key:32}  frames {r['frames']:6}  p50 {r['p50_ms']:6.2f}  "
                    f"p95 {r['p95_ms']:6.2f}  max {r['max_ms']:7.2f} ms  "
                    f"over: {r['game_over_reached']}",
                    flush=True,
                )
    summary: dict[str, Any] = {}
    for key, rs in runs.items():
        summary[key] = {
            "p50_ms": spread([r["p50_ms"] for r in rs]),
            "p95_ms": spread([r["p95_ms"] for r in rs]),
            "max_ms": spread([r["max_ms"] for r in rs]),
            "frames": [r["frames"] for r in rs],
            "game_over_reached": all(r["game_over_reached"] for r in rs),
        }
        s = summary[key]
        print(
            f"{key:32}  p50 {s['p50_ms']['min']:.2f}/{s['p50_ms']['median']:.2f}/"
            f"{s['p50_ms']['max']:.2f}  p95 {s['p95_ms']['min']:.2f}/"
            f"{s['p95_ms']['median']:.2f}/{s['p95_ms']['max']:.2f} ms (min/median/max)"
        )
    result: dict[str, Any] = {"clock": "thread_time", "runs": args.runs, "tables": summary}
    if args.startup:
        result["startup_s"] = round(min(startup_seconds() for _ in range(3)), 3)
    print(json.dumps(result))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

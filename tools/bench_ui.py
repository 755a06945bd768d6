"""Frame-time benchmark: a bot-only game through the real scene loop, animations on.

python tools/bench_ui.py [--size 1600x900] [--players 4] [--seed 1] [--max-frames N] [--game ID]

Prints frame-time p50, p95 and max over the whole game and the time from process
start to the first drawn title frame; the last line is one JSON object.
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

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Autosaves during the run go to a throwaway folder, never the user's saves.
os.environ.setdefault("HERCULES_DATA_DIR", tempfile.mkdtemp(prefix="hercules-tool-"))

from cli_args import add_game_option  # noqa: E402

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
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return values[k]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="UI frame-time benchmark")
    p.add_argument("--size", default="1600x900")
    p.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-frames", type=int, default=60000)
    p.add_argument("--bot-delay", type=float, default=0.3)
    p.add_argument("--level", default=None, help="the bots' level (default: the middle one)")
    add_game_option(p)
    args = p.parse_args(argv)
    spec = args.game
    w, h = (int(v) for v in args.size.lower().split("x"))

    startup = min(startup_seconds() for _ in range(3))

    app = App((w, h), Settings(animation_speed=1.0, bot_delay=args.bot_delay))
    level = args.level or spec.bot_levels[min(1, len(spec.bot_levels) - 1)]  # MEBO: Normal
    if level not in spec.bot_levels:
        p.error(f"--level must be one of {', '.join(spec.bot_levels)}")
    lo, hi = spec.players
    args.players = max(lo, min(hi, args.players))  # a solo game has one seat
    ctl = spec.new_controller(spec.variants[0], [level] * args.players, args.seed)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    spec.ui_entry("table")  # import the table's modules first: the figure is the transition
    t_enter = time.perf_counter()
    table = app.nav.play(spec.id, ctl, names)  # builds widgets, pre-renders board and cards
    enter_ms = (time.perf_counter() - t_enter) * 1000
    dt = 1 / 60
    frames = 0
    t0 = time.perf_counter()
    # The table shows its game-over screen over itself once the last animation has played.
    while frames < args.max_frames and app.top is table:
        app.frame(dt)  # simulated 60 FPS clock: measures work per frame, not sleeping
        frames += 1
    wall = time.perf_counter() - t0
    reached = ctl.is_over and app.top is not table
    for _ in range(30):  # and the game-over screen itself
        app.frame(dt)
    times = [x * 1000 for x in app.frame_times]
    app.close()
    result = {
        "p50_ms": round(statistics.median(times), 3),
        "p95_ms": round(percentile(times, 95), 3),
        "max_ms": round(max(times), 3),
        "startup_s": round(startup, 3),
        "table_enter_ms": round(enter_ms, 1),
        "frames": len(times),
        "actions": len(ctl.history),
        "rounds": spec.rules.summary(ctl.state).get("round"),
        "game_over_reached": reached,
        "wall_s": round(wall, 1),
        "size": f"{w}x{h}",
        "players": args.players,
    }
    print(
        f"frames {len(times)}  p50 {result['p50_ms']} ms  p95 {result['p95_ms']} ms  "
        f"max {result['max_ms']} ms  start-up {result['startup_s']} s  "
        f"table opens in {result['table_enter_ms']} ms  "
        f"game over reached: {reached}"
    )
    print(json.dumps(result))
    return 0 if reached else 1


if __name__ == "__main__":
    sys.exit(main())

"""Every figure of issue 26 in one command: each benchmark run as its own process, one table.

    python tools/bench_all.py [--quick] [--only startup,load,ui,bots,save_load,ratio,soak]
                              [--saves 200] [--soak-minutes 2] [--bots-games 3] [--keep DIR]

Runs, each as a subprocess of this Python (so no run inherits another's imports or caches):

* ``startup``: ``bench_startup.py`` - CPU to the first title frame (target <= 0.3 s);
* ``load``: ``bench_saves_list.py`` with ``--saves`` saves - the load screen's first frame,
  cold (target <= 300 ms CPU), choosing a save, and the title;
* ``ui``: ``bench_ui.py`` for every game at 1280x720 and 1920x1080 - frame p50 / p95 / max
  (target p95 <= 4 ms at 1920x1080);
* ``bots``: ``bench_bots.py`` for every game, every level (the Labors solver at every
  difficulty: target p99 <= 200 ms);
* ``save_load``: ``bench_load.py`` for every game - loading and saving a finished game;
* ``ratio``: ``engine_ratio.py`` (actions per CPU-second against Catanatron), if the tool is
  there;
* ``soak``: ``soak.py`` for ``--soak-minutes`` - the RSS slope over its last half (target
  <= 0.1 MB a minute; an hour is the real test).

``--quick`` makes every run tiny (a smoke test of the tools, not figures). Prints one row a
figure (what, value, target, met) and, last, one JSON object holding every tool's own JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parent
GAMES = ("hercules", "labors", "later_years", "companions")
SIZES = ("1280x720", "1920x1080")
PARTS = ("startup", "load", "ui", "bots", "save_load", "ratio", "soak")
#: The seats each game is benchmarked with at its table (the issue's: MEBO 4p, Later Years 5p).
TABLE_SEATS = {"hercules": 4, "labors": 1, "later_years": 5, "companions": 7}


def run_tool(script: str, args: list[str], timeout: float) -> dict[str, Any]:
    """Run ``tools/<script>`` with ``args``; its last line's JSON, or ``{"error": why}``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, str(TOOLS / script), *args]
    t0 = time.monotonic()
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=timeout, env=env, check=False
        )
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout:.0f} s", "cmd": " ".join(cmd[1:])}
    wall = round(time.monotonic() - t0, 1)
    lines = proc.stdout.strip().splitlines()
    try:
        found = json.loads(lines[-1]) if lines else None
    except ValueError:
        found = None
    if not isinstance(found, dict):
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        return {"error": f"exit {proc.returncode}: {' | '.join(tail)}"[:400], "wall_s": wall}
    found["wall_s"] = wall
    if proc.returncode != 0:
        found["exit"] = proc.returncode
    return found


class Table:
    """The rows printed at the end: one figure each."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str]] = []

    def add(self, what: str, value: Any, target: str = "", met: bool | None = None) -> None:
        """A row; ``met`` None when the figure has no target (or could not be measured)."""
        shown = value if isinstance(value, str) else json.dumps(value)
        self.rows.append((what, shown, target, "" if met is None else ("yes" if met else "NO")))

    def error(self, what: str, result: dict[str, Any]) -> bool:
        """A row saying the run failed, if it did; True then."""
        if "error" in result:
            self.add(what, f"failed: {result['error']}")
            return True
        return False

    def print(self) -> None:
        """The rows, aligned."""
        widths = [
            max(len(r[i]) for r in [("figure", "value", "target", "met"), *self.rows])
            for i in range(4)
        ]
        widths[1] = min(widths[1], 70)
        for row in [("figure", "value", "target", "met"), *self.rows]:
            print("  ".join(cell[:70].ljust(w) for cell, w in zip(row, widths, strict=True)))


def _get(d: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        if not isinstance(d, dict) or key not in d:
            return None
        d = d[key]
    return d


def _frame_figures(result: dict[str, Any]) -> dict[str, Any]:
    # bench_ui's own keys, whatever it calls them (p50_ms, p95_cpu_ms, ...).
    return {
        k: v
        for k, v in result.items()
        if isinstance(v, int | float) and (k.startswith(("p50", "p95", "p99", "max")))
    }


def startup(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    """bench_startup: CPU to the first frame."""
    result = run_tool("bench_startup.py", ["--runs", str(2 if args.quick else 7)], 900)
    if not table.error("start-up CPU to first frame (s)", result):
        cpu = result["startup_cpu_s"]
        table.add("start-up CPU to first frame (s)", cpu, "median <= 0.3", cpu["median"] <= 0.3)
        modules = result["game_modules_at_first_frame"]
        table.add("game engine/bot modules at first frame", modules, "0", modules == 0)
    return result


def load(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    """bench_saves_list: the load screen with many saves."""
    saves = 8 if args.quick else args.saves
    cmd = ["--saves", str(saves), "--repeats", "1" if args.quick else "5"]
    if args.keep:
        cmd += ["--folder", str(Path(args.keep) / f"saves-{saves}")]
    result = run_tool("bench_saves_list.py", cmd, 3600)
    if not table.error("load screen", result):
        first = result.get("load_first_frame_cold_ms", {})
        table.add(
            f"load screen first frame, {saves} saves, cold (ms CPU)",
            first,
            "median <= 300",
            first.get("median", 1e9) <= 300,
        )
        table.add("  ... warm (ms CPU)", result.get("load_first_frame_warm_ms"))
        table.add("  choosing a save, cold (ms CPU)", result.get("choose_cold_ms"))
        table.add("  title with those saves, cold (ms CPU)", result.get("title_cold_ms"))
        if "check_all_ms" in result:
            table.add("  checking every save fully (ms CPU)", result["check_all_ms"])
    return result


def ui(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    """bench_ui: every game at both sizes."""
    out: dict[str, Any] = {}
    for game in GAMES:
        for size in SIZES:
            cmd = ["--game", game, "--size", size]
            if args.quick:
                cmd += ["--max-frames", "120", "--bot-delay", "0"]
            seats = ["--players", str(TABLE_SEATS[game])]
            result = run_tool("bench_ui.py", cmd + seats, 3600)
            if "invalid choice" in str(result.get("error", "")):
                # A bench_ui that seats at most four: its own clamp picks the seats.
                result = run_tool("bench_ui.py", cmd, 3600)
            out[f"{game}@{size}"] = result
            what = f"frames {game} {size} (ms)"
            if table.error(what, result):
                continue
            figures = _frame_figures(result)
            p95 = next((v for k, v in figures.items() if k.startswith("p95")), None)
            big = size == "1920x1080"
            table.add(
                what,
                figures,
                "p95 <= 4" if big else "",
                (p95 <= 4.0) if big and p95 is not None and not args.quick else None,
            )
    return out


def bots(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    """bench_bots: every game, every level; the Labors solver at every difficulty."""
    out: dict[str, Any] = {}
    games = "1" if args.quick else str(args.bots_games)
    for game in GAMES:
        variants = ["hero", "mortal", "god"] if game == "labors" else [""]
        for variant in variants:
            cmd = ["--game", game, "--games", games]
            if variant:
                cmd += ["--variant", variant, "--levels", "solver"]
            if args.quick and game != "labors":
                cmd += ["--levels", "easy"]
            result = run_tool("bench_bots.py", cmd, 7200)
            key = f"{game}:{variant}" if variant else game
            out[key] = result
            if table.error(f"bots {key}", result):
                continue
            for level, s in result.items():
                if not isinstance(s, dict) or "p95_ms" not in s:
                    continue
                figures = {k: s[k] for k in ("p50_ms", "p95_ms", "p99_ms", "max_ms")}
                solver = game == "labors" and level == "solver"
                table.add(
                    f"bot decisions {key} {level} (ms CPU)",
                    figures,
                    "p99 <= 200" if solver else "",
                    (s["p99_ms"] <= 200) if solver and not args.quick else None,
                )
    return out


def save_load(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    """bench_load: loading and saving a finished game of every game."""
    out: dict[str, Any] = {}
    for game in GAMES:
        result = run_tool(
            "bench_load.py", ["--game", game, "--repeats", "2" if args.quick else "20"], 3600
        )
        out[game] = result
        if table.error(f"load/save {game}", result):
            continue
        table.add(f"load a finished {game} game (ms CPU)", result.get("load_ms"))
        table.add("  save it (ms CPU)", result.get("save_ms"))
    return out


def ratio(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    """engine_ratio: the engines against Catanatron, if that tool is there."""
    script = TOOLS / "engine_ratio.py"
    if not script.exists():
        table.add("engine ratio vs Catanatron", "tools/engine_ratio.py is not there: not run")
        return {"skipped": "tools/engine_ratio.py is not there"}
    result = run_tool("engine_ratio.py", ["--quick"] if args.quick else [], 7200)
    if "error" in result and args.quick:
        result = run_tool("engine_ratio.py", [], 7200)
    if not table.error("engine ratio vs Catanatron", result):
        figures = {k: v for k, v in result.items() if k != "wall_s"}
        table.add("engine ratio vs Catanatron", figures)
    return result


def soak(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    """soak: the RSS slope over the last half of a short soak."""
    minutes = 0.15 if args.quick else args.soak_minutes
    with tempfile.TemporaryDirectory(prefix="hercules-soak-") as data:
        os.environ["HERCULES_DATA_DIR"] = data
        try:
            result = run_tool("soak.py", ["--minutes", str(minutes)], minutes * 60 + 900)
        finally:
            os.environ.pop("HERCULES_DATA_DIR", None)
    if not table.error("soak", result):
        slope = result.get("rss_slope_mb_per_min")
        table.add(
            f"soak {minutes} min: RSS slope, last half (MB/min)",
            slope,
            "<= 0.1 (over an hour)",
            None if args.quick or slope is None else slope <= 0.1,
        )
        table.add(
            "  RSS start / peak / end (MB), exceptions",
            [
                result.get("rss_start_mb"),
                result.get("rss_peak_mb"),
                result.get("rss_end_mb"),
                result.get("exceptions"),
            ],
        )
    return result


RUNS: dict[str, Callable[[argparse.Namespace, Table], dict[str, Any]]] = {
    "startup": startup,
    "load": load,
    "ui": ui,
    "bots": bots,
    "save_load": save_load,
    "ratio": ratio,
    "soak": soak,
}


def _parts(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in PARTS]
    if unknown:
        raise argparse.ArgumentTypeError(f"no part {unknown[0]!r} (parts: {', '.join(PARTS)})")
    return names


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="tiny runs: the tools work, no figures")
    ap.add_argument("--only", type=_parts, default=list(PARTS), help="parts, comma-separated")
    ap.add_argument("--saves", type=int, default=200, help="saves on the load screen (200)")
    ap.add_argument("--soak-minutes", type=float, default=2.0, help="the soak's length (2)")
    ap.add_argument("--bots-games", type=int, default=3, help="games per bot level (3)")
    ap.add_argument("--keep", default=None, help="a folder where the generated saves are kept")
    args = ap.parse_args(argv)
    table = Table()
    results: dict[str, Any] = {}
    t0 = time.monotonic()
    for part in args.only:
        print(f"running {part}...", file=sys.stderr, flush=True)
        results[part] = RUNS[part](args, table)
    results["wall_s"] = round(time.monotonic() - t0, 1)
    results["quick"] = args.quick
    table.print()
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

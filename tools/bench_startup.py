"""Start-up cost: CPU time from launching the box to its first drawn title frame.

    python tools/bench_startup.py [--runs 7] [--saves 3] [--no-bytecode]

Each run is a fresh Python process started the way the box starts (``hercules.cli.main``, with
``--frames 1`` and a throwaway data folder), so nothing is shared between runs but the files'
bytecode (``--no-bytecode``: none is read or written, as on a first start from a fresh
install). The child reads its own CPU time (``time.process_time``: the interpreter's start-up
counted) when the first frame has been drawn, and which of the games' engine and bot modules
were imported by then. The data folder holds ``--saves`` copies of the shipped example saves
(a player's folder: the title asks whether there is a game to continue) and settings kept from
an earlier start (so the guided game is not offered over the title, as on any start but the
first). Prints min / median / max over the runs; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from cli_args import positive, whole_number

#: What each child runs: the box's own entry point, timed at the end of its first frame.
CHILD = r"""
import json, sys, time
import hercules.ui.app as window

seen = {}
real_frame = window.App.frame

def frame(self, dt):
    real_frame(self, dt)
    if not seen:  # the first frame is drawn: what it cost, and what was imported for it
        seen["cpu"] = time.process_time()
        seen["modules"] = sorted(
            m for m in sys.modules
            if m.startswith("hercules.games.") and (".engine" in m or ".ai" in m)
        )

window.App.frame = frame
from hercules.cli import main

code = main(sys.argv[1:])
print(json.dumps({"code": code, **seen}))
"""


def child_env(no_bytecode: bool, cache: str | None) -> dict[str, str]:
    """The environment of one run: headless, and without bytecode when asked."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if no_bytecode and cache is not None:
        # An empty cache folder of its own: no .pyc is found, none is left for the next run.
        env["PYTHONPYCACHEPREFIX"] = cache
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def one_run(data: Path, no_bytecode: bool) -> dict[str, Any]:
    """One fresh process to its first frame: its CPU seconds and the game modules it holds."""
    with tempfile.TemporaryDirectory(prefix="hercules-pyc-") as cache:
        out = subprocess.run(
            # -P: the installed box, not the source of a checkout this runs in
            [sys.executable, "-P", "-c", CHILD, "--frames", "1", "--data-dir", str(data)],
            env=child_env(no_bytecode, cache),
            capture_output=True,
            text=True,
            check=False,
        )
    if out.returncode != 0:
        raise SystemExit(f"the box did not start:\n{out.stderr[-2000:]}")
    found: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return found


def prepare(data: Path, saves: int) -> None:
    """A data folder as a player's: settings kept, ``saves`` example saves in the saves folder."""
    from hercules.app import paths
    from hercules.app.saves import example_saves

    paths.set_data_dir(data)
    try:
        folder = paths.saves_dir()
        examples = example_saves()
        for i in range(saves):
            src = examples[i % len(examples)]
            shutil.copy(src, folder / f"{i:03d}-{src.name}")
    finally:
        paths.set_data_dir(None)


def spread(values: list[float]) -> dict[str, float]:
    """min / median / max, rounded to the millisecond."""
    return {
        "min": round(min(values), 3),
        "median": round(statistics.median(values), 3),
        "max": round(max(values), 3),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=positive, default=7, help="fresh processes timed (7)")
    ap.add_argument(
        "--saves", type=whole_number, default=3, help="example saves in the data folder (3)"
    )
    ap.add_argument(
        "--no-bytecode", action="store_true", help="read and write no .pyc (a first start)"
    )
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hercules-startup-") as tmp:
        data = Path(tmp)
        prepare(data, args.saves)
        one_run(data, False)  # keeps settings (no first-start offer) and writes the bytecode
        runs = [one_run(data, args.no_bytecode) for _ in range(args.runs)]
    cpu = [r["cpu"] for r in runs]
    modules = sorted({m for r in runs for m in r["modules"]})
    figures = spread(cpu)
    print(
        f"CPU to the first frame over {args.runs} runs ({args.saves} saves, "
        f"{'no bytecode' if args.no_bytecode else 'bytecode'}): min {figures['min']:.3f} s, "
        f"median {figures['median']:.3f} s, max {figures['max']:.3f} s"
    )
    print(f"game engine/bot modules imported by the first frame: {len(modules)}")
    print(
        json.dumps(
            {
                "startup_cpu_s": figures,
                "runs": args.runs,
                "saves": args.saves,
                "bytecode": not args.no_bytecode,
                "game_modules_at_first_frame": len(modules),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""tools/soak.py: a short soak through the real app loop ends with no exception and reports.

No memory or timing assertions here: the figures are for the note (a 30-minute run).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "soak.py"
KEYS = {
    "frames",
    "exceptions",
    "rss_start_mb",
    "rss_peak_mb",
    "rss_end_mb",
    "rss_growth_last_half_mb",
    "p95_ms",
    "max_ms",
}


def _run_soak(tmp_path: Path, *args: str) -> dict:
    """Run the tool headless with saves in ``tmp_path``; its last line, a JSON object."""
    env = dict(os.environ, HERCULES_DATA_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_a_short_soak_wanders_the_scenes_without_an_exception(tmp_path):
    stats = _run_soak(tmp_path, "--minutes", "0.15", "--seed", "3", "--jump-every", "120")
    assert KEYS <= set(stats)
    assert stats["exceptions"] == 0 and stats["frames"] > 100


def test_a_bots_soak_plays_bot_games_at_their_tables_without_input(tmp_path):
    trace = tmp_path / "trace.csv"
    stats = _run_soak(tmp_path, "--bots", "--minutes", "0.15", "--seed", "4", "--trace", str(trace))
    assert stats["bots"] is True and stats["exceptions"] == 0
    assert stats["games_started"] >= 1
    # No random input: after the first frame the window only ever shows a table (and its
    # score screen), never the menus the random soak wanders into.
    scenes = [line.split(",")[3] for line in trace.read_text().splitlines()[1:]]
    assert scenes and all(s.startswith("TableScene") for s in scenes[1:]), scenes


def _soak_tool(monkeypatch):
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("soak_tool", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_growth_is_the_rise_of_the_level_not_a_swing_that_lands_at_the_end(monkeypatch):
    soak = _soak_tool(monkeypatch)
    flat = [(t, 150.0 + (40.0 if t % 10 == 0 else 0.0)) for t in range(0, 600, 2)]
    # A swing at the very end is not growth: the level stayed at 150 MB.
    assert soak.level_growth(flat, 600, end_rss=190.0) == 0.0
    rising = [(t, 100.0 + t / 10) for t in range(0, 600, 2)]  # 10 MB a 100 s
    assert 25 <= soak.level_growth(rising, 600, end_rss=160.0) <= 35
    # A run too short for windows compares the end with the middle sample.
    assert soak.level_growth([(0, 50.0), (2, 60.0)], 4, end_rss=70.0) == 10.0


def test_frame_times_give_the_sorted_lists_p95_to_a_bucket_and_keep_one_size(monkeypatch):
    soak = _soak_tool(monkeypatch)
    times = soak.FrameTimes()
    size = len(times.counts)
    samples = [0.001 * (k % 37) + 0.00013 for k in range(5000)] + [0.75]
    for s in samples:
        times.add(s)
    ordered = sorted(samples)
    exact = ordered[int(0.95 * (len(ordered) - 1))]
    assert abs(times.percentile(0.95) - exact) <= soak.FrameTimes.BUCKET_S
    assert times.slowest == 0.75 and times.n == len(samples)
    assert len(times.counts) == size  # counted, not stored
    assert soak.FrameTimes().percentile(0.95) == 0.0

"""tools/soak.py: a short soak through the real app loop ends with no exception and reports.

No memory or timing assertions here: the figures are for the note (a 30-minute run).
"""

from __future__ import annotations

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


def test_a_short_soak_wanders_the_scenes_without_an_exception(tmp_path):
    env = dict(os.environ, HERCULES_DATA_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--minutes", "0.15", "--seed", "3", "--jump-every", "120"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    stats = json.loads(proc.stdout.strip().splitlines()[-1])
    assert KEYS <= set(stats)
    assert stats["exceptions"] == 0 and stats["frames"] > 100

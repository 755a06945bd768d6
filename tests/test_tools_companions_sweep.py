"""tools/companions_sweep.py: a patch of the assumed values changes the games it plays (and
only in its own process), the figures end on a JSON line, bad options are refused.

A handful of seeded games (deterministic); no timing assertions.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "companions_sweep.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The tool run as a script, in a process of its own (its patches stay there)."""
    cmd = [sys.executable, str(SCRIPT), "--jobs", "1", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)


def figures(*args: str) -> dict[str, Any]:
    """The JSON object of the last line."""
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    doc: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return doc


def villain_choices(doc: dict[str, Any]) -> int:
    """How many choices villains made in the all-Normal games."""
    return sum(n for key, (_, n) in doc["rates"].items() if key.startswith("villain:"))


def test_a_lower_betrayal_limit_makes_more_villain_choices() -> None:
    plain = figures("--players", "4", "--games", "6", "--cells", "normal")
    lower = figures(
        "--players", "4", "--games", "6", "--cells", "normal", "--try", '{"_limits": {"4": 0}}'
    )
    assert 0.0 <= plain["normal"]["rate"] <= 1.0
    assert plain["normal"]["ci95"][0] <= plain["normal"]["rate"] <= plain["normal"]["ci95"][1]
    assert villain_choices(lower) > villain_choices(plain)


def test_a_cell_per_side_is_played_and_reported() -> None:
    doc = figures("--players", "5", "--games", "2", "--cells", "normal/easy,easy/easy")
    assert set(doc) >= {"normal/easy", "easy/easy"}
    assert "normal" not in doc and "rates" not in doc


def test_bad_options_are_refused_with_a_reason() -> None:
    for args, words in (
        (("--try", "{x"), "not JSON"),
        (("--try", '{"nope": {}}'), "no bot level nope"),
        (("--cells", "normal/sideways"), "no cell"),
    ):
        proc = run("--games", "1", *args)
        assert proc.returncode == 2
        assert words in proc.stderr

"""tools/engine_ratio.py: alternates our engines with a Catanatron worker, prints a JSON last.

Catanatron is not a dependency of the box: a stand-in package with its three names (``Game``,
``RandomPlayer``, ``Color``) plays the worker's side, so the protocol, the tables and the
figures' shape are checked here. No timing assertions: the figures are only numbers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "engine_ratio.py"

FAKE = """
import enum, random


class Color(enum.Enum):
    RED = 1
    BLUE = 2
    WHITE = 3
    ORANGE = 4


class RandomPlayer:
    def __init__(self, color):
        self.color = color


class _State:
    def __init__(self, n):
        self.action_records = [None] * n


class Game:
    def __init__(self, players, seed=None):
        assert 2 <= len(players) <= 4
        self.rng = random.Random(seed)

    def play(self):
        for _ in range(2000):  # some work, so that CPU time passes
            self.rng.random()
        self.state = _State(300)
"""


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "catanatron").mkdir(exist_ok=True)
    (tmp_path / "catanatron" / "__init__.py").write_text(FAKE)
    env = dict(os.environ, PYTHONPATH=str(tmp_path), CATANATRON_PYTHON="")
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=env,
    )


def test_every_table_gets_a_ratio_and_thirds_in_the_last_line(tmp_path: Path) -> None:
    done = run(tmp_path, "--rounds", "2", "--seconds", "0.05", "--catan-python", sys.executable)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    doc = json.loads(lines[-1])
    assert set(doc["tables"]) == {"mebo-2p", "mebo-4p", "later_years", "labors", "companions-4p"}
    for name, entry in doc["tables"].items():
        for figure in ("ratio", "ours_actions_per_cpu_s", "last_over_first_third"):
            spread = entry[figure]
            assert spread["min"] <= spread["median"] <= spread["max"], (name, figure)
            assert spread["min"] > 0
        assert entry["catanatron_seats"] in (2, 4)
    assert doc["tables"]["mebo-2p"]["catanatron_seats"] == 2
    assert doc["rounds"] == 2
    assert len(lines) == 6  # a line per table, then the JSON


def test_only_and_no_thirds_narrow_the_run(tmp_path: Path) -> None:
    done = run(
        tmp_path,
        "--rounds",
        "1",
        "--seconds",
        "0.05",
        "--only",
        "labors",
        "--no-thirds",
        "--catan-python",
        sys.executable,
    )
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(doc["tables"]) == ["labors"]
    assert "last_over_first_third" not in doc["tables"]["labors"]


def test_a_missing_catanatron_is_said_plainly(tmp_path: Path) -> None:
    env = dict(os.environ, CATANATRON_PYTHON="")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rounds", "1", "--seconds", "0.01"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode != 0
    assert "catanatron" in done.stderr.lower()


def test_an_unknown_table_is_refused(tmp_path: Path) -> None:
    done = run(tmp_path, "--only", "chess", "--catan-python", sys.executable)
    assert done.returncode == 2
    assert "mebo-4p" in done.stderr

"""tools/labors_exact.py: the exact chance of beating a single trial, checked by hand on tiny
cases, and the tool's output (a JSON last line with the exact and the solver's figures)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hercules.games.labors.engine.data import load_data

TOOL = Path(__file__).resolve().parents[3] / "tools" / "labors_exact.py"


@pytest.fixture(scope="module")
def exact() -> ModuleType:
    sys.path.insert(0, str(TOOL.parent))  # the tool imports its neighbour cli_args
    try:
        spec = importlib.util.spec_from_file_location("labors_exact", TOOL)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["labors_exact"] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOL.parent))


def test_one_die_against_a_lion_of_one_health_without_the_bow(exact: ModuleType) -> None:
    # The Lion's track: -1, -1, h1, -2, skull; its method: a 5 or a 6 (1/3 a roll).
    # Hit on roll 1, 2 or 3 (the first two misses cost 1 Courage each); a third miss heals it
    # to 2, and the one die then needs a hit on roll 4 and on roll 5 before the skull:
    # 1/3 + 2/9 + 4/27 + (8/27)(1/3)(1/3) = 179/243.
    lion = load_data().labour(1)
    solver = exact.TrialSolver(lion, dice=1, bow=False)
    assert solver.value((1,), ("S",), 17) == pytest.approx(179 / 243, abs=1e-12)


def test_one_courage_left_means_the_first_miss_loses(exact: ModuleType) -> None:
    lion = load_data().labour(1)
    solver = exact.TrialSolver(lion, dice=1, bow=False)
    assert solver.value((1,), ("S",), 1) == pytest.approx(1 / 3, abs=1e-12)
    # With the Bow a 4 or a 1 also hits, but paying would leave no Courage: not allowed.
    assert exact.TrialSolver(lion, 1, bow=True).value((1,), ("S",), 1) == pytest.approx(1 / 3)
    # With 2 Courage the Bow may be paid on the first roll: a 4 (up) or a 1 (down, wrapping
    # to 6) hits too, 2/3. A miss costs 1 Courage on space 1, and with 1 left the Bow can no
    # longer be paid: the second roll hits with 1/3, and its miss ends the run. 2/3 + 1/9.
    assert exact.TrialSolver(lion, 1, bow=True).value((1,), ("S",), 2) == pytest.approx(7 / 9)


def test_the_tool_prints_the_exact_and_the_solver_s_figures(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), "--runs", "3", "--cases", "lion3", "--seed", "5"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.strip().splitlines()[-1])
    row = last["cases"]["lion3"]
    assert 0.8 < row["exact"] < 1.0 and row["solver_runs"] == 3
    assert 0 <= row["solver_low"] <= row["solver"] <= row["solver_high"] <= 1


def test_the_tool_refuses_an_unknown_case() -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), "--cases", "hydra99"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "hydra99" in done.stderr and "Traceback" not in done.stderr

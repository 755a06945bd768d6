"""The benchmark tools run for every game at tiny sizes and end with one JSON line.

No timing assertions: the figures are for the note; these only say each tool works (for every
game, with the game's real players) and reports what it says it does.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"
GAMES = ("hercules", "labors", "later_years", "companions")


def run(script: str, *args: str, timeout: float = 600) -> dict[str, Any]:
    """``tools/<script> args`` headless; its last line, parsed."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, str(TOOLS / script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    assert isinstance(found, dict)
    return found


def spread_ok(figure: dict[str, float]) -> bool:
    """A min / median / max in order."""
    return figure["min"] <= figure["median"] <= figure["max"]


def test_bench_startup_reports_the_cpu_to_the_first_frame_and_the_games_imported():
    found = run("bench_startup.py", "--runs", "1", "--saves", "2")
    assert spread_ok(found["startup_cpu_s"]) and found["runs"] == 1
    assert found["game_modules_at_first_frame"] == 0  # the title imports no game's engine


def test_bench_saves_list_times_the_title_the_load_screen_and_a_choice(tmp_path):
    found = run("bench_saves_list.py", "--saves", "4", "--repeats", "1", "--folder", str(tmp_path))
    assert found["listed"] == 4 and found["damaged"] == 0 and found["clock"] == "process_time"
    for key in ("title_cold_ms", "load_first_frame_cold_ms", "choose_cold_ms", "choose_warm_ms"):
        assert spread_ok(found[key]), key
    assert found["check_all_ms"] > 0
    assert len(list(tmp_path.glob("save-*.json"))) == 4  # made once, kept for the next run


@pytest.mark.parametrize("game", GAMES)
def test_bench_bots_times_every_games_bots(game):
    level = "solver" if game == "labors" else "easy"
    found = run("bench_bots.py", "--game", game, "--games", "1", "--levels", level)
    assert found["game"] == game and list(found)[2:] == [level]
    stats = found[level]
    assert stats["decisions"] > 0 and stats["p50_ms"] <= stats["p95_ms"] <= stats["max_ms"]
    assert set(stats["by_players"]) <= {str(n) for n in range(1, 8)}


def test_bench_bots_refuses_a_level_or_seat_count_the_game_does_not_have():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for args in (
        ["--game", "labors", "--levels", "hard"],
        ["--game", "hercules", "--players", "7"],
    ):
        proc = subprocess.run(
            [sys.executable, str(TOOLS / "bench_bots.py"), *args],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert proc.returncode == 2 and "bench_bots.py: error:" in proc.stderr


@pytest.mark.parametrize("game", GAMES)
def test_bench_load_loads_and_saves_a_finished_game_of_every_game(game):
    found = run("bench_load.py", "--game", game, "--repeats", "1")
    assert found["game"] == game and found["finished"] is True
    assert spread_ok(found["load_ms"]) and spread_ok(found["save_ms"])
    assert "random" not in found["levels"]  # the real players (the Labors solver)


def test_bench_all_runs_its_parts_and_prints_every_figure():
    found = run("bench_all.py", "--quick", "--only", "startup,save_load", timeout=900)
    assert set(found) >= {"startup", "save_load", "wall_s"} and found["quick"] is True
    assert "error" not in found["startup"]
    assert set(found["save_load"]) == set(GAMES)
    assert all("error" not in r for r in found["save_load"].values())


def test_bench_all_refuses_a_part_it_does_not_know():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, str(TOOLS / "bench_all.py"), "--only", "startup,nothing"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert proc.returncode == 2 and "no part 'nothing'" in proc.stderr


def _soak(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.syspath_prepend(str(TOOLS))
    spec = importlib.util.spec_from_file_location("soak_tool", TOOLS / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_soaks_slope_is_the_levels_rise_per_minute_not_its_swings(monkeypatch):
    soak = _soak(monkeypatch)
    # RSS swinging by 40 MB every ten seconds around a flat level: no slope.
    flat = [(t, 150.0 + (40.0 if t % 10 == 0 else 0.0)) for t in range(0, 3600, 2)]
    assert abs(soak.level_slope(flat, 3600)) < 0.05
    # 0.5 MB a minute under the same swings: that is the slope.
    rising = [(t, 100.0 + t / 120 + (40.0 if t % 10 == 0 else 0.0)) for t in range(0, 3600, 2)]
    assert 0.45 <= soak.level_slope(rising, 3600) <= 0.55
    # Only the last part counts: a rise in the first half and a flat second half is flat.
    settled = [(t, 100.0 + min(t, 1800) / 60) for t in range(0, 3600, 2)]
    assert abs(soak.level_slope(settled, 3600, 0.5)) < 0.05
    assert soak.level_slope(settled, 3600, 0.0) > 0.2
    assert soak.level_slope([(0, 1.0)], 10) == 0.0  # too few samples: nothing to say

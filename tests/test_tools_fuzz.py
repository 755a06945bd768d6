"""tools/fuzz.py: runs as a script, prints a JSON summary last, reports a failing game with the
command that plays it again, refuses bad options.

A handful of games each. No timing assertions: the speed figures are only checked to be numbers.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from support import fuzzing

TOOLS = Path(__file__).resolve().parents[1] / "tools"
SCRIPT = TOOLS / "fuzz.py"
KEYS = {
    "games",
    "games_per_config",
    "actions",
    "failures",
    "failed",
    "seconds",
    "games_per_second",
    "actions_per_second",
    "workers",
    "seed",
}
TIMING = {"seconds", "games_per_second", "actions_per_second"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def summary(proc: subprocess.CompletedProcess[str]) -> dict:
    lines = proc.stdout.strip().splitlines()
    assert len(lines) > 1, "a human-readable report comes before the JSON line"
    return json.loads(lines[-1])


def test_a_few_games_over_every_configuration() -> None:
    proc = run("--games", "10", "--workers", "1", "--seed", "4")
    assert proc.returncode == 0, proc.stderr
    stats = summary(proc)
    assert KEYS <= set(stats)
    assert (stats["games"], stats["failures"], stats["failed"], stats["workers"]) == (10, 0, [], 1)
    assert stats["games_per_config"] == dict.fromkeys(fuzzing.CONFIG_IDS, 1)
    assert stats["actions"] > 10 * 20
    for key in TIMING:
        assert isinstance(stats[key], int | float)
    # The same games on two processes: the same figures.
    again = run("--games", "10", "--workers", "2", "--seed", "4")
    assert again.returncode == 0, again.stderr
    other = summary(again)
    assert other["workers"] == 2
    assert {k: v for k, v in other.items() if k not in TIMING | {"workers"}} == {
        k: v for k, v in stats.items() if k not in TIMING | {"workers"}
    }


@pytest.fixture
def fuzz_tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/fuzz.py imported in this process (it shares ``support.fuzzing`` with the tests)."""
    monkeypatch.syspath_prepend(str(TOOLS))
    spec = importlib.util.spec_from_file_location("fuzz_tool", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.play_checked is fuzzing.play_checked
    return module


def test_a_broken_check_is_reported_with_its_seed_and_command(
    fuzz_tool: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = fuzzing.check_reachable

    def broken(state):  # a check that fails in every solo game, late in the game
        if state.config.mode == "solo" and state.round >= 3:
            raise AssertionError("deliberately broken check")
        real(state)

    monkeypatch.setattr(fuzzing, "check_reachable", broken)
    assert fuzz_tool.main(["--games", "10", "--workers", "1", "--seed", "3"]) == 1
    out = capsys.readouterr()
    stats = json.loads(out.out.strip().splitlines()[-1])
    assert (stats["games"], stats["failures"]) == (10, 1)
    # Game 6 is the solo game: seed 3 + 6.
    (failure,) = stats["failed"]
    assert (failure["config"], failure["seed"]) == ("solo-2p", 9)
    assert "deliberately broken check" in failure["error"]
    assert failure["command"] == "python tools/fuzz.py --only solo-2p:9"
    assert "broken" in failure["where"]
    assert failure["command"] in out.out and "FAILED solo-2p seed 9" in out.err
    # The printed command plays that game again, alone, with the whole traceback.
    assert fuzz_tool.main(["--only", "solo-2p:9"]) == 1
    again = capsys.readouterr()
    assert "Traceback" in again.err and "deliberately broken check" in again.err
    monkeypatch.setattr(fuzzing, "check_reachable", real)
    assert fuzz_tool.main(["--only", "solo-2p:9"]) == 0
    assert "every check passed" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ("--games", "0"),
        ("--workers", "0"),
        ("--seed", "x"),
        ("--only", "standard-5p:1"),
        ("--only", "standard-4p"),
        ("--only", "standard-4p:x"),
        ("--game", "no-such-game"),
    ],
)
def test_bad_options_are_refused(args: tuple[str, ...]) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert "error" in proc.stderr

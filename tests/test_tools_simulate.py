"""tools/simulate.py: runs as a script, prints a JSON summary last, refuses bad options.

No timing assertions: the speed figures are only checked to be numbers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "simulate.py"
KEYS = {
    "games_per_second",
    "actions_per_second",
    "mean_actions",
    "mean_rounds",
    "end_conditions",
    "tiebreaks",
    "games",
    "players",
    "mode",
    "seed",
}
TIMING = {"games_per_second", "actions_per_second", "seconds"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def summary(*args: str) -> tuple[dict, list[str]]:
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) > 1, "a human-readable report comes before the JSON line"
    return json.loads(lines[-1]), lines[:-1]


#: What decided first place, per mode ("" = the totals alone).
DECIDED = {"", "apprentice_column", "majorities", "cubes_in_supply", "shared"}
PNP_DECIDED = {"", "shared"}  # the print-and-play text names no tie-break: a tie is shared


@pytest.mark.parametrize(
    ("players", "mode"),
    [("4", "standard"), ("3", "simplified"), ("2", "solo"), ("4", "pnp"), ("2", "pnp")],
)
def test_summary_json(players: str, mode: str) -> None:
    stats, report = summary("--games", "6", "--players", players, "--mode", mode, "--seed", "3")
    assert KEYS <= set(stats)
    assert (stats["games"], stats["players"], stats["mode"], stats["seed"]) == (
        6,
        int(players),
        mode,
        3,
    )
    for key in TIMING & set(stats):
        assert isinstance(stats[key], int | float)
    assert stats["mean_actions"] > 10 and stats["mean_rounds"] >= 1
    assert stats["mean_actions"] >= stats["mean_rounds"]
    # Every game ends by at least one condition; Hades' condition exists only in solo.
    ends = stats["end_conditions"]
    assert set(ends) == {"column_12", "hades_cubes"}
    assert 6 <= sum(ends.values()) <= 12
    if mode != "solo":
        assert ends == {"column_12": 6, "hades_cubes": 0}
    # Each game's first place is decided exactly once: by the totals ("") or a tie-break.
    tiebreaks = stats["tiebreaks"]
    assert set(tiebreaks) == (PNP_DECIDED if mode == "pnp" else DECIDED)
    assert sum(tiebreaks.values()) == 6
    # Mean VP per seat in the mode's own scoring categories, and what the games did.
    categories = stats["mean_vp_by_category"]
    kinds = stats["mean_actions_by_kind"]
    if mode == "pnp":
        assert set(categories) == {"jumps", "reached_12", "majorities", "sets", "labours"}
        assert categories["reached_12"] >= 5 / int(players)  # someone reached 12 in every game
        assert kinds["labour"] > 0 and not {"use", "return_cube", "turn_up", "hades"} & set(kinds)
    else:
        assert set(categories) == {"cards", "vases", "zeus_pantheon", "majorities", "sets", "cubes"}
        assert not {"power", "erase"} & set(kinds)
    assert sum(kinds.values()) == pytest.approx(stats["mean_actions"], abs=0.1)
    text = "\n".join(report)
    for words in ("games per second", "actions per second", "mean", "column_12", "mean VP"):
        assert words in text


def test_pnp_games_use_and_rest_powers() -> None:
    stats, report = summary("--games", "10", "--players", "3", "--mode", "pnp", "--seed", "1")
    kinds = stats["mean_actions_by_kind"]
    for kind in ("labour", "power", "choose_demigod", "rest", "erase", "end_rest", "end_turn"):
        assert kinds[kind] > 0, kind
    assert stats["end_conditions"] == {"column_12": 10, "hades_cubes": 0}
    assert "random pnp games, 3 players" in report[0]


def test_same_seed_same_statistics() -> None:
    args = ("--games", "4", "--players", "2", "--mode", "standard", "--seed", "11")
    first, _ = summary(*args)
    second, _ = summary(*args)
    for key in TIMING:
        first.pop(key, None)
        second.pop(key, None)
    assert first == second
    other, _ = summary("--games", "4", "--players", "2", "--mode", "standard", "--seed", "12")
    assert other["seed"] == 12


def test_defaults_run() -> None:
    stats, _ = summary("--games", "2")
    assert stats["games"] == 2 and stats["players"] in (2, 3, 4) and stats["mode"] == "standard"
    solo, _ = summary("--games", "2", "--mode", "solo")
    assert solo["players"] == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--games", "0"), "--games"),
        (("--games", "many"), "--games"),
        (("--games", "-3"), "--games"),
        (("--players", "5"), "--players"),
        (("--players", "1"), "--players"),
        (("--players", "two"), "--players"),
        (("--mode", "chaos"), "--mode"),
        (("--seed", "x"), "--seed"),
        (("--mode", "solo", "--players", "4"), "solo"),
        (("--mode", "print-and-play"), "--mode"),
        (("--turbo",), "unrecognized arguments"),
        (("--game", "chess"), "no game 'chess' in the box"),
    ],
)
def test_bad_options_give_a_clear_usage_error(args: tuple[str, ...], message: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "usage: simulate.py" in proc.stderr
    assert "error:" in proc.stderr and message in proc.stderr
    assert "Traceback" not in proc.stderr


# --- the Labors solo game (its engine, bots and statistics; the spec is optional) -----------

LABORS_KEYS = {
    "wins",
    "win_rate",
    "win_interval",
    "mean_trials_beaten",
    "outcomes",
    "ends",
    "games_per_second",
    "actions_per_second",
    "difficulty",
    "player",
}


@pytest.mark.parametrize(
    ("difficulty", "player", "games"),
    [("mortal", "solver", "2"), ("hero", "random", "30"), ("god", "solver", "1")],
)
def test_labors_summary(difficulty: str, player: str, games: str) -> None:
    stats, report = summary(
        "--game", "labors", "--games", games, "--difficulty", difficulty, "--player", player,
        "--seed", "4",
    )  # fmt: skip
    assert LABORS_KEYS <= set(stats)
    assert (stats["game"], stats["games"], stats["difficulty"], stats["mode"]) == (
        "labors",
        int(games),
        difficulty,
        difficulty,
    )
    assert (stats["player"], stats["players"], stats["seed"]) == (player, 1, 4)
    assert sum(stats["outcomes"].values()) == int(games)
    assert set(stats["outcomes"]) == {"won", "skull", "courage", "divinity"}
    assert sum(sum(by.values()) for by in stats["ends"].values()) == int(games)
    lo, hi = stats["win_interval"]
    assert 0 <= lo <= stats["win_rate"] <= hi <= 1
    for key in TIMING:
        assert isinstance(stats[key], int | float)
    text = "\n".join(report)
    assert f"{games} {player} {difficulty} games, 1 player" in report[0]
    for words in ("win rate", "Wilson", "mean trials beaten", "where runs end", "per second"):
        assert words in text
    if player == "solver":
        assert stats["mean_trials_beaten"] >= 0 and stats["mean_actions_by_kind"]["resolve"] > 0


def test_labors_same_seed_same_statistics_and_mode_is_difficulty() -> None:
    args = ("--game", "labors", "--games", "2", "--player", "solver", "--seed", "9")
    first, _ = summary(*args, "--difficulty", "mortal")
    second, _ = summary(*args, "--mode", "mortal")
    for key in TIMING:
        first.pop(key, None)
        second.pop(key, None)
    assert first == second
    default, _ = summary("--game", "labors", "--games", "3")
    assert (default["difficulty"], default["player"]) == ("hero", "random")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--game", "labors", "--difficulty", "titan"), "--difficulty"),
        (("--game", "labors", "--players", "2"), "one player"),
        (("--game", "labors", "--player", "oracle"), "--player"),
        (("--game", "labors", "--difficulty", "god", "--mode", "hero"), "same thing"),
    ],
)
def test_labors_bad_options(args: tuple[str, ...], message: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "usage: simulate.py" in proc.stderr and message in proc.stderr
    assert "Traceback" not in proc.stderr


# --- tools/make_balance.py ----------------------------------------------------------------------

BALANCE = SCRIPT.parent / "make_balance.py"


def test_make_balance_writes_a_file_the_setup_screen_reads(tmp_path: Path) -> None:
    from hercules.games.labors.engine import DIFFICULTIES
    from hercules.games.labors.ui.setup import read_balance

    out = tmp_path / "balance.json"
    done = subprocess.run(
        [sys.executable, str(BALANCE), "--games", "2", "--seed", "5", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    last = json.loads(done.stdout.strip().splitlines()[-1])
    assert last["out"] == str(out)
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert set(doc) == set(DIFFICULTIES) == set(last["balance"])
    for figures in doc.values():
        solver = figures["solver"]
        assert solver["games"] == 2 and 0 <= solver["low"] <= solver["win_rate"] <= solver["high"]
        assert 0 <= solver["trials"] <= 12
    assert set(read_balance(out.read_text(encoding="utf-8"))) == set(DIFFICULTIES)


def test_make_balance_refuses_bad_options() -> None:
    done = subprocess.run(
        [sys.executable, str(BALANCE), "--games", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "--games" in done.stderr


# --- The Later Years (its engine and statistics; the spec is optional while parked) ---------


def test_later_years_summary() -> None:
    stats, report = summary(
        "--game", "later_years", "--games", "4", "--players", "3", "--seed", "2"
    )
    assert (stats["game"], stats["games"], stats["players"], stats["mode"]) == (
        "later_years",
        4,
        3,
        "standard",
    )
    for key in TIMING:
        assert isinstance(stats[key], int | float)
    assert stats["end_conditions"] == {"deck": 4}
    assert sum(stats["tiebreaks"].values()) == 4
    assert sum(stats["chains_per_seat"].values()) == 12
    assert set(stats["mean_vp_by_category"]) == {"tasks", "money_bonus", "chains"}
    kinds = stats["mean_actions_by_kind"]
    assert {"deal", "bid", "task", "end"} <= set(kinds)
    assert kinds["deal"] == pytest.approx(stats["mean_rounds"])
    text = "\n".join(report)
    assert "4 random standard games, 3 players" in report[0]
    for words in ("games per second", "actions per second", "mean rounds", "chains"):
        assert words in text
    again, _ = summary("--game", "later_years", "--games", "4", "--players", "3", "--seed", "2")
    assert {k: v for k, v in again.items() if k not in TIMING} == {
        k: v for k, v in stats.items() if k not in TIMING
    }


def test_later_years_defaults_and_bad_options() -> None:
    stats, _ = summary("--game", "later_years", "--games", "1")
    assert stats["players"] == 5
    for args, message in (
        (("--players", "6"), "--players"),
        (("--mode", "top"), "--mode"),
        (("--player", "hard"), "--player"),
    ):
        proc = run("--game", "later_years", *args)
        assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr

"""tools/tournament.py: runs as a script, same results for any --jobs, rotates seats, refuses
bad options.

Random and easy bots only, a handful of games each. No timing assertions: the timing entries
are left out of every comparison.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "tournament.py"
#: JSON entries that depend on the machine (or on --jobs itself).
TIMING = {"seconds", "mean_game_seconds", "decision_ms", "jobs"}
CSV_TIMING = {"decision_ms_p50", "decision_ms_max", "game_seconds"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def summary(*args: str) -> tuple[dict, subprocess.CompletedProcess[str]]:
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) > 1, "a human-readable report comes before the JSON line"
    return json.loads(lines[-1]), proc


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def deterministic(stats: dict) -> dict:
    return {k: v for k, v in stats.items() if k not in TIMING}


def test_same_results_for_any_jobs(tmp_path: Path) -> None:
    base = ("--bots", "random,easy", "--games", "8", "--players", "2", "--seed", "5")
    one, proc = summary(*base, "--jobs", "1", "--csv", str(tmp_path / "one.csv"))
    two, _ = summary(*base, "--jobs", "2", "--csv", str(tmp_path / "two.csv"))
    assert (one["jobs"], two["jobs"]) == (1, 2)
    assert deterministic(one) == deterministic(two)
    assert one["results"] == two["results"]
    rows = [
        [{k: v for k, v in row.items() if k not in CSV_TIMING} for row in read_csv(p)]
        for p in (tmp_path / "one.csv", tmp_path / "two.csv")
    ]
    assert rows[0] == rows[1] and len(rows[0]) == 8 * 2
    # The report, and a progress bar on stderr.
    assert "win rate" in proc.stdout and "95% CI" in proc.stdout and "p95" in proc.stdout
    assert "8/8 games" in proc.stderr


def test_summary_json() -> None:
    stats, _ = summary(
        "--bots", "random,easy", "--games", "6", "--players", "3", "--mode", "simplified",
        "--seed", "2", "--jobs", "2",
    )  # fmt: skip
    assert (stats["bots"], stats["games"], stats["players"], stats["mode"], stats["seed"]) == (
        ["random", "easy"],
        6,
        3,
        "simplified",
        2,
    )
    results = stats["results"]
    assert set(results) == {"random", "easy"}
    # 3 seats x 6 games; line-up random, easy, random rotated: random sits 12 times, easy 6.
    assert results["random"]["seats"] == 12 and results["easy"]["seats"] == 6
    assert results["random"]["games"] == 6 and results["easy"]["games"] == 6
    assert sum(r["wins"] for r in results.values()) == pytest.approx(6)
    for r in results.values():
        lo, hi = r["ci95"]
        assert 0.0 <= lo <= r["win_rate"] <= hi <= 1.0
        assert r["mean_vp"] >= 0 and 1.0 <= r["mean_place"] <= 3.0
        assert r["decisions"] > 0
    for timing in stats["decision_ms"].values():
        assert set(timing) >= {"p50", "p95", "max"}
        assert all(isinstance(v, int | float) for v in timing.values())
    assert sum(stats["win_rate_by_seat"].values()) == pytest.approx(1.0)
    assert stats["mean_rounds"] >= 1
    assert sum(stats["tiebreaks"].values()) == 6
    assert isinstance(stats["seconds"], int | float)


@pytest.mark.parametrize(
    ("bots", "players", "games"),
    [("random,easy", "4", "4"), ("random,easy", "3", "6"), ("easy,random,easy", "2", "3")],
)
def test_seats_rotate(tmp_path: Path, bots: str, players: str, games: str) -> None:
    out = tmp_path / "games.csv"
    stats, _ = summary(
        "--bots", bots, "--games", games, "--players", players, "--seed", "9",
        "--jobs", "2", "--csv", str(out),
    )  # fmt: skip
    names, p, n = bots.split(","), int(players), int(games)
    length = max(p, len(names))
    lineup = [names[i % len(names)] for i in range(length)]
    rows = read_csv(out)
    assert len(rows) == n * p
    seen: dict[int, Counter[str]] = {s: Counter() for s in range(p)}
    for row in rows:
        k, seat = int(row["game"]), int(row["seat"])
        assert int(row["seed"]) == 9 + k
        assert row["bot"] == lineup[(seat + k) % length]
        seen[seat][row["bot"]] += 1
    # Over a whole number of rotations every seat sees the line-up's mix of bots.
    assert all(seen[s] == seen[0] for s in range(p))
    assert stats["seating"][0] == lineup[:p]


def test_solo_hero_against_hades(tmp_path: Path) -> None:
    out = tmp_path / "solo.csv"
    stats, _ = summary(
        "--bots", "easy", "--games", "4", "--mode", "solo", "--players", "2", "--seed", "1",
        "--jobs", "2", "--csv", str(out),
    )  # fmt: skip
    assert set(stats["results"]) == {"easy", "hades"}
    assert stats["results"]["easy"]["seats"] == 4 and stats["results"]["hades"]["decisions"] == 0
    assert "hades" not in stats["decision_ms"]
    assert sum(r["wins"] for r in stats["results"].values()) == pytest.approx(4)
    assert [(r["seat"], r["bot"]) for r in read_csv(out)] == [("0", "easy"), ("1", "hades")] * 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "random,genius"), "unknown bot level"),
        (("--bots", "random,,easy"), "--bots"),
        ((), "--bots"),
        (("--bots", "easy", "--games", "0"), "--games"),
        (("--bots", "easy", "--games", "x"), "--games"),
        (("--bots", "easy", "--players", "5"), "--players"),
        (("--bots", "easy", "--players", "1"), "--players"),
        (("--bots", "easy", "--mode", "solo", "--players", "3"), "solo"),
        (("--bots", "easy,random", "--mode", "solo"), "solo"),
        (("--bots", "easy", "--mode", "chaos"), "--mode"),
        (("--bots", "easy", "--jobs", "0"), "--jobs"),
        (("--bots", "easy", "--seed", "one"), "--seed"),
        (("--bots", "easy", "--csv", "/no/such/folder/x.csv"), "--csv"),
    ],
)
def test_bad_options_give_a_clear_usage_error(args: tuple[str, ...], message: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "usage: tournament.py" in proc.stderr
    assert "error:" in proc.stderr and message in proc.stderr
    assert "Traceback" not in proc.stderr


# --- The Later Years (played through its spec; the parked package while unregistered) ------


def test_later_years_tournament(tmp_path: Path) -> None:
    out = tmp_path / "ly.csv"
    base = (
        "--game", "later_years", "--bots", "normal,easy,normal,easy", "--games", "4",
        "--players", "3", "--seed", "3", "--csv", str(out),
    )  # fmt: skip
    stats, proc = summary(*base, "--jobs", "2")
    again, _ = summary(*base, "--jobs", "1")
    assert deterministic(stats) == deterministic(again)
    assert (stats["game"], stats["players"], stats["mode"]) == ("later_years", 3, "standard")
    results = stats["results"]
    assert set(results) == {"normal", "easy"}
    # Line-up normal, easy, normal, easy over 3 seats: two tables of each make, equal seats.
    assert results["normal"]["seats"] == results["easy"]["seats"] == 6
    assert sum(r["wins"] for r in results.values()) == pytest.approx(4)
    assert sum(r["game_share"] for r in results.values()) == pytest.approx(1.0)
    for r in results.values():
        lo, hi = r["game_share_ci95"]
        assert 0.0 <= lo <= r["game_share"] <= hi <= 1.0
        assert r["decisions"] > 0 and r["mean_vp"] > 0
    assert set(stats["decision_ms"]) == {"normal", "easy"}
    assert stats["end_conditions"] == {"deck": 4}
    assert set(stats["tiebreaks"]) <= {"", "money", "cards", "shared"}
    assert sum(stats["tiebreaks"].values()) == 4
    assert "later_years standard games, 3 players" in proc.stdout and "games won" in proc.stdout
    assert [row["bot"] for row in read_csv(out)][:3] == ["normal", "easy", "normal"]


def test_later_years_defaults_to_three_players() -> None:
    stats, _ = summary(
        "--game", "later_years", "--bots", "hard,random", "--games", "1", "--jobs", "1"
    )
    assert stats["players"] == 3 and set(stats["results"]) == {"hard", "random"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "easy,genius"), "unknown bot level"),
        (("--bots", "easy", "--players", "6"), "--players"),
        (("--bots", "easy", "--players", "1"), "--players"),
        (("--bots", "easy", "--mode", "solo"), "--mode"),
    ],
)
def test_later_years_bad_options(args: tuple[str, ...], message: str) -> None:
    proc = run("--game", "later_years", *args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "usage: tournament.py" in proc.stderr and message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_game_without_an_arena_is_refused() -> None:
    proc = run("--game", "labors", "--bots", "easy")
    assert proc.returncode == 2 and "cannot be used here" in proc.stderr
    assert "no 'outcome' hook" in proc.stderr


def test_the_tool_drives_every_game_through_the_registry_and_names_none() -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    assert "hercules.games.mebo" not in text and "hercules.games.later_years" not in text
    assert "spec.make_bot" in text and 'tool_entry("outcome")' in text

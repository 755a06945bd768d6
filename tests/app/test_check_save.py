"""``hercules --check-save FILE``: a one-line verdict; exit 0 when good, 1 with the reason."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hercules.app.saves import example_saves

FIXTURES = Path(__file__).parent / "fixtures"


def check(*args: str, cwd: Path | None = None, env_dir: Path | None = None):
    env = dict(os.environ)
    if env_dir is not None:
        env["HERCULES_DATA_DIR"] = str(env_dir)
    return subprocess.run(
        [sys.executable, "-P", "-m", "hercules", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
        env=env,
    )


def test_good_saves_exit_0_with_a_one_line_verdict(tmp_path):
    for path in [*example_saves(), FIXTURES / "save_v1.json"]:
        r = check("--check-save", str(path), env_dir=tmp_path)
        assert r.returncode == 0, r.stdout + r.stderr
        lines = r.stdout.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"{path}: good save:"), r.stdout
        assert r.stderr == ""
    finished = next(p for p in example_saves() if "finished" in p.name)
    out = check("--check-save", str(finished)).stdout
    assert "4 players" in out and "won by" in out
    assert "upgraded from format 1" in check("--check-save", str(FIXTURES / "save_v1.json")).stdout


def test_bad_saves_exit_1_with_the_reason(tmp_path):
    good = json.loads(example_saves()[0].read_text("utf-8"))
    cases = {
        "missing.json": None,
        "empty.json": b"",
        "garbage.json": b"\x80\x04\x95garbage",
        "future.json": json.dumps(dict(good, version=9)).encode(),
        "cubes.json": None,
    }
    cubed = json.loads(json.dumps(good))
    cubed["snapshot"]["players"][0]["supply"] += 1
    cases["cubes.json"] = json.dumps(cubed).encode()
    reasons = {}
    for name, content in cases.items():
        path = tmp_path / name
        if content is not None:
            path.write_bytes(content)
        r = check("--check-save", str(path), env_dir=tmp_path)
        assert r.returncode == 1, r.stdout + r.stderr
        lines = r.stdout.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"{path}: bad save: "), r.stdout
        reasons[name] = lines[0]
    assert "no such file" in reasons["missing.json"]
    assert "empty" in reasons["empty.json"]
    assert "UTF-8" in reasons["garbage.json"]
    assert "newer version" in reasons["future.json"]
    assert "13, not 12" in reasons["cubes.json"]


def test_check_save_is_headless_and_honours_data_dir(tmp_path):
    argv = ["--data-dir", str(tmp_path / "data"), "--check-save", str(example_saves()[0])]
    code = (
        f"import sys; from hercules.cli import main; rc = main({argv!r});"
        "assert 'pygame' not in sys.modules, 'pygame was imported';"
        "from hercules.app import paths; print(paths.saves_dir()); sys.exit(rc)"
    )
    r = subprocess.run(
        [sys.executable, "-P", "-c", code], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[-1] == str(tmp_path / "data" / "saves")


def test_the_other_options_still_work():
    r = check("--version")
    assert r.returncode == 0 and r.stdout.startswith("hercules ")
    r = check("--help")
    assert r.returncode == 0 and "--check-save" in r.stdout and "--data-dir" in r.stdout
    r = check("--size", "10x10", "--check-save", "x.json")
    assert r.returncode == 2 and "smallest window" in r.stderr


def test_a_save_edited_outside_the_game_is_bad_unless_edits_are_trusted(tmp_path):
    example = next(p for p in example_saves() if "solo" in p.name)
    doc = json.loads(example.read_text(encoding="utf-8"))
    doc["label"] = "renamed by hand"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(doc), encoding="utf-8")
    refused = check("--check-save", str(edited))
    assert refused.returncode == 1
    assert "changed outside the game" in refused.stdout
    trusted = check("--check-save", str(edited), "--trust-edits")
    assert trusted.returncode == 0
    assert trusted.stdout.strip().endswith("edited outside the game")
    assert len(trusted.stdout.strip().splitlines()) == 1


# --- each game words its own verdict (its ``describe_save`` hook), the shell the rest -------


def _played(game_id: str, seats: int, moves: int, seed: int = 3):
    """A game of ``game_id`` after ``moves`` random decisions of its human seats."""
    import random

    from hercules.app.registry import get_game

    spec = get_game(game_id)
    ctl = spec.new_controller(spec.variants[0], ["human"] * seats, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if ctl.is_over:
            break
        if ctl.human_to_act():
            ctl.submit(rng.choice(ctl.legal()), ctl.rules.actor(ctl.state))
        else:
            ctl.step(wait=True)
    return ctl


def _verdict(tmp_path: Path, ctl, names: list[str]) -> str:
    from hercules.app import saves
    from hercules.cli import check_save

    path = tmp_path / "game.json"
    saves.save_game(path, ctl, names)
    code, verdict = check_save(str(path))
    assert code == 0, verdict
    return verdict.partition(": good save: ")[2]


def test_the_mebo_verdict_says_mode_round_leader_and_vp():
    from hercules.cli import check_save

    finished = next(p for p in example_saves() if "finished" in p.name)
    code, verdict = check_save(str(finished))
    body = verdict.partition(": good save: ")[2]
    assert code == 0 and body.startswith("standard, 4 players, finished in round ")
    assert " won by " in body and " VP, " in body and body.endswith(" actions")


def test_the_labors_verdict_says_difficulty_trial_courage_and_divinity(tmp_path):
    running = _verdict(tmp_path, _played("labors", 1, 3), ["Hercules"])
    assert running.startswith("hero, solo, trial 1 of 12, Courage ")
    assert ", Divinity " in running and running.endswith(" actions")
    lost = _verdict(tmp_path, _played("labors", 1, 30), ["Hercules"])
    assert lost.startswith("hero, solo, lost at trial 1 of 12, ")


def test_the_later_years_verdict_says_round_leader_and_points(tmp_path):
    body = _verdict(tmp_path, _played("later_years", 2, 40), ["Ann", "Bo"])
    assert body.startswith("2 players, round ") and ": " in body
    assert (" Ann leads with " in body or " Bo leads with " in body) and " points, " in body


def test_a_game_without_words_of_its_own_gets_the_shells_verdict(tmp_path, monkeypatch):
    from hercules.app.registry import get_game

    ctl = _played("later_years", 2, 40)
    monkeypatch.delitem(get_game("later_years").tools, "describe_save", raising=False)
    body = _verdict(tmp_path, ctl, ["Ann", "Bo"])
    assert body.startswith("Hercules: The Later Years, 2 players, round ")
    assert body.endswith(" actions") and "leads" not in body


def test_a_finished_game_without_words_says_who_won(monkeypatch):
    from hercules.app.registry import get_game
    from hercules.cli import check_save

    monkeypatch.delitem(get_game("hercules").tools, "describe_save", raising=False)
    finished = next(p for p in example_saves() if "finished" in p.name)
    body = check_save(str(finished))[1].partition(": good save: ")[2]
    assert body.startswith("Hercules, 4 players, finished in round ") and " won by " in body


def test_a_verdict_hook_that_cannot_read_the_summary_falls_back_to_the_seats(monkeypatch):
    from hercules.app.registry import get_game
    from hercules.cli import check_save

    monkeypatch.setitem(get_game("hercules").tools, "describe_save", "builtins:len")
    code, verdict = check_save(str(example_saves()[0]))
    assert code == 0 and verdict.partition(": good save: ")[2].startswith("hercules, ")
    assert " seats, " in verdict

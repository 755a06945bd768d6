"""The screenshot tool renders every scene headless to a PNG of the asked size."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "screenshot.py"
SCENES = ["title", "setup", "game", "rest", "gameover", "rules", "settings"]


@pytest.mark.parametrize("scene", SCENES)
def test_screenshot_tool_renders_each_scene(tmp_path, scene):
    out = tmp_path / f"{scene}.png"
    proc = subprocess.run(
        [
            sys.executable,
            str(TOOL),
            "--scene",
            scene,
            "--seed",
            "3",
            "--size",
            "1280x720",
            "--out",
            str(out),
            "--round",
            "4",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)
    # Not a blank frame: many distinct colours were drawn.
    colours = {tuple(img.get_at((x, y))) for x in range(0, 1280, 37) for y in range(0, 720, 23)}
    assert len(colours) > 8


def test_screenshot_tool_rejects_a_bad_size(tmp_path):
    proc = subprocess.run(
        [
            sys.executable,
            str(TOOL),
            "--scene",
            "title",
            "--size",
            "big",
            "--out",
            str(tmp_path / "x.png"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "--size" in proc.stderr


def _shoot(out, args):
    """Run the tool at 1280x720 with ``args``; the picture it saved."""
    proc = subprocess.run(
        [sys.executable, str(TOOL), *args, "--size", "1280x720", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return pygame.image.load(str(out))


def test_screenshot_tool_shows_where_a_pnp_apprentice_may_stop(tmp_path):
    args = ["--scene", "stop", "--mode", "pnp", "--players", "3", "--seed", "1", "--round", "3"]
    assert _shoot(tmp_path / "stop.png", args).get_size() == (1280, 720)


@pytest.mark.parametrize("game", ["hercules", "labors", "later_years"])
def test_screenshot_tool_shows_the_keyboard_focus_on_each_table(tmp_path, game):
    shots = []
    for focus in ("0", "2"):
        out = tmp_path / f"{game}_{focus}.png"
        players = "1" if game == "labors" else "2"
        args = ["--scene", "game", "--game", game, "--players", players, "--focus", focus]
        shots.append(_shoot(out, args))
    # The ring's white corners and gold band are there only after the Tab presses.
    white = (250, 248, 240)

    def count(img):
        return sum(
            1
            for x in range(0, 1280, 2)
            for y in range(0, 720, 2)
            if img.get_at((x, y))[:3] == white
        )

    assert count(shots[1]) > count(shots[0])


def test_screenshot_tool_renders_a_step_of_a_guided_game(tmp_path):
    out = tmp_path / "tutorial.png"
    proc = subprocess.run(
        [sys.executable, str(TOOL), "--scene", "tutorial", "--game", "later_years"]
        + ["--tutorial-step", "3", "--size", "1280x720", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)

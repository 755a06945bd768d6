"""The screenshot tool renders the fourth game's scenes (the draft registers on demand)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

TOOL = Path(__file__).resolve().parents[3] / "tools" / "screenshot.py"


@pytest.mark.parametrize(
    ("scene", "players", "lang"),
    [("game", 7, "en"), ("vote", 4, "it"), ("identity", 7, "en"), ("setup", 4, "it")],
)
def test_the_screenshot_tool_renders_the_fourth_games_scenes(tmp_path, scene, players, lang):
    out = tmp_path / f"{scene}.png"
    args = ["--game", "companions", "--scene", scene, "--players", str(players), "--lang", lang]
    proc = subprocess.run(
        [sys.executable, str(TOOL), *args, "--size", "1280x720", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)
    colours = {tuple(img.get_at((x, y))) for x in range(0, 1280, 37) for y in range(0, 720, 23)}
    assert len(colours) > 8

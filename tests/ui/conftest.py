"""Headless UI fixtures: SDL's dummy drivers, an App, and synthetic mouse input."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from hercules.ui.app import App, Settings  # noqa: E402


@pytest.fixture
def app():
    """An application window of 1600x900 with animations off and no bot delay."""
    a = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
    yield a
    a.close()


@pytest.fixture
def animated_app():
    """An application with animations on (fast) and a short bot delay."""
    a = App((1600, 900), Settings(animation_speed=3.0, bot_delay=0.05))
    yield a
    a.close()

"""Headless fixtures for the Labors screens: an App with animations off."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from hercules.ui.app import App, Settings  # noqa: E402
from hercules.ui.strings import set_language  # noqa: E402


@pytest.fixture
def app():
    """An application window of 1600x900 with animations off and no bot delay."""
    a = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
    yield a
    a.close()
    set_language("en")

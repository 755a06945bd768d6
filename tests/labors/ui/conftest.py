"""Headless fixtures for the Labors screens: an App, and stand-ins for scenes not written yet.

The Labors spec names its table and replay scenes; until they exist the registry refuses the
game (and with it every string table). Stand-ins are put in their place only while the real
modules are missing, so these tests run before and after the table lands.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import types

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from hercules.ui.scene import Scene  # noqa: E402


class StandInTable(Scene):
    """Holds what a table would: the controller and the names."""

    def __init__(self, app, ctl, names, created=None, label=""):
        super().__init__(app)
        self.ctl = ctl
        self.names = names
        self.game_id = "labors"
        self.state = ctl.state

    def log_record(self, rec) -> None:
        pass


class StandInReplay(Scene):
    """Holds the loaded game it was asked to replay."""

    def __init__(self, app, loaded):
        super().__init__(app)
        self.loaded = loaded


def _stand_in(name: str, attr: str, cls: type) -> None:
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        found = None
    if found is not None:
        return
    module = types.ModuleType(name)
    module.__spec__ = importlib.machinery.ModuleSpec(name, None)
    setattr(module, attr, cls)
    sys.modules[name] = module


_stand_in("hercules.games.labors.ui.table", "TableScene", StandInTable)
_stand_in("hercules.games.labors.ui.replay", "ReplayScene", StandInReplay)

from hercules.ui.app import App, Settings  # noqa: E402
from hercules.ui.strings import set_language  # noqa: E402


@pytest.fixture
def app():
    """An application window of 1600x900 with animations off and no bot delay."""
    a = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
    yield a
    a.close()
    set_language("en")

"""Headless fixtures for the fourth game's screens: the draft registered, an App with
animations off, and helpers that play the human's decisions by mouse clicks only."""

from __future__ import annotations

import os
import random
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from support.companions_mouse import card_rect, choice, click_choice, human_move  # noqa: E402
from support.mouse import click_widget, frames  # noqa: E402

from hercules.app.registry import REGISTRY, load_games  # noqa: E402
from hercules.games.companions.spec import SPEC  # noqa: E402
from hercules.games.companions.ui.gameover import GameOverScene  # noqa: E402
from hercules.games.companions.ui.night import NightScene  # noqa: E402
from hercules.games.companions.ui.setup import SetupScene  # noqa: E402
from hercules.games.companions.ui.table import TableScene  # noqa: E402
from hercules.ui.app import App, Settings  # noqa: E402
from hercules.ui.strings import set_language  # noqa: E402


@pytest.fixture(autouse=True)
def companions():
    """The game, registered by the box at start-up."""
    load_games()
    spec = REGISTRY.get("companions")
    assert spec is SPEC
    return spec


@pytest.fixture
def app(companions):
    """A 1280x720 window with animations off and no bot delay."""
    a = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    yield a
    a.close()
    set_language("en")


# --- playing by mouse ------------------------------------------------------------------------


def start_by_mouse(app, players: int, seed: int, watch: bool = False) -> TableScene:
    """From the title: the setup, its buttons clicked (players, who plays), the seed typed
    in its box, Start clicked; returns the table."""
    app.nav.title()
    app.nav.setup("companions")
    frames(app, 1)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click_widget(app, setup.option_button("players", str(players)))
    click_widget(app, setup.option_button("mode", "watch" if watch else "play"))
    setup.seed_entry.set_text(str(seed))
    click_widget(app, setup.btn_start)
    table = app.top
    assert isinstance(table, TableScene), table
    return table


def play_to_end(app, table, seed: int, watch_frame=None, limit: int = 6000) -> int:
    """Play the game out: the human by clicks, the bots and the nights by the clock.
    Returns how many decisions the human made (each checked to have been taken); the
    nights seen are kept in ``table.nights_seen``."""
    rng = random.Random(seed)
    made = 0
    table.nights_seen = 0
    last_night = None
    for k in range(limit):
        top = app.top
        if isinstance(top, GameOverScene):
            return made
        if isinstance(top, NightScene):
            if top is not last_night:
                last_night = top
                table.nights_seen += 1
            frames(app, 1, dt=1.0)
            continue
        if watch_frame is not None and k % 7 == 0:
            watch_frame(table)
        if top is table and table.human() and not table.anim.busy:
            before = len(table.ctl.history)
            meant = human_move(app, table, rng)
            # The bots may play on in the frames after the click: the human's own record
            # is the first of the seat's after it.
            mine = [r.action for r in table.ctl.history[before:] if r.seat == table.viewer]
            assert mine[:1] == [meant], (meant, mine)
            made += 1
        else:
            frames(app, 1)
    raise AssertionError("the game did not end")


@pytest.fixture
def co():
    """The helpers above, for the tests."""
    return SimpleNamespace(
        start_by_mouse=start_by_mouse,
        card_rect=card_rect,
        choice=choice,
        click_choice=click_choice,
        human_move=human_move,
        play_to_end=play_to_end,
    )

"""Headless fixtures for the Later Years screens: the game as the box registered it, an
App with animations off, and helpers that play the human's moves by mouse clicks only."""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from support.mouse import click, click_widget, frames  # noqa: E402

from hercules.app.registry import REGISTRY, load_games  # noqa: E402
from hercules.games.later_years.engine import load_data  # noqa: E402
from hercules.games.later_years.engine.state import P_BID, P_PLAY  # noqa: E402
from hercules.games.later_years.spec import SPEC, new_controller  # noqa: E402
from hercules.games.later_years.ui.handover import HandOverScene  # noqa: E402
from hercules.games.later_years.ui.table import TableScene  # noqa: E402
from hercules.games.later_years.ui.words import names_for  # noqa: E402
from hercules.ui.app import App, Settings  # noqa: E402
from hercules.ui.scenes.overlays import ConfirmOverlay  # noqa: E402
from hercules.ui.strings import set_language  # noqa: E402


@pytest.fixture(autouse=True)
def later_years():
    """The game, registered by the box at start-up."""
    load_games()
    assert REGISTRY.get(SPEC.id) is SPEC
    return SPEC


@pytest.fixture
def app(later_years):
    """A 1280x720 window with animations off and no bot delay."""
    a = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    yield a
    a.close()
    set_language("en")


# --- playing by mouse ------------------------------------------------------------------------


def table_for(app, kinds, seed=5, names=None):
    """A new game's table, opened through the navigator."""
    ctl = new_controller("standard", kinds, seed)
    table = app.nav.play("later_years", ctl, names or names_for(ctl.seats, {}))
    frames(app, 2)
    return table


def card_rect(table, card):
    """Where a card of the hand on view can be clicked."""
    return next(r for c, r in table.hand_cards() if c == card)


def space_rect(table, space):
    """A board space's rectangle."""
    return table.layout.space_rect(load_data().space_at[space])


def bid_by_mouse(app, table, slot, more=0):
    """Click the card at ``slot``, press + ``more`` times, then Bid."""
    n = len(table.state.row)
    click(app, table.layout.auction_cards(n)[slot].center)
    for _ in range(more):
        click(app, table.layout.stepper(n)["plus"].center)
    click(app, table.layout.stepper(n)["bid"].center)


def human_move(app, table, rng):
    """One decision of the human on view, by clicks (the hand-over accepted first)."""
    top = app.top
    if isinstance(top, HandOverScene):
        click_widget(app, top.btn)
        return
    if isinstance(top, ConfirmOverlay):
        click_widget(app, next(iter(top.actions)))
        return
    assert isinstance(top, TableScene), top
    s = table.state
    legal = table.ctl.legal()
    if s.prompt == P_BID:
        slots = sorted({a.slot for a in legal})
        slot = rng.choice(slots)
        lo = min(a.amount for a in legal if a.slot == slot)
        hi = max(a.amount for a in legal if a.slot == slot)
        bid_by_mouse(app, table, slot, rng.randint(0, min(2, hi - lo)))
    elif s.prompt == P_PLAY:
        tasks = [a for a in legal if a.kind == "task"]
        draws = [a for a in legal if a.kind == "play_draw"]
        if tasks:
            a = rng.choice(tasks)
            for c in a.cards:
                click(app, card_rect(table, c).center, settle=1)
            click(app, space_rect(table, a.space).center)
        elif draws:
            click(app, card_rect(table, draws[0].card).center)
        else:
            click_widget(app, table.button("end"))
    else:
        frames(app, 1)


@pytest.fixture
def ly():
    """The helpers above, for the tests."""
    return SimpleNamespace(
        table_for=table_for,
        card_rect=card_rect,
        space_rect=space_rect,
        bid_by_mouse=bid_by_mouse,
        human_move=human_move,
    )

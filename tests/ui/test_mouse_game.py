"""A complete two-player game played only through synthetic mouse events on the table."""

from __future__ import annotations

import random

from support.mouse import click, click_widget, frames

from hercules.engine.actions import USE
from hercules.ui.scenes.gameover import GameOverScene
from hercules.ui.scenes.overlays import ChoiceOverlay, ChooseDeckOverlay, RestOverlay
from hercules.ui.scenes.setup import start_game
from hercules.ui.scenes.table import TableScene


def mouse_turn(app, table: TableScene, rng: random.Random) -> None:
    """Make one decision for the human to act, by clicking what a player would click."""
    top = app.top
    if isinstance(top, ChoiceOverlay | ChooseDeckOverlay):
        buttons = [b for b in top.actions if b.text != "Cancel"]
        click_widget(app, rng.choice(buttons))
        return
    if isinstance(top, RestOverlay):
        cards = [(cid, act, rect) for cid, act, rect in top.layout_cards() if act is not None]
        if cards and rng.random() < 0.7:
            click(app, rng.choice(cards)[2].center)
        else:
            click_widget(app, next(iter(top.actions)))
        return
    assert top is table
    legal = table.ctl.legal()
    uses = [a for a in legal if a.kind == USE]
    ways = table.labour_ways(legal)
    if uses and rng.random() < 0.35:
        card = rng.choice(uses).card
        rect = next(r for cid, r in table.hand_cards(table.state.current) if cid == card)
        click(app, rect.center)
        if table.mode is None:
            return
        kind = table.mode[0]
        seat = table.state.current
        if kind in ("die", "reroll"):
            targets = [
                i for i in range(len(table.die_rects(seat))) if table.die_targetable(seat, i)
            ]
            click(app, table.die_rects(seat)[rng.choice(targets)].center)
            if kind == "reroll":
                click_widget(app, table.btn_confirm)
        elif kind == "copy":
            other = 1 - seat
            click(app, table.die_rects(other)[0].center)
        return
    if ways:
        col = rng.choice(sorted(ways))
        click(app, table.layout.columns[col].center)
        return
    if table.btn_rest.is_enabled:
        click_widget(app, table.btn_rest)
    else:
        click_widget(app, table.btn_end)


def test_two_humans_play_a_whole_game_with_the_mouse_only(app):
    ctl, names = start_game("standard", ["human", "human"], seed=5)
    table = TableScene(app, ctl, names)
    app.push(table)
    rng = random.Random(5)
    frames(app, 3)
    for _ in range(5000):
        if isinstance(app.top, GameOverScene):
            break
        if ctl.human_to_act():
            before = len(ctl.history)
            mouse_turn(app, table, rng)
            frames(app, 1)
            if len(ctl.history) == before and table.mode is None and app.top is table:
                # A click that did nothing must have been a refused one: it says why.
                assert table.message
        else:
            frames(app, 1)
    assert ctl.is_over
    assert isinstance(app.top, GameOverScene)
    human = [r for r in ctl.history if r.seat >= 0]
    kinds = {r.action.kind for r in human}
    assert {"labour", "use"} <= kinds
    assert {r.seat for r in human if r.action.kind == "labour"} == {0, 1}
    # The game-over screen shows the breakdown of this very state.
    assert app.top.result.players[0].total == table.scores().players[0].total

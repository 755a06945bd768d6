"""A complete two-player game played only through synthetic mouse events on the table."""

from __future__ import annotations

import random

from support.mouse import frames, mouse_turn

from hercules.games.mebo.ui.gameover import GameOverScene
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene


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

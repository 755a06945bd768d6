"""A whole game played by mouse against bots to its end; then the game-over page, the replay
and the autosave."""

from __future__ import annotations

import random

from support.mouse import click_widget, frames

from hercules.app import saves
from hercules.app.controller import Controller, Record, Seat
from hercules.games.later_years.engine import (
    RULES,
    LaterYearsConfig,
    new_game,
    score,  # noqa: I001
)
from hercules.games.later_years.ui.gameover import GameOverScene
from hercules.games.later_years.ui.replay import ReplayScene
from hercules.games.later_years.ui.table import EVERYTHING
from hercules.ui.strings import set_language


def play_to_the_end(app, ly, table, seed=1):
    rng = random.Random(seed)
    for _ in range(20_000):
        if isinstance(app.top, GameOverScene):
            return app.top
        if table.ctl.human_to_act() and app.top is table and table.ctl.actor == table.viewer:
            ly.human_move(app, table, rng)
        elif app.top is not table and not isinstance(app.top, GameOverScene):
            ly.human_move(app, table, rng)  # a hand-over or a confirmation
        else:
            frames(app, 1)
    raise AssertionError("the game did not end")


def test_a_whole_game_by_mouse_against_a_bot(app, ly):
    table = ly.table_for(app, ["human", "easy"], seed=21)
    over = play_to_the_end(app, ly, table)
    s = table.state
    assert s.is_terminal
    assert sum(r.seat == 0 and r.action.kind == "bid" for r in table.ctl.history) > 5
    text = over.text()
    res = score(s)
    assert str(res.seats[0].total) in text
    winner = table.names[res.winners[0]]
    assert winner in over.headline()
    table.wait_for_saves()
    # The game-over page offers the replay: every hand shown, marked as a replay.
    click_widget(app, over.button("replay"))
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.viewer == EVERYTHING
    replay.ctl.next_round()
    frames(app, 2)
    assert replay.view() is replay.state
    click_widget(app, replay.button("close"))
    assert app.top is over
    # It was autosaved, finished, and loads for its replay.
    loaded = saves.load_save(table.saver.autosave_path(), lambda g: table.ctl.rules)
    assert loaded.game == "later_years" and loaded.states[-1].is_terminal


def finished_table(app, players=3, seed=8):
    """A table on a game played to its end by the engine (first legal actions, quickly)."""
    s = new_game(LaterYearsConfig(players=players), seed)
    history = []
    while not s.is_terminal:
        action = RULES.legal_actions(s)[0]
        seat = RULES.actor(s)
        s, events = RULES.apply(s, action)
        history.append(Record(action, seat, events))
    seats = [Seat("human")] + [Seat("bot", level="normal")] * (players - 1)
    ctl = Controller(RULES, s, seats)
    table = app.nav.play("later_years", ctl, ["Ann", "Bob", "Cy"][:players], history=history)
    frames(app, 2)
    return table


def test_game_over_in_italian_with_the_breakdown(app):
    table = finished_table(app)
    over = app.top
    assert isinstance(over, GameOverScene)
    res = score(table.state)
    assert len(over.rows()) == 3
    seat, cells = over.rows()[0]
    assert seat in res.winners and cells[3] == str(res.seats[seat].total)
    set_language("it")
    app.set_language("it")
    frames(app, 1)
    assert "Punti" in over.text() and "condivisa" in over.text()
    assert "Giocatore" in over.text()
    click_widget(app, over.button("see_table"))
    assert app.top is table

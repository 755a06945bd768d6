"""A whole game of the fourth game played by mouse clicks, from the setup to the end screen,
at 4 and at 7 seats (one human and bots); the end tells every secret."""

from __future__ import annotations

import pygame
import pytest
from support.mouse import click_widget, key

from hercules.games.companions.engine import rules as E
from hercules.games.companions.ui.gameover import GameOverScene, turned_words
from hercules.games.companions.ui.replay import ReplayScene
from hercules.games.companions.ui.words import char_name
from hercules.ui.strings import t
from hercules.ui.table import EVERYTHING


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (7, 14)])
def test_a_game_by_clicks_from_setup_to_the_end(app, co, players, seed):
    table = co.start_by_mouse(app, players, seed)
    assert table.state.n == players
    assert [s.kind for s in table.ctl.seats] == ["human"] + ["bot"] * (players - 1)
    made = co.play_to_end(app, table, seed)
    assert made >= 3  # the human decided, by clicks, every time it was their move
    nights = sum(e.kind == "identity_confirmation" for r in table.ctl.history for e in r.events)
    assert table.nights_seen == nights  # each Identity Confirmation had its night (7: one)
    over = app.top
    assert isinstance(over, GameOverScene)
    s = table.state
    assert s.prompt == E.P_OVER
    text = over.text()
    for seat in range(s.n):
        assert table.names[seat] in text
        assert char_name(s.characters[seat]) in text
        assert turned_words(s, seat) in text
    assert over.headline() in (t("co.over.hero"), t("co.over.hera"))


def test_the_end_names_the_journey_a_seat_turned(app, co):
    table = co.start_by_mouse(app, 5, 2)
    co.play_to_end(app, table, 2)
    s = table.state
    for seat in range(s.n):
        words = turned_words(s, seat)
        if s.turned[seat] > 0:
            assert str(s.turned[seat]) in words
        elif s.turned[seat] == 0:
            assert words == t("co.over.from_start")
        else:
            assert words == t("co.over.loyal")


def test_watching_the_bots_plays_to_the_end_alone(app, co):
    table = co.start_by_mouse(app, 6, 4, watch=True)
    assert table.humans == [] and table.viewer < 0
    assert co.play_to_end(app, table, 4) == 0


def test_the_end_screen_opens_the_replay_with_every_secret(app, co):
    table = co.start_by_mouse(app, 4, 3)
    co.play_to_end(app, table, 3)
    click_widget(app, app.top.button("replay"))
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.viewer == EVERYTHING and replay.ctl.index == 0
    for _ in range(12):
        key(app, pygame.K_RIGHT)
    assert replay.ctl.index == 12
    assert replay.view() is replay.ctl.state  # everything: the game is over
    key(app, pygame.K_PAGEDOWN)
    assert replay.ctl.state.journey >= 2 or replay.ctl.index == len(replay.ctl.history)

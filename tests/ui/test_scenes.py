"""Scene lifecycle and navigation through the menus with synthetic clicks."""

from __future__ import annotations

import pygame
from support.mouse import click_widget, frames, key

from hercules.games.mebo.ui.rules import RulesScene
from hercules.games.mebo.ui.setup import SetupScene
from hercules.games.mebo.ui.table import TableScene
from hercules.ui.scene import Scene
from hercules.ui.scenes.games import GamesScene
from hercules.ui.scenes.settings import SettingsScene
from hercules.ui.scenes.title import TitleScene


class Recorder(Scene):
    def __init__(self, app, log, name):
        super().__init__(app)
        self.log, self.name = log, name

    def enter(self):
        self.log.append(("enter", self.name))

    def exit(self):
        self.log.append(("exit", self.name))

    def pause(self):
        self.log.append(("pause", self.name))

    def resume(self):
        self.log.append(("resume", self.name))


def test_scene_stack_calls_the_lifecycle_in_order(app):
    log = []
    a, b, c = Recorder(app, log, "a"), Recorder(app, log, "b"), Recorder(app, log, "c")
    app.push(a)
    app.push(b)
    app.pop()
    app.replace(c)
    assert log == [
        ("enter", "a"),
        ("pause", "a"),
        ("enter", "b"),
        ("exit", "b"),
        ("resume", "a"),
        ("exit", "a"),
        ("enter", "c"),
    ]
    assert app.top is c


def test_paused_scene_widgets_are_hidden_and_shown_again(app):
    title = TitleScene(app)
    app.push(title)
    assert all(w.visible for w in title.widgets)
    app.push(RulesScene(app))
    assert not any(w.visible for w in title.widgets)
    app.pop()
    assert all(w.visible for w in title.widgets)


def test_title_buttons_lead_to_setup_rules_and_settings_and_back(app):
    title = TitleScene(app)
    app.push(title)
    frames(app, 2)
    by_key = {v: k for k, v in title.buttons.items()}

    def choose_mebo() -> None:
        # The box holds several games: the list asks which (the board game is first).
        if isinstance(app.top, GamesScene):
            click_widget(app, next(b for b, gid in app.top.buttons.items() if gid == "hercules"))

    click_widget(app, by_key["rules"])
    choose_mebo()
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    if isinstance(app.top, GamesScene):
        click_widget(app, app.top.btn_back)
    assert app.top is title
    click_widget(app, by_key["settings"])
    assert isinstance(app.top, SettingsScene)
    click_widget(app, app.top.btn_back)
    assert app.top is title
    click_widget(app, by_key["new"])
    choose_mebo()
    assert isinstance(app.top, SetupScene)
    click_widget(app, app.top.btn_back)
    assert app.top is title


def test_continue_is_disabled_until_there_is_a_game_to_continue(app, tmp_path):
    from hercules.app.paths import set_data_dir

    set_data_dir(tmp_path)
    try:
        title = TitleScene(app)
        app.push(title)
        by_key = {v: k for k, v in title.buttons.items()}
        assert not by_key["continue"].is_enabled
        assert by_key["load"].is_enabled  # the examples are always there
        click_widget(app, by_key["continue"])
        assert app.top is title
    finally:
        set_data_dir(None)


def test_setup_start_opens_the_table_with_the_chosen_seats(app):
    app.push(TitleScene(app))
    setup = SetupScene(app)
    app.push(setup)
    setup.kinds = ["human", "human", "easy", "off"]
    setup.seed_entry.set_text("42")
    click_widget(app, setup.btn_start)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.state.n == 3
    assert table.state.seed == 42
    assert [s.kind for s in table.ctl.seats] == ["human", "human", "bot"]


def test_setup_refuses_a_single_seat_with_a_message(app):
    setup = SetupScene(app)
    app.push(setup)
    setup.kinds = ["human", "off", "off", "off"]
    setup.start()
    assert app.top is setup
    assert setup.error


def test_quit_stops_the_loop(app):
    title = TitleScene(app)
    app.push(title)
    by_key = {v: k for k, v in title.buttons.items()}
    click_widget(app, by_key["quit"])
    assert not app.running

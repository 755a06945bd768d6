"""The settings screen: choices apply at once and persist in the settings file."""

from __future__ import annotations

import pygame
import pygame_gui

from hercules.app import paths
from hercules.app.settings import load_settings
from hercules.ui.app import App, Settings
from hercules.ui.scenes.settings import SettingsScene
from hercules.ui.theme import player_style


def choose(app, scene, key, text):
    menu = next(m for m, k in scene.menus.items() if k == key)
    event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text)
    scene.handle_event(event)


def test_settings_choices_apply_and_persist(tmp_path):
    paths.set_data_dir(tmp_path)
    try:
        app = App((1600, 900), Settings(), persist=True)
        scene = SettingsScene(app)
        app.push(scene)
        choose(app, scene, "animation", "Off")
        choose(app, scene, "bots", "Fast")
        choose(app, scene, "palette", "Colour-blind safe")
        choose(app, scene, "hercules:confirm_end_turn", "Yes")
        choose(app, scene, "scale", "125%")
        choose(app, scene, "window", "1280\u00d7720")
        assert app.size == (1280, 720)
        assert player_style(0)["colour"] == (213, 94, 0)
        saved = load_settings(paths.settings_path())
        assert saved.animation_speed == 0.0 and saved.bot_delay == 0.2
        assert saved.palette == "colourblind"
        assert saved.game_value("hercules", "confirm_end_turn") is True
        assert saved.ui_scale == 1.25 and tuple(saved.window_size) == (1280, 720)
        app.close()
    finally:
        paths.set_data_dir(None)
        from hercules.ui.theme import set_palette

        set_palette("classic")


def test_an_app_that_does_not_persist_never_writes_settings(tmp_path):
    paths.set_data_dir(tmp_path)
    try:
        app = App((1600, 900), Settings(), persist=False)
        scene = SettingsScene(app)
        app.push(scene)
        choose(app, scene, "bots", "Slow")
        assert app.settings.bot_delay == 1.2
        assert not paths.settings_path().exists()
        app.close()
    finally:
        paths.set_data_dir(None)


def test_confirm_before_ending_a_turn_asks_first():
    from support.mouse import click_widget, frames
    from support.scenario import Scenario

    from hercules.app.controller import Controller, Seat
    from hercules.games.mebo.engine.adapter import RULES
    from hercules.games.mebo.ui.table import TableScene
    from hercules.ui.scenes.overlays import ConfirmOverlay

    asks = {"hercules": {"confirm_end_turn": True}}
    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0, games=asks))
    state = Scenario(2).dice(0, 2, 3).give(0, "HES-01").done(0, 1, 2).build()
    ctl = Controller(RULES, state, [Seat("human"), Seat("human")])
    table = TableScene(app, ctl, ["A", "B"], autosave=False)
    app.push(table)
    frames(app, 2)
    use = next(a for a in ctl.legal() if a.kind == "use")
    ctl.submit(use, 0)
    frames(app, 2)
    click_widget(app, table.btn_end)
    assert isinstance(app.top, ConfirmOverlay)
    before = len(ctl.history)
    click_widget(app, next(b for b in app.top.actions if b.text == "No"))
    assert len(ctl.history) == before and app.top is table
    click_widget(app, table.btn_end)
    click_widget(app, next(b for b in app.top.actions if b.text == "Yes"))
    assert ctl.history[-1].action.kind == "end_turn"
    app.close()


def test_switching_language_shows_that_it_is_working_in_the_new_words(monkeypatch):
    from hercules.ui import strings

    app = App((1600, 900), Settings())
    try:
        app.nav.title()
        app.frame(1 / 60)
        shown: list[str] = []
        real = app.busy

        def busy(text: str) -> None:
            shown.append(text)
            assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene"]
            real(text)

        monkeypatch.setattr(app, "busy", busy)
        app.set_language("it")
        assert shown == [strings.t("busy.language")] == ["Cambio della lingua…"]
        assert app.busy_shown == 1
        app.set_language("en")
        assert shown[-1] == "Changing the language…"
    finally:
        app.close()

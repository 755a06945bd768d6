"""Setup remembers the last seats, levels, names and rules, and players can be named."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from support.mouse import frames

from hercules.app import paths
from hercules.app.settings import Settings as SettingsDoc
from hercules.app.settings import load_settings
from hercules.games.mebo.spec import GAME_ID
from hercules.games.mebo.ui.setup import NAME_CHARS, SetupScene, remembered
from hercules.games.mebo.ui.table import TableScene
from hercules.ui.app import App, Settings
from hercules.ui.strings import t


@pytest.fixture
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    yield tmp_path
    paths.set_data_dir(None)


def choose(scene, menu, text) -> None:
    scene.handle_event(
        pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text)
    )


def test_a_remembered_setup_is_checked_part_by_part():
    assert remembered(None) == (["human", "normal", "off", "off"], "standard", [""] * 4)
    good = {"kinds": ["easy", "human", "hard", "off"], "mode": "pnp", "names": ["Ann", "", "", ""]}
    assert remembered(good) == (["easy", "human", "hard", "off"], "pnp", ["Ann", "", "", ""])
    bad = {"kinds": ["god", "human", "off", "off"], "mode": "chess", "names": ["\x00" * 3, 1, 2]}
    assert remembered(bad) == (["human", "normal", "off", "off"], "standard", [""] * 4)
    no_two = {"kinds": ["human", "off", "off", "off"]}  # the first two seats are never empty
    assert remembered(no_two)[0] == ["human", "normal", "off", "off"]
    long = {"names": ["x" * 500, "", "", ""]}
    assert len(remembered(long)[2][0]) == NAME_CHARS


def test_a_settings_file_with_a_broken_setup_keeps_the_rest():
    doc = SettingsDoc().to_json()
    doc["ui_scale"] = 1.5
    doc["last_setup"] = {GAME_ID: {"names": ["\u202eevil", "", "", ""]}}
    settings, problems = SettingsDoc.from_json(doc)
    assert settings.last_setup == {} and settings.ui_scale == 1.5
    assert any("last_setup" in p for p in problems)
    doc["last_setup"] = {GAME_ID: {"kinds": ["human"] * 4, "mode": "solo", "names": ["Zoë"] * 4}}
    settings, problems = SettingsDoc.from_json(doc)
    assert settings.last_setup[GAME_ID]["names"] == ["Zoë"] * 4 and not problems


def test_setup_remembers_seats_levels_names_and_rules_and_names_the_players(folder):
    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0), persist=True)
    try:
        app.nav.title()
        setup = SetupScene(app)
        app.push(setup)
        frames(app, 1)
        choose(setup, setup.seat_menus[2], t("seat.choice.hard"))
        choose(setup, setup.mode_menu, t("mode.simplified"))
        setup.name_entries[0].set_text("Ann")
        setup.name_entries[2].set_text("Tin Man")
        setup.start()
        frames(app, 1)
        table = app.top
        assert isinstance(table, TableScene)
        assert table.names[0] == "Ann" and table.names[2] == "Tin Man"
        assert table.names[1] == t("seat.bot", colour=t("colour.blue"), level=t("level.normal"))
        assert table.state.config.mode == "simplified"
        saved = load_settings(paths.settings_path()).last_setup[GAME_ID]
        assert saved == {
            "kinds": ["human", "normal", "hard", "off"],
            "mode": "simplified",
            "names": ["Ann", "", "Tin Man", ""],
        }
    finally:
        app.close()
    # A new session: the setup starts from those choices.
    again = App((1600, 900), load_settings(paths.settings_path()), persist=True)
    try:
        again.nav.title()
        setup = SetupScene(again)
        again.push(setup)
        frames(again, 1)
        assert setup.kinds == ["human", "normal", "hard", "off"] and setup.mode == "simplified"
        assert [e.get_text() for e in setup.name_entries] == ["Ann", "", "Tin Man", ""]
        assert setup.name_entries[3].visible == 0  # an empty seat has no name to type
    finally:
        again.close()

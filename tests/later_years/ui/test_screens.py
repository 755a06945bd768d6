"""The setup (seats, names, remembered choices checked on reading), the rules screen in both
languages, the string tables, the seats' names and the bots' reasons."""

from __future__ import annotations

import json
from importlib import resources

import pygame
import pygame_gui
from support.mouse import click_widget, frames

from hercules.app.controller import Seat
from hercules.games.later_years.ui.reasons import reason_text
from hercules.games.later_years.ui.rules import RulesScene
from hercules.games.later_years.ui.setup import SetupScene, remembered
from hercules.games.later_years.ui.table import TableScene
from hercules.games.later_years.ui.words import names_for, save_line, seat_style
from hercules.ui.strings import set_language, t, table


def choose(app, menu, text):
    """Pick ``text`` in a drop-down menu as a player would (the event it sends)."""
    menu.selected_option = (text, text)
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text)
    )
    frames(app, 1)


def test_setup_starts_a_hot_seat_game_and_remembers_it(app):
    app.nav.setup("later_years")
    setup = app.top
    assert isinstance(setup, SetupScene)
    choose(app, setup.seat_menus[1], t("ly.seat.human"))
    choose(app, setup.seat_menus[2], t("ly.seat.hard"))
    choose(app, setup.seat_menus[3], t("ly.seat.off"))
    choose(app, setup.seat_menus[4], t("ly.seat.easy"))
    setup.name_entries[0].set_text("Andromeda")
    setup.seed_entry.set_text("77")
    click_widget(app, setup.btn_start)
    table = app.top if isinstance(app.top, TableScene) else app.stack.scenes[0]
    assert isinstance(table, TableScene)
    assert [s.kind for s in table.ctl.seats] == ["human", "human", "bot", "bot"]
    assert [s.level for s in table.ctl.seats][2:] == ["hard", "easy"]
    assert table.names[0] == "Andromeda" and table.names[1] == t("colour.blue")
    assert table.ctl.state.seed == 77
    last = app.settings.last_setup["later_years"]
    assert last["kinds"] == ["human", "human", "hard", "off", "easy"]
    assert remembered(last)[1][0] == "Andromeda"


def test_a_remembered_setup_is_checked_on_reading():
    kinds, names = remembered({"kinds": ["human", "wizard", "off", "off", "off"], "names": 3})
    assert kinds[:3] == ["human", "normal", "normal"] and names == [""] * 5
    kinds, _ = remembered({"kinds": ["off", "human", "normal", "off", "off"]})
    assert kinds[0] == "human"
    kinds, names = remembered(
        {"kinds": ["human", "easy", "off", "off", "off"], "names": ["x" * 99] * 5}
    )
    assert kinds == ["human", "easy", "off", "off", "off"] and len(names[0]) <= 24
    assert remembered("nonsense")[0][1] == "normal"


def test_setup_refuses_fewer_than_two_players_when_seats_are_empty(app):
    app.nav.setup("later_years")
    setup = app.top
    setup.kinds = ["human", "off", "off", "off", "off"]  # only a hand-edited file gets here
    click_widget(app, setup.btn_start)
    assert app.top is setup and setup.error == t("ly.setup.need_two")


def test_the_rules_screen_in_both_languages(app):
    app.nav.rules("later_years")
    rules = app.top
    assert isinstance(rules, RulesScene)
    text = rules.text()
    assert (
        "face down" in text
        and "chain" in text
        and "Capture: Dealership 3" in text.replace("Used Chariot ", "")
    )
    assert "Conquer" in text and "108" in text
    set_language("it")
    app.set_language("it")
    frames(app, 1)
    testo = app.top.text()
    assert "coperta" in testo and "catena" in testo and "Catturare" in testo
    assert "[ly." not in testo and "[ly." not in text


def test_the_string_tables_match_and_every_key_is_the_games():
    folder = resources.files("hercules.assets").joinpath("games", "later_years", "strings")
    en = json.loads(folder.joinpath("en.json").read_text(encoding="utf-8"))
    it = json.loads(folder.joinpath("it.json").read_text(encoding="utf-8"))
    assert set(en) == set(it)
    assert all(k.startswith("ly.") for k in en)
    merged = table("en")
    assert all(merged[k] == v for k, v in en.items())


def test_five_seats_look_different_and_names_follow_the_language():
    styles = [seat_style(s) for s in range(5)]
    assert len({(s["colour"], s["shape"]) for s in styles}) == 5
    seats = [Seat("human"), Seat("bot", level="easy"), Seat("bot", level="hard")] + [
        Seat("bot", level="normal")
    ] * 2
    names = names_for(seats, {})
    assert names[0] == "Red" and names[4] == "Purple bot"
    set_language("it")
    try:
        assert names_for(seats, {}, names)[4] == t("seat.bot", colour="Viola")
        assert names_for(seats, {}, ["Zeus"])[0] == "Zeus"
    finally:
        set_language("en")


def test_bot_reasons_are_worded_or_fall_back_to_their_english():
    assert reason_text("ly.bot.nokey|space=SP-CAPTURE-TEMPLE|Takes the Temple job") == (
        "Takes the Temple job"
    )
    assert reason_text("plain words") == "plain words"
    assert reason_text("ly.bot.x|broken|Fallback") == "ly.bot.x|broken|Fallback"


def test_the_save_line_says_round_and_leader():
    meta = {"players": 3, "round": 5, "leader": {"seat": 1, "vp": 7}, "finished": False}
    assert save_line(meta, ["A", "B", "C"]) == t("ly.save.line", round=5, players=3, name="B", vp=7)
    done = {"players": 2, "finished": True, "winners": [0, 1]}
    assert "A, B" in save_line(done, ["A", "B"])


def test_the_bots_reasons_in_both_languages():
    reason = "ly.bot.raise|slot=1|card=CAPTURE-11|amount=4|seat=2|Raises to 4."
    assert reason_text(reason, ["A", "B", "Cy"]) == "Raises to 4 on Capture ×2, outbidding Cy."
    task = "ly.bot.task|space=SP-CAPTURE-TEMPLE|fee=6|Capture the Temple pays 6."
    set_language("it")
    try:
        assert reason_text(task) == "Catturare il Tempio paga 6 monete."
    finally:
        set_language("en")

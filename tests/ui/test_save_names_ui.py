"""The save dialog never overwrites a slot silently: it asks, in the player's language."""

from __future__ import annotations

import pytest
from support.mouse import click_widget, frames, key

from hercules.app import paths, saves
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.ui import strings
from hercules.ui.scenes.overlays import ConfirmOverlay, SaveOverlay
from hercules.ui.theme import FONTS


@pytest.fixture
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    yield paths.saves_dir()
    paths.set_data_dir(None)
    strings.set_language("en")


def open_dialog(app):
    ctl, names = start_game("standard", ["human", "easy"], seed=5)
    table = TableScene(app, ctl, names)
    app.push(table)
    frames(app, 2)
    dialog = SaveOverlay(app, table)
    app.push(dialog)
    frames(app, 1)
    return table, dialog


def press(app, dialog, text: str) -> None:
    """Type a name and press the dialog's Save button."""
    dialog.entry.set_text(text)
    save_btn = next(b for b, fn in dialog.actions.items() if fn == dialog.save)
    click_widget(app, save_btn)


def write_existing(folder, name: str) -> bytes:
    ctl, names = start_game("standard", ["human", "normal"], seed=9)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (name + saves.SUFFIX)
    saves.save_game(path, ctl, names, label=name)
    ctl.close()
    return path.read_bytes()


def test_a_new_name_saves_without_asking(app, folder):
    table, dialog = open_dialog(app)
    press(app, dialog, "Fresh game")
    table.wait_for_saves()
    assert app.top is table
    assert saves.load_save(folder / "Fresh game.json", table.ctl.rules).label == "Fresh game"


@pytest.mark.parametrize("typed", ["Old game", "OLD GAME", "old game"])
def test_an_existing_slot_asks_and_cancel_keeps_the_old_file_byte_identical(app, folder, typed):
    before = write_existing(folder, "Old game")
    table, dialog = open_dialog(app)
    press(app, dialog, typed)
    ask = app.top
    assert isinstance(ask, ConfirmOverlay)
    assert ask.heading() == "A save called “Old game” exists. Replace it?"
    no = next(b for b in ask.actions if b.text == "No")
    click_widget(app, no)
    table.wait_for_saves()
    assert app.top is dialog  # back to the dialog, to choose another name
    assert (folder / "Old game.json").read_bytes() == before
    assert sorted(p.name for p in folder.glob("*.json")) == ["Old game.json"]
    key(app, 27)  # Esc: the question again, then Esc
    assert (folder / "Old game.json").read_bytes() == before


@pytest.mark.parametrize("typed", ["Old game", "OLD GAME"])
def test_yes_replaces_that_very_file(app, folder, typed):
    before = write_existing(folder, "Old game")
    table, dialog = open_dialog(app)
    press(app, dialog, typed)
    ask = app.top
    assert isinstance(ask, ConfirmOverlay)
    click_widget(app, next(b for b in ask.actions if b.text == "Yes"))
    table.wait_for_saves()
    assert app.top is table
    assert sorted(p.name for p in folder.glob("*.json")) == ["Old game.json"]  # no second slot
    after = folder / "Old game.json"
    assert after.read_bytes() != before
    loaded = saves.load_save(after, table.ctl.rules)
    assert loaded.label == typed and loaded.state == table.ctl.state


def test_the_question_is_asked_in_italian(app, folder):
    write_existing(folder, "Vecchia")
    app.set_language("it")
    table, dialog = open_dialog(app)
    press(app, dialog, "vecchia")
    ask = app.top
    assert isinstance(ask, ConfirmOverlay)
    assert ask.heading() == "Esiste già un salvataggio «Vecchia». Sostituirlo?"
    assert {b.text for b in ask.actions} == {"Sì", "No"}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_question_fits_its_panel_with_a_long_name(app, folder, lang):
    long = "Ж" * 60
    write_existing(folder, long)
    strings.set_language(lang)
    table, dialog = open_dialog(app)
    press(app, dialog, long)
    ask = app.top
    assert isinstance(ask, ConfirmOverlay)
    assert "…" in ask.heading()
    width = FONTS.text(ask.heading(), 24, (0, 0, 0), "bold").get_width()
    assert width <= ask.box.w - 24


@pytest.mark.parametrize("typed", ["..", " . ", "///", "...\\", "_-_"])
def test_a_name_that_gives_no_file_name_gets_a_message_and_saves_nothing(app, folder, typed):
    write_existing(folder, "save")  # the fallback name's slot exists: it must not be taken
    before = (folder / "save.json").read_bytes()
    table, dialog = open_dialog(app)
    press(app, dialog, typed)
    table.wait_for_saves()
    assert app.top is dialog
    assert "cannot be a file name" in dialog.message
    assert (folder / "save.json").read_bytes() == before
    assert sorted(p.name for p in folder.glob("*.json")) == ["save.json"]


def test_reserved_names_ask_before_taking_each_others_slot(app, folder):
    write_existing(folder, "con_")
    table, dialog = open_dialog(app)
    press(app, dialog, "CON")  # becomes CON_, the same file as con_ where case does not count
    assert isinstance(app.top, ConfirmOverlay)
    assert app.top.heading() == "A save called “con_” exists. Replace it?"

"""The table's safety nets, driven by synthetic clicks: the End-turn question, cancelling a
rest, what leaving a game says, and undo at the edge saying why."""

from __future__ import annotations

import pygame
import pytest
from support.mouse import click_widget, frames, key
from support.scenario import Scenario

from hercules.app import health, paths, saves
from hercules.app.controller import Controller, Seat
from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.engine import Action
from hercules.games.mebo.engine.adapter import RULES
from hercules.games.mebo.ui.dialogs import RestOverlay
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.ui.scenes.overlays import ConfirmOverlay, PauseOverlay
from hercules.ui.scenes.title import TitleScene
from hercules.ui.strings import t


@pytest.fixture
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    yield tmp_path
    paths.set_data_dir(None)


def table_on(app, state, kinds=("human", "easy"), **kw):
    seats = [Seat("human") if k == "human" else Seat("bot", level=k) for k in kinds]
    bots = {i: make_bot(k) for i, k in enumerate(kinds) if k != "human"}
    ctl = Controller(RULES, state, seats, bots)
    table = TableScene(app, ctl, ["A", "B"], **kw)
    app.push(table)
    frames(app, 2)
    return table


def used_a_card():
    """Seat 0 used +1 on die 0 (2 -> 3): End turn is offered, labours 6 and 9 are in reach."""
    state = Scenario(2).dice(0, 2, 3).give(0, "HES-01").done(0, 1, 2).build()
    state, _ = RULES.apply(state, Action("use", card="HES-01", dice=(0,)))
    return state


def ended_turn(table):
    """Seat 0 gave up its labour with End turn (the bot may have played since)."""
    return [r.action.kind for r in table.ctl.history if r.seat == 0] == ["end_turn"]


def buttons(overlay):
    return {b.text: b for b in overlay.actions}


def test_end_turn_with_a_labour_in_reach_asks_first_and_no_changes_nothing(app, folder):
    table = table_on(app, used_a_card())
    before = table.state
    click_widget(app, table.btn_end)
    ask = app.top
    assert isinstance(ask, ConfirmOverlay)
    assert ask.heading() == t("confirm.end_with_labour")
    assert "Labour 6" in ask.body_text() and "Labour 9" in ask.body_text()
    click_widget(app, buttons(ask)[t("confirm.no")])
    assert app.top is table and table.state is before
    click_widget(app, table.btn_end)
    click_widget(app, buttons(app.top)[t("confirm.yes")])
    assert ended_turn(table)


def test_the_end_turn_question_can_be_turned_off(app, folder):
    app.settings.set_game_value("hercules", "confirm_end_with_labour", False)
    table = table_on(app, used_a_card())
    key(app, pygame.K_e)
    assert app.top is table and ended_turn(table)


def test_end_turn_without_a_labour_in_reach_does_not_ask(app, folder):
    state = Scenario(2).dice(0, 1, 1).give(0, "HES-01").done(0, 1, 2, 3).build()
    state, _ = RULES.apply(state, Action("use", card="HES-01", dice=(0,)))
    table = table_on(app, state)
    assert not table.labour_ways(table.ctl.legal())
    click_widget(app, table.btn_end)
    assert app.top is table and ended_turn(table)


def rested_with_cubes():
    """Seat 0 has two cubed Demigods to take back when resting."""
    sc = Scenario(2).dice(0, 2, 3).give(0, "HES-01", "MOR-01", cubed=("HES-01", "MOR-01"))
    sc.done(0, 1, 2, 3)
    return sc.build()


def test_the_rest_dialog_cancel_button_takes_the_rest_back_and_changes_nothing(app, folder):
    table = table_on(app, rested_with_cubes())
    before = table.state
    key(app, pygame.K_r)
    frames(app, 2)
    rest = app.top
    assert isinstance(rest, RestOverlay) and rest.btn_cancel.is_enabled
    cube = next(act for _, act, _ in rest.layout_cards() if act is not None)
    table.send(cube)  # a cube taken back in the dialog goes too
    click_widget(app, rest.btn_cancel)
    frames(app, 2)
    assert app.top is table
    assert table.state == before and table.ctl.history == []
    assert table.message == t("rest.cancelled")


def test_esc_cancels_the_rest_dialog(app, folder):
    table = table_on(app, rested_with_cubes())
    before = table.state
    key(app, pygame.K_r)
    frames(app, 2)
    assert isinstance(app.top, RestOverlay)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.top is table and table.state == before


def test_a_rest_begun_before_a_resume_cannot_be_cancelled_and_says_why(app, folder):
    ctl = Controller(RULES, rested_with_cubes(), [Seat("human"), Seat("bot", level="easy")])
    ctl.submit(Action("rest"), 0)
    ctl.restore(ctl.history, [rested_with_cubes()])  # as a resumed game: at the barrier
    table = TableScene(app, ctl, ["A", "B"])
    app.push(table)
    frames(app, 2)
    rest = app.top
    assert isinstance(rest, RestOverlay) and not rest.btn_cancel.is_enabled
    key(app, pygame.K_ESCAPE)
    assert app.top is rest and table.message == t("rest.cannot_cancel")
    assert table.state.prompt == "rest"


def leave_dialog(app, table):
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseOverlay)
    click_widget(app, buttons(pause)[t("pause.leave")])
    ask = app.top
    assert isinstance(ask, ConfirmOverlay)
    return ask


def test_leaving_says_the_game_is_autosaved_and_continue_resumes_it(app, folder):
    ctl, names = start_game("standard", ["human", "easy"], seed=3)
    table = TableScene(app, ctl, names)
    app.push(table)
    while not ctl.human_to_act():
        frames(app, 1)
    assert ctl.submit(Action("rest"), ctl.actor) is None  # mid-turn: leaving saves it too
    state = ctl.state
    ask = leave_dialog(app, table)
    assert ask.body_text() == t("leave.autosaved")
    click_widget(app, buttons(ask)[t("confirm.yes")])
    assert isinstance(app.top, TitleScene)
    table.wait_for_saves()
    listed = saves.list_saves(paths.saves_dir(), RULES)
    assert [i.is_autosave for i in listed] == [True]
    assert saves.load_save(listed[0].path, RULES).state == state
    assert app.top.choose("continue") is None and app.top.state == state


def test_leaving_a_game_that_is_not_autosaved_says_it_will_be_lost(app, folder):
    table = table_on(app, used_a_card(), autosave=False)
    assert leave_dialog(app, table).body_text() == t("leave.not_saved")


def test_leaving_while_saving_is_off_says_the_game_will_be_lost(app, folder, monkeypatch):
    monkeypatch.setattr(health, "problem", lambda area=health.SAVES: object())
    table = table_on(app, used_a_card())
    assert leave_dialog(app, table).body_text() == t("leave.saving_off")


def test_undo_at_the_start_of_a_resumed_game_does_nothing_and_says_why(app, folder):
    start = Scenario(2).dice(0, 2, 3).give(0, "HES-01", "MOR-01").done(0, 1, 2).build()
    ctl = Controller(RULES, start, [Seat("human"), Seat("bot", level="easy")])
    assert ctl.submit(Action("use", card="HES-01", dice=(0,)), 0) is None
    ctl.restore(ctl.history, [start])
    table = TableScene(app, ctl, ["A", "B"])
    app.push(table)
    frames(app, 2)
    state = table.state
    assert not table.btn_undo.is_enabled
    table.undo()
    assert table.state is state and table.message == table.word("msg.cannot_undo.resumed")


def test_undo_right_after_a_reroll_does_nothing_and_says_why(app, folder):
    state = Scenario(2).dice(0, 2, 3).give(0, "TYC-01").done(0, 1, 2).build()
    table = table_on(app, state)
    reroll = next(a for a in table.ctl.legal() if a.kind == "use" and a.card == "TYC-01")
    assert table.send(reroll)
    frames(app, 2)
    table.undo()
    assert table.message == table.word("msg.cannot_undo.revealed")
    assert table.ctl.history[-1].action == reroll


def test_undo_of_a_labour_at_the_demigod_choice_from_the_table(app, folder):
    state = Scenario(2).dice(0, 2, 3).top_of("TYC-02").build()
    table = table_on(app, state)
    assert table.send(Action("labour", op="add", dice=(0, 1)))
    frames(app, 1)
    assert table.state.prompt == "choose_demigod"
    app.pop()  # the deck dialog; the Undo button is on the table
    assert table.btn_undo.is_enabled
    table.undo()
    frames(app, 2)
    assert table.state == state and table.message == table.word("msg.undone")


def test_the_ask_before_ending_with_a_labour_setting_is_validated_and_defaults_on():
    from hercules.app.settings import Settings

    def ask(s: Settings) -> bool:
        return s.game_value("hercules", "confirm_end_with_labour")

    assert ask(Settings()) is True
    s, problems = Settings.from_json({"games": {"hercules": {"confirm_end_with_labour": "no"}}})
    assert ask(s) is True and problems
    s, problems = Settings.from_json({"confirm_end_with_labour": False})  # an older file
    assert ask(s) is False and not problems
    assert s.to_json()["games"]["hercules"]["confirm_end_with_labour"] is False


def test_the_settings_screen_turns_the_end_turn_question_off_and_on(app):
    import pygame_gui

    from hercules.ui.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    menu = next(m for m, k in scene.menus.items() if k == "hercules:confirm_end_with_labour")
    assert menu.selected_option[0] == t("settings.yes")
    for text, want in ((t("settings.no"), False), (t("settings.yes"), True)):
        event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text)
        scene.handle_event(event)
        assert app.settings.game_value("hercules", "confirm_end_with_labour") is want


def test_the_load_screen_lists_each_unfinished_games_autosave_and_opens_each(app, folder):
    from hercules.ui.scenes.load import LoadScene

    played = []
    for seed, label in ((3, "Evening game"), (4, "")):
        ctl, names = start_game("standard", ["human", "easy"], seed=seed)
        table = app.nav.play("hercules", ctl, names)
        while not ctl.human_to_act():
            frames(app, 1)
        if label:  # a named save first: the autosave must not take its label
            table.label = label
            table.save_to(saves.slot_path(paths.saves_dir(), label), label)
        table.save_to(None)
        table.wait_for_saves()
        played.append(ctl.state)
    load = LoadScene(app)
    app.push(load)
    frames(app, 1)
    autos = [i for i in load.mine if i.is_autosave]
    assert len(autos) == 2
    for info in autos:
        title, line = load.describe(info)
        assert title.startswith("Autosave · ") and "Evening game" not in title
        assert "Round 1" in line
    for info in autos:
        load.selected = info
        load.open(replay=False)
        assert isinstance(app.top, TableScene) and app.top.state in played
        app.nav.title()
        load = LoadScene(app)
        app.push(load)

"""The shell's table plumbing, for every registered game: the table protocol the shell relies
on, the shared base (its view of the seat at the screen, its saves, its words), the one replay
transport and the one rules page."""

from __future__ import annotations

import pygame
import pytest
from support.mouse import click_widget, frames, key

from hercules.app import paths, saves
from hercules.app.contract import SPECTATOR
from hercules.app.registry import games, get_game
from hercules.ui.replay import Replaying
from hercules.ui.rules_page import RulesPage
from hercules.ui.scene import Scene
from hercules.ui.scenes.overlays import leave_words_key
from hercules.ui.table import EVERYTHING, GameTable, TableBase
from hercules.ui.tutorial import Coach

GAMES = [spec.id for spec in games()]


@pytest.fixture
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    yield tmp_path
    paths.set_data_dir(None)


def table_for(app, game_id: str, kinds: list[str] | None = None, seed: int = 5, **kw):
    """A game's table on a new controller from its spec (headless), on the stack."""
    spec = get_game(game_id)
    if kinds is None:
        kinds = ["human", *[spec.bot_levels[0]] * (spec.players[1] - 1)]
    ctl = spec.new_controller(spec.variants[0], kinds, seed)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    table = spec.ui_entry("table")(app, ctl, list(names), **kw)
    app.push(table)
    return table


def saved_game(game_id: str, steps: int, folder) -> saves.LoadedGame:
    """A bots' game of ``steps`` records (or to its end), saved and loaded again."""
    spec = get_game(game_id)
    lo, hi = spec.players
    ctl = spec.new_controller(spec.variants[0], [spec.bot_levels[0]] * min(max(lo, 2), hi), 3)
    while not ctl.is_over and len(ctl.history) < steps:
        ctl.step(wait=True)
    ctl.close()
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    path = folder / f"{game_id}.json"
    saves.save_game(path, ctl, names)
    return saves.load_save(path, spec.rules)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_table_meets_the_table_protocol(app, game_id):
    table = table_for(app, game_id)
    frames(app, 1)
    assert isinstance(table, GameTable) and isinstance(table, TableBase)
    assert table.game_id == game_id
    assert isinstance(table.saver, saves.GameSaver) and table.autosave
    assert table.names and all(isinstance(n, str) for n in table.names)
    table.label = "mine"
    assert table.label == table.saver.label == "mine"
    regions = table.tutorial_regions(0)
    assert regions and all(isinstance(r, pygame.Rect) for r in regions.values())
    assert isinstance(table.dismiss_recap(), bool)
    assert table.focus_stops() is not None


def test_a_scene_that_is_no_table_does_not_meet_the_protocol(app):
    assert not isinstance(Scene(app), GameTable)


@pytest.mark.parametrize("game_id", GAMES)
def test_leave_words_of_a_table_without_autosave_say_not_saved(app, game_id):
    table = table_for(app, game_id, autosave=False)
    assert leave_words_key(table) == "leave.not_saved"
    assert leave_words_key(Scene(app)) == "leave.not_saved"  # no table: nothing kept


@pytest.mark.parametrize("game_id", GAMES)
def test_leave_words_of_an_autosaved_table_say_autosaved(app, folder, game_id):
    table = table_for(app, game_id)
    assert leave_words_key(table) == "leave.autosaved"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_crash_rescue_finds_the_tables_saver_through_the_protocol(app, folder, game_id):
    table = table_for(app, game_id)
    frames(app, 2)
    doc, saved = app._rescue_game()
    assert saved and doc is not None and doc["game"] == game_id
    assert table.saver.autosave_path().exists()


def test_the_crash_rescue_without_a_table_saves_nothing(app, folder):
    app.push(Scene(app))
    assert app._rescue_game() == (None, False)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_draws_the_view_of_the_seat_at_the_screen(app, game_id, monkeypatch):
    table = table_for(app, game_id)
    asked: list[int] = []
    real = table.ctl.view

    def view(seat):
        asked.append(seat)
        return real(seat)

    monkeypatch.setattr(table.ctl, "view", view)
    table._view_of = (None, 0, None)  # forget the view worked out before the spy
    app.draw()
    assert asked and set(asked) <= {0}  # the one human's seat, never another's


@pytest.mark.parametrize("game_id", GAMES)
def test_a_bots_only_table_shows_a_spectators_view(app, game_id):
    spec = get_game(game_id)
    table = table_for(app, game_id, kinds=[spec.bot_levels[0]] * spec.players[0])
    assert table.viewer == SPECTATOR


@pytest.mark.parametrize("game_id", GAMES)
def test_a_failed_autosave_is_told_once_when_saving_is_off(app, game_id, monkeypatch):
    from hercules.app.health import SavingOff

    class Off(SavingOff):
        def __init__(self) -> None:
            Exception.__init__(self)

        def __str__(self) -> str:
            return "saving is off"

    table = table_for(app, game_id)

    def off(path=None, label=None):
        raise Off()

    monkeypatch.setattr(table.saver, "save", off)
    table.save_to(None)
    assert table.message == "saving is off"
    table.message = ""
    table.save_to(None)
    assert table.message == ""  # the autosave told it once
    table.save_to("somewhere.json")
    assert table.message == "saving is off"  # a save asked for always tells


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_with_nothing_to_take_back_says_why_in_words(app, game_id):
    table = table_for(app, game_id)
    frames(app, 1)
    if table.ctl.can_undo():
        pytest.skip("a first move to take back")
    assert not table.undo()
    assert table.message and not table.message.startswith("msg.")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_replay_transport_steps_for_every_game(app, folder, game_id):
    loaded = saved_game(game_id, 30, folder)
    replay = get_game(game_id).ui_entry("replay")(app, loaded)
    app.push(replay)
    frames(app, 1)
    assert isinstance(replay, Replaying) and isinstance(replay, GameTable)
    assert not replay.autosave and leave_words_key(replay) == "leave.not_saved"
    total = len(replay.ctl.history)
    assert total > 3 and replay.ctl.index == 0
    assert not replay.button("back").is_enabled and replay.button("forward").is_enabled
    click_widget(app, replay.button("forward"))
    assert replay.ctl.index == 1 and len(replay.logged) == 1
    key(app, pygame.K_RIGHT)
    assert replay.ctl.index == 2
    key(app, pygame.K_LEFT)
    assert replay.ctl.index == 1 and len(replay.logged) == 1  # stepped back, its lines gone
    key(app, pygame.K_PAGEDOWN)
    assert replay.ctl.index > 1
    key(app, pygame.K_PAGEUP)
    assert replay.ctl.index < total
    before = replay.message
    key(app, pygame.K_z)  # no key of the table plays in a replay
    assert replay.message == before
    key(app, pygame.K_SPACE)
    assert replay.playing and replay.button("play").text != ""
    key(app, pygame.K_SPACE)
    assert not replay.playing
    assert replay.prompt_lines() and str(replay.ctl.index) in replay.prompt_lines()[0]
    key(app, pygame.K_ESCAPE)
    assert app.top is not replay


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_of_a_game_still_going_shows_a_spectators_view(app, folder, game_id):
    loaded = saved_game(game_id, 6, folder)
    spec = get_game(game_id)
    if spec.rules.is_terminal(loaded.states[-1]):
        pytest.skip("the game ended in six records")
    replay = spec.ui_entry("replay")(app, loaded)
    assert replay.viewer == SPECTATOR


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_of_a_finished_game_shows_everything(app, folder, game_id):
    loaded = saved_game(game_id, 100_000, folder)
    replay = get_game(game_id).ui_entry("replay")(app, loaded)
    assert replay.viewer == EVERYTHING and replay.view() is replay.state


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_of_every_game_scrolls_and_closes(app, game_id):
    below = Scene(app)
    app.push(below)
    page = get_game(game_id).ui_entry("rules")(app)
    app.push(page)
    frames(app, 1)
    assert isinstance(page, RulesPage)
    heads = [line for line in page.lines if line[0] == "head"]
    assert heads and len(page.lines) > 30 and page.text()
    sc = page.scroller
    key(app, pygame.K_END)
    assert sc.offset == sc.max_offset > 0
    key(app, pygame.K_HOME)
    assert sc.offset == 0
    key(app, pygame.K_ESCAPE)
    assert app.top is below


def test_a_coach_asks_the_table_through_the_protocol(app):
    table = table_for(app, "hercules")
    coach = Coach(app, None, table, lambda: None, lambda: None)  # type: ignore[arg-type]
    assert coach.regions() == table.tutorial_regions(0)

"""The toy game (``support.toy_game``) on the shell's shared bases: its table opens through the
navigation, is played to the end by mouse clicks, saves, loads, replays and shows its rules; and
it never draws what the seat at the screen may not see."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest
from support.mouse import click, click_widget, frames, key
from support.toy_game import engine as toy
from support.toy_game.spec import SPEC, register_toy
from support.toy_game.ui import ReplayScene, RulesScene, SetupScene, TableScene, names_for

from hercules.app import paths, saves
from hercules.app.registry import rules_for
from hercules.ui.replay import Replaying
from hercules.ui.rules_page import RulesPage
from hercules.ui.table import EVERYTHING, GameTable, TableBase
from hercules.ui.theme import FONTS

HUMAN, BOT = 0, 1


@pytest.fixture(autouse=True)
def toy_registered():
    """The toy in the box's registry for each test here."""
    with register_toy():
        yield


@pytest.fixture
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    yield tmp_path
    paths.set_data_dir(None)


def open_table(app, seed: int = 7) -> TableScene:
    """A standard race, the human against the steady bot, opened through the navigation."""
    ctl = SPEC.new_controller("standard", ["human", "steady"], seed)
    table = app.nav.play(toy.GAME_ID, ctl, names_for(ctl.seats, None))
    frames(app, 2)
    assert isinstance(table, TableScene) and app.top is table
    return table


def click_a_move(app, table: TableScene, rng: random.Random) -> None:
    """The human's turn: click one of the enabled action buttons."""
    enabled = [table.button(k) for k in ("advance", "bonus", "hold") if table.button(k).is_enabled]
    assert enabled, "the human's turn with no action button on"
    click_widget(app, rng.choice(enabled))


def play_to_the_end(app, table: TableScene, seed: int = 1, most: int = 400) -> int:
    """Play the human's turns by clicks (the bot's and the rolls by the frames); the clicks."""
    rng = random.Random(seed)
    clicks = 0
    for _ in range(most):
        if table.ctl.is_over:
            frames(app, 2)  # the base's update shows the game over
            return clicks
        if table.my_turn():
            click_a_move(app, table, rng)
            clicks += 1
        else:
            frames(app, 1)
    raise AssertionError(f"the race did not end in {most} steps")


def drawn_texts(app, monkeypatch) -> list[str]:
    """Every text the frame draws (through the theme's fonts)."""
    texts: list[str] = []
    real = FONTS.blit

    def spy(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(FONTS, "blit", spy)
    app.draw()
    monkeypatch.setattr(FONTS, "blit", real)
    return texts


def mid_game(app, table: TableScene) -> None:
    """Play on by clicks until the human decides with cards still in the deck."""
    rng = random.Random(3)
    for _ in range(200):
        if table.my_turn() and table.state.deck and table.ctl.history:
            return
        if table.my_turn():
            click_a_move(app, table, rng)
        else:
            frames(app, 1)
    raise AssertionError("no decision mid-game")


def test_the_toy_table_is_a_game_table_on_the_shared_base(app, folder):
    table = open_table(app)
    assert isinstance(table, GameTable) and isinstance(table, TableBase)
    assert table.game_id == toy.GAME_ID and table.viewer == HUMAN and table.autosave
    assert all(table.button(k) is not None for k in ("advance", "bonus", "hold", "undo", "menu"))


def test_a_race_is_played_to_its_end_by_clicks_and_shows_the_game_over(app, folder, monkeypatch):
    table = open_table(app)
    clicks = play_to_the_end(app, table)
    ctl = table.ctl
    assert clicks > 0 and ctl.is_over and table.over_shown
    assert any(r.seat == HUMAN for r in ctl.history) and any(r.seat == BOT for r in ctl.history)
    result = table.result_text(ctl.state.winner)
    assert table.message == result and result.startswith("Game over")
    assert result in drawn_texts(app, monkeypatch)
    assert any(e.text == result for e in table.log_entries)
    assert not any(table.button(k).is_enabled for k in ("advance", "bonus", "hold"))


def test_a_finished_race_saves_loads_and_replays_through_the_navigation(app, folder):
    table = open_table(app, seed=11)
    play_to_the_end(app, table, seed=2)
    path = folder / "toy.json"
    table.save_to(path, "race")
    table.wait_for_saves()
    loaded = saves.load_save(path, rules_for)
    assert loaded.game == toy.GAME_ID and loaded.label == "race"
    assert loaded.states[-1] == table.state and len(loaded.history) == len(table.ctl.history)
    app.nav.replay(loaded)
    replay = app.top
    frames(app, 1)
    assert isinstance(replay, ReplayScene) and isinstance(replay, Replaying)
    assert isinstance(replay, GameTable) and not replay.autosave
    assert replay.viewer == EVERYTHING and replay.ctl.index == 0
    click_widget(app, replay.button("forward"))
    key(app, pygame.K_RIGHT)
    assert replay.ctl.index == 2 and len(replay.logged) == 2
    key(app, pygame.K_LEFT)
    assert replay.ctl.index == 1 and len(replay.logged) == 1
    for _ in range(len(loaded.history)):
        key(app, pygame.K_RIGHT)
    assert replay.ctl.index == len(loaded.history) and replay.view().over
    key(app, pygame.K_ESCAPE)
    assert app.top is not replay


def test_a_saved_race_resumes_on_its_table_with_its_log(app, folder):
    table = open_table(app, seed=5)
    mid_game(app, table)
    path = folder / "toy-mid.json"
    table.save_to(path)
    table.wait_for_saves()
    state, lines = table.state, len(table.log_entries)
    resumed = app.nav.open_saved(saves.load_save(path, rules_for))
    frames(app, 1)
    assert isinstance(resumed, TableScene) and resumed.state == state
    assert len(resumed.log_entries) == lines and resumed.my_turn()


def test_the_rules_page_opens_from_the_table_and_closes(app, folder):
    table = open_table(app)
    key(app, pygame.K_F1)
    page = app.top
    assert isinstance(page, RulesScene) and isinstance(page, RulesPage)
    assert "Toy dice race" in page.text() and "Bonus" in page.text()
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_the_setup_starts_a_race_against_the_bot(app, folder):
    app.nav.setup(toy.GAME_ID)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click_widget(app, setup.btn_start)
    table = app.top
    assert isinstance(table, TableScene)
    assert [s.kind for s in table.ctl.seats] == ["human", "bot"]


def test_the_table_draws_the_view_and_never_the_other_seats_card(app, folder, monkeypatch):
    table = open_table(app, seed=9)
    mid_game(app, table)
    state = table.state
    assert state.cards[BOT] != toy.HIDDEN  # the bot holds a card the human may not see
    view = table.view()
    assert view.cards[HUMAN] == state.cards[HUMAN] and view.cards[BOT] == toy.HIDDEN
    assert table.card_text(view, BOT) == "?"
    asked: list[int] = []
    real_view = table.ctl.view
    monkeypatch.setattr(table.ctl, "view", lambda seat: asked.append(seat) or real_view(seat))
    table._view_of = (None, 0, None)  # forget the view worked out before the spy
    texts = drawn_texts(app, monkeypatch)
    assert asked and set(asked) == {HUMAN}
    assert f"{table.names[BOT]}'s card" in texts and "?" in texts
    # The same screen, pixel for pixel, whatever card the bot holds.
    before = pygame.image.tobytes(app.screen, "RGB")
    twin = replace(
        state,
        cards=(state.cards[HUMAN], state.deck[0]),
        deck=(state.cards[BOT], *state.deck[1:]),
    )
    assert twin != state and toy.view(twin, HUMAN) == toy.view(state, HUMAN)
    table.ctl.state = twin
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == before


def test_the_log_never_names_the_card_the_bot_draws(app, folder):
    table = open_table(app, seed=4)
    play_to_the_end(app, table, seed=4)
    bot_draws = [
        e for r in table.ctl.history for e in r.events if e.kind == "draw" and e.seat == BOT
    ]
    lines = [e.text for e in table.log_entries]
    assert bot_draws and all(f"draws card {e.value}" not in " ".join(lines) for e in bot_draws)
    assert f"{table.names[BOT]} draws a card." in lines


def test_a_click_on_the_board_on_the_bots_turn_says_it_is_not_yours(app, folder):
    ctl = SPEC.new_controller("standard", ["steady", "human"], 2)
    table = app.nav.play(toy.GAME_ID, ctl, names_for(ctl.seats, None))
    click(app, table.board.center, settle=1)
    assert table.message == table.word("msg.not_your_turn")

"""The Labors setup: choices by clicks start the run they say; remembered and checked choices."""

from __future__ import annotations

import json

import pygame
import pytest
from support.labors_screens import Captured
from support.mouse import click, click_widget, frames, key

from hercules.games.labors.spec import GAME_ID
from hercules.games.labors.ui import setup as labors_setup
from hercules.games.labors.ui.setup import (
    NAME_CHARS,
    PLAYERS,
    Choices,
    SetupScene,
    balance_line,
    names_for,
    read_balance,
    remembered,
)
from hercules.ui.app import App, Settings
from hercules.ui.scene import Scene
from hercules.ui.strings import set_language, t
from hercules.ui.theme import FONTS

BALANCE = {
    "hero": {"solver": {"win_rate": 0.234, "games": 2000, "low": 0.2159, "high": 0.2531}},
    "mortal": {"solver": {"win_rate": 0.61, "games": 2000, "low": 0.5884, "high": 0.6312}},
    "god": {"solver": {"win_rate": 0.012, "games": 2000, "low": 0.0080, "high": 0.0180}},
}


@pytest.fixture
def no_balance(monkeypatch, tmp_path):
    """No statistics shipped (the solver has not produced them)."""
    monkeypatch.setattr(labors_setup, "balance_path", lambda: tmp_path / "missing.json")


def open_setup(app, monkeypatch) -> tuple[SetupScene, Captured]:
    play = Captured()
    monkeypatch.setattr(app.nav, "play", play)
    app.push(Scene(app))  # what the setup returns to
    scene = SetupScene(app)
    app.push(scene)
    frames(app, 2)
    return scene, play


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def test_a_remembered_setup_is_checked_part_by_part():
    assert remembered(None) == Choices("hero", 1, "human", "")
    good = {"difficulty": "god", "start": 7, "player": PLAYERS[-1], "name": "Alcides"}
    assert remembered(good) == Choices("god", 7, PLAYERS[-1], "Alcides")
    bad = {"difficulty": "titan", "start": True, "player": "zeus", "name": ["x"]}
    assert remembered(bad) == Choices()
    for start in (0, 13, "3", 2.0, None):
        assert remembered({"start": start}).start == 1
    assert len(remembered({"name": "x" * 500}).name) == NAME_CHARS
    assert remembered({"name": "\u202eevil\x00"}).name == "evil"
    assert remembered(["difficulty", "god"]) == Choices()


def test_clicks_choose_difficulty_trial_player_and_name_then_start_that_run(
    app, monkeypatch, no_balance
):
    scene, play = open_setup(app, monkeypatch)
    click(app, scene.cards["mortal"].center)
    click(app, scene.medals[5].center)
    bot = PLAYERS[-1]
    click(app, scene.chips[bot].center)
    click_widget(app, scene.name_entry)
    type_text(app, "Alcides")
    assert scene.choices[:3] == ("mortal", 5, bot)
    click_widget(app, scene.btn_start)
    assert len(play.calls) == 1
    game_id, ctl, names = play.last
    try:
        assert game_id == GAME_ID and names == ["Alcides"]
        state = ctl.state
        assert state.config.difficulty == "mortal" and state.config.start == 5
        assert state.labour == 5 and state.prompt == "restart"  # earlier Rewards asked first
        assert state.dice == 5  # Mortal's starting dice
        assert ctl.seats[0].kind == "bot" and ctl.seats[0].level == bot
    finally:
        ctl.close()
    assert app.settings.last_setup[GAME_ID] == {
        "difficulty": "mortal",
        "start": 5,
        "player": bot,
        "name": "Alcides",
    }


def test_the_default_run_is_hero_from_the_first_trial_for_the_player_named_hercules(
    app, monkeypatch, no_balance
):
    scene, play = open_setup(app, monkeypatch)
    click_widget(app, scene.btn_start)
    _, ctl, names = play.last
    assert names == [t("lab.hercules")]
    assert ctl.state.config.difficulty == "hero" and ctl.state.config.start == 1
    assert ctl.state.dice == 4 and ctl.seats[0].kind == "human"
    ctl.close()


def test_the_next_setup_starts_from_the_remembered_choices(app, monkeypatch, no_balance):
    app.settings.last_setup[GAME_ID] = {
        "difficulty": "god",
        "start": 12,
        "player": "human",
        "name": "Alcides",
    }
    scene, play = open_setup(app, monkeypatch)
    assert scene.choices == Choices("god", 12, "human", "Alcides")
    assert scene.name_entry.get_text() == "Alcides"
    key(app, pygame.K_RETURN)  # Enter starts too
    _, ctl, names = play.last
    assert (ctl.state.config.difficulty, ctl.state.config.start, names) == ("god", 12, ["Alcides"])
    assert ctl.state.dice == 3 and "MOOD-EXHAUSTED" not in ctl.state.mood_deck
    ctl.close()


def test_a_malformed_remembered_setup_falls_back_to_the_defaults(app, monkeypatch, no_balance):
    app.settings.last_setup[GAME_ID] = {"difficulty": 3, "start": "x", "player": ["a"], "name": 7}
    scene, play = open_setup(app, monkeypatch)
    assert scene.choices == Choices()
    click_widget(app, scene.btn_start)
    _, ctl, _ = play.last
    assert ctl.state.config.difficulty == "hero" and ctl.state.config.start == 1
    ctl.close()


def test_the_arrow_keys_move_the_trial_within_one_and_twelve(app, monkeypatch, no_balance):
    scene, _ = open_setup(app, monkeypatch)
    key(app, pygame.K_LEFT)
    assert scene.choices.start == 1
    for _ in range(14):
        key(app, pygame.K_RIGHT, settle=0)
    frames(app, 1)
    assert scene.choices.start == 12


@pytest.mark.parametrize("how", ["button", "escape"])
def test_back_and_escape_return_without_starting(app, monkeypatch, no_balance, how):
    scene, play = open_setup(app, monkeypatch)
    if how == "button":
        click_widget(app, scene.btn_back)
    else:
        key(app, pygame.K_ESCAPE)
    assert app.top is not scene and not play.calls


def test_the_balance_line_quotes_the_solver_when_its_figures_are_shipped(
    app, monkeypatch, tmp_path
):
    path = tmp_path / "balance.json"
    path.write_text(json.dumps(BALANCE), encoding="utf-8")
    monkeypatch.setattr(labors_setup, "balance_path", lambda: path)
    scene, _ = open_setup(app, monkeypatch)
    assert set(scene.balance) == {"hero", "mortal", "god"}
    frames(app, 1)  # drawn with the line


def test_the_balance_line_gives_the_win_rate_its_interval_and_the_runs():
    figures = read_balance(json.dumps(BALANCE))
    assert (
        balance_line("hero", figures)
        == "The solver wins 23 % of runs at Hero (22–25 %, 2,000 runs)"
    )
    assert (
        balance_line("god", figures)
        == "The solver wins 1.2 % of runs at God (0.8–1.8 %, 2,000 runs)"
    )
    set_language("it")
    try:
        assert balance_line("god", figures) == (
            "Il risolutore vince il 1,2 % delle partite a livello Dio (0,8–1,8 %, 2.000 partite)"
        )
    finally:
        set_language("en")


def test_with_no_run_won_the_balance_line_says_so_and_gives_the_upper_bound():
    doc = {"hero": {"solver": {"win_rate": 0.0, "games": 1000, "low": 0.0, "high": 0.0038}}}
    figures = read_balance(json.dumps(doc))
    assert balance_line("hero", figures) == (
        "The solver won none of its 1,000 runs at Hero: its odds are at most 0.4 %"
    )
    set_language("it")
    try:
        assert balance_line("hero", figures) == (
            "Il risolutore non ha vinto nessuna delle sue 1.000 partite a livello Eroe: "
            "le sue probabilità sono al massimo 0,4 %"
        )
    finally:
        set_language("en")


def test_a_balance_file_without_the_interval_has_it_worked_out_from_the_runs():
    doc = {"mortal": {"solver": {"win_rate": 0.0, "games": 200}}}
    odds = read_balance(json.dumps(doc))["mortal"]
    assert odds.low == 0.0 and odds.high == pytest.approx(0.0188, abs=1e-4)
    assert balance_line("mortal", {"mortal": odds}).endswith("at most 1.9 %")
    # An interval that does not hold the rate is not believed either.
    doc = {"mortal": {"solver": {"win_rate": 0.5, "games": 100, "low": 0.6, "high": 0.7}}}
    odds = read_balance(json.dumps(doc))["mortal"]
    assert odds.low < 0.5 < odds.high


def test_without_figures_there_is_no_balance_line(app, monkeypatch, no_balance):
    scene, _ = open_setup(app, monkeypatch)
    assert scene.balance == {}
    assert all(balance_line(d, scene.balance) == "" for d in ("hero", "mortal", "god"))


@pytest.mark.parametrize(
    "text",
    [
        "not json {",
        "[1, 2]",
        json.dumps({"hero": {"solver": {"win_rate": 1.5, "games": 10}}}),
        json.dumps({"hero": {"solver": {"win_rate": True, "games": 10}}}),
        json.dumps({"hero": {"solver": {"win_rate": 0.5, "games": 0}}}),
        json.dumps({"hero": {"solver": {"win_rate": "50%", "games": 10}}}),
        json.dumps({"hero": {"random": {"win_rate": 0.5, "games": 10}}}),
        json.dumps({"hero": ["solver"]}),
    ],
)
def test_a_malformed_balance_file_shows_nothing_and_never_fails(app, monkeypatch, tmp_path, text):
    assert read_balance(text) == {}
    path = tmp_path / "balance.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(labors_setup, "balance_path", lambda: path)
    scene, _ = open_setup(app, monkeypatch)
    assert scene.balance == {}


def test_the_game_s_own_name_for_hercules_follows_the_language():
    set_language("it")
    try:
        assert names_for([], {}, ["Hercules"]) == ["Ercole"]
        assert names_for([], {}, [""]) == ["Ercole"]
        assert names_for([], {}, []) == ["Ercole"]
        assert names_for([], {}, ["Alcides"]) == ["Alcides"]
    finally:
        set_language("en")
    assert names_for([], {}, ["Ercole"]) == ["Hercules"]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_everything_on_the_setup_fits_its_page(monkeypatch, no_balance, size, lang, scale):
    settings = Settings(animation_speed=0.0, bot_delay=0.0, language=lang, ui_scale=scale)
    a = App(size, settings)
    try:
        scene = SetupScene(a)
        a.push(scene)
        frames(a, 1)
        rects = [*scene.cards.values(), *scene.medals.values(), *scene.chips.values()]
        rects += [scene.name_entry.rect, scene.btn_start.rect, scene.btn_back.rect]
        assert all(scene.box.contains(r) for r in rects)
        chips = list(scene.chips.values())
        assert not any(c.colliderect(scene.name_entry.rect) for c in chips)
        lowest = max(
            r.bottom for r in rects if r not in (scene.btn_start.rect, scene.btn_back.rect)
        )
        assert lowest < scene.btn_start.rect.top - 30  # above the band over the buttons
        assert scene.k == 1.0 or scale > 1.0  # the words shrink only for a large text scale
    finally:
        a.close()
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_odds_lines_fit_their_cards_at_1280_by_720(monkeypatch, tmp_path, lang, scale):
    doc = {
        d: {"solver": {"win_rate": 0.0, "games": 1000, "low": 0.0, "high": 0.0038}}
        for d in ("hero", "god")
    }
    doc["mortal"] = {"solver": {"win_rate": 0.123, "games": 1000, "low": 0.104, "high": 0.145}}
    path = tmp_path / "balance.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(labors_setup, "balance_path", lambda: path)
    settings = Settings(animation_speed=0.0, bot_delay=0.0, language=lang, ui_scale=scale)
    a = App((1280, 720), settings)
    try:
        scene = SetupScene(a)
        a.push(scene)
        frames(a, 1)
        for d, card in scene.cards.items():
            lines = scene.odds_lines(d, card.w - 28)
            widths = [FONTS.text(line, scene.sz(14), (0, 0, 0)).get_width() for line in lines]
            assert lines and max(widths) <= card.w - 28
        rects = [*scene.cards.values(), *scene.medals.values(), *scene.chips.values()]
        assert all(scene.box.contains(r) for r in rects)
    finally:
        a.close()
        set_language("en")

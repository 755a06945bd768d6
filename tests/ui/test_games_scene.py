"""New game with several games in the box: the list of games, then the chosen game's setup."""

from __future__ import annotations

import dataclasses

import pytest
from support.mouse import click_widget, frames

from hercules.app import registry
from hercules.ui.scenes.games import GamesScene
from hercules.ui.scenes.title import TitleScene


class _Renamed:
    """The MEBO rules under another game id (a second game for the box, for this test)."""

    name = "twin"

    def __init__(self, rules):
        self._rules = rules

    def __getattr__(self, attr):
        return getattr(self._rules, attr)


@pytest.fixture
def two_games():
    mebo = registry.get_game("hercules")
    twin = dataclasses.replace(
        mebo,
        id="twin",
        names={"en": "Twin Labours", "it": "Fatiche gemelle"},
        description={"en": "The same game under another name."},
        players=(1, 1),
        rules=_Renamed(mebo.rules),
        assets="",  # it plays with the MEBO game's words: a second copy of them is refused
    )
    registry.REGISTRY.register(twin)
    yield mebo, twin
    registry.REGISTRY.unregister("twin")


def test_new_game_lists_the_games_of_the_box_and_opens_the_chosen_setup(app, two_games):
    app.push(TitleScene(app))
    title = app.top
    by_key = {k: b for b, k in title.buttons.items()}
    click_widget(app, by_key["new"])
    games = app.top
    assert isinstance(games, GamesScene)
    assert list(games.buttons.values()) == [*registry.REGISTRY.ids()]  # the box's, in order
    assert list(games.buttons.values())[0] == "hercules" and "twin" in games.buttons.values()
    frames(app, 2)  # draws the players and descriptions of both games
    click_widget(app, games.btn_back)
    assert app.top is title
    click_widget(app, by_key["new"])
    first = next(b for b, gid in app.top.buttons.items() if gid == "hercules")
    click_widget(app, first)
    assert app.top.__class__.__name__ == "SetupScene"
    assert app.stack.scenes == [title, app.top]  # the list made way for the setup


def test_rules_from_the_title_asks_which_game_when_there_are_several(app, two_games):
    app.push(TitleScene(app))
    title = app.top
    title.choose("rules")
    assert isinstance(app.top, GamesScene) and app.top.purpose == "rules"
    click_widget(app, next(iter(app.top.buttons)))
    assert app.top.__class__.__name__ == "RulesScene"


@pytest.fixture
def only_mebo():
    """A box holding the MEBO game alone (the others are put back afterwards)."""
    others = [g for g in registry.games() if g.id != "hercules"]
    for g in others:
        registry.REGISTRY.unregister(g.id)
    yield
    for g in others:
        registry.REGISTRY.register(g)


def test_with_one_game_new_game_goes_straight_to_its_setup(app, only_mebo):
    assert registry.REGISTRY.ids() == ["hercules"]
    app.push(TitleScene(app))
    app.top.choose("new")
    assert app.top.__class__.__name__ == "SetupScene"


def test_the_load_screen_names_each_saves_game_when_the_box_has_several(app, two_games):
    from hercules.ui.scenes.load import LoadScene

    load = LoadScene(app)
    app.push(load)
    example = load.examples[0]
    assert example.game == "hercules"
    _title, line = load.describe(example)
    assert line.startswith("Hercules · ")
    others = [g for g in registry.games() if g.id != "hercules"]
    for g in others:
        registry.REGISTRY.unregister(g.id)
    _title, alone = load.describe(example)
    assert not alone.startswith("Hercules")  # one game in the box: no need to say which
    for g in others:
        registry.REGISTRY.register(g)

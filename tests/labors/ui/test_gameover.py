"""The run-over screen: won or lost and why, the labours beaten, tracks, Rewards; its buttons."""

from __future__ import annotations

import random

import pygame
import pytest
from support.labors_screens import Captured, over_state, table_of
from support.mouse import click_widget, frames, key

from hercules.games.labors.spec import new_controller
from hercules.games.labors.ui.gameover import GameOverScene, player_kind
from hercules.games.labors.ui.setup import PLAYERS, SetupScene
from hercules.ui.app import App, Settings
from hercules.ui.scene import Scene
from hercules.ui.scenes.title import TitleScene
from hercules.ui.strings import set_language, t

ALL = tuple(range(1, 13))
KEPT = ("RWD-01", "RWD-02", "RWD-03", "RWD-04B", "RWD-05A", "RWD-06C")
ELEVEN = (*KEPT, "RWD-07A", "RWD-08A", "RWD-09B", "RWD-10B", "RWD-11C")

STATES = {
    "won": dict(outcome="won", labour=12, beaten=ALL, courage=6, divinity=10, rewards=ELEVEN),
    "skull": dict(outcome="skull", labour=7, beaten=(1, 2, 3, 4, 5, 6), courage=9, rewards=KEPT),
    "courage": dict(outcome="courage", labour=5, beaten=(4,), courage=0, divinity=1),
    "divinity": dict(outcome="divinity", labour=12, beaten=ALL, courage=3, divinity=7),
}


def open_over(app, state, ctl=None, names=("Hercules",)) -> tuple[GameOverScene, Scene]:
    below = Scene(app)  # the table the screen was opened over
    app.push(below)
    scene = GameOverScene(app, table_of(state, ctl, names))
    app.push(scene)
    frames(app, 1)
    return scene, below


def finished_run(seed: int = 3):
    """A real run played to its end by random choices (a human's seat)."""
    ctl = new_controller("hero", ["human"], seed)
    rng = random.Random(seed)
    for _ in range(20000):
        if ctl.is_over:
            return ctl
        if ctl.human_to_act():
            legal = ctl.legal()
            ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
        else:
            ctl.step(wait=True)
    raise AssertionError("the run did not end")


def test_a_won_run_greets_the_hero_by_name_and_offers_no_retry(app):
    scene, _ = open_over(app, over_state(**STATES["won"]), names=["Alcides"])
    assert scene.won and scene.headline() == "Alcides ascends to Olympus!"
    assert scene.why() == t("lab.over.won_why")
    assert scene.button("try_again") is None
    assert set(scene.buttons.values()) == {"new_run", "replay", "see_table", "title"}


@pytest.mark.parametrize(
    ("case", "why"),
    [
        ("skull", "Trial VII, Cretan Bull: a Trial die reached the skull."),
        ("courage", "Trial V, Augean Stables: Courage ran out."),
        ("divinity", "Cerberus fell, but Divinity stood at 7 of 10: Olympus stays closed."),
    ],
)
def test_a_lost_run_says_why_and_offers_to_try_again(app, case, why):
    scene, _ = open_over(app, over_state(**STATES[case]))
    assert not scene.won and scene.headline() == t("lab.over.lost")
    assert scene.why() == why
    assert scene.button("try_again") is not None


def test_the_details_say_difficulty_start_and_autoplay(app):
    bot = PLAYERS[-1]
    ctl = new_controller("god", [bot], 4, start=4)
    try:
        state = over_state(**STATES["courage"], difficulty="god", start=4)
        scene, _ = open_over(app, state, ctl)
        assert player_kind(ctl) == bot
        level = t(f"level.{bot}")
        assert (
            scene.details() == f"Difficulty: God \u00b7 from trial IV \u00b7 played by the {level}"
        )
    finally:
        ctl.close()
    scene2, _ = open_over(app, over_state(**STATES["won"]))
    assert scene2.details() == "Difficulty: Hero"


def test_try_again_starts_from_the_trial_that_ended_the_run_with_the_same_choices(app, monkeypatch):
    play = Captured()
    monkeypatch.setattr(app.nav, "play", play)
    bot = PLAYERS[-1]
    old = new_controller("mortal", [bot], 8)
    try:
        state = over_state(**STATES["skull"], difficulty="mortal")
        scene, _ = open_over(app, state, old, names=["Alcides"])
        click_widget(app, scene.button("try_again"))
        game_id, ctl, names = play.last
        assert game_id == "labors" and names == ["Alcides"]
        assert ctl.state.config.difficulty == "mortal" and ctl.state.config.start == 7
        assert ctl.state.prompt == "restart" and ctl.seats[0].level == bot
        ctl.close()
    finally:
        old.close()


def test_new_run_opens_the_setup_over_the_title(app):
    scene, _ = open_over(app, over_state(**STATES["courage"]))
    click_widget(app, scene.button("new_run"))
    assert isinstance(app.top, SetupScene)
    assert isinstance(app.stack.scenes[0], TitleScene)


def test_see_the_table_and_escape_return_to_the_table_and_title_goes_home(app):
    scene, below = open_over(app, over_state(**STATES["won"]))
    click_widget(app, scene.button("see_table"))
    assert app.top is below
    scene, below = open_over(app, over_state(**STATES["won"]))
    key(app, pygame.K_ESCAPE)
    assert app.top is below
    scene, _ = open_over(app, over_state(**STATES["won"]))
    click_widget(app, scene.button("title"))
    assert isinstance(app.top, TitleScene) and len(app.stack.scenes) == 1


def test_replay_watches_the_finished_run_again(app, monkeypatch):
    replay = Captured()
    monkeypatch.setattr(app.nav, "replay", replay)
    ctl = finished_run()
    try:
        scene, _ = open_over(app, ctl.state, ctl)
        assert scene.button("replay").is_enabled
        click_widget(app, scene.button("replay"))
        (loaded,) = replay.last
        assert loaded.game == "labors" and len(loaded.history) == len(ctl.history)
    finally:
        ctl.close()


def test_without_the_game_s_moves_replay_is_off(app, monkeypatch):
    replay = Captured()
    monkeypatch.setattr(app.nav, "replay", replay)
    scene, _ = open_over(app, over_state(**STATES["won"]))
    assert not scene.button("replay").is_enabled
    scene.replay()
    assert not replay.calls


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("case", sorted(STATES))
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_screen_draws_in_the_window_with_its_buttons_in_a_row(size, lang, case, scale):
    settings = Settings(animation_speed=0.0, bot_delay=0.0, language=lang, ui_scale=scale)
    a = App(size, settings)
    try:
        scene, _ = open_over(a, over_state(**STATES[case]))
        rects = [b.rect for b in scene.buttons]
        assert all(a.screen.get_rect().contains(r) for r in rects)
        assert len({r.top for r in rects}) == 1
        ordered = sorted(rects, key=lambda r: r.x)
        assert all(p.right < q.left for p, q in zip(ordered, ordered[1:], strict=False))
        assert "[" not in scene.headline() + scene.why() + scene.details()
        assert scene.needed(rects[0].top - scene.box.y) <= 0  # all fits above the buttons
    finally:
        a.close()
        set_language("en")

"""The score screen: who won (a winning human by name), the breakdown, and VP round by round."""

from __future__ import annotations

import random

import pytest
from support.mouse import frames

from hercules.games.mebo.engine.scoring import score
from hercules.games.mebo.ui.gameover import GameOverScene, score_by_round
from hercules.games.mebo.ui.setup import start_game
from hercules.ui.app import App, Settings
from hercules.ui.strings import set_language


def finished(kinds: list[str], seed: int, mode: str = "standard"):
    """A game played to its end: random moves for the humans, the bots' own for the bots."""
    ctl, names = start_game(mode, kinds, seed)
    rng = random.Random(seed)
    while not ctl.is_over:
        if ctl.human_to_act():
            legal = ctl.legal()
            ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
        else:
            ctl.step(wait=True)
    return ctl, names


@pytest.mark.parametrize("mode", ["standard", "solo", "pnp"])
def test_the_score_over_the_rounds_starts_at_nothing_and_ends_at_the_final_score(mode):
    ctl, _ = finished(["easy", "easy", "easy"] if mode != "solo" else ["easy"], 5, mode)
    rounds = score_by_round(ctl.state, ctl)
    final = [p.total for p in score(ctl.state).players]
    assert rounds[0] == [0] * len(final)
    assert rounds[-1] == final
    assert len(rounds) == ctl.state.round + 1  # the start of every round, and the end
    ctl.close()


def test_without_the_game_s_moves_there_is_no_round_chart():
    ctl, _ = finished(["easy", "easy"], 2)
    assert score_by_round(ctl.state, None) == []
    ctl.close()


def test_a_winning_human_is_greeted_by_name_and_a_winning_bot_announced(app):
    set_language("en")
    greeted = announced = False
    for seed in range(40):
        ctl, names = finished(["human", "easy"], seed)
        scene = GameOverScene(app, ctl.state, names, ctl)
        winners = score(ctl.state).winners
        if winners == (0,):
            assert scene.headline() == f"Well done, {names[0]}: you win!"
            greeted = True
        elif winners == (1,):
            assert scene.headline() == f"{names[1]} wins!"
            announced = True
        ctl.close()
        if greeted and announced:
            break
    assert greeted and announced


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_score_screen_draws_its_charts_at_both_sizes(size):
    app = App(size, Settings(animation_speed=0.0, bot_delay=0.0))
    try:
        ctl, names = finished(["human", "easy", "easy", "easy"], 3)
        scene = GameOverScene(app, ctl.state, names, ctl)
        app.push(scene)
        frames(app, 2)
        assert len(scene.rounds) >= 2
        buttons = [b.rect for b in scene.buttons]
        assert all(r.bottom <= size[1] and r.top >= size[1] - 100 for r in buttons)
        ctl.close()
    finally:
        app.close()

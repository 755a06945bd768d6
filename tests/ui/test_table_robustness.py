"""Clicks anywhere, any time, never break a rule; bots play to the game-over screen; resizing."""

from __future__ import annotations

import random

import pygame
import pytest
from support.mouse import click, frames, key

from hercules.games.mebo.engine import legal_actions, state_from_json
from hercules.games.mebo.ui.gameover import GameOverScene
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.ui.app import MIN_SIZE, layout_size


def test_random_clicks_and_keys_only_ever_apply_legal_actions(animated_app):
    app = animated_app
    ctl, names = start_game("standard", ["human", "human", "easy"], seed=11)
    table = TableScene(app, ctl, names)
    app.push(table)
    rng = random.Random(11)
    states = [ctl.state]
    ctl.subscribe(lambda rec: states.append(ctl.state))
    ctl.on_undo(lambda rec: states.pop())  # Esc in the rest dialog, Ctrl+Z: taken back
    w, h = app.size
    for _ in range(1500):
        if rng.random() < 0.1:
            key(
                app,
                rng.choice(
                    [
                        pygame.K_SPACE,
                        pygame.K_RETURN,
                        pygame.K_r,
                        pygame.K_e,
                        pygame.K_ESCAPE,
                        pygame.K_F1,
                    ]
                ),
            )
        else:
            click(
                app,
                (rng.randrange(w), rng.randrange(h)),
                button=rng.choice([1, 1, 1, 3]),
                settle=rng.choice([0, 1, 3]),
            )
        if ctl.is_over:
            break
    # Every state change was a legal action of the state before it.
    for prev, rec in zip(states, ctl.history, strict=False):
        assert rec.action in legal_actions(prev)
    # And the state is a valid one.
    assert state_from_json(ctl.state.to_json()) == ctl.state
    assert len(ctl.history) > 5


def test_clicking_an_unreachable_labour_changes_nothing_and_says_why(app):
    ctl, names = start_game("standard", ["human", "human"], seed=3)
    table = TableScene(app, ctl, names)
    app.push(table)
    frames(app, 2)
    assert ctl.human_to_act()
    ways = table.labour_ways(ctl.legal())
    col = next(c for c in range(1, 13) if c not in ways)
    before = ctl.state.to_json()
    click(app, table.layout.columns[col].center)
    assert ctl.state.to_json() == before
    assert table.message


def test_clicking_another_players_card_or_the_stacks_changes_nothing(app):
    ctl, names = start_game("standard", ["human", "human"], seed=4)
    table = TableScene(app, ctl, names)
    app.push(table)
    frames(app, 2)
    before = ctl.state.to_json()
    for rect in table.layout.demigod_slots + table.layout.vase_slots:
        click(app, rect.center)
    click(app, table.layout.white_spot.center)
    click(app, table.layout.panels[1 - ctl.state.current].center)
    assert ctl.state.to_json() == before


def test_a_bot_only_game_runs_through_the_app_loop_to_the_game_over_screen(app):
    ctl, names = start_game("standard", ["easy", "normal", "hard"], seed=2)
    app.push(TableScene(app, ctl, names))
    for _ in range(20000):
        if isinstance(app.top, GameOverScene):
            break
        frames(app, 1)
    assert isinstance(app.top, GameOverScene)
    assert ctl.is_over
    assert app.top.result.winners


def test_a_solo_game_with_a_bot_hero_reaches_the_end(app):
    ctl, names = start_game("solo", ["normal"], seed=9)
    app.push(TableScene(app, ctl, names))
    for _ in range(20000):
        if isinstance(app.top, GameOverScene):
            break
        frames(app, 1)
    assert ctl.is_over
    assert any(r.action.kind == "hades" for r in ctl.history)


def test_animations_play_and_drain_during_a_bot_game(animated_app):
    app = animated_app
    ctl, names = start_game("standard", ["normal", "normal"], seed=8)
    table = TableScene(app, ctl, names)
    app.push(table)
    seen = set()
    for _ in range(900):
        frames(app, 1)
        seen |= {a.kind for a in table.anim.anims}
    assert {"dice", "cube", "walk", "card"} <= seen
    assert len(ctl.history) > 10


SIZES = [
    (1280, 720),
    (1366, 768),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (1280, 1024),
    # Below the minimum, scaled: 1366x768 less a taskbar and title bar, 1920x1080 at 150 %
    (1366, 698),
    (1280, 650),
]


@pytest.mark.parametrize("size", SIZES)
def test_resizing_keeps_every_control_on_screen_and_apart(app, size):
    ctl, names = start_game("standard", ["human", "normal", "normal", "normal"], seed=1)
    table = TableScene(app, ctl, names)
    app.push(table)
    app.resize(size)
    frames(app, 2)
    screen = pygame.Rect((0, 0), app.size)
    assert app.size == layout_size(size) and min(app.size) >= min(MIN_SIZE)
    L = table.layout
    regions = [L.board, L.stacks_area, L.sidebar, *L.panels]
    for r in regions + [w.rect for w in table.widgets]:
        assert screen.contains(r), r
    # Board, stacks, each panel and the sidebar never overlap.
    for i, a in enumerate(regions):
        for b in regions[i + 1 :]:
            assert not a.colliderect(b), (a, b)
    widgets = [w.rect for w in table.widgets]
    for i, a in enumerate(widgets):
        for b in widgets[i + 1 :]:
            assert not a.colliderect(b)
        assert not a.colliderect(L.log_box) and not a.colliderect(L.prompt_box)
    # Stacks, the white die and Pegasus stay inside the stacks area, apart from each other.
    things = L.demigod_slots + L.vase_slots + [L.white_spot, L.pegasus_spot]
    for r in things:
        assert L.stacks_area.contains(r), r
    assert L.body >= 16


def test_a_window_below_the_minimum_gets_the_minimum_layout_in_its_own_shape(app):
    app.resize((800, 600))
    assert app.size == (1280, 960)  # 800x600 grown until it holds 1280x720
    assert app.display.get_size() == (800, 600)


def test_random_clicks_on_every_menu_scene_never_raise(app):
    from hercules.games.mebo.ui.rules import RulesScene
    from hercules.games.mebo.ui.setup import SetupScene
    from hercules.ui.scenes.settings import SettingsScene
    from hercules.ui.scenes.title import TitleScene

    rng = random.Random(3)
    w, h = app.size
    for cls in (TitleScene, SetupScene, RulesScene, SettingsScene):
        app.running = True
        app.replace(TitleScene(app))
        if cls is not TitleScene:
            app.push(cls(app))
        for _ in range(60):
            if rng.random() < 0.15:
                key(app, rng.choice([pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_DOWN, pygame.K_F1]))
            else:
                click(app, (rng.randrange(w), rng.randrange(h)), settle=1)
            if app.top is None or not app.running:
                break
        assert app.top is not None or not app.running


def test_hint_lists_exactly_the_planned_labours_and_the_normal_bots_choice(app):
    from hercules.games.mebo.ai.planner import plan_labours
    from hercules.games.mebo.ui.dialogs import HintOverlay

    ctl, names = start_game("standard", ["human", "normal"], seed=6)
    table = TableScene(app, ctl, names)
    app.push(table)
    frames(app, 2)
    before = ctl.state.to_json()
    key(app, pygame.K_h)
    hint = app.top
    assert isinstance(hint, HintOverlay)
    plans = plan_labours(ctl.state)
    labour_lines = [ln for ln in hint.lines if ln.startswith("Labour ")]
    assert [int(ln.split(":")[0].split()[1]) for ln in labour_lines] == sorted(plans)
    assert hint.lines[-1].startswith("A Normal bot would:")
    key(app, pygame.K_h)
    assert app.top is table
    assert ctl.state.to_json() == before  # a hint never plays for you


class SlowBot:
    """A bot that thinks for a while on the worker thread (like Hard on a slow machine)."""

    name = "slow"
    threaded = True

    def __init__(self):
        import threading

        self.release = threading.Event()

    def choose(self, view, legal, rng):
        self.release.wait(5)
        return legal[0]

    def explain(self):
        return "thought hard"


def test_the_table_keeps_drawing_frames_while_a_bot_thinks(app):
    from hercules.app.controller import Controller, Seat
    from hercules.games.mebo.engine import GameConfig, new_game
    from hercules.games.mebo.engine.adapter import RULES

    bot = SlowBot()
    ctl = Controller(RULES, new_game(GameConfig(2), 1), [Seat("bot"), Seat("human")], {0: bot})
    table = TableScene(app, ctl, ["Slow", "Human"])
    app.push(table)
    frames(app, 3)  # the roll, then the bot starts thinking
    assert ctl.bot_thinking()
    drawn = len(app.frame_times)
    frames(app, 30)
    assert ctl.bot_thinking() and len(ctl.history) == 1  # still thinking, nothing applied
    assert len(app.frame_times) == drawn + 30  # ...and every frame was drawn meanwhile
    bot.release.set()
    for _ in range(200):
        frames(app, 1)
        if len(ctl.history) > 1:
            break
    assert ctl.history[1].seat == 0 and ctl.history[1].reason == "thought hard"
    assert table.logged[-1] is ctl.history[1]  # ...and what it did reached the log

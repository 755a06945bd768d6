"""Text scale applies everywhere: at 150 % no two controls overlap, none leaves the window,
and every button's words fit it, at 1280×720 and 1920×1080."""

from __future__ import annotations

from itertools import combinations

import pygame
import pygame_gui
import pytest
from support.mouse import frames

from hercules.games.mebo.ui.gameover import GameOverScene
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.ui.app import App, Settings
from hercules.ui.scenes.overlays import PauseOverlay
from hercules.ui.scenes.settings import SettingsScene
from hercules.ui.strings import set_language

SIZES = [(1280, 720), (1920, 1080)]


def controls(app: App) -> list[pygame_gui.core.UIElement]:
    """The top-level visible controls of the scene on top (not a drop-down's inner parts)."""
    out = []
    for w in app.top.widgets:
        if w.visible and isinstance(
            w,
            pygame_gui.elements.UIButton
            | pygame_gui.elements.UIDropDownMenu
            | pygame_gui.elements.UITextEntryLine,
        ):
            out.append(w)
    return out


def check(app: App, where: str) -> None:
    screen = pygame.Rect((0, 0), app.size)
    found = controls(app)
    assert found, where
    for w in found:
        assert screen.contains(w.rect), f"{where}: {w} leaves the window"
        if isinstance(w, pygame_gui.elements.UIButton) and w.text:
            width = w.font.size(w.text)[0]
            assert width <= w.rect.w - 6, f"{where}: {w.text!r} does not fit its button"
    for a, b in combinations(found, 2):
        assert not a.rect.colliderect(b.rect), f"{where}: {a} overlaps {b}"


def scaled_app(size, lang: str = "en") -> App:
    return App(size, Settings(animation_speed=0.0, bot_delay=0.0, ui_scale=1.5, language=lang))


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", SIZES)
def test_menus_setup_settings_load_and_rules_at_150_percent(size, lang):
    app = scaled_app(size, lang)
    try:
        app.nav.title()
        frames(app, 1)
        check(app, "title")
        for open_scene, name in (
            (app.nav.new_game, "setup"),
            (app.nav.settings, "settings"),
            (app.nav.load, "load"),
            (app.nav.rules, "rules"),
        ):
            open_scene()
            frames(app, 1)
            check(app, name)
            app.pop()
            frames(app, 1)
    finally:
        app.close()
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_its_menu_and_the_score_screen_at_150_percent(size, lang):
    app = scaled_app(size, lang)
    try:
        ctl, names = start_game("standard", ["human", "easy", "easy", "easy"], seed=4)
        table = TableScene(app, ctl, names)
        app.push(table)
        frames(app, 2)
        check(app, "table")
        app.push(PauseOverlay(app, table))
        frames(app, 1)
        check(app, "pause menu")
        app.pop()
        app.push(GameOverScene(app, ctl.state, names, ctl))
        frames(app, 1)
        check(app, "score screen")
        ctl.close()
    finally:
        app.close()
        set_language("en")


def test_changing_the_text_size_applies_at_once_to_every_widget():
    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
    try:
        app.nav.title()
        app.nav.settings()
        frames(app, 1)
        before = max(w.font.size("Hg")[1] for w in controls(app) if hasattr(w, "font"))
        scene = app.top
        assert isinstance(scene, SettingsScene)
        scene.choose("scale", "150%")
        frames(app, 1)
        assert app.settings.ui_scale == 1.5
        after = max(w.font.size("Hg")[1] for w in controls(app) if hasattr(w, "font"))
        assert after > before * 1.3
        assert isinstance(app.top, SettingsScene)
    finally:
        app.close()

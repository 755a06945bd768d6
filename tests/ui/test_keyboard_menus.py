"""Every menu and dialog of the shell by keys alone: Tab and the arrows move a visible
focus, Enter acts as a click would, Esc goes back. No mouse event is posted here."""

from __future__ import annotations

import pygame
import pygame_gui
from support.keys import choose, focused, key, labelled, tab_to
from support.mouse import frames

from hercules.ui.focus import FocusRing, Stop, handle_key
from hercules.ui.scenes.games import GamesScene
from hercules.ui.scenes.load import LoadScene
from hercules.ui.scenes.settings import SettingsScene
from hercules.ui.scenes.title import TitleScene
from hercules.ui.theme import colour


def test_a_disabled_button_is_not_a_stop(app):
    _title(app)
    title = app.top
    cont = next(b for b, k in title.buttons.items() if k == "continue")
    cont.disable()
    assert "Continue" not in [s.label for s in title.focus_stops()]
    cont.enable()
    assert "Continue" in [s.label for s in title.focus_stops()]


def _title(app):
    app.nav.title()
    frames(app, 2)
    assert isinstance(app.top, TitleScene)


def test_the_ring_shows_only_after_a_focus_key_and_moves_in_reading_order(app):
    _title(app)
    assert focused(app) is None  # a mouse player never sees it
    enabled = [b.text for b in app.top.buttons if b.is_enabled]  # Continue only with a save
    key(app, pygame.K_TAB)
    assert focused(app).label == "New game"
    key(app, pygame.K_DOWN)
    assert focused(app).label == enabled[1]
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert focused(app).label == "New game"
    key(app, pygame.K_UP)
    assert focused(app).widget is app.top.btn_profile  # around the ring: the corner is last
    key(app, pygame.K_UP)
    assert focused(app).label == "Quit"  # the menu's last entry just before it
    # Drawn: the ring's gold is on screen round the focused button.
    rect = focused(app).rect
    ring = rect.inflate(14, 14)
    gold = colour("highlight")[:3]
    edge = [app.screen.get_at((x, ring.top))[:3] for x in range(ring.left + 12, ring.right - 12)]
    assert edge.count(gold) > len(edge) // 2
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    frames(app, 1)
    assert focused(app) is None  # a click puts it away


def test_settings_by_keys_menu_slider_and_back(app):
    _title(app)
    choose(app, labelled("Settings"))
    assert isinstance(app.top, SettingsScene)
    scene = app.top
    menu = tab_to(app, lambda s: scene.menus.get(s.widget) == "animation").widget
    before = menu.selected_option[0]
    key(app, pygame.K_RETURN, settle=3)  # opens it: its options are the stops now
    options = [s.label for s in app.top.focus_stops()]
    assert before in options and len(options) >= 3
    other = next(o for o in options if o != before)
    choose(app, labelled(other))
    assert app.settings.animation_speed != 0.0
    assert menu.selected_option[0] == other
    assert any(s.widget is menu for s in app.top.focus_stops())  # closed again
    # Esc closes an open menu without leaving the page.
    tab_to(app, lambda s: s.widget is menu)
    key(app, pygame.K_RETURN, settle=3)
    key(app, pygame.K_ESCAPE, settle=3)
    assert app.top is scene and menu.selected_option[0] == other
    # A slider: Left and Right step it while it has the focus.
    slider = tab_to(app, lambda s: scene.sliders.get(s.widget) == "master").widget
    volume = app.settings.master_volume
    key(app, pygame.K_LEFT, settle=3)
    key(app, pygame.K_LEFT, settle=3)
    assert app.settings.master_volume < volume
    assert focused(app).widget is slider  # Left stepped the slider, the focus stayed
    choose(app, labelled("Back"))
    assert isinstance(app.top, TitleScene)


def test_games_list_rules_and_load_by_keys(app):
    _title(app)
    for game_id in ("hercules", "labors", "later_years"):
        choose(app, labelled("New game"))
        assert isinstance(app.top, GamesScene)
        games = app.top
        choose(app, lambda s, g=game_id, gs=games: gs.buttons.get(s.widget) == g)
        assert type(app.top).__name__ == "SetupScene"  # the list gives way to the setup
        assert app.top.focus_stops()  # a setup offers its choices to the keys
        key(app, pygame.K_ESCAPE, settle=2)
        assert isinstance(app.top, TitleScene)
    choose(app, labelled("Rules"))
    assert isinstance(app.top, GamesScene)
    rules = app.top
    choose(app, lambda s: s.widget in rules.buttons)
    assert app.top is not rules
    key(app, pygame.K_ESCAPE, settle=2)
    key(app, pygame.K_ESCAPE, settle=2)
    choose(app, labelled("Load game"))
    assert isinstance(app.top, LoadScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_enter_without_the_ring_keeps_the_scenes_own_key():
    ring = FocusRing()
    acted = []
    stops = [Stop("a", pygame.Rect(0, 0, 10, 10), lambda: acted.append("a"))]
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
    assert not handle_key(ring, enter, lambda: stops)  # the scene's Enter, as before
    tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0)
    assert handle_key(ring, tab, lambda: stops)
    assert handle_key(ring, enter, lambda: stops) and acted == ["a"]
    # While a text box has the keys only Tab is the ring's.
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0)
    assert not handle_key(ring, down, lambda: stops, typing=True)


def test_a_dropdown_option_is_chosen_as_a_click_chooses_it(app):
    _title(app)
    choose(app, labelled("Settings"))
    got = []
    scene = app.top
    real = scene.handle_event

    def spy(event):
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            got.append(event.text)
        real(event)

    scene.handle_event = spy
    tab_to(app, lambda s: scene.menus.get(s.widget) == "bots")
    key(app, pygame.K_RETURN, settle=3)
    choose(app, labelled("Slow"))
    assert got == ["Slow"]

"""The window as a desktop citizen: F11 borderless fullscreen, the minimum size."""

from __future__ import annotations

import pygame
import pygame_gui
from support.mouse import click, frames, key

from hercules.ui.app import MIN_WINDOW, layout_size, window


def test_f11_is_borderless_desktop_fullscreen_and_back_to_the_window_size(app, monkeypatch):
    modes = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(
        pygame.display, "set_mode", lambda *a, **k: modes.append((a, k)) or real_set_mode(*a, **k)
    )
    app.nav.title()
    frames(app, 2)
    desktop = pygame.display.get_desktop_sizes()[0]
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    assert window().size == desktop and app.display.get_size() == desktop
    assert app.size == layout_size(desktop)  # a desktop under 1280x720 gets the scaled layout
    assert modes == []  # no display mode was set: the desktop keeps its own
    frames(app, 2)  # the title laid out at the desktop's size draws
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen
    assert app.size == (1600, 900) and window().size == (1600, 900)
    assert modes == []


def test_the_window_knows_its_minimum_and_smaller_sizes_are_refused(app):
    assert window().minimum_size == MIN_WINDOW
    app.resize((600, 300))
    assert app.display.get_size() == MIN_WINDOW


def test_layout_sizes_below_the_minimum_keep_the_window_s_shape():
    assert layout_size((1600, 900)) == (1600, 900)
    assert layout_size((1280, 720)) == (1280, 720)
    assert layout_size((1280, 650)) == (1418, 720)  # 1920x1080 at 150 %, less the taskbar
    assert layout_size((1366, 698)) == (1410, 720)  # 1366x768 less taskbar and title bar
    assert layout_size((1000, 800)) == (1280, 1024)


def test_a_small_window_shows_the_whole_layout_scaled_and_clicks_land_where_seen(app):
    app.resize((1280, 650))
    app.nav.title()
    frames(app, 2)
    assert app.size == (1418, 720) and app.display.get_size() == (1280, 650)
    assert app.scale == (1418 / 1280, 720 / 650)
    # A widget drawn at layout position p is seen at p / scale in the window, and a click
    # there reaches it (pygame_gui maps the mouse by the same factor).
    button = next(w for w in app.top.widgets if isinstance(w, pygame_gui.elements.UIButton))
    seen = (round(button.rect.centerx / app.scale[0]), round(button.rect.centery / app.scale[1]))
    pressed = []
    original = app.top.handle_event

    def spy(event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed.append(event.ui_element)
        original(event)

    app.top.handle_event = spy
    click(app, seen)
    assert pressed == [button]
    # A click on the board side of the scene arrives in layout pixels too.
    got = []
    app.top.handle_event = lambda event: got.append(event)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1279, 649), button=1))
    frames(app, 1)
    downs = [e for e in got if e.type == pygame.MOUSEBUTTONDOWN]
    assert downs and downs[0].pos == (1416, 718)
    # What is drawn fills the window: the title's corners are not left black.
    assert app.display.get_at((1279, 649))[:3] != (0, 0, 0)

"""The window as a desktop citizen: F11 borderless fullscreen, the minimum size."""

from __future__ import annotations

import pygame
from support.mouse import frames, key

from hercules.ui.app import MIN_SIZE, window


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
    assert window().size == desktop and app.size == desktop
    assert modes == []  # no display mode was set: the desktop keeps its own
    frames(app, 2)  # the title laid out at the desktop's size draws
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen
    assert app.size == (1600, 900) and window().size == (1600, 900)
    assert modes == []


def test_window_resizes_below_the_minimum_are_refused_and_the_window_knows_it(app):
    assert window().minimum_size == MIN_SIZE
    app.resize((800, 500))
    assert app.size == MIN_SIZE

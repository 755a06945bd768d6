"""Typing or pasting characters that draw nothing never crashes a text box."""

from __future__ import annotations

import pygame
from support.mouse import frames

from hercules.ui.app import visible_text
from hercules.ui.scenes.overlays import SaveOverlay


def test_invisible_characters_are_dropped_from_typed_text():
    assert visible_text("\u202e\u200b") == ""
    assert visible_text("Partita\u200b serale") == "Partita serale"
    assert visible_text("Città 漢字 ⚔") == "Città 漢字 ⚔"
    assert visible_text("a\x00b\x07") == "ab"


def test_zero_width_text_in_the_save_box_does_not_crash_the_game(app):
    spec_table = app.nav
    from hercules.app.registry import get_game

    spec = get_game("hercules")
    ctl = spec.new_controller("standard", ["human", "easy"], 1)
    table = spec_table.play("hercules", ctl, ["Red", "Blue bot"])
    table.autosave = False
    app.push(SaveOverlay(app, table))
    overlay = app.top
    frames(app, 2)
    overlay.entry.focus()
    for text in ("\u202e", "\u200b", "\u0301", "Evening\u200b"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        frames(app, 2)  # pygame_gui used to raise "Text has zero width" here
    assert overlay.entry.get_text() == "Evening"

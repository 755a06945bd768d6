"""The legend of a labour: our own story over the table, put away by a click, Esc or Space."""

from __future__ import annotations

import re

import pygame
import pytest
from support.mouse import click, frames, key

from hercules.games.labors.ui.legend import LegendOverlay, legend_text
from hercules.games.labors.ui.words import labour_name
from hercules.ui.app import App, Settings
from hercules.ui.scene import Scene
from hercules.ui.strings import set_language


def open_legend(app, labour: int = 1):
    below = Scene(app)
    app.push(below)
    calls: list[int] = []
    overlay = LegendOverlay(app, labour, lambda: calls.append(labour))
    app.push(overlay)
    frames(app, 1)
    return below, overlay, calls


@pytest.mark.parametrize(
    "close",
    [
        lambda app, o: click(app, o.box.center),
        lambda app, o: click(app, (5, 5)),  # outside the scroll too
        lambda app, o: key(app, pygame.K_ESCAPE),
        lambda app, o: key(app, pygame.K_SPACE),
        lambda app, o: key(app, pygame.K_RETURN),
    ],
    ids=["click", "click-outside", "escape", "space", "enter"],
)
def test_the_legend_closes_and_calls_back_once(app, close):
    below, overlay, calls = open_legend(app, 4)
    assert app.top is overlay and overlay.transparent
    close(app, overlay)
    assert app.top is below and calls == [4]
    overlay.close()  # a second close (a double click arriving late) does nothing more
    key(app, pygame.K_SPACE)
    assert app.top is below and calls == [4]


def test_the_legend_is_titled_with_its_labour_and_ignores_other_keys(app):
    below, overlay, calls = open_legend(app, 12)
    assert overlay.heading() == labour_name(12) == "Cerberus"
    key(app, pygame.K_a)
    assert app.top is overlay and not calls


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_labour_has_a_legend_of_three_to_five_sentences(lang):
    set_language(lang)
    try:
        for n in range(1, 13):
            text = legend_text(n)
            sentences = re.findall(r"[^.!?]+[.!?]", text)
            assert 3 <= len(sentences) <= 5, (n, lang, len(sentences))
        assert legend_text(1) != legend_text(2)
    finally:
        set_language("en")
    set_language("it")
    try:
        assert "Ercole" in legend_text(1)
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_legend_fits_the_window_with_its_text(size, scale):
    a = App(size, Settings(animation_speed=0.0, bot_delay=0.0, ui_scale=scale))
    try:
        for n in (1, 10):
            _, overlay, _ = open_legend(a, n)
            assert a.screen.get_rect().contains(overlay.box)
            step = round(overlay.body_size() * 1.5)
            lines = len(overlay.body_lines())
            assert overlay.box.y + overlay.chrome() - 70 + lines * step <= overlay.box.bottom - 70
            overlay.close()
    finally:
        a.close()

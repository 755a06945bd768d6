"""The Master bot at the MEBO table: a seat choice, the hint's line (worked out off the frame
loop, "thinking" until it is ready) and the "thinking" prompt while a bot thinks."""

from __future__ import annotations

import pygame
from support.mouse import frames, key
from ui.conftest import app  # noqa: F401  (the UI tests' headless window, as a fixture)

from hercules.games.mebo.ui.dialogs import HintOverlay
from hercules.games.mebo.ui.setup import SEAT_CHOICES, start_game
from hercules.games.mebo.ui.table import TableScene


def test_master_is_offered_for_a_seat() -> None:
    assert "master" in SEAT_CHOICES


def test_the_hint_shows_the_master_bots_choice_once_it_has_thought(app) -> None:  # noqa: F811
    ctl, names = start_game("standard", ["human", "normal"], seed=6)
    table = TableScene(app, ctl, names)
    app.push(table)
    frames(app, 2)
    before = ctl.state.to_json()
    key(app, pygame.K_h)
    hint = app.top
    assert isinstance(hint, HintOverlay)
    assert hint.lines[-1].startswith("A Normal bot would:")  # at once, as before
    hint.strong.result(timeout=120)  # the worker thread's answer
    frames(app, 1)  # the next frame shows it
    master = [ln for ln in hint.lines if ln.startswith("A Master bot would:")]
    assert len(master) == 1
    assert "The Master bot is thinking…" not in hint.lines
    assert hint.lines[-1].startswith("A Normal bot would:")
    assert ctl.state.to_json() == before  # a hint never plays for you


def test_a_bot_thinking_off_the_frame_loop_is_said_in_the_prompt(app) -> None:  # noqa: F811
    ctl, names = start_game("standard", ["human", "master"], seed=6)
    table = TableScene(app, ctl, names)
    app.push(table)
    for _ in range(20):  # past the first roll: a seat is to act
        if ctl.state.current >= 0:
            break
        frames(app, 1)
    ctl.bot_thinking = lambda: True  # as while the worker thread searches
    seat = ctl.state.current
    assert table.prompt_lines() == [f"{names[seat]} is thinking…"]
    ctl.bot_thinking = lambda: False
    assert table.prompt_lines() != [f"{names[seat]} is thinking…"]

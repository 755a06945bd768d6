"""Enlarging a card: a rest of the mouse or a right click shows it; leaving, Esc, a change hide it.

Driven with synthetic mouse events and a fixed frame clock (never real time).
"""

from __future__ import annotations

import random

import pygame
import pytest
from support.mouse import click, frames, table_when

from hercules.games.mebo.engine.actions import USE
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.games.mebo.ui.table.zoom import HOVER_DELAY, zoom_box
from hercules.ui.scenes.overlays import PauseOverlay

DT = 1 / 60


def move(app, pos) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)


def right_click(app, pos) -> None:
    move(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    frames(app, 1)


def press(app, key) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    frames(app, 1)


@pytest.fixture
def table(app):
    """A two-player table, the human (seat 0) to act with a card in hand."""
    t = table_when(
        app,
        lambda c: bool(c.state.players[0].demigods),
        pick=lambda legal: next((a for a in legal if a.kind != USE), legal[0]),
    )
    assert t.ctl.state.players[0].demigods
    return t


def hand_point(table):
    return table.geometry.hand(0).visible[0].center


def test_resting_on_a_hand_card_enlarges_it_and_leaving_hides_it(app, table):
    pos = hand_point(table)
    move(app, pos)
    assert table.zoom.shown is None  # not at once: a pass of the mouse shows nothing
    frames(app, int(HOVER_DELAY / DT) + 2, DT)
    shown = table.zoom.shown
    assert shown is not None and shown.kind == "hand_card"
    assert table.frame().zoom == shown
    move(app, (2, 2))
    assert table.zoom.shown is None
    assert table.frame().zoom is None


def test_right_click_toggles_the_enlarged_card_and_esc_closes_it(app, table):
    pos = hand_point(table)
    right_click(app, pos)
    assert table.zoom.shown is not None
    right_click(app, pos)
    assert table.zoom.shown is None
    right_click(app, pos)
    assert table.zoom.shown is not None
    press(app, pygame.K_ESCAPE)
    assert table.zoom.shown is None
    assert app.top is table  # Esc closed the card, not opened the menu


def test_the_god_row_and_the_stacks_enlarge_too(app, table):
    L = table.layout
    s = table.state
    col = next(c for c in range(1, 12) if s.columns[c])
    for pos in (L.god_slots[col].center, L.demigod_slots[0].center, L.vase_slots[0].center):
        right_click(app, pos)
        assert table.zoom.shown is not None, pos
        press(app, pygame.K_ESCAPE)


def test_a_dialog_on_top_or_a_new_state_hides_the_enlarged_card(app, table):
    pos = hand_point(table)
    right_click(app, pos)
    assert table.zoom.shown is not None
    app.push(PauseOverlay(app, table))
    frames(app, 1)
    assert table.zoom.shown is None
    app.pop()
    frames(app, 1)
    right_click(app, pos)
    assert table.zoom.shown is not None
    table.ctl.submit(next(a for a in table.ctl.legal() if a.kind != USE), 0)
    frames(app, 1)
    assert table.zoom.shown is None


def test_the_enlarged_card_is_drawn_with_its_words(app, table):
    pos = hand_point(table)
    right_click(app, pos)
    before = app.screen.copy()
    table.zoom.close()
    frames(app, 1)
    after = app.screen.copy()
    # The enlarged card covers part of the table that shows again once it is closed.
    diff = sum(
        1
        for x in range(0, app.size[0], 16)
        for y in range(0, app.size[1], 16)
        if before.get_at((x, y)) != after.get_at((x, y))
    )
    assert diff > 50


def test_a_right_click_while_aiming_cancels_the_aim_instead(app, table):
    legal = table.ctl.legal()
    use = next((a for a in legal if a.kind == USE and a.dice), None)
    if use is None:
        pytest.skip("no card to aim in this state")
    hand = table.geometry.hand(0)
    pos = hand.visible[hand.group_of(use.card)].center
    table.click(pos)
    if table.mode is None:
        pytest.skip("the card was used at once")
    right_click(app, pos)
    assert table.mode is None
    assert table.zoom.shown is None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_enlarged_card_stays_on_screen_and_off_the_mouse(size):
    screen = pygame.Rect((0, 0), size)
    box = (420, 300)
    for near in (
        pygame.Rect(0, size[1] - 60, 40, 56),  # bottom-left hand card
        pygame.Rect(size[0] - 40, size[1] - 60, 40, 56),
        pygame.Rect(size[0] // 2, 10, 56, 80),  # the God row
        pygame.Rect(size[0] - 60, 10, 56, 80),
    ):
        mouse = near.center
        r = zoom_box(box, near, mouse, screen)
        assert screen.contains(r)
        assert not r.collidepoint(mouse)


def test_clicking_a_group_of_alike_cards_uses_one_of_them(app):
    """A group drawn as one card: a click (then a die) sends a legal use of that ability."""
    ctl, names = start_game("standard", ["human", "human"], seed=21)
    table = TableScene(app, ctl, names)
    app.push(table)
    frames(app, 2)
    rng = random.Random(21)
    chosen = None
    for _ in range(4000):
        s = ctl.state
        if ctl.human_to_act() and s.prompt == "action":
            hand = table.geometry.hand(s.current)
            uses = [a for a in ctl.legal() if a.kind == USE]
            grouped = [a for a in uses if hand.groups[hand.group_of(a.card)].count > 1]
            if grouped:
                chosen = grouped[0]
                break
        if ctl.human_to_act():
            legal = ctl.legal()
            ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
        frames(app, 1)
    assert chosen is not None, "no group of alike cards to use"
    seat = ctl.state.current
    table.anim.skip()
    frames(app, 1)
    hand = table.geometry.hand(seat)
    group = hand.groups[hand.group_of(chosen.card)]
    before = len(ctl.history)
    click(app, hand.visible[hand.group_of(chosen.card)].center)
    if table.mode is not None:
        kind = table.mode.kind
        if kind in ("die", "reroll"):
            for d in chosen.dice:
                click(app, table.die_rects(seat)[d].center)
            if kind == "reroll":
                click(app, table.btn_confirm.rect.center)
        else:
            click(app, table.die_rects(chosen.target)[0].center)
    assert len(ctl.history) == before + 1
    done = ctl.history[-1].action
    assert done.kind == USE and done.card in group.cards
    assert (done.dice, done.target) == (chosen.dice, chosen.target)

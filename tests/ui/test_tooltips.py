"""Every control explains itself; tooltips never overflow, never cover what is pointed at,
and vanish when what they told changes or a dialog covers them."""

from __future__ import annotations

import pygame
import pytest
from support.mouse import frames, table_when

from hercules.games.mebo.engine.actions import LABOUR
from hercules.games.mebo.ui.table.painter import draw_tip_box
from hercules.ui.scenes.overlays import PauseOverlay
from hercules.ui.strings import set_language, t


def move(app, pos) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)


@pytest.fixture
def table(app):
    """A two-player table with the human (seat 0) to act, a labour in reach."""
    set_language("en")
    return table_when(app, lambda c: any(a.kind == LABOUR for a in c.legal()))


def test_a_disabled_button_says_why_on_hover_and_an_enabled_one_needs_no_excuse(app, table):
    assert not table.btn_end.is_enabled  # no card used yet: End turn is not offered
    move(app, table.btn_end.rect.center)
    tip = table.frame().button_tip
    assert tip is not None
    assert tip[1] == [t("tip.end_turn"), t("why.end_turn")]
    assert table.btn_rest.is_enabled
    move(app, table.btn_rest.rect.center)
    assert table.frame().button_tip is None  # pygame_gui shows its own tooltip there


def test_every_disabled_sidebar_button_has_a_reason_in_words(app, table):
    for key in ("rest", "end_turn", "undo", "confirm", "hint"):
        reason = table.disabled_reason(key)
        assert reason and not reason.startswith("why.")


def test_a_click_hides_the_tooltip_until_the_mouse_moves_again(app, table):
    pos = table.layout.vase_slots[0].center  # a click there changes nothing
    move(app, table.btn_rest.rect.center)
    move(app, pos)
    assert table.frame().hover is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 1)
    assert table.frame().hover is None
    move(app, (pos[0] + 1, pos[1]))
    assert table.frame().hover is not None


def test_the_tooltip_follows_a_change_of_state_under_a_still_mouse(app, table):
    move(app, table.layout.columns[5].center)
    before = table.frame().hover
    assert before is not None and before.kind == "column"
    table.layout = type(table.layout)((1280, 720), table.state.n)  # the table was laid out anew
    after = table.frame().hover
    assert after is None or after.rect == table.geometry.target_at(table.mouse).rect


def test_a_dialog_on_top_hides_the_table_s_tooltips(app, table):
    move(app, table.btn_end.rect.center)
    app.push(PauseOverlay(app, table))
    frames(app, 1)
    frame = table.frame()
    assert frame.hover is None and frame.button_tip is None


@pytest.mark.parametrize("mouse", [(5, 5), (1275, 5), (5, 715), (1275, 715), (640, 360)])
def test_a_tooltip_box_stays_on_screen_wraps_and_never_covers_the_mouse(app, mouse):
    surface = pygame.Surface((1280, 720))
    anchor = pygame.Rect(mouse[0] - 20, mouse[1] - 20, 40, 40).clamp(surface.get_rect())
    lines = ["A title", "word " * 120]
    box = draw_tip_box(surface, lines, 18, mouse, anchor)
    assert surface.get_rect().contains(box)
    assert not box.collidepoint(mouse)
    assert not box.colliderect(anchor)
    assert box.w <= 1280 * 45 // 100

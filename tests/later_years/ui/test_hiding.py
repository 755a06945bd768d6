"""Information hiding at the table: the painter is only ever given one seat's view; another
seat's hidden cards and the unwon face-down card are never drawn; hot-seat players pass the
machine through a hand-over screen that hides the previous hand."""

from __future__ import annotations

import random

import pytest
from support.mouse import click_widget, frames

from hercules.games.later_years.engine import HIDDEN
from hercules.games.later_years.engine.state import P_BID
from hercules.games.later_years.ui import painter
from hercules.games.later_years.ui.handover import HandOverScene
from hercules.games.later_years.ui.words import entry_lines


@pytest.fixture
def drawn(monkeypatch):
    """Every card face the table draws, with the true state at that moment."""
    seen: list[str] = []
    real = painter.card_picture

    def spy(card, *args, **kwargs):
        seen.append(card)
        return real(card, *args, **kwargs)

    monkeypatch.setattr(painter, "card_picture", spy)
    return seen


def secret_cards(state, viewer):
    """The cards ``viewer`` may not see: others' unshown cards, the face-down auction card,
    the deck."""
    out = set(state.deck)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            out |= set(hand) - set(state.shown[seat])
    if state.prompt == P_BID and state.row:
        out.add(state.row[-1])
    return out


def test_the_table_never_draws_a_secret_card(app, ly, drawn):
    table = ly.table_for(app, ["human", "normal", "normal"], seed=9)
    rng = random.Random(2)
    for _ in range(400):
        if table.ctl.is_over:
            break
        drawn.clear()
        app.draw()
        secret = secret_cards(table.state, 0)
        assert not secret & set(drawn), secret & set(drawn)
        assert table.view().deck.count(HIDDEN) == len(table.view().deck)
        if table.ctl.human_to_act() and app.top is table:
            ly.human_move(app, table, rng)
        else:
            frames(app, 1)


def test_hot_seat_hands_over_between_humans_and_hides_the_last_hand(app, ly, drawn):
    table = ly.table_for(app, ["human", "human", "normal"], seed=4)
    rng = random.Random(1)
    handovers = 0
    for _ in range(600):
        if table.ctl.is_over or handovers >= 6:
            break
        top = app.top
        if isinstance(top, HandOverScene):
            handovers += 1
            assert table.viewer == -1  # nothing of the last hand stays on screen
            drawn.clear()
            app.draw()
            assert drawn == []  # the hand-over page hides the table, cards and all
            seat = top.seat
            click_widget(app, top.btn)
            assert table.viewer == seat
            drawn.clear()
            app.draw()
            secret = secret_cards(table.state, seat)
            assert not secret & set(drawn)
            continue
        if table.ctl.human_to_act() and top is table and table.ctl.actor == table.viewer:
            ly.human_move(app, table, rng)
        else:
            frames(app, 1)  # the table's next update hands over when another human is due
    assert handovers >= 3


def test_undo_cannot_reach_back_into_the_previous_players_turn(app, ly):
    table = ly.table_for(app, ["human", "human"], seed=4)
    rng = random.Random(3)
    for _ in range(300):
        if isinstance(app.top, HandOverScene) and len(table.ctl.history) > 6:
            click_widget(app, app.top.btn)
            break
        if table.ctl.human_to_act() or isinstance(app.top, HandOverScene):
            ly.human_move(app, table, rng)
        else:
            frames(app, 1)
    last = table.ctl.history[-1]
    if last.seat >= 0 and last.seat != table.viewer:
        before = table.state
        click_widget(app, table.button("undo"))
        assert table.state == before


def test_the_log_names_no_hidden_card(app, ly):
    table = ly.table_for(app, ["human", "normal", "normal", "normal"], seed=12)
    rng = random.Random(5)
    for _ in range(500):
        if table.ctl.state.round >= 4:
            break
        if table.ctl.human_to_act() and app.top is table:
            ly.human_move(app, table, rng)
        else:
            frames(app, 1)
    text = "\n".join(entry_lines(table.log_entries))
    assert "face-down card" in text
    # Drawn cards are counted, never named; the face-down card is named by nobody.
    assert "takes" not in text or "cards." in text or "card." in text

"""The Later Years table by synthetic mouse events: bids by stepper and by clicking the card,
a task by selecting cards and clicking its space, Draw cards, refusals, undo, the log."""

from __future__ import annotations

from support.mouse import click, click_widget, frames

from hercules.app.controller import Controller, Seat
from hercules.games.later_years.engine import RULES, Action, LaterYearsConfig, new_game
from hercules.games.later_years.engine.state import P_BID, P_PLAY
from hercules.games.later_years.ui.words import entry_lines
from hercules.ui.strings import t


def state_at(prompt, seed=5, players=3, **changes):
    """A game played (first legal actions) to the human's first ``prompt``, then changed."""
    s = new_game(LaterYearsConfig(players=players), seed)
    while not (s.prompt == prompt and s.current == 0):
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    return s.with_(**changes)


def table_on(app, state, kinds=("human", "normal", "normal")):
    from hercules.games.later_years.ai import make_bot

    seats = [Seat("human") if k == "human" else Seat("bot", level=k) for k in kinds]
    bots = {i: make_bot(k) for i, k in enumerate(kinds) if k != "human"}
    ctl = Controller(RULES, state, seats, bots)
    table = app.nav.play("later_years", ctl, ["Ann", "Bob", "Cy"][: len(kinds)])
    frames(app, 1)
    return table


def test_a_bid_by_stepper_then_the_bid_button(app):
    s = state_at(P_BID)
    table = table_on(app, s)
    n = len(s.row)
    click(app, table.layout.auction_cards(n)[1].center)
    assert table.bid_slot == 1
    lo = table.bid_amount
    click(app, table.layout.stepper(n)["plus"].center)
    click(app, table.layout.stepper(n)["plus"].center)
    click(app, table.layout.stepper(n)["minus"].center)
    assert table.bid_amount == lo + 1
    bids_before = len(table.ctl.history)
    click(app, table.layout.stepper(n)["bid"].center)
    rec = table.ctl.history[bids_before]
    assert rec.action == Action("bid", slot=1, amount=lo + 1) and rec.seat == 0
    assert any("Ann bids" in line for line in entry_lines(table.log_entries))


def test_a_second_click_on_the_chosen_card_bids(app):
    s = state_at(P_BID)
    table = table_on(app, s)
    slot = len(s.row) - 1  # the face-down card
    lo = table.bid_range(slot)[0]
    r = table.layout.auction_cards(len(s.row))[slot]
    click(app, r.center)
    click(app, r.center)
    assert table.ctl.history[0].action == Action("bid", slot=slot, amount=lo)


def test_the_stepper_stays_within_the_legal_bids(app):
    s = state_at(P_BID)
    s = s.with_(money=(2, *s.money[1:]))
    table = table_on(app, s)
    n = len(s.row)
    click(app, table.layout.auction_cards(n)[n - 1].center)
    for _ in range(5):
        click(app, table.layout.stepper(n)["plus"].center, settle=1)
    assert table.bid_amount == 2
    for _ in range(5):
        click(app, table.layout.stepper(n)["minus"].center, settle=1)
    assert table.bid_amount == 0


def test_a_card_out_of_reach_is_refused_with_the_reason_and_nothing_changes(app):
    s = state_at(P_BID)
    s = s.with_(bids=((1, 5), *s.bids[1:]), money=(3, s.money[1] - 5, *s.money[2:]), current=0)
    table = table_on(app, s)
    click(app, table.layout.auction_cards(len(s.row))[0].center)
    assert table.bid_slot is None
    assert table.message == t("ly.refused.cannot_afford")
    assert table.state is s or table.state == s


def _hand(*cards):
    return tuple(sorted(cards))


def test_selected_cards_light_the_tasks_they_pay_for_and_a_click_completes_one(app):
    s = state_at(P_PLAY)
    extra = ("CAPTURE-01", "TEMPLE-01", "HYDRA-01")
    hands = list(s.hands)
    others = [c for h in hands[1:] for c in h]
    assert not set(extra) & set(others)
    deck = tuple(c for c in s.deck if c not in extra) + tuple(c for c in hands[0] if c not in extra)
    hands[0] = _hand(*extra)
    s = s.with_(hands=tuple(hands), shown=((), *s.shown[1:]), deck=deck)
    table = table_on(app, s)
    click(app, ly_rect(table, "CAPTURE-01").center)
    assert table.payable() == {}
    click(app, ly_rect(table, "TEMPLE-01").center)
    assert table.payable() == {"SP-CAPTURE-TEMPLE": 6}
    click(app, ly_rect(table, "HYDRA-01").center)
    assert table.payable() == {"SP-CAPTURE-TEMPLE": 6, "SP-CAPTURE-HYDRA": 9}
    click(app, ly_rect(table, "TEMPLE-01").center)  # deselected
    assert table.payable() == {"SP-CAPTURE-HYDRA": 9}
    money = table.state.money[0]
    click(app, table.layout.space_rect(10).center)  # Capture x Hydra
    assert table.state.board[10] == (0,)
    assert table.state.money[0] == money + 9
    assert table.selected == []
    assert any("Capture the Hydra" in line for line in entry_lines(table.log_entries))


def ly_rect(table, card):
    return next(r for c, r in table.hand_cards() if c == card)


def test_a_task_the_cards_do_not_pay_for_is_refused_with_its_reason(app):
    s = state_at(P_PLAY)
    hands = list(s.hands)
    hands[0] = _hand("CAPTURE-01", "TEMPLE-01")
    moved = [c for c in s.hands[0] if c not in hands[0]]
    s = s.with_(
        hands=tuple(hands),
        shown=((), *s.shown[1:]),
        deck=tuple(c for c in s.deck if c not in hands[0]) + tuple(moved),
        board=(*s.board[:9], (1,), *s.board[10:]),
    )
    s = s.with_(discard=tuple(c for c in s.discard if c not in hands[0]))
    table = table_on(app, s)
    before = table.state
    click(app, ly_rect(table, "CAPTURE-01").center)
    click(app, ly_rect(table, "TEMPLE-01").center)
    click(app, table.layout.space_rect(9).center)  # Capture x Temple, done once: needs 2 + 2
    assert table.state == before
    assert table.message == t("ly.refused.not_enough_cards")
    click(app, table.layout.space_rect(0).center)  # Endorse x Dealership: wrong cards
    assert table.message == t("ly.refused.wrong_cards")
    assert table.state == before


def test_a_draw_card_is_played_by_a_click_and_end_turn_passes(app):
    s = state_at(P_PLAY)
    hands = list(s.hands)
    hands[0] = _hand("DRAW-01")
    moved = [c for c in s.hands[0] if c != "DRAW-01"]
    s = s.with_(
        hands=tuple(hands),
        shown=((), *s.shown[1:]),
        deck=tuple(c for c in s.deck if c != "DRAW-01") + tuple(moved),
        discard=tuple(c for c in s.discard if c != "DRAW-01"),
    )
    table = table_on(app, s)
    click(app, ly_rect(table, "DRAW-01").center)
    frames(app, 2)
    assert "DRAW-01" in table.state.discard
    assert len(table.state.hands[0]) == 2
    assert any("takes 2 cards" in line for line in entry_lines(table.log_entries))
    if table.in_reach():
        return
    click_widget(app, table.button("end"))
    assert table.ctl.history[-1].seat != 0 or table.ctl.history[-1].action.kind == "end"


def test_undo_takes_back_a_task_but_not_past_a_draw(app):
    s = state_at(P_PLAY)
    hands = list(s.hands)
    hands[0] = _hand("CAPTURE-01", "TEMPLE-01", "ENDORSE-01", "DEALER-01")
    moved = [c for c in s.hands[0] if c not in hands[0]]
    s = s.with_(
        hands=tuple(hands),
        shown=((), *s.shown[1:]),
        deck=tuple(c for c in s.deck if c not in hands[0]) + tuple(moved),
        discard=tuple(c for c in s.discard if c not in hands[0]),
    )
    table = table_on(app, s)
    before = table.state
    click(app, ly_rect(table, "CAPTURE-01").center)
    click(app, ly_rect(table, "TEMPLE-01").center)
    click(app, table.layout.space_rect(9).center)
    assert table.state.board[9] == (0,)
    lines = len(table.log_entries)
    click_widget(app, table.button("undo"))
    assert table.state == before
    assert len(table.log_entries) < lines
    assert table.message == t("ly.undone")


def test_the_hint_sets_a_bid_up_from_the_players_view_only(app):
    s = state_at(P_BID)
    table = table_on(app, s)
    click_widget(app, table.button("hint"))
    assert table.message.startswith(t("ly.hint", what="")[:4])
    assert table.bid_slot is not None
    assert table.state == s  # a hint plays nothing

"""Phase I, the card auction: the deal, bid order, raises, refunds, the blind card, payment."""

from __future__ import annotations

from later_years.engine.helpers import DATA, bid, dealt, game, go, refused, round_trip, step

from hercules.games.later_years.engine import RULES, Action, Reason, actor, legal_actions
from hercules.games.later_years.engine.state import NO_BID, P_BID, P_PLAY


def test_the_deal_puts_one_card_per_player_up_the_last_face_down() -> None:
    for n in (2, 3, 4, 5):
        s = game(n)
        deck = s.deck
        assert actor(s) == -1 and legal_actions(s) == [Action("deal")]
        s2, events = step(s, Action("deal"))
        assert s2.row == deck[:n] and s2.deck == deck[n:] and s2.round == 1
        assert s2.bids == (NO_BID,) * n
        # The event names the face-up cards only.
        (ev,) = events
        assert ev.cards == deck[: n - 1] and deck[n - 1] not in ev.cards and ev.slot == n - 1
        assert RULES.reveals(s, s2, events)


def test_the_pawn_holder_bids_first_and_bidding_passes_left() -> None:
    s = dealt(4, pawn=2)
    assert s.prompt == P_BID and actor(s) == 2
    s = go(s, bid(0, 1))
    assert actor(s) == 3
    s = go(s, bid(1, 0))
    assert actor(s) == 0
    s = go(s, bid(2, 2))
    assert actor(s) == 1


def test_players_with_a_standing_bid_are_skipped_and_the_outbid_bids_again() -> None:
    s = dealt(4, pawn=0)
    s = go(s, bid(0, 1), bid(1, 1), bid(2, 1))  # seats 0, 1, 2 hold bids
    assert actor(s) == 3
    s = go(s, bid(1, 3))  # seat 3 outbids seat 1
    # Left of seat 3: seat 0 holds a bid, seat 1 does not.
    assert actor(s) == 1 and s.standing(1) == -1 and s.standing(3) == 1


def test_the_rulebook_raise_antigone_adds_a_coin_to_andromedas_two() -> None:
    # Andromeda (seat 0) bids 2 on a card; Antigone (seat 1) adds a coin: her bid is 3 and
    # Andromeda's is no longer valid (her 2 coins come back at once).
    s = dealt(3, pawn=0)
    s = go(s, bid(0, 2))
    assert s.money == (8, 10, 10)
    s, events = step(s, bid(0, 3))
    assert s.bids[0] == (1, 3) and s.money == (10, 7, 10)
    assert [e.kind for e in events] == ["outbid", "bid"] and events[0].seat == 0
    assert events[0].n == 2


def test_a_raise_must_add_at_least_one_coin() -> None:
    s = go(dealt(3, pawn=0), bid(0, 4))
    amounts = {a.amount for a in legal_actions(s) if a.slot == 0}
    assert amounts == set(range(5, 11))
    refused(s, bid(0, 4), Reason.BID_TOO_LOW)
    refused(s, bid(0, 2), Reason.BID_TOO_LOW)


def test_a_bid_on_an_unbid_card_may_be_zero_so_a_player_without_coins_still_bids() -> None:
    s = dealt(3, pawn=0)
    s = s.with_(money=(0, 10, 10), spent=(10, 0, 0))
    legal = legal_actions(s)
    assert legal == [bid(0, 0), bid(1, 0), bid(2, 0)]


def test_only_affordable_bids_are_offered_so_the_deadbeat_rule_never_triggers() -> None:
    s = dealt(4, pawn=1)
    assert max(a.amount for a in legal_actions(s)) == 10
    refused(s, bid(0, 11), Reason.CANNOT_AFFORD)
    s = go(s, bid(0, 7))
    s = s.with_(money=(10, 3, 5, 10), spent=(0, 0, 0, 0))  # seat 2 has 5 coins
    refused(s, bid(0, 8), Reason.CANNOT_AFFORD)
    assert all(a.amount <= 5 for a in legal_actions(s))


def test_every_player_wins_exactly_one_card_and_pays_the_bank() -> None:
    s = dealt(4, pawn=0)
    row = s.row
    s, events = step(s, bid(3, 2))  # seat 0 on the face-down card
    s = go(s, bid(0, 1), bid(1, 0))
    bank = s.bank
    s, events = step(s, bid(2, 5))
    assert s.prompt == P_PLAY and actor(s) == 0 and s.row == () and s.bids == ()
    won = [e for e in events if e.kind == "won"]
    assert sorted(e.seat for e in won) == [0, 1, 2, 3]
    assert s.hands == ((row[3],), (row[0],), (row[1],), (row[2],))
    assert s.spent == (2, 1, 0, 5) and s.money == (8, 9, 10, 5)
    assert bank == 0 and s.bank == 8  # the coins on the cards reach the bank when paid
    assert sum(s.money) + s.bank == 40
    assert round_trip(s) == s


def test_the_face_down_card_goes_to_its_winner_unseen_and_is_never_named_in_events() -> None:
    s = dealt(3, pawn=0)
    row = s.row
    blind = row[2]
    s = go(s, bid(2, 1), bid(0, 0))
    s, events = step(s, bid(1, 0))
    assert s.hands[0] == (blind,) and s.shown[0] == ()
    assert s.shown[1] == s.hands[1] == (row[0],) and s.shown[2] == (row[1],)
    assert all(blind != e.card and blind not in e.cards for e in events)
    (face_down,) = [e for e in events if e.kind == "won" and e.slot == 2]
    assert face_down.card == "" and face_down.seat == 0
    assert RULES.reveals(s, s, []) is False


def test_bids_out_of_turn_are_refused() -> None:
    s = dealt(3, pawn=1)
    refused(s, bid(0, 1), Reason.NOT_YOUR_TURN, seat=0)
    refused(s, Action("deal"), Reason.WRONG_DECISION, seat=1)
    refused(game(3), Action("deal"), Reason.NOT_YOUR_TURN, seat=0)


def test_a_bid_on_no_card_or_after_the_auction_is_refused() -> None:
    s = dealt(3, pawn=0)
    refused(s, bid(3, 1), Reason.NO_SUCH_CARD)
    refused(s, Action("end"), Reason.WRONG_DECISION)
    s = go(s, bid(0, 1), bid(1, 1), bid(2, 1))
    assert s.prompt == P_PLAY
    refused(s, bid(0, 5), Reason.ALREADY_WON)
    refused(game(3), bid(0, 1), Reason.WRONG_DECISION)


def test_coins_in_the_auction_are_conserved_at_every_bid() -> None:
    s = dealt(5, pawn=4)
    total = 10 * 5
    for a in (bid(0, 3), bid(0, 4), bid(1, 2), bid(0, 9), bid(2, 0), bid(1, 6)):
        s = go(s, a)
        on_cards = sum(x for _, x in s.bids)
        assert sum(s.money) + on_cards + s.bank == total
    assert DATA.money_start == 10

"""Hard's auction model: rivals' limits, the auction played out, and bids that only use the
view. No timing assertions."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from later_years.ai.test_bots import mid_game, reshuffle_hidden

from hercules.games.later_years.ai import make_bot, parse
from hercules.games.later_years.ai.auction import (
    best_buy,
    greedy,
    max_price,
    place,
    rival_worths,
    settle,
)
from hercules.games.later_years.ai.bots import HARD, NORMAL, HardBot
from hercules.games.later_years.engine import (
    Action,
    LaterYearsConfig,
    LaterYearsState,
    actor,
    apply,
    legal_actions,
    new_game,
    view_for,
)
from hercules.games.later_years.engine.state import NO_BID, P_BID


def test_best_buy_is_normals_rule() -> None:
    bids = ((1, 2), NO_BID, NO_BID)
    # Worth less price: card 0 costs 3 (0.7 left), card 1 is free (0.5), card 2 free (0.9).
    assert best_buy(bids, 10, [1.0, 0.5, 0.9], 0.1) == (2, 0)
    # A card it cannot pay for is never chosen.
    assert best_buy(bids, 2, [5.0, 0.5, 0.4], 0.1) == (1, 0)
    # A tie goes to the free card, then to the first.
    assert best_buy(((1, 0), NO_BID, NO_BID), 5, [0.6, 0.5, 0.5], 0.1) == (1, 0)


@pytest.mark.parametrize("seed", range(40))
def test_a_rivals_limit_never_exceeds_its_coins(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    bids = tuple(
        (rng.randrange(n), rng.randint(0, 12)) if rng.random() < 0.5 else NO_BID for _ in range(n)
    )
    worth = [rng.uniform(-1.0, 4.0) for _ in range(n)]
    coins = rng.randint(0, 30)
    for slot in range(n):
        most = max_price(bids, coins, worth, rng.choice((0.05, 0.1, 0.3)), slot)
        assert most <= coins
        assert most == -1 or most >= (0 if bids[slot][0] < 0 else bids[slot][1] + 1)


def test_settle_gives_every_seat_one_card() -> None:
    # Seat 0 wants card 0 a lot; seat 1 wants it a little; seat 2 wants card 1.
    worths = {0: [3.0, 1.0, 0.5], 1: [1.5, 1.0, 1.0], 2: [0.2, 2.0, 0.1]}
    choosers = {s: greedy(w, 0.1) for s, w in worths.items()}
    final, cash = settle((NO_BID,) * 3, (10, 10, 10), 1, choosers)
    assert sorted(s for s, _ in final) == [0, 1, 2]
    assert final[0][0] == 0 and final[1][0] == 2
    # Seat 1 raised card 0 while it beat its other choices (worth 1.5 - 0.1 * price > 1.0).
    assert final[0][1] == 5
    assert sum(cash) + sum(a for _, a in final) == 30


def test_place_passes_the_turn_left_to_a_seat_without_a_bid() -> None:
    bids, cash, nxt = place((NO_BID,) * 3, (10, 10, 10), 0, 1, 2)
    assert bids == (NO_BID, (0, 2), NO_BID) and cash == (8, 10, 10) and nxt == 1
    bids, cash, nxt = place(bids, cash, 1, 1, 3)
    assert bids == (NO_BID, (1, 3), NO_BID) and cash == (10, 7, 10) and nxt == 2
    bids, cash, nxt = place(bids, cash, 2, 0, 0)
    assert nxt == 0
    bids, cash, nxt = place(bids, cash, 0, 2, 1)
    assert nxt == -1 and all(s >= 0 for s, _ in bids)


def politician_auction() -> LaterYearsState:
    """Seat 0 to bid first; it holds a Conquer, so the Politician on offer pays it 16 coins.
    Seat 1 holds a Conquer face up too, but has only 3 coins."""
    state = new_game(LaterYearsConfig(3), 5)
    state = state.with_(pawn=0, current=0)
    state, _ = apply(state, Action("deal"))
    deck = [c for c in state.deck if c not in ("CONQUER-01", "CONQUER-02", "POLITICIAN-01")]
    deck = [c for c in deck if c not in ("DEALER-01", "ENDORSE-01")]
    return state.with_(
        row=("POLITICIAN-01", "DEALER-01", "ENDORSE-01"),
        deck=tuple(deck),
        bids=(NO_BID,) * 3,
        hands=(("CONQUER-01",), ("CONQUER-02",), ()),
        shown=((), ("CONQUER-02",), ()),
        money=(10, 3, 6),
        current=0,
    )


def test_hard_wins_a_high_fee_card_a_rival_cannot_afford() -> None:
    state = politician_auction()
    assert state.prompt == P_BID and actor(state) == 0
    bots = {0: make_bot("hard"), 1: make_bot("normal"), 2: make_bot("normal")}
    rng = random.Random(3)
    while state.prompt == P_BID:
        seat = actor(state)
        state, _ = apply(state, bots[seat].choose(state, legal_actions(state), rng))
    assert "POLITICIAN-01" in state.hands[0]
    # It paid no more than one coin beyond what seat 1 could ever bid.
    assert state.spent[0] <= 4


def test_hard_bids_just_enough_for_the_war_to_end_its_way() -> None:
    # Raising by the least from 1, seat 1 (3 coins) is out of coins first: 1, 2, 3 for Hard.
    # (Counting only its own gain: with ``deny`` it may first make seat 2 overpay elsewhere.)
    state = politician_auction()
    bot = HardBot(replace(HARD, deny=0.0))
    assert bot.choose(state, legal_actions(state), random.Random(3)) == Action(
        "bid", slot=0, amount=1
    )


def test_a_bid_beyond_a_rivals_coins_says_so() -> None:
    state = politician_auction()
    bot = HardBot()
    bot.explain_beyond(view_for(state, 0), 0, Action("bid", slot=0, amount=4))
    parsed = parse(bot.explain())
    assert parsed is not None
    kind, params, english = parsed
    assert kind == "bid_beyond"
    assert params == {
        "slot": "0",
        "card": "POLITICIAN-01",
        "amount": "4",
        "seat": "1",
        "money": "3",
    }
    assert english == "Bids 4 on Politician, more than seat 1 can pay (3 coins)."


@pytest.mark.parametrize("seed", [51, 52, 53])
def test_rival_deals_depend_on_the_view_only(seed: int) -> None:
    state = mid_game(seed, P_BID)
    seat = actor(state)
    other = reshuffle_hidden(state, seat, seed + 7)
    assert other.deck != state.deck
    a = rival_worths(view_for(state, seat), seat, NORMAL, random.Random(1), 4)
    b = rival_worths(view_for(other, seat), seat, NORMAL, random.Random(1), 4)
    assert a == b
    bot_a, bot_b = HardBot(), HardBot()
    legal = legal_actions(state)
    assert bot_a.choose(state, legal, random.Random(2)) == bot_b.choose(
        other, legal, random.Random(2)
    )
    assert bot_a.explain() == bot_b.explain()

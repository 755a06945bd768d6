"""Seeded fuzz over 2-5 players: random and greedy players, with the engine's contract and the
game's invariants checked at every step, and the log replayed from the seed."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from later_years.engine.helpers import DATA, round_trip

from hercules.games.later_years.engine import (
    CHANCE,
    Action,
    LaterYearsConfig,
    LaterYearsState,
    actor,
    apply,
    legal_actions,
    new_game,
    score,
    state_to_json,
    validate,
    view_for,
)
from hercules.games.later_years.engine.state import PROMPTS

#: Games per player count and chooser in the normal suite.
GAMES = 6


def check_invariants(s: LaterYearsState) -> None:
    n = s.n
    # Every card in exactly one place.
    places = Counter((*s.deck, *s.row, *(c for h in s.hands for c in h), *s.discard))
    assert set(places) == set(DATA.cards) and set(places.values()) == {1}
    # Coins are conserved through the bank, the players and the coins on the cards.
    on_cards = sum(a for _, a in s.bids)
    assert sum(s.money) + on_cards + s.bank == DATA.money_start * n
    assert all(m >= 0 for m in s.money)
    for seat in range(n):
        assert set(s.shown[seat]) <= set(s.hands[seat])
        assert s.markers_used(seat) <= DATA.markers
    for stack in s.board:
        assert all(0 <= seat < n for seat in stack)
    if s.prompt == "bid":
        bidders = [b for b, _ in s.bids if b >= 0]
        assert len(bidders) == len(set(bidders)) < n
        assert s.standing(s.current) == -1
    assert s.prompt in PROMPTS
    if s.is_terminal:
        assert len(s.deck) < n


def randomly(rng: random.Random, legal: list[Action]) -> Action:
    return rng.choice(legal)


def greedy(rng: random.Random, legal: list[Action]) -> Action:
    """Plays tasks and Draw cards when it can, bids low (so games reach the end quickly)."""
    plays = [a for a in legal if a.kind in ("task", "play_draw")]
    if plays:
        return rng.choice(plays)
    bids = [a for a in legal if a.kind == "bid"]
    if bids and rng.random() < 0.8:
        return min(bids, key=lambda a: (a.amount, rng.random()))
    return rng.choice(legal)


CHOOSERS = {"random": randomly, "greedy": greedy}


def play(n: int, players: int, chooser: str, deep: bool = False) -> LaterYearsState:
    rng = random.Random(n * 7919 + players)
    config = LaterYearsConfig(players, "top" if n % 5 == 4 else "stack")
    s = new_game(config, seed=n)
    start = s
    log: list[Action] = []
    auction_wins: Counter[int] = Counter()
    choose = CHOOSERS[chooser]
    while True:
        check_invariants(s)
        assert round_trip(s) == s
        legal = legal_actions(s)
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        if s.is_terminal:
            assert legal == []
            break
        assert legal
        if actor(s) == -1:
            assert len(legal) == 1 and legal[0].kind in CHANCE
        else:
            assert all(a.kind not in CHANCE for a in legal)
        if deep:
            for a in legal[:: max(1, len(legal) // 15)]:
                assert validate(s, a) is None and validate(s, a, actor(s)) is None
                apply(s, a)
        a = choose(rng, legal)
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
        before = state_to_json(s)
        s2, events = apply(s, a)
        assert state_to_json(s) == before  # apply is pure
        s3, events3 = apply(s, a)
        assert s3 == s2 and events3 == events  # and deterministic
        won = [e.seat for e in events if e.kind == "won"]
        if won:  # an auction resolved: every player won exactly one card
            assert sorted(won) == list(range(players))
            auction_wins.update(won)
        if a.kind != "bid" or not won:
            view = view_for(s2, max(0, actor(s2)))
            assert view.rng == 0 and view.seed == 0
        log.append(a)
        s = s2
        assert len(log) < 20_000
    # Each player won one card in every auction dealt.
    assert set(auction_wins.values()) == {s.round}
    # Replaying the log from the seed gives the same game.
    r = new_game(config, seed=n)
    assert r == start
    for a in log:
        r, _ = apply(r, a)
    assert r == s
    result = score(s)
    assert result.winners and all(0 <= w < players for w in result.winners)
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_fuzz_keeps_every_invariant_and_replays_from_the_seed(players: int, chooser: str) -> None:
    rounds = set()
    for n in range(GAMES):
        s = play(n, players, chooser, deep=n == 0)
        rounds.add(s.round)
        assert s.is_terminal
    # Games end by the deck: at least 108 // players - (draws) rounds, never more than 108 / n.
    assert all(1 <= r <= 108 // players for r in rounds)


@pytest.mark.slow
def test_fuzz_long(fuzz_games: int) -> None:
    for n in range(GAMES, GAMES + fuzz_games):
        play(n, 2 + n % 4, sorted(CHOOSERS)[n % 2])

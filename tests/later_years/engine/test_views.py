"""Hidden information is real: what ``view_for`` gives a seat (ruling 5)."""

from __future__ import annotations

import json
import random

from later_years.engine.helpers import bid, dealt, go, playing, step

from hercules.games.later_years.engine import (
    HIDDEN,
    RULES,
    Action,
    LaterYearsState,
    legal_actions,
    state_to_json,
    view_for,
)


def _other_cards(s: LaterYearsState, seat: int) -> set[str]:
    """Cards ``seat`` may not see: the deck, other hands' unshown cards, the unwon blind card."""
    out = set(s.deck)
    for i, (hand, shown) in enumerate(zip(s.hands, s.shown, strict=True)):
        if i != seat:
            out |= set(hand) - set(shown)
    if s.prompt == "bid":
        out.add(s.row[-1])
    return out


def _text(view: LaterYearsState) -> str:
    return json.dumps(state_to_json(view))


def _mid_game(seed: int = 3, players: int = 4) -> LaterYearsState:
    s = RULES.new_game({"players": players, "chains": "stack"}, seed)
    rng = random.Random(seed)
    for _ in range(60):
        legal = legal_actions(s)
        s, _ = step(s, rng.choice(legal))
    return s


def test_a_view_never_carries_other_hands_the_deck_or_the_unwon_face_down_card() -> None:
    for seed in range(6):
        s = _mid_game(seed)
        for seat in range(-1, s.n):
            text = _text(view_for(s, seat))
            for card in _other_cards(s, seat):
                assert f'"{card}"' not in text, (seed, seat, card)


def test_a_view_keeps_counts_the_viewers_hand_and_what_was_won_face_up() -> None:
    s = playing(3, {0: ["CAPTURE-01"], 1: ["TEMPLE-01", "HYDRA-02"]}, shown={1: ["HYDRA-02"]})
    v = view_for(s, 0)
    assert v.hands[0] == ("CAPTURE-01",)
    assert v.hands[1] == ("HYDRA-02", HIDDEN)
    assert len(v.deck) == len(s.deck) and set(v.deck) == {HIDDEN}
    assert v.seed == 0 and v.rng == 0  # either would rebuild the deck's order
    assert (v.money, v.board, v.discard) == (s.money, s.board, s.discard)
    assert view_for(s, -1).hands[0] == (HIDDEN,)


def test_the_face_down_card_is_hidden_from_all_while_bid_on_and_seen_by_its_winner_only() -> None:
    s = dealt(3, pawn=0)
    blind = s.row[-1]
    for seat in range(3):
        assert view_for(s, seat).row[-1] == HIDDEN
        assert view_for(s, seat).row[:-1] == s.row[:-1]
    s = go(s, bid(2, 0), bid(0, 0), bid(1, 0))
    assert blind in view_for(s, 0).hands[0]
    assert all(blind not in _text(view_for(s, seat)) for seat in (1, 2, -1))


def _swap_hidden(s: LaterYearsState, seat: int, rng: random.Random) -> LaterYearsState:
    """Another state that differs from ``s`` only in what ``seat`` may not see."""
    hidden_slots: list[tuple[str, int]] = [("deck", i) for i in range(len(s.deck))]
    for i, (hand, shown) in enumerate(zip(s.hands, s.shown, strict=True)):
        if i != seat:
            hidden_slots += [(f"hand{i}", j) for j, c in enumerate(hand) if c not in shown]
    if s.prompt == "bid":
        hidden_slots.append(("blind", 0))
    cards = [_get(s, where, j) for where, j in hidden_slots]
    rng.shuffle(cards)
    deck = list(s.deck)
    hands = [list(h) for h in s.hands]
    row = list(s.row)
    for (where, j), card in zip(hidden_slots, cards, strict=True):
        if where == "deck":
            deck[j] = card
        elif where == "blind":
            row[-1] = card
        else:
            hands[int(where[4:])][j] = card
    return s.with_(
        deck=tuple(deck),
        row=tuple(row),
        hands=tuple(tuple(sorted(h)) for h in hands),
        seed=s.seed + 1,
        rng=s.rng ^ 0xFFFF,
    )


def _get(s: LaterYearsState, where: str, j: int) -> str:
    if where == "deck":
        return s.deck[j]
    if where == "blind":
        return s.row[-1]
    return s.hands[int(where[4:])][j]


def _bot(view: LaterYearsState, legal: list[Action], rng: random.Random) -> Action:
    """A bot that reads everything it is given (so any leak would change its choice)."""
    text = _text(view)
    weight = len(text) + sum(map(ord, text))
    return legal[(weight + rng.randrange(len(legal))) % len(legal)]


def test_events_never_name_a_card_someone_may_not_see() -> None:
    rng = random.Random(2)
    s = RULES.new_game({"players": 3, "chains": "stack"}, 4)
    while not s.is_terminal:
        s2, events = step(s, rng.choice(legal_actions(s)))
        hidden = _other_cards(s2, -1)  # what a spectator may not see afterwards
        for e in events:
            assert not ({e.card, *e.cards} & hidden), e
        s = s2


def test_a_views_document_reads_back_as_the_view_but_never_as_a_state() -> None:
    import pytest

    from hercules.games.later_years.engine import InvalidStateError, state_from_json

    s = _mid_game()
    for seat in (-1, 0, 2):
        doc = json.loads(_text(view_for(s, seat)))
        assert RULES.view_from_json(doc) == view_for(s, seat)
        with pytest.raises(InvalidStateError):
            state_from_json(doc)  # its "?"s are no cards: never a playable state


def test_a_view_naming_a_card_twice_or_missing_one_is_refused() -> None:
    import pytest

    from hercules.games.later_years.engine import InvalidStateError

    s = _mid_game()
    doc = json.loads(_text(view_for(s, 0)))
    known = next(c for c in doc["discard"] + doc["hands"][0] if c != HIDDEN)
    twice = dict(doc, deck=[known, *doc["deck"][1:]])
    short = dict(doc, deck=doc["deck"][1:])
    for bad in (twice, short):
        with pytest.raises(InvalidStateError):
            RULES.view_from_json(bad)

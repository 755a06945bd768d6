"""The Later Years engine's quick paths give what the plain rules give.

The legal actions are checked against the rules as first written (every payment enumerated
per space, the hand sorted for each type), on every state of many random games, hands of
unsorted cards included; the one-state memo never answers for another state; an action is
accepted when it is equal to a legal one, and refused when it only compares equal.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from hercules.games.later_years.engine import (
    Action,
    IllegalActionError,
    LaterYearsConfig,
    LaterYearsState,
    Reason,
    apply,
    legal_actions,
    load_data,
    new_game,
    validate,
)
from hercules.games.later_years.engine.actions import BID, END, PLAY_DRAW, TASK
from hercules.games.later_years.engine.data import DRAW as DRAW_KIND
from hercules.games.later_years.engine.state import P_BID, P_PLAY

# --- the rules as first written (no memo, no caches) -------------------------------------


def _ordered(hand: tuple[str, ...], shown: tuple[str, ...], keep: object) -> list[str]:
    return sorted([c for c in hand if keep(c)], key=lambda c: (c not in shown, c))  # type: ignore[operator]


def _covers(
    hand: tuple[str, ...], shown: tuple[str, ...], type_id: str, need: int
) -> list[tuple[str, ...]]:
    data = load_data()
    by_units: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for c in _ordered(hand, shown, lambda c: data.cards[c].type == type_id):
        by_units[data.cards[c].units].append(c)
    out: list[tuple[str, ...]] = []
    for a, b, t in product(
        range(len(by_units[1]) + 1), range(len(by_units[2]) + 1), range(len(by_units[3]) + 1)
    ):
        total = a + 2 * b + 3 * t
        used = [u for u, k in ((1, a), (2, b), (3, t)) if k]
        if not used or total < need or total - min(used) >= need:
            continue
        out.append((*by_units[1][:a], *by_units[2][:b], *by_units[3][:t]))
    return out


def plain_legal(state: LaterYearsState) -> list[Action]:
    """The legal actions of a bid or play prompt, as the rules first computed them."""
    data = load_data()
    seat = state.current
    if state.prompt == P_BID:
        coins = state.money[seat]
        out = []
        for slot, (holder, amount) in enumerate(state.bids):
            lowest = 0 if holder < 0 else amount + 1
            out += [Action(BID, slot=slot, amount=a) for a in range(lowest, coins + 1)]
        return sorted(out)
    hand, shown = state.hands[seat], state.shown[seat]
    out = [Action(END)]
    draws = _ordered(hand, shown, lambda c: data.type_of(c).kind == DRAW_KIND)
    if draws:
        out.append(Action(PLAY_DRAW, card=draws[0]))
    if state.markers_used(seat) < data.markers:
        for i, space in enumerate(data.spaces):
            need = len(state.board[i]) + 1
            acts = _covers(hand, shown, space.action, need)
            objs = _covers(hand, shown, space.object, need) if acts else []
            out += [
                Action(TASK, space=space.id, cards=tuple(sorted(a + o))) for a in acts for o in objs
            ]
    return sorted(out)


def random_states(games: int, players: int, seed: int) -> list[LaterYearsState]:
    chooser = random.Random(seed)
    states = []
    for g in range(games):
        state = new_game(LaterYearsConfig(players), seed + g)
        while not state.is_terminal:
            states.append(state)
            state, _ = apply(state, chooser.choice(legal_actions(state)))
    return states


@pytest.mark.parametrize("players", [2, 5])
def test_legal_actions_are_the_plain_rules_on_every_state_of_random_games(players: int) -> None:
    checked = 0
    for state in random_states(6, players, 40 + players):
        if state.prompt in (P_BID, P_PLAY):
            assert legal_actions(state) == plain_legal(state), state.round
            checked += 1
    assert checked > 300


def test_big_hands_with_doubles_and_triples_pay_as_the_plain_rules() -> None:
    # Hands far fuller than random play makes, shown in part, on a board with tall stacks
    # (and, every other time, not in order): the payments counted only so far must be the
    # full enumeration's.
    data = load_data()
    rng = random.Random(7)
    base = new_game(LaterYearsConfig(3), 1)
    cards = list(data.card_ids)
    for trial in range(60):
        hand = tuple(rng.sample(cards, rng.randint(5, 30)))
        if trial % 2:  # a state keeps its hands sorted; the rules must not depend on it
            hand = tuple(sorted(hand))
        shown = tuple(sorted(rng.sample(hand, rng.randint(0, len(hand)))))
        board = tuple(
            tuple(rng.choice((0, 1, 2)) for _ in range(rng.randint(0, 6))) for _ in data.spaces
        )
        state = base.with_(
            prompt=P_PLAY,
            current=0,
            hands=(hand, (), ()),
            shown=(shown, (), ()),
            board=board,
        )
        assert legal_actions(state) == plain_legal(state), trial


def test_the_memo_never_answers_for_another_state() -> None:
    state = new_game(LaterYearsConfig(3), 5)
    state, _ = apply(state, legal_actions(state)[0])  # the deal: now bids
    first = legal_actions(state)
    richer = state.with_(money=(30, 30, 30))  # equal in all but the coins: more bids
    assert len(legal_actions(richer)) > len(first)
    assert legal_actions(state) == first
    broke = state.with_(money=(0, 0, 0))
    assert legal_actions(broke) == plain_legal(broke)
    # The memo returns a new list each time: a caller changing it changes nothing.
    mine = legal_actions(state)
    mine.clear()
    assert legal_actions(state) == first


def test_an_equal_action_is_accepted_and_one_that_only_compares_equal_is_refused() -> None:
    state = new_game(LaterYearsConfig(3), 5)
    state, _ = apply(state, legal_actions(state)[0])
    listed = legal_actions(state)[1]  # a bid of 1 on the first card
    rebuilt = Action.from_json(listed.to_json())
    assert rebuilt == listed and rebuilt is not listed
    assert validate(state, rebuilt) is None
    assert apply(state, rebuilt)[0] == apply(state, listed)[0]
    fake = Action(BID, slot=True, amount=listed.amount)  # type: ignore[arg-type]
    assert fake == Action(BID, slot=1, amount=listed.amount)
    err = validate(state, fake)
    assert isinstance(err, IllegalActionError) and err.reason == Reason.MALFORMED


def test_a_listed_action_by_the_wrong_seat_is_still_refused() -> None:
    state = new_game(LaterYearsConfig(3), 5)
    state, _ = apply(state, legal_actions(state)[0])
    listed = legal_actions(state)[0]
    other = (state.current + 1) % 3
    err = validate(state, listed, other)
    assert isinstance(err, IllegalActionError) and err.reason == Reason.NOT_YOUR_TURN
    assert validate(state, listed, state.current) is None
    with pytest.raises(IllegalActionError):
        apply(state, listed, other)


def test_markers_counted_once_per_board_are_never_stale():
    states = random_states(4, 4, 90)
    random.Random(3).shuffle(states)  # boards asked in any order, early and late alike
    for state in states:
        for seat in range(state.n):
            assert state.markers_used(seat) == sum(stack.count(seat) for stack in state.board)


def test_a_space_is_looked_up_only_when_the_hand_can_pay_its_units(monkeypatch) -> None:
    # The ways to pay a space are looked up only when the hand's cards of both its types are
    # worth the units it needs: a late hand falls short at most spaces, and looking each up
    # made a game's last third dearer per action than its first (issue 26).
    from hercules.games.later_years.engine import rules

    data = load_data()
    units = {c: card.units for c, card in data.cards.items()}
    types = {c: card.type for c, card in data.cards.items()}
    real = rules._tasks
    calls = []

    def counted(space_id, act_cards, obj_cards, need):
        calls.append((act_cards, obj_cards, need))
        return real(space_id, act_cards, obj_cards, need)

    monkeypatch.setattr(rules, "_tasks", counted)
    found = 0
    for state in random_states(4, 5, 90):
        if state.prompt != P_PLAY:
            continue
        rules._legal.clear()
        tasks = [a for a in legal_actions(state) if a.kind == TASK]
        found += len(tasks)
        for a in tasks:  # what is offered still pays: both types, enough units each
            paid = {}
            for c in a.cards:
                paid[types[c]] = paid.get(types[c], 0) + units[c]
            assert len(paid) == 2
    assert calls and found
    for act_cards, obj_cards, need in calls:
        for by_units in (act_cards, obj_cards):
            worth = sum(len(group) * (k + 1) for k, group in enumerate(by_units))
            assert worth >= need

"""The rules: set-up, the legal actions of every prompt, and what each action does.

A round: deal the auction row (as many cards as players, the last face down), bid until every
card has a bidder (so each player wins exactly one), pay; then each player from the pawn
holder leftwards makes any number of plays (tasks, Draw cards) and ends; the pawn passes left.
The game ends when, at the start of an auction, the deck holds fewer cards than players.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import TypeVar

from hercules.games._kit import rng as _rng
from hercules.games._kit.fast import Legal, LegalMemo, by_identity
from hercules.games._kit.memo import table_memo

from .actions import BID, DEAL, DRAW, END, PLAY_DRAW, TASK, Action, Event, malformed
from .data import DRAW as DRAW_KIND
from .data import LaterYearsData, load_data
from .errors import IllegalActionError, Reason
from .state import (
    NO_BID,
    P_BID,
    P_DEAL,
    P_DRAW,
    P_OVER,
    P_PLAY,
    LaterYearsConfig,
    LaterYearsState,
)

Events = list[Event]
AUTOMATIC = -1
T = TypeVar("T")


# --- set-up ----------------------------------------------------------------------------------


def new_game(config: LaterYearsConfig, seed: int) -> LaterYearsState:
    """A new game: 10 coins each, the pawn to a random seat, the deck shuffled, ready to deal."""
    data = load_data()
    n = config.players
    state = _rng.seed_state(seed)
    # The text hands the pawn to "the player most likely sired by Zeus": a random seat here.
    state, pawn = _rng.below(state, n)
    state, deck = _rng.shuffled(state, list(data.card_ids))
    return LaterYearsState(
        config=config,
        seed=seed,
        rng=state,
        prompt=P_DEAL,
        round=0,
        pawn=pawn,
        current=pawn,
        money=(data.money_start,) * n,
        spent=(0,) * n,
        deck=tuple(deck),
        hands=((),) * n,
        shown=((),) * n,
        board=((),) * len(data.spaces),
    )


def actor(state: LaterYearsState) -> int:
    """The seat that decides now, or -1 (AUTOMATIC) for the chance steps and the end."""
    return state.current if state.prompt in (P_BID, P_PLAY) else AUTOMATIC


# --- legal actions ---------------------------------------------------------------------------


def legal_actions(state: LaterYearsState) -> list[Action]:
    """Every legal action of the state, sorted (a chance step is then the only action)."""
    return list(_legal(state).actions)


def _compute_legal(state: LaterYearsState) -> Legal:
    p = state.prompt
    if p == P_OVER:
        return Legal.of(())
    if p == P_DEAL:
        return Legal.of((_DEAL,))
    if p == P_DRAW:
        return Legal.of((_DRAW,))
    if p == P_BID:
        return Legal.of(_bids(state))
    return Legal.of(_plays(state))


#: The legal actions of the state last asked about: ``apply`` checks the action against the
#: list its caller has just been given, without computing it again.
_legal: LegalMemo[LaterYearsState, Legal] = LegalMemo(_compute_legal)
_DEAL = Action(DEAL)
_DRAW = Action(DRAW)
_END = Action(END)
#: Bid actions by row place, amounts 0, 1, ...: built once (actions are immutable values) and
#: extended when a seat holds more coins than any before.
_BID_ROWS: dict[int, list[Action]] = {}


def _bid_row(slot: int, most: int) -> list[Action]:
    row = _BID_ROWS.setdefault(slot, [])
    if len(row) <= most:
        row.extend(Action(BID, slot=slot, amount=a) for a in range(len(row), most + 1))
    return row


def _bids(state: LaterYearsState) -> list[Action]:
    """Bids the seat can pay: no more than its coins (so the deadbeat rule never triggers).

    Made in their sorted order: by place, then amount.
    """
    coins = state.money[state.current]
    out: list[Action] = []
    for slot, (seat, amount) in enumerate(state.bids):
        lowest = 0 if seat < 0 else amount + 1
        if lowest <= coins:
            out += _bid_row(slot, coins)[lowest : coins + 1]
    return out


def _plays(state: LaterYearsState) -> list[Action]:
    data = load_data()
    seat = state.current
    draw, by_type, worth = _sorted_hand(state.hands[seat], state.shown[seat])
    out = [_END]
    if draw:
        out.append(Action(PLAY_DRAW, card=draw))
    if state.markers_used(seat) < data.markers:
        board = state.board
        for i, space_id, act, obj in _spaces_by_id(data):
            need = len(board[i]) + 1
            # A type missing from the hand, or worth fewer units than the space needs, has
            # no way to pay. Asked first because a late hand holds many types that fall
            # short (nine tenths of the spaces it could try): looking up their ways would
            # make each action of a game's last third dearer than one of its first.
            if worth.get(act, 0) >= need and worth.get(obj, 0) >= need:
                out += _tasks(space_id, by_type[act], by_type[obj], need)
    # Already in order (the end, the Draw card, then the spaces by id, each one's tasks
    # sorted): the sort only checks it, in one pass.
    return sorted(out)


@by_identity
def _spaces_by_id(data: LaterYearsData) -> tuple[tuple[int, str, str, str], ...]:
    """The task spaces (place, id, action type, object type) by id: the order of their tasks."""
    return tuple(
        sorted(
            ((i, s.id, s.action, s.object) for i, s in enumerate(data.spaces)), key=lambda t: t[1]
        )
    )


@table_memo(maxsize=8192)  # forgotten when a table closes: see hercules.games._kit.memo
def _tasks(space_id: str, act_cards: ByUnits, obj_cards: ByUnits, need: int) -> tuple[Action, ...]:
    """The task actions of one space, sorted, from the hand's cards of its two types.

    A type's cards in a hand and a space's stack change once a round at most, so a space's
    tasks are mostly found here: a late hand of many cards costs no more than an early one.
    """
    acts = _pay(act_cards, need)
    objs = _pay(obj_cards, need) if acts else ()
    return tuple(
        sorted(Action(TASK, space=space_id, cards=tuple(sorted(a + o))) for a in acts for o in objs)
    )


#: A type's cards in a hand: the singles, the doubles and the triples.
ByUnits = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


@lru_cache(maxsize=512)
def _sorted_hand(
    hand: tuple[str, ...], shown: tuple[str, ...]
) -> tuple[str, dict[str, ByUnits], dict[str, int]]:
    """What :func:`_plays` needs of a hand: the Draw card to play first ("" if none), the
    action and object cards by type and units, each group in :func:`_play_order`, and each
    type's worth in units (singles 1, doubles 2, triples 3).

    Remembered for the callers that ask about one hand again and again (a bot's look-ahead,
    the table's hints); a game played straight through meets each hand about once. The
    callers only read what it returns.
    """
    info = _card_info(load_data())
    draw = ""
    groups: dict[str, tuple[list[str], list[str], list[str]]] = {}
    # One pass in the play order: a filter of it keeps that order, as sorting each part would.
    for c in _play_order(hand, shown):
        type_id, units, is_draw = info[c]
        if is_draw:
            draw = draw or c
            continue
        group = groups.get(type_id)
        if group is None:
            group = groups[type_id] = ([], [], [])
        group[units - 1].append(c)
    # Kept by the cache and shared: tuples, so that no caller can change them.
    by_type = {t: (tuple(a), tuple(b), tuple(c)) for t, (a, b, c) in groups.items()}
    worth = {t: len(a) + 2 * len(b) + 3 * len(c) for t, (a, b, c) in groups.items()}
    return draw, by_type, worth


@by_identity
def _card_info(data: LaterYearsData) -> dict[str, tuple[str, int, bool]]:
    """Each card's type, units and whether it is a Draw card, in one look-up (per data)."""
    return {
        c: (card.type, card.units, data.types[card.type].kind == DRAW_KIND)
        for c, card in data.cards.items()
    }


def _play_order(hand: tuple[str, ...], shown: tuple[str, ...]) -> list[str]:
    """The hand in the order the game plays alike cards: the ones everybody has seen first
    (playing them reveals nothing), then by id."""
    # Two plain sorts of texts (C comparisons, no key function), the seen part first.
    seen = [c for c in hand if c in shown]
    unseen = [c for c in hand if c not in shown]
    seen.sort()
    unseen.sort()
    return seen + unseen


def _pay(by_units: ByUnits, need: int) -> tuple[tuple[str, ...], ...]:
    """The ways to pay ``need`` cards of one type, doubles counting 2 and triples 3, from the
    hand's cards of that type grouped by units (each group in :func:`_play_order`): every
    minimal choice (dropping any card would fall short), so overpaying happens exactly when
    no exact payment is chosen, and a pointless extra card never.

    Alike cards (same type and mark) are interchangeable; each way takes them in
    :func:`_play_order`, so a way is one action, not one per choice of ids.
    """
    ones, twos, threes = by_units
    return tuple(
        (*ones[:a], *twos[:b], *threes[:t])
        for a, b, t in _pay_counts(len(ones), len(twos), len(threes), need)
    )


@table_memo(maxsize=4096)
def _pay_counts(ones: int, twos: int, threes: int, need: int) -> tuple[tuple[int, int, int], ...]:
    """How many singles, doubles and triples each minimal way of :func:`_pay` takes, in its
    order: the same for every hand with as many of each (so worked out once)."""
    # A minimal way using a card of u units pays at most need - 1 + u (dropping that card
    # falls short): no more than need singles, (need + 1) // 2 doubles, (need + 2) // 3
    # triples. Counting only so far skips what the test below refuses, in the same order.
    a_most = min(ones, need)
    b_most = min(twos, (need + 1) // 2)
    t_most = min(threes, (need + 2) // 3)
    out: list[tuple[int, int, int]] = []
    for a, b, t in product(range(a_most + 1), range(b_most + 1), range(t_most + 1)):
        total = a + 2 * b + 3 * t
        used = [u for u, k in ((1, a), (2, b), (3, t)) if k]
        if not used or total < need or total - min(used) >= need:
            continue
        out.append((a, b, t))
    return tuple(out)


# --- refusals --------------------------------------------------------------------------------


def validate(state: LaterYearsState, action: object, seat: int | None = None) -> Exception | None:
    """Why ``action`` (by ``seat``, if given) would be refused, or None if it is legal.

    Any value at all is answered with an :class:`IllegalActionError`, never a crash: one
    that is not a well-formed :class:`Action` (a field of the wrong type) is ``MALFORMED``.
    """
    if (seat is None or (type(seat) is int and seat == actor(state))) and _legal(state).holds(
        action
    ):
        return None  # one of the very actions listed for this state: legal and well formed
    why = malformed(action)
    if why or not isinstance(action, Action):
        return IllegalActionError(Reason.MALFORMED, why)
    if seat is not None and type(seat) is not int:
        return IllegalActionError(Reason.MALFORMED, f"seat must be a whole number: {seat!r:.20}")
    if state.prompt == P_OVER:
        return IllegalActionError(Reason.GAME_OVER, "the game is over")
    who = actor(state)
    if seat is not None and seat != who:
        waits = "the deal or the draw" if who == AUTOMATIC else f"seat {who}"
        return IllegalActionError(
            Reason.NOT_YOUR_TURN, f"seat {seat} cannot act now: the game waits for {waits}"
        )
    if action in _legal(state).actions:
        return None
    reason, why = _why(state, action)
    return IllegalActionError(reason, why)


#: The action kinds that answer each prompt.
_ANSWERS: dict[str, frozenset[str]] = {
    P_DEAL: frozenset({DEAL}),
    P_BID: frozenset({BID}),
    P_PLAY: frozenset({TASK, PLAY_DRAW, END}),
    P_DRAW: frozenset({DRAW}),
}


def _why(state: LaterYearsState, action: Action) -> tuple[Reason, str]:
    """The most useful reason an action that is not legal is refused."""
    data = load_data()
    if action.kind == BID and state.prompt in (P_PLAY, P_DRAW):
        return Reason.ALREADY_WON, "this round's auction is over: its cards are won"
    if action.kind not in _ANSWERS[state.prompt]:
        return Reason.WRONG_DECISION, f"the game waits for {state.prompt}, not {action.kind}"
    seat = state.current
    if action.kind == BID:
        if not 0 <= action.slot < len(state.row):
            return Reason.NO_SUCH_CARD, f"the auction has no card at place {action.slot}"
        if action.amount > state.money[seat]:
            return Reason.CANNOT_AFFORD, f"a bid of {action.amount} is more than your coins"
        holder, amount = state.bids[action.slot]
        if holder >= 0 and action.amount <= amount:
            return Reason.BID_TOO_LOW, f"the standing bid is {amount}: raise by at least 1"
        return Reason.ILLEGAL, f"no such bid: {action.to_json()}"
    hand = state.hands[seat]
    if action.kind == PLAY_DRAW:
        if action.card not in hand:
            return Reason.NOT_IN_HAND, f"{action.card} is not in your hand"
        if data.type_of(action.card).kind != DRAW_KIND:
            return Reason.WRONG_CARDS, f"{action.card} is not a Draw card"
        return Reason.ILLEGAL, "alike cards are played in the game's order (seen ones first)"
    if action.kind != TASK:
        return Reason.ILLEGAL, f"{action.kind} is not possible now"
    if action.space not in data.space_at:
        return Reason.NO_SUCH_SPACE, f"no task space {action.space}"
    missing = [c for c in action.cards if c not in hand]
    if missing:
        return Reason.NOT_IN_HAND, f"{', '.join(missing)} not in your hand"
    space = data.space(action.space)
    if any(data.cards[c].type not in (space.action, space.object) for c in action.cards):
        return Reason.WRONG_CARDS, "only the task's action and object cards pay for it"
    if state.markers_used(seat) >= data.markers:
        return Reason.NO_MARKERS, "all your coins are on the board"
    need = len(state.board[data.space_at[action.space]]) + 1
    for kind_type in (space.action, space.object):
        units = sum(data.cards[c].units for c in action.cards if data.cards[c].type == kind_type)
        if units < need:
            name = data.types[kind_type].name
            return Reason.NOT_ENOUGH_CARDS, f"this task needs {need} {name} (doubles count 2)"
    return Reason.ILLEGAL, (
        "pay with a minimal set of cards, alike cards in the game's order (seen ones first)"
    )


# --- applying --------------------------------------------------------------------------------


def apply(
    state: LaterYearsState, action: Action, seat: int | None = None
) -> tuple[LaterYearsState, Events]:
    """Apply a legal action: the new state and what happened. Refused: IllegalActionError."""
    err = validate(state, action, seat)
    if err is not None:
        raise err
    ev: Events = []
    k = action.kind
    if k == DEAL:
        state = _deal(state, ev)
    elif k == BID:
        state = _bid(state, action, ev)
    elif k == TASK:
        state = _task(state, action, ev)
    elif k == PLAY_DRAW:
        state = _play_draw(state, action.card, ev)
    elif k == DRAW:
        state = _draw(state, ev)
    else:
        state = _end(state, ev)
    return state, ev


def _set(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*items[:i], value, *items[i + 1 :])


def _deal(state: LaterYearsState, ev: Events) -> LaterYearsState:
    """Deal one card a player: all face up but the last (its id stays out of the events)."""
    n = state.n
    row, deck = state.deck[:n], state.deck[n:]
    ev.append(Event("dealt", cards=row[:-1], n=n, slot=n - 1))
    return state.with_(
        prompt=P_BID,
        round=state.round + 1,
        row=row,
        deck=deck,
        bids=(NO_BID,) * n,
        current=state.pawn,
    )


def _bid(state: LaterYearsState, action: Action, ev: Events) -> LaterYearsState:
    seat, slot, amount = state.current, action.slot, action.amount
    money = state.money
    holder, old = state.bids[slot]
    if holder >= 0:
        # Outbid: the coins go straight back (the text lets her ask for them; no one refuses).
        money = _set(money, holder, money[holder] + old)
        ev.append(Event("outbid", seat=holder, slot=slot, n=old))
    money = _set(money, seat, money[seat] - amount)
    bids = _set(state.bids, slot, (seat, amount))
    ev.append(Event("bid", seat=seat, slot=slot, n=amount))
    state = state.with_(money=money, bids=bids)
    if all(s >= 0 for s, _ in bids):
        return _resolve(state, ev)
    # The turn passes left to the next player without a standing bid (ruling 1).
    nxt = state.left_of(seat)
    while state.standing(nxt) >= 0:
        nxt = state.left_of(nxt)
    return state.with_(current=nxt)


def _resolve(state: LaterYearsState, ev: Events) -> LaterYearsState:
    """Every card has a bidder: each pays (the coins on the card go to the bank) and takes it.

    The face-down card goes to its winner unseen by the others; the rest are public.
    """
    hands = list(state.hands)
    shown = list(state.shown)
    spent = list(state.spent)
    last = len(state.row) - 1
    for slot, (card, (seat, amount)) in enumerate(zip(state.row, state.bids, strict=True)):
        hands[seat] = tuple(sorted((*hands[seat], card)))
        if slot != last:
            shown[seat] = tuple(sorted((*shown[seat], card)))
        spent[seat] += amount
        ev.append(Event("won", seat=seat, slot=slot, n=amount, card=card if slot != last else ""))
    return state.with_(
        prompt=P_PLAY,
        row=(),
        bids=(),
        hands=tuple(hands),
        shown=tuple(shown),
        spent=tuple(spent),
        current=state.pawn,
    )


def _discard(state: LaterYearsState, seat: int, cards: tuple[str, ...]) -> LaterYearsState:
    hand = tuple(c for c in state.hands[seat] if c not in cards)
    shown = tuple(c for c in state.shown[seat] if c not in cards)
    return state.with_(
        hands=_set(state.hands, seat, hand),
        shown=_set(state.shown, seat, shown),
        discard=(*state.discard, *cards),
    )


def _task(state: LaterYearsState, action: Action, ev: Events) -> LaterYearsState:
    """Pay the cards, put a coin on top of the space's stack, collect the fee from the bank."""
    data = load_data()
    seat = state.current
    i = data.space_at[action.space]
    fee = data.spaces[i].fee
    state = _discard(state, seat, action.cards)
    board = _set(state.board, i, (*state.board[i], seat))
    state = state.with_(board=board, money=_set(state.money, seat, state.money[seat] + fee))
    ev.append(Event("task", seat=seat, n=fee, cards=action.cards, space=action.space))
    return state


def _play_draw(state: LaterYearsState, card: str, ev: Events) -> LaterYearsState:
    ev.append(Event("play_draw", seat=state.current, card=card))
    return _discard(state, state.current, (card,)).with_(prompt=P_DRAW)


def _draw(state: LaterYearsState, ev: Events) -> LaterYearsState:
    """Take the Draw card's cards (what is left if the deck is short: assumed), unseen."""
    seat = state.current
    got, deck = state.deck[: load_data().draw_amount], state.deck[load_data().draw_amount :]
    hand = tuple(sorted((*state.hands[seat], *got)))
    ev.append(Event("drew", seat=seat, n=len(got)))
    hands = _set(state.hands, seat, hand)
    return state.with_(prompt=P_PLAY, deck=deck, hands=hands)


def _end(state: LaterYearsState, ev: Events) -> LaterYearsState:
    """The player's plays are over; after the last of the round the pawn passes left."""
    ev.append(Event("end", seat=state.current))
    nxt = state.left_of(state.current)
    if nxt != state.pawn:
        return state.with_(current=nxt)
    pawn = state.left_of(state.pawn)
    ev.append(Event("pawn", seat=pawn))
    state = state.with_(pawn=pawn, current=pawn, prompt=P_DEAL)
    if len(state.deck) < state.n:
        # Ruling 9: the deck cannot supply a full auction: the game ends at once.
        ev.append(Event("over", n=len(state.deck)))
        return state.with_(prompt=P_OVER, current=AUTOMATIC)
    return state


__all__ = ["AUTOMATIC", "actor", "apply", "legal_actions", "new_game", "validate"]

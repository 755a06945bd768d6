"""A game's state as a JSON document, and back, with every field checked.

``state_from_json`` accepts exactly what ``state_to_json`` writes for a state the rules can
reach: any other document raises :class:`InvalidStateError` saying where it is wrong. Views
(``view_for``) write documents too; their hidden cards make them unreadable here, and
``view_from_json`` reads them (what a client of the table server is sent).

Documents are versioned (:data:`FORMAT`, the games' kit's :class:`StateFormat`):
``state_to_json`` stamps ``"version"``, ``state_from_json`` reads the current version only,
and ``upgrade_state`` moves an older document forward (or refuses it, naming its version).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hercules.games._kit.fields import Fields
from hercules.games._kit.rng import MASK64
from hercules.games._kit.versions import StateFormat, Step, Upgraded

from .data import DRAW, load_data
from .errors import InvalidStateError
from .state import (
    HIDDEN,
    NO_BID,
    P_BID,
    P_DEAL,
    P_DRAW,
    P_OVER,
    PROMPTS,
    LaterYearsConfig,
    LaterYearsState,
)

_KEYS = (
    "config",
    "seed",
    "rng",
    "prompt",
    "round",
    "pawn",
    "current",
    "money",
    "spent",
    "deck",
    "row",
    "bids",
    "hands",
    "shown",
    "discard",
    "board",
)
_MOST_COINS = 10**6

#: The state document's versions. Version 1 (no ``"version"`` key: the documents written
#: before versions existed) has the same fields as version 2; no rules changed between them.
FORMAT = StateFormat(version=2, error=InvalidStateError, steps={1: Step()})


def state_to_json(state: LaterYearsState) -> dict[str, Any]:
    """The state as a JSON-ready document (``"version"`` first: :data:`FORMAT`)."""
    return FORMAT.stamp(
        {
            "config": state.config.to_json(),
            "seed": state.seed,
            "rng": state.rng,
            "prompt": state.prompt,
            "round": state.round,
            "pawn": state.pawn,
            "current": state.current,
            "money": list(state.money),
            "spent": list(state.spent),
            "deck": list(state.deck),
            "row": list(state.row),
            "bids": [[s, a] for s, a in state.bids],
            "hands": [list(h) for h in state.hands],
            "shown": [list(h) for h in state.shown],
            "discard": list(state.discard),
            "board": [list(stack) for stack in state.board],
        }
    )


def upgrade_state(doc: Any) -> Upgraded:
    """A state document of any version still read, in the current format (``Upgraded``:
    the document, the version it was written in, the rules fixes since); a document of
    another version, or none, raises :class:`InvalidStateError` naming it."""
    return FORMAT.upgrade(doc)


#: Field checks whose refusals read "state: ..." as :class:`InvalidStateError`.
_F = Fields("state", InvalidStateError)


def _bad(what: str) -> Exception:
    return _F.bad(what)


def _cards(value: Any, what: str, hidden: bool = False) -> tuple[str, ...]:
    cards = load_data().cards
    allowed: Any = {*cards, HIDDEN} if hidden else cards
    return tuple(_F.one_of(c, allowed, f"{what}: card") for c in _F.listed(value, what, len(cards)))


def state_from_json(doc: Any) -> LaterYearsState:
    """Rebuild a state from its document; :class:`InvalidStateError` if it is not one.

    Only a document of the current version is read (an older one goes through
    :func:`upgrade_state` first).
    """
    return _read(doc, view=False)


def view_from_json(doc: Any) -> LaterYearsState:
    """Rebuild a seat's view from its document (:func:`~.view.view_for`'s, as the table
    server sends it): a state document whose hidden cards are :data:`HIDDEN`, with every
    public field checked as :func:`state_from_json` checks it. For looking and for the
    seat's own legal actions; never a playable state."""
    return _read(doc, view=True)


def _read(doc: Any, view: bool) -> LaterYearsState:
    data = load_data()
    doc = _F.keys(FORMAT.check(doc), _KEYS, "the state's fields")
    cfg = _F.keys(doc["config"], ("players", "chains"), "config's players and chains")
    try:
        config = LaterYearsConfig(cfg["players"], cfg["chains"])
    except (ValueError, TypeError) as exc:
        raise _bad(f"config: {exc}") from None
    n = config.players
    seed = _F.whole(doc["seed"], -(2**63), 2**63, "seed")
    prompt = _F.one_of(doc["prompt"], PROMPTS, "prompt")
    bids = []
    for item in _F.listed(doc["bids"], "bids", n):
        seat, amount = _F.listed(item, "a bid [seat, amount]", 2, 2)
        bids.append(
            (_F.whole(seat, -1, n - 1, "a bidder"), _F.whole(amount, 0, _MOST_COINS, "a bid"))
        )
    spaces = len(data.spaces)
    board = []
    for stack in _F.listed(doc["board"], "board", spaces, spaces):
        board.append(
            tuple(_F.whole(s, 0, n - 1, "a coin's seat") for s in _F.listed(stack, "a stack", 100))
        )

    def coins(key: str) -> tuple[int, ...]:
        return tuple(_F.whole(m, 0, _MOST_COINS, key) for m in _F.listed(doc[key], key, n, n))

    state = LaterYearsState(
        config=config,
        seed=seed,
        rng=_F.whole(doc["rng"], 0, MASK64, "rng"),
        prompt=prompt,
        round=_F.whole(doc["round"], 0, len(data.cards), "round"),
        pawn=_F.whole(doc["pawn"], 0, n - 1, "pawn"),
        current=_F.whole(doc["current"], -1, n - 1, "current"),
        money=coins("money"),
        spent=coins("spent"),
        deck=_cards(doc["deck"], "deck", view),
        row=_cards(doc["row"], "row", view),
        bids=tuple(bids),
        hands=tuple(_cards(h, "a hand", view) for h in _F.listed(doc["hands"], "hands", n, n)),
        shown=tuple(_cards(h, "shown cards") for h in _F.listed(doc["shown"], "shown", n, n)),
        discard=_cards(doc["discard"], "discard"),
        board=tuple(board),
    )
    _consistent(state, view)
    return state


def _consistent(s: LaterYearsState, view: bool = False) -> None:
    """What the fields say together must be a state the rules can reach (in a view: its
    hidden cards stand for the ones it does not name, and a hand shows its face-up cards
    first)."""
    data = load_data()
    n = s.n
    everywhere = Counter((*s.deck, *s.row, *(c for h in s.hands for c in h), *s.discard))
    hidden = everywhere.pop(HIDDEN, 0)
    if (
        (not view and set(everywhere) != set(data.cards))
        or any(k != 1 for k in everywhere.values())
        or sum(everywhere.values()) + hidden != len(data.cards)
    ):
        raise _bad("every card must be in exactly one place (deck, row, hands, discard)")
    for hand, shown in zip(s.hands, s.shown, strict=True):
        if HIDDEN in hand:
            hand = hand[: len(shown)]  # a view of another's hand: its face-up cards, then ?s
        if list(hand) != sorted(hand) or list(shown) != sorted(shown):
            raise _bad("hands and shown cards are sorted")
        if not set(shown) <= set(hand) or len(set(shown)) != len(shown):
            raise _bad("a shown card must be in its hand")
    for seat in range(n):
        if s.markers_used(seat) > data.markers:
            raise _bad(f"seat {seat} has more coins on the board than it owns")
        bid = s.bids[s.standing(seat)][1] if s.standing(seat) >= 0 else 0
        if s.money[seat] != data.money_start + s.fees_earned(seat) - s.spent[seat] - bid:
            raise _bad(f"seat {seat}'s coins do not match its fees, payments and bid")
    # Each deal takes n cards; each Draw card played took 2 more (fewer only as the deck ran
    # dry). A Draw card waiting to be drawn for has taken none yet.
    draws = sum(data.type_of(c).kind == DRAW for c in s.discard)
    if s.prompt == P_DRAW:
        if not s.discard or data.type_of(s.discard[-1]).kind != DRAW:
            raise _bad("a draw waits for a Draw card just played")
        draws -= 1
    drawn = len(data.cards) - len(s.deck) - s.round * n
    if drawn < 0 or drawn > draws * data.draw_amount:
        raise _bad("the deck does not match the rounds dealt and the Draw cards played")
    if drawn != draws * data.draw_amount and s.deck:
        raise _bad("a Draw card took fewer cards while the deck held more")
    if s.prompt == P_BID:
        if len(s.row) != n or len(s.bids) != n or s.round < 1:
            raise _bad("an auction has one card and one bid place per player")
        bidders = [b for b, _ in s.bids if b >= 0]
        if len(set(bidders)) != len(bidders) or len(bidders) == n:
            raise _bad("each player holds one standing bid at most, and one is still to bid")
        if any(b < 0 and (b, a) != NO_BID for b, a in s.bids):
            raise _bad("a place nobody bids on holds no coins")
        if s.current < 0 or s.standing(s.current) >= 0:
            raise _bad("the seat to bid holds no standing bid")
        if not bidders and s.current != s.pawn:
            raise _bad("the pawn holder bids first")
    elif s.row or s.bids:
        raise _bad("cards are up for auction only while bidding")
    if s.prompt == P_DEAL and (len(s.deck) < n or s.current != s.pawn):
        raise _bad("a deal needs a full row in the deck, and the pawn holder bids first")
    if s.prompt == P_OVER and (len(s.deck) >= n or s.current != -1 or s.round < 1):
        raise _bad("the game ends only when the deck cannot supply a full auction")
    if s.prompt not in (P_OVER,) and s.current < 0:
        raise _bad("a game under way has a seat to act")
    if s.round == 0 and (s.prompt != P_DEAL or any(s.hands) or s.discard or any(s.board)):
        raise _bad("before the first auction nothing has been played")

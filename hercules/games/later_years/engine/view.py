"""What one seat may see (ruling 5): bots and the table are only ever given this.

Public: coins, the bids, the board, the discards, hand sizes, and the cards each player won
face up (still in hand). Hidden, each card replaced by :data:`HIDDEN`: the deck (order and
contents: its contents with the discards would tell the others' hidden cards), the face-down
auction card until won (then only its winner sees it), the other hands' cards not won face up.
The seed and the generator are zeroed too: either would rebuild the deck's order.

Events (:func:`redact`) are written with public facts only, so each seat learns of them as
they are: the deal names the face-up cards, a card won is named only if it lay face up, a
draw says how many cards, not which.
"""

from __future__ import annotations

from .actions import Event
from .data import load_data
from .state import HIDDEN, P_BID, LaterYearsState

#: The events whose cards every seat may see: ``dealt`` names the face-up cards of the row
#: (never the face-down one), ``won`` a card only if it lay face up (``""`` for the face-down
#: card), ``task`` and ``play_draw`` the cards played face up to the discard.
PUBLIC_CARDS: frozenset[str] = frozenset({"dealt", "won", "task", "play_draw"})
#: The events that name no card: ``drew`` says how many cards were taken, not which.
NO_CARDS: frozenset[str] = frozenset({"bid", "outbid", "drew", "end", "pawn", "over"})
#: Every kind of event the rules write (``rules.py``).
EVENT_KINDS: frozenset[str] = PUBLIC_CARDS | NO_CARDS


def _is_seat(seat: object) -> bool:
    return type(seat) is int  # not a bool, a float or a text that compares like one


def view_for(state: LaterYearsState, seat: int) -> LaterYearsState:
    """The state as ``seat`` may see it (``seat`` -1: a spectator, who sees no hand).

    Two states that differ only in what ``seat`` may not see give equal views. A view is for
    looking and for the viewer's own legal actions; it is not a playable state (its hidden
    cards are placeholders), and ``state_from_json`` refuses its document.
    """
    if not _is_seat(seat) or not -1 <= seat < state.n:
        raise ValueError(f"no seat {seat} in a game of {state.n}")
    row = state.row
    if row and state.prompt == P_BID:
        row = (*row[:-1], HIDDEN)
    hands = tuple(
        hand if s == seat else (*state.shown[s], *(HIDDEN,) * (len(hand) - len(state.shown[s])))
        for s, hand in enumerate(state.hands)
    )
    return state.with_(
        seed=0,
        rng=0,
        deck=(HIDDEN,) * len(state.deck),
        row=row,
        hands=hands,
    )


def redact(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` (-1: a spectator) may learn of it.

    The rules' events name public cards only (:data:`EVENT_KINDS`), so each comes back the
    same value. An event of any other kind is treated as private to its own seat: the
    cards it names are :data:`HIDDEN` to every other seat (the safe side, should a kind
    that names a drawn card ever be added without a rule for it here).
    """
    if not isinstance(event, Event):
        raise TypeError(f"not an event of the game: {str(event)[:60]}")
    if not _is_seat(seat) or not -1 <= seat < load_data().players_max:
        raise ValueError(f"no seat {seat} in any game of the Later Years")
    if event.kind in EVENT_KINDS or seat == event.seat >= 0:
        return event
    card = HIDDEN if event.card else ""
    return event._replace(card=card, cards=(HIDDEN,) * len(event.cards))


__all__ = ["EVENT_KINDS", "HIDDEN", "NO_CARDS", "PUBLIC_CARDS", "redact", "view_for"]

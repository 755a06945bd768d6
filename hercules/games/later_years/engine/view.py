"""What one seat may see (ruling 5): bots and the table are only ever given this.

Public: coins, the bids, the board, the discards, hand sizes, and the cards each player won
face up (still in hand). Hidden, each card replaced by :data:`HIDDEN`: the deck (order and
contents: its contents with the discards would tell the others' hidden cards), the face-down
auction card until won (then only its winner sees it), the other hands' cards not won face up.
The seed and the generator are zeroed too: either would rebuild the deck's order.
"""

from __future__ import annotations

from .state import HIDDEN, P_BID, LaterYearsState


def view_for(state: LaterYearsState, seat: int) -> LaterYearsState:
    """The state as ``seat`` may see it (``seat`` -1: a spectator, who sees no hand).

    Two states that differ only in what ``seat`` may not see give equal views. A view is for
    looking and for the viewer's own legal actions; it is not a playable state (its hidden
    cards are placeholders), and ``state_from_json`` refuses its document.
    """
    if not -1 <= seat < state.n:
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


__all__ = ["HIDDEN", "view_for"]

"""Typed errors of the Later Years engine. None of them leaves a state half-changed.

Each is the games' kit's error of its kind (:mod:`hercules.games._kit.errors`) as well as a
:class:`LaterYearsError`, so the shell's ``error_types`` is the kit's ``(GameError,)``.
"""

from __future__ import annotations

from enum import StrEnum

from hercules.games._kit import errors as kit


class LaterYearsError(kit.GameError):
    """Base class of every error the engine raises on purpose."""


class LaterYearsDataError(LaterYearsError, kit.DataError):
    """The shipped component data is wrong (a card, a count, a board space)."""


class InvalidStateError(LaterYearsError, kit.InvalidStateError):
    """A state document that is malformed or describes an impossible game."""


class MalformedActionError(LaterYearsError, kit.MalformedActionError):
    """An action document or value that is not a well-formed :class:`Action`."""


class Reason(StrEnum):
    """Why an action was refused (the table shows it next to the card or the bid)."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"  #: another seat (or the controller) acts now
    WRONG_DECISION = "wrong_decision"  #: the game waits for another kind of decision
    CANNOT_AFFORD = "cannot_afford"  #: a bid above the bidder's coins (the deadbeat bid)
    BID_TOO_LOW = "bid_too_low"  #: a raise must add at least one coin to the standing bid
    NO_SUCH_CARD = "no_such_card"  #: no card of the auction row has that place
    ALREADY_WON = "already_won"  #: the auction is over: its cards are won
    NOT_IN_HAND = "not_in_hand"  #: a card the player does not hold
    WRONG_CARDS = "wrong_cards"  #: cards that are not that task's action and object
    NOT_ENOUGH_CARDS = "not_enough_cards"  #: too few action or object cards for that repeat
    NO_MARKERS = "no_markers"  #: all the player's marker coins are on the board
    NO_SUCH_SPACE = "no_such_space"
    ILLEGAL = "illegal"  #: anything else that is not among the legal actions
    MALFORMED = "malformed"


class IllegalActionError(LaterYearsError, kit.IllegalActionError):
    """An action that is not among the legal actions; ``reason`` says why (a :class:`Reason`)."""

    reason: Reason

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(reason, message)

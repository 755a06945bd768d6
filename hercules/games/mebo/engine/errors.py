"""Typed errors raised by the engine. None of them leaves a state half-changed."""

from __future__ import annotations

from enum import StrEnum


class HerculesError(Exception):
    """Base class of every error the engine raises on purpose."""


class CardDataError(HerculesError):
    """The shipped card or board data is wrong (deck sizes, torches, fields)."""


class UnknownCardError(HerculesError, KeyError):
    """A card id that is not in the card data."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown card"


class InvalidStateError(HerculesError, ValueError):
    """A state document that is malformed or describes an impossible game."""


class MalformedActionError(HerculesError, ValueError):
    """An action document or value that is not a well-formed :class:`Action`."""


class Reason(StrEnum):
    """Why an action was refused."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_DECISION = "wrong_decision"
    ILLEGAL = "illegal"
    MALFORMED = "malformed"


class IllegalActionError(HerculesError, ValueError):
    """An action that is not among the legal actions of the state.

    ``reason`` says why, as a :class:`Reason`; the state passed to ``apply``
    is unchanged.
    """

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason

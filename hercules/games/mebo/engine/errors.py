"""Typed errors raised by the engine. None of them leaves a state half-changed.

Each is the box's error of its kind (``hercules.games._kit.errors``) and a
:class:`HerculesError`, so the shell catches every game's errors as ``GameError`` and this
game's code can still tell its own.
"""

from __future__ import annotations

from enum import StrEnum

from hercules.games._kit import errors as _kit


class HerculesError(_kit.GameError):
    """Base class of every error the engine raises on purpose."""


class CardDataError(HerculesError, _kit.DataError):
    """The shipped card or board data is wrong (deck sizes, torches, fields)."""


class UnknownCardError(HerculesError, KeyError):
    """A card id that is not in the card data."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown card"


class InvalidStateError(HerculesError, _kit.InvalidStateError):
    """A state document that is malformed or describes an impossible game."""


class MalformedActionError(HerculesError, _kit.MalformedActionError):
    """An action document or value that is not a well-formed :class:`Action`."""


class Reason(StrEnum):
    """Why an action was refused."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_DECISION = "wrong_decision"
    ILLEGAL = "illegal"
    MALFORMED = "malformed"


class IllegalActionError(HerculesError, _kit.IllegalActionError):
    """An action that is not among the legal actions of the state.

    ``reason`` says why, as a :class:`Reason`; the state passed to ``apply``
    is unchanged.
    """

    reason: Reason

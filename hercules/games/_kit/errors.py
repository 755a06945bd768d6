"""The errors every game's engine raises on purpose, one base for the box.

A game's ``error_types`` is ``(GameError,)``: the shell tells these (bad data, a refused
action) from bugs. None of them leaves a state half-changed. A game keeps its own
``Reason`` enum (why an action is refused, for its table's words) and may subclass these.
"""

from __future__ import annotations

from enum import Enum


class GameError(Exception):
    """Base class of every error a game's engine raises on purpose."""


class DataError(GameError):
    """The shipped component data is wrong (a card, a count, a board space)."""


class InvalidStateError(GameError, ValueError):
    """A state document that is malformed or describes an impossible game."""


class MalformedActionError(GameError, ValueError):
    """An action document or value that is not a well-formed action of the game."""


class IllegalActionError(GameError, ValueError):
    """An action that is not among the legal actions; ``reason`` says why (the game's own
    ``Reason`` enum member)."""

    def __init__(self, reason: Enum, message: str) -> None:
        super().__init__(message)
        self.reason = reason


__all__ = [
    "DataError",
    "GameError",
    "IllegalActionError",
    "InvalidStateError",
    "MalformedActionError",
]

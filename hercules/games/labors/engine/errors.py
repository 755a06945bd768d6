"""Typed errors of the Labors engine. None of them leaves a state half-changed.

Each is one of the box's kit errors (:mod:`hercules.games._kit.errors`) as well as a
:class:`LaborsError`, so the shell's ``error_types`` is the kit's ``(GameError,)`` while the
engine's own code and tests may still catch the Labors ones.
"""

from __future__ import annotations

from enum import StrEnum

from hercules.games._kit import errors as _kit


class LaborsError(_kit.GameError):
    """Base class of every error the engine raises on purpose."""


class LaborsDataError(LaborsError, _kit.DataError):
    """The shipped component data is wrong (a track, an ability, a reference)."""


class InvalidStateError(LaborsError, _kit.InvalidStateError):
    """A state document that is malformed or describes an impossible game."""


class MalformedActionError(LaborsError, _kit.MalformedActionError):
    """An action document or value that is not a well-formed :class:`Action`."""


class Reason(StrEnum):
    """Why an action was refused (the table shows it next to the die)."""

    GAME_OVER = "game_over"
    WRONG_DECISION = "wrong_decision"  #: the game waits for another kind of decision
    NO_DIE = "no_die"  #: a die that is not free (placed, spent, set aside, or not there)
    SPACE_USED = "space_used"  #: a blue or gold space already used this roll
    BLUE_AFTER_GOLD = "blue_after_gold"  #: blue abilities come before gold ones and attacks
    DIE_USED_BLUE = "die_used_blue"  #: a die goes on one blue space a roll
    COVERED = "covered"  #: the Reward is covered by the Ghost of Pholus this trial
    NO_COURAGE = "no_courage"  #: the Courage cost would bring Courage to 0
    NOT_MET = "not_met"  #: the dice do not meet the attack method or the gold space's need
    BEATEN = "beaten"  #: that Trial die is already at 0
    ILLEGAL = "illegal"  #: anything else that is not among the legal actions
    MALFORMED = "malformed"  #: not a well-formed action (a field of the wrong type or range)


class IllegalActionError(LaborsError, _kit.IllegalActionError):
    """An action that is not among the legal actions; ``reason`` says why (a :class:`Reason`)."""

    reason: Reason

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(reason, message)

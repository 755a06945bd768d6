"""What one seat of a run may see: the player's view (seat 0) and a spectator's (-1).

The contract's ``view`` and ``redact`` for the Labors game (the adapter offers them; the
bots, the solver, hints and the table get only the view).
"""

from __future__ import annotations

from hercules.games._kit.fields import is_whole

from .actions import Event
from .state import LaborsState

PLAYER = 0  #: the one seat of a run
SPECTATOR = -1  #: the seat of someone who plays no seat


def _check_seat(seat: object) -> None:
    if not is_whole(seat) or seat not in (PLAYER, SPECTATOR):
        raise ValueError(
            f"a run has seat {PLAYER} (the player) and {SPECTATOR} (a spectator), not {seat!r}"
        )


def view(state: LaborsState, seat: int) -> LaborsState:
    """The state as ``seat`` may see it: the player (0) and a spectator (-1) see the same.

    Hidden: the Mood deck's order (its contents are public, so the view lists them sorted),
    the seed and the generator's state (both 0: either would tell every shuffle and roll
    to come). Everything else is on the table. Bots, hints and logs get this view; a view
    of a view is itself. ``ValueError`` for any other seat.
    """
    _check_seat(seat)
    return state.with_(mood_deck=tuple(sorted(state.mood_deck)), seed=0, rng=0)


#: Every kind of event the rules emit; none holds anything hidden (see :func:`redact`).
PUBLIC_EVENTS: frozenset[str] = frozenset(
    {
        # a Mood once drawn, or put under the deck in sight (Zeus' Disregard)
        "mood",
        "redraw",
        # the faces on the table
        "rolled",
        "rerolled",
        "aside",
        # what the player did
        "kept",
        "abderus",
        "covered",
        "blue",
        "set",
        "twin",
        "gold",
        "attack",
        "resolve",
        "reward",
        "removed",
        # what the trial did to Hercules, and the run's course
        "trial",
        "courage",
        "divinity",
        "moved",
        "heal",
        "hurt",
        "broken",
        "adv",
        "skull",
        "endless",
        "beaten",
        "over",
    }
)


def redact(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may learn of it: the same event, for every kind.

    Nothing is hidden: no event tells the Mood deck's order or the generator (a drawn Mood
    is public once drawn, a roll's faces are on the table); :data:`PUBLIC_EVENTS` lists
    every kind. ``ValueError`` for a seat the run does not have.
    """
    _check_seat(seat)
    return event


__all__ = ["PLAYER", "PUBLIC_EVENTS", "SPECTATOR", "redact", "view"]

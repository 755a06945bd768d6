"""The solo variant: one hero against Hades, the automaton of seat 1 (see ``hades.py``)."""

from __future__ import annotations

from ..actions import HADES, Action, Event
from ..hades import hades_turn
from ..state import P_HADES, GameState
from ..turn import end_turn
from .base import Handler, Offer
from .standard import StandardVariant


def hades_actions(s: GameState) -> tuple[Action, ...]:
    """Hades' turn is one automatic action."""
    return (Action(HADES),)


def play_hades(s: GameState, act: Action, events: list[Event]) -> None:
    """Hades plays his whole turn from his dice; then the turn ends."""
    hades_turn(s, events)
    end_turn(s, events)


class SoloVariant(StandardVariant):
    """Two seats: the hero (0) and Hades (1), who rolls the white die in phase 1 (ruling 12)."""

    name = "solo"
    description = "mode.help.solo"
    player_counts = (2,)
    players_error = "solo mode has exactly two seats: the hero and Hades"
    hades_seat = 1
    white_in_roll = True
    prompts: dict[str, Offer] = {**StandardVariant.prompts, P_HADES: hades_actions}
    handlers: dict[str, Handler] = {**StandardVariant.handlers, HADES: play_hades}


SOLO = SoloVariant()

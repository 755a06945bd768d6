"""The *Hercules: The Later Years* rules engine: pure, deterministic, headless.

It never imports pygame or does I/O beyond reading its own component data::

    state = new_game(LaterYearsConfig(players=3), seed=7)
    while not state.is_terminal:
        state, events = apply(state, legal_actions(state)[0])
    print(score(state).winners)

Bots and the table see a game only through a seat's view (``view_for(state, seat)``, the
contract's ``RULES.view``); ``RULES.redact(event, seat)`` is an event as a seat learns of it.
"""

from .actions import CHANCE, Action, Event
from .adapter import RULES, LaterYearsRules
from .chains import max_chains, max_flow, minimal_chains
from .data import LaterYearsData, load_data, parse_data
from .errors import (
    IllegalActionError,
    InvalidStateError,
    LaterYearsDataError,
    LaterYearsError,
    MalformedActionError,
    Reason,
)
from .rules import actor, apply, legal_actions, new_game, validate
from .scoring import Score, SeatScore, coin_counts, score
from .state import HIDDEN, PROMPTS, LaterYearsConfig, LaterYearsState
from .state_json import state_from_json, state_to_json
from .view import view_for

__all__ = [
    "CHANCE",
    "HIDDEN",
    "PROMPTS",
    "RULES",
    "Action",
    "Event",
    "IllegalActionError",
    "InvalidStateError",
    "LaterYearsConfig",
    "LaterYearsData",
    "LaterYearsDataError",
    "LaterYearsError",
    "LaterYearsRules",
    "LaterYearsState",
    "MalformedActionError",
    "Reason",
    "Score",
    "SeatScore",
    "actor",
    "apply",
    "coin_counts",
    "legal_actions",
    "load_data",
    "max_chains",
    "max_flow",
    "minimal_chains",
    "new_game",
    "parse_data",
    "score",
    "state_from_json",
    "state_to_json",
    "validate",
    "view_for",
]

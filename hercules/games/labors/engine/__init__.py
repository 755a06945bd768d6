"""The *Hercules and the 12 Labors* rules engine: pure, deterministic, headless.

It never imports pygame or does I/O beyond reading its own component data::

    state = new_game(LaborsConfig("hero"), seed=7)
    while not state.is_terminal:
        state, events = apply(state, legal_actions(state)[0])
"""

from .actions import Action, Event
from .adapter import RULES, LaborsRules
from .data import LaborsData, load_data, parse_data
from .errors import (
    IllegalActionError,
    InvalidStateError,
    LaborsDataError,
    LaborsError,
    MalformedActionError,
    Reason,
)
from .rules import apply, legal_actions, new_game, redact, validate, view
from .state import DIFFICULTIES, LaborsConfig, LaborsState
from .state_json import state_from_json, state_to_json

__all__ = [
    "DIFFICULTIES",
    "RULES",
    "Action",
    "Event",
    "IllegalActionError",
    "InvalidStateError",
    "LaborsConfig",
    "LaborsData",
    "LaborsDataError",
    "LaborsError",
    "LaborsRules",
    "LaborsState",
    "MalformedActionError",
    "Reason",
    "apply",
    "legal_actions",
    "load_data",
    "new_game",
    "parse_data",
    "redact",
    "state_from_json",
    "state_to_json",
    "validate",
    "view",
]

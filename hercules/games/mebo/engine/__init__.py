"""The Hercules rules engine: pure, deterministic, headless.

It never imports pygame, pygame_gui or platformdirs and does no I/O beyond
reading its own card data. The public API::

    state = new_game(GameConfig(players=4), seed=7)
    while not state.is_terminal:
        action = legal_actions(state)[0]
        state, events = apply(state, action)
    result = score(state)

The rules of each mode are a :class:`Variant` in ``VARIANTS`` (``.variants``):
``GameConfig(players, mode).variant`` is the one in force, and ``register_variant`` adds one.
"""

from .actions import Action, Event
from .cards import (
    Card,
    CardSet,
    Deck,
    PnpRules,
    card_set,
    labour_names,
    parse_card_data,
    parse_pnp_data,
    pnp_rules,
)
from .errors import (
    CardDataError,
    HerculesError,
    IllegalActionError,
    InvalidStateError,
    MalformedActionError,
    Reason,
    UnknownCardError,
)
from .invariants import check_invariants
from .results import PlayerScore, ScoreResult
from .rules import apply, labour_result, legal_actions, new_game, replay, validate
from .scoring import score, symbol_counts, tiebreaks
from .state import (
    CHANCE,
    MODES,
    PNP,
    SIMPLIFIED,
    SOLO,
    STANDARD,
    GameConfig,
    GameState,
    PlayerState,
)
from .state_json import state_from_json
from .variants import VARIANTS, Variant, find_variant, register_variant
from .variants import builtin as _builtin  # registers standard, simplified, solo and pnp

del _builtin

__all__ = [
    "Action",
    "CHANCE",
    "Card",
    "CardDataError",
    "CardSet",
    "Deck",
    "Event",
    "GameConfig",
    "GameState",
    "HerculesError",
    "IllegalActionError",
    "InvalidStateError",
    "MODES",
    "MalformedActionError",
    "PNP",
    "PlayerScore",
    "PlayerState",
    "PnpRules",
    "Reason",
    "SIMPLIFIED",
    "SOLO",
    "STANDARD",
    "ScoreResult",
    "UnknownCardError",
    "VARIANTS",
    "Variant",
    "apply",
    "card_set",
    "check_invariants",
    "find_variant",
    "labour_names",
    "labour_result",
    "legal_actions",
    "new_game",
    "parse_card_data",
    "parse_pnp_data",
    "pnp_rules",
    "register_variant",
    "replay",
    "score",
    "state_from_json",
    "symbol_counts",
    "tiebreaks",
    "validate",
]

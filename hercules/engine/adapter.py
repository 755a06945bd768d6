"""The engine seen through the application shell's ``Rules`` protocol."""

from __future__ import annotations

from typing import Any

from . import rules
from .state import P_GAME_OVER, P_HADES, P_ROLL, GameState

AUTOMATIC = -1


class HerculesRules:
    """Adapter: the shell's generic controller drives the Hercules engine through this."""

    name = "hercules"

    def legal_actions(self, state: GameState) -> list[Any]:
        """Every legal action, sorted."""
        return rules.legal_actions(state)

    def apply(self, state: GameState, action: Any, seat: int | None = None) -> tuple[Any, list]:
        """Apply a legal action."""
        return rules.apply(state, action, seat)

    def validate(self, state: GameState, action: Any, seat: int | None = None) -> Exception | None:
        """Why the action would be refused, or None."""
        return rules.validate(state, action, seat)

    def actor(self, state: GameState) -> int:
        """The deciding seat, or AUTOMATIC for the roll, Hades and the end."""
        if state.prompt in (P_ROLL, P_HADES, P_GAME_OVER):
            return AUTOMATIC
        return state.current

    def is_terminal(self, state: GameState) -> bool:
        """True when the game is over."""
        return state.is_terminal


RULES = HerculesRules()

"""The Later Years engine seen through the shell's ``Rules`` protocol (play, save, list, replay)."""

from __future__ import annotations

from typing import Any

from . import rules
from .actions import Action
from .errors import InvalidStateError, LaterYearsError
from .scoring import score
from .state import P_BID, LaterYearsConfig, LaterYearsState
from .state_json import state_from_json, state_to_json
from .view import view_for

AUTOMATIC = rules.AUTOMATIC
GAME_ID = "later_years"


class LaterYearsRules:
    """Adapter: the shell's generic controller drives the Later Years engine through this."""

    name = GAME_ID
    #: The engine's errors that mean the data is bad (malformed, impossible or illegal).
    error_types: tuple[type[Exception], ...] = (LaterYearsError,)

    def legal_actions(self, state: LaterYearsState) -> list[Any]:
        """Every legal action, sorted."""
        return list(rules.legal_actions(state))

    def apply(
        self, state: LaterYearsState, action: Any, seat: int | None = None
    ) -> tuple[Any, list[Any]]:
        """Apply a legal action (IllegalActionError otherwise, the state unchanged)."""
        return rules.apply(state, action, seat)

    def validate(
        self, state: LaterYearsState, action: Any, seat: int | None = None
    ) -> Exception | None:
        """Why the action would be refused, or None."""
        return rules.validate(state, action, seat)

    def actor(self, state: LaterYearsState) -> int:
        """The seat to bid or play; -1 (automatic) for the deal, the draw and the end."""
        return rules.actor(state)

    def is_terminal(self, state: LaterYearsState) -> bool:
        """True when the game is over."""
        return state.is_terminal

    def chance_state(self, state: LaterYearsState) -> int:
        """The generator's state (it moves only at set-up: the shuffle and the pawn)."""
        return state.rng

    def reveals(self, before: LaterYearsState, after: LaterYearsState, events: list[Any]) -> bool:
        """No undo past a step that showed hidden cards: a deal, a draw, or the end of an
        auction (the face-down card reaches its winner)."""
        resolved = before.prompt == P_BID and after.prompt != P_BID
        return resolved or before.deck != after.deck

    def view_for(self, state: LaterYearsState, seat: int) -> LaterYearsState:
        """The state as ``seat`` may see it (see :func:`view.view_for`)."""
        return view_for(state, seat)

    def new_game(self, config_json: Any, seed: int) -> LaterYearsState:
        """Set up a game from :meth:`config_to_json` output and a seed."""
        if not isinstance(config_json, dict) or set(config_json) != {"players", "chains"}:
            raise InvalidStateError("rules: expected an object with 'players' and 'chains'")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidStateError("seed must be a whole number")
        try:
            config = LaterYearsConfig(config_json["players"], config_json["chains"])
        except (ValueError, TypeError) as exc:
            raise InvalidStateError(f"rules: {exc}") from None
        return rules.new_game(config, seed)

    def seed_of(self, state: LaterYearsState) -> int:
        """The seed the game was set up with (a save stores it to replay the log)."""
        return state.seed

    def config_to_json(self, state: LaterYearsState) -> dict[str, Any]:
        """The game's rules, JSON-ready."""
        return state.config.to_json()

    def state_to_json(self, state: LaterYearsState) -> dict[str, Any]:
        """A state as a JSON-ready document."""
        return state_to_json(state)

    def state_from_json(self, doc: Any) -> LaterYearsState:
        """Rebuild and validate a state document (raises :class:`InvalidStateError`)."""
        return state_from_json(doc)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        """An action as a JSON-ready document."""
        return action.to_json()

    def action_from_json(self, doc: Any) -> Action:
        """An action from its document (raises :class:`MalformedActionError`)."""
        return Action.from_json(doc)

    def summary(self, state: LaterYearsState) -> dict[str, Any]:
        """What a list of saves shows: players, round, leader, finished, winners.

        ``leader`` is ``{"seat", "vp"}`` for the first-placed seat of the running score
        (tie-breaks applied; the lowest seat if still tied); ``winners`` lists the seats in
        first place once the game is over, else is empty.
        """
        result = score(state)
        lead = result.leader
        return {
            "players": state.n,
            "round": state.round,
            "chains": state.config.chains,
            "leader": {"seat": lead, "vp": result.seats[lead].total},
            "finished": state.is_terminal,
            "winners": list(result.winners) if state.is_terminal else [],
        }


RULES = LaterYearsRules()

__all__ = ["GAME_ID", "RULES", "LaterYearsRules"]

"""The engine seen through the application shell's ``Rules`` protocol.

Besides playing (``legal_actions``, ``apply``, ...) the adapter gives the
shell's generic save module what it needs to store and rebuild a game as
plain JSON: set-up from a configuration and seed, state and action
documents, a listing summary and the errors that mean "bad data".
"""

from __future__ import annotations

from typing import Any

from . import rules
from .actions import Action
from .errors import HerculesError, InvalidStateError
from .scoring import score
from .state import P_GAME_OVER, P_HADES, P_ROLL, GameConfig, GameState
from .state_json import state_from_json

AUTOMATIC = -1


class HerculesRules:
    """Adapter: the shell's generic controller drives the Hercules engine through this."""

    name = "hercules"

    def legal_actions(self, state: GameState) -> list[Any]:
        """Every legal action, sorted."""
        return rules.legal_actions(state)

    def apply(
        self, state: GameState, action: Any, seat: int | None = None
    ) -> tuple[Any, list[Any]]:
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

    def chance_state(self, state: GameState) -> int:
        """The random generator's state: when it moves, something random happened (no undo)."""
        return state.rng

    def reveals(self, before: GameState, after: GameState, events: list[Any]) -> bool:
        """True when a step brought something random or hidden to light: no undo past it.

        Random: the generator moved (the roll, a re-roll, the white die). Hidden: a card
        came face up that was not (taking a Demigod or the top card above column 12 turns
        up the next card of a shuffled stack). The vase stacks are not counted: their
        order is printed in the rules, so the card under a taken vase was known already.
        """
        return before.rng != after.rng or bool(_face_up(after) - _face_up(before))

    # --- what a save module needs -------------------------------------------------------------

    #: The engine's errors that mean the data is bad (malformed, impossible or illegal).
    error_types: tuple[type[Exception], ...] = (HerculesError,)

    def new_game(self, config_json: Any, seed: int) -> GameState:
        """Set up a game from :meth:`config_to_json` output and a seed.

        Raises :class:`InvalidStateError` for a configuration that is not one of this game's.
        """
        if not isinstance(config_json, dict) or set(config_json) != {"players", "mode"}:
            raise InvalidStateError("rules: expected an object with 'players' and 'mode'")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidStateError("seed must be a whole number")
        try:
            config = GameConfig(players=config_json["players"], mode=config_json["mode"])
        except ValueError as exc:
            raise InvalidStateError(f"rules: {exc}") from None
        return rules.new_game(config, seed)

    def seed_of(self, state: GameState) -> int:
        """The seed the game was set up with (a save stores it to replay the log)."""
        return state.seed

    def config_to_json(self, state: GameState) -> dict[str, Any]:
        """The rules configuration of a game, JSON-ready."""
        return state.config.to_json()

    def state_to_json(self, state: GameState) -> dict[str, Any]:
        """A state as a JSON-ready document."""
        return state.to_json()

    def state_from_json(self, doc: Any) -> GameState:
        """Rebuild and validate a state document (raises :class:`InvalidStateError`)."""
        return state_from_json(doc)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        """An action as a JSON-ready document."""
        return action.to_json()

    def action_from_json(self, doc: Any) -> Action:
        """An action from its document (raises :class:`MalformedActionError`)."""
        return Action.from_json(doc)

    def summary(self, state: GameState) -> dict[str, Any]:
        """What a list of saves shows: mode, players, round, leader, finished, winners.

        ``leader`` is ``{"seat", "vp"}`` for the first-placed seat of the running
        score (tie-breaks applied; the lowest seat if still tied); ``winners``
        lists the seats in first place once the game is over, else is empty.
        """
        result = score(state)
        lead = min(result.winners)
        return {
            "mode": state.config.mode,
            "players": state.n,
            "round": state.round,
            "leader": {"seat": lead, "vp": result.players[lead].total},
            "finished": state.is_terminal,
            "winners": list(result.winners) if state.is_terminal else [],
        }


RULES = HerculesRules()


def _face_up(state: GameState) -> set[str]:
    """The cards showing on top of the shuffled stacks (the Demigod decks, above column 12)."""
    shown = {stack[-1] for stack in state.demigod_stacks if stack}
    if state.top:
        shown.add(state.top[-1])
    return shown

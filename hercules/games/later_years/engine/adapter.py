"""The Later Years engine seen through the box's contract (``GameRules``: play, views, save,
list, replay). It imports nothing of the shell: the contract is a structural protocol."""

from __future__ import annotations

from typing import Any

from hercules.games._kit.errors import GameError
from hercules.games._kit.fields import Fields, from_plain, plain
from hercules.games._kit.versions import Upgraded

from . import rules
from .actions import Action, Event
from .errors import InvalidStateError
from .scoring import score
from .state import P_BID, LaterYearsConfig, LaterYearsState
from .state_json import FORMAT, state_from_json, state_to_json, upgrade_state, view_from_json
from .view import redact, view_for

AUTOMATIC = rules.AUTOMATIC
GAME_ID = "later_years"


_EVENT_FIELDS = Fields("event", InvalidStateError)


class LaterYearsRules:
    """Adapter: the shell's generic controller drives the Later Years engine through this."""

    name = GAME_ID
    #: The engine's errors that mean the data is bad (malformed, impossible or illegal):
    #: every one is the games' kit's ``GameError`` (and a ``LaterYearsError``).
    error_types: tuple[type[Exception], ...] = (GameError,)
    #: The version ``state_to_json`` writes (:data:`.state_json.FORMAT`).
    state_version: int = FORMAT.version

    def legal_actions(self, state: LaterYearsState) -> list[Any]:
        """Every legal action, sorted."""
        return rules.legal_actions(state)  # a new list each call: the caller may keep it

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

    def reveals(self, before: LaterYearsState, after: LaterYearsState, events: list[Any]) -> bool:
        """No undo past a step that showed hidden cards: a deal, a draw, or the end of an
        auction (the face-down card reaches its winner)."""
        resolved = before.prompt == P_BID and after.prompt != P_BID
        return resolved or before.deck != after.deck

    def view(self, state: LaterYearsState, seat: int) -> LaterYearsState:
        """The state as ``seat`` may see it (-1: a spectator; see :func:`.view.view_for`):
        ``ValueError`` for a seat the game lacks. A view's view is the view itself."""
        return view_for(state, seat)

    def redact(self, event: Event, seat: int) -> Event:
        """``event`` as ``seat`` may learn of it (see :func:`.view.redact`): the engine's
        events name public cards only, so they come back as they are."""
        return redact(event, seat)

    def event_to_json(self, event: Event) -> dict[str, Any]:
        """An event as a JSON-ready document (its fields; tuples as lists)."""
        doc: dict[str, Any] = plain(event)
        return doc

    def event_from_json(self, doc: Any) -> Event:
        """An event from its document (what a client of the server reads); every field
        checked (:class:`InvalidStateError`)."""
        event: Event = from_plain(Event, doc, _EVENT_FIELDS)
        return event

    def view_from_json(self, doc: Any) -> LaterYearsState:
        """A seat's view from its document (hidden cards as ``"?"``; see
        :func:`.state_json.view_from_json`)."""
        return view_from_json(doc)

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
        """A state as a JSON-ready document, with ``"version": state_version``."""
        return state_to_json(state)

    def upgrade_state(self, doc: Any) -> Upgraded:
        """An older (or current) state document in the current format (the kit's
        ``Upgraded``); :class:`InvalidStateError` naming the version if it cannot be read."""
        return upgrade_state(doc)

    def state_from_json(self, doc: Any) -> LaterYearsState:
        """Rebuild and validate a current-version state document (raises
        :class:`InvalidStateError`)."""
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

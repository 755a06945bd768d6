"""The Labors engine seen through the shell's ``Rules`` protocol (play, save, list, replay)."""

from __future__ import annotations

from typing import Any

from hercules.games._kit.errors import GameError
from hercules.games._kit.fields import Fields, from_plain, is_whole, plain
from hercules.games._kit.versions import Upgraded

from . import rules
from .actions import Action, Event
from .errors import InvalidStateError
from .state import LaborsConfig, LaborsState
from .state_json import STATE_VERSION, state_from_json, state_to_json, upgrade_state

AUTOMATIC = rules.AUTOMATIC
GAME_ID = "labors"
_RULES_FIELDS = Fields("rules", InvalidStateError)
_EVENT_FIELDS = Fields("event", InvalidStateError)


class LaborsRules:
    """Adapter: the shell's generic controller drives the Labors engine through this."""

    name = GAME_ID
    #: The engine's errors that mean the data is bad (malformed, impossible or illegal):
    #: every one of them is a kit :class:`GameError` (``engine/errors.py``).
    error_types: tuple[type[Exception], ...] = (GameError,)
    #: The version of the state documents written (``state_json.FORMAT``).
    state_version: int = STATE_VERSION

    def legal_actions(self, state: LaborsState) -> list[Any]:
        """Every legal action, sorted."""
        return rules.legal_actions(state)  # a new list each call: the caller may keep it

    def apply(
        self, state: LaborsState, action: Any, seat: int | None = None
    ) -> tuple[Any, list[Any]]:
        """Apply a legal action (IllegalActionError otherwise, the state unchanged)."""
        return rules.apply(state, action, seat)

    def validate(
        self, state: LaborsState, action: Any, seat: int | None = None
    ) -> Exception | None:
        """Why the action would be refused, or None."""
        return rules.validate(state, action, seat)

    def actor(self, state: LaborsState) -> int:
        """Seat 0 decides; the Mood draw, the roll and the end are automatic (-1)."""
        return rules.actor(state)

    def is_terminal(self, state: LaborsState) -> bool:
        """True when the run is won or lost."""
        return state.is_terminal

    def reveals(self, before: LaborsState, after: LaborsState, events: list[Any]) -> bool:
        """A roll, a re-roll, a Mood drawn or redrawn, or the dice committed: no undo past it.

        Undo works within a roll until the dice are committed (``resolve``): what the
        trial did to Hercules then is not taken back.
        """
        committed = any(getattr(e, "kind", "") == "resolve" for e in events)
        return committed or before.rng != after.rng or before.mood != after.mood

    def view(self, state: LaborsState, seat: int) -> LaborsState:
        """The state as ``seat`` (0, or -1 a spectator) may see it: the Mood deck's order,
        the seed and the generator hidden (``rules.view``); ValueError for another seat."""
        return rules.view(state, seat)

    def redact(self, event: Any, seat: int) -> Any:
        """``event`` as ``seat`` may learn of it: every Labors event is public once it
        happens (``rules.redact``); ValueError for another seat."""
        return rules.redact(event, seat)

    def event_to_json(self, event: Event) -> dict[str, Any]:
        """An event as a JSON-ready document (its fields; tuples as lists)."""
        doc: dict[str, Any] = plain(event)
        return doc

    def event_from_json(self, doc: Any) -> Event:
        """An event from its document, every field checked (:class:`InvalidStateError`)."""
        event: Event = from_plain(Event, doc, _EVENT_FIELDS)
        return event

    def new_game(self, config_json: Any, seed: int) -> LaborsState:
        """Set up a run from :meth:`config_to_json` output and a seed."""
        _RULES_FIELDS.keys(config_json, ("difficulty", "start"), "'difficulty' and 'start'")
        if not is_whole(seed):
            raise InvalidStateError("seed must be a whole number")
        try:
            config = LaborsConfig(config_json["difficulty"], config_json["start"])
        except (ValueError, TypeError) as exc:
            raise InvalidStateError(f"rules: {exc}") from None
        return rules.new_game(config, seed)

    def seed_of(self, state: LaborsState) -> int:
        """The seed the run was set up with."""
        return state.seed

    def config_to_json(self, state: LaborsState) -> dict[str, Any]:
        """The run's rules, JSON-ready."""
        return state.config.to_json()

    def state_to_json(self, state: LaborsState) -> dict[str, Any]:
        """A state as a JSON-ready document, with ``"version": state_version``."""
        return state_to_json(state)

    def upgrade_state(self, doc: Any) -> Upgraded:
        """An older (or current) state document in the current format, and the rules fixes
        since it was written (a document without ``"version"`` is version 1, whose fields
        are version 2's but for the round's surplus); :class:`InvalidStateError` naming
        the version for one this game cannot read."""
        return upgrade_state(doc)

    def state_from_json(self, doc: Any) -> LaborsState:
        """Rebuild and validate a current-version state document (raises
        :class:`InvalidStateError`; an older one is upgraded first, :meth:`upgrade_state`)."""
        return state_from_json(doc)

    def view_from_json(self, doc: Any) -> LaborsState:
        """A view from its document: a run hides nothing from its one player but the seed
        and the generator (0 in a view), so a view reads as a state does."""
        return state_from_json(doc)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        """An action as a JSON-ready document."""
        return action.to_json()

    def action_from_json(self, doc: Any) -> Action:
        """An action from its document (raises :class:`MalformedActionError`)."""
        return Action.from_json(doc)

    def summary(self, state: LaborsState) -> dict[str, Any]:
        """What a list of saves shows: difficulty, trial, Courage, Divinity, the end."""
        return {
            "mode": state.config.difficulty,
            "players": 1,
            "round": state.labour,
            "labour": state.labour,
            "courage": state.courage,
            "divinity": state.divinity,
            "finished": state.is_terminal,
            "outcome": state.outcome,
        }


RULES = LaborsRules()

"""The engine seen through the box's contract, ``GameRules`` (``hercules.app.contract``).

Besides playing (``legal_actions``, ``apply``, ...) the adapter gives each seat its view of a
game (``view``, ``redact``: see :mod:`.view`) and gives the shell's generic save module what
it needs to store and rebuild a game as plain JSON: set-up from a configuration and seed,
versioned state documents, action documents, a listing summary and the errors that mean
"bad data" (every one a ``GameError`` of the games' kit).
"""

from __future__ import annotations

from typing import Any

from hercules.games._kit.errors import GameError
from hercules.games._kit.versions import Upgraded

from . import rules
from . import view as _view
from .actions import Action, Event
from .errors import InvalidStateError
from .scoring import score
from .state import P_GAME_OVER, P_HADES, P_ROLL, GameConfig, GameState
from .state_json import FORMAT, state_from_json

AUTOMATIC = -1


class HerculesRules:
    """Adapter: the shell's generic controller drives the Hercules engine through this."""

    name = "hercules"

    # The engine's own functions, not methods that call them: the two are called on every
    # action, and each extra call was about 0.4 % of a random game's instructions.
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

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
        return state.prompt == P_GAME_OVER  # the property's test, without its call

    def reveals(self, before: GameState, after: GameState, events: list[Any]) -> bool:
        """True when a step brought something random or hidden to light: no undo past it.

        Random: the generator moved (the roll, a re-roll, the white die). Hidden: a card
        came face up that was not, on a Demigod stack (taking its top card turns up the
        next one of a shuffled stack), the only order a view hides (:mod:`.view`). The
        stack above column 12 and the vase stacks are not counted: their order follows
        from the rules (Zeus on the unshuffled Pantheon cards; vases by VP), so the card
        under a taken one was known already.
        """
        return before.rng != after.rng or bool(_face_up(after) - _face_up(before))

    # --- what a seat may see -----------------------------------------------------------------

    def view(self, state: GameState, seat: int) -> GameState:
        """The state as ``seat`` may see it (-1: a spectator); see :func:`.view.view`.

        Seed and generator 0, the Demigod stacks beneath their top cards sorted; the same
        legal actions. ``ValueError`` for a seat the game does not have.
        """
        return _view.view(state, seat)

    def redact(self, event: Event, seat: int) -> Event:
        """``event`` as ``seat`` may learn of it: the same event (every MEBO event is
        public; see :func:`.view.redact`)."""
        return _view.redact(event, seat)

    def event_to_json(self, event: Event) -> dict[str, Any]:
        """An event as a JSON-ready document."""
        return event.to_json()

    def event_from_json(self, doc: Any) -> Event:
        """An event from its document (:meth:`event_to_json`'s): a ``type`` text, a
        ``player`` seat and its details, JSON values (:class:`InvalidStateError`)."""
        return Event.from_json(doc)

    # --- what a save module needs -------------------------------------------------------------

    #: The engine's errors that mean the data is bad (malformed, impossible or illegal):
    #: every one is a ``HerculesError`` and so the kit's ``GameError``.
    error_types: tuple[type[Exception], ...] = (GameError,)
    #: The version :meth:`state_to_json` writes (``"version"`` in the document).
    state_version: int = FORMAT.version

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
        """A state as a JSON-ready document, ``"format"`` then ``"version"`` first."""
        return state.to_json()

    def upgrade_state(self, doc: Any) -> Upgraded:
        """A state document of any version read brought to the current one (version 1 is
        the only one so far: it comes back as it is); :class:`InvalidStateError` naming the
        version for one too new, too old or not a document."""
        return FORMAT.upgrade(doc)

    def state_from_json(self, doc: Any) -> GameState:
        """Rebuild and validate a current-version state document (raises
        :class:`InvalidStateError`, naming the version for another one)."""
        return state_from_json(doc)

    def view_from_json(self, doc: Any) -> GameState:
        """A view from its document: a MEBO view is a whole state (seed and generator 0,
        the Demigod stacks under their top cards in a fixed order), read as one."""
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
    """The cards showing on top of the shuffled stacks (the Demigod decks)."""
    return {stack[-1] for stack in state.demigod_stacks if stack}

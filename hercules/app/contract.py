"""The box's contract between the shell and its games, typed once.

A game is a package that registers one :class:`~.registry.GameSpec`; the shell reaches its
rules only through :class:`GameRules`, the one protocol the controller, the saves, the
replays, the statistics, the tools and (to come) the online server all ask of a game. The
registry's start-up check is derived from it (:func:`members`), and ``mypy --strict``
checks every game's adapter against it (each spec is a ``GameSpec[State, Action, Event]``).

Two rules hold for every game:

* **A seat sees only its own.** :meth:`GameRules.view` is the state as one seat may see it
  (:data:`SPECTATOR`, -1: someone at no seat): the same state type, with what that seat
  may not see replaced (another hand's cards, a deck's order) and the seed and the
  generator removed (either would tell every roll to come). :meth:`GameRules.redact` does
  the same for one event. Bots, hints, logs, undo, tables and every client of the server
  are handed views, never the state: two states that differ only in what a seat may not
  see give that seat equal views, equal legal actions and equal bot choices (the
  conformance suite, ``tests/conformance``, checks it for every registered game).
* **A game's state document is versioned.** :meth:`GameRules.state_to_json` writes
  ``"version": state_version``; :meth:`GameRules.upgrade_state` brings an older document
  forward step by step (or refuses it with a reason naming its version) and says which
  rules fixes came since it was written: the save reader then trusts the replay of the
  log over the old snapshot (see :mod:`.saves.document`).

No pygame here, and nothing of any game: the protocols are structural, so a game's engine
meets them without importing the shell.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, runtime_checkable

AUTOMATIC = -1  #: the acting seat of a chance or automaton step
SPECTATOR = -1  #: the seat of a view for someone who plays no seat

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT")
#: A JSON object as a game writes it (a state, an action, an event, a configuration).
Document = dict[str, Any]


class UpgradedState(Protocol):
    """A state document brought to the current version (:meth:`GameRules.upgrade_state`).

    ``doc`` is in the current format; ``version`` is the version it was written in;
    ``rules_changed`` names every rules fix that came after that version (empty when only
    the format moved): a saved snapshot older than a rules fix need not be what replaying
    its log gives today. (The games' kit returns a named tuple of these three.)
    """

    @property
    def doc(self) -> Document:
        """The document in the current format."""
        ...

    @property
    def version(self) -> int:
        """The version the document was written in."""
        ...

    @property
    def rules_changed(self) -> tuple[str, ...]:
        """The rules fixes made since that version."""
        ...


@runtime_checkable
class GameRules(Protocol[StateT, ActionT, EventT]):
    """What the shell asks of a game's rules: play, views, saves, listing.

    Every method is pure: states and actions are immutable values, nothing is changed in
    place, and no method does I/O. ``StateT`` is the game's state type, ``ActionT`` its
    action type (a small frozen, JSON-serialisable value), ``EventT`` the type of what
    ``apply`` says happened. Whatever comes from outside (a document, a value to validate)
    is an ``object``: the game checks it.
    """

    #: the game's id: saves carry ``"game": name`` and the format ``"<name>-save"``
    name: str
    #: the exceptions the engine raises for bad data or a refused action (malformed,
    #: impossible, illegal); one base per game, so the shell can tell them from bugs
    error_types: tuple[type[Exception], ...]
    #: the version :meth:`state_to_json` writes; :meth:`upgrade_state` reads every older one
    state_version: int

    # --- playing ------------------------------------------------------------------------------

    def legal_actions(self, state: StateT) -> list[ActionT]:
        """Every legal action now, sorted: the single authority on what may be done."""
        ...

    def apply(
        self, state: StateT, action: ActionT, seat: int | None = None
    ) -> tuple[StateT, list[EventT]]:
        """The new state and the events it caused; raises one of :attr:`error_types`
        (the state unchanged) for anything :meth:`validate` refuses."""
        ...

    def validate(self, state: StateT, action: object, seat: int | None = None) -> Exception | None:
        """Why ``action`` (any value at all, from any seat) would be refused, or None.

        What this accepts, :meth:`apply` applies; a malformed value is refused with one of
        :attr:`error_types`, never by a crash.
        """
        ...

    def actor(self, state: StateT) -> int:
        """The seat that decides now, or :data:`AUTOMATIC` for a chance or automaton step."""
        ...

    def is_terminal(self, state: StateT) -> bool:
        """True when the game is over."""
        ...

    def reveals(self, before: StateT, after: StateT, events: list[EventT]) -> bool:
        """True when a step brought something random or hidden to light (no undo past it)."""
        ...

    # --- what a seat may see -----------------------------------------------------------------

    def view(self, state: StateT, seat: int) -> StateT:
        """The state as ``seat`` may see it (:data:`SPECTATOR`: no seat's hidden things).

        The seed and generator are removed and what the seat may not see is replaced; a
        view is for looking and for the viewer's own legal actions and bots' decisions.
        ``ValueError`` for a seat the game does not have.
        """
        ...

    def redact(self, event: EventT, seat: int) -> EventT:
        """``event`` as ``seat`` may learn of it (the same value when nothing is hidden)."""
        ...

    def event_to_json(self, event: EventT) -> Document:
        """An event as a JSON-ready document: what a client of the server is sent, once
        :meth:`redact` has made it its seat's."""
        ...

    def event_from_json(self, doc: object) -> EventT:
        """An event from :meth:`event_to_json`'s document, every field checked (raises one
        of :attr:`error_types`): what a client of the server animates and logs."""
        ...

    def view_from_json(self, doc: object) -> StateT:
        """A seat's view from its :meth:`state_to_json` document (raises one of
        :attr:`error_types`): what a client of the server draws. A view may hold what
        :meth:`state_from_json` refuses (a hidden card's placeholder); it is for looking and
        for the seat's own legal actions, never to play on."""
        ...

    # --- saving and listing -------------------------------------------------------------------

    def new_game(self, config_json: object, seed: int) -> StateT:
        """The initial state for a configuration document and a seed."""
        ...

    def seed_of(self, state: StateT) -> int:
        """The seed the state's game was set up with."""
        ...

    def config_to_json(self, state: StateT) -> Document:
        """The rules configuration of a state's game, JSON-ready."""
        ...

    def state_to_json(self, state: StateT) -> Document:
        """A state as a JSON-ready document, with ``"version": state_version``."""
        ...

    def upgrade_state(self, doc: object) -> UpgradedState:
        """An older (or current) state document in the current format, step by step.

        Raises one of :attr:`error_types` naming the version for a document too old, too
        new or malformed.
        """
        ...

    def state_from_json(self, doc: object) -> StateT:
        """A validated state from a current-version document (raises one of
        :attr:`error_types`)."""
        ...

    def action_to_json(self, action: ActionT) -> Document:
        """An action as a JSON-ready document."""
        ...

    def action_from_json(self, doc: object) -> ActionT:
        """A validated action from its document (raises one of :attr:`error_types`)."""
        ...

    def summary(self, state: StateT) -> Document:
        """JSON-ready listing metadata; includes ``"players"`` (the seat count),
        ``"round"`` and ``"finished"``."""
        ...


def members(protocol: type = GameRules) -> tuple[str, ...]:
    """The names a :class:`GameRules` (or another protocol) requires, in order: its
    attributes then its methods. The registry checks a game's rules against these."""
    names: list[str] = []
    for klass in reversed(protocol.__mro__):
        if klass in (object, Protocol) or not getattr(klass, "_is_protocol", False):
            continue
        names += [n for n in getattr(klass, "__annotations__", {}) if not n.startswith("_")]
        names += [n for n, v in vars(klass).items() if callable(v) and not n.startswith("_")]
    return tuple(dict.fromkeys(names))


def missing_members(obj: object, protocol: type = GameRules) -> list[str]:
    """The members of ``protocol`` that ``obj`` lacks (empty: it meets the contract)."""
    return [m for m in members(protocol) if not hasattr(obj, m)]


__all__ = [
    "AUTOMATIC",
    "SPECTATOR",
    "ActionT",
    "Document",
    "EventT",
    "GameRules",
    "StateT",
    "UpgradedState",
    "members",
    "missing_members",
]

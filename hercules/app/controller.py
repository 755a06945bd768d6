"""The controller owns the game: it applies actions, keeps the log, hosts bots, publishes events.

Scenes send it commands (:meth:`Controller.submit`) and listen to what happened
(:meth:`Controller.subscribe`); they never change the game state themselves.
Bots are asked for their move on a worker thread so that the frame loop never
waits for them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .contract import AUTOMATIC, GameRules

#: Why :meth:`Controller.undo_refusal` refuses an undo (a table words each in its language).
#: ("online": a table played on a server, whose every move the other machines saw at once).
UNDO_REFUSALS: tuple[str, ...] = (
    "nothing",
    "resumed",
    "revealed",
    "not_yours",
    "game_over",
    "online",
)


class Bot(Protocol):
    """A computer player: picks one of the legal actions with its own generator.

    A bot whose ``threaded`` attribute is true thinks on a worker thread so that
    the frame loop keeps running; quick bots decide inline.
    """

    name: str
    threaded: bool  #: think on a worker thread (a search of some milliseconds or more)

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Return one element of ``legal``."""

    def explain(self) -> str:
        """The one-line reason for its last choice ("" for none), kept in the log and saves."""


@dataclass
class Seat:
    """Who plays a seat: a human at this machine, or a bot."""

    kind: str = "human"  #: "human", "bot" or "automaton" (e.g. Hades)
    level: str = ""  #: bot level name
    name: str = ""


def build_seats(
    kinds: Sequence[str], make_bot: Callable[[str], Bot], automata: Sequence[str] = ()
) -> tuple[list[Seat], dict[int, Bot]]:
    """The seats of a new game and their bots, from ``kinds``: per seat ``"human"``, one of
    the game's ``automata`` (e.g. ``"hades"``) or a bot level ``make_bot`` knows.

    Every game's ``new_controller`` builds its seats here, so that a kind the game does not
    have is refused the same way everywhere (``ValueError`` naming the seat and the kind).
    """
    seats: list[Seat] = []
    bots: dict[int, Bot] = {}
    for i, kind in enumerate(kinds):
        if kind == "human":
            seats.append(Seat("human"))
        elif kind in automata:
            seats.append(Seat("automaton", name=kind))
        else:
            try:
                bots[i] = make_bot(kind)
            except (ValueError, KeyError) as exc:
                raise ValueError(f"seat {i}: {exc}") from None
            seats.append(Seat("bot", level=kind))
    return seats, bots


@dataclass
class Record:
    """One applied action, who took it, what it caused, and (for bots) why."""

    action: Any
    seat: int
    events: list[Any] = field(default_factory=list)
    reason: str = ""


Listener = Callable[[Record], None]


def redacted(rules: GameRules[Any, Any, Any], record: Record, seat: int) -> Record:
    """``record`` as ``seat`` may learn of it: each event through the game's ``redact``
    (the action and the bot's reason are public: a reason is worded from the bot's own
    view, and says what its move was for, never what its hand holds)."""
    events = [rules.redact(e, seat) for e in record.events]
    if all(a is b for a, b in zip(events, record.events, strict=True)):
        return record
    return Record(record.action, record.seat, events, record.reason)


@runtime_checkable
class GameController(Protocol):
    """What a table needs from whoever runs its game: a live :class:`Controller` or a replay.

    Scenes read the game through it and send it the player's decisions; only
    the controller changes the state. (``isinstance`` checks only that the
    members are there.)
    """

    @property
    def rules(self) -> GameRules[Any, Any, Any]:
        """The game's rules adapter."""

    @property
    def state(self) -> Any:
        """The state shown now."""

    @property
    def seats(self) -> Sequence[Seat]:
        """Who plays each seat."""

    @property
    def history(self) -> Sequence[Record]:
        """The records of the game's actions, in play order."""

    @property
    def actions(self) -> list[Any]:
        """The actions that led to :attr:`state`."""

    @property
    def actor(self) -> int:
        """The seat that must decide now (AUTOMATIC for chance/automaton steps)."""

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""

    def legal(self) -> list[Any]:
        """The legal actions now."""

    def view(self, seat: int) -> Any:
        """The state shown now as ``seat`` may see it (``SPECTATOR``: no seat's secrets)."""

    def human_to_act(self) -> bool:
        """True when a human at this machine must decide now."""

    def submit(self, action: Any, seat: int) -> Exception | None:
        """A human's decision; returns the refusal (and changes nothing) if it is not taken."""

    def step(self, wait: bool = False) -> Record | None:
        """Take one automatic step if one is due (a bot's move, chance, automaton)."""

    def undo_refusal(self) -> str:
        """Why the last action may not be taken back now (one of :data:`UNDO_REFUSALS`),
        or "" when it may."""

    def can_undo(self) -> bool:
        """True if the last action may be taken back."""

    def undo(self) -> Record | None:
        """Take back the last action if :meth:`can_undo`; returns it, or None."""

    def bot_thinking(self) -> bool:
        """True while a bot's move is being computed."""

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(record)`` after every applied action."""

    def on_undo(self, listener: Listener) -> None:
        """Call ``listener(record)`` after a record is taken back."""

    def close(self) -> None:
        """Stop any worker thread."""


class Controller:
    """Runs one game: the single place where the game state changes."""

    def __init__(
        self,
        rules: GameRules[Any, Any, Any],
        state: Any,
        seats: Sequence[Seat],
        bots: dict[int, Bot] | None = None,
        bot_seed: int = 0,
    ) -> None:
        self.rules = rules
        self.state = state
        self.seats = list(seats)
        self.bots = dict(bots or {})
        self.history: list[Record] = []
        self._before: list[Any] = []  # the state before each record, for undo
        # Per record: did it bring something random or hidden to light (no undo past it)?
        self._revealed: list[bool] = []
        self._barrier = 0  # records before this index came from a save: never undone
        self._undo_listeners: list[Listener] = []
        self._listeners: list[Listener] = []
        self._rngs = {seat: random.Random(bot_seed * 1009 + seat) for seat in self.bots}
        self._pool: ThreadPoolExecutor | None = None
        self._thinking: Future[Any] | None = None
        self._thinking_state: Any = None
        #: The legal actions of one state, as (state, actions): a frame asks many times (the
        #: table, its focus stops, a guided game's step) and a big roll has thousands. One
        #: attribute, set at once, so the bots' thread never reads a half-made pair.
        self._legal_of: tuple[Any, list[Any]] = (None, [])
        #: The views of the state now, by seat (the same reasons: a table asks every frame).
        self._views_of: tuple[Any, dict[int, Any]] = (None, {})

    # --- observing ------------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(record)`` after every applied action."""
        self._listeners.append(listener)

    @property
    def actor(self) -> int:
        """The seat that must decide now (AUTOMATIC for chance/automaton steps)."""
        return self.rules.actor(self.state)

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.rules.is_terminal(self.state)

    def legal(self) -> list[Any]:
        """The legal actions now, worked out once per state (states are never changed in
        place: every action makes a new one). The list is shared: read it, never change it."""
        state = self.state
        known, actions = self._legal_of
        if known is not state:
            actions = list(self.rules.legal_actions(state))
            self._legal_of = (state, actions)
        return actions

    def view(self, seat: int) -> Any:
        """The state now as ``seat`` may see it (the game's ``view``; worked out once per
        state and seat): what a table, a hint, a bot or a client of the server is shown."""
        state = self.state
        known, views = self._views_of
        if known is not state:
            views = {}
            self._views_of = (state, views)
        if seat not in views:
            views[seat] = self.rules.view(state, seat)
        return views[seat]

    def human_to_act(self) -> bool:
        """True when a human at this machine must decide now."""
        a = self.actor
        return a >= 0 and self.seats[a].kind == "human" and not self.is_over

    @property
    def actions(self) -> list[Any]:
        """The action log."""
        return [r.action for r in self.history]

    # --- acting ---------------------------------------------------------------------------

    def submit(self, action: Any, seat: int) -> Exception | None:
        """A human's decision. Returns the refusal (and changes nothing) if it is not legal."""
        if self.is_over:
            return self.rules.validate(self.state, action, seat)
        if seat < 0 or seat >= len(self.seats) or self.seats[seat].kind != "human":
            return ValueError(f"seat {seat} is not played from this machine")
        err = self.rules.validate(self.state, action, seat)
        if err is not None:
            return err
        if action not in self.legal():
            # Only the engine's own action values enter the log, so that it replays exactly.
            return TypeError(f"not an action value of this game: {action!r}"[:200])
        self._apply(action, seat)
        return None

    def _apply(self, action: Any, seat: int, reason: str = "") -> Record:
        before = self.state
        self.state, events = self.rules.apply(self.state, action)
        rec = Record(action, seat, events, reason)
        self.history.append(rec)
        self._before.append(before)
        self._revealed.append(self._reveals(before, self.state, events))
        for listener in list(self._listeners):
            listener(rec)
        return rec

    def step(self, wait: bool = False) -> Record | None:
        """Take one automatic step if one is due: chance, automaton, or a bot's move.

        Bots think on a worker thread: the first call starts them and returns
        None; a later call applies their move once it is ready (``wait`` blocks
        until it is, for tools and tests).
        """
        if self.is_over:
            return None
        actor = self.actor
        if actor == AUTOMATIC or (actor >= 0 and self.seats[actor].kind == "automaton"):
            legal = self.legal()
            return self._apply(legal[0], actor)
        if actor < 0 or actor not in self.bots:
            return None
        bot = self.bots[actor]
        # A bot sees only its own seat's view, never the state (the contract's first rule);
        # it is made when the bot starts to think, not on every frame it thinks.
        if not bot.threaded:
            # A quick bot decides inline: handing work to a thread costs more than it saves.
            view = self.view(actor)
            action = self._checked(bot.choose(view, self.legal(), self._rngs[actor]), actor)
            return self._apply(action, actor, bot.explain())
        if self._thinking is None or self._thinking_state is not self.state:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            legal = self.legal()
            self._thinking_state = self.state
            view = self.view(actor)
            self._thinking = self._pool.submit(bot.choose, view, legal, self._rngs[actor])
        if not wait and not self._thinking.done():
            return None
        action = self._thinking.result()
        self._thinking = None
        self._thinking_state = None
        return self._apply(self._checked(action, actor), actor, self.bots[actor].explain())

    def _checked(self, action: Any, actor: int) -> Any:
        """A bot must never break the rules: an illegal choice becomes the first legal action."""
        legal = self.legal()
        return action if action in legal else legal[0]

    # --- saving and resuming ----------------------------------------------------------------

    def bot_generators(self) -> dict[int, random.Random]:
        """Each bot seat's own generator (saved so a resumed game's bots choose the same)."""
        return dict(self._rngs)

    def restore(self, history: Sequence[Record], states_before: Sequence[Any]) -> None:
        """Resume with a replayed history; ``states_before[i]`` is the state before record i."""
        if len(history) != len(states_before):
            raise ValueError("one state before each record is needed")
        self.history = list(history)
        self._before = list(states_before)
        # A resumed game starts at an undo barrier: what was played before the save stays.
        self._revealed = [True] * len(self.history)
        self._barrier = len(self.history)

    # --- undo -------------------------------------------------------------------------------

    def on_undo(self, listener: Listener) -> None:
        """Call ``listener(record)`` after a record is taken back."""
        self._undo_listeners.append(listener)

    @property
    def resumed_at(self) -> int:
        """How many records came from a save (0 for a new game): none of them is undone."""
        return self._barrier

    def _reveals(self, before: Any, after: Any, events: list[Any]) -> bool:
        """True when a step brought something random or hidden to light (no undo past it):
        the game's ``reveals(before, after, events)`` (a roll, a shuffle, a card turned up)."""
        return bool(self.rules.reveals(before, after, events))

    def undo_refusal(self) -> str:
        """Why the last action may not be taken back now, or "" when it may.

        The Board Game Arena rule: a human at this machine takes back their own decisions
        (a labour, the choice that follows it, a card's ability), one at a time, back to
        the last point where something random or hidden came to light, never past it, and
        never another player's action. A decision that ended the turn may still go while
        the next seat has not acted and is not another human at this machine. A resumed
        game starts at such a point. The answer is one of :data:`UNDO_REFUSALS`:
        "nothing" (no action yet), "resumed" (only what the save holds), "revealed"
        (something random or hidden came after it), "not_yours", "game_over".
        """
        if self.is_over:
            return "game_over"
        if len(self.history) <= self._barrier:
            return "resumed" if self._barrier else "nothing"
        rec = self.history[-1]
        mine = 0 <= rec.seat < len(self.seats) and self.seats[rec.seat].kind == "human"
        if self._revealed[-1]:
            return "revealed" if mine or rec.seat < 0 else "not_yours"
        if not mine:
            return "not_yours"
        if self.actor != rec.seat and self.human_to_act():
            return "not_yours"  # another player at this machine holds the turn now
        return ""

    def can_undo(self) -> bool:
        """True if the last action may be taken back (see :meth:`undo_refusal`)."""
        return not self.undo_refusal()

    def undo(self) -> Record | None:
        """Take back the last action if :meth:`can_undo`; returns it, or None."""
        if not self.can_undo():
            return None
        rec = self.history.pop()
        self.state = self._before.pop()
        self._revealed.pop()
        for listener in list(self._undo_listeners):
            listener(rec)
        return rec

    def bot_thinking(self) -> bool:
        """True while a bot's move is being computed."""
        return self._thinking is not None and not self._thinking.done()

    def close(self) -> None:
        """Stop the worker thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

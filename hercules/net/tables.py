"""A live table: one game of the registry, its seats and its log, and what each seat is sent.

Pure but for the clock: the server (:mod:`.server`) stores each action before it
:meth:`LiveTable.commit`\\ s it, and sends each connection :meth:`LiveTable.frame` for its
seat. Every action from a client goes through :meth:`LiveTable.propose`: the seat must be
the one to act, the ``seq`` the table's, and the action one of the seat's legal actions as
the game reads it (``action_from_json``, ``validate``, then membership in
``legal_actions``); anything else is a :class:`~.protocol.ProtocolError` with the game's
reason, and nothing changes.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from hercules.app.contract import AUTOMATIC, SPECTATOR
from hercules.app.registry import GameSpec, UnknownGameError, get_game

from .protocol import ProtocolError
from .store import TableRow

#: The seat kinds a table may have besides a bot level or an automaton of its game.
HUMAN, OPEN = "human", "open"
#: The status of a table whose seats are being taken (see :meth:`LiveTable.start`).
LOBBY = "lobby"
#: What a seat away too long may become besides ``bot:<level>``: the table ends, abandoned.
ABANDON = "abandon"
#: Seconds a player may be away before the host's rule applies (default, least, most).
GRACE, MIN_GRACE, MAX_GRACE = 60.0, 0.1, 3600.0
#: The longest turn clock, in minutes (a day).
MAX_CLOCK = 1440.0


def new_token() -> str:
    """A seat's secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What is stored of a token (never the token itself)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_code() -> str:
    """A table's code: short enough to read out, random enough not to guess (40 bits)."""
    return secrets.token_hex(5)


@dataclass
class Proposal:
    """An action accepted by the rules, not yet stored nor applied to the table."""

    seq: int
    seat: int
    action: Any
    doc: dict[str, Any]
    state: Any
    events: list[Any]


@dataclass
class LiveTable:
    """The authoritative game of one table (rebuilt from its seed and log)."""

    id: str
    spec: GameSpec[Any, Any, Any]
    variant: str
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    created: float
    state: Any = None
    log: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    #: each seq's events (the last few are sent with each update)
    events: list[list[Any]] = field(default_factory=list)
    bots: dict[int, Any] = field(default_factory=dict)
    bot_rngs: dict[int, random.Random] = field(default_factory=dict)
    #: the host's choices (``away``: ``bot:<level>`` or :data:`ABANDON`; ``grace`` seconds)
    options: dict[str, Any] = field(default_factory=dict)
    #: "lobby" (seats being taken, nothing played yet: the host starts it), "live", "over"
    #: or "abandoned" (then no one acts any more)
    status: str = "live"
    #: the last chat lines (not stored: a restarted server starts a new page)
    chat: list[dict[str, Any]] = field(default_factory=list)
    #: the rematch's table, once one was asked for
    next: str = ""
    #: the turn clock: whose turn it times and when it runs out (``time.time()``), if any
    clock_seat: int = -1
    deadline: float = 0.0

    # --- making and rebuilding ------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str,
        variant: str,
        kinds: list[str],
        name: str,
        seed: int | None = None,
        away: str = "",
        grace: float = GRACE,
        clock: float = 0.0,
        lobby: bool = False,
    ) -> tuple[LiveTable, int, str]:
        """A new table; returns it, the creator's seat (the first human) and its token.

        ``kinds`` is one entry per seat: ``human`` (the creator), ``open``, a bot level or
        an automaton of the game. ``away`` is what a player's seat becomes when they stay
        away past ``grace`` seconds: ``bot:<level>`` (a bot plays it until they come back)
        or ``abandon`` (the table ends, abandoned); default: the game's first bot level.
        With ``lobby`` the table waits in its lobby until the creator (the host) starts it
        (:meth:`start`). Raises :class:`ProtocolError` (``bad_game``).
        """
        try:
            spec = get_game(game)
        except UnknownGameError:
            raise ProtocolError("bad_game", f"this server has no game {game[:30]!r}") from None
        if variant not in spec.variants:
            raise ProtocolError("bad_game", f"{spec.id} has no variant {variant[:30]!r}")
        if kinds.count(HUMAN) != 1:
            raise ProtocolError("bad_game", "one seat is the creator's (human)")
        for kind in kinds:
            if kind not in (HUMAN, OPEN, *spec.bot_levels, *spec.automata):
                raise ProtocolError("bad_game", f"{spec.id} has no seat kind {kind[:30]!r}")
        away = away or f"bot:{spec.bot_levels[0]}"
        if away != ABANDON and away.removeprefix("bot:") not in spec.bot_levels:
            raise ProtocolError("bad_game", f"a seat away cannot become {away[:30]!r}")
        if not MIN_GRACE <= grace <= MAX_GRACE:
            raise ProtocolError("bad_game", f"a grace time is {MIN_GRACE}-{MAX_GRACE} s")
        if not 0 <= clock <= MAX_CLOCK:
            raise ProtocolError("bad_game", f"a turn clock is 0-{MAX_CLOCK:g} minutes")
        seed = secrets.randbits(31) if seed is None else seed
        start = [HUMAN if k == OPEN else k for k in kinds]
        try:
            ctl = spec.new_controller(variant, start, seed)
        except (ValueError, KeyError, TypeError) as exc:
            raise ProtocolError("bad_game", f"cannot set up this table ({exc})") from None
        state = ctl.state
        ctl.close()
        token = new_token()
        seats = []
        for kind in kinds:
            seat: dict[str, Any] = {"kind": kind, "name": ""}
            if kind in spec.bot_levels:
                seat = {"kind": "bot", "level": kind, "name": ""}
            elif kind in spec.automata:
                seat = {"kind": "automaton", "level": kind, "name": ""}
            seats.append(seat)
        creator = kinds.index(HUMAN)
        seats[creator].update(name=name, token=token_hash(token))
        table = cls(
            id=new_code(),
            spec=spec,
            variant=variant,
            config=spec.rules.config_to_json(state),
            seed=seed,
            seats=seats,
            created=time.time(),
            state=state,
            options={"away": away, "grace": grace, "clock": clock, "host": creator},
            status=LOBBY if lobby else "live",
        )
        table._make_bots()
        return table, creator, token

    @classmethod
    def rebuild(cls, row: TableRow) -> LiveTable:
        """The table a stored row describes, its log replayed from the seed."""
        spec = get_game(row.game)
        rules = spec.rules
        table = cls(
            id=row.id,
            spec=spec,
            variant=row.variant,
            config=row.config,
            seed=row.seed,
            seats=[dict(s) for s in row.seats],
            created=row.created,
            state=rules.new_game(row.config, row.seed),
            options=dict(row.options),
            status=row.status,
        )
        for seat, doc in row.log:
            action = rules.action_from_json(doc)
            table.state, events = rules.apply(table.state, action)
            table.log.append((seat, doc))
            table.events.append(events)
        table._make_bots()
        return table

    def row(self, status: str | None = None) -> TableRow:
        """The table as stored (its log as it is now)."""
        status = self.status if status is None else status
        return TableRow(
            self.id,
            self.spec.id,
            self.variant,
            self.config,
            self.seed,
            self.seats,
            self.created,
            status,
            list(self.log),
            dict(self.options),
        )

    def catch_up(self, row: TableRow) -> bool:
        """Apply what another process stored (the log past this one's, the seats, the
        status); True if anything changed."""
        moved = False
        rules = self.rules
        for seat, doc in row.log[len(self.log) :]:
            self.state, events = rules.apply(self.state, rules.action_from_json(doc))
            self.log.append((seat, doc))
            self.events.append(events)
            moved = True
        if row.seats != self.seats:
            self.seats = [dict(s) for s in row.seats]
            self.bots = {i: b for i, b in self.bots.items() if self.seats[i]["kind"] == "bot"}
            self._make_bots()
            moved = True
        if row.status != self.status:
            self.status, moved = row.status, True
        return moved

    def _make_bots(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat["kind"] == "bot" and i not in self.bots:
                self.bots[i] = self.spec.make_bot(seat["level"])
                self.bot_rngs[i] = random.Random(self.seed * 1009 + i)

    # --- who is who -----------------------------------------------------------------------
    @property
    def rules(self) -> Any:
        """The game's rules."""
        return self.spec.rules

    @property
    def seq(self) -> int:
        """How many actions the log holds: the ``seq`` the next action must carry."""
        return len(self.log)

    @property
    def actor(self) -> int:
        """The seat to act (AUTOMATIC for a chance or automaton step)."""
        return int(self.rules.actor(self.state))

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return bool(self.rules.is_terminal(self.state))

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens, or None."""
        want = token_hash(token)
        for i, seat in enumerate(self.seats):
            if secrets.compare_digest(seat.get("token", ""), want):
                return i
        return None

    def claim(self, name: str) -> tuple[int, str]:
        """Take the first open seat for ``name``; its seat and token. Raises ``no_seat``."""
        for i, seat in enumerate(self.seats):
            if seat["kind"] == OPEN:
                token = new_token()
                self.seats[i] = {"kind": HUMAN, "name": name, "token": token_hash(token)}
                return i, token
        raise ProtocolError("no_seat", "every seat of this table is taken")

    @property
    def host(self) -> int:
        """The creator's seat: the one who starts the table from its lobby."""
        return int(self.options.get("host", 0))

    def start(self, seat: int) -> None:
        """The host starts a table from its lobby: the seats still open are played by a bot
        of the game's first level. Raises ``illegal`` for anyone else or a started table."""
        if self.status != LOBBY:
            raise ProtocolError("illegal", "this table has started already")
        if seat != self.host:
            raise ProtocolError("illegal", "only the host starts the table")
        level = self.spec.bot_levels[0]
        for i, entry in enumerate(self.seats):
            if entry["kind"] == OPEN:
                self.seats[i] = {"kind": "bot", "level": level, "name": ""}
        self._make_bots()
        self.status = "live"

    def rematch(self) -> LiveTable:
        """A new table of the same game and seats with a new seed: each player's token opens
        their seat there too (a seat a bot kept for someone away is theirs again)."""
        table = LiveTable(
            id=new_code(),
            spec=self.spec,
            variant=self.variant,
            config=self.config,
            seed=secrets.randbits(31),
            seats=[
                {k: v for k, v in s.items() if k not in ("level", "away")} | {"kind": HUMAN}
                if s.get("away")
                else dict(s)
                for s in self.seats
            ],
            created=time.time(),
            options=dict(self.options),
        )
        table.state = self.rules.new_game(table.config, table.seed)
        table._make_bots()
        return table

    def take_over(self, seat: int) -> bool:
        """A player away past the grace time: a bot of the host's level plays the seat (it
        keeps the player's token and name, so :meth:`hand_back` returns it). True if a bot
        took it; False for a seat that is no player's, or a table whose rule is to abandon."""
        entry = self.seats[seat]
        away = str(self.options.get("away", ""))
        if entry["kind"] != HUMAN or not away.startswith("bot:"):
            return False
        level = away.removeprefix("bot:")
        self.seats[seat] = {**entry, "kind": "bot", "level": level, "away": True}
        self.bots[seat] = self.spec.make_bot(level)
        self.bot_rngs.setdefault(seat, random.Random(self.seed * 1009 + seat))
        return True

    def hand_back(self, seat: int) -> bool:
        """The player is back: the seat a bot kept for them is theirs again. True if so."""
        entry = self.seats[seat]
        if not entry.get("away"):
            return False
        self.seats[seat] = {k: v for k, v in entry.items() if k not in ("level", "away")}
        self.seats[seat]["kind"] = HUMAN
        self.bots.pop(seat, None)
        return True

    def wind_clock(self, now: float) -> bool:
        """Start the clock for a player whose turn begins (the seat to act changed); stop it
        when no player is to act. True when a new turn's clock started."""
        minutes = float(self.options.get("clock", 0.0))
        actor = self.actor if not self.over and self.status == "live" else AUTOMATIC
        if minutes <= 0 or actor < 0 or self.seats[actor]["kind"] != HUMAN:
            self.clock_seat, self.deadline = -1, 0.0
            return False
        if actor == self.clock_seat:
            return False  # the same turn goes on
        self.clock_seat, self.deadline = actor, now + 60.0 * minutes
        return True

    def clock_bot(self) -> Any:
        """The bot that plays a turn whose clock ran out (the host's level for a seat away)."""
        away = str(self.options.get("away", ""))
        level = away.removeprefix("bot:") if away.startswith("bot:") else self.spec.bot_levels[0]
        return self.spec.make_bot(level)

    def automatic_due(self) -> bool:
        """True when the next step is the server's to take (chance, automaton or bot)."""
        if self.over or self.status != "live":
            return False
        actor = self.actor
        return actor == AUTOMATIC or (
            actor >= 0 and self.seats[actor]["kind"] in ("bot", "automaton")
        )

    # --- acting ---------------------------------------------------------------------------
    def propose(self, seat: int, seq: int, doc: object) -> Proposal:
        """Check a seat's action against the rules; the :class:`Proposal`, or a refusal."""
        rules = self.rules
        if self.over or self.status == "abandoned":
            raise ProtocolError("over", "the game is over" if self.over else "the table was left")
        if self.status == LOBBY:
            raise ProtocolError("lobby", "the host has not started the game yet")
        if seq != self.seq:
            raise ProtocolError("stale", f"the table is at {self.seq}, not {seq}")
        actor = self.actor
        if seat != actor:
            raise ProtocolError("out_of_turn", "it is not this seat's turn")
        try:
            action = rules.action_from_json(doc)
        except (*rules.error_types, ValueError, TypeError, KeyError) as exc:
            raise ProtocolError("illegal", f"not an action of this game ({exc})") from None
        why = rules.validate(self.state, action, None if seat < 0 else seat)
        if why is not None:
            raise ProtocolError("illegal", str(why))
        if action not in rules.legal_actions(self.state):
            raise ProtocolError("illegal", "not one of this seat's legal actions")
        state, events = rules.apply(self.state, action)
        return Proposal(seq, seat, action, rules.action_to_json(action), state, list(events))

    def automatic(self) -> tuple[int, Any] | None:
        """The seat and the action the server takes now for a chance or automaton step,
        or, for a bot, None with the bot's view to think on (:meth:`bot_task`)."""
        actor = self.actor
        if actor == AUTOMATIC or self.seats[actor]["kind"] == "automaton":
            return actor, self.rules.legal_actions(self.state)[0]
        return None

    def bot_task(self) -> tuple[int, Any, Any, list[Any], random.Random]:
        """What a bot at the acting seat thinks on: (seat, bot, its view, legal, generator)."""
        seat = self.actor
        view = self.rules.view(self.state, seat)
        return (
            seat,
            self.bots[seat],
            view,
            self.rules.legal_actions(self.state),
            self.bot_rngs[seat],
        )

    def commit(self, proposal: Proposal) -> None:
        """Apply a stored proposal (its ``seq`` must still be the table's)."""
        assert proposal.seq == self.seq, "a proposal of another seq"
        self.state = proposal.state
        self.log.append((proposal.seat, proposal.doc))
        self.events.append(proposal.events)

    # --- what each seat is sent -----------------------------------------------------------
    def frame(
        self, seat: int, since: int | None = None, online: frozenset[int] = frozenset()
    ) -> dict[str, Any]:
        """The ``update`` message for ``seat`` (SPECTATOR: a spectator): its view, its legal
        actions when it is to act, and each action since ``since`` (its seat, its document
        and its events redacted for ``seat``: actions are public); ``online`` the seats
        whose players are connected."""
        rules = self.rules
        view = rules.view(self.state, seat)
        legal: list[dict[str, Any]] = []
        if seat != SPECTATOR and not self.over and self.actor == seat and self.status == "live":
            legal = [rules.action_to_json(a) for a in rules.legal_actions(self.state)]
        start = self.seq - 1 if since is None else max(0, since)
        events = [
            {
                "seq": k + 1,
                "seat": self.log[k][0],
                "action": self.log[k][1],
                "events": [rules.event_to_json(rules.redact(e, seat)) for e in evs],
            }
            for k, evs in enumerate(self.events[start:], start)
        ]
        return {
            "t": "update",
            "table": self.id,
            "game": self.spec.id,
            "variant": self.variant,
            "host": self.host,
            "seq": self.seq,
            "seat": seat,
            "actor": self.actor,
            "over": self.over,
            "status": self.status,
            "clock": (
                {"seat": self.clock_seat, "left": round(max(0.0, self.deadline - time.time()), 1)}
                if self.clock_seat >= 0
                else None
            ),
            "view": rules.state_to_json(view),
            "legal": legal,
            "events": events,
            "seats": [
                {
                    "kind": s["kind"],
                    "level": s.get("level", ""),
                    "name": s.get("name", ""),
                    "away": bool(s.get("away")),
                    "online": i in online,
                }
                for i, s in enumerate(self.seats)
            ],
        }


__all__ = [
    "ABANDON",
    "GRACE",
    "HUMAN",
    "LOBBY",
    "OPEN",
    "LiveTable",
    "Proposal",
    "new_code",
    "new_token",
    "token_hash",
]

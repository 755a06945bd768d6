"""The table server: asyncio and ``websockets``, every table's single authority.

Each message from a client goes: decoded and checked (:func:`.protocol.decode`) → the seat
its connection holds (by the token it joined with) → the table's ``seq`` → the seat's legal
actions (:meth:`.tables.LiveTable.propose`) → stored in the log (the same transaction) →
applied → every connection of the table sent its own seat's view (:meth:`LiveTable.frame`),
spectators the spectator's. A refusal goes to the sender alone and changes nothing. Bots
think in a worker thread (``asyncio.to_thread``), so that no table waits for another's, and
act through the same path. A restarted server rebuilds its live tables from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import defaultdict
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from hercules.app.contract import SPECTATOR

from .export import export_save
from .protocol import MAX_MESSAGE, ProtocolError, decode, encode, refusal
from .store import Store
from .tables import ABANDON, GRACE, LiveTable, Proposal

log = logging.getLogger(__name__)

#: A client may send this many messages a second on average, in bursts of :data:`BURST`
#: (a person clicks far slower; a script that floods is refused, message by message).
RATE = 30.0
BURST = 60
#: Seconds between two looks for tables whose leader has gone (a shared database).
LEAD_SWEEP = 0.5
#: How many chat lines a table keeps for those who join later.
CHAT_KEPT = 50
#: A connection that has not joined or watched a table within this many seconds is closed.
HELLO_SECONDS = 10.0


@dataclass
class Bucket:
    """A token bucket: ``rate`` a second on average, in bursts of ``burst``."""

    rate: float
    burst: float
    allowance: float = field(init=False)
    last: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.allowance = self.burst  # a new link may send a burst at once

    def spend(self) -> bool:
        """One more: False when they come faster than the rate allows."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


@dataclass(eq=False)  # a link is itself: kept in sets by identity
class Link:
    """One client connection: the table and seat it holds, and its message budgets."""

    ws: ServerConnection
    messages: Bucket
    #: chat lines: one a second, in bursts of five
    chat: Bucket = field(default_factory=lambda: Bucket(1.0, 5.0))
    table: str = ""
    seat: int | None = None  #: None before joining; SPECTATOR for a spectator


class TableServer:
    """Hosts tables on ``host:port`` (port 0: any free port, see :attr:`port`)."""

    def __init__(
        self,
        store: Store,
        host: str = "127.0.0.1",
        port: int = 0,
        bot_delay: float = 0.0,
        rate: float = RATE,
        burst: float = BURST,
        exports: Path | None = None,
    ) -> None:
        self.store = store
        self.exports = exports  #: where a finished table's save is written (None: nowhere)
        self.exported: dict[str, Path] = {}
        self.rate, self.burst = rate, burst
        self.host = host
        self.requested_port = port
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.links: dict[str, set[Link]] = defaultdict(set)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.senders: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.absences: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.clocks: dict[str, asyncio.Task[None]] = {}
        self.background: set[asyncio.Task[None]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closing = False
        self.server: Server | None = None
        self.errors: list[str] = []  #: what went wrong inside (the tests ask it is empty)

    # --- life ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild the live tables from the store, then listen."""
        self.loop = asyncio.get_running_loop()
        if self.store.shared:
            self.store.listen(self.heard)
            sweep = asyncio.create_task(self._lead_sweep())
            self.background.add(sweep)
        for table_id in self.store.live():
            row = self.store.load(table_id)
            if row is None:
                continue
            try:
                table = LiveTable.rebuild(row)
            except Exception as exc:  # noqa: BLE001 - one bad table must not stop the others
                log.error("table %s: cannot rebuild: %s", table_id, exc)
                continue
            self.tables[table.id] = table
            self.run(table)
        self.server = await serve(
            self.handle, self.host, self.requested_port, max_size=MAX_MESSAGE, compression=None
        )
        log.info("serving tables on %s:%s", self.host, self.port)

    @property
    def port(self) -> int:
        """The port the server listens on."""
        assert self.server is not None, "not started"
        return int(next(iter(self.server.sockets)).getsockname()[1])

    @property
    def url(self) -> str:
        """The address clients connect to."""
        return f"ws://{self.host}:{self.port}"

    async def stop(self) -> None:
        """Stop listening, close every connection, stop the bots."""
        self.closing = True
        tasks = [
            *self.drivers.values(),
            *self.absences.values(),
            *self.clocks.values(),
            *self.background,
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    # --- one connection -----------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        """Read a client's messages until it goes."""
        link = Link(ws, Bucket(self.rate, self.burst))
        try:
            while True:
                timeout = HELLO_SECONDS if link.seat is None else None
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout)
                except TimeoutError:
                    await ws.close(1008, "no table joined")
                    return
                if not link.messages.spend():
                    await self.send(link, refusal("rate", "too many messages: slow down"))
                    continue
                try:
                    await self.message(link, decode(raw))
                except ProtocolError as exc:
                    table = self.tables.get(link.table)
                    seq = table.seq if table is not None else None
                    await self.send(link, refusal(exc.kind, exc.reason, seq))
                except Exception as exc:  # noqa: BLE001 - one message must not end the server
                    log.exception("a message could not be handled")
                    self.errors.append(f"message: {exc}")
                    await self.send(link, refusal("internal", "the server could not do that"))
        except ConnectionClosed:
            pass
        finally:
            self.leave(link)

    async def send(self, link: Link, msg: dict[str, Any]) -> None:
        """Send one message; a link that has gone is dropped quietly."""
        with contextlib.suppress(ConnectionClosed):
            await link.ws.send(encode(msg))

    async def message(self, link: Link, msg: dict[str, Any]) -> None:
        """One checked message from a client."""
        kind = msg["t"]
        if kind == "create":
            table, seat, token = LiveTable.new(
                msg["game"],
                msg["variant"],
                list(msg["seats"]),
                msg["name"],
                msg.get("seed"),
                away=msg.get("away", ""),
                grace=float(msg.get("grace", GRACE)),
                clock=float(msg.get("clock", 0.0)),
                lobby=bool(msg.get("lobby", False)),
            )
            self.store.create(table.row())
            self.tables[table.id] = table
            await self.seat_link(link, table, seat, token)
            self.run(table)
        elif kind == "claim":
            table = self.table(msg["table"])
            async with self.locks[table.id]:
                seat, token = table.claim(msg["name"])
                self.store.set_seats(table.id, table.seats)
            await self.seat_link(link, table, seat, token)  # (the others see the seat taken)
        elif kind == "join":
            table = self.table(msg["table"])
            found = table.seat_of(msg["token"])
            if found is None:
                raise ProtocolError("bad_token", "this token opens no seat of the table")
            heard = msg.get("seq")
            since = table.seq if heard is None else min(max(0, heard), table.seq)
            await self.seat_link(link, table, found, msg["token"], since)
            await self.came_back(table, found)
        elif kind == "watch":
            table = self.table(msg["table"])
            self.leave(link)
            link.table, link.seat = table.id, SPECTATOR
            self.links[table.id].add(link)
            await self.send(link, table.frame(SPECTATOR, table.seq, self.online(table)))
        elif kind == "chat":
            await self.chat(link, msg["text"])
        elif kind == "leave":
            self.leave(link)
            link.table, link.seat = "", None
        elif kind == "rematch":
            await self.rematch(link)
        elif kind == "start":
            if link.seat is None or link.seat < 0:
                raise ProtocolError("no_seat", "only the host starts the table")
            table = self.table(link.table)
            async with self.locks[table.id]:
                table.start(link.seat)
                self.store.set_seats(table.id, table.seats)
                self.store.set_status(table.id, table.status)
            await self.broadcast(table)
            self.run(table)
        elif kind == "act":
            if link.seat is None:
                raise ProtocolError("no_seat", "join a table before acting")
            if link.seat == SPECTATOR:
                raise ProtocolError("spectator", "a spectator cannot act")
            table = self.table(link.table)
            await self.act(table, link.seat, msg["seq"], msg["action"])

    async def chat(self, link: Link, text: str) -> None:
        """A player's line to everyone at the table (spectators read, and do not write)."""
        if link.seat is None:
            raise ProtocolError("no_seat", "join a table before writing to it")
        if link.seat == SPECTATOR:
            raise ProtocolError("spectator", "a spectator reads the table's chat")
        if not link.chat.spend():
            raise ProtocolError("rate", "one line a second: slow down")
        table = self.table(link.table)
        line = {"t": "chat", "seat": link.seat, "name": table.seats[link.seat].get("name", "")}
        line["text"] = " ".join(text.split())  # plain words: no line breaks, no runs of spaces
        table.chat.append(line)
        del table.chat[:-CHAT_KEPT]
        await asyncio.gather(*(self.send(other, line) for other in self.links[table.id]))

    async def rematch(self, link: Link) -> None:
        """The same seats, a new seed: every connection of the table is told its code."""
        if link.seat is None or link.seat == SPECTATOR:
            raise ProtocolError("no_seat", "only a player of the table may ask for a rematch")
        table = self.table(link.table)
        if not table.over and table.status != "abandoned":
            raise ProtocolError("illegal", "the game is not over")
        if table.next:
            new = self.tables[table.next]
        else:
            new = table.rematch()
            table.next = new.id
            self.store.create(new.row())
            self.tables[new.id] = new
            self.run(new)  # its turn clock too, as any table's
        await asyncio.gather(
            *(self.send(o, {"t": "rematch", "table": new.id}) for o in self.links[table.id])
        )

    def table(self, code: str) -> LiveTable:
        """The table of a code (one another process opened is read from the shared
        database); raises ``unknown_table``."""
        table = self.tables.get(code)
        if table is None and self.store.shared:
            row = self.store.load(code)
            if row is not None:
                table = self.tables[code] = LiveTable.rebuild(row)
                self.run(table)
        if table is None:
            raise ProtocolError("unknown_table", "no table of that code on this server")
        return table

    def run(self, table: LiveTable) -> None:
        """A table this process now keeps: its turn clock wound, the server's steps taken."""
        self.wind(table)
        self.drive(table)

    # --- several processes on one database ---------------------------------------------
    def heard(self, table_id: str, seq: int | None = None) -> None:
        """A process (this one too) moved a table: read it again, from any thread."""
        if self.loop is not None and not self.closing:
            self.loop.call_soon_threadsafe(self._heard, table_id, seq)

    def _heard(self, table_id: str, seq: int | None) -> None:
        table = self.tables.get(table_id)
        if table is None or self.closing:
            return
        if seq is not None and seq < table.seq:
            return  # an action this process has applied already (most often its own)
        self._later(self.catch_up(table))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in a task of its own, kept until it ends (and stopped with the server)."""
        task = asyncio.create_task(work)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def catch_up(self, table: LiveTable) -> None:
        """What the database holds of a table that this process has not applied yet (moves,
        seats, status) is applied, then told to this process's connections."""
        async with self.locks[table.id]:
            moved = self._catch_up(table)
        if moved:
            await self.broadcast(table)
            self.drive(table)

    def _catch_up(self, table: LiveTable) -> bool:
        row = self.store.load(table.id)
        if row is None:
            return False
        moved = table.catch_up(row)
        if moved:
            self.wind(table)
        return moved

    async def _lead_sweep(self) -> None:
        """Every moment, take the lead of any known table whose server's step waits (its
        leader died): the table's bots and clocks go on."""
        while not self.closing:
            await asyncio.sleep(LEAD_SWEEP)
            for table in list(self.tables.values()):
                if table.automatic_due():
                    self.drive(table)

    def leave(self, link: Link) -> None:
        """The link stops following its table; a player's seat left with no link starts
        its grace time (:meth:`_away`)."""
        if not link.table:
            return
        self.links[link.table].discard(link)
        table = self.tables.get(link.table)
        seat = link.seat
        if self.closing or table is None or seat is None or seat < 0 or self.present(table, seat):
            return
        self._later(self.broadcast(table))  # the others see the player gone
        self._say_present(table.id, seat, False)
        if table.seats[seat]["kind"] == "human" and table.status == "live" and not table.over:
            key = (table.id, seat)
            if key not in self.absences or self.absences[key].done():
                self.absences[key] = asyncio.create_task(self._away(table, seat))

    def present(self, table: LiveTable, seat: int) -> bool:
        """True when some connection holds ``seat`` of ``table``."""
        return any(link.seat == seat for link in self.links[table.id])

    def _say_present(self, table_id: str, seat: int, here: bool) -> None:
        """Tell the other processes (the database) who is connected here; a database that
        fails this is logged, never fatal (the away rule then counts this process only)."""
        try:
            self.store.set_present(table_id, seat, here)
        except Exception as exc:  # noqa: BLE001 - presence is advice, the game goes on
            log.warning("table %s: presence not stored: %s", table_id, exc)

    def online(self, table: LiveTable) -> frozenset[int]:
        """The seats of ``table`` whose players are connected to this process."""
        return frozenset(
            link.seat for link in self.links[table.id] if link.seat is not None and link.seat >= 0
        )

    async def _away(self, table: LiveTable, seat: int) -> None:
        """After the grace time, a seat still without its player: the host's rule."""
        try:
            await asyncio.sleep(float(table.options.get("grace", GRACE)))
            if self.present(table, seat) or table.status != "live" or table.over:
                return
            if self.store.present_elsewhere(table.id, seat):
                return  # the player came back through another server process
            async with self.locks[table.id]:
                if table.take_over(seat):
                    self.store.set_seats(table.id, table.seats)
                    log.info("table %s: seat %s away, a bot plays it", table.id, seat)
                elif table.options.get("away") == ABANDON:
                    table.status = "abandoned"
                    self.store.set_status(table.id, "abandoned")
                    self.export(table)
                    log.info("table %s: seat %s away, the table is left", table.id, seat)
            await self.broadcast(table)
            self.drive(table)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - logged; the table stays as it was
            log.exception("table %s: the away rule failed", table.id)
            self.errors.append(f"{table.id}: {exc}")

    async def came_back(self, table: LiveTable, seat: int) -> None:
        """A player back at their seat: a grace time running stops; a bot keeping the seat
        gives it back (at once if it is not thinking, else after its move)."""
        waiting = self.absences.pop((table.id, seat), None)
        if waiting is not None:
            waiting.cancel()
        async with self.locks[table.id]:
            handed = table.hand_back(seat)
            if handed:
                self.store.set_seats(table.id, table.seats)
        if handed:
            await self.broadcast(table)

    async def seat_link(
        self, link: Link, table: LiveTable, seat: int, token: str, since: int | None = None
    ) -> None:
        """The link holds ``seat``: told its token, then sent its view (with every action
        since ``since``: what a player coming back has missed)."""
        self.leave(link)
        link.table, link.seat = table.id, seat
        self.links[table.id].add(link)
        self._say_present(table.id, seat, True)
        await self.send(link, {"t": "joined", "table": table.id, "seat": seat, "token": token})
        for line in table.chat:
            await self.send(link, line)
        await self.send(
            link, table.frame(seat, table.seq if since is None else since, self.online(table))
        )
        await self.broadcast(table, since=table.seq, skip=link)  # the others see them here

    # --- acting -------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int, seq: int, doc: object) -> None:
        """A seat's action: checked, stored, applied, told to every seat."""
        async with self.locks[table.id]:
            proposal = table.propose(seat, seq, doc)
            self.record(table, proposal)
        await self.broadcast(table, since=seq)
        self.drive(table)

    def record(self, table: LiveTable, proposal: Proposal) -> None:
        """Store the proposal in the log, then apply it (the log is the authority)."""
        if not self.store.append(table.id, proposal.seq, proposal.seat, proposal.doc):
            # Another process's move: this one reads it (and tells its connections, who
            # would otherwise never hear of it: the move's notice names a seq now applied).
            if self._catch_up(table):
                self._later(self.broadcast(table))
            raise ProtocolError("stale", "another action took this seq first")
        table.commit(proposal)
        self.wind(table)
        if table.over:
            self.store.set_status(table.id, "over")
            self.export(table)

    def wind(self, table: LiveTable) -> None:
        """The turn clock after a step: a new turn's clock starts (its timer task), a clock
        whose turn ended stops."""
        started = table.wind_clock(time.time())
        if started or table.clock_seat < 0:
            running = self.clocks.pop(table.id, None)
            # The clock's own move may end its turn: that task ends by itself, after it has
            # told the table (cancelling it here would swallow that broadcast).
            if running is not None and running is not asyncio.current_task():
                running.cancel()
        if started:
            self.clocks[table.id] = asyncio.create_task(self._clock(table, table.clock_seat))

    async def _clock(self, table: LiveTable, seat: int) -> None:
        """The clock of ``seat``'s turn: when it runs out, a bot plays the rest of the turn."""
        try:
            await asyncio.sleep(max(0.0, table.deadline - time.time()))
            if not self.store.try_lead(table.id):
                return  # the table's leader plays the turn (every process keeps the time)
            bot = table.clock_bot()
            rng = random.Random(table.seed * 7919 + table.seq)
            while table.clock_seat == seat and table.actor == seat and table.status == "live":
                seq = table.seq
                view = table.rules.view(table.state, seat)
                legal = table.rules.legal_actions(table.state)
                action = await asyncio.to_thread(bot.choose, view, legal, rng)
                # (The turn stays this seat's until it ends: the clock is not wound again.)
                await self.server_step(table, seat, seq, action)
                if table.clock_seat != seat:
                    break
            self.drive(table)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - logged; the player may still move
            log.exception("table %s: the turn clock's move failed", table.id)
            self.errors.append(f"{table.id}: {exc}")

    def export(self, table: LiveTable) -> None:
        """Write a finished table's save (never raises: the database keeps the table)."""
        if self.exports is None:
            return
        try:
            self.exported[table.id] = export_save(table, self.exports)
        except Exception as exc:  # noqa: BLE001 - a save that cannot be written is logged
            log.error("table %s: its save could not be written: %s", table.id, exc)

    async def broadcast(
        self, table: LiveTable, since: int | None = None, skip: Link | None = None
    ) -> None:
        """Every connection of the table (but ``skip``) gets its own seat's view."""
        # One broadcast of a table at a time, each made of the table as it is when it goes:
        # a client hears of the table's seqs in order.
        async with self.senders[table.id]:
            online = self.online(table)
            frames = [
                (link, table.frame(link.seat, since, online))
                for link in self.links[table.id]
                if link.seat is not None and link is not skip
            ]
            await asyncio.gather(*(self.send(link, frame) for link, frame in frames))

    async def server_step(self, table: LiveTable, seat: int, seq: int, action: Any) -> bool:
        """An action the server takes for ``seat`` (a bot's, a clock's, chance's), thought
        out at ``seq``: through the same checks as a client's, then told. False when the
        table moved meanwhile (someone else acted): the caller thinks again, or stops."""
        async with self.locks[table.id]:
            if table.seq != seq or table.actor != seat:
                return False
            try:
                self.record(table, table.propose(seat, seq, table.rules.action_to_json(action)))
            except ProtocolError as exc:
                if exc.kind != "stale":
                    raise
                return False  # another process stored this seq first: read, think again
        await self.broadcast(table, since=seq)
        return True

    def drive(self, table: LiveTable) -> None:
        """Take the server's steps (chance, automata, bots) in a task of the table's own;
        on a shared database only the table's leader does."""
        running = self.drivers.get(table.id)
        if running is not None and not running.done():
            return
        if table.automatic_due() and self.store.try_lead(table.id):
            self.drivers[table.id] = asyncio.create_task(self._drive(table))

    async def _drive(self, table: LiveTable) -> None:
        try:
            while table.automatic_due():
                seq = table.seq
                step = table.automatic()
                if step is None:
                    seat, bot, view, legal, rng = table.bot_task()
                    action = await asyncio.to_thread(bot.choose, view, legal, rng)
                    if self.bot_delay:
                        await asyncio.sleep(self.bot_delay)
                else:
                    seat, action = step
                await self.server_step(table, seat, seq, action)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - a table's bot failing must not stop the server
            log.exception("table %s: the server's step failed", table.id)
            self.errors.append(f"{table.id}: {exc}")


__all__ = ["BURST", "HELLO_SECONDS", "RATE", "Bucket", "Link", "TableServer"]

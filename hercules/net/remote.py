"""Online play from the app's side: the server a host runs in the app, a player's session
with one table, and the remote controller the tables play through.

No pygame here. A :class:`Session` speaks to the table server on a thread of its own (an
asyncio loop), so the frame loop never waits on the network; what the server says is queued
and read by the frame loop (:meth:`RemoteController.pump`). A dropped link is taken up
again by itself with the seat's token and the last ``seq`` heard.

:class:`RemoteController` meets the box's controller protocol
(:class:`~hercules.app.controller.GameController`), so every game's table plays online
unchanged: its state is the seat's view as the server sent it (``view_from_json``), its
legal actions the server's list, its records the actions each update names (with their
events, ``event_from_json``). The player's own action waits for the server: it is sent,
the table shows it pending, and only the server's update moves the game (no optimistic
move). Undo never takes back a move online: every other machine has seen it at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from hercules.app.contract import SPECTATOR, GameRules
from hercules.app.controller import Listener, Record, Seat
from hercules.app.registry import rules_for

from .client import TableClient
from .server import TableServer
from .store import open_store

log = logging.getLogger(__name__)

#: The default port a host listens on (the player may set another).
DEFAULT_PORT = 8765
#: Seconds between two tries to take up a dropped link (doubling, up to the last).
RETRY = (0.25, 0.5, 1.0, 2.0, 4.0)
#: Seconds a first connection (or the server's answer to it) may take.
CONNECT_SECONDS = 8.0

_INVITE = re.compile(
    r"^(?:hercules://)?(?P<host>[A-Za-z0-9.\-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])"
    r":(?P<port>[0-9]{1,5})/(?P<table>[0-9a-f]{10})/?$"
)


@dataclass(frozen=True)
class Invite:
    """Where a table is: the host's address and port and the table's code."""

    host: str
    port: int
    table: str

    @property
    def url(self) -> str:
        """The server's address for a client."""
        return f"ws://{self.host}:{self.port}"

    def __str__(self) -> str:
        return f"hercules://{self.host}:{self.port}/{self.table}"


def parse_invite(text: str) -> Invite:
    """An invite from what a player pasted (``hercules://host:port/code`` or
    ``host:port/code``); ``ValueError`` saying what it should look like."""
    found = _INVITE.match(text.strip())
    if found is None:
        raise ValueError("an invite reads hercules://address:port/code (a 10-letter code)")
    port = int(found["port"])
    if not 1 <= port <= 65535:
        raise ValueError(f"no port {port}: a port is 1-65535")
    return Invite(found["host"], port, found["table"])


class SessionError(Exception):
    """The server could not be reached, or refused the table (its reason)."""


# --- the host's server ------------------------------------------------------------------------


class EmbeddedServer:
    """The table server inside the app (*Host a table*): a thread with its own event loop,
    its tables in a SQLite file of the data folder, listening on the address chosen."""

    def __init__(
        self,
        db: Path,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        exports: Path | None = None,
    ) -> None:
        """``exports``: where each finished table's save is written (the host's saves
        folder: the game is then on its load screen, to watch again)."""
        self.db, self.host, self.requested_port = db, host, port
        self.exports = exports
        self.server: TableServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._thread: threading.Thread | None = None

    def start(self, timeout: float = CONNECT_SECONDS) -> None:
        """Listen (returns once it does); ``OSError`` saying why it cannot (a port in
        use, an address not this machine's, a database it cannot open)."""
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the table server did not start in time")
        if self._failure is not None:
            failure = self._failure
            raise OSError(str(failure) or type(failure).__name__) from failure

    @property
    def port(self) -> int:
        """The port it listens on."""
        assert self.server is not None, "not started"
        return self.server.port

    @property
    def url(self) -> str:
        """Its address for the host's own client (this machine)."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"ws://{host}:{self.port}"

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001 - told to start()'s caller
            self._failure = exc
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        store = open_store(str(self.db))
        server = TableServer(store, self.host, self.requested_port, exports=self.exports)
        try:
            await server.start()
        except BaseException:
            store.close()
            raise
        self.server = server
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await server.stop()
            store.close()

    def stop(self) -> None:
        """Stop serving (the tables stay in the database) and end the thread."""
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended already
                self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(10.0)


# --- a player's link ------------------------------------------------------------------------


class Session:
    """One player's link to one table on a thread of its own; what the server says waits in
    :attr:`inbox` for the frame loop. A dropped link is taken up again by itself."""

    def __init__(self, url: str, name: str = "") -> None:
        self.url = url
        self.name = name
        self.table = ""
        self.seat: int | None = None
        self.token = ""
        self.heard = -1  #: the last seq an update brought
        #: "connecting", "online", "reconnecting" or "closed"
        self.status = "connecting"
        self.inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._client: TableClient | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._joined = threading.Event()
        self._failure = ""
        self._closing = False

    # --- opening ------------------------------------------------------------------------
    def create(
        self,
        game: str,
        variant: str,
        seats: Sequence[str],
        options: dict[str, Any] | None = None,
    ) -> None:
        """Open a table in its lobby (this player its host, at the ``human`` seat)."""
        msg: dict[str, Any] = {"t": "create", "game": game, "variant": variant}
        msg.update(seats=list(seats), name=self.name, lobby=True, **(options or {}))
        self._open(msg)

    def claim(self, table: str) -> None:
        """Take the first open seat of ``table``."""
        self._open({"t": "claim", "table": table, "name": self.name})

    def watch(self, table: str) -> None:
        """Follow ``table`` as a spectator (the spectator's view; no seat, no move)."""
        self.table = table
        self._open({"t": "watch", "table": table})

    def rejoin(self, table: str, token: str) -> None:
        """Come back to one's seat of ``table`` (a rematch's too: the token opens it)."""
        self.table, self.token = table, token
        self._open({"t": "join", "table": table, "token": token})

    def _open(self, hello: dict[str, Any], timeout: float = CONNECT_SECONDS) -> None:
        self._thread = threading.Thread(
            target=lambda: asyncio.run(self._main(hello)), name="table-link", daemon=True
        )
        self._thread.start()
        if not self._joined.wait(timeout):
            self.close()
            raise SessionError(self._failure or "the server did not answer in time")
        if self._failure:
            self.close()
            raise SessionError(self._failure)

    # --- the thread -------------------------------------------------------------------------
    async def _main(self, hello: dict[str, Any]) -> None:
        self._loop = asyncio.get_running_loop()
        tries = 0
        while not self._closing:
            try:
                client = await TableClient.open(self.url, timeout=CONNECT_SECONDS)
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
                if not self._joined.is_set():
                    self._fail(f"cannot reach {self.url} ({str(exc)[:80] or type(exc).__name__})")
                    return
                self.status = "reconnecting"
                await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)])
                tries += 1
                continue
            self._client = client
            try:
                if self.token:  # a link taken up again: the seat's token, the last seq heard
                    hello = {"t": "join", "table": self.table, "token": self.token}
                    hello["seq"] = max(0, self.heard)
                await client.send(hello)  # its answer is read below, as every message
                while not self._closing:
                    raw = await client.ws.recv()
                    self._heard(json.loads(raw))
                    tries = 0
            except ConnectionClosed:
                pass
            except Exception as exc:  # noqa: BLE001 - a refusal of the seat, or a garbled frame
                if not self._joined.is_set():
                    self._fail(str(exc)[:200])
                    return
                log.warning("table link: %s", exc)
            finally:
                self._client = None
                with contextlib.suppress(Exception):
                    await client.close()
            if not self._joined.is_set():
                self._fail("the server closed the link")
                return
            if not self._closing:
                self.status = "reconnecting"
                await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)])
                tries += 1
        self.status = "closed"

    def _heard(self, msg: dict[str, Any]) -> None:
        kind = msg.get("t")
        if kind == "joined":
            self.table, self.seat, self.token = msg["table"], msg["seat"], msg["token"]
            self.status = "online"
            self._joined.set()
        elif kind == "refused" and not self._joined.is_set():
            self._fail(str(msg.get("reason", "refused")))
            return
        elif kind == "update" and msg.get("table") == self.table:
            self.heard = max(self.heard, int(msg["seq"]))
            if not self.token:  # a spectator: its first update is its answer
                self.status = "online"
                self._joined.set()
        self.inbox.put(msg)

    def _fail(self, why: str) -> None:
        self._failure = why
        self.status = "closed"
        self._joined.set()

    # --- talking ------------------------------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> bool:
        """Send ``msg`` from any thread; False when the link is down (nothing sent)."""
        loop, client = self._loop, self._client
        if loop is None or client is None or self._closing:
            return False

        async def go() -> None:
            with contextlib.suppress(ConnectionClosed):
                await client.send(msg)

        try:
            asyncio.run_coroutine_threadsafe(go(), loop)
        except RuntimeError:  # the loop has ended
            return False
        return True

    def messages(self) -> list[dict[str, Any]]:
        """What the server said since the last call, in order."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        """Leave the table (the seat stays the player's on the server) and end the link."""
        self._closing = True
        loop, client = self._loop, self._client
        if loop is not None and client is not None:
            with contextlib.suppress(RuntimeError):
                asyncio.run_coroutine_threadsafe(client.close(), loop)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5.0)
        self.status = "closed"


# --- the controller ---------------------------------------------------------------------------


def seats_of(update: dict[str, Any], mine: int | None) -> list[Seat]:
    """The controller's seats from an update: the player's own seat is ``human`` (played at
    this machine), another player's ``remote``, a bot or automaton as the server says."""
    seats = []
    for i, entry in enumerate(update["seats"]):
        kind = str(entry.get("kind", ""))
        if i == mine and kind == "human":
            seats.append(Seat("human", name=str(entry.get("name", ""))))
        elif kind in ("human", "open"):
            seats.append(Seat("remote", name=str(entry.get("name", ""))))
        elif kind == "automaton":
            seats.append(Seat("automaton", name=str(entry.get("level", ""))))
        else:
            seats.append(Seat("bot", level=str(entry.get("level", ""))))
    return seats


class RemoteController:
    """A table's controller whose game is played on a server (see the module's words)."""

    online = True  #: tables and menus ask: no saving here, no undo, a connection line

    def __init__(
        self, session: Session, update: dict[str, Any], later: Sequence[dict[str, Any]] = ()
    ) -> None:
        """The table as ``update`` shows it; ``later``: messages read after it (the lobby's),
        to be taken in order before the session's next ones."""
        self.session = session
        self.rules: GameRules[Any, Any, Any] = rules_for(str(update["game"]))
        self.game = str(update["game"])
        self.variant = str(update.get("variant", ""))
        self.seat = session.seat if session.seat is not None else SPECTATOR
        self.update = update
        self.state: Any = self.rules.view_from_json(update["view"])
        self.seats = seats_of(update, session.seat)
        self.history: list[Record] = []
        self.delivered = int(update["seq"])
        self.pending_seq: int | None = None
        self.pending_since = 0.0
        self.refusal = ""  #: the server's last refusal, to be said once
        self.chat: list[dict[str, Any]] = []  #: the table's chat lines, oldest first
        self.rematch_table = ""  #: the rematch's table code, once someone asked for one
        self._legal_of: tuple[Any, list[Any]] = (None, [])
        self._listeners: list[Listener] = []
        self._undo_listeners: list[Listener] = []
        self._waiting: list[dict[str, Any]] = list(later)
        self.heard_at = time.monotonic()  #: when the update shown came (the clock counts from it)

    # --- the server's news ------------------------------------------------------------------
    def pump(self) -> bool:
        """Read what the server said; apply its updates up to the next one that moves the
        game (its records told to the listeners: the table animates one at a time).
        True if the game moved."""
        self._waiting.extend(self.session.messages())
        while self._waiting:
            msg = self._waiting.pop(0)
            kind = msg.get("t")
            if kind == "update" and msg.get("table") == self.session.table:
                if self._apply(msg):
                    return True
            elif kind == "chat":
                self.chat.append({**msg, "at": time.monotonic()})
                del self.chat[:-50]
            elif kind == "rematch":
                self.rematch_table = str(msg.get("table", ""))
            elif kind == "refused":
                self.refusal = str(msg.get("reason", ""))
                self.pending_seq = None
            elif kind == "joined":
                self.pending_seq = None  # a link taken up again: the update says what is due
        return False

    def _apply(self, update: dict[str, Any]) -> bool:
        seq = int(update["seq"])
        if seq < self.delivered:
            return False  # an older update that crossed a newer one
        rules = self.rules
        records = []
        for entry in update.get("events", []):
            if int(entry["seq"]) <= self.delivered:
                continue
            action = rules.action_from_json(entry["action"])
            events = [rules.event_from_json(e) for e in entry["events"]]
            records.append(Record(action, int(entry["seat"]), events))
        self.update = update
        self.state = rules.view_from_json(update["view"])
        fresh = seats_of(update, self.session.seat)
        for old, new in zip(self.seats, fresh, strict=True):
            old.kind, old.level, old.name = new.kind, new.level, new.name
        self.delivered = seq
        self.heard_at = time.monotonic()
        if self.pending_seq is not None and seq > self.pending_seq:
            self.pending_seq = None
        for rec in records:
            self.history.append(rec)
            for listener in list(self._listeners):
                listener(rec)
        return bool(records)

    # --- what the table reads ---------------------------------------------------------------
    @property
    def status(self) -> str:
        """The table's status on the server ("lobby", "live", "over", "abandoned")."""
        return str(self.update.get("status", "live"))

    @property
    def actor(self) -> int:
        """The seat to act, as the server last said."""
        return int(self.update["actor"])

    @property
    def is_over(self) -> bool:
        """True once the game has ended (or the table was left)."""
        return bool(self.update["over"]) or self.status == "abandoned"

    @property
    def actions(self) -> list[Any]:
        """The actions heard of, in order."""
        return [r.action for r in self.history]

    def clock(self) -> tuple[int, float] | None:
        """The turn clock, if the table has one running: (whose turn, seconds left now)."""
        clock = self.update.get("clock")
        if not isinstance(clock, dict):
            return None
        left = float(clock.get("left", 0.0)) - (time.monotonic() - self.heard_at)
        return int(clock.get("seat", -1)), max(0.0, left)

    @property
    def pending(self) -> bool:
        """True while the player's own action waits for the server."""
        return self.pending_seq is not None

    def legal(self) -> list[Any]:
        """The seat's legal actions as the server listed them (none while one is pending)."""
        if self.pending:
            return []
        known, actions = self._legal_of
        if known is not self.update:  # worked out once per update (a frame asks often)
            actions = [self.rules.action_from_json(d) for d in self.update["legal"]]
            self._legal_of = (self.update, actions)
        return actions

    def view(self, seat: int) -> Any:
        """The view of ``seat`` as far as this machine knows (its own: the server's)."""
        if seat == self.seat:
            return self.state
        try:
            return self.rules.view(self.state, seat)
        except ValueError:
            return self.state

    def human_to_act(self) -> bool:
        """True when the player at this machine must decide now (and nothing is pending)."""
        a = self.actor
        return (
            a == self.seat
            and a >= 0
            and not self.pending
            and not self.is_over
            and self.status == "live"
            and self.seats[a].kind == "human"
        )

    def submit(self, action: Any, seat: int) -> Exception | None:
        """Send the player's action to the server; it waits there (:attr:`pending`) until
        the server's update applies it. Refused at once when it cannot be sent."""
        if seat != self.seat:
            return ValueError(f"seat {seat} is not played from this machine")
        if self.pending:
            return RuntimeError("waiting for the server")
        if not self.human_to_act():
            return ValueError("it is not your turn")
        if action not in self.legal():
            err = self.rules.validate(self.state, action, seat)
            return err or TypeError(f"not an action value of this game: {action!r}"[:200])
        doc = self.rules.action_to_json(action)
        if not self.session.send({"t": "act", "seq": self.delivered, "action": doc}):
            return ConnectionError("the link to the server is down: try again in a moment")
        self.pending_seq = self.delivered
        self.pending_since = time.monotonic()
        return None

    def step(self, wait: bool = False) -> Record | None:
        """Nothing is played here: the server takes every automatic step."""
        return None

    def undo_refusal(self) -> str:
        """Online, nothing is taken back: every other machine has seen the move at once."""
        return "game_over" if self.is_over else "online"

    def can_undo(self) -> bool:
        """Never online."""
        return False

    def undo(self) -> Record | None:
        """Never online."""
        return None

    def bot_thinking(self) -> bool:
        """False: the server's bots think on the server."""
        return False

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(record)`` after every action heard of."""
        self._listeners.append(listener)

    def on_undo(self, listener: Listener) -> None:
        """Kept for the protocol: nothing is undone online."""
        self._undo_listeners.append(listener)

    def send_chat(self, text: str) -> bool:
        """A line to the table (the server checks its length and pace)."""
        return self.session.send({"t": "chat", "text": text})

    def ask_rematch(self) -> bool:
        """Ask the server for a rematch (the game over): its code comes in a message."""
        return self.session.send({"t": "rematch"})

    def keep_link(self) -> None:
        """The table closes but the link stays (a rematch is asked on it): :meth:`close`
        then leaves it open, and whoever kept it closes the session."""
        self._kept = True

    def close(self) -> None:
        """Leave the table: the link ends; the seat stays the player's on the server."""
        if not getattr(self, "_kept", False):
            self.session.close()


def started(
    session: Session, seen: list[dict[str, Any]], start: int = 0
) -> RemoteController | None:
    """Read the session's news into ``seen``; once an update (from ``seen[start]`` on) shows
    its table started, the table's controller, the messages after that update its to take
    (a lobby, a tool or a test waits for a table this way); else None."""
    seen.extend(session.messages())
    for index in range(start, len(seen)):
        msg = seen[index]
        if msg.get("t") == "update" and msg.get("table") == session.table:
            if msg["status"] != "lobby":
                return RemoteController(session, msg, seen[index + 1 :])
    return None


__all__ = [
    "CONNECT_SECONDS",
    "DEFAULT_PORT",
    "EmbeddedServer",
    "Invite",
    "RemoteController",
    "Session",
    "SessionError",
    "parse_invite",
    "seats_of",
    "started",
]

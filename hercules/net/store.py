"""Where the server keeps its tables: SQLite (WAL) by default, in the data folder, or
PostgreSQL for a dedicated server (``--db postgresql://…``).

The schema is small and the same for every database the server may use: ``tables`` (a game
of the registry, its configuration, seed, seats and status) and ``actions``, an append-only
log whose primary key ``(table_id, seq)`` is the single authority on what happened: a second
writer of the same ``seq`` loses (:meth:`Store.append` returns False) and re-reads.
A table is rebuilt from its seed and log, so nothing else about a game is stored.
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

#: The channel on which every process says which table it moved (PostgreSQL).
CHANNEL = "hercules_tables"
#: The first key of the tables' advisory locks (the second is the table id's hash).
LOCK_SPACE = 7261
#: The first key of each server process's own advisory lock (held while it lives: a player
#: it says is present counts only while it does).
PROCESS_SPACE = 7262
#: Who is connected to which process, for the away rule across processes (PostgreSQL only).
PRESENCE = """CREATE TABLE IF NOT EXISTS presence (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    process TEXT NOT NULL,
    PRIMARY KEY (table_id, seat, process)
)"""

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        config TEXT NOT NULL,
        seed BIGINT NOT NULL,
        seats TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        status TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}'
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
)


@dataclass(frozen=True)
class TableRow:
    """A table as stored: what rebuilds it, with its log (:meth:`Store.load`)."""

    id: str
    game: str
    variant: str
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    created: float
    status: str  #: "live", "over" or "abandoned"
    log: list[tuple[int, dict[str, Any]]]  #: (seat, action document), in seq order
    #: the host's choices: ``away`` (what a seat away past ``grace`` seconds becomes)
    options: dict[str, Any] = field(default_factory=dict)


#: The columns of ``tables``, in the order :func:`table_values` and :func:`table_row` use.
COLUMNS = ("id", "game", "variant", "config", "seed", "seats", "created", "status", "options")
#: Read one table and its log (``{}``: the driver's placeholder).
SELECT_TABLE = f"SELECT {', '.join(COLUMNS)} FROM tables WHERE id = {{}}"
SELECT_LOG = "SELECT seat, action FROM actions WHERE table_id = {} ORDER BY seq"


def insert_table(placeholder: str) -> str:
    """The statement that stores a new table, with the driver's placeholder."""
    marks = ", ".join([placeholder] * len(COLUMNS))
    return f"INSERT INTO tables ({', '.join(COLUMNS)}) VALUES ({marks})"


def table_values(row: TableRow) -> tuple[Any, ...]:
    """A row's values as ``tables`` keeps them (the documents as JSON text)."""
    return (
        row.id,
        row.game,
        row.variant,
        json.dumps(row.config),
        row.seed,
        json.dumps(row.seats),
        row.created,
        row.status,
        json.dumps(row.options),
    )


def table_row(found: Sequence[Any], log: list[tuple[int, dict[str, Any]]]) -> TableRow:
    """The :class:`TableRow` of a ``tables`` row read in :data:`COLUMNS` order, and its log."""
    return TableRow(
        id=found[0],
        game=found[1],
        variant=found[2],
        config=json.loads(found[3]),
        seed=int(found[4]),
        seats=json.loads(found[5]),
        created=float(found[6]),
        status=found[7],
        log=log,
        options=json.loads(found[8]),
    )


class Store(Protocol):
    """What the server asks of its database."""

    def create(self, row: TableRow) -> None:
        """Store a new table (its log empty)."""
        ...

    def append(self, table_id: str, seq: int, seat: int, action: dict[str, Any]) -> bool:
        """Append the action at ``seq``; False if that ``seq`` is taken (another writer won)."""
        ...

    def set_seats(self, table_id: str, seats: Sequence[dict[str, Any]]) -> None:
        """Replace a table's seats (a seat claimed, a bot taking over)."""
        ...

    def set_status(self, table_id: str, status: str) -> None:
        """Mark a table over or abandoned."""
        ...

    def load(self, table_id: str) -> TableRow | None:
        """The table with its whole log, or None."""
        ...

    def live(self) -> list[str]:
        """The ids of the tables still in play."""
        ...

    def close(self) -> None:
        """Close the connection."""
        ...

    #: True when other server processes may share the database (PostgreSQL)
    shared: bool

    def listen(self, heard: Callable[[str, int | None], None]) -> None:
        """Call ``heard(table_id, seq)`` (from another thread) whenever any process moved a
        table: ``seq`` of the action it stored, None for a change of seats or status."""
        ...

    def try_lead(self, table_id: str) -> bool:
        """True when this process drives the table's bots and clocks (it holds, or has just
        taken, the table's lead; a process that dies lets go of its leads)."""
        ...

    def set_present(self, table_id: str, seat: int, here: bool) -> None:
        """Say that a player of ``seat`` is (or no longer is) connected to this process."""
        ...

    def present_elsewhere(self, table_id: str, seat: int) -> bool:
        """True when a living other process has the player of ``seat`` connected."""
        ...


class SQLiteStore:
    """The embedded store: one SQLite file in WAL mode (readers never wait for the writer).

    Used from one thread (the server's event loop); every append is its own transaction,
    committed before any client hears of the action.
    """

    shared = False  #: one process only: SQLite is the embedded, single-server store

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None, timeout=5.0)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        for statement in SCHEMA:
            self.db.execute(statement)

    def create(self, row: TableRow) -> None:
        """Store a new table."""
        self.db.execute(insert_table("?"), table_values(row))

    def append(self, table_id: str, seq: int, seat: int, action: dict[str, Any]) -> bool:
        """Append one action; False when ``seq`` is already in the log."""
        try:
            self.db.execute(
                "INSERT INTO actions (table_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, seq, seat, json.dumps(action), time.time()),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    def set_seats(self, table_id: str, seats: Sequence[dict[str, Any]]) -> None:
        """Replace a table's seats."""
        self.db.execute("UPDATE tables SET seats = ? WHERE id = ?", (json.dumps(seats), table_id))

    def set_status(self, table_id: str, status: str) -> None:
        """Mark a table over or abandoned."""
        self.db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))

    def load(self, table_id: str) -> TableRow | None:
        """The table and its log."""
        found = self.db.execute(SELECT_TABLE.format("?"), (table_id,)).fetchone()
        if found is None:
            return None
        actions = self.db.execute(SELECT_LOG.format("?"), (table_id,))
        return table_row(found, [(int(seat), json.loads(doc)) for seat, doc in actions])

    def live(self) -> list[str]:
        """The tables still in play."""
        return [r[0] for r in self.db.execute("SELECT id FROM tables WHERE status = 'live'")]

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def listen(self, heard: Callable[[str, int | None], None]) -> None:
        """No other process writes this file: nothing to hear."""

    def try_lead(self, table_id: str) -> bool:
        """The one process leads every table."""
        return True

    def set_present(self, table_id: str, seat: int, here: bool) -> None:
        """One process: its own connections say it all."""

    def present_elsewhere(self, table_id: str, seat: int) -> bool:
        """No other process."""
        return False


class PostgresStore:
    """A dedicated server's store: PostgreSQL through psycopg 3, the same schema.

    Every statement commits on its own (autocommit): an append is stored before any client
    hears of it, and the log's primary key decides between two writers of one ``seq``.
    """

    shared = True  #: several server processes may share one PostgreSQL

    def __init__(self, url: str) -> None:
        self.url = url
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        self._led: set[str] = set()
        try:
            import psycopg  # noqa: PLC0415 - only a server given a PostgreSQL URL needs it
        except ImportError:
            raise ValueError(
                "PostgreSQL needs psycopg: pip install 'hercules-boardgame[server]'"
            ) from None
        self._errors = psycopg.errors
        self._psycopg = psycopg
        try:
            self.db = psycopg.connect(url, autocommit=True, connect_timeout=10)
        except psycopg.Error as exc:
            raise ValueError(f"cannot connect to PostgreSQL ({str(exc).strip()[:120]})") from None
        for statement in (*SCHEMA, PRESENCE):
            self.db.execute(statement)
        # This process's own lock, held while it lives: its presence rows count only then.
        self.process = secrets.token_hex(8)
        self.db.execute("SELECT pg_advisory_lock(%s, hashtext(%s))", (PROCESS_SPACE, self.process))

    def create(self, row: TableRow) -> None:
        """Store a new table."""
        self.db.execute(insert_table("%s"), table_values(row))

    def append(self, table_id: str, seq: int, seat: int, action: dict[str, Any]) -> bool:
        """Append one action; False when ``seq`` is already in the log."""
        # One statement, so one round trip and one transaction: the action and its notice
        # are stored at once or not at all (a seq already taken raises, and notifies no one).
        try:
            self.db.execute(
                "WITH stored AS (INSERT INTO actions (table_id, seq, seat, action, at)"
                " VALUES (%s, %s, %s, %s, %s) RETURNING seq)"
                " SELECT pg_notify(%s, %s) FROM stored",
                (
                    table_id,
                    seq,
                    seat,
                    json.dumps(action),
                    time.time(),
                    CHANNEL,
                    f"{table_id} {seq}",
                ),
            )
        except self._errors.UniqueViolation:
            return False
        return True

    def _notify(self, table_id: str, seq: int | None = None) -> None:
        # "<table>" for seats or status, "<table> <seq>" for the action stored at seq.
        payload = table_id if seq is None else f"{table_id} {seq}"
        self.db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    def set_seats(self, table_id: str, seats: Sequence[dict[str, Any]]) -> None:
        """Replace a table's seats."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE tables SET seats = %s WHERE id = %s", (json.dumps(list(seats)), table_id)
            )
            self._notify(table_id)

    def set_status(self, table_id: str, status: str) -> None:
        """Mark a table over or abandoned."""
        with self.db.transaction():
            self.db.execute("UPDATE tables SET status = %s WHERE id = %s", (status, table_id))
            self._notify(table_id)

    def load(self, table_id: str) -> TableRow | None:
        """The table and its log."""
        found = self.db.execute(SELECT_TABLE.format("%s"), (table_id,)).fetchone()
        if found is None:
            return None
        actions = self.db.execute(SELECT_LOG.format("%s"), (table_id,)).fetchall()
        return table_row(found, [(int(seat), json.loads(doc)) for seat, doc in actions])

    def live(self) -> list[str]:
        """The tables still in play."""
        rows = self.db.execute("SELECT id FROM tables WHERE status = 'live'").fetchall()
        return [r[0] for r in rows]

    def close(self) -> None:
        """Stop listening and close the connection (its leads are let go with it)."""
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        self.db.close()

    def listen(self, heard: Callable[[str, int | None], None]) -> None:
        """LISTEN on a connection of its own, in a thread: ``heard(table_id, seq)`` for
        every table any process moved (this one's own moves too)."""
        conn = self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        conn.execute(f"LISTEN {CHANNEL}")

        def run() -> None:
            try:
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=0.5):
                        table_id, _, seq = note.payload.partition(" ")
                        heard(table_id, int(seq) if seq.isdigit() else None)
            except self._psycopg.Error as exc:  # the database went away: said, then stop
                log.error("no longer hearing the other servers: %s", exc)
            finally:
                conn.close()

        self._listener = threading.Thread(target=run, name="hercules-listen", daemon=True)
        self._listener.start()

    def set_present(self, table_id: str, seat: int, here: bool) -> None:
        """A row per (table, seat, process) while that process has the player connected."""
        if here:
            self.db.execute(
                "INSERT INTO presence (table_id, seat, process) VALUES (%s, %s, %s)"
                " ON CONFLICT DO NOTHING",
                (table_id, seat, self.process),
            )
        else:
            self.db.execute(
                "DELETE FROM presence WHERE table_id = %s AND seat = %s AND process = %s",
                (table_id, seat, self.process),
            )

    def present_elsewhere(self, table_id: str, seat: int) -> bool:
        """A presence row of another process that still lives (it holds its own lock; the
        rows of one that died are cleared here)."""
        rows = self.db.execute(
            "SELECT process FROM presence WHERE table_id = %s AND seat = %s AND process <> %s",
            (table_id, seat, self.process),
        ).fetchall()
        for (process,) in rows:
            free = self.db.execute(
                "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (PROCESS_SPACE, process)
            ).fetchone()
            if free is not None and not free[0]:
                return True  # that process lives and holds the player
            self.db.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (PROCESS_SPACE, process))
            self.db.execute("DELETE FROM presence WHERE process = %s", (process,))
        return False

    def try_lead(self, table_id: str) -> bool:
        """Hold the table's advisory lock (session-wide: let go when this process's
        connection ends, so another process takes the lead when this one dies)."""
        if table_id in self._led:
            return True
        found = self.db.execute(
            "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCK_SPACE, table_id)
        ).fetchone()
        if found is not None and found[0]:
            self._led.add(table_id)
            return True
        return False


def open_store(url: str) -> Store:
    """The store a ``--db`` value names: a path or ``sqlite:///path`` (SQLite), or a
    ``postgresql://`` URL (PostgreSQL). Raises ``ValueError`` with the reason."""
    if url.startswith("sqlite:///"):
        return SQLiteStore(url[len("sqlite:///") :])
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    if "://" in url:
        raise ValueError(f"not a database this server knows: {url[:40]!r}")
    return SQLiteStore(url)


__all__ = ["SCHEMA", "PostgresStore", "SQLiteStore", "Store", "TableRow", "open_store"]

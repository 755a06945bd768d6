"""Helpers of the online tests: a server started and stopped in the test's own loop, clients
that play a game out, every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import subprocess
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from hercules.app.registry import get_game
from hercules.net.cli import spawn
from hercules.net.client import TableClient
from hercules.net.server import TableServer
from hercules.net.store import open_store

#: Every wait in these tests is bounded by this many seconds.
WAIT = 20.0
#: A game that has not ended after this many actions is a failure.
MAX_ACTIONS = 4000


def run(test: Callable[[], Awaitable[None]], timeout: float = 240.0) -> None:
    """Run an async test in a fresh loop, bounded."""
    asyncio.run(asyncio.wait_for(test(), timeout))


async def started(db: str | Path, exports: Path | None = None) -> TableServer:
    """A server on a free port of ``localhost`` keeping its tables in ``db`` (a SQLite path
    or a PostgreSQL URL), exporting finished tables to ``exports``."""
    server = TableServer(open_store(str(db)), "127.0.0.1", 0, rate=1000.0, burst=1000.0)
    server.exports = exports
    await server.start()
    return server


async def stopped(server: TableServer) -> None:
    await server.stop()
    server.store.close()


def states_of(game: str, config: dict[str, Any], seed: int, log: list[Any]) -> list[Any]:
    """Every state of a table from its seed and log (what the server must have held)."""
    rules = get_game(game).rules
    state = rules.new_game(config, seed)
    out = [state]
    for _, doc in log:
        state, _ = rules.apply(state, rules.action_from_json(doc))
        out.append(state)
    return out


async def play_out(
    clients: list[TableClient], rng: random.Random, until_seq: int | None = None
) -> None:
    """Each client plays a random legal action whenever its update says it is to act,
    until the game is over (or its table reaches ``until_seq``)."""
    for c in clients:
        await c.until(0, WAIT)
    for _ in range(MAX_ACTIONS):
        latest = max((c.update for c in clients if c.update), key=lambda u: u["seq"])
        if latest["over"] or (until_seq is not None and latest["seq"] >= until_seq):
            return
        seq = latest["seq"]
        for c in clients:
            await c.until(seq, WAIT)
        mover = next((c for c in clients if c.update and c.update["legal"]), None)
        if mover is None:  # a bot or a chance step is due: the server takes it
            await asyncio.wait_for(asyncio.gather(*(c.until(seq + 1, WAIT) for c in clients)), WAIT)
            continue
        await mover.act(rng.choice(mover.update["legal"]))
        await mover.until(seq + 1, WAIT)
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")


async def drain(client: TableClient, quiet: float = 0.3) -> None:
    """Read what the server has sent the client until it has been quiet for ``quiet`` s."""
    with contextlib.suppress(TimeoutError):
        for _ in range(10_000):
            await client.receive(quiet)


async def human_turn(server: TableServer, table_id: str, clients: list[TableClient]) -> Any:
    """Wait until the server has taken its own steps (a deal, a bot) and every client has
    heard of the table as it now stands; the table."""
    table = server.tables[table_id]
    for _ in range(400):
        if not table.automatic_due():
            break
        await asyncio.sleep(0.02)
    for c in clients:
        await c.until(table.seq, WAIT)
    return table


def start_server(db: str | Path) -> tuple[subprocess.Popen[str], str]:
    """Start ``hercules-server`` on a free port; the process and its address."""
    return spawn(str(db))


def stop(proc: subprocess.Popen[str], sig: int = signal.SIGTERM) -> int:
    proc.send_signal(sig)
    try:
        return proc.wait(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()


def fresh_database(server: Any) -> str:
    """A new empty database on the server; its URL."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(server.get_uri(), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")  # a name of our own making: no injection
    uri: str = server.get_uri()
    return uri.replace("/postgres?", f"/{name}?", 1)

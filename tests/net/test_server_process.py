"""``hercules-server`` as a process: it says where it listens, and a SIGKILL loses nothing."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys

import pytest
from support.netplay import WAIT, play_out, run, start_server, states_of, stop

from hercules.app.registry import get_game
from hercules.net.client import TableClient
from hercules.net.store import SQLiteStore

pytestmark = pytest.mark.skipif(os.name != "posix", reason="signals as POSIX has them")


def test_a_killed_server_restarts_from_its_database_and_the_game_goes_on(tmp_path):
    db = tmp_path / "tables.db"
    proc, url = start_server(db)
    table_id = token = ""
    seq = 0

    async def first_half() -> None:
        nonlocal table_id, token, seq
        host = await TableClient.open(url)
        joined = await host.create("hercules", "standard", ["human", "easy"], "Ann", 4)
        table_id, token = joined["table"], host.token
        rng = random.Random(5)
        update = await host.until(0)
        for _ in range(8):
            while not update["legal"]:
                update = await host.until(update["seq"] + 1)
            await host.act(rng.choice(update["legal"]))
            update = await host.until(update["seq"] + 1)
        seq = update["seq"]
        await host.close()

    try:
        run(first_half, timeout=120)
    finally:
        assert stop(proc, signal.SIGKILL) == -signal.SIGKILL  # no goodbye: killed mid-game
    store = SQLiteStore(db)
    row = store.load(table_id)
    store.close()
    assert row is not None and len(row.log) >= seq  # every action told was stored first

    proc, url = start_server(db)

    async def second_half() -> None:
        back = await TableClient.open(url)
        await back.join(table_id, token)
        first = await back.until(len(row.log))  # its full view at once, where the log left off
        await play_out([back], random.Random(6))
        assert back.update["over"]
        await back.close()
        store = SQLiteStore(db)
        final = store.load(table_id)
        store.close()
        assert final is not None and final.log[: len(row.log)] == row.log  # nothing lost
        states = states_of("hercules", final.config, final.seed, final.log)
        rules = get_game("hercules").rules
        want = rules.state_to_json(rules.view(states[first["seq"]], back.seat))
        assert first["view"] == want

    try:
        run(second_half, timeout=200)
    finally:
        assert stop(proc) == 0  # SIGTERM: a clean stop
    store = SQLiteStore(db)
    assert store.load(table_id).status == "over"
    store.close()


def test_a_port_in_use_is_said_plainly(tmp_path):
    async def taken() -> None:
        blocker = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
        port = blocker.sockets[0].getsockname()[1]
        try:
            out = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "hercules.net.cli",
                    "--port",
                    str(port),
                    "--db",
                    str(tmp_path / "t.db"),
                ],
                capture_output=True,
                text=True,
                timeout=WAIT,
            )
        finally:
            blocker.close()
        assert out.returncode == 2
        assert f"cannot listen on 127.0.0.1:{port}" in out.stderr

    run(taken, timeout=60)

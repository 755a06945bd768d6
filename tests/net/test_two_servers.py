"""Two server processes on one PostgreSQL: no table lives in one process only (issue 24, 3).

The clients of one table are connected to different processes and play it to its end; one
process is killed (SIGKILL) mid-game and its client finishes on the other. Every wait is
bounded; both processes are stopped.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal

import pytest
from support.netplay import WAIT, fresh_database, play_out, run, start_server, states_of, stop

from hercules.app.contract import SPECTATOR
from hercules.app.registry import get_game
from hercules.net.client import TableClient
from hercules.net.store import PostgresStore

pytestmark = pytest.mark.skipif(os.name != "posix", reason="signals as POSIX has them")


async def follow(client: TableClient) -> None:
    """Read a client's messages until its table is over."""
    while not (client.update and client.update["over"]):
        await client.receive(WAIT)


def test_two_processes_share_a_table_and_one_dying_loses_nothing(postgres_server, tmp_path):
    url = fresh_database(postgres_server)
    a, url_a = start_server(url)
    b, url_b = start_server(url)
    procs = [a, b]

    async def test() -> None:
        host = await TableClient.open(url_a)
        joined = await host.create("later_years", "standard", ["human", "open", "easy"], "Ann", 6)
        table_id, token = joined["table"], host.token
        friend = await TableClient.open(url_b)  # the other process: it reads the table
        await friend.claim(table_id, "Bea")
        watcher = await TableClient.open(url_b)
        await watcher.watch(table_id)
        # A spectator reads all along (a client that stops reading is dropped by its pings).
        following = asyncio.create_task(follow(watcher))
        # Half the game with each client on its own process.
        await play_out([host, friend], random.Random(7), until_seq=25)
        assert host.update["seq"] > 10
        # The host's process dies; the host comes back on the other one, with its token.
        assert stop(a, signal.SIGKILL) == -signal.SIGKILL
        host.ws.transport.abort()  # its link went with the process
        back = await TableClient.open(url_b)
        await back.join(table_id, token)
        await back.until(0)
        await play_out([back, friend], random.Random(8))
        final = max(back.update["seq"], friend.update["seq"])
        for c in (back, friend):
            await c.until(final, WAIT)
        await asyncio.wait_for(following, WAIT)
        assert back.update["over"] and friend.update["over"] and watcher.update["over"]
        for c in (friend, watcher, back):
            await c.close()

        store = PostgresStore(url)
        row = store.load(table_id)
        store.close()
        assert row is not None and row.status == "over" and len(row.log) == final
        states = states_of("later_years", row.config, row.seed, row.log)
        rules = get_game("later_years").rules
        assert rules.is_terminal(states[-1])
        # What the spectator on the other process saw was always the spectator's view.
        for frame in watcher.frames:
            if frame["t"] == "update" and frame["table"] == table_id:
                want = rules.state_to_json(rules.view(states[frame["seq"]], SPECTATOR))
                assert frame["view"] == want

    try:
        run(test, timeout=240)
    finally:
        for proc in procs:
            if proc.poll() is None:
                stop(proc)


def test_the_away_rule_counts_a_player_connected_to_the_other_process(postgres_server):
    """A player whose link to one process drops and who comes back through the other is
    present: the first process's grace time runs out and no bot takes the seat. One who does
    not come back at all is played by a bot, as on one server."""
    from support.netplay import started, stopped

    url = fresh_database(postgres_server)

    async def test() -> None:
        a, b = await started(url), await started(url)
        try:
            host = await TableClient.open(a.url)
            msg = {"t": "create", "game": "hercules", "variant": "standard", "grace": 0.5}
            msg.update(seats=["human", "open", "open"], name="Ann", seed=4, away="bot:easy")
            await host.send(msg)
            table_id = (await host.expect("joined", refused_fails=True))["table"]
            friend = await TableClient.open(a.url)
            await friend.claim(table_id, "Bea")
            third = await TableClient.open(a.url)
            await third.claim(table_id, "Cleo")
            token = friend.token
            await friend.close()  # Bea's link to a drops; she comes back through b
            back = await TableClient.open(b.url)
            await back.join(table_id, token)
            await third.close()  # Cleo's drops for good
            await asyncio.sleep(1.5)  # past the grace time, on a's clock
            seats = a.tables[table_id].seats
            assert seats[1]["kind"] == "human"  # present through b: hers still
            assert seats[2]["kind"] == "bot" and seats[2]["away"]  # gone: a bot keeps it
            assert a.errors == [] and b.errors == []
            await back.close()
            await host.close()
        finally:
            await stopped(a)
            await stopped(b)

    run(test, timeout=60)

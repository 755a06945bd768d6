"""A table's lobby (issue 24, point 4): friends claim its open seats, the host starts it.

Real sockets on ``localhost:0``, SQLite and PostgreSQL, every wait bounded.
"""

from __future__ import annotations

import random

from support.netplay import WAIT, play_out, run, started, stopped

from hercules.net.client import TableClient


def test_a_lobby_waits_for_its_host_to_start_and_open_seats_left_become_bots(db_url):
    async def test() -> None:
        server = await started(db_url)
        try:
            host = await TableClient.open(server.url)
            friend = await TableClient.open(server.url)
            msg = {"t": "create", "game": "hercules", "variant": "standard", "lobby": True}
            msg.update(seats=["human", "open", "open"], name="Ann", seed=5)
            await host.send(msg)
            joined = await host.expect("joined", refused_fails=True)
            code = joined["table"]
            first = await host.until(0)
            assert first["status"] == "lobby" and first["host"] == 0
            assert first["legal"] == []  # nothing to play before the start
            await friend.claim(code, "Bea")
            seen = await host.expect("update")
            while seen["seats"][1]["kind"] != "human":  # the host's own arrival came first
                seen = await host.expect("update")
            assert [s["kind"] for s in seen["seats"]] == ["human", "human", "open"]
            assert [s["online"] for s in seen["seats"]] == [True, True, False]
            assert seen["seats"][1]["name"] == "Bea"
            # Nobody plays in the lobby; only the host starts it.
            await host.act({"kind": "roll"}, 0)
            refused = await host.expect("refused")
            assert refused["kind"] == "lobby"
            await friend.send({"t": "start"})
            refused = await friend.expect("refused")
            assert refused["kind"] == "illegal" and "only the host" in refused["reason"]
            assert server.tables[code].status == "lobby" and server.tables[code].seq == 0
            await host.send({"t": "start"})
            live = await host.expect("update")
            while live["status"] != "live":
                live = await host.expect("update")
            assert [s["kind"] for s in live["seats"]] == ["human", "human", "bot"]
            assert live["seats"][2]["level"]
            await play_out([host, friend], random.Random(2))
            final = server.tables[code]
            await host.until(final.seq, WAIT)
            # Each action's frame names its seat and its document (actions are public).
            told = [e for f in host.frames if f["t"] == "update" for e in f["events"]]
            by_seq = {e["seq"]: e for e in told}
            for seq, (seat, doc) in enumerate(final.log, 1):
                if seq in by_seq:
                    assert by_seq[seq]["seat"] == seat and by_seq[seq]["action"] == doc
            assert len(by_seq) == final.seq
            # A started table is not started again.
            await host.send({"t": "start"})
            assert (await host.expect("refused"))["kind"] == "illegal"
            assert server.errors == []
            await host.close()
            await friend.close()
        finally:
            await stopped(server)

    run(test)


def test_a_player_who_goes_is_seen_gone_by_the_others(tmp_path):
    async def test() -> None:
        server = await started(tmp_path / "t.db")
        try:
            host = await TableClient.open(server.url)
            friend = await TableClient.open(server.url)
            msg = {"t": "create", "game": "later_years", "variant": "standard", "lobby": True}
            msg.update(seats=["human", "open"], name="Ann")
            await host.send(msg)
            code = (await host.expect("joined", refused_fails=True))["table"]
            await friend.claim(code, "Bea")
            update = await host.expect("update")
            while not update["seats"][1]["online"]:
                update = await host.expect("update")
            await friend.close()
            update = await host.expect("update", WAIT)
            while update["seats"][1]["online"]:
                update = await host.expect("update", WAIT)
            assert update["seats"][1]["kind"] == "human"  # a lobby keeps the seat: no away rule
            await host.close()
        finally:
            await stopped(server)

    run(test)

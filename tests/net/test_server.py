"""The table server on real sockets (``localhost:0``) and a real SQLite file (issue 24, first part).

Every test starts its own server in its own event loop, bounds every wait, and stops what it
started. What is checked: a client only ever receives its own seat's view (hidden
information), the server is the authority (refusals go to the sender alone and change
nothing; two clients racing one ``seq``: one wins), and a server restarted on its database
rebuilds the table and its clients play on.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from support.netplay import WAIT, drain, human_turn, play_out, run, started, states_of, stopped
from websockets.exceptions import ConnectionClosed

from hercules.app import saves
from hercules.app.contract import SPECTATOR
from hercules.app.registry import get_game, rules_for
from hercules.net.client import TableClient
from hercules.net.protocol import MAX_MESSAGE
from hercules.net.server import TableServer
from hercules.net.store import SQLiteStore

CASES = [
    ("hercules", "standard", ["human", "open", "normal"]),
    ("hercules", "solo", ["human", "hades"]),
    ("later_years", "standard", ["human", "open", "easy"]),
]


@pytest.mark.parametrize(("game", "variant", "seats"), CASES, ids=lambda c: str(c))
def test_every_frame_a_client_receives_is_its_own_seats_view(
    tmp_path, db_url, game, variant, seats
):
    async def test() -> None:
        server = await started(db_url, tmp_path / "exports")
        try:
            host = await TableClient.open(server.url)
            friend = await TableClient.open(server.url)
            watcher = await TableClient.open(server.url)
            joined = await host.create(game, variant, seats, "Ann", seed=11)
            players = [host]
            if "open" in seats:
                await friend.claim(joined["table"], "Bea")
                players.append(friend)
            await watcher.watch(joined["table"])
            await host.until(0)
            await play_out(players, random.Random(3))
            final = server.tables[joined["table"]]
            for c in [*players, watcher]:  # every frame to its end
                await c.until(final.seq, WAIT)
            states = states_of(game, final.config, final.seed, final.log)
            rules = get_game(game).rules
            for c, seat in [*((p, p.seat) for p in players), (watcher, SPECTATOR)]:
                updates = [f for f in c.frames if f["t"] == "update"]
                assert updates and updates[-1]["over"]
                for u in updates:
                    want = rules.state_to_json(rules.view(states[u["seq"]], seat))
                    assert u["view"] == want, f"seat {seat} at {u['seq']}: not its view"
                    assert u["seat"] == seat
                    assert not u["legal"] or seat == rules.actor(states[u["seq"]])
                    for told in u["events"]:
                        assert all("seed" not in e for e in told["events"])
            assert server.errors == []
            # The finished table is a save of the box: it loads and replays to the same end.
            loaded = saves.load_save(server.exported[final.id], rules_for)
            assert loaded.state == final.state and len(loaded.actions) == final.seq
            saves.check_openable(loaded)
            for c in [host, friend, watcher]:
                await c.close()
        finally:
            await stopped(server)

    run(test)


def test_refusals_go_to_the_sender_alone_and_change_nothing(db_url):
    async def test() -> None:
        server = await started(db_url)
        try:
            host = await TableClient.open(server.url)
            friend = await TableClient.open(server.url)
            joined = await host.create("later_years", "standard", ["human", "open"], "Ann", 5)
            await friend.claim(joined["table"], "Bea")
            table = await human_turn(server, joined["table"], [host, friend])
            mover, other = (host, friend) if table.actor == host.seat else (friend, host)
            before = (table.seq, table.state)
            legal = mover.update["legal"]
            assert legal and not other.update["legal"]

            async def refused(client: TableClient, msg: Any) -> dict[str, Any]:
                await client.send(msg)
                answer = await client.expect("refused", WAIT)
                assert (table.seq, table.state) == before
                return answer

            out_of_turn = {"t": "act", "seq": table.seq, "action": legal[0]}
            assert (await refused(other, out_of_turn))["kind"] == "out_of_turn"
            frames_before = len(other.frames)  # from here on, others' refusals
            stale = {"t": "act", "seq": table.seq + 3, "action": legal[0]}
            assert (await refused(mover, stale))["kind"] == "stale"
            illegal = {"t": "act", "seq": table.seq, "action": {"kind": "no such move"}}
            assert (await refused(mover, illegal))["kind"] == "illegal"
            assert (await refused(mover, "{not json"))["kind"] == "malformed"
            assert (await refused(mover, '{"t": "act", "seq": true, "action": {}}'))[
                "kind"
            ] == "malformed"
            huge = json.dumps({"t": "act", "seq": 0, "action": {"x": "y" * MAX_MESSAGE}})
            with pytest.raises(ConnectionClosed):  # over the size the server takes: it closes
                await mover.send(huge)
                await mover.receive(WAIT)
            stranger = await TableClient.open(server.url)
            bad = {"t": "join", "table": table.id, "token": "not-a-token"}
            assert (await refused(stranger, bad))["kind"] == "bad_token"
            assert (await refused(stranger, out_of_turn))["kind"] == "no_seat"
            unknown = {"t": "watch", "table": "nosuchtable"}
            assert (await refused(stranger, unknown))["kind"] == "unknown_table"
            await stranger.watch(table.id)
            assert (await refused(stranger, out_of_turn))["kind"] == "spectator"
            # Nobody else heard of any of it (an update already on its way is the same table).
            await drain(other)
            heard = other.frames[frames_before:]
            assert all(f["t"] == "update" and f["seq"] == before[0] for f in heard), heard
            assert server.errors == []
            for c in (host, friend, stranger):
                await c.close()
        finally:
            await stopped(server)

    run(test)


def test_two_clients_racing_one_seq_one_wins(db_url):
    async def test() -> None:
        server = await started(db_url)
        try:
            host = await TableClient.open(server.url)
            joined = await host.create("later_years", "standard", ["human", "open"], "Ann", 8)
            table = server.tables[joined["table"]]
            twin = await TableClient.open(server.url)  # the same seat, from a second machine
            await twin.join(table.id, host.token)
            friend = await TableClient.open(server.url)
            await friend.claim(table.id, "Bea")
            await human_turn(server, table.id, [host, twin, friend])
            for _ in range(20):  # the friend moves until the host is to act
                if table.actor == host.seat:
                    break
                at = table.seq
                await friend.act(friend.update["legal"][0])
                await friend.until(at + 1)
                await human_turn(server, table.id, [host, twin, friend])
            assert table.actor == host.seat
            seq = table.seq
            legal = host.update["legal"]
            assert legal
            await asyncio.gather(
                host.act(legal[0], seq), twin.act(legal[-1], seq)
            )  # both at once, at the same seq
            await host.until(seq + 1)
            for c in (host, twin):
                await drain(c)
            refusals = [f for c in (host, twin) for f in c.frames if f["t"] == "refused"]
            assert table.seq == seq + 1 and len(refusals) == 1
            assert refusals[0]["kind"] in ("stale", "out_of_turn")
            store_row = server.store.load(table.id)
            assert store_row is not None and len(store_row.log) == table.seq
            for c in (host, twin, friend):
                await c.close()
        finally:
            await stopped(server)

    run(test)


def test_a_restarted_server_rebuilds_the_table_and_its_clients_play_on(db_url):
    async def test() -> None:
        db = db_url
        server = await started(db)
        host = await TableClient.open(server.url)
        joined = await host.create("hercules", "standard", ["human", "normal"], "Ann", 21)
        table_id, token = joined["table"], host.token
        rng = random.Random(1)
        for _ in range(6):  # a few of the human's moves (the bot answers between)
            update = await host.until(host.update["seq"] if host.update else 0)
            while not update["legal"]:
                update = await host.until(update["seq"] + 1)
            await host.act(rng.choice(update["legal"]))
            await host.until(update["seq"] + 1)
        for _ in range(50):  # let the bot's step, if one is due, reach the log
            if not server.tables[table_id].automatic_due():
                break
            await asyncio.sleep(0.05)
        before = server.tables[table_id]
        seq, state = before.seq, before.state
        await host.close()
        await stopped(server)  # the server goes away; its database stays

        server = await started(db)
        try:
            rebuilt = server.tables[table_id]
            assert rebuilt.seq == seq and rebuilt.state == state
            back = await TableClient.open(server.url)
            await back.join(table_id, token)
            update = await back.until(seq)
            rules = get_game("hercules").rules
            assert update["view"] == rules.state_to_json(rules.view(state, back.seat))
            await play_out([back], random.Random(2))
            assert rebuilt.over and server.store.load(table_id).status == "over"
            assert server.errors == []
            await back.close()
        finally:
            await stopped(server)

    run(test)


def test_a_client_that_floods_is_refused_message_by_message(tmp_path):
    async def test() -> None:
        server = TableServer(SQLiteStore(tmp_path / "t.db"), "127.0.0.1", 0, rate=1.0, burst=3)
        await server.start()
        try:
            client = await TableClient.open(server.url)
            for _ in range(6):
                await client.send({"t": "watch", "table": "nosuchtable"})
            kinds = [(await client.expect("refused", WAIT))["kind"] for _ in range(6)]
            assert kinds[:3] == ["unknown_table"] * 3 and "rate" in kinds[3:]
            await client.close()
        finally:
            await stopped(server)

    run(test)


def test_a_client_that_says_nothing_is_closed(tmp_path, monkeypatch):
    from hercules.net import server as server_module

    monkeypatch.setattr(server_module, "HELLO_SECONDS", 0.3)

    async def test() -> None:
        server = await started(tmp_path / "tables.db")
        try:
            silent = await TableClient.open(server.url)
            with pytest.raises(ConnectionClosed):
                await silent.receive(WAIT)  # closed by the server, not waited on forever
            assert silent.ws.close_code == 1008
        finally:
            await stopped(server)

    run(test)


async def _two_players(server: TableServer, away: str) -> tuple[TableClient, TableClient, Any]:
    host = await TableClient.open(server.url)
    friend = await TableClient.open(server.url)
    await host.send(
        {
            "t": "create",
            "game": "later_years",
            "variant": "standard",
            "seats": ["human", "open", "easy"],
            "name": "Ann",
            "seed": 3,
            "away": away,
            "grace": 0.3,
        }
    )
    joined = await host.expect("joined")
    await friend.claim(joined["table"], "Bea")
    table = await human_turn(server, joined["table"], [host, friend])
    return host, friend, table


def test_a_dropped_player_is_played_by_a_bot_then_given_the_seat_back(db_url):
    async def test() -> None:
        server = await started(db_url)
        try:
            host, friend, table = await _two_players(server, "bot:easy")
            seat, token = friend.seat, friend.token
            friend.ws.transport.abort()  # the link drops: no goodbye
            for _ in range(200):  # past the grace time a bot keeps the seat
                if table.seats[seat].get("away"):
                    break
                await asyncio.sleep(0.02)
            assert table.seats[seat]["kind"] == "bot" and table.seats[seat]["away"]
            assert server.store.load(table.id).seats[seat]["away"]  # stored: a restart keeps it
            rng = random.Random(4)
            for _ in range(10):  # the host plays on; the bot answers for the friend
                at = (await human_turn(server, table.id, [host])).seq
                if table.over or not host.update["legal"]:
                    break
                await host.act(rng.choice(host.update["legal"]))
                await host.until(at + 1)
            assert any(s == seat for s, _ in table.log[-20:]), "the bot never played the seat"
            back = await TableClient.open(server.url)
            await back.join(table.id, token)
            first = await back.expect("update")
            rules = get_game("later_years").rules
            assert first["view"] == rules.state_to_json(rules.view(table.state, seat))
            for _ in range(200):
                if table.seats[seat]["kind"] == "human":
                    break
                await asyncio.sleep(0.02)
            assert table.seats[seat]["kind"] == "human" and not table.seats[seat].get("away")
            await play_out([host, back], random.Random(5))
            assert table.over and server.errors == []
            for c in (host, back):
                await c.close()
        finally:
            await stopped(server)

    run(test)


def test_a_table_whose_rule_is_to_abandon_ends_when_a_player_stays_away(tmp_path, db_url):
    async def test() -> None:
        server = await started(db_url, tmp_path / "exports")
        try:
            host, friend, table = await _two_players(server, "abandon")
            friend.ws.transport.abort()
            update = host.update
            for _ in range(200):
                if update["status"] == "abandoned":
                    break
                update = await host.expect("update", WAIT)
            assert update["status"] == "abandoned" and table.status == "abandoned"
            assert server.store.load(table.id).status == "abandoned"
            assert table.id not in server.store.live()  # a restart does not bring it back
            await host.send({"t": "act", "seq": table.seq, "action": {"kind": "pass"}})
            assert (await host.expect("refused", WAIT))["kind"] == "over"
            loaded = saves.load_save(server.exported[table.id], rules_for)
            assert loaded.state == table.state  # what was played is kept, as a save
            await host.close()
        finally:
            await stopped(server)

    run(test)


def test_chat_is_plain_short_and_slow_and_reaches_the_whole_table(db_url):
    async def test() -> None:
        server = await started(db_url)
        try:
            host = await TableClient.open(server.url)
            joined = await host.create("later_years", "standard", ["human", "open"], "Ann", 2)
            friend = await TableClient.open(server.url)
            await friend.claim(joined["table"], "Bea")
            watcher = await TableClient.open(server.url)
            await watcher.watch(joined["table"])
            await host.send({"t": "chat", "text": "hello   <b>all</b>"})
            for c in (host, friend, watcher):
                line = await c.expect("chat", WAIT)
                assert line == {"t": "chat", "seat": 0, "name": "Ann", "text": "hello <b>all</b>"}
            for bad in ("x" * 201, "two\nlines", "\ud800"):
                await host.send(json.dumps({"t": "chat", "text": bad}))
                assert (await host.expect("refused", WAIT))["kind"] == "malformed"
            await watcher.send({"t": "chat", "text": "may I?"})
            assert (await watcher.expect("refused", WAIT))["kind"] == "spectator"
            kinds = []
            for i in range(8):  # a flood: five in a burst, then one a second
                await friend.send({"t": "chat", "text": f"line {i}"})
            for _ in range(8):
                msg = await friend.expect("chat", WAIT) if len(kinds) < 5 else None
                kinds.append("chat" if msg else (await friend.expect("refused", WAIT))["kind"])
            assert kinds.count("chat") == 5 and set(kinds[5:]) == {"rate"}
            late = await TableClient.open(server.url)  # joins later: reads what was said
            await late.join(joined["table"], friend.token)
            said = [await late.expect("chat", WAIT) for _ in range(6)]
            assert said[0]["text"] == "hello <b>all</b>" and said[-1]["text"] == "line 4"
            for c in (host, friend, watcher, late):
                await c.close()
        finally:
            await stopped(server)

    run(test)


def test_a_rematch_seats_everyone_again_at_a_new_table_with_a_new_seed(db_url):
    async def test() -> None:
        server = await started(db_url)
        try:
            host = await TableClient.open(server.url)
            joined = await host.create("hercules", "standard", ["human", "easy"], "Ann", 9)
            await host.until(0)
            await host.send({"t": "rematch"})
            assert (await host.expect("refused", WAIT))["kind"] == "illegal"  # not over yet
            await play_out([host], random.Random(8))
            old = server.tables[joined["table"]]
            await host.send({"t": "rematch"})
            code = (await host.expect("rematch", WAIT))["table"]
            new = server.tables[code]
            assert code != old.id and new.seed != old.seed
            assert [s["kind"] for s in new.seats] == [s["kind"] for s in old.seats]
            await host.join(code, host.token)  # the same token opens the same seat there
            assert host.seat == 0 and server.store.load(code) is not None
            await host.close()
        finally:
            await stopped(server)

    run(test)


def test_a_turn_clock_runs_out_and_a_bot_plays_the_rest_of_the_turn(db_url):
    async def test() -> None:
        server = await started(db_url)
        try:
            host = await TableClient.open(server.url)
            await host.send(
                {
                    "t": "create",
                    "game": "hercules",
                    "variant": "standard",
                    "seats": ["human", "easy"],
                    "name": "Ann",
                    "seed": 12,
                    "clock": 0.02,  # 1.2 s a turn: long enough to be seen running on a busy machine
                }
            )
            joined = await host.expect("joined")
            table = await human_turn(server, joined["table"], [host])
            assert table.actor == host.seat and host.update["legal"]
            clock = host.update["clock"]
            assert clock["seat"] == host.seat and 0 < clock["left"] <= 1.2
            mine = sum(1 for s, _ in table.log if s == host.seat)
            for _ in range(600):  # the player does nothing: the clock plays for them
                if sum(1 for s, _ in table.log if s == host.seat) > mine:
                    break
                await asyncio.sleep(0.02)
            assert sum(1 for s, _ in table.log if s == host.seat) > mine
            await drain(host)
            assert server.errors == []
            # And the player still plays the turns they take in time.
            table = await human_turn(server, table.id, [host])
            if not table.over and table.actor == host.seat:
                at = table.seq
                await host.act(host.update["legal"][0])
                await host.until(at + 1)
            await host.close()
        finally:
            await stopped(server)

    run(test)


def test_a_table_without_a_clock_says_none(db_url):
    async def test() -> None:
        server = await started(db_url)
        try:
            host = await TableClient.open(server.url)
            joined = await host.create("hercules", "standard", ["human", "easy"], "Ann", 12)
            await human_turn(server, joined["table"], [host])
            assert host.update["clock"] is None
            await host.send(
                {
                    "t": "create",
                    "game": "hercules",
                    "variant": "standard",
                    "seats": ["human", "easy"],
                    "name": "A",
                    "clock": -1.0,
                }
            )
            assert (await host.expect("refused", WAIT))["kind"] == "bad_game"
            await host.close()
        finally:
            await stopped(server)

    run(test)

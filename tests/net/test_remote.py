"""The app's side of online play (issue 24, point 4): the server a host runs in the app, a
player's session, and the remote controller every table plays through — real sockets on
``localhost:0``, no window. Every wait is bounded."""

from __future__ import annotations

import random
import socket
import time

import pytest
from support.remote_play import lobby, play_to_the_end, started_controllers, wait_for

from hercules.app.controller import GameController
from hercules.app.registry import get_game
from hercules.net.remote import (
    EmbeddedServer,
    Invite,
    Session,
    SessionError,
    parse_invite,
)


@pytest.mark.parametrize("game", ["hercules", "later_years"])
def test_two_players_play_a_game_to_its_end_through_remote_controllers(hosted, game):
    host, friend = lobby(hosted, game, ["human", "open", "open"])
    try:
        ctls = started_controllers(host, friend)
        assert all(isinstance(c, GameController) for c in ctls)
        assert [s.kind for s in ctls[0].seats] == ["human", "remote", "bot"]
        assert [s.kind for s in ctls[1].seats] == ["remote", "human", "bot"]
        heard: list[list[int]] = [[], []]
        for i, c in enumerate(ctls):
            c.subscribe(lambda rec, i=i: heard[i].append(rec.seat))
        play_to_the_end(ctls, random.Random(4))
        assert hosted.server is not None
        table = hosted.server.tables[host.table]
        rules = get_game(game).rules
        for c in ctls:
            wait_for(lambda c=c: c.delivered == table.seq, c.pump)
            # What each machine holds is its own seat's view of the server's game, and the
            # whole log, each action once, in order.
            assert c.state == rules.view(table.state, c.seat)
            assert [rules.action_to_json(a) for a in c.actions] == [d for _, d in table.log]
            assert c.undo_refusal() == "game_over" and c.undo() is None
        assert heard[0] == heard[1] == [s for s, _ in table.log]
        assert hosted.server.errors == []
    finally:
        host.close()
        friend.close()


def test_a_dropped_link_is_taken_up_again_and_nothing_is_missed(hosted):
    host, friend = lobby(hosted, "hercules", ["human", "open", "open"])
    try:
        ctls = started_controllers(host, friend)
        cut = {"done": False, "seen": set()}

        def drop_once() -> None:
            friend_ctl = ctls[1]
            cut["seen"].add(friend.status)
            if not cut["done"] and friend_ctl.delivered >= 6 and friend._client is not None:
                cut["done"] = True
                transport = friend._client.ws.transport
                friend._loop.call_soon_threadsafe(transport.abort)  # the cable pulled

        play_to_the_end(ctls, random.Random(8), drop_once)
        table = hosted.server.tables[host.table]
        wait_for(lambda: ctls[1].delivered == table.seq, ctls[1].pump)
        assert cut["done"] and "reconnecting" in cut["seen"]
        assert friend.status == "online"
        assert len(ctls[1].history) == table.seq  # every action once, none lost in the gap
        assert ctls[1].state == get_game("hercules").rules.view(table.state, 1)
    finally:
        host.close()
        friend.close()


def test_a_move_out_of_turn_or_while_one_is_pending_is_refused_at_once(hosted):
    host, friend = lobby(hosted, "hercules", ["human", "open"])
    try:
        mine, theirs = started_controllers(host, friend)
        wait_for(mine.human_to_act, mine.pump)
        action = mine.legal()[0]
        assert theirs.submit(action, theirs.seat) is not None  # not its turn
        assert theirs.submit(action, 0) is not None  # not its seat
        assert mine.submit(action, 0) is None
        again = mine.submit(action, 0)
        assert isinstance(again, RuntimeError) and "waiting" in str(again)
        assert mine.undo_refusal() == "online" and not mine.can_undo()
        wait_for(lambda: not mine.pending, mine.pump)
        assert mine.actions[-1] == action
    finally:
        host.close()
        friend.close()


def test_invites_read_as_written_and_a_wrong_one_says_what_it_should_be():
    invite = parse_invite(" hercules://192.168.1.20:8765/0123456789 ")
    assert invite == Invite("192.168.1.20", 8765, "0123456789")
    assert str(invite) == "hercules://192.168.1.20:8765/0123456789"
    assert parse_invite("box.local:9000/abcdef0123").url == "ws://box.local:9000"
    for bad in ("", "hercules://host/0123456789", "host:99999/0123456789", "h:1/XYZ", "h:1/01"):
        with pytest.raises(ValueError, match="invite|port"):
            parse_invite(bad)


def test_a_host_on_a_port_in_use_is_told_and_a_server_not_there_too(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = EmbeddedServer(tmp_path / "t.db", "127.0.0.1", port)
        with pytest.raises(OSError):
            server.start()
        with pytest.raises(SessionError, match="cannot reach|did not answer"):
            Session(f"ws://127.0.0.1:{port}", "Ann").claim("0123456789")
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    with pytest.raises(SessionError, match="cannot reach"):
        Session(f"ws://127.0.0.1:{port}", "Ann").claim("0123456789")


def test_a_table_code_the_server_has_not_is_refused_with_its_reason(hosted):
    with pytest.raises(SessionError, match="no table"):
        Session(hosted.url, "Bea").claim("0123456789")


def test_a_turn_clock_counts_down_on_every_machine(hosted):
    host = Session(hosted.url, "Ann")
    host.create("hercules", "standard", ["human", "open"], {"clock": 1.0})
    friend = Session(hosted.url, "Bea")
    friend.claim(host.table)
    try:
        mine, theirs = started_controllers(host, friend)
        wait_for(mine.human_to_act, mine.pump)
        wait_for(lambda: theirs.delivered == mine.delivered, theirs.pump)
        for c in (mine, theirs):
            clock = c.clock()
            assert clock is not None and clock[0] == 0  # the host's turn, on both screens
            assert 50.0 < clock[1] <= 60.0
        time.sleep(0.3)
        assert mine.clock()[1] < 60.0 - 0.25  # it counts down between updates
    finally:
        host.close()
        friend.close()

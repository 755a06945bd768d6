"""The fourth game online (issue 25): two friends at their own machines and bots in the other
seats play *The Labours of Hercules* to its end through the box's server — real sockets on
``localhost:0``, every wait bounded. Each machine holds only its own seat's view: no other
seat's character, token or side, and no face-down card it has not seen, ever reaches it."""

from __future__ import annotations

import random
import time

import pytest
from support.remote_play import lobby, started_controllers, wait_for

from hercules.app.registry import get_game, load_games
from hercules.games.companions.engine import rules as E
from hercules.net.remote import RemoteController


@pytest.fixture(autouse=True)
def companions():
    load_games()
    return get_game("companions")


def secrets_kept(c: RemoteController) -> None:
    """What machine ``c`` holds says nothing of another seat that the seat has not shown (it
    may lag the server by an update: it is judged by itself, and against the server's view
    for the seat once the game is over)."""
    shown: E.State = c.state
    if shown.outcome:
        return  # the end reveals everything
    for i in range(shown.n):
        if i == c.seat:
            assert shown.characters[i] > 0 and E.HIDDEN not in shown.tokens[i]
            continue
        if not shown.revealed[i]:
            assert shown.characters[i] == 0, f"seat {i}'s character reached seat {c.seat}"
        assert set(shown.tokens[i]) <= {E.HIDDEN}, f"seat {i}'s tokens reached seat {c.seat}"
        assert not shown.known[i] and not shown.sights[i]
    for r in (0, 1):
        for k, card in enumerate(shown.rows[r]):
            if card != E.HIDDEN:
                assert shown.up[r][k] or card in shown.known[c.seat]


def test_two_friends_and_two_bots_play_the_fourth_game_to_its_end_online(hosted):
    host, friend = lobby(hosted, "companions", ["human", "open", "open", "open"])
    try:
        ctls = started_controllers(host, friend)
        assert [s.kind for s in ctls[0].seats] == ["human", "remote", "bot", "bot"]
        assert hosted.server is not None
        table = hosted.server.tables[host.table]
        rng = random.Random(3)
        end = time.monotonic() + 180.0
        checked = 0
        while not all(c.is_over for c in ctls):
            assert time.monotonic() < end, "the game did not end"
            for c in ctls:
                c.pump()
                secrets_kept(c)
                checked += 1
                if c.human_to_act():
                    assert c.submit(rng.choice(c.legal()), c.seat) is None
            time.sleep(0.002)
        rules = get_game("companions").rules
        for c in ctls:
            wait_for(lambda c=c: c.delivered == table.seq, c.pump)
            assert c.state == rules.view(table.state, c.seat)
        assert table.state.outcome in (E.HERO, E.HERA)
        assert checked > 100 and hosted.server.errors == []
    finally:
        host.close()
        friend.close()

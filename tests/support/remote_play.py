"""Online play's app side for tests: a lobby of two sessions, their remote controllers once
the host starts, and random play through them to the end — every wait bounded."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from hercules.net.remote import EmbeddedServer, RemoteController, Session, started

WAIT = 20.0


def wait_for(what: Callable[[], bool], pump: Callable[[], object] = lambda: None) -> None:
    end = time.monotonic() + WAIT
    while not what():
        if time.monotonic() > end:
            raise AssertionError("waited too long")
        pump()
        time.sleep(0.005)


def lobby(hosted: EmbeddedServer, game: str, seats: list[str]) -> tuple[Session, Session]:
    host = Session(hosted.url, "Ann")
    host.create(game, "standard", seats, {"seed": 9})
    friend = Session(hosted.url, "Bea")
    friend.claim(host.table)
    return host, friend


def started_controllers(host: Session, friend: Session) -> list[RemoteController]:
    assert host.send({"t": "start"})
    out = []
    for s in (host, friend):
        seen: list[dict] = []
        found: list[RemoteController | None] = [None]

        def live(s=s, seen=seen, found=found) -> bool:
            found[0] = started(s, seen)
            return found[0] is not None

        wait_for(live)
        assert found[0] is not None and found[0].status == "live"
        out.append(found[0])
    return out


def play_to_the_end(ctls: list[RemoteController], rng: random.Random, hook=None) -> None:
    end = time.monotonic() + 120.0
    while not all(c.is_over for c in ctls):
        assert time.monotonic() < end, "the game did not end"
        for c in ctls:
            c.pump()
            if c.human_to_act():
                refused = c.submit(rng.choice(c.legal()), c.seat)
                if isinstance(refused, ConnectionError):  # its link is down: said, tried again
                    assert c.session.status != "online" and not c.pending
                    continue
                assert refused is None
                assert c.pending and c.legal() == [] and not c.human_to_act()
        if hook is not None:
            hook()
        time.sleep(0.002)

"""A client of the table server: what the app's remote controller and the tests speak.

Thin on purpose: it sends the protocol's messages and hands back what the server says,
keeping the last ``update`` (its seat's view) and the refusals apart. It never decides
anything about the game: the server's ``legal`` list is the only authority on what may
be played.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from .protocol import encode


class Refused(Exception):
    """The server refused a message while the client waited for an update."""

    def __init__(self, msg: dict[str, Any]) -> None:
        super().__init__(f"{msg.get('kind')}: {msg.get('reason')}")
        self.msg = msg


class TableClient:
    """One connection to a table server."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.table = ""
        self.seat: int | None = None
        self.token = ""
        self.update: dict[str, Any] | None = None
        self.frames: list[dict[str, Any]] = []  #: every message received, in order

    @classmethod
    async def open(cls, url: str, timeout: float = 5.0) -> TableClient:
        """Connect to ``url`` (``ws://host:port``); no proxy, ever."""
        ws = await connect(url, proxy=None, open_timeout=timeout, compression=None)
        return cls(ws)

    async def close(self) -> None:
        """Close the connection."""
        await self.ws.close()

    async def send(self, msg: dict[str, Any] | str) -> None:
        """Send a message (a raw text is sent as it is: the tests send broken ones)."""
        await self.ws.send(msg if isinstance(msg, str) else encode(msg))

    async def receive(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next message from the server (``TimeoutError`` after ``timeout``)."""
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        msg: dict[str, Any] = json.loads(raw)
        self.frames.append(msg)
        if msg.get("t") == "update":
            # Only the table followed now, and never back in time (two updates of one table
            # may cross on the way; the later seq is the table as it stands).
            if msg.get("table") == self.table and (
                self.update is None or msg["seq"] >= self.update["seq"]
            ):
                self.update = msg
        elif msg.get("t") == "joined":
            self.table, self.seat, self.token = msg["table"], msg["seat"], msg["token"]
            self.update = None
        return msg

    async def expect(
        self, kind: str, timeout: float = 5.0, refused_fails: bool = False
    ) -> dict[str, Any]:
        """Receive until a message of type ``kind`` (others are kept in :attr:`frames`);
        with ``refused_fails`` a refusal meanwhile raises :class:`Refused` (the answer to
        the request waited on)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self.receive(max(0.01, end - loop.time()))
            if msg.get("t") == kind:
                return msg
            if refused_fails and msg.get("t") == "refused":
                raise Refused(msg)

    async def until(self, seq: int, timeout: float = 10.0) -> dict[str, Any]:
        """Receive until an update at ``seq`` or later; :class:`Refused` if the server refuses
        something meanwhile."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.update is None or self.update["seq"] < seq:
            msg = await self.receive(max(0.01, end - loop.time()))
            if msg.get("t") == "refused":
                raise Refused(msg)
        return self.update

    async def create(
        self, game: str, variant: str, seats: list[str], name: str, seed: int | None = None
    ) -> dict[str, Any]:
        """Open a table (this client takes the ``human`` seat); its ``joined`` message."""
        msg: dict[str, Any] = {"t": "create", "game": game, "variant": variant}
        msg.update(seats=seats, name=name)
        if seed is not None:
            msg["seed"] = seed
        await self.send(msg)
        return await self.expect("joined", refused_fails=True)

    async def claim(self, table: str, name: str) -> dict[str, Any]:
        """Take an open seat; its ``joined`` message."""
        await self.send({"t": "claim", "table": table, "name": name})
        return await self.expect("joined", refused_fails=True)

    async def join(self, table: str, token: str, seq: int | None = None) -> dict[str, Any]:
        """Come back to one's seat (``seq``: the last one heard, to be sent every action
        since); its ``joined`` message."""
        msg: dict[str, Any] = {"t": "join", "table": table, "token": token}
        if seq is not None:
            msg["seq"] = seq
        await self.send(msg)
        return await self.expect("joined", refused_fails=True)

    async def watch(self, table: str) -> dict[str, Any]:
        """Follow a table as a spectator; the first update."""
        await self.send({"t": "watch", "table": table})
        self.table, self.seat, self.token, self.update = table, None, "", None
        while True:
            msg = await self.expect("update")
            if msg.get("table") == table:
                return msg

    async def act(self, action: dict[str, Any], seq: int | None = None) -> None:
        """Send an action at the table's current ``seq`` (as last heard) or the one given."""
        assert self.update is not None, "no update received yet"
        await self.send(
            {"t": "act", "seq": self.update["seq"] if seq is None else seq, "action": action}
        )


__all__ = ["Refused", "TableClient"]

"""The online seats this player holds (the data folder's ``online_seats.json``).

A seat's token is its only key: kept here, a player who left a table (or whose app closed)
comes back to the same seat by joining the same invite again, and a bot that kept the seat
meanwhile hands it back. A damaged or unreadable file holds no seats (and is written anew);
nothing here ever stops the game.
"""

from __future__ import annotations

import json
import time
from typing import Any

from . import paths, storage

#: How many seats are kept (the newest).
KEPT = 20
#: The file's name in the data folder.
NAME = "online_seats.json"


def _path() -> Any:
    return paths.data_dir() / NAME


def _read() -> list[dict[str, Any]]:
    try:
        doc = storage.read_json(_path())
    except (OSError, ValueError, storage.StorageError):  # none yet, or damaged: no seats
        return []
    seats = doc.get("seats") if isinstance(doc, dict) else None
    if not isinstance(seats, list):
        return []
    fields = ("url", "table", "token")
    return [
        s
        for s in seats
        if isinstance(s, dict) and all(isinstance(s.get(k), str) and s.get(k) for k in fields)
    ]


def token_for(url: str, table: str) -> str:
    """The token of this player's seat at ``table`` ("" when none is kept). A table's code
    is random enough to name it alone: the same server may be reached at another address
    (the host's own machine, a new network), so ``url`` is only written down."""
    for seat in reversed(_read()):
        if seat["table"] == table:
            return str(seat["token"])
    return ""


def keep(url: str, table: str, token: str) -> None:
    """Remember a seat (never raises: a seat not kept is only one that cannot be rejoined)."""
    seats = [s for s in _read() if s["table"] != table]
    seats.append({"url": url, "table": table, "token": token, "at": round(time.time())})
    doc = {"format": "hercules-online-seats", "seats": seats[-KEPT:]}
    try:
        storage.atomic_write(_path(), json.dumps(doc, indent=1).encode("utf-8"), backup=False)
    except OSError:
        pass


__all__ = ["KEPT", "keep", "token_for"]

"""The messages between a client and the table server: JSON objects, one per frame.

Every message has a ``"t"`` (its type). A message from a client is read by :func:`decode`,
which refuses anything that is not one of :data:`CLIENT_TYPES` with exactly the fields that
type takes, each of its type and size, with a :class:`ProtocolError` the server sends back
to that client alone. Nothing is evaluated: no pickle, no eval; the game's own documents
(an action) are checked by the game.

Client to server:

* ``create {game, variant, seats, name, seed?, away?, grace?}`` opens a table: ``seats`` is
  one entry per seat, ``"human"`` (the creator takes the first), ``"open"`` (for a friend
  to claim), a bot level or an automaton of the game; ``away`` what a player's seat becomes
  after ``grace`` seconds away (``"bot:<level>"`` or ``"abandon"``); ``clock`` minutes a
  player has for each turn (0: no clock), after which a bot plays the rest of the turn;
  ``lobby`` (true): the table waits for ``start`` while friends claim its open seats.
  Answer: ``joined``.
* ``claim {table, name}`` takes the first open seat. Answer: ``joined``.
* ``join {table, token, seq?}`` comes back to one's seat (after a dropped link); ``seq``
  the last one heard, so that the first update brings every action since. Answer: ``joined``.
* ``watch {table}``: a spectator. Answer: ``update`` frames with the spectator's view.
* ``act {seq, action}``: the seat's action, at the table's ``seq``.
* ``chat {text}``: a line to the table (plain text, at most :data:`MAX_CHAT` characters,
  a few a second); ``leave``: stop following the table; ``rematch`` (the game over): the
  same seats at a new table with a new seed, each player's token opening their seat there;
  ``start`` (the host, in the lobby): play begins, seats still open played by a bot.

Server to client: ``joined {table, seat, token}``, ``update {...}``
(:meth:`~.tables.LiveTable.frame`), ``chat {seat, name, text}``, ``rematch {table}``,
``refused {kind, reason, seq}``.
"""

from __future__ import annotations

import json
from typing import Any

#: The largest message a client may send, in bytes (an action is a few hundred).
MAX_MESSAGE = 16 * 1024
#: The longest text field (a name, a table code, a token).
MAX_TEXT = 80
#: The most seats a table may have (every game of the box has fewer).
MAX_SEATS = 12

#: Each client message type and its fields: name -> (type, required).
CLIENT_TYPES: dict[str, dict[str, tuple[type, bool]]] = {
    "create": {
        "game": (str, True),
        "variant": (str, True),
        "seats": (list, True),
        "name": (str, True),
        "seed": (int, False),
        "away": (str, False),
        "grace": (float, False),
        "clock": (float, False),
        "lobby": (bool, False),
    },
    "claim": {"table": (str, True), "name": (str, True)},
    "join": {"table": (str, True), "token": (str, True), "seq": (int, False)},
    "watch": {"table": (str, True)},
    "act": {"seq": (int, True), "action": (dict, True)},
    "chat": {"text": (str, True)},
    "leave": {},
    "rematch": {},
    "start": {},
}
#: The longest chat line, in characters.
MAX_CHAT = 200

#: What a refusal may be: the words a client shows for each.
REFUSALS = (
    "malformed",  # not JSON, not an object, an unknown type or field, a wrong field type
    "oversized",  # over MAX_MESSAGE
    "rate",  # too many messages too fast
    "unknown_table",
    "bad_token",
    "no_seat",  # no open seat left to claim; or acting before joining
    "spectator",  # a spectator may not act
    "out_of_turn",
    "stale",  # the seq is not the table's
    "illegal",  # the game refuses the action (its reason)
    "over",  # the game is over
    "lobby",  # the host has not started the table yet
    "bad_game",  # no such game, variant, seat kind or player count
    "internal",  # the server failed (logged): nothing changed
)


class ProtocolError(Exception):
    """A message refused: ``kind`` is one of :data:`REFUSALS`, ``reason`` its words."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


def _is_int(value: object) -> bool:
    return type(value) is int  # not a bool, nor 1.0


def decode(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked field by field; raises :class:`ProtocolError`."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE:
        raise ProtocolError("oversized", f"a message of {size} bytes (at most {MAX_MESSAGE})")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("malformed", f"not JSON ({str(exc)[:60]})") from None
    if not isinstance(msg, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    kind = msg.get("t")
    fields = CLIENT_TYPES.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError("malformed", f"no message type {str(kind)[:30]!r}")
    extra = set(msg) - set(fields) - {"t"}
    if extra:
        raise ProtocolError("malformed", f"{kind}: no field {sorted(extra)[0][:30]!r}")
    for name, (want, required) in fields.items():
        if name not in msg:
            if required:
                raise ProtocolError("malformed", f"{kind}: the field {name!r} is missing")
            continue
        value = msg[name]
        if want is int:
            ok = _is_int(value)
        elif want is float:
            ok = _is_int(value) or type(value) is float
        else:
            ok = isinstance(value, want)
        if not ok:
            raise ProtocolError("malformed", f"{kind}: {name!r} is not a {want.__name__}")
        longest = MAX_CHAT if kind == "chat" else MAX_TEXT
        if isinstance(value, str) and not _plain(value, longest):
            raise ProtocolError("malformed", f"{kind}: {name!r} is not a short plain text")
    if kind == "create":
        seats = msg["seats"]
        if not 1 <= len(seats) <= MAX_SEATS or not all(
            isinstance(s, str) and _plain(s) for s in seats
        ):
            raise ProtocolError("malformed", "create: seats is a list of seat kinds")
    return msg


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _plain(text: str, longest: int = MAX_TEXT) -> bool:
    """Short, printable, no surrogates: a text the server may store and send back."""
    return (
        len(text) <= longest
        and text.isprintable()
        and not any(0xD800 <= ord(c) <= 0xDFFF for c in text)
    )


def encode(msg: dict[str, Any]) -> str:
    """A server message as one JSON text."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def refusal(kind: str, reason: str, seq: int | None = None) -> dict[str, Any]:
    """The ``refused`` message (to the sender only)."""
    msg: dict[str, Any] = {"t": "refused", "kind": kind, "reason": reason}
    if seq is not None:
        msg["seq"] = seq
    return msg


__all__ = [
    "CLIENT_TYPES",
    "MAX_CHAT",
    "MAX_MESSAGE",
    "MAX_SEATS",
    "MAX_TEXT",
    "REFUSALS",
    "ProtocolError",
    "decode",
    "encode",
    "refusal",
]

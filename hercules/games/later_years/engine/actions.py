"""Actions (every decision, the chance steps included) and events (what happened).

Both are immutable named tuples, hashable, ordered and JSON-ready. The kinds and their fields:

- ``deal``: chance step: the auction row is dealt from the deck (the last card face down).
- ``bid`` (``slot``, ``amount``): the seat to bid puts its *total* bid ``amount`` on the card
  at place ``slot`` of the row: 0 or more on a card nobody bids on, or the standing bid plus
  at least 1 (the bidder outbid is refunded at once).
- ``task`` (``space``, ``cards``): complete the task of board space ``space`` (``SP-CAPTURE-
  TEMPLE``) with the action and object cards ``cards`` (ids, sorted).
- ``play_draw`` (``card``): discard this Draw card; the draw follows.
- ``draw``: chance step: the player takes the Draw card's cards from the deck.
- ``end``: the player makes no more plays this round.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .errors import MalformedActionError

DEAL = "deal"
BID = "bid"
TASK = "task"
PLAY_DRAW = "play_draw"
DRAW = "draw"
END = "end"

#: The fields each kind carries (``kind`` aside): exactly these, in documents and values.
FIELDS: dict[str, tuple[str, ...]] = {
    DEAL: (),
    BID: ("slot", "amount"),
    TASK: ("space", "cards"),
    PLAY_DRAW: ("card",),
    DRAW: (),
    END: (),
}
KINDS: frozenset[str] = frozenset(FIELDS)
#: The steps nobody decides: the controller takes them.
CHANCE: frozenset[str] = frozenset({DEAL, DRAW})

_MOST_COINS = 10**6  #: no game gets near this many coins: a bound against absurd documents
_MOST_CARDS = 40


class Action(NamedTuple):
    """One decision; fields a kind does not use keep their defaults (so actions sort)."""

    kind: str
    slot: int = -1
    amount: int = -1
    space: str = ""
    card: str = ""
    cards: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding the kind and the fields it uses."""
        out: dict[str, Any] = {"kind": self.kind}
        for key in FIELDS.get(self.kind, ()):
            value = getattr(self, key)
            out[key] = list(value) if key == "cards" else value
        return out

    @classmethod
    def from_json(cls, doc: Any) -> Action:
        """Rebuild an action; :class:`MalformedActionError` for anything not written by to_json."""
        if not isinstance(doc, dict) or "kind" not in doc:
            raise MalformedActionError(f"not an action: {str(doc)[:80]}")
        kind = doc["kind"]
        if not isinstance(kind, str) or kind not in KINDS:
            raise MalformedActionError(f"unknown action kind {str(kind)[:40]!r}")
        if set(doc) != {"kind", *FIELDS[kind]}:
            raise MalformedActionError(f"{kind} takes the fields {', '.join(FIELDS[kind])}")
        if kind == BID:
            if not _small(doc["slot"], 0, 4):
                raise MalformedActionError("slot must be a place 0-4 of the auction row")
            if not _small(doc["amount"], 0, _MOST_COINS):
                raise MalformedActionError("amount must be a whole number of coins")
            return cls(BID, slot=doc["slot"], amount=doc["amount"])
        if kind == TASK:
            if not _short(doc["space"]):
                raise MalformedActionError("space must be a short text")
            cards = doc["cards"]
            if not (
                isinstance(cards, list)
                and 0 < len(cards) <= _MOST_CARDS
                and all(_short(c) for c in cards)
                and len(set(cards)) == len(cards)
            ):
                raise MalformedActionError("cards must be a list of different card ids")
            return cls(TASK, space=doc["space"], cards=tuple(cards))
        if kind == PLAY_DRAW:
            if not _short(doc["card"]):
                raise MalformedActionError("card must be a short text")
            return cls(PLAY_DRAW, card=doc["card"])
        return cls(kind)


def malformed(action: object) -> str:
    """Why ``action`` is not a well-formed :class:`Action` value, or "" if it is one.

    Each field must have its own type (``slot`` and ``amount`` an ``int``, neither a
    ``bool`` nor a float, ``cards`` a tuple of texts): a value that only compares equal to
    a legal action (``1.0``, ``True``) is refused here, before any rule looks at it.
    """
    if not isinstance(action, Action):
        return f"not an action: {str(action)[:60]}"
    if type(action.kind) is not str or action.kind not in KINDS:
        return f"unknown action kind {str(action.kind)[:40]!r}"
    for key in ("slot", "amount"):
        if type(getattr(action, key)) is not int:
            return f"{key} must be a whole number, not {str(getattr(action, key))[:20]!r}"
    for key in ("space", "card"):
        if type(getattr(action, key)) is not str:
            return f"{key} must be a text, not {str(getattr(action, key))[:20]!r}"
    cards = action.cards
    if type(cards) is not tuple or any(type(c) is not str for c in cards):
        return f"cards must be a tuple of card ids, not {str(cards)[:40]}"
    return ""


def _small(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _short(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 30


class Event(NamedTuple):
    """Something that happened, for the table's animations and the log.

    Events carry public facts only: a card nobody else may see (the face-down auction card,
    cards drawn) is never named, so a log can show every event to every seat. ``kind`` names
    it; ``seat`` who; ``slot`` a place in the auction row; ``n`` an amount (coins, cards);
    ``card``/``cards`` card ids; ``space`` a board space.
    """

    kind: str
    seat: int = -1
    slot: int = -1
    n: int = 0
    card: str = ""
    cards: tuple[str, ...] = ()
    space: str = ""

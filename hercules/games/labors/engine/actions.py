"""Actions (every decision, the chance steps included) and events (what happened).

Both are immutable named tuples, hashable, ordered and JSON-ready. The kinds:

- ``keep`` (``card``) / ``begin``: starting from a later trial, keep one Reward of an earlier
  labour (paying its restart cost), then begin.
- ``draw``: chance step: the Mood deck is shuffled (the last Mood back in) and one is drawn.
- ``mood`` (``card`` ``"keep"`` or ``"redraw"``): with Zeus' Disregard (RWD-08B), keep the Mood
  or put it under the deck and draw the next.
- ``abderus`` (``card`` ``"dice"`` or ``"courage"``): the Ghost of Abderus: lose a die or 5 Courage.
- ``cover`` (``card``): the Ghost of Pholus covers that Reward for the trial.
- ``roll``: chance step: roll the available Hercules dice.
- ``blue`` (``space``, ``dice``, ``value``): put ``dice[0]`` on a blue space. ``value`` is the new
  face where the ability asks for one; ``dice[1:]`` are the other dice it acts on (the die set to
  ``value`` by RWD-05A, the dice re-rolled by RWD-05B).
- ``gold`` (``space``, ``dice``): put dice on a gold space.
- ``attack`` (``dice``, ``target``): a set meeting the method of Trial die ``target``: it loses 1.
- ``resolve``: the dice are committed; the trial is beaten or its dice advance.
- ``move`` (``target``, ``space``): at a fork, Trial die ``target`` moves to node ``space``.
- ``reward`` (``card``): take this Reward of the beaten trial.
- ``remove`` (``card``): a Reward that removes a prior one: remove this one.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from hercules.games._kit.fields import is_whole

from .errors import MalformedActionError

KEEP = "keep"
BEGIN = "begin"
DRAW = "draw"
MOOD = "mood"
ABDERUS = "abderus"
COVER = "cover"
ROLL = "roll"
BLUE = "blue"
GOLD = "gold"
ATTACK = "attack"
RESOLVE = "resolve"
MOVE = "move"
REWARD = "reward"
REMOVE = "remove"

KINDS: frozenset[str] = frozenset(
    {
        KEEP,
        BEGIN,
        DRAW,
        MOOD,
        ABDERUS,
        COVER,
        ROLL,
        BLUE,
        GOLD,
        ATTACK,
        RESOLVE,
        MOVE,
        REWARD,
        REMOVE,
    }
)
#: The steps nobody decides: the controller takes them.
CHANCE: frozenset[str] = frozenset({DRAW, ROLL})

_FIELDS = ("kind", "card", "space", "dice", "value", "target")


class Action(NamedTuple):
    """One decision; unused fields keep their defaults so that actions sort and compare."""

    kind: str
    card: str = ""
    space: str = ""
    dice: tuple[int, ...] = ()
    value: int = 0
    target: int = -1

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding only the fields that are set."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.card:
            out["card"] = self.card
        if self.space:
            out["space"] = self.space
        if self.dice:
            out["dice"] = list(self.dice)
        if self.value:
            out["value"] = self.value
        if self.target != -1:
            out["target"] = self.target
        return out

    @classmethod
    def from_json(cls, doc: Any) -> Action:
        """Rebuild an action; :class:`MalformedActionError` for anything not written by to_json."""
        if not isinstance(doc, dict) or set(doc) - set(_FIELDS) or "kind" not in doc:
            raise MalformedActionError(f"not an action: {shown(doc, 80)}")
        kind = doc["kind"]
        if kind not in KINDS:
            raise MalformedActionError(f"unknown action kind {shown(kind, 40)!r}")
        for key in ("card", "space"):
            if key in doc and not (isinstance(doc[key], str) and 0 < len(doc[key]) <= 20):
                raise MalformedActionError(f"{key} must be a short text")
        dice = doc.get("dice", [])
        if "dice" in doc and not (
            isinstance(dice, list) and 0 < len(dice) <= 24 and all(_small(d, 0, 23) for d in dice)
        ):
            raise MalformedActionError("dice must be a list of die numbers 0-23")
        if "value" in doc and not _small(doc["value"], 1, 6):
            raise MalformedActionError("value must be a face 1-6")
        if "target" in doc and not _small(doc["target"], 0, 7):
            raise MalformedActionError("target must be a Trial die number 0-7")
        return cls(
            kind,
            doc.get("card", ""),
            doc.get("space", ""),
            tuple(dice),
            doc.get("value", 0),
            doc.get("target", -1),
        )


def shown(value: Any, most: int) -> str:
    """``value`` as at most ``most`` characters of a refusal's message, whatever it is (an
    int of thousands of digits has no ``str``)."""
    try:
        return str(value)[:most]
    except ValueError:
        return f"<{type(value).__name__}>"


def _small(value: Any, lo: int, hi: int) -> bool:
    return is_whole(value) and lo <= value <= hi


#: Numbers in an action beyond this are malformed (within it, a die or a Trial die that is
#: not there is refused as not free or not in play, as the table says it).
_NUMBER = 1 << 31


def malformed(action: Action) -> str:
    """Why an :class:`Action` value is not well formed ("" when it is).

    Its fields must have the types :meth:`Action.from_json` gives: a known kind, texts for
    ``card`` and ``space``, a tuple of at most 24 die numbers, and whole numbers for
    ``value`` and ``target``, each an ``int`` and never a ``bool`` or a ``float``
    (``True == 1`` and ``1.0 == 1`` would otherwise pass as legal actions that ``apply``
    cannot use). A number of the right type but no die of the roll is not malformed: it is
    refused for what it names (``Reason.NO_DIE``, ``ILLEGAL``, ``NOT_MET``).
    """
    if len(action) != len(_FIELDS):
        return "an action has six fields"
    kind, card, space, dice, value, target = action
    if not isinstance(kind, str) or kind not in KINDS:
        return f"unknown action kind {shown(kind, 40)!r}"
    if not isinstance(card, str) or not isinstance(space, str):
        return "card and space must be texts"
    if not (
        type(dice) is tuple and len(dice) <= 24 and all(_small(d, -_NUMBER, _NUMBER) for d in dice)
    ):
        return "dice must be a tuple of die numbers"
    if not _small(value, -_NUMBER, _NUMBER):
        return "value must be a whole number (a face 1-6, or 0)"
    if not _small(target, -_NUMBER, _NUMBER):
        return "target must be a whole number (a Trial die, or -1)"
    return ""


class Event(NamedTuple):
    """Something that happened, for the table's animations and the log.

    ``kind`` names it; the other fields are filled as the kind needs: ``card`` a Mood or
    Reward id, ``dice`` Hercules die numbers, ``values`` their faces (or a track's nodes),
    ``target`` a Trial die, ``node`` a track space, ``n`` an amount.
    """

    kind: str
    card: str = ""
    dice: tuple[int, ...] = ()
    values: tuple[int, ...] = ()
    target: int = -1
    node: str = ""
    n: int = 0

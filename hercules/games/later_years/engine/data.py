"""The game's components as data: the 108 cards and the 4 x 4 board of task spaces.

Everything is read from ``assets/games/later_years/data/`` (package data ``hercules.assets``)
and checked on load, so that a wrong file fails at start-up saying where, never mid-game.
Values no source gives are listed under ``assumed`` in the files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .errors import LaterYearsDataError

ACTION = "action"
OBJECT = "object"
DRAW = "draw"
KINDS = (ACTION, OBJECT, DRAW)
#: Board sides: N/S are the first and last rows, W/E the first and last columns.
SIDES = ("N", "S", "W", "E")


@dataclass(frozen=True)
class CardType:
    """A kind of card: an action or object with its value, or a Draw card with its count."""

    id: str
    kind: str
    name: str
    key: str  #: the card ids' prefix (``CAPTURE`` for ``CAPTURE-07``)
    value: int = 0  #: action and object values (1-4)
    draw: int = 0  #: cards a Draw card takes


@dataclass(frozen=True)
class Card:
    """One card: its type and how many cards of its type it counts as (1, 2 or 3)."""

    id: str
    type: str
    units: int


@dataclass(frozen=True)
class Space:
    """A task space: an action row, an object column and the fee (their product)."""

    id: str
    action: str
    object: str
    row: int
    col: int
    fee: int


@dataclass(frozen=True)
class LaterYearsData:
    """All components, checked."""

    types: dict[str, CardType]
    cards: dict[str, Card]  #: in the file's order
    rows: tuple[str, ...]  #: action type ids, N to S
    columns: tuple[str, ...]  #: object type ids, W to E
    spaces: tuple[Space, ...]  #: row by row
    players_min: int
    players_max: int
    money_start: int
    markers: int  #: marker coins per player
    space_at: dict[str, int]  #: space id -> its position in :attr:`spaces`

    @property
    def card_ids(self) -> tuple[str, ...]:
        """Every card id, in the file's order."""
        return tuple(self.cards)

    def type_of(self, card: str) -> CardType:
        """The type of a card id."""
        return self.types[self.cards[card].type]

    def space(self, space_id: str) -> Space:
        """A space by id (KeyError if there is none)."""
        return self.spaces[self.space_at[space_id]]

    @property
    def draw_amount(self) -> int:
        """Cards a Draw card takes (every Draw type takes the same)."""
        return next(t.draw for t in self.types.values() if t.kind == DRAW)


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise LaterYearsDataError(f"{where}: {what}")


def _int(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def parse_data(cards_doc: Any, board_doc: Any) -> LaterYearsData:
    """Check the two data documents and build the components (LaterYearsDataError if wrong)."""
    try:
        return _parse(cards_doc, board_doc)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise LaterYearsDataError(f"later years data: {exc!r}") from None


def _parse(cards_doc: Any, board_doc: Any) -> LaterYearsData:
    _need(isinstance(cards_doc, dict), "cards", "not an object")
    _need(cards_doc.get("format") == "later-years-cards", "cards", "not Later Years cards")
    _need(isinstance(board_doc, dict), "board", "not an object")
    _need(board_doc.get("format") == "later-years-board", "board", "not a Later Years board")
    types: dict[str, CardType] = {}
    counts: dict[str, dict[int, int]] = {}
    for t in cards_doc["types"]:
        where = f"type {t.get('id')!r}"
        _need(t["kind"] in KINDS, where, "kind must be action, object or draw")
        _need(t["id"] not in types, where, "named twice")
        value, draw = t.get("value", 0), t.get("draw", 0)
        if t["kind"] == DRAW:
            _need(_int(draw, 1, 9) and value == 0, where, "a Draw card takes 1-9 cards")
        else:
            _need(_int(value, 1, 9) and draw == 0, where, "a value 1-9")
        c = t["counts"]
        counts[t["id"]] = {1: c["single"], 2: c["double"], 3: c["triple"]}
        _need(all(_int(n, 0, 50) for n in counts[t["id"]].values()), where, "bad counts")
        types[t["id"]] = CardType(t["id"], t["kind"], t["name"], t["key"], value, draw)
    _need(len({t.draw for t in types.values() if t.kind == DRAW}) == 1, "types", "one Draw kind")
    cards: dict[str, Card] = {}
    seen: dict[str, dict[int, int]] = {tid: {1: 0, 2: 0, 3: 0} for tid in types}
    for c in cards_doc["cards"]:
        where = f"card {c.get('id')!r}"
        _need(c["type"] in types, where, "unknown type")
        _need(c["id"] not in cards, where, "named twice")
        _need(c["id"].startswith(types[c["type"]].key + "-"), where, "id must start with its key")
        _need(c["units"] in (1, 2, 3), where, "units must be 1, 2 or 3")
        _need(types[c["type"]].kind != DRAW or c["units"] == 1, where, "a Draw card is single")
        seen[c["type"]][c["units"]] += 1
        cards[c["id"]] = Card(c["id"], c["type"], c["units"])
    for tid, want in counts.items():
        _need(seen[tid] == want, f"type {tid!r}", f"cards {seen[tid]} do not match counts")
    _need(len(cards) == 108, "cards", f"the text's 108 cards, not {len(cards)}")
    rows, cols = tuple(board_doc["rows"]), tuple(board_doc["columns"])
    _need(all(r in types and types[r].kind == ACTION for r in rows), "rows", "action types")
    _need(all(c in types and types[c].kind == OBJECT for c in cols), "columns", "object types")
    _need(len(rows) == 4 and len(cols) == 4, "board", "4 rows and 4 columns")
    n_actions = sum(t.kind == ACTION for t in types.values())
    n_objects = sum(t.kind == OBJECT for t in types.values())
    _need(len(set(rows)) == n_actions and len(set(cols)) == n_objects, "board", "each type once")
    spaces = tuple(
        Space(
            f"SP-{types[a].key}-{types[o].key}",
            a,
            o,
            r,
            c,
            types[a].value * types[o].value,
        )
        for r, a in enumerate(rows)
        for c, o in enumerate(cols)
    )
    p = board_doc["pieces"]
    lo, hi = p["players_min"], p["players_max"]
    _need(_int(lo, 2, 5) and _int(hi, lo, 5), "pieces", "players 2-5")
    _need(_int(p["money_start"], 0, 100), "pieces", "money_start 0-100")
    _need(_int(p["markers_per_player"], 1, 100), "pieces", "markers_per_player 1-100")
    return LaterYearsData(
        types=types,
        cards=cards,
        rows=rows,
        columns=cols,
        spaces=spaces,
        players_min=p["players_min"],
        players_max=p["players_max"],
        money_start=p["money_start"],
        markers=p["markers_per_player"],
        space_at={s.id: i for i, s in enumerate(spaces)},
    )


def _read(name: str) -> Any:
    text = (
        resources.files("hercules.assets")
        .joinpath("games", "later_years", "data", name)
        .read_text(encoding="utf-8")
    )
    return json.loads(text)


@cache
def load_data() -> LaterYearsData:
    """The shipped components (read once)."""
    try:
        return parse_data(_read("cards.json"), _read("board.json"))
    except ValueError as exc:  # the JSON itself
        raise LaterYearsDataError(f"later years data: {exc!r}") from None

"""*The Labours of Hercules*' components as data (``assets/games/companions/data/``).

Every card value no source prints is marked ``assumed`` in the file (issue 25): a physical
copy corrects the data, never the code. The file is checked on load, so a wrong value fails
at start-up saying where.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from hercules.games._kit.errors import DataError

#: The reveal effects a task card may carry, and the kept effects (see the components file).
REVEALS = frozenset({"alarm", "end", "vote", "peek", "flip", "lose", "ret2", "block"})
KEPT = frozenset({"idconf", "hylas"})
KINDS = ("item", "labour", "special")
ABILITIES = ("none", "return_token", "vote", "swap_up", "sight", "make_draw", "move_down")


@dataclass(frozen=True)
class Character:
    """A character card: its number, side at the start, betrayal limit and ability."""

    number: int
    id: str
    name: str
    side: str  #: "hero", "companion" or "villain"
    limit: int | None  #: betrayal tokens it may hold before it turns (None: never turns)
    ability: str


@dataclass(frozen=True)
class TaskCard:
    """A task card: an item, a labour or a special card, with its effects."""

    id: str
    number: int
    kind: str
    name: str
    needs: tuple[int, ...]  #: the item numbers a labour needs
    icons: int  #: bravery icons it costs when left unfinished
    reveal: tuple[str, ...]
    kept: tuple[str, ...]
    adds: tuple[int, ...]  #: card numbers that join the next journey once it is Hercules'
    variant: str = ""


@dataclass(frozen=True)
class CompanionsData:
    """Every component of the game."""

    players: tuple[int, int]
    characters: dict[int, Character]
    tokens: dict[int, tuple[int, int]]  #: players -> (normal, betrayal) in the bag
    hardship_extra: int
    setup: tuple[int, ...]
    cards: dict[str, TaskCard]
    win_labours: int

    def card_numbered(self, number: int, variant: str = "standard") -> TaskCard:
        """The card of a number in a variant (the Oracle of Hardship replaces #1)."""
        for card in self.cards.values():
            if card.number == number and card.variant in ("", variant):
                if number == 1 and variant == "hardship" and card.variant != "hardship":
                    continue
                return card
        raise DataError(f"no task card #{number}")


def _bad(where: str) -> DataError:
    return DataError(f"companions components: {where}")


@cache
def load_data() -> CompanionsData:
    """The components, read and checked once."""
    raw = resources.files("hercules.assets").joinpath("games/companions/data/components.json")
    doc: Any = json.loads(raw.read_text(encoding="utf-8"))
    characters = {}
    for c in doc["characters"]:
        if c["ability"] not in ABILITIES or c["side"] not in ("hero", "companion", "villain"):
            raise _bad(f"character {c.get('id')}: ability or side")
        characters[int(c["number"])] = Character(
            int(c["number"]), c["id"], c["name"], c["side"], c["limit"], c["ability"]
        )
    cards = {}
    for c in doc["cards"]:
        if c["kind"] not in KINDS or not set(c["reveal"]) <= REVEALS or not set(c["kept"]) <= KEPT:
            raise _bad(f"card {c.get('id')}: kind or effect")
        cards[c["id"]] = TaskCard(
            c["id"],
            int(c["number"]),
            c["kind"],
            c["name"],
            tuple(c["needs"]),
            int(c["icons"]),
            tuple(c["reveal"]),
            tuple(c["kept"]),
            tuple(c["adds"]),
            c.get("variant", ""),
        )
    lo, hi = doc["players"]
    tokens = {int(k): (int(v[0]), int(v[1])) for k, v in doc["tokens"].items()}
    if sorted(tokens) != list(range(lo, hi + 1)) or sorted(characters) != list(range(1, hi + 1)):
        raise _bad("one token line and one character per player count")
    data = CompanionsData(
        (lo, hi),
        characters,
        tokens,
        int(doc["hardship_extra_normal"]),
        tuple(doc["setup_cards"]),
        cards,
        int(doc["win_labours"]),
    )
    for card in cards.values():  # every number a card adds or needs is a card
        for n in (*card.adds, *card.needs):
            data.card_numbered(n)
    return data


__all__ = ["ABILITIES", "Character", "CompanionsData", "TaskCard", "load_data"]

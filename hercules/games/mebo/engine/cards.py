"""Card and board data: loaded from the package's own JSON files and validated.

Code knows card *kinds* (abilities, symbols, decks); the card lists live in
``hercules/assets/data/cards.json`` so that assumed values can be corrected
without touching code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from .errors import CardDataError, UnknownCardError

SYMBOLS: tuple[str, ...] = ("add", "sub", "mul", "div", "die")
OPS: tuple[str, ...] = ("add", "sub", "mul", "div")
#: Abilities that are *used* (a cube on a demigod, or a god turned face down).
ACTIVE_ABILITIES: frozenset[str] = frozenset(
    {"plus_one", "minus_one", "white_die", "copy", "reroll", "flip"}
)
PASSIVE_ABILITIES: frozenset[str] = frozenset({"bonus", "vp", "none"})


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``kind`` is demigod, god, vase, pantheon or hades."""

    id: str
    kind: str
    name: str
    vp: int
    ability: str = "none"
    symbols: tuple[str, ...] = ()
    deck: str = ""
    die: int = 0
    torches: int = 0
    spaces: int = 0

    @property
    def active(self) -> bool:
        """True if the card has an ability that is used during a turn."""
        return self.ability in ACTIVE_ABILITIES


@dataclass(frozen=True, slots=True)
class Deck:
    """A demigod deck: how it is earned and where it lies."""

    id: str
    name: str
    symbol: str
    op: str
    die_low: int
    die_high: int
    ability: str
    solo_stack: int
    size: int


@dataclass(frozen=True, slots=True)
class CardSet:
    """All components of the game, validated."""

    cards: dict[str, Card]
    decks: tuple[Deck, ...]
    demigods: tuple[Card, ...]
    gods: tuple[Card, ...]
    zeus: Card
    vases: tuple[Card, ...]
    pantheon: tuple[Card, ...]
    hades: Card
    vase_spaces: tuple[int, ...]

    def deck(self, deck_id: str) -> Deck:
        """The deck with this id."""
        for d in self.decks:
            if d.id == deck_id:
                return d
        raise KeyError(deck_id)

    def card(self, card_id: str) -> Card:
        """The card with this id, or :class:`UnknownCardError`."""
        try:
            return self.cards[card_id]
        except (KeyError, TypeError):
            raise UnknownCardError(f"unknown card id: {card_id!r}") from None


def _req(obj: dict[str, Any], key: str, typ: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise CardDataError(f"{where}: missing field {key!r}")
    val = obj[key]
    if not isinstance(val, typ) or (typ is int and isinstance(val, bool)):
        raise CardDataError(f"{where}: field {key!r} has the wrong type ({type(val).__name__})")
    return val


def _symbols(obj: dict[str, Any], where: str) -> tuple[str, ...]:
    syms = _req(obj, "symbols", list, where)
    for s in syms:
        if s not in SYMBOLS:
            raise CardDataError(f"{where}: unknown symbol {s!r}")
    return tuple(syms)


def _ability(obj: dict[str, Any], where: str) -> str:
    ab: str = _req(obj, "ability", str, where)
    if ab not in ACTIVE_ABILITIES | PASSIVE_ABILITIES:
        raise CardDataError(f"{where}: unknown ability {ab!r}")
    return ab


def _torches(obj: dict[str, Any], where: str) -> int:
    t: int = _req(obj, "torches", int, where)
    if t not in (0, 3, 4):
        raise CardDataError(f"{where}: torches must be 0 (every game), 3 or 4, not {t}")
    return t


def parse_card_data(data: Any) -> CardSet:
    """Validate the decoded ``cards.json`` and build a :class:`CardSet`.

    Raises :class:`CardDataError` naming the first problem found: deck sizes,
    torch counts per player count, duplicate ids and malformed fields are all
    checked, so a wrong data file never reaches a game.
    """
    try:
        return _parse_card_data(data)
    except CardDataError:
        raise
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
        raise CardDataError(f"cards data: malformed ({type(exc).__name__}: {exc})") from None


def _parse_card_data(data: Any) -> CardSet:
    if not isinstance(data, dict) or data.get("format") != "hercules-cards":
        raise CardDataError("cards data: not a hercules-cards document")
    cards: dict[str, Card] = {}

    def add(card: Card) -> Card:
        if card.id in cards:
            raise CardDataError(f"cards data: duplicate card id {card.id!r}")
        cards[card.id] = card
        return card

    decks: list[Deck] = []
    for i, d in enumerate(_req(data, "demigod_decks", list, "cards data")):
        where = f"demigod deck #{i}"
        earned = _req(d, "earned_by", dict, where)
        op = earned.get("op", "")
        rng = earned.get("die_range", [0, 0])
        if not (isinstance(rng, list) and len(rng) == 2 and all(type(x) is int for x in rng)):
            raise CardDataError(f"{where}: die_range must be two whole numbers")
        lo, hi = rng
        if (op and op not in OPS) or (not op and not (1 <= lo <= hi <= 6)):
            raise CardDataError(f"{where}: earned_by must name an operation or a die range 1-6")
        symbol = _req(d, "symbol", str, where)
        if symbol not in SYMBOLS:
            raise CardDataError(f"{where}: unknown symbol {symbol!r}")
        decks.append(
            Deck(
                id=_req(d, "id", str, where),
                name=_req(d, "name", str, where),
                symbol=symbol,
                op=op,
                die_low=lo,
                die_high=hi,
                ability=_ability(d, where),
                solo_stack=_req(d, "solo_stack", int, where),
                size=_req(d, "size", int, where),
            )
        )
    if sorted(d.solo_stack for d in decks) != [1, 2, 3, 4, 5, 6]:
        raise CardDataError("cards data: there must be six demigod decks numbered 1-6")
    decks.sort(key=lambda d: d.solo_stack)
    deck_ids = {d.id: d for d in decks}

    demigods = []
    for i, c in enumerate(_req(data, "demigods", list, "cards data")):
        where = f"demigod card #{i}"
        cid = _req(c, "id", str, where)
        where = f"demigod card {cid}"
        deck = _req(c, "deck", str, where)
        if deck not in deck_ids:
            raise CardDataError(f"{where}: unknown deck {deck!r}")
        die = c.get("die", 0)
        if type(die) is not int:
            raise CardDataError(f"{where}: the die number must be a whole number")
        dk = deck_ids[deck]
        if dk.die_low and not (dk.die_low <= die <= dk.die_high):
            raise CardDataError(
                f"{where}: a {dk.name} card must show a die number {dk.die_low}-{dk.die_high}"
            )
        ability = _ability(c, where)
        if ability not in (dk.ability, "bonus", "vp"):
            raise CardDataError(f"{where}: ability {ability!r} does not belong to {dk.name}")
        demigods.append(
            add(
                Card(
                    id=cid,
                    kind="demigod",
                    name=dk.name,
                    vp=_req(c, "vp", int, where),
                    ability=ability,
                    symbols=_symbols(c, where),
                    deck=deck,
                    die=die,
                    torches=_torches(c, where),
                )
            )
        )
    expected = _req(data, "expected", dict, "cards data")
    sizes = expected.get("demigod_deck_sizes", {})
    if not isinstance(sizes, dict):
        raise CardDataError("cards data: expected.demigod_deck_sizes must map decks to sizes")
    for dk in decks:
        n = sum(1 for c in demigods if c.deck == dk.id)
        if n != sizes.get(dk.id):
            raise CardDataError(
                f"cards data: the {dk.name} deck has {n} cards, "
                f"the rulebook says {sizes.get(dk.id)}"
            )
        if dk.size != n:
            raise CardDataError(
                f"cards data: the {dk.name} deck says size {dk.size} but holds {n} cards"
            )
    for players, want in expected.get("demigods_by_players", {}).items():
        if not str(players).isdigit():
            raise CardDataError(f"cards data: {players!r} is not a player count")
        removed = _removed_torches(int(players))
        n = sum(1 for c in demigods if c.torches not in removed)
        if n != want:
            raise CardDataError(
                f"cards data: {n} demigod cards in a {players}-player game, expected {want}"
            )

    gods = []
    zeus = None
    for i, g in enumerate(_req(data, "gods", list, "cards data")):
        where = f"god card #{i}"
        card = add(
            Card(
                id=_req(g, "id", str, where),
                kind="god",
                name=_req(g, "name", str, where),
                vp=_req(g, "vp", int, where),
                ability=_ability(g, where),
                symbols=_symbols(g, where),
            )
        )
        if _req(g, "fixed", str, where) == "pantheon":
            if zeus is not None:
                raise CardDataError("cards data: only one god may lie on the Pantheon stack")
            zeus = card
        else:
            gods.append(card)
    if zeus is None or len(gods) + 1 != expected.get("gods"):
        raise CardDataError("cards data: there must be Zeus and eleven column gods")

    vases = []
    for i, v in enumerate(_req(data, "vases", list, "cards data")):
        where = f"vase card #{i}"
        vases.append(
            add(
                Card(
                    id=_req(v, "id", str, where),
                    kind="vase",
                    name="Vase",
                    vp=_req(v, "vp", int, where),
                    spaces=_req(v, "spaces", int, where),
                    torches=_torches(v, where),
                )
            )
        )
    if len(vases) != expected.get("vases"):
        raise CardDataError(
            f"cards data: {len(vases)} vase cards, expected {expected.get('vases')}"
        )
    spaces = tuple(sorted({v.spaces for v in vases}))
    for sp in spaces:
        marks = sorted(v.torches for v in vases if v.spaces == sp)
        if marks != [0, 3]:
            raise CardDataError(
                f"cards data: the vase stack for {sp} spaces must hold one card for every game "
                f"and one with 3 torches, not torches {marks}"
            )
    if not spaces or spaces[0] != 3 or spaces != tuple(range(3, 3 + len(spaces))):
        raise CardDataError("cards data: vase stacks must be for 3, 4, 5 ... spaces in a row")

    pantheon = []
    for i, p in enumerate(_req(data, "pantheon", list, "cards data")):
        where = f"pantheon card #{i}"
        pantheon.append(
            add(
                Card(
                    id=_req(p, "id", str, where),
                    kind="pantheon",
                    name="Pantheon",
                    vp=_req(p, "vp", int, where),
                    torches=_torches(p, where),
                )
            )
        )
    if len(pantheon) != expected.get("pantheon"):
        raise CardDataError("cards data: wrong number of Pantheon cards")
    if sorted(p.torches for p in pantheon) != [0, 3, 4]:
        raise CardDataError("cards data: the Pantheon cards must carry torches -, 3 and 4")
    h = _req(data, "hades", dict, "cards data")
    hades = add(Card(id=_req(h, "id", str, "hades card"), kind="hades", name="Hades", vp=0))
    return CardSet(
        cards=cards,
        decks=tuple(decks),
        demigods=tuple(demigods),
        gods=tuple(gods),
        zeus=zeus,
        vases=tuple(vases),
        pantheon=tuple(pantheon),
        hades=hades,
        vase_spaces=spaces,
    )


def _removed_torches(players: int) -> frozenset[int]:
    """Torch marks whose cards go back in the box for this player count."""
    if players <= 2:
        return frozenset({3, 4})
    if players == 3:
        return frozenset({4})
    return frozenset()


def removed_torches(players: int) -> frozenset[int]:
    """Public form of the torch rule: which torch numbers are removed."""
    return _removed_torches(players)


def read_data_text(name: str) -> str:
    """Read one of the package's own data files (the engine's only I/O)."""
    return resources.files("hercules.assets").joinpath("data", name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def card_set() -> CardSet:
    """The validated components shipped with the package (loaded once)."""
    try:
        raw = json.loads(read_data_text("cards.json"))
    except (OSError, ValueError, ModuleNotFoundError) as exc:
        raise CardDataError(f"cannot read the card data file: {exc}") from exc
    return parse_card_data(raw)


@lru_cache(maxsize=1)
def labour_names() -> tuple[str, ...]:
    """English names of labours 1-12 from ``board.json`` (index 0 is labour 1)."""
    raw = json.loads(read_data_text("board.json"))
    cols = sorted(raw["columns"], key=lambda c: c["column"])
    if [c["column"] for c in cols] != list(range(1, 13)):
        raise CardDataError("board data: there must be columns 1-12")
    return tuple(c["labour"] for c in cols)


# --- the print-and-play variant ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PnpRules:
    """The numbers of the print-and-play variant, from ``pnp.json`` (some assumed, see there)."""

    boxes_per_row: int  #: boxes in each of the six power rows of the sheet
    jump_vp: tuple[tuple[int, int], ...]  #: (spaces, VP), ascending from 3 spaces
    reach_12_vp: int  #: for an Apprentice on labour 12 at the end
    majority_vp: int  #: per power row with the most crosses (ties share)
    set_vp: int  #: per complete set of six different powers
    labour_vp: int  #: per completed labour that is not circled
    rest_power_circles: int  #: power circles a rest may erase
    rest_labour_circles: int  #: labour circles a rest erases
    assumed: tuple[str, ...]  #: fields that are our own choice where the text is silent

    def jump_points(self, spaces: int) -> int:
        """VP for an advance of ``spaces`` in one move: 0 below the table, the last row above it."""
        if spaces < self.jump_vp[0][0]:
            return 0
        vp = 0
        for need, points in self.jump_vp:
            if spaces >= need:
                vp = points
        return vp


def parse_pnp_data(data: Any) -> PnpRules:
    """Validate the decoded ``pnp.json``; raise :class:`CardDataError` naming the problem."""
    where = "print-and-play data"
    if not isinstance(data, dict) or data.get("format") != "hercules-pnp":
        raise CardDataError(f"{where}: not a hercules-pnp document")

    def count(key: str, lo: int) -> int:
        v: int = _req(data, key, int, where)
        if v < lo:
            raise CardDataError(f"{where}: {key} must be at least {lo}, not {v}")
        return v

    table = _req(data, "jump_vp", list, where)
    rows = []
    for i, row in enumerate(table):
        spaces = _req(row, "spaces", int, f"{where}: jump_vp #{i}")
        vp = _req(row, "vp", int, f"{where}: jump_vp #{i}")
        if vp < 0:
            raise CardDataError(f"{where}: jump_vp #{i} has negative VP")
        rows.append((spaces, vp))
    if not rows or [s for s, _ in rows] != list(range(3, 3 + len(rows))):
        raise CardDataError(f"{where}: jump_vp must list 3, 4, 5 ... spaces in a row")
    assumed = _req(data, "assumed", list, where)
    if not all(isinstance(a, str) and a in data for a in assumed):
        raise CardDataError(f"{where}: 'assumed' must name fields of the document")
    return PnpRules(
        boxes_per_row=count("boxes_per_row", 1),
        jump_vp=tuple(rows),
        reach_12_vp=count("reach_12_vp", 0),
        majority_vp=count("majority_vp", 0),
        set_vp=count("set_vp", 0),
        labour_vp=count("labour_vp", 0),
        rest_power_circles=count("rest_power_circles", 0),
        rest_labour_circles=count("rest_labour_circles", 0),
        assumed=tuple(assumed),
    )


@lru_cache(maxsize=1)
def pnp_rules() -> PnpRules:
    """The validated print-and-play numbers shipped with the package (loaded once)."""
    try:
        raw = json.loads(read_data_text("pnp.json"))
    except (OSError, ValueError, ModuleNotFoundError) as exc:
        raise CardDataError(f"cannot read the print-and-play data file: {exc}") from exc
    return parse_pnp_data(raw)

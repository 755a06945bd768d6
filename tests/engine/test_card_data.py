"""The shipped card data, and what ``parse_card_data`` does with broken copies of it.

The contents come from the rulebook's component list and ``hercules-components.md``; the ids are
stable (saves and replays name cards by id), so a few are pinned here.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from hercules.games.mebo.engine import (
    CardDataError,
    CardSet,
    GameConfig,
    UnknownCardError,
    card_set,
    labour_names,
    new_game,
    parse_card_data,
)

RAW: dict[str, Any] = json.loads(
    resources.files("hercules.assets").joinpath("data", "cards.json").read_text(encoding="utf-8")
)
CS = card_set()


def broken(edit: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    edit(data)
    return data


def raw_card(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    for section in ("demigods", "gods", "vases", "pantheon"):
        for card in data[section]:
            if card["id"] == card_id:
                return card
    raise KeyError(card_id)


def deck_of(data: dict[str, Any], deck_id: str) -> dict[str, Any]:
    return next(d for d in data["demigod_decks"] if d["id"] == deck_id)


def assert_card_data_error(data: Any, *fragments: str) -> str:
    with pytest.raises(CardDataError) as info:
        parse_card_data(data)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


# --- the shipped data --------------------------------------------------------------------------


def test_shipped_data_validates_and_is_what_the_engine_uses() -> None:
    parsed = parse_card_data(copy.deepcopy(RAW))
    assert isinstance(parsed, CardSet)
    assert parsed.cards == CS.cards
    assert parsed.decks == CS.decks
    assert card_set() is CS  # loaded once


def test_48_demigods_in_six_decks_in_solo_stack_order() -> None:
    assert len(CS.demigods) == 48
    assert [d.id for d in CS.decks] == ["hestia", "hecate", "pan", "aeolus", "tyche", "morpheus"]
    assert [d.solo_stack for d in CS.decks] == [1, 2, 3, 4, 5, 6]
    sizes = Counter(c.deck for c in CS.demigods)
    assert sizes == {"hestia": 12, "pan": 10, "aeolus": 6, "hecate": 5, "tyche": 8, "morpheus": 7}
    assert {d.id: d.size for d in CS.decks} == dict(sizes)


def test_how_each_deck_is_earned_and_its_ability() -> None:
    earned = {d.id: (d.op, d.die_low, d.die_high, d.ability, d.symbol) for d in CS.decks}
    assert earned == {
        "hestia": ("add", 0, 0, "plus_one", "add"),
        "hecate": ("sub", 0, 0, "minus_one", "sub"),
        "pan": ("mul", 0, 0, "white_die", "mul"),
        "aeolus": ("div", 0, 0, "copy", "div"),
        "tyche": ("", 1, 3, "reroll", "die"),
        "morpheus": ("", 4, 6, "flip", "die"),
    }
    for c in CS.demigods:
        deck = CS.deck(c.deck)
        assert c.ability in (deck.ability, "vp", "bonus"), c.id
        if c.ability == "bonus":
            assert c.vp == 0 and len(c.symbols) == 3, c.id
            assert c.symbols.count(deck.symbol) == 2, c.id
        elif c.ability == "vp":
            assert c.vp == 2 and c.symbols == (deck.symbol,), c.id
        else:
            assert c.vp == 0 and c.symbols == (deck.symbol,) and c.active, c.id
        if deck.die_low:
            assert deck.die_low <= c.die <= deck.die_high, c.id
        else:
            assert c.die == 0, c.id


@pytest.mark.parametrize(("players", "demigods"), [(2, 24), (3, 36), (4, 48)])
def test_demigods_in_play_by_player_count(players: int, demigods: int) -> None:
    removed = {2: {3, 4}, 3: {4}, 4: set()}[players]
    assert sum(1 for c in CS.demigods if c.torches not in removed) == demigods
    state = new_game(GameConfig(players), seed=1)
    assert sum(len(s) for s in state.demigod_stacks) == demigods
    in_play = [c for s in state.demigod_stacks for c in s]
    assert all(CS.cards[c].torches not in removed for c in in_play)


def test_solo_uses_the_two_player_card_set() -> None:
    solo = new_game(GameConfig(2, "solo"), seed=1)
    duo = new_game(GameConfig(2), seed=1)
    assert sorted(c for s in solo.demigod_stacks for c in s) == sorted(
        c for s in duo.demigod_stacks for c in s
    )
    assert len(solo.top) == 2  # one Pantheon card under Zeus
    assert sum(len(s) for s in solo.vase_stacks) == 5


def test_twelve_gods_with_zeus() -> None:
    assert len(CS.gods) == 11
    assert CS.zeus.id == "GOD-ZEUS" and CS.zeus.vp == 5 and CS.zeus.ability == "none"
    assert CS.zeus not in CS.gods
    names = sorted(g.name for g in CS.gods)
    assert "Apollo" in names and "Hephaestus" in names  # the two the rulebook names
    assert len(set(names)) == 11
    for g in CS.gods:
        assert g.kind == "god" and g.vp >= 1 and g.symbols, g.id
    assert sum(1 for c in CS.cards.values() if c.kind == "god") == 12


def test_ten_vases_in_five_stacks() -> None:
    assert len(CS.vases) == 10
    assert CS.vase_spaces == (3, 4, 5, 6, 7)
    for spaces in CS.vase_spaces:
        stack = [v for v in CS.vases if v.spaces == spaces]
        assert sorted(v.torches for v in stack) == [0, 3], spaces
    state = new_game(GameConfig(4), seed=3)
    tops = {CS.cards[s[-1]].spaces: CS.cards[s[-1]].vp for s in state.vase_stacks}
    assert tops[6] == 12  # the rulebook's example: the top 6-space vase is worth 12 VP
    for s in state.vase_stacks:
        assert [CS.cards[c].vp for c in s] == sorted(CS.cards[c].vp for c in s)  # most VP on top


def test_three_pantheon_cards_and_hades() -> None:
    assert len(CS.pantheon) == 3
    assert sorted(p.torches for p in CS.pantheon) == [0, 3, 4]
    assert all(p.vp == 5 for p in CS.pantheon)
    assert CS.hades.id == "HADES" and CS.hades.vp == 0
    for players, pantheon in ((2, 1), (3, 2), (4, 3)):
        state = new_game(GameConfig(players), seed=5)
        assert state.top[-1] == CS.zeus.id
        assert len(state.top) == pantheon + 1


def test_ids_are_unique_across_every_section() -> None:
    ids = [
        c["id"] for section in ("demigods", "gods", "vases", "pantheon") for c in RAW[section]
    ] + [RAW["hades"]["id"]]
    assert len(ids) == len(set(ids)) == 48 + 12 + 10 + 3 + 1
    assert set(ids) == set(CS.cards)


@pytest.mark.parametrize(
    ("card_id", "kind", "vp", "ability", "symbols", "extra"),
    [
        ("HES-01", "demigod", 0, "plus_one", ("add",), {"deck": "hestia", "torches": 0}),
        ("HES-04", "demigod", 0, "bonus", ("add", "add", "sub"), {"torches": 0}),
        ("HEC-05", "demigod", 0, "bonus", ("sub", "sub", "div"), {"torches": 4}),
        ("PAN-06", "demigod", 0, "white_die", ("mul",), {"torches": 3}),
        ("AEO-01", "demigod", 0, "copy", ("div",), {"deck": "aeolus"}),
        ("TYC-04", "demigod", 0, "bonus", ("die", "die", "add"), {"die": 2}),
        ("MOR-07", "demigod", 2, "vp", ("die",), {"die": 6, "torches": 4}),
        ("GOD-ZEUS", "god", 5, "none", (), {}),
        ("GOD-APOLLO", "god", 2, "reroll", ("add",), {}),
        ("GOD-DEMETER", "god", 3, "bonus", ("add", "die"), {}),
        ("VAS-6-1", "vase", 12, "none", (), {"spaces": 6, "torches": 0}),
        ("VAS-3-2", "vase", 4, "none", (), {"spaces": 3, "torches": 3}),
        ("PANTHEON-4", "pantheon", 5, "none", (), {"torches": 4}),
        ("HADES", "hades", 0, "none", (), {}),
    ],
)
def test_pinned_ids(
    card_id: str, kind: str, vp: int, ability: str, symbols: tuple, extra: dict
) -> None:
    card = CS.card(card_id)
    assert (card.kind, card.vp, card.ability, card.symbols) == (kind, vp, ability, symbols)
    for field, value in extra.items():
        assert getattr(card, field) == value


def test_id_series_are_stable() -> None:
    prefixes = {"hestia": "HES", "hecate": "HEC", "pan": "PAN", "aeolus": "AEO"}
    prefixes |= {"tyche": "TYC", "morpheus": "MOR"}
    for deck in CS.decks:
        ids = [c.id for c in CS.demigods if c.deck == deck.id]
        assert ids == [f"{prefixes[deck.id]}-{i:02d}" for i in range(1, deck.size + 1)]
    assert sorted(v.id for v in CS.vases) == [f"VAS-{s}-{k}" for s in range(3, 8) for k in (1, 2)]
    assert sorted(p.id for p in CS.pantheon) == ["PANTHEON-1", "PANTHEON-3", "PANTHEON-4"]


def test_unknown_card_lookup_is_typed() -> None:
    with pytest.raises(UnknownCardError, match="NOPE"):
        CS.card("NOPE")
    with pytest.raises(UnknownCardError):
        CS.card(None)  # type: ignore[arg-type]


def test_labour_names_come_from_the_board_data() -> None:
    names = labour_names()
    assert len(names) == 12
    assert names[0] == "the Nemean Lion" and names[11] == "Cerberus"


# --- broken copies ---------------------------------------------------------------------------


def _drop_hestia_card(d: dict[str, Any]) -> None:
    d["demigods"].remove(raw_card(d, "HES-05"))


def _add_morpheus_card(d: dict[str, Any]) -> None:
    extra = copy.deepcopy(raw_card(d, "MOR-07"))
    extra["id"] = "MOR-08"
    d["demigods"].append(extra)


BROKEN: dict[str, tuple[Callable[[dict[str, Any]], Any], tuple[str, ...]]] = {
    "not a cards document": (lambda d: d.update(format="hercules-board"), ("hercules-cards",)),
    "a deck one card short": (_drop_hestia_card, ("Hestia", "11 cards", "12")),
    "a deck one card over": (_add_morpheus_card, ("Morpheus", "8 cards", "7")),
    "expected deck size wrong": (
        lambda d: d["expected"]["demigod_deck_sizes"].update(pan=9),
        ("Pan", "9"),
    ),
    "torches moved to every game": (
        lambda d: raw_card(d, "HES-07").update(torches=0),
        ("25 demigod cards in a 2-player game", "24"),
    ),
    "torches moved from 3 to 4": (
        lambda d: raw_card(d, "PAN-06").update(torches=4),
        ("35 demigod cards in a 3-player game", "36"),
    ),
    "torch mark 5": (lambda d: raw_card(d, "HES-01").update(torches=5), ("HES-01", "torches")),
    "unknown symbol on a demigod": (
        lambda d: raw_card(d, "HES-04").update(symbols=["add", "pow"]),
        ("HES-04", "unknown symbol", "pow"),
    ),
    "unknown symbol on a god": (
        lambda d: raw_card(d, "GOD-HERA").update(symbols=["star"]),
        ("unknown symbol", "star"),
    ),
    "unknown ability on a demigod": (
        lambda d: raw_card(d, "HEC-01").update(ability="teleport"),
        ("HEC-01", "unknown ability", "teleport"),
    ),
    "unknown ability on a god": (
        lambda d: raw_card(d, "GOD-ARES").update(ability="thunder"),
        ("unknown ability", "thunder"),
    ),
    "unknown ability on a deck": (
        lambda d: deck_of(d, "pan").update(ability="fly"),
        ("unknown ability", "fly"),
    ),
    "another deck's ability": (
        lambda d: raw_card(d, "HES-01").update(ability="flip"),
        ("HES-01", "flip", "Hestia"),
    ),
    "duplicate id in a deck": (
        lambda d: raw_card(d, "HES-02").update(id="HES-01"),
        ("duplicate", "HES-01"),
    ),
    "duplicate id across sections": (
        lambda d: raw_card(d, "VAS-3-1").update(id="GOD-ZEUS"),
        ("duplicate", "GOD-ZEUS"),
    ),
    "pantheon id reused by Hades": (
        lambda d: d["hades"].update(id="PANTHEON-1"),
        ("duplicate", "PANTHEON-1"),
    ),
    "missing vp": (lambda d: raw_card(d, "TYC-03").pop("vp"), ("TYC-03", "missing", "'vp'")),
    "missing id": (lambda d: raw_card(d, "GOD-HERMES").pop("id"), ("missing", "'id'")),
    "missing symbols": (lambda d: raw_card(d, "AEO-02").pop("symbols"), ("AEO-02", "'symbols'")),
    "missing spaces": (lambda d: raw_card(d, "VAS-4-1").pop("spaces"), ("'spaces'",)),
    "missing deck": (lambda d: raw_card(d, "PAN-01").pop("deck"), ("PAN-01", "'deck'")),
    "missing section": (lambda d: d.pop("vases"), ("'vases'",)),
    "missing Hades": (lambda d: d.pop("hades"), ("'hades'",)),
    "vp as text": (lambda d: raw_card(d, "HES-05").update(vp="2"), ("HES-05", "'vp'", "type")),
    "vp as boolean": (lambda d: raw_card(d, "HES-05").update(vp=True), ("HES-05", "'vp'")),
    "two Zeus": (
        lambda d: raw_card(d, "GOD-HERA").update(fixed="pantheon"),
        ("only one god", "Pantheon"),
    ),
    "no Zeus": (lambda d: raw_card(d, "GOD-ZEUS").update(fixed="column"), ("Zeus",)),
    "a god too few": (lambda d: d["gods"].remove(raw_card(d, "GOD-ARES")), ("Zeus", "eleven")),
    "unknown deck on a card": (
        lambda d: raw_card(d, "HES-01").update(deck="hera"),
        ("HES-01", "unknown deck", "hera"),
    ),
    "Tyche die out of range": (
        lambda d: raw_card(d, "TYC-01").update(die=4),
        ("TYC-01", "Tyche", "1-3"),
    ),
    "Morpheus die missing": (
        lambda d: raw_card(d, "MOR-01").pop("die"),
        ("MOR-01", "Morpheus", "4-6"),
    ),
    "nine vases": (lambda d: d["vases"].remove(raw_card(d, "VAS-7-2")), ("9 vase cards", "10")),
    "vase stacks with a gap": (
        lambda d: [raw_card(d, v).update(spaces=8) for v in ("VAS-7-1", "VAS-7-2")],
        ("vase stacks",),
    ),
    "two pantheon cards": (
        lambda d: d["pantheon"].remove(raw_card(d, "PANTHEON-4")),
        ("Pantheon",),
    ),
    "solo stacks not 1-6": (
        lambda d: deck_of(d, "pan").update(solo_stack=1),
        ("six demigod decks", "1-6"),
    ),
    "deck earned by an unknown operation": (
        lambda d: deck_of(d, "hestia").update(earned_by={"op": "pow"}),
        ("earned_by",),
    ),
    "deck earned by an impossible die range": (
        lambda d: deck_of(d, "tyche").update(earned_by={"die_range": [3, 1]}),
        ("earned_by",),
    ),
    "card is not an object": (lambda d: d["demigods"].__setitem__(0, "HES-01"), ("#0",)),
    "section is not a list": (lambda d: d.update(gods={"GOD-ZEUS": {}}), ("'gods'",)),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_broken_card_data_is_refused(name: str) -> None:
    edit, fragments = BROKEN[name]
    data = broken(edit)
    before = copy.deepcopy(data)
    assert_card_data_error(data, *fragments)
    assert data == before, "parse_card_data changed its input"


@pytest.mark.parametrize("data", [None, [], "cards", 48, {}, {"format": "hercules-cards"}])
def test_not_card_data_at_all(data: Any) -> None:
    assert_card_data_error(data, "cards data")


def test_wrong_deck_size_field_is_named_in_the_message() -> None:
    assert_card_data_error(broken(lambda d: deck_of(d, "pan").update(size=9)), "Pan", "9")


def test_unknown_symbol_on_a_deck_is_refused() -> None:
    try:
        parse_card_data(broken(lambda d: deck_of(d, "hecate").update(symbol="pow")))
    except CardDataError as exc:
        assert "symbol" in str(exc)
        return
    raise AssertionError("a deck with an unknown symbol was accepted")


def _vase_torches_4(d: dict[str, Any]) -> None:
    raw_card(d, "VAS-5-2").update(torches=4)


def _pantheon_torches_all_games(d: dict[str, Any]) -> None:
    raw_card(d, "PANTHEON-3").update(torches=0)


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(_vase_torches_4, id="a 3-torch vase marked 4 (kept in 3-player games)"),
        pytest.param(_pantheon_torches_all_games, id="two Pantheon cards in 2-player games"),
    ],
)
def test_vase_and_pantheon_torch_counts_are_checked(edit: Callable) -> None:
    data = broken(edit)
    try:
        parse_card_data(data)
    except CardDataError as exc:
        assert "torch" in str(exc) or "Pantheon" in str(exc) or "vase" in str(exc).lower()
        return
    raise AssertionError("wrong torch marks accepted")


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(
            lambda d: deck_of(d, "tyche").update(earned_by={"die_range": [1]}), id="die_range [1]"
        ),
        pytest.param(
            lambda d: deck_of(d, "tyche").update(earned_by={"die_range": "13"}), id="die_range text"
        ),
        pytest.param(lambda d: raw_card(d, "TYC-01").update(die="1"), id="Tyche die as text"),
        pytest.param(
            lambda d: d["expected"]["demigods_by_players"].update(two=24), id="player count text"
        ),
        pytest.param(
            lambda d: d["expected"].update(demigod_deck_sizes=[12, 5]), id="deck sizes a list"
        ),
    ],
)
def test_malformed_fields_raise_card_data_error(edit: Callable) -> None:
    with pytest.raises(CardDataError):
        parse_card_data(broken(edit))

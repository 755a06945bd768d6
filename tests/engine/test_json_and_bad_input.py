"""Bad input: malformed actions and state documents get typed errors, never crashes.

Every refusal leaves the state (and the document passed in) unchanged; nothing but
:class:`HerculesError` subclasses escapes; ``state_from_json`` either returns a state that keeps
every invariant or raises :class:`InvalidStateError` with a message that names the problem.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hercules.games.mebo.engine import (
    Action,
    GameConfig,
    GameState,
    HerculesError,
    IllegalActionError,
    InvalidStateError,
    MalformedActionError,
    Reason,
    apply,
    card_set,
    check_invariants,
    legal_actions,
    new_game,
    state_from_json,
    validate,
)

CARDS = card_set().cards
CARD_IDS = sorted(CARDS)
ZEUS = card_set().zeus.id
HADES_CARD = card_set().hades.id


def find_state(config: GameConfig, seed: int, wanted: Callable[[GameState], bool]) -> GameState:
    """The first state of a seeded random game for which ``wanted`` holds."""
    chooser = random.Random(seed)
    state = new_game(config, seed)
    while not wanted(state):
        assert not state.is_terminal, "the game ended before reaching the wanted state"
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    return state


def _rich(s: GameState) -> bool:
    """A hero mid-game: cubes on cards, a face-down god, cubes left, Zeus still on top."""
    p = s.players[0]
    return (
        s.prompt == "action"
        and s.current == 0
        and len(p.cubed) >= 2
        and bool(p.gods_down)
        and p.row != 0
        and p.pos >= 1
        and p.supply >= 1
        and s.top[-1] == ZEUS
        and any(CARDS[c].ability in ("vp", "bonus") for c in p.demigods)
        and any(a.kind == "use" for a in legal_actions(s))
    )


RICH = find_state(GameConfig(4, "standard"), 11, _rich)
SOLO = find_state(GameConfig(2, "solo"), 12, lambda s: s.round >= 6 and s.prompt == "action")
ROLL = new_game(GameConfig(3, "standard"), 13)
ACTION = apply(new_game(GameConfig(2, "standard"), 14), Action("roll"))[0]
STATES = {"rich-4p": RICH, "solo": SOLO, "setup-3p": ROLL, "first-turn-2p": ACTION}


def doc_of(state: GameState) -> dict[str, Any]:
    return json.loads(json.dumps(state.to_json()))


def assert_invalid(doc: Any, *fragments: str) -> InvalidStateError:
    """``state_from_json`` refuses ``doc`` with a message holding ``fragments``; doc untouched."""
    before = copy.deepcopy(doc)
    with pytest.raises(InvalidStateError) as info:
        state_from_json(doc)
    message = str(info.value)
    assert message and len(message) < 500
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert doc == before, "state_from_json changed the document it was given"
    return info.value


# --- actions -------------------------------------------------------------------------------


NOT_ACTIONS: list[Any] = [
    None,
    0,
    3.5,
    True,
    "roll",
    b"roll",
    ["roll"],
    ("roll",),
    {"roll"},
    object(),
]

MALFORMED_DOCS: list[dict[str, Any]] = [
    {},
    {"card": "HES-01"},
    {"kind": "fly"},
    {"kind": "ROLL"},
    {"kind": 1},
    {"kind": None},
    {"kind": "roll", "extra": 1},
    {"kind": "roll", "Card": "HES-01"},
    {"kind": "use", "card": 5},
    {"kind": "use", "card": ["HES-01"]},
    {"kind": "use", "card": None},
    {"kind": "labour", "op": 1, "dice": [0, 1]},
    {"kind": "labour", "op": "add", "dice": "01"},
    {"kind": "labour", "op": "add", "dice": [0, 3]},
    {"kind": "labour", "op": "add", "dice": [-1, 0]},
    {"kind": "labour", "op": "add", "dice": [True, False]},
    {"kind": "labour", "op": "add", "dice": [0.0, 1.0]},
    {"kind": "labour", "op": "add", "dice": [[0], [1]]},
    {"kind": "labour", "op": "add", "dice": {"0": 1}},
    {"kind": "use", "card": "AEO-01", "target": "1"},
    {"kind": "use", "card": "AEO-01", "target": -2},
    {"kind": "use", "card": "AEO-01", "target": True},
    {"kind": "use", "card": "AEO-01", "target": 1.0},
    {"kind": "choose_demigod", "deck": 3},
    {"kind": "choose_demigod", "deck": None},
]

#: Well-formed documents naming things that do not exist: refused as malformed by ``apply``.
UNKNOWN_IDS: list[dict[str, Any]] = [
    {"kind": "use", "card": "HES-99", "dice": [0]},
    {"kind": "use", "card": "hes-01", "dice": [0]},
    {"kind": "return_cube", "card": "NOPE"},
    {"kind": "turn_up", "card": "GOD-HADES"},
    {"kind": "choose_demigod", "deck": "zeus"},
    {"kind": "choose_demigod", "deck": "Hestia"},
    {"kind": "labour", "op": "pow", "dice": [0, 1]},
    {"kind": "labour", "op": "ADD", "dice": [0, 1]},
]


def assert_refused(state: GameState, action: Any, reason: Reason) -> None:
    before = state.to_json()
    legal = legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.reason is reason, (action, info.value.reason, str(info.value))
    assert str(info.value)
    err = validate(state, action)
    assert isinstance(err, IllegalActionError) and err.reason is reason
    assert state.to_json() == before
    assert legal_actions(state) == legal


def _stable_id(value: object) -> str:
    """A test id without memory addresses (the same in every process, for pytest -n)."""
    return "object()" if type(value) is object else repr(value)


@pytest.mark.parametrize("state_name", sorted(STATES))
@pytest.mark.parametrize("value", NOT_ACTIONS, ids=_stable_id)
def test_apply_refuses_values_that_are_not_actions(state_name: str, value: Any) -> None:
    assert_refused(STATES[state_name], value, Reason.MALFORMED)


@pytest.mark.parametrize("value", NOT_ACTIONS, ids=_stable_id)
def test_from_json_refuses_values_that_are_not_objects(value: Any) -> None:
    with pytest.raises(MalformedActionError, match="object"):
        Action.from_json(value)


@pytest.mark.parametrize("doc", MALFORMED_DOCS, ids=lambda d: json.dumps(d))
def test_malformed_action_documents(doc: dict[str, Any]) -> None:
    with pytest.raises(MalformedActionError) as info:
        Action.from_json(doc)
    assert str(info.value).startswith(("an action", "unknown action", "action field"))
    for state in STATES.values():
        assert_refused(state, doc, Reason.MALFORMED)


@pytest.mark.parametrize("doc", UNKNOWN_IDS, ids=lambda d: json.dumps(d))
def test_unknown_card_deck_and_operation_ids_are_malformed(doc: dict[str, Any]) -> None:
    action = Action.from_json(doc)  # well-formed as a document ...
    for state in STATES.values():
        assert_refused(state, action, Reason.MALFORMED)  # ... but names nothing real
        assert_refused(state, doc, Reason.MALFORMED)


def test_unknown_ids_are_malformed_even_when_the_game_is_over() -> None:
    final = find_state(GameConfig(2, "solo"), 15, lambda s: s.is_terminal)
    assert_refused(final, {"kind": "use", "card": "HES-99"}, Reason.MALFORMED)
    assert_refused(final, Action("roll"), Reason.GAME_OVER)


def test_legal_kinds_with_wrong_fields_are_illegal() -> None:
    # The kind answers the prompt, the ids exist, but the fields make it no legal action.
    assert_refused(ROLL, Action("roll", card="HES-01"), Reason.ILLEGAL)
    assert_refused(ROLL, Action("roll", deck="hestia"), Reason.ILLEGAL)
    assert_refused(ROLL, Action("roll", target=0), Reason.ILLEGAL)
    assert_refused(ACTION, Action("rest", card="HES-01"), Reason.ILLEGAL)
    assert_refused(ACTION, Action("rest", dice=(0,)), Reason.ILLEGAL)
    labours = [a for a in legal_actions(ACTION) if a.kind == "labour"]
    assert labours
    for a in labours:
        assert_refused(ACTION, a._replace(dice=(0,)), Reason.ILLEGAL)
        assert_refused(ACTION, a._replace(dice=(0, 1, 2)), Reason.ILLEGAL)
        assert_refused(ACTION, a._replace(dice=(1, 1)), Reason.ILLEGAL)
        assert_refused(ACTION, a._replace(card="HES-01"), Reason.ILLEGAL)
        assert_refused(ACTION, a._replace(target=1), Reason.ILLEGAL)
    uses = [a for a in legal_actions(RICH) if a.kind == "use"]
    assert uses
    for a in uses:
        assert_refused(RICH, a._replace(dice=(0, 1, 2, 2)), Reason.ILLEGAL)
        assert_refused(RICH, a._replace(deck="pan"), Reason.ILLEGAL)


def test_kinds_that_do_not_answer_the_prompt_are_the_wrong_decision() -> None:
    assert_refused(ROLL, Action("hades"), Reason.WRONG_DECISION)
    assert_refused(ROLL, Action("end_turn"), Reason.WRONG_DECISION)
    assert_refused(ACTION, Action("roll"), Reason.WRONG_DECISION)
    assert_refused(ACTION, Action("choose_demigod", deck="hestia"), Reason.WRONG_DECISION)
    assert_refused(ACTION, Action("end_rest"), Reason.WRONG_DECISION)
    assert_refused(SOLO, Action("hades"), Reason.WRONG_DECISION)


@pytest.mark.parametrize(
    "action",
    [
        Action("roll", card=None),  # type: ignore[arg-type]
        Action("roll", dice=[0]),  # type: ignore[arg-type]
        Action("roll", target="0"),  # type: ignore[arg-type]
        Action("roll", target=None),  # type: ignore[arg-type]
        Action("roll", op=0),  # type: ignore[arg-type]
        Action(0),  # type: ignore[arg-type]
        Action(None),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_action_values_with_wrong_field_types_are_malformed(action: Action) -> None:
    for state in STATES.values():
        assert_refused(state, action, Reason.MALFORMED)


def _a_labour(state: GameState) -> Action:
    return next(a for a in legal_actions(state) if a.kind == "labour")


def test_action_with_float_die_index_is_malformed() -> None:
    a = _a_labour(ACTION)
    assert_refused(ACTION, a._replace(dice=(float(a.dice[0]), a.dice[1])), Reason.MALFORMED)


def _accepted(state: GameState, action: Any) -> bool:
    try:
        apply(state, action)
    except IllegalActionError as exc:
        assert exc.reason is Reason.MALFORMED
        return False
    return True


def test_action_with_boolean_die_indices_is_malformed() -> None:
    a = _a_labour(ACTION)
    bools = a._replace(dice=tuple(bool(i) for i in a.dice))
    with pytest.raises(MalformedActionError):
        Action.from_json(bools.to_json())
    assert not _accepted(ACTION, bools), "apply accepted boolean die indices"


UNHASHABLE_KINDS = [
    pytest.param({"kind": ["roll"]}, id="kind-list"),
    pytest.param({"kind": {"roll": 1}}, id="kind-object"),
    pytest.param({1: "roll", "kind": "roll"}, id="non-string-key"),
]


@pytest.mark.parametrize("doc", UNHASHABLE_KINDS)
def test_action_documents_with_unhashable_kind_are_malformed(doc: dict[Any, Any]) -> None:
    with pytest.raises(MalformedActionError):
        Action.from_json(doc)


@pytest.mark.parametrize(
    "action",
    [
        pytest.param({"kind": ["roll"]}, id="doc-kind-list"),
        pytest.param(Action(["roll"]), id="action-kind-list"),  # type: ignore[arg-type]
    ],
)
def test_apply_refuses_unhashable_kind(action: Any) -> None:
    assert_refused(ROLL, action, Reason.MALFORMED)


def test_every_legal_action_round_trips_through_json() -> None:
    for state in STATES.values():
        for a in legal_actions(state):
            doc = json.loads(json.dumps(a.to_json()))
            assert set(doc) <= {"kind", "card", "op", "dice", "target", "deck"}
            assert Action.from_json(doc) == a
            assert validate(state, doc) is None


def test_action_json_omits_unset_fields() -> None:
    assert Action("roll").to_json() == {"kind": "roll"}
    full = Action("use", card="AEO-01", op="add", dice=(0, 2), target=0, deck="pan")
    assert full.to_json() == {
        "kind": "use",
        "card": "AEO-01",
        "op": "add",
        "dice": [0, 2],
        "target": 0,
        "deck": "pan",
    }
    assert Action.from_json(full.to_json()) == full


# --- state documents -------------------------------------------------------------------------


def test_valid_documents_load() -> None:
    for state in STATES.values():
        doc = doc_of(state)
        assert state_from_json(doc) == state
        assert state_from_json(doc).to_json() == doc


@pytest.mark.parametrize("not_a_doc", [None, 0, "state", [], [{}], 1.5, True])
def test_documents_that_are_not_objects(not_a_doc: Any) -> None:
    assert_invalid(not_a_doc, "state")


TOP_FIELDS = sorted(doc_of(RICH))
PLAYER_FIELDS = sorted(doc_of(RICH)["players"][0])


@pytest.mark.parametrize("field", TOP_FIELDS)
def test_missing_field(field: str) -> None:
    doc = doc_of(RICH)
    del doc[field]
    assert_invalid(doc, repr(field))


@pytest.mark.parametrize("field", PLAYER_FIELDS)
def test_missing_player_field(field: str) -> None:
    doc = doc_of(RICH)
    del doc["players"][1][field]
    assert_invalid(doc, "player 1", repr(field))


def _wrong_type(value: Any) -> list[Any]:
    """JSON values of other types than ``value``."""
    out: list[Any] = []
    if not isinstance(value, str):
        out.append("1")
    if not isinstance(value, bool):
        out.append(True)
    if isinstance(value, bool) or not isinstance(value, int):
        out.append(1)
    if not isinstance(value, list):
        out.append([])
    if not isinstance(value, dict):
        out.append({})
    out += [None, 1.0]
    return out


@pytest.mark.parametrize("field", TOP_FIELDS)
def test_wrong_field_types(field: str) -> None:
    base = doc_of(RICH)
    for bad in _wrong_type(base[field]):
        doc = copy.deepcopy(base)
        doc[field] = bad
        assert_invalid(doc)


@pytest.mark.parametrize("field", PLAYER_FIELDS)
def test_wrong_player_field_types(field: str) -> None:
    base = doc_of(RICH)
    for bad in _wrong_type(base["players"][0][field]):
        doc = copy.deepcopy(base)
        doc["players"][0][field] = bad
        assert_invalid(doc, "player 0")


def _edit(fn: Callable[[dict[str, Any]], Any], state: GameState = RICH) -> dict[str, Any]:
    doc = doc_of(state)
    fn(doc)
    return doc


def _p(doc: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    return doc["players"][seat]


def _take_card(doc: dict[str, Any], card: str) -> None:
    """Remove ``card`` from wherever it lies in ``doc``."""
    for key in ("top", "box"):
        if card in doc[key]:
            doc[key].remove(card)
            return
    if card in doc["columns"]:
        doc["columns"][doc["columns"].index(card)] = ""
        return
    for stack in doc["demigod_stacks"] + doc["vase_stacks"]:
        if card in stack:
            stack.remove(card)
            return
    for p in doc["players"]:
        for key in ("demigods", "gods", "vases", "finals"):
            if card in p[key]:
                p[key].remove(card)
                return
    raise AssertionError(f"{card} is nowhere")


def _a_column_god(doc: dict[str, Any]) -> str:
    return next(c for c in doc["columns"] if c)


def _passive(doc: dict[str, Any]) -> str:
    return next(c for c in _p(doc)["demigods"] if CARDS[c].ability in ("vp", "bonus"))


def _cube_on_passive(doc: dict[str, Any]) -> None:
    _p(doc)["cubed"].append(_passive(doc))
    _p(doc)["supply"] -= 1


def _move_cube_to_board(doc: dict[str, Any]) -> None:
    """Put back a cube of seat 0 from supply on a column before its Apprentice."""
    p = _p(doc)
    done = [c for c in range(1, 13) if c not in p["board_cubes"]]
    p["board_cubes"] = sorted(p["board_cubes"] + [done[0]])
    p["supply"] -= 1


BAD_DOCS: dict[str, tuple[Callable[[dict[str, Any]], Any], tuple[str, ...]]] = {
    # Identity and version.
    "wrong format": (lambda d: d.update(format="hercules-save"), ("hercules-state",)),
    "format missing": (lambda d: d.pop("format"), ("'format'",)),
    "version 2": (lambda d: d.update(version=2), ("version 2",)),
    "version 0": (lambda d: d.update(version=0), ("version 0",)),
    "version as text": (lambda d: d.update(version="1"), ("'version'",)),
    "unknown field": (lambda d: d.update(comment="hi"), ("unknown field", "comment")),
    # Configuration.
    "unknown mode": (lambda d: d["config"].update(mode="chaos"), ("mode",)),
    "five players": (lambda d: d["config"].update(players=5), ("2 to 4",)),
    "player count mismatch": (lambda d: d["players"].pop(), ("3 players", "4-seat")),
    "solo with four seats": (lambda d: d["config"].update(mode="solo"), ("solo",)),
    "config garbage": (lambda d: d.update(config={"players": {"x": [1]}}), ("'players'",)),
    # Unknown and misplaced card ids.
    "unknown demigod id": (lambda d: _p(d)["demigods"].append("HES-99"), ("HES-99",)),
    "unknown id in a stack": (lambda d: d["demigod_stacks"][0].append("XYZ"), ("XYZ",)),
    "unknown god above a column": (
        lambda d: d["columns"].__setitem__(0, "GOD-HADES"),
        ("GOD-HADES",),
    ),
    "unknown id in the box": (lambda d: d["box"].append("PANTHEON-9"), ("PANTHEON-9",)),
    "vase among demigods": (lambda d: _p(d)["demigods"].append("VAS-3-1"), ("VAS-3-1",)),
    "demigod among gods": (lambda d: _p(d)["gods"].append("HES-01"), ("HES-01",)),
    "card id not a string": (lambda d: _p(d)["vases"].append(7), ("vases",)),
    # Cubes.
    "13 cubes": (lambda d: _p(d).update(supply=_p(d)["supply"] + 1), ("13", "not 12")),
    "11 cubes": (lambda d: _p(d).update(supply=_p(d)["supply"] - 1), ("11", "not 12")),
    "cube on a card not held": (lambda d: _p(d)["cubed"].append("HES-01"), ("cube",)),
    "cube on a passive card": (_cube_on_passive, ("no ability",)),
    "duplicate board cube": (
        lambda d: _p(d)["board_cubes"].append(_p(d)["board_cubes"][0]),
        ("board_cubes",),
    ),
    "board cube column 13": (lambda d: _p(d)["board_cubes"].append(13), ("board_cubes",)),
    # Cards in exactly one place.
    "god in two places": (lambda d: _p(d, 2)["gods"].append(_a_column_god(d)), ("two places",)),
    "card missing": (lambda d: d["demigod_stacks"][2].pop(), ("nowhere",)),
    "box card in play": (
        lambda d: d["box"].append(next(s for s in d["demigod_stacks"] if s).pop()),
        ("box",),
    ),
    "face-down god not held": (lambda d: _p(d, 1)["gods_down"].append(ZEUS), ("face-down",)),
    # Numbers out of range.
    "negative round": (lambda d: d.update(round=-1), ("'round'",)),
    "round zero": (lambda d: d.update(round=0), ("'round'",)),
    "negative supply": (lambda d: _p(d).update(supply=-1), ("'supply'",)),
    "negative position": (lambda d: _p(d).update(pos=-1), ("'pos'",)),
    "current below -1": (lambda d: d.update(current=-2), ("'current'",)),
    "negative turn": (lambda d: d.update(turn=-1), ("'turn'",)),
    "negative rng": (lambda d: d.update(rng=-1), ("'rng'",)),
    "negative rest cubes": (lambda d: d.update(rest_cubes=-1), ("'rest_cubes'",)),
    "white die 0": (lambda d: d.update(white=0), ("'white'",)),
    "die face 0": (lambda d: _p(d).update(dice=[0, 3]), ("dice",)),
    "huge round": (lambda d: d.update(round=10**12), ("'round'",)),
    "huge supply": (lambda d: _p(d).update(supply=10**18), ("'supply'",)),
    "huge position": (lambda d: _p(d).update(pos=10**30), ("'pos'",)),
    "rng of 65 bits": (lambda d: d.update(rng=1 << 64), ("'rng'",)),
    "white die 7": (lambda d: d.update(white=7), ("'white'",)),
    "die face 7": (lambda d: _p(d).update(dice=[7, 1]), ("dice",)),
    "three dice": (lambda d: _p(d).update(dice=[1, 2, 3]), ("dice",)),
    "current seat 4": (lambda d: d.update(current=4), ("'current'",)),
    "four rest cubes": (lambda d: d.update(rest_cubes=4), ("'rest_cubes'",)),
    # Nested garbage.
    "players nested lists": (lambda d: d.update(players=[[[]]] * 4), ("player 0",)),
    "player is a list": (lambda d: d["players"].__setitem__(1, [1, 2]), ("player 1",)),
    "columns nested": (lambda d: d["columns"].__setitem__(3, [["GOD-ZEUS"]]), ("column",)),
    "ten columns": (lambda d: d["columns"].pop(), ("columns",)),
    "five demigod stacks": (lambda d: d["demigod_stacks"].pop(), ("six demigod stacks",)),
    "stack is an object": (lambda d: d["vase_stacks"].__setitem__(0, {"a": 1}), ("vase stack",)),
    "pending garbage": (lambda d: d.update(pending=[{"deck": "pan"}]), ("pending",)),
    "ended_by garbage": (lambda d: d.update(ended_by=[["column_12"]]), ("ended_by",)),
    "unknown prompt": (lambda d: d.update(prompt="dance"), ("prompt",)),
    # Impossible positions.
    "Zeus under the pantheon": (lambda d: d["top"].reverse(), ("Zeus",)),
    "apprentice past its first cube": (
        lambda d: _p(d).update(pos=min(_p(d)["board_cubes"])),
        ("Apprentice",),
    ),
    "apprentice short of its first cube": (
        lambda d: _p(d).update(pos=_p(d)["pos"] - 1),
        ("Apprentice",),
    ),
    "labour undone behind the apprentice": (_move_cube_to_board, ("Apprentice",)),
    "wrong seat acting": (lambda d: d.update(current=(d["current"] + 1) % 4), ("turn order",)),
    "roll pending with a seat acting": (lambda d: d.update(prompt="roll"), ("roll",)),
    "game over without an end": (lambda d: d.update(prompt="game_over", current=-1), ("over",)),
    "end at 12 with nobody there": (lambda d: d.update(ended_by=["column_12"]), ("column 12",)),
    "Hades end in a standard game": (lambda d: d.update(ended_by=["hades_cubes"]), ("Hades",)),
    "a seat marked Hades": (lambda d: _p(d, 2).update(hades=True, dice=[3]), ("Hades",)),
    "white die with a waiting seat": (lambda d: d.update(white_holder=1), ("white die",)),
    "used card not held": (lambda d: d.update(used=[_a_column_god(d)]), ("used",)),
    "rest progress outside a rest": (lambda d: d.update(rest_cubes=1), ("rest",)),
    "one deck pending": (
        lambda d: d.update(prompt="choose_demigod", pending=["pan"]),
        ("fewer than two",),
    ),
    "face-down god in the simplified game": (
        lambda d: d["config"].update(mode="simplified"),
        ("simplified",),
    ),
}


@pytest.mark.parametrize("name", list(BAD_DOCS))
def test_invalid_state_documents(name: str) -> None:
    edit, fragments = BAD_DOCS[name]
    doc = _edit(edit)
    assert_invalid(doc, *fragments)


def test_solo_documents_check_hades_too() -> None:
    assert_invalid(_edit(lambda d: _p(d, 1).update(hades=False, dice=[1, 2]), SOLO), "Hades")
    assert_invalid(_edit(lambda d: _p(d, 1).update(dice=[1, 2]), SOLO), "dice")
    assert_invalid(_edit(lambda d: _p(d, 1).update(supply=13), SOLO), "'supply'")
    assert_invalid(_edit(lambda d: d["box"].append(HADES_CARD), SOLO), HADES_CARD)


def _hero_holds_hades_card(d: dict[str, Any]) -> None:
    _take_card(d, HADES_CARD)
    _p(d)["finals"].append(HADES_CARD)


def _zeus_among_gods(d: dict[str, Any]) -> None:
    _take_card(d, ZEUS)
    _p(d)["gods"].append(ZEUS)


def _zeus_above_a_column(d: dict[str, Any]) -> None:
    _take_card(d, ZEUS)
    d["columns"][d["columns"].index("")] = ZEUS


def _column_god_on_the_pantheon_stack(d: dict[str, Any]) -> None:
    god = _a_column_god(d)
    _take_card(d, god)
    d["top"].insert(0, god)


def _pantheon_before_zeus(d: dict[str, Any]) -> None:
    card = d["top"][0]
    _take_card(d, card)
    _p(d, 1)["finals"].append(card)


IMPOSSIBLE = {
    "the Hades card held by a hero in a standard game": _hero_holds_hades_card,
    "Zeus among a hero's column gods": _zeus_among_gods,
    "Zeus above a column": _zeus_above_a_column,
    "a column god in the Pantheon stack": _column_god_on_the_pantheon_stack,
    "a Pantheon card taken while Zeus still lies on the stack": _pantheon_before_zeus,
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_impossible_states_the_invariants_miss(name: str) -> None:
    doc = _edit(IMPOSSIBLE[name])
    # Each edit keeps the per-field checks happy: one card moved, counts unchanged.
    try:
        state_from_json(doc)
    except InvalidStateError:
        return
    raise AssertionError(f"state_from_json accepted an impossible state: {name}")


def test_impossible_state_edits_are_well_formed() -> None:
    # Guard for the test above: each edit is otherwise valid (it fails only on the fact named).
    for name, edit in IMPOSSIBLE.items():
        doc = _edit(edit)
        ids: list[str] = list(doc["top"]) + list(doc["box"]) + [c for c in doc["columns"] if c]
        for stack in doc["demigod_stacks"] + doc["vase_stacks"]:
            ids += stack
        for p in doc["players"]:
            ids += p["demigods"] + p["gods"] + p["vases"] + p["finals"]
        assert sorted(ids) == CARD_IDS, name


# --- mutation fuzz -----------------------------------------------------------------------------


def _fuzz_bases() -> list[dict[str, Any]]:
    docs = [doc_of(s) for s in STATES.values()]
    for i, config in enumerate(
        [GameConfig(2), GameConfig(3, "simplified"), GameConfig(4), GameConfig(2, "solo")]
    ):
        chooser = random.Random(100 + i)
        state = new_game(config, 100 + i)
        while not state.is_terminal:
            if chooser.random() < 0.04:
                docs.append(doc_of(state))
            state, _ = apply(state, chooser.choice(legal_actions(state)))
        docs.append(doc_of(state))
    return docs


BASES = _fuzz_bases()
JUNK: list[Any] = [
    0,
    1,
    -1,
    2,
    3,
    6,
    7,
    12,
    13,
    2**63,
    2**64,
    -(10**30),
    1.5,
    float("-0.0"),
    True,
    False,
    None,
    "",
    "x",
    "HES-01",
    "GOD-ZEUS",
    "PANTHEON-1",
    "HADES",
    "VAS-3-1",
    "hestia",
    "column_12",
    "hades_cubes",
    "roll",
    "action",
    "rest",
    "game_over",
    "solo",
    [],
    [[]],
    {},
    {"a": [1, {"b": None}]},
    ["HES-01", "HES-01"],
]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


def mutate(doc: dict[str, Any], rng: random.Random) -> None:
    """One random edit: replace, delete, insert, nudge, swap or move a card id."""
    path = rng.choice(_paths(doc)[1:])
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = rng.randrange(7)
    if how == 0:
        parent[key] = rng.choice(JUNK)
    elif how == 1:
        del parent[key]
    elif how == 2 and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), rng.choice(JUNK + CARD_IDS))
    elif how == 3 and type(parent[key]) is int:
        parent[key] += rng.choice((-1, 1))
    elif how == 4 and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif how == 5 and isinstance(parent[key], list):
        parent[key].append(rng.choice(CARD_IDS))
    elif how == 6 and isinstance(parent, dict):
        parent[rng.choice(("extra", "Rng", "players "))] = rng.choice(JUNK)
    else:
        parent[key] = rng.choice(JUNK + CARD_IDS)


def check_loaded_or_refused(doc: Any) -> GameState | None:
    """``state_from_json``: a state that keeps the invariants, or InvalidStateError."""
    before = copy.deepcopy(doc)
    try:
        state = state_from_json(doc)
    except InvalidStateError as exc:
        assert str(exc)
        assert doc == before
        return None
    # Any other exception fails the test right here, with its traceback.
    assert doc == before
    check_invariants(state)
    assert state_from_json(state.to_json()) == state
    legal = legal_actions(state)
    assert legal == sorted(legal)
    assert bool(legal) != state.is_terminal
    if legal:
        try:
            apply(state, legal[0])
        except HerculesError:
            pass
    return state


def test_mutated_documents_load_or_are_refused() -> None:
    rng = random.Random(2024)
    loaded = refused = 0
    for base in BASES:
        for _ in range(60):
            doc = copy.deepcopy(base)
            for _ in range(rng.choice((1, 1, 1, 2, 3))):
                if isinstance(doc, dict) and len(_paths(doc)) > 1:
                    mutate(doc, rng)
            if check_loaded_or_refused(doc) is None:
                refused += 1
            else:
                loaded += 1
    # Both outcomes happen: the edits are neither all fatal nor all harmless.
    assert refused > loaded > 0


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.sampled_from(CARD_IDS + ["", "hestia", "roll", "action", "column_12"])
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_arbitrary_values_anywhere_in_a_document(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(BASES[:8]))
    doc = copy.deepcopy(base)
    path = data.draw(st.sampled_from(_paths(doc)[1:]))
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = data.draw(JSON_VALUES)
    check_loaded_or_refused(doc)

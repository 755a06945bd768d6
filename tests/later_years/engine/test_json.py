"""State and action documents: exact round trips, and damaged documents refused cleanly."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from later_years.engine.helpers import bid, dealt, go, playing

from hercules.games.later_years.engine import (
    RULES,
    Action,
    InvalidStateError,
    LaterYearsState,
    MalformedActionError,
    Reason,
    apply,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
    validate,
    view_for,
)
from hercules.games.later_years.engine.state import PROMPTS, LaterYearsConfig


def _sample_states() -> list[LaterYearsState]:
    """States met in play at every prompt (seeded games of 2-5 players, every 7th step)."""
    out: list[LaterYearsState] = []
    for n in range(8):
        rng = random.Random(n)
        s = new_game(LaterYearsConfig(2 + n % 4, ("stack", "top")[n % 2]), n)
        k = 0
        while not s.is_terminal:
            if k % 7 == 0 or s.prompt == "draw":
                out.append(s)
            legal = legal_actions(s)
            plays = [a for a in legal if a.kind in ("task", "play_draw")]
            s, _ = apply(
                s, rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
            )
            k += 1
        out.append(s)
    return out


SAMPLES = _sample_states()


def test_samples_cover_every_prompt() -> None:
    assert {s.prompt for s in SAMPLES} == set(PROMPTS)


@pytest.mark.parametrize(
    "doc",
    [
        None,
        [],
        {},
        {"kind": "fly"},
        {"kind": "deal", "slot": 0},
        {"kind": "bid", "slot": 0},
        {"kind": "bid", "slot": 5, "amount": 1},
        {"kind": "bid", "slot": 0, "amount": -1},
        {"kind": "bid", "slot": True, "amount": 1},
        {"kind": "bid", "slot": 0, "amount": 1.5},
        {"kind": "task", "space": "SP-CAPTURE-TEMPLE", "cards": []},
        {"kind": "task", "space": "SP-CAPTURE-TEMPLE", "cards": ["A", "A"]},
        {"kind": "task", "space": "", "cards": ["CAPTURE-01"]},
        {"kind": "task", "space": "x", "cards": "CAPTURE-01"},
        {"kind": "play_draw", "card": ""},
        {"kind": "play_draw", "card": "x" * 31},
        {"kind": "end", "extra": 1},
    ],
)
def test_malformed_action_documents_are_refused(doc: Any) -> None:
    with pytest.raises(MalformedActionError):
        Action.from_json(doc)


def test_a_state_document_missing_a_field_is_refused() -> None:
    doc = state_to_json(SAMPLES[3])
    for key in doc:
        broken = dict(doc)
        del broken[key]
        with pytest.raises(InvalidStateError):
            state_from_json(broken)
    with pytest.raises(InvalidStateError):
        state_from_json({**doc, "extra": 1})
    with pytest.raises(InvalidStateError):
        state_from_json("state")


def test_state_documents_with_a_wrong_field_are_refused_or_playable() -> None:
    for doc in (state_to_json(s) for s in SAMPLES[::9]):
        for key in doc:
            for bad in (None, "x", -1, 10**20, [], {}, True, 0):
                _refused_or_playable({**copy.deepcopy(doc), key: bad})


def test_inconsistent_states_are_refused() -> None:
    s = playing(3, {0: ["CAPTURE-01"]})
    doc = state_to_json(s)
    cases = [
        {"money": [11, 10, 10]},  # coins that no fee or payment explains
        {"hands": [["CAPTURE-01", "CAPTURE-01"], [], []]},  # a card in two places
        {"hands": [[], [], []]},  # a card nowhere
        {"shown": [["TEMPLE-01"], [], []]},  # shown but not in hand
        {"board": [[0]] * 16 + []},  # coins without their fees
        {"prompt": "over"},  # over with a full deck
        {"prompt": "draw"},  # a draw with no Draw card played
        {"row": [doc["deck"][0]], "deck": doc["deck"][1:]},  # a row outside an auction
        {"current": -1},
        {"config": {"players": 6, "chains": "stack"}},
        {"config": {"players": 3, "chains": "all"}},
    ]
    for change in cases:
        with pytest.raises(InvalidStateError):
            state_from_json({**doc, **change})
    auction = state_to_json(go(dealt(3, pawn=0), bid(0, 2)))
    for change in (
        {"current": 0},  # the seat to bid holds a bid
        {"bids": [[1, 2], [-1, 0], [-1, 0]]},  # the bid belongs to seat 0's coins
        {"bids": [[0, 2], [-1, 3], [-1, 0]]},  # coins on a card nobody bids on
    ):
        with pytest.raises(InvalidStateError):
            state_from_json({**auction, **change})


def test_a_views_document_is_not_a_state() -> None:
    s = SAMPLES[5]
    with pytest.raises(InvalidStateError):
        state_from_json(state_to_json(view_for(s, 0)))


def test_the_adapter_refuses_bad_configs_and_seeds() -> None:
    for cfg in (None, {}, {"players": 1, "chains": "stack"}, {"players": 3}):
        with pytest.raises(InvalidStateError):
            RULES.new_game(cfg, 1)
    with pytest.raises(InvalidStateError):
        RULES.new_game({"players": 3, "chains": "stack"}, True)  # type: ignore[arg-type]
    s = RULES.new_game({"players": 3, "chains": "stack"}, 9)
    assert RULES.config_to_json(s) == {"players": 3, "chains": "stack"} and RULES.seed_of(s) == 9
    assert RULES.actor(s) == -1 and RULES.legal_actions(s) == [Action("deal")]
    dealt_state, events = RULES.apply(s, Action("deal"))
    assert RULES.reveals(s, dealt_state, events)  # the deal shows the row: no undo past it


# --- hypothesis: mutated documents -----------------------------------------------------------

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=30),
    st.sampled_from(
        ["", "?", "bid", "play", "draw", "over", "CAPTURE-01", "DRAW-01", "TEMPLE-12", "stack"]
    ),
)
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=8)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*prefix, i))
    return out


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def _refused_or_playable(doc: dict[str, Any]) -> None:
    try:
        s = state_from_json(doc)
    except InvalidStateError:
        return
    legal = legal_actions(s)
    assert legal == sorted(legal) and (legal == []) == s.is_terminal
    for a in legal[:25]:
        apply(s, a)
    assert state_from_json(state_to_json(s)) == s


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sample=st.integers(min_value=0, max_value=len(SAMPLES) - 1),
    edits=st.lists(st.tuples(st.integers(min_value=0, max_value=10**6), _values), max_size=3),
    swap=st.booleans(),
    other=st.integers(min_value=0, max_value=len(SAMPLES) - 1),
)
def test_mutated_state_documents_are_refused_or_playable(
    sample: int, edits: list[tuple[int, Any]], swap: bool, other: int
) -> None:
    doc = copy.deepcopy(state_to_json(SAMPLES[sample]))
    if swap:  # a field taken from another moment of play
        donor = state_to_json(SAMPLES[other])
        key = sorted(doc)[other % len(doc)]
        doc[key] = copy.deepcopy(donor[key])
    for where, value in edits:
        paths = _paths(doc)
        _set(doc, paths[where % len(paths)], value)
    _refused_or_playable(doc)


def test_any_prompt_or_field_of_another_moment_is_refused_or_playable() -> None:
    docs = [state_to_json(s) for s in SAMPLES]
    rng = random.Random(11)
    for doc in docs[::5]:
        for prompt in PROMPTS:
            _refused_or_playable({**doc, "prompt": prompt})
        for key in doc:
            _refused_or_playable({**doc, key: copy.deepcopy(rng.choice(docs)[key])})


def test_a_state_document_says_its_version_first() -> None:
    doc = RULES.state_to_json(SAMPLES[4])
    assert next(iter(doc)) == "version" and doc["version"] == RULES.state_version == 2


def test_a_version_1_document_upgrades_to_the_same_state() -> None:
    for s in SAMPLES[::6]:
        old = {k: v for k, v in state_to_json(s).items() if k != "version"}  # as written before
        with pytest.raises(InvalidStateError, match="version 1"):
            RULES.state_from_json(old)  # only the current version is read
        up = RULES.upgrade_state(old)
        assert (up.version, up.rules_changed) == (1, ())
        assert up.doc == state_to_json(s)
        assert RULES.state_from_json(up.doc) == s


@pytest.mark.parametrize("version", [99, 3, 0, -1])
def test_a_document_of_another_version_is_refused_naming_it(version: int) -> None:
    doc = {**state_to_json(SAMPLES[2]), "version": version}
    with pytest.raises(InvalidStateError, match=f"version {version}"):
        RULES.upgrade_state(doc)
    with pytest.raises(InvalidStateError, match=f"version {version}"):
        RULES.state_from_json(doc)


@pytest.mark.parametrize("version", ["2", 2.0, True, None, [2]])
def test_a_version_that_is_not_a_whole_number_is_refused(version: Any) -> None:
    doc = {**state_to_json(SAMPLES[2]), "version": version}
    for read in (RULES.upgrade_state, RULES.state_from_json):
        with pytest.raises(InvalidStateError):
            read(doc)


def test_a_value_that_is_not_an_action_is_refused_as_malformed() -> None:
    err = validate(SAMPLES[1], {"kind": "end"})
    assert err is not None and getattr(err, "reason", None) == Reason.MALFORMED

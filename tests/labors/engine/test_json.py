"""State and action documents: exact round trips, and damaged documents refused cleanly."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from labors.engine.helpers import at_labour, drawn, game, go, playing

from hercules.games.labors.engine import (
    RULES,
    Action,
    InvalidStateError,
    LaborsConfig,
    LaborsState,
    MalformedActionError,
    apply,
    legal_actions,
    new_game,
    state_from_json,
    state_to_json,
    view,
)
from hercules.games.labors.engine.actions import KEEP
from hercules.games.labors.engine.state import OUTCOMES, PROMPTS


def _sample_states() -> list[LaborsState]:
    """States met in play at every prompt (a few seeded runs, every step kept)."""
    out: list[LaborsState] = []
    for n in range(12):
        rng = random.Random(n)
        s = new_game(LaborsConfig(("hero", "mortal", "god")[n % 3], n + 1), n)
        while not s.is_terminal:
            out.append(s)
            legal = legal_actions(s)
            attacks = [a for a in legal if a.kind == "attack"]
            s, _ = apply(s, rng.choice(attacks or legal))
        out.append(s)
    return out + _special_states()


def _special_states() -> list[LaborsState]:
    """The prompts random play meets seldom: Mood choices, remove prior, a won run."""
    out = [
        drawn(9, "MOOD-ABDERUS")[0],
        drawn(9, "MOOD-PHOLUS", rewards=("RWD-01",))[0],
        go(drawn(9, "MOOD-PHOLUS", rewards=("RWD-01",))[0], Action("cover", card="RWD-01")),
        playing(10, [4], rewards=("RWD-09A",)),
        go(playing(10, [4], rewards=("RWD-09A",)), Action("blue", space="RWD-09A.b0", dice=(0,))),
        go(
            playing(12, [2, 6], rewards=("RWD-11C",)), Action("gold", space="RWD-11C.g0", dice=(0,))
        ),
    ]
    s = go(game(), Action("draw"))
    out.append(s)
    mood = at_labour(9, prompt="draw", rewards=("RWD-08B",))
    out.append(go(mood, Action("draw")))
    for labour, reward, last in ((7, "RWD-07A", 1), (12, "", 10), (12, "", 9)):
        s = playing(labour, [1], rewards=("RWD-01",), divinity=last)
        s = s.with_(trial=tuple(t._replace(health=0) for t in s.trial))
        s, _ = apply(s, Action("resolve"))
        out.append(s)
        if reward:
            out.append(go(s, Action("reward", card=reward)))
    return out


SAMPLES = _sample_states()


def test_samples_cover_every_prompt_and_outcome() -> None:
    assert {s.prompt for s in SAMPLES} == set(PROMPTS)
    assert {s.outcome for s in SAMPLES} == set(OUTCOMES)


def test_the_view_hides_the_deck_order_the_seed_and_the_generator() -> None:
    s = go(game(), Action("draw"))
    v = view(s, 0)
    assert v.rng == 0 and v.seed == 0 and v.mood_deck == tuple(sorted(s.mood_deck))
    assert v.mood == s.mood and v.courage == s.courage


@pytest.mark.parametrize(
    "doc",
    [
        None,
        [],
        {},
        {"kind": "fly"},
        {"kind": "attack", "dice": []},
        {"kind": "attack", "dice": [True]},
        {"kind": "attack", "dice": [24]},
        {"kind": "blue", "value": 7},
        {"kind": "attack", "target": 8},
        {"kind": "keep", "card": ""},
        {"kind": "keep", "card": "x" * 21},
        {"kind": "resolve", "extra": 1},
    ],
)
def test_malformed_action_documents_are_refused(doc: Any) -> None:
    with pytest.raises(MalformedActionError):
        Action.from_json(doc)


def test_state_documents_with_a_wrong_field_are_refused() -> None:
    doc = state_to_json(SAMPLES[40])
    for key in doc:
        for bad in (None, "x", -1, 10**20, [], {}, True):
            broken = copy.deepcopy(doc)
            broken[key] = bad
            try:
                s = state_from_json(broken)
            except InvalidStateError:
                continue
            legal_actions(s)


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


def test_the_adapter_refuses_bad_configs_and_seeds() -> None:
    for cfg in (None, {}, {"difficulty": "titan", "start": 1}, {"difficulty": "hero", "start": 13}):
        with pytest.raises(InvalidStateError):
            RULES.new_game(cfg, 1)
    with pytest.raises(InvalidStateError):
        RULES.new_game({"difficulty": "hero", "start": 1}, True)  # type: ignore[arg-type]
    s = RULES.new_game({"difficulty": "god", "start": 5}, 9)
    assert Action(KEEP, card="RWD-01") in RULES.legal_actions(s)
    assert RULES.state_from_json(RULES.state_to_json(s)) == s


# --- hypothesis: mutated documents -----------------------------------------------------------

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=30),
    st.sampled_from(["", "S", "1", "A1", "M1", "SK", "play", "fork", "RWD-01", "MOOD-PHOLUS"]),
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


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sample=st.integers(min_value=0, max_value=len(SAMPLES) - 1),
    edits=st.lists(st.tuples(st.integers(min_value=0, max_value=10**6), _values), max_size=3),
    other=st.integers(min_value=0, max_value=len(SAMPLES) - 1),
    swap=st.booleans(),
)
def test_mutated_state_documents_are_refused_or_playable(
    sample: int, edits: list[tuple[int, Any]], other: int, swap: bool
) -> None:
    doc = copy.deepcopy(state_to_json(SAMPLES[sample]))
    if swap:  # a field taken from another moment of play
        donor = state_to_json(SAMPLES[other])
        key = sorted(doc)[other % len(doc)]
        doc[key] = copy.deepcopy(donor[key])
    for where, value in edits:
        paths = _paths(doc)
        _set(doc, paths[where % len(paths)], value)
    try:
        s = state_from_json(doc)
    except InvalidStateError:
        return
    legal = legal_actions(s)
    assert legal == sorted(legal)
    assert (legal == []) == s.is_terminal
    for a in legal[:30]:
        apply(s, a)


def _refused_or_playable(doc: dict[str, Any]) -> None:
    try:
        s = state_from_json(doc)
    except InvalidStateError:
        return
    legal = legal_actions(s)
    assert legal == sorted(legal) and (legal == []) == s.is_terminal
    for a in legal[:20]:
        apply(s, a)


def test_a_state_document_whose_mood_deck_lost_cards_is_refused() -> None:
    doc = state_to_json(game())
    for deck in ([], doc["mood_deck"][:-1]):
        with pytest.raises(InvalidStateError):
            state_from_json({**doc, "mood_deck": deck})
    god = state_to_json(game("god"))
    with pytest.raises(InvalidStateError):
        state_from_json({**god, "moods_out": []})  # Exhausted back in God mode


def test_a_state_document_with_a_trial_die_on_the_skull_mid_run_is_refused() -> None:
    s = playing(4, [1, 2, 3])
    doc = state_to_json(s)
    doc["trial"] = [[2, "6"], [2, "1"]]  # T04L's 6 is the skull
    with pytest.raises(InvalidStateError):
        state_from_json(doc)
    doc["prompt"], doc["outcome"], doc["roll"] = "over", "skull", []
    assert state_from_json(doc).outcome == "skull"


def test_any_prompt_or_field_of_another_moment_is_refused_or_playable() -> None:
    docs = [state_to_json(s) for s in SAMPLES]
    rng = random.Random(11)
    for doc in docs[::6]:
        for prompt in PROMPTS:
            _refused_or_playable({**doc, "prompt": prompt})
        for key in doc:
            _refused_or_playable({**doc, key: copy.deepcopy(rng.choice(docs)[key])})

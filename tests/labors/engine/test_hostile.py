"""Hostile values: every malformed action is refused with the engine's own error, never a
crash, by ``validate`` and ``apply`` alike, and what ``validate`` accepts ``apply`` applies.

``True == 1`` and ``1.0 == 1`` in Python, so such fields once passed as legal actions that
``apply`` then could not use (``target=1.0``), or were applied as another action (a die
``True``); ``space=None`` and ``dice=("0",)`` crashed ``validate`` itself.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from labors.engine.helpers import at_labour, game, move, playing, resolve

from hercules.games._kit.errors import GameError
from hercules.games.labors.engine import (
    RULES,
    Action,
    IllegalActionError,
    LaborsConfig,
    LaborsState,
    MalformedActionError,
    Reason,
    apply,
    legal_actions,
    new_game,
    state_to_json,
    validate,
)
from hercules.games.labors.engine.actions import ATTACK, BLUE, GOLD, KINDS, RESOLVE, ROLL
from hercules.games.labors.engine.state import P_FORK, P_OVER


def _fork() -> LaborsState:
    s, _ = resolve(playing(7, [1, 1, 1]))
    assert s.prompt == P_FORK
    return s


#: A state at every kind of decision the malformed actions meet.
STATES = {
    "play": playing(1, [5, 6, 2, 3], rewards=("RWD-01",)),
    "fork": _fork(),
    "restart": game(start=6),
    "draw": game(),
    "roll": at_labour(2),
    "over": playing(1, [6]).with_(prompt=P_OVER, outcome="skull", roll=()),
}

MALFORMED = [
    Action(BLUE, space=None, dice=(0,), value=3),  # type: ignore[arg-type]
    Action(GOLD, space=None, dice=(0,)),  # type: ignore[arg-type]
    Action(GOLD, space=b"RWD-01.g0", dice=(0,)),  # type: ignore[arg-type]
    Action(ATTACK, dice=("0",), target=0),  # type: ignore[arg-type]
    Action(ATTACK, dice=None, target=0),  # type: ignore[arg-type]
    Action(ATTACK, dice=[1], target=0),  # type: ignore[arg-type]
    Action(ATTACK, dice=(1.0,), target=0),  # type: ignore[arg-type]
    Action(ATTACK, dice=(True,), target=0),
    Action(ATTACK, dice=(False,), target=0),
    Action(ATTACK, dice=(10**30,), target=0),
    Action(ATTACK, dice=tuple(range(25)), target=0),
    Action(ATTACK, dice=(1,), target=1.0),  # type: ignore[arg-type]
    Action(ATTACK, dice=(1,), target=0.0),  # type: ignore[arg-type]
    Action(ATTACK, dice=(1,), target=True),
    Action(ATTACK, dice=(1,), target=False),
    Action(ATTACK, dice=(1,), target=None),  # type: ignore[arg-type]
    Action(ATTACK, dice=(1,), target="0"),  # type: ignore[arg-type]
    Action(ATTACK, dice=(1,), target=-(10**5000)),
    Action(BLUE, space="BOW.b0", dice=(2,), value=3.0),  # type: ignore[arg-type]
    Action(BLUE, space="BOW.b0", dice=(2,), value=True),
    Action(BLUE, space="BOW.b0", dice=(2,), value=10**5000),
    Action(BLUE, space="BOW.b0", dice=(2,), value=None),  # type: ignore[arg-type]
    Action(RESOLVE, card=None),  # type: ignore[arg-type]
    Action(RESOLVE, card=["x"]),  # type: ignore[arg-type]
    Action(None),  # type: ignore[arg-type]
    Action(5),  # type: ignore[arg-type]
    Action("fly"),
    Action("move", target=0.0, space="R1"),  # type: ignore[arg-type]
    Action("move", target=False, space="R1"),
    Action("keep", card=None),  # type: ignore[arg-type]
    Action(10**5000),  # type: ignore[arg-type]
]


def _id(action: Any) -> str:
    try:
        return repr(action)
    except ValueError:  # an int of 5000 digits has no repr
        return "huge-number"


def _refused_as(state: LaborsState, action: Any, reason: Reason) -> None:
    before = state_to_json(state)
    err = validate(state, action)
    assert isinstance(err, IllegalActionError) and isinstance(err, GameError)
    assert err.reason == reason, err
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.reason == reason
    assert isinstance(RULES.validate(state, action, 0), RULES.error_types)
    assert state_to_json(state) == before


@pytest.mark.parametrize("where", sorted(STATES))
@pytest.mark.parametrize("action", MALFORMED, ids=_id)
def test_a_malformed_action_is_refused_as_malformed_everywhere(where: str, action: Any) -> None:
    _refused_as(STATES[where], action, Reason.MALFORMED)


@pytest.mark.parametrize(
    "value", [None, "resolve", ("resolve",), {"kind": "resolve"}, 0, [], 10**5000], ids=_id
)
def test_a_value_that_is_not_an_action_is_refused_as_malformed(value: Any) -> None:
    _refused_as(STATES["play"], value, Reason.MALFORMED)


def test_an_action_document_with_a_huge_number_is_refused_with_the_engines_error() -> None:
    with pytest.raises(MalformedActionError):
        Action.from_json({"kind": 10**5000})
    with pytest.raises(MalformedActionError):
        RULES.action_from_json({"kind": "attack", "dice": [10**5000]})


def test_the_lookalikes_of_legal_actions_are_refused_and_the_originals_applied() -> None:
    s = STATES["play"]  # the Lion: a 5 and a 6 attack Trial die 0
    legal = Action(ATTACK, dice=(1,), target=0)
    assert validate(s, legal) is None
    for fake in (legal._replace(target=0.0), legal._replace(target=False)):
        assert fake == legal  # why the engine must look at the types
        _refused_as(s, fake, Reason.MALFORMED)
    s = STATES["fork"]
    real = move(0, "R1")
    assert validate(s, real) is None and apply(s, real)[0].prompt != P_FORK
    _refused_as(s, real._replace(target=False), Reason.MALFORMED)


@pytest.mark.parametrize("seat", [1, -1, True, 0.0, "0", 0.5])
def test_a_seat_that_is_not_the_players_is_refused(seat: Any) -> None:
    s = STATES["play"]
    err = validate(s, Action(RESOLVE), seat)
    assert isinstance(err, IllegalActionError) and err.reason == Reason.ILLEGAL
    with pytest.raises(IllegalActionError):
        apply(s, Action(RESOLVE), seat)
    assert validate(s, Action(RESOLVE), 0) is None and validate(s, Action(RESOLVE)) is None


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Action(ATTACK, dice=(-1,), target=0), Reason.NO_DIE),
        (Action(ATTACK, dice=(9,), target=0), Reason.NO_DIE),
        (Action(ATTACK, dice=(1,), target=99), Reason.ILLEGAL),
        (Action(BLUE, space="BOW.b0", dice=(2,), value=7), Reason.NOT_MET),
    ],
    ids=repr,
)
def test_a_well_formed_number_naming_nothing_is_refused_for_what_it_names(
    action: Action, reason: Reason
) -> None:
    _refused_as(STATES["play"], action, reason)


def test_a_chance_step_is_the_games_own_seat_and_the_players_seat_is_refused() -> None:
    s = STATES["roll"]
    assert RULES.actor(s) == -1
    assert validate(s, Action(ROLL), -1) is None and validate(s, Action(ROLL)) is None
    for seat in (0, 1, True, False, -1.0, "-1"):
        err = validate(s, Action(ROLL), seat)  # type: ignore[arg-type]
        assert isinstance(err, IllegalActionError) and err.reason == Reason.ILLEGAL, seat
    assert "itself" in str(validate(s, Action(ROLL), 0))
    assert "the player decides" in str(validate(STATES["play"], Action(RESOLVE), -1))


def _sample_states() -> list[LaborsState]:
    out = list(STATES.values())
    for n in range(4):
        rng = random.Random(n)
        s = new_game(LaborsConfig(("hero", "mortal", "god")[n % 3], 1 + 3 * n), n)
        for _ in range(120):
            legal = legal_actions(s)
            if not legal:
                break
            out.append(s)
            s, _ = apply(s, rng.choice(legal))
    return out


SAMPLES = _sample_states()

_field = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=30),
    st.floats(allow_nan=False, min_value=-2, max_value=8),
    st.sampled_from(["", "0", "BOW.b0", "RWD-01.g0", "RWD-05A", "R1", "keep", "redraw"]),
)
_dice = st.one_of(
    _field,
    st.tuples(),
    st.lists(st.integers(min_value=-1, max_value=6), max_size=4).map(tuple),
    st.lists(_field, max_size=3).map(tuple),
    st.lists(_field, max_size=3),
)


@settings(max_examples=500, deadline=None)
@given(
    sample=st.integers(min_value=0, max_value=len(SAMPLES) - 1),
    kind=st.one_of(st.sampled_from(sorted(KINDS)), _field),
    card=_field,
    space=_field,
    dice=_dice,
    value=_field,
    target=_field,
)
def test_validate_and_apply_agree_on_any_action_value(
    sample: int, kind: Any, card: Any, space: Any, dice: Any, value: Any, target: Any
) -> None:
    s = SAMPLES[sample]
    action = Action(kind, card, space, dice, value, target)
    err = validate(s, action)
    if err is None:
        assert action in legal_actions(s)
        apply(s, action)  # what validate accepts, apply applies
    else:
        assert isinstance(err, GameError)
        with pytest.raises(IllegalActionError):
            apply(s, action)


def test_every_legal_action_validates_and_applies() -> None:
    for s in SAMPLES[::5]:
        for a in legal_actions(s):
            assert validate(s, a) is None
            apply(s, a)

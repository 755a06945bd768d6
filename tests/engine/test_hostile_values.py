"""``validate`` answers any value at all, with the engine's own error and never a crash, and
what it accepts ``apply`` applies.

The box's contract (``GameRules.validate``): an action from a network, a damaged save or a
buggy bot may be anything; a seat too (``True == 1`` and ``1.0 == 1`` in Python, but neither
is a seat).
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from hercules.games._kit.errors import GameError
from hercules.games.mebo.engine import (
    Action,
    GameConfig,
    GameState,
    IllegalActionError,
    Reason,
    apply,
    legal_actions,
    new_game,
)
from hercules.games.mebo.engine.adapter import RULES


@functools.cache
def deciding() -> GameState:
    """Seat 0 to act in a standard game, its dice rolled."""
    state, _ = apply(new_game(GameConfig(3), 21), Action("roll"))
    assert state.prompt == "action" and state.current == 0
    return state


LABOUR = Action("labour", op="add", dice=(0, 1))

BAD_SEATS: list[Any] = [True, False, 1.0, 0.0, float("nan"), "0", b"0", [0], (0,), {}, object()]

BAD_ACTIONS: dict[str, Any] = {
    "None": None,
    "a text": "labour",
    "a number": 1,
    "a float": 1.5,
    "a bool": True,
    "an empty tuple": (),
    "a plain tuple": ("labour", "", "add", (0, 1), -1, ""),
    "a list": ["labour"],
    "an object": object(),
    "a set": {"labour"},
    "a document with a number kind": {"kind": 1},
    "a document with a bool die": {"kind": "labour", "op": "add", "dice": [True, 1]},
    "a document with a float target": {"kind": "use", "card": "HES-01", "target": 1.0},
    "kind None": Action(None),  # type: ignore[arg-type]
    "kind a number": Action(3),  # type: ignore[arg-type]
    "kind bytes": Action(b"roll"),  # type: ignore[arg-type]
    "unknown kind": Action("fly"),
    "op None": LABOUR._replace(op=None),
    "op a number": LABOUR._replace(op=1),
    "dice None": LABOUR._replace(dice=None),
    "dice a list": LABOUR._replace(dice=[0, 1]),
    "dice as texts": LABOUR._replace(dice=("0", "1")),
    "dice as floats": LABOUR._replace(dice=(0.0, 1.0)),
    "dice as bools": LABOUR._replace(dice=(False, True)),
    "die index 3": LABOUR._replace(dice=(0, 3)),
    "negative die index": LABOUR._replace(dice=(-1, 0)),
    "dice a text": LABOUR._replace(dice="01"),
    "card None": Action("use", card=None),  # type: ignore[arg-type]
    "card a number": Action("use", card=7),  # type: ignore[arg-type]
    "unknown card": Action("use", card="HES-99", dice=(0,)),
    "target None": Action("use", card="AEO-01", target=None),  # type: ignore[arg-type]
    "target a float": Action("use", card="AEO-01", target=1.0),  # type: ignore[arg-type]
    "target a bool": Action("use", card="AEO-01", target=True),  # type: ignore[arg-type]
    "target a text": Action("use", card="AEO-01", target="1"),  # type: ignore[arg-type]
    "deck None": Action("choose_demigod", deck=None),  # type: ignore[arg-type]
    "deck a number": Action("choose_demigod", deck=2),  # type: ignore[arg-type]
    "unknown deck": Action("choose_demigod", deck="zeus"),
    "unknown op": LABOUR._replace(op="pow"),
}


def _refused(state: GameState, action: Any, seat: Any) -> IllegalActionError:
    """``validate`` refuses with the engine's error, and ``apply`` raises the same."""
    err = RULES.validate(state, action, seat)
    assert isinstance(err, IllegalActionError) and isinstance(err, GameError)
    assert str(err) and len(str(err)) <= 300
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, action, seat)
    assert info.value.reason == err.reason and str(info.value) == str(err)
    assert state.to_json() == before
    return err


# Ids by type and position: an object's repr holds its address, which differs between
# the processes of a parallel run (pytest-xdist needs the same ids everywhere).
@pytest.mark.parametrize(
    "seat", BAD_SEATS, ids=[f"{type(s).__name__}-{i}" for i, s in enumerate(BAD_SEATS)]
)
def test_a_seat_that_is_not_a_whole_number_is_refused_as_malformed(seat: Any) -> None:
    state = deciding()
    assert RULES.validate(state, LABOUR, 0) is None  # the action itself is legal for seat 0
    assert _refused(state, LABOUR, seat).reason is Reason.MALFORMED


@pytest.mark.parametrize("seat", [1, 2, 3, -1, -7, 10**30])
def test_a_whole_number_that_is_not_the_seat_to_act_is_not_its_turn(seat: int) -> None:
    assert _refused(deciding(), LABOUR, seat).reason is Reason.NOT_YOUR_TURN


@pytest.mark.parametrize("name", list(BAD_ACTIONS))
@pytest.mark.parametrize("seat", [None, 0])
def test_a_malformed_action_is_refused_never_a_crash(name: str, seat: int | None) -> None:
    err = _refused(deciding(), BAD_ACTIONS[name], seat)
    if name != "unknown kind" and not name.startswith("a document with"):
        assert err.reason is Reason.MALFORMED, (name, err)


@pytest.mark.parametrize("mode", ["standard", "simplified", "solo", "pnp"])
def test_what_validate_accepts_apply_applies(mode: str) -> None:
    # Along random games: every legal action, its JSON document, and near misses (fields
    # changed by one); whatever validate accepts applies, whatever it refuses raises it.
    config = GameConfig(2 if mode == "solo" else 3, mode)
    rng = random.Random(mode)
    state = new_game(config, 44)
    checked = 0
    while not state.is_terminal:
        legal = legal_actions(state)
        for act in rng.sample(legal, min(3, len(legal))):
            near = [
                act._replace(target=act.target + 1),
                act._replace(dice=act.dice[:1]),
                act._replace(kind="use" if act.kind != "use" else "labour"),
            ]
            for candidate in (act, act.to_json(), *near):
                for seat in (None, state.current, (state.current + 1) % state.n):
                    err = RULES.validate(state, candidate, seat)
                    if err is None:
                        after, _ = RULES.apply(state, candidate, seat)
                        assert isinstance(after, GameState)
                    else:
                        with pytest.raises(IllegalActionError):
                            RULES.apply(state, candidate, seat)
                    checked += 1
        state, _ = apply(state, rng.choice(legal))
    assert checked > 500

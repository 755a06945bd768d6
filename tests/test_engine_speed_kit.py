"""The kit's speed helpers (hercules.games._kit.fast): each gives what the slow way gives.

No timing here: that the helpers are quicker is measured by tools/engine_ratio.py.
"""

from __future__ import annotations

import dataclasses
import threading

import pytest

from hercules.games._kit.fast import Legal, LegalMemo, by_identity, copy_with
from hercules.games.labors.engine import LaborsConfig
from hercules.games.labors.engine import new_game as labors_game
from hercules.games.later_years.engine import LaterYearsConfig
from hercules.games.later_years.engine import new_game as later_years_game


@dataclasses.dataclass(frozen=True)
class Checked:
    a: int
    b: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a must be at least 0")


@dataclasses.dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: str = "x"


def test_copy_with_gives_what_replace_gives_for_both_engines_states() -> None:
    for state in (labors_game(LaborsConfig(), 3), later_years_game(LaterYearsConfig(5), 3)):
        changes = {"seed": 99, "prompt": "over"}
        copied = copy_with(state, **changes)
        assert copied == dataclasses.replace(state, **changes)
        assert type(copied) is type(state)
        for f in dataclasses.fields(state):
            assert getattr(copied, f.name) == changes.get(f.name, getattr(state, f.name))
        assert state.seed == 3  # the original is untouched
        assert copy_with(state) == state and copy_with(state) is not state


def test_copy_with_keeps_the_copy_frozen_and_apart_from_the_original() -> None:
    state = later_years_game(LaterYearsConfig(3), 1)
    copied = copy_with(state, round=4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copied.round = 5  # type: ignore[misc]
    assert state.round == 0 and copied.round == 4
    assert hash(copied) == hash(dataclasses.replace(state, round=4))


def test_copy_with_refuses_a_name_that_is_no_field() -> None:
    state = labors_game(LaborsConfig(), 1)
    with pytest.raises(TypeError, match="no field"):
        copy_with(state, courage=3, nonsense=1)
    with pytest.raises(TypeError):
        copy_with(object(), a=1)


def test_copy_with_skips_post_init_and_copies_slotted_dataclasses() -> None:
    # Documented: __post_init__ is not run (only for classes whose check it can skip).
    assert copy_with(Checked(1), a=-1).a == -1
    with pytest.raises(ValueError):
        dataclasses.replace(Checked(1), a=-1)
    s = copy_with(Slotted(1), b="y")
    assert s == Slotted(1, "y") and not hasattr(s, "__dict__")


def test_legal_memo_computes_once_for_the_same_object_and_again_for_another() -> None:
    calls: list[object] = []

    def compute(state: object) -> tuple[object, ...]:
        calls.append(state)
        return (state,)

    memo: LegalMemo[object, tuple[object, ...]] = LegalMemo(compute)
    a, b = (1, 2), (1, 2)  # equal, not the same object
    b = tuple(list(b))
    assert memo(a) == (a,) and memo(a) == (a,)
    assert len(calls) == 1
    assert memo(b) == (b,)
    assert len(calls) == 2  # an equal state is not taken for the remembered one
    assert memo(a) == (a,) and len(calls) == 3  # one state remembered, the last


def test_legal_memo_clear_forgets() -> None:
    count = [0]

    def compute(state: object) -> int:
        count[0] += 1
        return count[0]

    memo: LegalMemo[object, int] = LegalMemo(compute)
    state = object()
    assert memo(state) == 1 and memo(state) == 1
    memo.clear()
    assert memo(state) == 2


def test_legal_memo_answers_right_from_several_threads() -> None:
    memo: LegalMemo[tuple[int, ...], int] = LegalMemo(sum)
    states = [tuple(range(i)) for i in range(50)]
    wrong: list[int] = []

    def work() -> None:
        for _ in range(20):
            for s in states:
                if memo(s) != sum(s):
                    wrong.append(len(s))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_legal_holds_the_listed_objects_only_not_equal_copies() -> None:
    first, second = ("bid", 1), ("bid", 2)
    legal = Legal.of([first, second])
    assert legal.actions == (first, second)
    assert legal.holds(first) and legal.holds(second)
    assert not legal.holds(tuple(list(first)))  # equal, but not one the engine listed
    assert not Legal.of(()).holds(first)


def test_by_identity_remembers_per_object_and_keeps_it() -> None:
    seen: list[object] = []

    @by_identity
    def size(obj: list[int]) -> int:
        seen.append(obj)
        return len(obj)

    a, b = [1, 2], [1, 2]
    assert size(a) == 2 and size(a) == 2 and size(b) == 2
    assert seen == [a, b]

"""The kit's table memos: bounded lru caches a closing table forgets, package by package."""

from __future__ import annotations

from hercules.games._kit import memo


def test_a_table_memo_remembers_within_its_bound_and_is_forgotten_with_its_package():
    calls = []

    def square(n: int) -> int:
        calls.append(n)
        return n * n

    square.__module__ = "tests.fake_game.ai.evaluate"
    memo_square = memo.table_memo(maxsize=2)(square)
    assert [memo_square(3), memo_square(3), memo_square(4)] == [9, 9, 16]
    assert calls == [3, 4]  # the second 3 was remembered
    memo_square(5)
    assert memo.held("tests.fake_game") == 2  # the bound holds: 3 went
    assert memo.forget("tests.fake_game") == 1
    assert memo.held("tests.fake_game") == 0
    assert memo_square(3) == 9 and calls == [3, 4, 5, 3]  # worked out again, the same


def test_forgetting_one_package_leaves_another_and_a_look_alike_name():
    kept: dict[int, int] = {1: 1}
    look_alike: dict[int, int] = {2: 2}
    gone: dict[int, int] = {3: 3}
    memo.forget_with("tests.other_game.engine.rules", kept.clear, kept.__len__)
    memo.forget_with("tests.fake_gamey.engine", look_alike.clear, look_alike.__len__)
    memo.forget_with("tests.fake_game.engine.rules", gone.clear, gone.__len__)
    memo.forget("tests.fake_game")
    assert not gone
    assert kept == {1: 1} and look_alike == {2: 2}
    assert memo.held("tests.other_game") == 1

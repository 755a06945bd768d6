"""Memos kept for one table: bounded, and forgotten when the table closes.

A memo of a pure function keyed by a position's details (a roll's faces, a board's coins, a
hand) fills as games are played. Bounded, it still grows until it reaches its bound, and over
an evening of play that is memory that only rises: a soak of an hour through every game rose
0.14 MB a minute with the bots' memos bounded at a few thousand entries, still filling. Kept
for one table instead, memory stays at one game's worth: a game's table calls :func:`forget`
for its package when it closes, and the next game fills them anew (its first decisions pay
for it; a miss only recomputes a pure function, so no decision changes). Tools that play
many games without a table keep them whole, within their bounds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from typing import TypeVar

T = TypeVar("T")

#: module -> each of its table memos: how to empty it, and how many entries it holds
_MEMOS: dict[str, list[tuple[Callable[[], object], Callable[[], int]]]] = {}


def table_memo(maxsize: int) -> Callable[[Callable[..., T]], _lru_cache_wrapper[T]]:
    """Decorate a pure function: an ``lru_cache`` of ``maxsize`` entries that
    :func:`forget` empties for its module's package."""

    def wrap(fn: Callable[..., T]) -> _lru_cache_wrapper[T]:
        memo = lru_cache(maxsize=maxsize)(fn)
        forget_with(fn.__module__, memo.cache_clear, lambda: memo.cache_info().currsize)
        return memo

    return wrap


def forget_with(module: str, clear: Callable[[], object], size: Callable[[], int]) -> None:
    """Register a hand-made memo of ``module`` as a table memo: ``clear`` empties it,
    ``size`` tells how many entries it holds."""
    _MEMOS.setdefault(module, []).append((clear, size))


def _of(package: str) -> list[tuple[Callable[[], object], Callable[[], int]]]:
    prefix = package + "."
    return [
        memo
        for module, memos in _MEMOS.items()
        if module == package or module.startswith(prefix)
        for memo in memos
    ]


def forget(package: str) -> int:
    """Empty every table memo of ``package`` and the modules inside it; how many there are."""
    memos = _of(package)
    for clear, _ in memos:
        clear()
    return len(memos)


def held(package: str) -> int:
    """How many entries the table memos of ``package`` hold now."""
    return sum(size() for _, size in _of(package))


__all__ = ["forget", "forget_with", "held", "table_memo"]

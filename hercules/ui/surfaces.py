"""Caches of drawn pictures bounded by the memory they hold, not by how many there are.

A count alone does not bound memory: sixteen marble slabs the size of a 4K window are half a
gigabyte, and a window resized a hundred times makes a hundred sizes. Every cache of surfaces
in the box goes through :func:`surface_cache`, which forgets the least recently used pictures
once its budget of bytes is spent; :func:`cache_report` tells what each holds (the soak tool
prints it). Pictures drawn for one window size are of no use at another, nor a table's once it
is left: :func:`forget_pictures` drops them all (the app calls it when the window changes size,
the tables when they close), so the budgets are an upper bound, not what a session keeps.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec

import pygame

P = ParamSpec("P")
MB = 1024 * 1024

_ALL: list[SurfaceCache] = []


def surface_bytes(surface: pygame.Surface) -> int:
    """The memory a surface's pixels take."""
    return int(surface.get_height() * surface.get_pitch())


class SurfaceCache:
    """A least-recently-used store of surfaces that never holds more than ``max_bytes``."""

    def __init__(self, name: str, max_bytes: int, pictures: bool = True) -> None:
        """``pictures``: its surfaces depend on the window's size or a table (else, e.g. text,
        they are kept by :func:`forget_pictures`)."""
        self.name = name
        self.max_bytes = max_bytes
        self.pictures = pictures
        self.bytes = 0
        self._items: OrderedDict[Hashable, tuple[pygame.Surface, int]] = OrderedDict()
        _ALL.append(self)

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The surface stored under ``key`` (now the most recently used), or None."""
        hit = self._items.get(key)
        if hit is None:
            return None
        self._items.move_to_end(key)
        return hit[0]

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        """Store ``surface``; the oldest ones go until the budget holds. Returns it."""
        size = surface_bytes(surface)
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        self._items[key] = (surface, size)
        self.bytes += size
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, (_, gone) = self._items.popitem(last=False)
            self.bytes -= gone
        return surface

    def clear(self) -> None:
        """Forget everything."""
        self._items.clear()
        self.bytes = 0


class SurfaceMemo(Generic[P]):
    """A drawing function whose results are kept in a :class:`SurfaceCache`."""

    def __init__(self, fn: Callable[P, pygame.Surface], max_bytes: int) -> None:
        self.fn = fn
        self.cache = SurfaceCache(fn.__qualname__, max_bytes)
        self.__doc__ = fn.__doc__
        self.__name__ = fn.__name__

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
        """The picture for these arguments: drawn now, or kept from before."""
        key = (args, tuple(sorted(kwargs.items())))
        hit = self.cache.get(key)
        if hit is None:
            hit = self.cache.put(key, self.fn(*args, **kwargs))
        return hit

    def cache_clear(self) -> None:
        """Forget every picture drawn so far."""
        self.cache.clear()


def surface_cache(max_mb: float) -> Callable[[Callable[P, pygame.Surface]], SurfaceMemo[P]]:
    """Decorate a function drawing a surface from hashable arguments: keep its results,
    within ``max_mb`` megabytes (the least recently used go first)."""

    def wrap(fn: Callable[P, pygame.Surface]) -> SurfaceMemo[P]:
        return SurfaceMemo(fn, int(max_mb * MB))

    return wrap


def forget_pictures() -> int:
    """Empty every picture cache (text is kept); the bytes let go."""
    freed = 0
    for cache in _ALL:
        if cache.pictures:
            freed += cache.bytes
            cache.clear()
    return freed


def cache_report() -> dict[str, float]:
    """Megabytes held by each surface cache, by name."""
    return {c.name: round(c.bytes / MB, 2) for c in _ALL}

"""Giving memory back: what a closed scene held is freed when it closes, not hours later.

Two things kept a long evening's memory growing although nothing leaked:

* **Cycles.** pygame_gui widgets are reference cycles (a button, its drawable shape
  and the shape's states point at each other), and so are scenes and their
  controllers. A widget killed on a rebuild is freed only by Python's cyclic
  collector, whose oldest generation runs rarely: it counts objects, not the
  megabytes of pixels each button's surfaces hold (40 s of the soak's random
  play left 2.7 GB of surfaces in dead cycles, all of it waiting for a full
  collection). So the app asks for a full collection itself when it knows
  garbage was made (a scene closed, a window resized), at most once a second.
  Before that, a killed widget's pictures are dropped at once (:func:`release_pixels`),
  so what waits for the collection is a few kilobytes of objects, not megabytes of pixels.
* **A fragmented heap.** glibc's allocator keeps freed blocks for reuse; after
  many surfaces of changing sizes come and go, it holds hundreds of megabytes of
  free holes. ``malloc_trim`` hands the free pages back; a fixed threshold for
  serving large blocks (button and text pictures, window-sized pixel buffers) from
  their own mappings keeps them from becoming holes at all (glibc otherwise raises
  it as blocks are freed). Holes still form between the small blocks that stay, so
  the free pages are also handed back every :data:`TRIM_INTERVAL` seconds: about a
  millisecond each time, and in a 6-minute random soak it lowered the peak from 203
  to 177 MB (with the 32 KB threshold).

Both allocator calls exist only with glibc (Linux); elsewhere they do nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
import time
from typing import Any

import pygame

#: Blocks this large or larger come from their own mappings (returned whole when freed).
#: 32 KB: a button's picture or a line of text is already this big, and they come and go.
MMAP_THRESHOLD = 32 * 1024
#: A full collection at most this often (seconds): a resize storm must not collect per frame.
MIN_INTERVAL = 1.0
#: A full collection at least this often (seconds) while anything may have been dropped.
MAX_INTERVAL = 60.0
#: The heap's free pages are handed back at least this often (seconds), collection or not.
TRIM_INTERVAL = 2.0

_M_MMAP_THRESHOLD = -3  # mallopt's parameter numbers in glibc's malloc.h
_M_ARENA_MAX = -8
#: Heaps the allocator may keep: one, shared by every thread.
ARENA_MAX = 1


def _glibc() -> ctypes.CDLL | None:
    """The C library if it is glibc (it has ``malloc_trim``), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    if not hasattr(libc, "malloc_trim") or not hasattr(libc, "mallopt"):
        return None  # musl and others: no such calls
    return libc


_LIBC = _glibc()


def tune_allocator() -> bool:
    """Serve large blocks from their own mappings, and every thread from one heap (see the
    module text); True if done."""
    if _LIBC is None:
        return False
    # The bot and save threads would each get an arena of their own, whose freed pages
    # stay with that thread; their work is small, so sharing the main heap costs nothing.
    _LIBC.mallopt(_M_ARENA_MAX, ARENA_MAX)
    return bool(_LIBC.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def trim_heap() -> bool:
    """Give the allocator's free pages back to the system; True if it could."""
    if _LIBC is None:
        return False
    _LIBC.malloc_trim(0)
    return True


class MemoryKeeper:
    """Collects garbage and trims the heap when the app says garbage was made.

    ``note_garbage()`` marks a collection due (a scene closed, widgets were
    rebuilt); ``tick(now)`` runs it when due and at least :data:`MIN_INTERVAL`
    after the last, or every :data:`MAX_INTERVAL` anyway, and between collections
    trims the heap every :data:`TRIM_INTERVAL`. ``collections``, ``trims`` and
    ``seconds`` say how many ran and what they cost.
    """

    def __init__(self) -> None:
        """Start with nothing due."""
        self.due = False
        self.last = time.perf_counter()
        self.last_trim = self.last
        self.collections = 0
        self.trims = 0
        self.seconds = 0.0

    def note_garbage(self) -> None:
        """Something sizeable was dropped: collect soon."""
        self.due = True

    def tick(self, now: float | None = None) -> bool:
        """Collect if it is time (see the class text); True if a collection ran."""
        now = time.perf_counter() if now is None else now
        elapsed = now - self.last
        if not ((self.due and elapsed >= MIN_INTERVAL) or elapsed >= MAX_INTERVAL):
            if now - self.last_trim >= TRIM_INTERVAL:
                start = time.perf_counter()
                trim_heap()
                self.seconds += time.perf_counter() - start
                self.trims += 1
                self.last_trim = now
            return False
        start = time.perf_counter()
        gc.collect()
        trim_heap()
        self.seconds += time.perf_counter() - start
        self.collections += 1
        self.due = False
        self.last = self.last_trim = now
        return True


_FROZEN = [False]


def freeze_startup_objects() -> bool:
    """Keep what is alive at start-up out of every later full collection (once a process).

    Modules, string tables and card data live the whole session; leaving them to
    be traversed by each collection :class:`MemoryKeeper` asks for doubled its
    cost (32 → 14 ms a collection in the soak). Garbage is collected first, so
    only live objects are frozen. True the first time.
    """
    if _FROZEN[0]:
        return False
    gc.collect()
    gc.freeze()
    _FROZEN[0] = True
    return True


def _ids(value: Any) -> tuple[Any, ...] | None:
    return None if value is None else tuple(value)


def compact_theme_ids(theme: Any) -> None:
    """Keep pygame_gui's theme from holding megabyte keys (pygame_gui 0.6.14).

    ``UIAppearanceTheme.build_all_combined_ids`` memoises its answer under a key
    made with ``str.join`` of one id list's text *into the characters of* the
    next: the key's length is the product of the lengths, and for a widget
    nested a few levels deep (a drop-down's list's buttons) it is over a megabyte.
    The soak found ~45 MB of such keys after a minute. This wraps the method
    with a memo keyed by the id lists themselves and empties the theme's own
    memo after each new answer (its values stay correct: it only saves work).
    """
    original = theme.build_all_combined_ids
    memo: dict[tuple[Any, ...], list[str]] = {}

    def build_all_combined_ids(
        element_base_ids: Any, element_ids: Any, class_ids: Any, object_ids: Any
    ) -> list[str]:
        key = (_ids(element_base_ids), _ids(element_ids), _ids(class_ids), _ids(object_ids))
        found = memo.get(key)
        if found is None:
            found = memo[key] = original(element_base_ids, element_ids, class_ids, object_ids)
            theme.unique_theming_ids.clear()
        return found

    theme.build_all_combined_ids = build_all_combined_ids


def limit_shape_cache(theme: Any) -> None:
    """Keep pygame_gui's cache of drawn widget shapes to its first 4 MB sheet (0.6.14).

    The theme's ``shape_cache`` packs drawn buttons into 1024×1024 sheets and adds sheets,
    up to three (12 MB), as widgets of new sizes are drawn; they are never given back. With
    one sheet, when it is full the cache forgets its least used shapes instead (its own
    "low on space" path), and a forgotten shape is only drawn again.
    """
    cache = getattr(theme, "shape_cache", None)
    if cache is None or not hasattr(cache, "_expand_lt_cache"):
        return

    def expand() -> None:
        cache.low_on_space = True

    cache._expand_lt_cache = expand


#: Classes of pygame_gui's that outlive any one widget (the manager, its theme, caches and
#: fonts): a dead widget points at them, and their pictures must stay.
_SHARED_KINDS = ("Manager", "Theme", "Cache", "GUIFont", "FontDictionary", "Loader", "Interface")
#: What a dead widget's pictures are replaced with: one pixel, shared by all of them.
_NO_PICTURE: list[pygame.Surface] = []


def _is_own(obj: object) -> bool:
    """Whether ``obj`` is a pygame_gui part that only a dead widget can hold."""
    kind = type(obj)
    if not kind.__module__.startswith("pygame_gui"):
        return False
    if any(part in kind.__name__ for part in _SHARED_KINDS):
        return False
    alive = getattr(obj, "alive", None)
    return not (callable(alive) and alive())  # a live widget or container is not ours


def release_pixels(widget: Any) -> int:
    """Drop the pictures a killed pygame_gui widget holds; the bytes let go.

    A killed widget is a reference cycle (see the module text), so its pictures (each
    state's surface, its text, its layout rows) would wait for the next full collection;
    with a window resized a few times a second that is tens of megabytes at once. Its
    surfaces are dropped here instead, freed at once by reference counting. Only parts of
    pygame_gui's that no live widget holds are touched: the manager, theme, caches, fonts
    and live containers are left alone.
    """
    if not _NO_PICTURE:
        _NO_PICTURE.append(pygame.Surface((1, 1), pygame.SRCALPHA))
    empty = _NO_PICTURE[0]
    freed = 0
    todo: list[Any] = [widget]
    seen: set[int] = set()
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        attrs = getattr(obj, "__dict__", None)
        if not isinstance(attrs, dict):
            continue
        for name, value in list(attrs.items()):
            if isinstance(value, pygame.Surface):
                if value is not empty:
                    freed += value.get_width() * value.get_height() * value.get_bytesize()
                    attrs[name] = empty
            elif isinstance(value, dict):
                todo.extend(v for v in value.values() if _is_own(v))
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, pygame.Surface) and item is not empty:
                        freed += item.get_width() * item.get_height() * item.get_bytesize()
                        value[i] = empty
                    elif _is_own(item):
                        todo.append(item)
            elif isinstance(value, tuple):
                todo.extend(v for v in value if _is_own(v))
            elif _is_own(value):
                todo.append(value)
    return freed

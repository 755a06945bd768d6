"""Two helpers that keep an engine from doing the same work twice per action.

- :class:`LegalMemo`: the legal actions of the last state asked about. A caller asks for a
  state's legal actions, picks one and applies it; ``apply`` checks the action against the
  same state's legal actions. With the memo that second list is the first one, not a second
  computation.
- :func:`copy_with`: a frozen dataclass copied with some fields changed, as
  ``dataclasses.replace`` does but without going through ``__init__`` (which, for a state of
  thirty fields, costs more than the rest of an action).

Both are safe only for immutable values: frozen dataclasses whose fields are immutable
(ints, strings, tuples, frozen values). Nothing here knows any game.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Any, Generic, NamedTuple, TypeVar

S = TypeVar("S")
R = TypeVar("R")
D = TypeVar("D")


class LegalMemo(Generic[S, R]):
    """A one-state memo of ``compute(state)``: asked twice in a row for the same state object,
    it computes once.

    The state is recognised by identity (``is``), never by equality: comparing two states
    costs as much as what is saved. The memo keeps a reference to the state it remembers, so
    that object's id cannot be handed to a new object while it is remembered; states are
    frozen, so the remembered answer stays true for that object for ever. :meth:`clear`
    forgets (a new version of the game's data, a test); every call after it computes anew.

    The entry is one tuple, read and replaced as one attribute: two threads (the table and a
    thinking bot) may share the memo; at worst one computes what the other just did.
    """

    def __init__(self, compute: Callable[[S], R]) -> None:
        self._compute = compute
        self._entry: tuple[object, R] | None = None
        #: Bumped by :meth:`clear`: an entry made before it is never used after it, even by
        #: a thread that was computing while it was cleared.
        self._version = 0
        self._lock = threading.Lock()

    def __call__(self, state: S) -> R:
        """``compute(state)``, from the memo when ``state`` is the object last asked about."""
        entry = self._entry
        if entry is not None and entry[0] is state:
            return entry[1]
        version = self._version
        result = self._compute(state)
        with self._lock:
            if version == self._version:
                self._entry = (state, result)
        return result

    def clear(self) -> None:
        """Forget the remembered state."""
        with self._lock:
            self._version += 1
            self._entry = None


class Legal(NamedTuple):
    """A state's legal actions (in the engine's order) and the ids of those very objects.

    :meth:`holds` answers "is this the object the engine listed?" in one set look-up: a
    caller that picks from the list hands back one of these objects, which is then legal and
    well formed by construction (the engine built it). An action that is only *equal* to one
    (read from a document, built by a test) is not held, and goes through the full checks.
    """

    actions: tuple[Any, ...]
    ids: frozenset[int]

    @classmethod
    def of(cls, actions: Any) -> Legal:
        """The legal actions ``actions`` (any iterable), kept as a tuple."""
        kept = tuple(actions)
        return cls(kept, frozenset(map(id, kept)))

    def holds(self, action: object) -> bool:
        """True when ``action`` is one of the listed objects itself.

        Sound because both are alive while this runs (the tuple keeps its actions, the
        caller its argument): two live objects never share an id.
        """
        return id(action) in self.ids


K = TypeVar("K")
V = TypeVar("V")


def by_identity(compute: Callable[[K], V]) -> Callable[[K], V]:
    """``compute(obj)`` remembered per object, recognised by identity: for values that never
    change but cannot be hashed (a frozen dataclass holding dicts, such as a game's component
    data). Each object is kept with its answer, so its id is never another object's while it
    is remembered; a handful of objects are expected (a game's data, a test's own)."""
    memo: dict[int, tuple[K, V]] = {}

    def remembered(obj: K) -> V:
        got = memo.get(id(obj))
        if got is None or got[0] is not obj:
            got = memo[id(obj)] = (obj, compute(obj))
        return got[1]

    remembered.__doc__ = compute.__doc__
    remembered.__name__ = getattr(compute, "__name__", "remembered")
    return remembered


_FIELDS: dict[type, frozenset[str]] = {}


def _field_names(cls: type) -> frozenset[str]:
    names = _FIELDS.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"copy_with() takes a dataclass instance, not {cls.__name__}")
        names = frozenset(f.name for f in dataclasses.fields(cls) if f.init)
        _FIELDS[cls] = names
    return names


def copy_with(obj: D, **changes: Any) -> D:
    """``dataclasses.replace(obj, **changes)`` without calling ``__init__``: a new object of
    the same class, every field the same but those changed.

    Only for a dataclass whose ``__post_init__`` (if it has one) only checks its fields or
    whose changes need no check: it is not run, nor are default factories (an unchanged
    field keeps its value, as ``replace`` keeps it). A name that is not an ``__init__`` field
    is refused with ``TypeError``, as ``replace`` refuses it.
    """
    cls = type(obj)
    names = _FIELDS.get(cls) or _field_names(cls)
    if not names.issuperset(changes):
        bad = sorted(set(changes) - names)
        raise TypeError(f"{cls.__name__} has no field {', '.join(bad)} to change")
    new = object.__new__(cls)
    try:
        values = obj.__dict__
    except AttributeError:  # a slotted dataclass: field by field
        for name in names:
            object.__setattr__(new, name, changes.get(name, getattr(obj, name)))
        return new
    # A dict's copy() is one block copy, several times quicker than filling the new object's
    # empty dict key by key; a frozen object refuses its own __setattr__, hence object's.
    fields = values.copy()
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    return new


__all__ = ["Legal", "LegalMemo", "by_identity", "copy_with"]

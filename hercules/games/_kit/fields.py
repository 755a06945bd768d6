"""Checks for the fields of a JSON document (a state, an action), shared by the games.

Each refusal is the game's error class with one line saying where: ``Fields("state")``
raises ``InvalidStateError("state: labour must be a whole number 1-12")``. ``bool`` is never
a number here (JSON's ``true`` is not ``1``), and lists and texts are bounded.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import InvalidStateError


def is_whole(value: Any) -> bool:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Fields:
    """Field checks whose refusals read ``"<where>: <what> ..."`` as ``error``."""

    where: str = "state"
    error: type[Exception] = InvalidStateError

    def bad(self, what: str) -> Exception:
        """The error for ``what`` (a fragment saying what is wrong)."""
        return self.error(f"{self.where}: {what}")

    def keys(self, doc: Any, expected: Collection[str], what: str = "") -> dict[str, Any]:
        """``doc`` if it is an object with exactly the ``expected`` keys."""
        if not isinstance(doc, dict) or set(doc) != set(expected):
            diff = sorted(map(str, set(doc) ^ set(expected))) if isinstance(doc, dict) else []
            name = what or "the fields"
            raise self.bad(f"expected {name} ({', '.join(diff)[:80]})")
        return doc

    def whole(self, value: Any, lo: int, hi: int, what: str) -> int:
        """``value`` if it is a whole number from ``lo`` to ``hi``."""
        if not is_whole(value) or not lo <= value <= hi:
            raise self.bad(f"{what} must be a whole number {lo}-{hi}")
        return int(value)

    def flag(self, value: Any, what: str) -> bool:
        """``value`` if it is ``true`` or ``false``."""
        if not isinstance(value, bool):
            raise self.bad(f"{what} must be true or false")
        return value

    def one_of(self, value: Any, allowed: Collection[Any] | Mapping[Any, Any], what: str) -> str:
        """``value`` if it is a text among ``allowed``."""
        if not isinstance(value, str) or value not in allowed:
            raise self.bad(f"{what} {str(value)[:30]!r} is not one of the game's")
        return value

    def listed(self, value: Any, what: str, most: int, exactly: int = -1) -> list[Any]:
        """``value`` if it is a list of at most ``most`` items (exactly ``exactly`` if set)."""
        if not isinstance(value, list) or len(value) > most:
            raise self.bad(f"{what} must be a list of at most {most}")
        if exactly >= 0 and len(value) != exactly:
            raise self.bad(f"{what} must list {exactly}")
        return value


def plain(value: Any) -> Any:
    """A value of named tuples, tuples and dicts as JSON-ready dicts and lists (an event's
    document: ``plain(event)``)."""
    if hasattr(value, "_asdict"):
        return {k: plain(v) for k, v in value._asdict().items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def from_plain(kind: type[Any], doc: Any, fields: Fields, most: int = 64) -> Any:
    """A named tuple of texts, whole numbers and tuples of them (an event) from its
    :func:`plain` document, every field checked against the type its annotation names;
    a missing field takes its default. Refused with ``fields``' error."""
    if not isinstance(doc, dict):
        raise fields.bad("expected an object")
    names = kind._fields
    extra = set(doc) - set(names)
    if extra:
        raise fields.bad(f"no field {sorted(map(str, extra))[0][:30]!r}")
    values: dict[str, Any] = {}
    for name in names:
        if name not in doc:
            if name not in kind._field_defaults:
                raise fields.bad(f"the field {name!r} is missing")
            continue
        hint = kind.__annotations__[name]  # a text or a ForwardRef to one (postponed)
        want = str(getattr(hint, "__forward_arg__", hint))
        value = doc[name]
        if want == "str":
            ok = isinstance(value, str) and len(value) <= 200
        elif want == "int":
            ok = is_whole(value)
        elif want.startswith("tuple["):
            item = want[len("tuple[") :].split(",")[0].strip()
            ok = isinstance(value, list) and len(value) <= most
            ok = ok and all(is_whole(v) if item == "int" else isinstance(v, str) for v in value)
            value = tuple(value) if ok else value
        else:  # a field of another type: only a JSON scalar
            ok = isinstance(value, str | int | float | bool) or value is None
        if not ok:
            raise fields.bad(f"{name} is not a {want}")
        values[name] = value
    return kind(**values)


__all__ = ["Fields", "from_plain", "is_whole", "plain"]

"""Versioned state documents: every game's state JSON says its version, and older ones move
forward step by step (as the save envelope does), or are refused with a reason naming it.

A game declares its format once::

    FORMAT = StateFormat(
        version=2,
        steps={1: Step(upgrade=_v1_to_v2, rules_changed="gold gains net with losses")},
        error=InvalidStateError,
    )

``FORMAT.stamp(doc)`` puts ``"version"`` first in a document it writes; ``FORMAT.upgrade(doc)``
brings any supported document to the current version and tells which rules fixes came
since it was written; ``FORMAT.check(doc)`` (in ``state_from_json``) refuses a document that
is not of the current version. A document without ``"version"`` is version 1: the states
written before versions existed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

VERSION_KEY = "version"


class Upgraded(NamedTuple):
    """A document in the current format, the version it was written in, and the rules fixes
    made since then (empty when only the format moved)."""

    doc: dict[str, Any]
    version: int
    rules_changed: tuple[str, ...] = ()


def _same(doc: dict[str, Any]) -> dict[str, Any]:
    return dict(doc)


@dataclass(frozen=True)
class Step:
    """One step forward, from version ``v`` to ``v + 1``.

    ``upgrade`` turns the fields of a version-``v`` document (without ``"version"``) into
    those of ``v + 1`` (a new dict); ``rules_changed`` says, in a few words, what rules fix
    came with the new version ("" when only the format changed): a game saved before it
    replays to another state than its snapshot.
    """

    upgrade: Callable[[dict[str, Any]], dict[str, Any]] = _same
    rules_changed: str = ""


@dataclass(frozen=True)
class StateFormat:
    """The versions of one game's state document and the steps between them."""

    version: int  #: the version written now
    error: type[Exception]  #: raised (with one line naming the version) for a bad document
    steps: Mapping[int, Step] = field(default_factory=dict)  #: ``steps[v]``: ``v`` to ``v+1``
    oldest: int = 1  #: the oldest version still read

    def __post_init__(self) -> None:
        missing = [v for v in range(self.oldest, self.version) if v not in self.steps]
        if missing:
            raise ValueError(f"no upgrade step from state version {missing[0]}")

    def stamp(self, doc: dict[str, Any]) -> dict[str, Any]:
        """``doc`` with ``"version"`` first (what ``state_to_json`` returns)."""
        return {VERSION_KEY: self.version, **doc}

    def version_of(self, doc: Any) -> int:
        """The version a document says it is (1 without a ``"version"``)."""
        if not isinstance(doc, dict):
            raise self.error("state: expected a JSON object")
        v = doc.get(VERSION_KEY, 1)
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.error("state: version must be a whole number")
        return v

    def check(self, doc: Any) -> dict[str, Any]:
        """The fields of a current-version document, without ``"version"``; else the error."""
        v = self.version_of(doc)
        if VERSION_KEY not in doc or v != self.version:
            raise self.error(
                f"state: version {v} is not this game's {self.version} (upgrade it first)"
            )
        return {k: val for k, val in doc.items() if k != VERSION_KEY}

    def upgrade(self, doc: Any) -> Upgraded:
        """Any supported document brought to the current version, step by step."""
        start = v = self.version_of(doc)
        if v > self.version:
            raise self.error(
                f"state: version {v} was written by a newer game (this one reads up to "
                f"{self.version})"
            )
        if v < self.oldest:
            raise self.error(f"state: version {v} is too old (the oldest read is {self.oldest})")
        fields = {k: val for k, val in doc.items() if k != VERSION_KEY}
        changed: list[str] = []
        while v < self.version:
            step = self.steps[v]
            try:
                fields = step.upgrade(fields)
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise self.error(f"state: cannot upgrade version {v} ({exc})") from None
            if step.rules_changed:
                changed.append(f"version {v + 1}: {step.rules_changed}")
            v += 1
        return Upgraded(self.stamp(fields), start, tuple(changed))


__all__ = ["VERSION_KEY", "StateFormat", "Step", "Upgraded"]

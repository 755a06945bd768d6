"""The bots' reasons as data, one format for all games: ``"<prefix><kind>|name=value|...|English"``.

The kind names what was decided, the parameters carry what a translation needs (ids and
numbers, never words) and the English sentence comes last, for tools and as the fallback of a
table that cannot render the kind. A game declares its prefix and its kinds (each with the
parameters it always has) in a :class:`ReasonFormat`; its bots encode with it and its table
parses with it. The words stay the game's own. Pure (no imports of the box).
"""

from __future__ import annotations

from collections.abc import Mapping

#: A reason parsed: ``(kind, parameters, English sentence)``.
Parsed = tuple[str, dict[str, str], str]


class ReasonFormat:
    """One game's reason strings: ``prefix`` (e.g. ``"ly.bot."``) and its ``kinds``.

    ``kinds`` maps every kind to the parameters a reason of that kind must carry;
    ``forbidden`` are the characters no parameter value may hold (``|`` always: it parts
    the fields; a game whose table splits on ``=`` forbids that too).
    """

    def __init__(
        self, prefix: str, kinds: Mapping[str, tuple[str, ...]], *, forbidden: str = "|"
    ) -> None:
        self.prefix = prefix
        self.kinds = kinds
        self.forbidden = "|" + forbidden.replace("|", "")

    def encode(self, kind: str, english: str, **params: object) -> str:
        """The reason string of ``kind`` with ``params`` and its English sentence.

        ``ValueError`` for an unknown kind, a missing parameter, or a parameter whose name is
        not an identifier or whose value holds a forbidden character.
        """
        if kind not in self.kinds:
            raise ValueError(f"unknown reason kind {kind!r}")
        missing = set(self.kinds[kind]) - set(params)
        if missing:
            raise ValueError(f"reason {kind} needs {', '.join(sorted(missing))}")
        parts = [self.prefix + kind]
        for name, value in params.items():
            text = str(value)
            if any(c in text for c in self.forbidden) or not name.isidentifier():
                raise ValueError(f"bad reason parameter {name}={text!r}")
            parts.append(f"{name}={text}")
        # The sentence is the last field: a "|" in it would end it early.
        parts.append(english.replace("|", "/"))
        return "|".join(parts)

    def parse(self, reason: object) -> Parsed | None:
        """``(kind, parameters, English)`` of a reason string, or None if it is not one
        (any value at all: a save may hold anything)."""
        if not isinstance(reason, str):
            return None
        parts = reason.split("|")
        head = parts[0]
        if len(parts) < 2 or not head.startswith(self.prefix) or any(c.isspace() for c in head):
            return None
        kind = head[len(self.prefix) :]
        params: dict[str, str] = {}
        for seg in parts[1:-1]:
            name, eq, value = seg.partition("=")
            if not eq or not name.isidentifier():
                return None
            params[name] = value
        return kind, params, parts[-1]


__all__ = ["Parsed", "ReasonFormat"]

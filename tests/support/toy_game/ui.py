"""The toy game's UI roles: PLACEHOLDERS until the shell's shared table base exists.

The registry wants an import string for every role; these name real objects so that the spec
registers, but the scenes cannot be opened yet (they raise ``NotImplementedError``). The
playable table comes with the lead's shared table base (issue 22, "shared table plumbing").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class _Placeholder:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("the toy game has no scenes yet (the shared table base comes)")


class SetupScene(_Placeholder):
    """Placeholder for the set-up scene."""


class TableScene(_Placeholder):
    """Placeholder for the table scene."""


class ReplayScene(_Placeholder):
    """Placeholder for the replay scene."""


class RulesScene(_Placeholder):
    """Placeholder for the rules page."""


def names_for(seats: Sequence[Any], config: Any, saved: Sequence[str] = ()) -> list[str]:
    """The seats' names: the saved ones, else "Player 1", "Player 2"."""
    return [
        (saved[i] if i < len(saved) and saved[i] else f"Player {i + 1}") for i in range(len(seats))
    ]

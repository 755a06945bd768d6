"""What ``hercules --check-save`` says of a *Later Years* save (the ``describe_save`` hook).

No pygame and no string tables: the verdict is one plain English line of the command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def describe_save(meta: Mapping[str, Any], names: Sequence[str]) -> str:
    """A good save in words: players, the round and who leads with how many points, or who
    won (``meta``: the rules' ``summary``, ``names``: the seats' names the save kept)."""
    seats = [names[s] or f"seat {s + 1}" for s in range(len(names))]
    points = meta["leader"]["vp"]
    head = f"{meta['players']} players"
    if not meta["finished"]:
        leader = seats[meta["leader"]["seat"]]
        return f"{head}, round {meta['round']}: {leader} leads with {points} points"
    first = [seats[w] for w in meta["winners"]]
    if len(first) == 1:
        return f"{head}, over after round {meta['round']}: {first[0]} won with {points} points"
    return (
        f"{head}, over after round {meta['round']}: {' and '.join(first)} "
        f"share first place with {points} points"
    )

"""Which chains to draw: one largest set of coin-disjoint chains of a seat, as paths of cells.

The engine counts chains (``max_chains``); the table wants to show them. This finds a packing
of the engine's minimal chains that reaches that count (a small search on 16 spaces), and
orders each chain's cells from one side of the board to the other. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence

from hercules.games.later_years.engine import coin_counts, max_chains, minimal_chains
from hercules.games.later_years.engine.chains import neighbours
from hercules.games.later_years.engine.state import LaterYearsState


def packing(caps: Sequence[int]) -> list[tuple[int, ...]]:
    """A largest list of minimal chains that ``caps`` coins per cell can carry at once."""
    want = max_chains(caps)
    chains = minimal_chains()
    best: list[tuple[int, ...]] = []

    def search(start: int, left: list[int], chosen: list[tuple[int, ...]]) -> bool:
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        if len(best) >= want:
            return True
        for i in range(start, len(chains)):
            p = chains[i]
            if all(left[c] > 0 for c in p):
                for c in p:
                    left[c] -= 1
                chosen.append(p)
                done = search(i, left, chosen)
                chosen.pop()
                for c in p:
                    left[c] += 1
                if done:
                    return True
        return False

    if want:
        search(0, list(caps), [])
    return best


def ordered(cells: Sequence[int]) -> list[int]:
    """A chain's cells in path order, from one end to the other."""
    inside = set(cells)
    ends = [c for c in cells if sum(n in inside for n in neighbours(c)) <= 1]
    path = [min(ends) if ends else min(cells)]
    while len(path) < len(inside):
        nxt = [n for n in neighbours(path[-1]) if n in inside and n not in path]
        if not nxt:
            break
        path.append(nxt[0])
    return path


def seat_chains(state: LaterYearsState, seat: int) -> list[list[int]]:
    """The chains of ``seat`` the score counts, each as cells in path order."""
    return [ordered(p) for p in packing(coin_counts(state, seat))]

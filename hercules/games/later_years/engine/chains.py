"""Chains of coins across the 4 x 4 board, counted exactly (ruling 8).

A chain is a path of one player's coins through orthogonally adjacent spaces linking the N row
to the S row, or the W column to the E column; each coin serves one chain at most, so a space
with k of the player's coins can carry k chains. The score wants the *largest* number of
coin-disjoint chains. For one direction alone that is a max-flow with the coins as vertex
capacities (Menger). With both directions it is a two-commodity packing, which flow does not
solve: the engine searches exactly, over the inclusion-minimal chains, with the two flows as
the bound. On 16 spaces and at most 20 coins a player, that is instant.

Cells are numbered ``row * 4 + col``: rows are the actions (N first), columns the objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

SIZE = 4
CELLS = SIZE * SIZE
NS = "NS"
WE = "WE"


def neighbours(cell: int) -> tuple[int, ...]:
    """The orthogonally adjacent cells."""
    r, c = divmod(cell, SIZE)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIZE and 0 <= cc < SIZE:
            out.append(rr * SIZE + cc)
    return tuple(out)


def _sides(direction: str) -> tuple[frozenset[int], frozenset[int]]:
    """The two opposite sides a chain of ``direction`` links."""
    if direction == NS:
        return frozenset(range(SIZE)), frozenset(range(CELLS - SIZE, CELLS))
    return frozenset(range(0, CELLS, SIZE)), frozenset(range(SIZE - 1, CELLS, SIZE))


@cache
def minimal_chains() -> tuple[tuple[int, ...], ...]:
    """Every inclusion-minimal chain, as sorted cells: induced paths with one cell per side.

    Any chain holds a minimal one, and spending fewer coins on a chain never hurts, so the
    search only ever needs these.
    """
    found: set[tuple[int, ...]] = set()
    for direction in (NS, WE):
        first, last = _sides(direction)

        def walk(path: list[int], first: frozenset[int], last: frozenset[int]) -> None:
            here = path[-1]
            for nxt in neighbours(here):
                if nxt in path or nxt in first:
                    continue
                # Induced: the new cell touches the path only at its end (no shortcut).
                if any(m in path[:-1] for m in neighbours(nxt)):
                    continue
                path.append(nxt)
                if nxt in last:
                    found.add(tuple(sorted(path)))
                else:
                    walk(path, first, last)
                path.pop()

        for start in sorted(first):
            walk([start], first, last)
    return tuple(sorted(found, key=lambda p: (len(p), p)))


def max_flow(cap: Sequence[int], direction: str) -> int:
    """The most coin-disjoint chains of one direction (vertex-capacitated max-flow).

    Nodes: source, sink, and each cell split into an entry and an exit joined by its coins.
    """
    first, last = _sides(direction)
    src, dst = 2 * CELLS, 2 * CELLS + 1
    big = sum(cap) + 1
    residual: dict[tuple[int, int], int] = {}
    adj: dict[int, list[int]] = {v: [] for v in range(2 * CELLS + 2)}

    def edge(u: int, v: int, c: int) -> None:
        if (u, v) not in residual:
            adj[u].append(v)
            adj[v].append(u)
            residual.setdefault((v, u), 0)
        residual[(u, v)] = residual.get((u, v), 0) + c

    for cell in range(CELLS):
        if cap[cell] <= 0:
            continue
        edge(2 * cell, 2 * cell + 1, cap[cell])
        if cell in first:
            edge(src, 2 * cell, big)
        if cell in last:
            edge(2 * cell + 1, dst, big)
        for n in neighbours(cell):
            if cap[n] > 0:
                edge(2 * cell + 1, 2 * n, big)
    flow = 0
    while True:
        # Breadth-first augmenting path (Edmonds-Karp): a few dozen nodes, flow at most 5.
        parent = {src: src}
        queue = [src]
        for u in queue:
            for v in adj[u]:
                if v not in parent and residual[(u, v)] > 0:
                    parent[v] = u
                    queue.append(v)
        if dst not in parent:
            return flow
        v = dst
        while v != src:
            u = parent[v]
            residual[(u, v)] -= 1
            residual[(v, u)] += 1
            v = u
        flow += 1


def max_chains(cap: Sequence[int]) -> int:
    """The largest number of coin-disjoint chains (either direction) ``cap`` coins allow.

    ``cap[cell]`` is how many of the player's coins lie on the cell.
    """
    if len(cap) != CELLS or any(c < 0 for c in cap):
        raise ValueError("one coin count per cell")
    chains = minimal_chains()
    memo: dict[tuple[int, ...], int] = {}

    def best(caps: tuple[int, ...]) -> int:
        if caps in memo:
            return memo[caps]
        fitting = [p for p in chains if all(caps[c] for c in p)]
        useful = {c for p in fitting for c in p}
        # Coins no chain can use change nothing: dropping them lets equal boards share a memo.
        caps = tuple(c if i in useful else 0 for i, c in enumerate(caps))
        ns, we = max_flow(caps, NS), max_flow(caps, WE)
        if ns == 0 or we == 0:
            result = ns + we  # one direction only: the flow is exact
        else:
            bound = min(ns + we, sum(caps) // SIZE)
            # Branch on one cell: either one minimal chain through it is taken, or no further
            # chain uses it (every optimal packing is one of these). Taking chains first finds
            # a packing that meets the bound early, which ends the search.
            cell = min(useful)
            result = 0
            for p in fitting:
                if result >= bound:
                    break
                if cell in p:
                    rest = list(caps)
                    for c in p:
                        rest[c] -= 1
                    result = max(result, 1 + best(tuple(rest)))
            if result < bound:
                result = max(result, best(tuple(0 if i == cell else c for i, c in enumerate(caps))))
        memo[caps] = result
        return result

    return best(tuple(cap))

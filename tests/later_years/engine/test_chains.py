"""Chains across the board (ruling 8): the exact search against a brute force."""

from __future__ import annotations

import random

from hercules.games.later_years.engine import max_chains, max_flow, minimal_chains
from hercules.games.later_years.engine.chains import CELLS, NS, SIZE, WE, neighbours


def _board(*rows: str) -> list[int]:
    """A board from 4 strings of digits (coins per cell), N row first."""
    return [int(ch) for row in rows for ch in row]


def _all_crossing_paths(cap: list[int]) -> list[frozenset[int]]:
    """Brute force: every simple path over cells with coins from a side to the opposite one."""
    sides = [
        (set(range(SIZE)), set(range(CELLS - SIZE, CELLS))),
        (set(range(0, CELLS, SIZE)), set(range(SIZE - 1, CELLS, SIZE))),
    ]
    found: set[frozenset[int]] = set()
    for first, last in sides:

        def walk(path: list[int], last: set[int] = last) -> None:
            if path[-1] in last:
                found.add(frozenset(path))
            for n in neighbours(path[-1]):
                if cap[n] and n not in path:
                    walk([*path, n])

        for start in first:
            if cap[start]:
                walk([start])
    return sorted(found, key=sorted)


def _brute(cap: list[int]) -> int:
    """The most chains, trying every multiset of crossing paths (no cleverness at all)."""
    paths = _all_crossing_paths(cap)

    def best(caps: list[int], start: int) -> int:
        out = 0
        for i in range(start, len(paths)):
            if all(caps[c] for c in paths[i]):
                rest = list(caps)
                for c in paths[i]:
                    rest[c] -= 1
                out = max(out, 1 + best(rest, i))
        return out

    return best(list(cap), 0)


def _brute_one_direction(cap: list[int], direction: str) -> int:
    paths = [p for p in _all_crossing_paths(cap) if _crosses(p, direction)]

    def best(caps: list[int], start: int) -> int:
        out = 0
        for i in range(start, len(paths)):
            if all(caps[c] for c in paths[i]):
                rest = list(caps)
                for c in paths[i]:
                    rest[c] -= 1
                out = max(out, 1 + best(rest, i))
        return out

    return best(list(cap), 0)


def _crosses(cells: frozenset[int], direction: str) -> bool:
    rows = {c // SIZE for c in cells}
    cols = {c % SIZE for c in cells}
    return {0, SIZE - 1} <= (rows if direction == NS else cols)


def _random_board(rng: random.Random) -> list[int]:
    """Sparse enough for the brute force: about half the cells hold 1-3 coins."""
    cap = [0] * CELLS
    for c in range(CELLS):
        if rng.random() < 0.55:
            cap[c] = rng.choice((1, 1, 1, 2, 2, 3))
    return cap


def test_a_straight_column_is_one_chain_and_an_empty_board_none() -> None:
    assert max_chains([0] * CELLS) == 0
    assert max_chains(_board("0100", "0100", "0100", "0100")) == 1
    assert max_chains(_board("0100", "0100", "0000", "0100")) == 0  # broken
    assert max_chains(_board("1000", "0100", "0010", "0001")) == 0  # diagonal: not adjacent


def test_a_winding_chain_counts_and_so_does_west_to_east() -> None:
    assert max_chains(_board("1000", "1110", "0010", "0010")) == 1
    assert max_chains(_board("0000", "1111", "0000", "0000")) == 1


def test_each_coin_serves_one_chain_but_a_stack_can_carry_several() -> None:
    cross_one = _board("0100", "1111", "0100", "0100")
    assert max_chains(cross_one) == 1  # the shared cell has one coin
    cross_two = _board("0100", "1211", "0100", "0100")
    assert max_chains(cross_two) == 2  # two coins there: both chains
    assert max_chains(_board("0200", "0200", "0200", "0200")) == 2
    assert max_chains(_board("0200", "0200", "0100", "0200")) == 1


def test_the_full_board_with_one_coin_a_space_holds_four_chains() -> None:
    assert max_chains([1] * CELLS) == 4
    assert max_chains([2] * CELLS) == 8


def test_a_greedy_choice_would_be_wrong_here() -> None:
    # Taking the short W-E chain through the middle blocks both columns; the best is the two
    # N-S columns (the flow for one direction alone sees this too).
    board = _board("0110", "1111", "0110", "0110")
    assert max_chains(board) == 2 == _brute(board)


def test_minimal_chains_are_induced_paths_with_one_cell_on_each_side() -> None:
    chains = minimal_chains()
    assert len(chains) == len(set(chains))
    for p in chains:
        assert _crosses(frozenset(p), NS) or _crosses(frozenset(p), WE)
        inner = set(p)
        edges = sum(1 for a in p for b in neighbours(a) if b in inner) // 2
        assert edges == len(p) - 1  # a path with no shortcut


def test_the_exact_search_matches_a_brute_force_on_random_boards() -> None:
    rng = random.Random(13)
    seen = set()
    for _ in range(250):
        cap = _random_board(rng)
        expected = _brute(cap)
        assert max_chains(cap) == expected, cap
        seen.add(expected)
    assert {0, 1, 2, 3} <= seen


def test_the_flow_matches_a_brute_force_for_one_direction() -> None:
    rng = random.Random(5)
    for _ in range(120):
        cap = _random_board(rng)
        for direction in (NS, WE):
            assert max_flow(cap, direction) == _brute_one_direction(cap, direction), cap


def test_mixed_directions_beat_either_flow_alone() -> None:
    # Two columns N-S and two rows W-E, crossing on cells with two coins.
    board = _board("0101", "1212", "0101", "1212")
    assert max_flow(board, NS) == 2 and max_flow(board, WE) == 2
    assert max_chains(board) == 4 == _brute(board)

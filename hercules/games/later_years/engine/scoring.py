"""Scoring (ruling 10): 1 point a task, 2 for the most coins, 3 for each chain of coins.

All players tied for the most coins score the 2 (assumed). Places are ordered by points, then
coins, then cards in hand (the text's tie-breakers); a tie after that is shared (assumed).
The score can be read at any moment (the running score the load screen shows as the leader).
"""

from __future__ import annotations

from typing import NamedTuple

from .chains import CELLS, max_chains
from .state import CHAINS_TOP, LaterYearsState

TASK_POINTS = 1
MONEY_POINTS = 2
CHAIN_POINTS = 3


class SeatScore(NamedTuple):
    """One seat's score and its parts."""

    tasks: int  #: coins on the board
    money_bonus: int  #: 2 for the most coins (shared by ties), else 0
    chains: int  #: the most coin-disjoint chains
    total: int
    money: int  #: tie-break 1
    cards: int  #: tie-break 2: cards in hand


class Score(NamedTuple):
    """Every seat's score and the winners (all seats in first place)."""

    seats: tuple[SeatScore, ...]
    winners: tuple[int, ...]

    @property
    def leader(self) -> int:
        """The lowest seat in first place."""
        return self.winners[0]


def coin_counts(state: LaterYearsState, seat: int) -> tuple[int, ...]:
    """Per space, the coins of ``seat`` that may serve in its chains (ruling 8).

    Every coin of a stack counts, wherever it lies; with the playtest option ``top`` only a
    stack's top coin does.
    """
    if state.config.chains == CHAINS_TOP:
        return tuple(1 if stack and stack[-1] == seat else 0 for stack in state.board)
    return tuple(stack.count(seat) for stack in state.board)


def score(state: LaterYearsState) -> Score:
    """The score as the game stands (final once the game is over)."""
    assert len(state.board) == CELLS
    most = max(state.money)
    seats = []
    for seat in range(state.n):
        tasks = state.markers_used(seat)
        bonus = MONEY_POINTS if state.money[seat] == most else 0
        chains = max_chains(coin_counts(state, seat))
        total = TASK_POINTS * tasks + bonus + CHAIN_POINTS * chains
        seats.append(
            SeatScore(tasks, bonus, chains, total, state.money[seat], len(state.hands[seat]))
        )
    best = max((s.total, s.money, s.cards) for s in seats)
    winners = tuple(i for i, s in enumerate(seats) if (s.total, s.money, s.cards) == best)
    return Score(tuple(seats), winners)

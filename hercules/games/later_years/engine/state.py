"""The state of a game: immutable values, replaced (never changed) by ``rules.apply``.

The prompt says what the game waits for and ``current`` who; the legal actions are the
answers. The generator's state and the deck's order are inside, so the same seed and actions
give the same game. Everything here is the whole truth: what one seat may see is
``view.view_for``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hercules.games._kit.fast import copy_with

from .data import load_data

# Prompts: what the game is waiting for.
P_DEAL = "deal"  #: chance: deal the auction row (the deck holds a full row)
P_BID = "bid"  #: ``current`` bids on a card of the row
P_PLAY = "play"  #: ``current`` plays cards (tasks, Draw cards) or ends
P_DRAW = "draw"  #: chance: ``current`` takes the cards of the Draw card just played
P_OVER = "over"  #: the deck could not supply a full auction: scored
PROMPTS = (P_DEAL, P_BID, P_PLAY, P_DRAW, P_OVER)

#: How chains are counted (ruling 8): every coin of a stack, or only the top coin (an option
#: kept for playtesting).
CHAINS_STACK = "stack"
CHAINS_TOP = "top"
CHAIN_RULES = (CHAINS_STACK, CHAINS_TOP)

#: No bid on a card of the row.
NO_BID: tuple[int, int] = (-1, 0)
#: What a view shows in place of a card the viewer may not see.
HIDDEN = "?"


#: The board last counted and each seat's markers on it (see ``markers_used``).
_MARKERS: list[tuple[tuple[tuple[int, ...], ...], dict[int, int]] | None] = [None]


@dataclass(frozen=True)
class LaterYearsConfig:
    """The rules of a game: how many players (2-5) and how chains are counted."""

    players: int = 4
    chains: str = CHAINS_STACK

    def __post_init__(self) -> None:
        data = load_data()
        if (
            isinstance(self.players, bool)
            or not isinstance(self.players, int)
            or not data.players_min <= self.players <= data.players_max
        ):
            raise ValueError(f"players must be {data.players_min}-{data.players_max}")
        if self.chains not in CHAIN_RULES:
            raise ValueError(f"chains must be one of {', '.join(CHAIN_RULES)}")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready document."""
        return {"players": self.players, "chains": self.chains}


@dataclass(frozen=True)
class LaterYearsState:
    """One moment of a game. Seats are 0..n-1; "left" is the next seat up (wrapping)."""

    config: LaterYearsConfig
    seed: int
    rng: int
    prompt: str
    round: int  #: auctions dealt so far (the round under way)
    pawn: int  #: the starter pawn's holder: bids first and plays first
    current: int  #: the seat to bid or play (the next bidder while dealing)
    money: tuple[int, ...]  #: coins in hand (a standing bid's coins are on its card)
    spent: tuple[int, ...]  #: coins each seat has paid for the cards it won
    deck: tuple[str, ...]  #: top first; its order (and contents) are hidden
    row: tuple[str, ...] = ()  #: the auction's cards; the last lies face down
    bids: tuple[tuple[int, int], ...] = ()  #: per card of the row: (seat, total) or NO_BID
    hands: tuple[tuple[str, ...], ...] = ()  #: sorted
    shown: tuple[tuple[str, ...], ...] = ()  #: cards of each hand all have seen (won face up)
    discard: tuple[str, ...] = ()  #: played cards, in order; never reshuffled
    board: tuple[tuple[int, ...], ...] = ()  #: per space (row by row): seats' coins, bottom first

    @property
    def n(self) -> int:
        """Number of players."""
        return self.config.players

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.prompt == P_OVER

    def with_(self, **changes: Any) -> LaterYearsState:
        """A copy with ``changes`` (``dataclasses.replace`` without ``__init__``: a state has no
        ``__post_init__``, and its every field is an immutable value)."""
        return copy_with(self, **changes)

    # --- derived ---------------------------------------------------------------------------

    def left_of(self, seat: int) -> int:
        """The seat to the left (the next one)."""
        return (seat + 1) % self.n

    def standing(self, seat: int) -> int:
        """The row place of ``seat``'s standing bid, or -1."""
        return next((i for i, (s, _) in enumerate(self.bids) if s == seat), -1)

    def markers_used(self, seat: int) -> int:
        """Marker coins of ``seat`` on the board."""
        board = self.board
        got = _MARKERS[0]
        if got is None or got[0] is not board:
            # Counted once per board: the board is shared by every state until a task is
            # done, and it only grows, so counting it anew on each ask cost more each round.
            counts: dict[int, int] = {}
            for stack in board:
                for who in stack:
                    counts[who] = counts.get(who, 0) + 1
            got = _MARKERS[0] = (board, counts)  # one assignment: safe for a bot's thread
        return got[1].get(seat, 0)

    def fees_earned(self, seat: int) -> int:
        """Coins ``seat`` has been paid for its tasks (each coin on the board is one task)."""
        spaces = load_data().spaces
        return sum(sp.fee * stack.count(seat) for sp, stack in zip(spaces, self.board, strict=True))

    @property
    def bank(self) -> int:
        """Coins the bank holds beyond its start: paid for cards, less fees paid out.

        The bank is unlimited (assumed), so this may be negative; the money in the game is
        conserved: ``sum(money) + standing bids + bank == money_start * n``.
        """
        return sum(self.spent) - sum(self.fees_earned(s) for s in range(self.n))

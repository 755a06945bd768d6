"""What scoring reports: one seat's victory points by category, and everyone's result.

Plain values with no dependency on the rest of the engine, so that the state's view of its
variant (``state.VariantRules.score``) can name them without an import circle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One seat's victory points by category; ``total`` is their sum.

    ``total`` = cards + vases + zeus_pantheon + majorities + sets + cubes + jumps + reached_12
    + labours in every mode. The card categories and cubes are 0 in the print-and-play
    variant; jumps, reached_12 and labours are 0 in the others. In print-and-play,
    ``symbols`` counts crosses per power row (keyed by deck id), ``majorities_won`` names
    rows and ``complete_sets`` is the fewest crosses in any row.
    """

    seat: int
    cards: int  #: printed VP of Demigod and God cards (Zeus apart)
    vases: int
    zeus_pantheon: int
    majorities: int  #: VP from majorities (5 each)
    sets: int  #: VP from complete sets (5 each)
    cubes: int  #: 1 VP per cube in supply
    total: int
    symbols: dict[str, int]  #: symbol counts on Demigod and God cards
    majorities_won: tuple[str, ...]  #: symbol types this seat has the (shared) majority of
    complete_sets: int
    apprentice: int  #: column reached, for tie-break 1
    place: int  #: 1 = winner; tied seats share a place
    jumps: int = 0  #: print-and-play: VP from jumps (3+ spaces in one move)
    reached_12: int = 0  #: print-and-play: 5 VP for an Apprentice on labour 12
    labours: int = 0  #: print-and-play: 1 VP per completed labour that is not circled

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "seat": self.seat,
            "cards": self.cards,
            "vases": self.vases,
            "zeus_pantheon": self.zeus_pantheon,
            "majorities": self.majorities,
            "sets": self.sets,
            "cubes": self.cubes,
            "total": self.total,
            "symbols": dict(self.symbols),
            "majorities_won": list(self.majorities_won),
            "complete_sets": self.complete_sets,
            "apprentice": self.apprentice,
            "place": self.place,
            "jumps": self.jumps,
            "reached_12": self.reached_12,
            "labours": self.labours,
        }


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """Everyone's score, the placements and how the winner was decided."""

    players: tuple[PlayerScore, ...]
    winners: tuple[int, ...]  #: seats in first place (several if still tied)
    #: "" when the totals alone decided first place; else the tie-break that did
    #: (one of TIEBREAKS) or "shared" when first place is still tied after all three.
    tiebreak: str  #: see :func:`tiebreaks` for the print-and-play variant's three

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "players": [p.to_json() for p in self.players],
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
        }

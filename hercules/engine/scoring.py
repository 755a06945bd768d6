"""Scoring: the per-player breakdown, majorities, sets, placements and tie-breaks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import SYMBOLS, card_set
from .state import GameState

MAJORITY_VP = 5
SET_VP = 5

#: What the tie-breaks compare, in the rulebook's order.
TIEBREAKS: tuple[str, ...] = ("apprentice_column", "majorities", "cubes_in_supply")


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One seat's victory points by category; ``total`` is their sum."""

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
        }


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """Everyone's score, the placements and how the winner was decided."""

    players: tuple[PlayerScore, ...]
    winners: tuple[int, ...]  #: seats in first place (several if still tied)
    #: "" when the totals alone decided first place; else the tie-break that did
    #: (one of TIEBREAKS) or "shared" when first place is still tied after all three.
    tiebreak: str

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "players": [p.to_json() for p in self.players],
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
        }


def symbol_counts(state: GameState, seat: int) -> dict[str, int]:
    """Symbols on a seat's Demigod cards, and on its God cards unless gods are face-down only."""
    cards = card_set().cards
    p = state.players[seat]
    counts = dict.fromkeys(SYMBOLS, 0)
    ids = p.demigods + p.gods if state.config.gods_active else p.demigods
    for cid in ids:
        for sym in cards[cid].symbols:
            counts[sym] += 1
    return counts


def score(state: GameState) -> ScoreResult:
    """Score every seat as the rulebook's scoring does; works mid-game for a running score."""
    cards = card_set().cards
    n = state.n
    counts = [symbol_counts(state, i) for i in range(n)]
    won: list[list[str]] = [[] for _ in range(n)]
    for sym in SYMBOLS:
        best = max(c[sym] for c in counts)
        if best >= 1:
            for i in range(n):
                if counts[i][sym] == best:
                    won[i].append(sym)
    raw = []
    for i, p in enumerate(state.players):
        card_vp = sum(cards[c].vp for c in p.demigods + p.gods)
        vase_vp = sum(cards[c].vp for c in p.vases)
        final_vp = sum(cards[c].vp for c in p.finals)
        sets = min(counts[i].values())
        maj = MAJORITY_VP * len(won[i])
        total = card_vp + vase_vp + final_vp + maj + SET_VP * sets + p.supply
        raw.append((i, card_vp, vase_vp, final_vp, maj, sets, total))
    keys = [
        (r[6], state.players[r[0]].pos, len(won[r[0]]), state.players[r[0]].supply) for r in raw
    ]
    places = [1 + sum(1 for k in keys if k > keys[i]) for i in range(n)]
    scores = tuple(
        PlayerScore(
            seat=i,
            cards=cv,
            vases=vv,
            zeus_pantheon=fv,
            majorities=mj,
            sets=SET_VP * st,
            cubes=state.players[i].supply,
            total=tot,
            symbols=counts[i],
            majorities_won=tuple(won[i]),
            complete_sets=st,
            apprentice=state.players[i].pos,
            place=places[i],
        )
        for (i, cv, vv, fv, mj, st, tot) in raw
    )
    winners = tuple(i for i in range(n) if places[i] == 1)
    return ScoreResult(scores, winners, _tiebreak_used(keys))


def _tiebreak_used(keys: list[tuple[int, ...]]) -> str:
    """Which criterion separated first place: "" (totals), a TIEBREAKS name, or "shared"."""
    top = max(k[0] for k in keys)
    tied = [k for k in keys if k[0] == top]
    if len(tied) == 1:
        return ""
    for level, name in enumerate(TIEBREAKS, start=1):
        best = max(k[level] for k in tied)
        tied = [k for k in tied if k[level] == best]
        if len(tied) == 1:
            return name
    return "shared"

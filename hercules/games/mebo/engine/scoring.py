"""Scoring: the per-player breakdown, majorities, sets, placements and tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SYMBOLS, card_set
from .results import PlayerScore, ScoreResult
from .state import GameState, find_variant

MAJORITY_VP = 5
SET_VP = 5

#: What the tie-breaks compare, in the rulebook's order.
TIEBREAKS: tuple[str, ...] = ("apprentice_column", "majorities", "cubes_in_supply")
# The print-and-play variant names no tie-break (``variants/pnp.py``): a tie on points is shared.


def tiebreaks(mode: str) -> tuple[str, ...]:
    """The tie-break criteria of ``mode``, in order (``ScoreResult.tiebreak`` names one)."""
    return find_variant(mode).tiebreaks


def symbol_counts(state: GameState, seat: int) -> dict[str, int]:
    """Symbols on a seat's Demigod cards, and on its God cards unless gods are face-down only."""
    cards = card_set().cards
    p = state.players[seat]
    counts = dict.fromkeys(SYMBOLS, 0)
    ids = p.demigods + p.gods if state.config.variant.gods_count else p.demigods
    for cid in ids:
        for sym in cards[cid].symbols:
            counts[sym] += 1
    return counts


def score(state: GameState) -> ScoreResult:
    """Score every seat by the state's variant; works mid-game for a running score."""
    return state.config.variant.score(state)


def score_cards(state: GameState) -> ScoreResult:
    """Score every seat as the rulebook's scoring does (the card game's ``score`` hook)."""
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
    return ScoreResult(scores, winners, tiebreak_used(keys))


def tiebreak_used(keys: Sequence[tuple[int, ...]], names: tuple[str, ...] = TIEBREAKS) -> str:
    """Which criterion separated first place: "" (totals), a ``names`` entry, or "shared".

    ``keys`` holds one tuple per seat: the total, then one value per tie-break criterion.
    """
    top = max(k[0] for k in keys)
    tied = [k for k in keys if k[0] == top]
    if len(tied) == 1:
        return ""
    for level, name in enumerate(names, start=1):
        best = max(k[level] for k in tied)
        tied = [k for k in tied if k[level] == best]
        if len(tied) == 1:
            return name
    return "shared"

"""The Later Years statistics of finished games, for the box's tools.

``statistics``/``report_lines`` serve ``tools/simulate.py``: mean rounds, what decided first
place, the winners' mean points, wins by seat, the mean points per seat in each scoring part
(tasks, the money bonus, chains), how many chains the seats made, and the money and cards they
ended with. ``outcome`` serves ``tools/tournament.py``: one finished game's points, places,
winners and tie-break. Pure: reads finished states only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .engine import LaterYearsState, apply, new_game, score

#: What decided first place: the points alone (""), coins, cards in hand, or nothing (shared).
TIEBREAKS = ("", "money", "cards", "shared")
#: How a game ends (ruling 9): the deck cannot supply a full auction.
END_CONDITIONS = ("deck",)
CATEGORIES = ("tasks", "money_bonus", "chains")


def tiebreak(final: LaterYearsState) -> str:
    """What decided first place: "" (the points), "money", "cards" or "shared"."""
    result = score(final)
    seats = result.seats
    if len(result.winners) > 1:
        return "shared"
    top = max(s.total for s in seats)
    tied = [s for s in seats if s.total == top]
    if len(tied) == 1:
        return ""
    most = max(s.money for s in tied)
    return "money" if sum(s.money == most for s in tied) == 1 else "cards"


def outcome(final: LaterYearsState) -> dict[str, Any]:
    """One finished game for the tournament: per seat its points and place (1 = first,
    tied seats share a place), the winners, the tie-break and how the game ended."""
    result = score(final)
    keys = [(s.total, s.money, s.cards) for s in result.seats]
    return {
        "vp": [s.total for s in result.seats],
        "places": [1 + sum(other > mine for other in keys) for mine in keys],
        "winners": list(result.winners),
        "tiebreak": tiebreak(final),
        "ended_by": list(END_CONDITIONS),
        "rounds": final.round,
    }


def record(final: LaterYearsState) -> dict[str, Any]:
    """A finished game for the box's statistics (the shell's ``record`` hook): per seat its
    result, place, points and points by part, then coins and cards left."""
    result = score(final)
    places = outcome(final)["places"]
    shared = len(result.winners) > 1
    seats = []
    for i, s in enumerate(result.seats):
        won = i in result.winners
        seats.append(
            {
                "result": ("shared" if shared else "win") if won else "loss",
                "place": places[i],
                "score": s.total,
                "breakdown": {
                    "tasks": s.tasks,
                    "money_bonus": s.money_bonus,
                    "chains": 3 * s.chains,
                    "money": s.money,
                    "cards": s.cards,
                },
            }
        )
    return {
        "variant": "standard",
        "rounds": final.round,
        "seats": seats,
        "extra": {"tiebreak": tiebreak(final)},
    }


def score_history(final: LaterYearsState, actions: Sequence[Any]) -> list[list[int]]:
    """Each seat's points when every auction was dealt (the game replayed from its seed),
    then ``final``'s. Empty when ``actions`` do not replay (the chart is then left out)."""
    if not actions:
        return []
    s = new_game(final.config, final.seed)
    out: list[list[int]] = []
    try:
        for action in actions:
            nxt, _ = apply(s, action)
            if nxt.round != s.round:
                out.append([x.total for x in score(s).seats])
            s = nxt
    except Exception:  # noqa: BLE001 - a chart is not worth failing the score page for
        return []
    out.append([x.total for x in score(final).seats])  # the end: the final game as shown
    return out


def statistics(finals: Sequence[LaterYearsState]) -> dict[str, Any]:
    """The statistics of some finished games of one seat count."""
    players = finals[0].n
    games = len(finals)
    seats = games * players
    decided = Counter(dict.fromkeys(TIEBREAKS, 0))
    wins_by_seat = Counter(dict.fromkeys(range(players), 0))
    parts = Counter(dict.fromkeys(CATEGORIES, 0))
    chains_made: Counter[int] = Counter()
    winner_vp = []
    money = cards = 0
    for state in finals:
        result = score(state)
        decided[tiebreak(state)] += 1
        for seat in result.winners:
            wins_by_seat[seat] += 1
            winner_vp.append(result.seats[seat].total)
        for s in result.seats:
            parts["tasks"] += s.tasks
            parts["money_bonus"] += s.money_bonus
            parts["chains"] += 3 * s.chains
            chains_made[s.chains] += 1
            money += s.money
            cards += s.cards
    return {
        "mean_rounds": round(sum(s.round for s in finals) / games, 2),
        "end_conditions": {"deck": games},
        "tiebreaks": dict(decided),
        "mean_winner_vp": round(sum(winner_vp) / len(winner_vp), 2),
        "mean_vp": round(sum(parts.values()) / seats, 2),
        "wins_by_seat": {str(k): v for k, v in sorted(wins_by_seat.items())},
        "mean_vp_by_category": {k: round(v / seats, 2) for k, v in parts.items()},
        "mean_chains": round(sum(k * v for k, v in chains_made.items()) / seats, 3),
        "chains_per_seat": {str(k): v for k, v in sorted(chains_made.items())},
        "mean_final_money": round(money / seats, 2),
        "mean_final_cards": round(cards / seats, 2),
    }


def report_lines(stats: dict[str, Any]) -> list[str]:
    """The human-readable lines of :func:`statistics` (``stats`` also holds ``games``)."""
    games = stats["games"]
    lines = [
        f"  mean rounds/game   {stats['mean_rounds']:>12.2f}",
        f"  mean VP of winners {stats['mean_winner_vp']:>12.2f}",
        f"  mean VP per seat   {stats['mean_vp']:>12.2f}",
        f"  mean chains/seat   {stats['mean_chains']:>12.3f}",
        f"  final coins, cards {stats['mean_final_money']:>12.2f}, "
        f"{stats['mean_final_cards']:.2f} per seat",
        "  first place decided by:",
    ]
    for name, n in stats["tiebreaks"].items():
        label = name or "points (no tie-break)"
        lines.append(f"    {label:<22} {n:>5}  {100 * n / games:6.1f}%")
    lines.append(
        "  wins by seat: " + ", ".join(f"{k}: {v}" for k, v in stats["wins_by_seat"].items())
    )
    lines.append(
        "  mean VP per seat: "
        + ", ".join(f"{k} {v:.2f}" for k, v in stats["mean_vp_by_category"].items())
    )
    lines.append(
        "  seats by chains made: "
        + ", ".join(f"{k}: {v}" for k, v in stats["chains_per_seat"].items())
    )
    return lines


__all__ = [
    "CATEGORIES",
    "END_CONDITIONS",
    "TIEBREAKS",
    "outcome",
    "record",
    "report_lines",
    "score_history",
    "statistics",
    "tiebreak",
]


def tournament(mode: str, players: int | None, bots: int) -> dict[str, Any]:
    """The tournament's options (the ``tournament`` tool hook): three seats by default; the
    end conditions and tie-breaks are counted as they happen."""
    return {"players": 3}

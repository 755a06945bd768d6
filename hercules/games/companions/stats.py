"""*The Labours of Hercules*' statistics of finished games, for the box's tools.

A side wins, not a seat: every seat of the winning side scores 1 (Hercules and his loyal
companions, or Hera and the villains), the others 0. ``outcome`` serves
``tools/tournament.py`` (points, places, winners, how the game ended, journeys);
``record`` the box's statistics; ``statistics``/``report_lines`` ``tools/simulate.py``
(the sides' wins, how games end, journeys, labours, villains and when they turned). Pure:
reads finished states only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .engine import rules as E
from .engine.data import load_data

#: How a game ends: Hercules' twelfth labour, or a draw from the empty bag (R).
END_CONDITIONS = ("labours", "bag")


def _check(final: E.State) -> None:
    if not E.is_terminal(final):
        raise ValueError("the game is not over")


def labours(final: E.State) -> int:
    """How many labours Hercules completed."""
    cards = load_data().cards
    return sum(cards[c].kind == "labour" for c in final.front)


def ended_by(final: E.State) -> str:
    """ "labours" (Hercules' side won) or "bag" (a draw found the bag empty)."""
    _check(final)
    return "labours" if final.outcome == E.HERO else "bag"


def winners(final: E.State) -> list[int]:
    """The seats of the winning side (a seat's side at the end: villain or not)."""
    _check(final)
    hero = final.outcome == E.HERO
    return [i for i in range(final.n) if bool(final.villain[i]) != hero]


def outcome(final: E.State) -> dict[str, Any]:
    """One finished game for the tournament: 1 point for every seat of the winning side,
    places (1 winning side, 2 the other), the winners, no tie-break, how it ended and the
    journeys played."""
    won = set(winners(final))
    return {
        "vp": [int(i in won) for i in range(final.n)],
        "places": [1 if i in won else 2 for i in range(final.n)],
        "winners": sorted(won),
        "tiebreak": "",
        "ended_by": [ended_by(final)],
        "rounds": final.journey,
    }


def record(final: E.State) -> dict[str, Any]:
    """A finished game for the box's statistics: per seat its result, place, score and a
    breakdown (labours completed, whether it ended a villain, the journey it turned in:
    0 for Hera, -1 never; its character and betrayal tokens), then the side that won."""
    out = outcome(final)
    done = labours(final)
    seats = []
    for i in range(final.n):
        won = i in out["winners"]
        seats.append(
            {
                "result": "win" if won else "loss",
                "place": out["places"][i],
                "score": out["vp"][i],
                "breakdown": {
                    "labours": done,
                    "villain": int(bool(final.villain[i])),
                    "turned": final.turned[i],
                    "character": final.characters[i],
                    "betrayal_tokens": final.tokens[i].count("B"),
                },
            }
        )
    return {
        "variant": final.config.variant,
        "rounds": final.journey,
        "seats": seats,
        "extra": {"side_won": final.outcome, "ended_by": ended_by(final), "labours": done},
    }


def statistics(finals: Sequence[E.State]) -> dict[str, Any]:
    """The statistics of some finished games of one seat count."""
    games = len(finals)
    if not games:
        raise ValueError("no games")
    players = finals[0].n
    ends = Counter(dict.fromkeys(END_CONDITIONS, 0))
    wins_by_seat = Counter(dict.fromkeys(range(players), 0))
    villains = Counter[int]()
    turned = Counter[int]()
    labour_total = 0
    hero = 0
    for s in finals:
        _check(s)
        ends[ended_by(s)] += 1
        hero += s.outcome == E.HERO
        for seat in winners(s):
            wins_by_seat[seat] += 1
        villains[sum(bool(v) for v in s.villain)] += 1
        for t in s.turned:
            if t > 0:
                turned[t] += 1
        labour_total += labours(s)
    return {
        "players": players,
        "hero_win_rate": round(hero / games, 4),
        "mean_rounds": round(sum(s.journey for s in finals) / games, 2),
        "end_conditions": dict(ends),
        "mean_labours": round(labour_total / games, 2),
        "wins_by_seat": {str(k): v for k, v in sorted(wins_by_seat.items())},
        "villains_per_game": {str(k): v for k, v in sorted(villains.items())},
        "turned_in_journey": {str(k): v for k, v in sorted(turned.items())},
    }


def report_lines(stats: dict[str, Any]) -> list[str]:
    """The human-readable lines of :func:`statistics` (``stats`` may also hold ``games``)."""
    games = stats.get("games") or sum(stats["end_conditions"].values())
    lines = [
        f"  Hercules' side won {100 * stats['hero_win_rate']:6.1f}%",
        f"  mean journeys/game {stats['mean_rounds']:>8.2f}",
        f"  mean labours done  {stats['mean_labours']:>8.2f}",
        "  ended by:",
    ]
    for name, n in stats["end_conditions"].items():
        lines.append(f"    {name:<10} {n:>6}  {100 * n / games:6.1f}%")
    lines.append(
        "  wins by seat: " + ", ".join(f"{k}: {v}" for k, v in stats["wins_by_seat"].items())
    )
    lines.append(
        "  villains at the end: "
        + ", ".join(f"{k}: {v}" for k, v in stats["villains_per_game"].items())
    )
    lines.append(
        "  turned in journey: "
        + (", ".join(f"{k}: {v}" for k, v in stats["turned_in_journey"].items()) or "none")
    )
    return lines


def tournament(mode: str, players: int | None, bots: int) -> dict[str, Any]:
    """The tournament's options (the ``tournament`` tool hook): five seats by default, and
    the two ways a game ends listed even when one never happened."""
    return {"players": 5, "end_conditions": END_CONDITIONS, "tiebreaks": ("",)}


__all__ = [
    "END_CONDITIONS",
    "ended_by",
    "labours",
    "outcome",
    "record",
    "report_lines",
    "statistics",
    "tournament",
    "winners",
]

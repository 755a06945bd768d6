"""The MEBO game's statistics of finished games, for the box's tools (``simulate.py``).

How often each end condition happened, what decided first place, the winners' mean VP, wins
by seat and the mean VP per seat in each scoring category of the variant. Pure: reads states.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .engine import GameState, apply, find_variant, new_game, score, tiebreaks

END_CONDITIONS = ("column_12", "hades_cubes")


def mode_tiebreaks(mode: str) -> tuple[str, ...]:
    """The ``ScoreResult.tiebreak`` values of ``mode``: "" when the totals alone decided first
    place, the mode's three criteria, or "shared"."""
    return ("", *tiebreaks(mode), "shared")


def statistics(finals: Sequence[GameState]) -> dict[str, Any]:
    """The statistics of some finished games of one variant and seat count."""
    mode = finals[0].config.mode
    players = finals[0].n
    end_conditions = Counter(dict.fromkeys(END_CONDITIONS, 0))
    decided = Counter(dict.fromkeys(mode_tiebreaks(mode), 0))
    wins_by_seat = Counter(dict.fromkeys(range(players), 0))
    # The variant's scoring categories (``PlayerScore`` fields; the others are 0).
    categories = find_variant(mode).score_categories
    category_vp = Counter(dict.fromkeys(categories, 0))
    winner_vp = []
    for state in finals:
        end_conditions.update(state.ended_by)
        result = score(state)
        decided[result.tiebreak] += 1
        for seat in result.winners:
            wins_by_seat[seat] += 1
            winner_vp.append(result.players[seat].total)
        for ps in result.players:
            for name in categories:
                category_vp[name] += getattr(ps, name)
    games = len(finals)
    seats = games * players
    return {
        "mean_rounds": round(sum(s.round for s in finals) / games, 2),
        "end_conditions": dict(end_conditions),
        "tiebreaks": dict(decided),
        "mean_winner_vp": round(sum(winner_vp) / len(winner_vp), 2),
        "wins_by_seat": {str(k): v for k, v in sorted(wins_by_seat.items())},
        "mean_vp_by_category": {k: round(v / seats, 2) for k, v in category_vp.items()},
    }


def record(state: GameState) -> dict[str, Any]:
    """A finished game for the box's statistics (the shell's ``record`` hook): its variant,
    rounds, and per seat the result, place, VP and VP by scoring category."""
    result = score(state)
    shared = len(result.winners) > 1
    categories = find_variant(state.config.mode).score_categories
    seats = []
    for p in result.players:
        won = p.seat in result.winners
        seats.append(
            {
                "result": ("shared" if shared else "win") if won else "loss",
                "place": p.place,
                "score": p.total,
                "breakdown": {c: getattr(p, c) for c in categories},
            }
        )
    extra = {"tiebreak": result.tiebreak, "ended_by": "+".join(state.ended_by)}
    return {"variant": state.config.mode, "rounds": state.round, "seats": seats, "extra": extra}


def score_history(state: GameState, actions: Sequence[Any]) -> list[list[int]]:
    """Each seat's VP when every round began (its dice rolled), then at the end: the game
    replayed from its seed (the score is not kept in the state). Empty when ``actions`` do
    not replay (the game-over chart is then left out)."""
    if not actions:
        return []
    s = new_game(state.config, state.seed)
    out: list[list[int]] = []
    try:
        for action in actions:
            nxt, events = apply(s, action)
            if any(ev.type == "dice_rolled" for ev in events):
                out.append([p.total for p in score(s).players])
            s = nxt
    except Exception:  # noqa: BLE001 - a chart is not worth failing the score screen for
        return []
    out.append([p.total for p in score(s).players])
    return out


def report_lines(stats: dict[str, Any]) -> list[str]:
    """The human-readable lines of :func:`statistics` (``stats`` also holds ``games``)."""
    games = stats["games"]
    lines = [
        f"  mean rounds/game   {stats['mean_rounds']:>12.2f}",
        f"  mean VP of winners {stats['mean_winner_vp']:>12.2f}",
        "  end conditions:",
    ]
    for name, n in stats["end_conditions"].items():
        lines.append(f"    {name:<20} {n:>7}  {100 * n / games:6.1f}%")
    lines.append("  first place decided by:")
    for name, n in stats["tiebreaks"].items():
        label = name or "totals (no tie-break)"
        lines.append(f"    {label:<22} {n:>5}  {100 * n / games:6.1f}%")
    lines.append(
        "  wins by seat: " + ", ".join(f"{k}: {v}" for k, v in stats["wins_by_seat"].items())
    )
    lines.append(
        "  mean VP per seat: "
        + ", ".join(f"{k} {v:.2f}" for k, v in stats["mean_vp_by_category"].items())
    )
    return lines


# --- tools/tournament.py: one finished game, and the game's own options ----------------------

#: The name the tournament records for the automaton's seat (solo: Hades).
AUTOMATON = "hades"


def outcome(final: GameState) -> dict[str, Any]:
    """One finished game for the tournament: per seat its VP and place (1 = first, tied seats
    share a place), the winners, the tie-break and the end conditions met, and the round."""
    result = score(final)
    return {
        "vp": [p.total for p in result.players],
        "places": [p.place for p in result.players],
        "winners": list(result.winners),
        "tiebreak": result.tiebreak,
        "ended_by": list(final.ended_by),
        "rounds": final.round,
    }


def tournament(mode: str, players: int | None, bots: int) -> dict[str, Any]:
    """The tournament's options for ``mode`` (the ``tournament`` tool hook): the default seats,
    why ``players`` seats and ``bots`` bot levels cannot be played (or ""), the end
    conditions and tie-breaks to count even when none happened, and the seats the variant
    plays itself (solo: Hades, recorded as ``hades``)."""
    variant = find_variant(mode)
    automata = {variant.hades_seat: AUTOMATON} if variant.hades_seat >= 0 else {}
    problem = ""
    if automata and players not in (None, 2):
        problem = f"--mode {mode} is played with --players 2 (the hero and Hades)"
    elif automata and bots != 1:
        problem = f"--mode {mode} takes one bot in --bots: the hero against Hades"
    return {
        "players": 2,
        "problem": problem,
        "end_conditions": list(END_CONDITIONS),
        "tiebreaks": list(mode_tiebreaks(mode)),
        "automata": automata,
    }


def fingerprint() -> dict[str, Any]:
    """The fingerprint tool's options (the ``fingerprint`` tool hook), kept as the tool played
    this game before it served every game, so that its digests stay comparable: the full
    score (every seat's breakdown) hashed at the end, and the Hard bot for the first
    two-player bot game, Normal for every other."""
    return {"final": _final_score, "level": _fingerprint_level}


def _final_score(final: GameState) -> dict[str, Any]:
    return score(final).to_json()


def _fingerprint_level(mode: str, players: int, game: int) -> str:
    return "hard" if game == 0 and players == 2 else "normal"

"""Benchmark the rules engine with random games.

    python tools/simulate.py --games 300 --players 4 --mode standard --seed 1

Modes: standard, simplified, solo (two seats: the hero and Hades) and pnp (the print-and-play
variant). Plays ``--games`` games on one core, each move chosen uniformly among the legal
actions by one ``random.Random(seed)`` instance (game ``i`` is set up with seed ``seed + i``).
Prints games and actions per second (only the playing is timed: set-up and moves, not imports
or scoring), the mean actions and rounds per game, how often each end condition happened, how
often each tie-break of the mode decided first place, the winners' mean VP, the mean VP per
seat in each scoring category of the mode and the mean number of each kind of action per game.
The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import Any

from cli_args import positive, whole_number

from hercules.games.mebo.engine import (
    MODES,
    GameConfig,
    apply,
    find_variant,
    legal_actions,
    new_game,
    score,
    tiebreaks,
)

END_CONDITIONS = ("column_12", "hades_cubes")
MAX_ACTIONS = 100_000  # a random game that runs longer than this is an engine bug


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="simulate.py",
        description="Play random legal games of Hercules and report engine throughput.",
    )
    parser.add_argument("--games", type=positive, default=100, help="games to play (100)")
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=None,
        help="seats: 2-4 (default 4; solo always has 2, the hero and Hades)",
    )
    parser.add_argument(
        "--mode",
        choices=MODES,
        default="standard",
        help="rules: standard, simplified, solo or pnp (print-and-play) (standard)",
    )
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the first game (0)")
    args = parser.parse_args(argv)
    counts = find_variant(args.mode).player_counts
    if args.players is None:
        args.players = max(counts)
    if args.players not in counts:
        seats = " or ".join(str(n) for n in counts)
        parser.error(f"--mode {args.mode} is played with --players {seats}")
    return args


def mode_tiebreaks(mode: str) -> tuple[str, ...]:
    """The ``ScoreResult.tiebreak`` values of ``mode``: "" when the totals alone decided first
    place, the mode's three criteria, or "shared"."""
    return ("", *tiebreaks(mode), "shared")


def simulate(games: int, players: int, mode: str, seed: int) -> dict[str, Any]:
    """Play the games and return the statistics (the JSON summary)."""
    config = GameConfig(players, mode)
    chooser = random.Random(seed)
    finals = []
    actions = 0
    kinds: Counter[str] = Counter()
    start = time.perf_counter()
    for i in range(games):
        state = new_game(config, seed + i)
        for _ in range(MAX_ACTIONS):
            if state.is_terminal:
                break
            action = chooser.choice(legal_actions(state))
            kinds[action.kind] += 1
            state, _ = apply(state, action)
            actions += 1
        else:
            raise RuntimeError(f"game {i} (seed {seed + i}) did not end")
        finals.append(state)
    elapsed = time.perf_counter() - start

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
    seats = games * players
    elapsed = max(elapsed, 1e-9)
    return {
        "games": games,
        "players": players,
        "mode": mode,
        "seed": seed,
        "seconds": round(elapsed, 4),
        "games_per_second": round(games / elapsed, 2),
        "actions_per_second": round(actions / elapsed, 1),
        "mean_actions": round(actions / games, 2),
        "mean_rounds": round(sum(s.round for s in finals) / games, 2),
        "end_conditions": dict(end_conditions),
        "tiebreaks": dict(decided),
        "mean_winner_vp": round(sum(winner_vp) / len(winner_vp), 2),
        "wins_by_seat": {str(k): v for k, v in sorted(wins_by_seat.items())},
        "mean_vp_by_category": {k: round(v / seats, 2) for k, v in category_vp.items()},
        "mean_actions_by_kind": {k: round(v / games, 2) for k, v in sorted(kinds.items())},
    }


def report(stats: dict[str, Any]) -> str:
    """The human-readable lines (the JSON summary follows them)."""
    games = stats["games"]
    lines = [
        f"{games} random {stats['mode']} games, {stats['players']} players, seed {stats['seed']}",
        f"  games per second   {stats['games_per_second']:>12,.2f}",
        f"  actions per second {stats['actions_per_second']:>12,.1f}",
        f"  mean actions/game  {stats['mean_actions']:>12.2f}",
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
    lines.append(
        "  actions per game: "
        + ", ".join(f"{k} {v:.1f}" for k, v in stats["mean_actions_by_kind"].items())
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    stats = simulate(args.games, args.players, args.mode, args.seed)
    print(report(stats))
    print(json.dumps(stats, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

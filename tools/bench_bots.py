"""Benchmark the bots' decision time per move.

    python tools/bench_bots.py [--levels easy,normal,hard] [--games 20] [--players 2,4] [--seed 1]

For each level, plays ``--games`` seeded standard games (game ``k`` uses seed ``S + k``) at each
seat count of ``--players`` with that level in every seat, and times every decision
(``time.perf_counter`` around ``choose``). Prints p50, p95 and max in milliseconds per level
and per seat count, on one core; the last line is one JSON object keyed by level.
A benchmark only: it asserts nothing about the times.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from cli_args import only_game, positive, whole_number

from hercules.games.mebo.ai import BOT_LEVELS, make_bot
from hercules.games.mebo.ai.arena import percentile, play_game
from hercules.games.mebo.engine import GameConfig


def _levels(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise argparse.ArgumentTypeError(f"{text!r}: give bot levels separated by commas")
    for name in names:
        try:
            make_bot(name)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return list(dict.fromkeys(names))


def _seat_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give seat counts like 2,4") from None
    if any(not 2 <= c <= 4 for c in counts):
        raise argparse.ArgumentTypeError(f"{text!r}: seat counts must be 2, 3 or 4")
    return sorted(set(counts))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench_bots.py", description="Time the Hercules bots' decisions per move."
    )
    parser.add_argument(
        "--levels",
        type=_levels,
        default=list(BOT_LEVELS),
        help=f"bot levels, comma-separated ({','.join(BOT_LEVELS)})",
    )
    parser.add_argument(
        "--games", type=positive, default=20, help="games per level and seat count (20)"
    )
    parser.add_argument(
        "--players", type=_seat_counts, default=[2, 4], help="seat counts, e.g. 2,4 (2,4)"
    )
    parser.add_argument(
        "--seed", type=whole_number, default=1, help="seed of game 0; game k uses S+k"
    )
    only_game(parser, "hercules", "the MEBO game's bot arena")
    return parser.parse_args(argv)


def _stats(times: list[float]) -> dict[str, Any]:
    ms = [t * 1000.0 for t in times]
    if not ms:
        return {"decisions": 0, "p50_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0, "mean_ms": 0.0}
    return {
        "decisions": len(ms),
        "p50_ms": round(percentile(ms, 50), 4),
        "p95_ms": round(percentile(ms, 95), 4),
        "max_ms": round(max(ms), 4),
        "mean_ms": round(sum(ms) / len(ms), 4),
    }


def bench(levels: list[str], games: int, seat_counts: list[int], seed: int) -> dict[str, Any]:
    """Play the games and return the decision-time statistics keyed by level."""
    out: dict[str, Any] = {}
    for level in levels:
        every: list[float] = []
        by_players: dict[str, Any] = {}
        start = time.perf_counter()
        for players in seat_counts:
            times: list[float] = []
            for k in range(games):
                bots = [make_bot(level) for _ in range(players)]
                record = play_game(GameConfig(players, "standard"), bots, seed + k)
                for seat in record.seats:
                    times.extend(seat.decision_times)
            by_players[str(players)] = {"games": games, **_stats(times)}
            print(
                f"  {level} {players}p: {games} games, {len(times)} decisions",
                file=sys.stderr,
                flush=True,
            )
            every.extend(times)
        out[level] = {
            "games": games * len(seat_counts),
            **_stats(every),
            "seconds": round(time.perf_counter() - start, 3),
            "by_players": by_players,
        }
    return out


def report(stats: dict[str, Any], seed: int) -> str:
    """The human-readable lines (the JSON summary follows them)."""
    lines = [
        f"decision time per move, standard games in self-play, seed {seed}",
        f"  {'level':<8} {'seats':>5} {'games':>6} {'decisions':>10} "
        f"{'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}",
    ]
    for level, s in stats.items():
        rows = [(str(p), b) for p, b in s["by_players"].items()] + [("all", s)]
        for seats, row in rows:
            lines.append(
                f"  {level:<8} {seats:>5} {row['games']:>6} {row['decisions']:>10} "
                f"{row['p50_ms']:>9.3f} {row['p95_ms']:>9.3f} {row['max_ms']:>9.3f}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    stats = bench(args.levels, args.games, args.players, args.seed)
    print(report(stats, args.seed))
    print(json.dumps(stats))  # levels in the order asked
    return 0


if __name__ == "__main__":
    sys.exit(main())

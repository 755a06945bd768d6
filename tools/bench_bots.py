"""Benchmark the bots' decision time per move, for any game of the box.

    python tools/bench_bots.py [--game ID] [--levels easy,normal,hard] [--games 20]
                               [--players 2,4] [--seed 1] [--variant V]

For each level, plays ``--games`` seeded games (game ``k`` uses seed ``S + k``) of ``--game``
at each seat count of ``--players`` (default: the game's fewest and most) with that level in
every seat, through the game's own controller (``spec.new_controller``: the real players, as a
table seats them), and times every decision: the CPU time of the thread that runs the bot's
``choose`` (``time.thread_time``, so a bot that thinks on its worker thread is timed there and
nothing else is counted). Prints p50, p95, p99 and max in milliseconds per level and per seat
count; the last line is one JSON object keyed by level (with ``"game"``). A benchmark only: it
asserts nothing about the times.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from cli_args import add_game_option, positive, whole_number

from hercules.app.registry import GameSpec
from hercules.games._kit.figures import percentile

#: How many steps a game may take before the tool calls it stuck (none comes near).
MAX_STEPS = 200_000


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise argparse.ArgumentTypeError(f"{text!r}: give bot levels separated by commas")
    return list(dict.fromkeys(names))


def _seat_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give seat counts like 2,4") from None
    return sorted(set(counts))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench_bots.py", description="Time the bots' decisions per move, for any game."
    )
    add_game_option(parser)
    parser.add_argument("--levels", type=_names, default=None, help="bot levels (all)")
    parser.add_argument(
        "--games", type=positive, default=20, help="games per level and seat count (20)"
    )
    parser.add_argument(
        "--players", type=_seat_counts, default=None, help="seat counts, e.g. 2,4 (fewest,most)"
    )
    parser.add_argument("--variant", default=None, help="the game's variant (its first)")
    parser.add_argument(
        "--seed", type=whole_number, default=1, help="seed of game 0; game k uses S+k"
    )
    args = parser.parse_args(argv)
    spec: GameSpec[Any, Any, Any] = args.game
    args.levels = args.levels or list(spec.bot_levels)
    for level in args.levels:
        if level not in spec.bot_levels:
            parser.error(f"{spec.id} has no bot level {level!r} ({', '.join(spec.bot_levels)})")
    lo, hi = spec.players
    args.players = args.players or sorted({lo, hi})
    if any(not lo <= c <= hi for c in args.players):
        parser.error(f"{spec.id} seats {lo} to {hi} players")
    args.variant = args.variant or spec.variants[0]
    if args.variant not in spec.variants:
        parser.error(f"{spec.id} has no variant {args.variant!r} ({', '.join(spec.variants)})")
    return args


def _stats(times: list[float]) -> dict[str, Any]:
    ms = [t * 1000.0 for t in times]
    if not ms:
        return {"decisions": 0, "p50_ms": 0.0, "p95_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    return {
        "decisions": len(ms),
        "p50_ms": round(percentile(ms, 50), 4),
        "p95_ms": round(percentile(ms, 95), 4),
        "p99_ms": round(percentile(ms, 99), 4),
        "max_ms": round(max(ms), 4),
        "mean_ms": round(sum(ms) / len(ms), 4),
    }


def timed(bot: Any, times: list[float]) -> None:
    """Make ``bot.choose`` record its thread's CPU seconds in ``times`` (on whichever thread
    the controller runs it)."""
    choose = bot.choose

    def clocked(view: Any, legal: Any, rng: Any) -> Any:
        t0 = time.thread_time()
        try:
            return choose(view, legal, rng)
        finally:
            times.append(time.thread_time() - t0)

    bot.choose = clocked


def play(
    spec: GameSpec[Any, Any, Any], variant: str, level: str, players: int, seed: int
) -> list[float]:
    """One game with ``level`` in every seat, through the game's controller; the decision times."""
    times: list[float] = []
    ctl = spec.new_controller(variant, [level] * players, seed)
    try:
        for bot in ctl.bots.values():
            timed(bot, times)
        steps = 0
        while not ctl.is_over and steps < MAX_STEPS:
            ctl.step(wait=True)
            steps += 1
    finally:
        ctl.close()
    return times


def bench(
    spec: GameSpec[Any, Any, Any],
    variant: str,
    levels: list[str],
    games: int,
    seat_counts: list[int],
    seed: int,
) -> dict[str, Any]:
    """Play the games and return the decision-time statistics keyed by level."""
    out: dict[str, Any] = {}
    for level in levels:
        every: list[float] = []
        by_players: dict[str, Any] = {}
        start = time.process_time()
        for players in seat_counts:
            times: list[float] = []
            for k in range(games):
                times.extend(play(spec, variant, level, players, seed + k))
            by_players[str(players)] = {"games": games, **_stats(times)}
            print(
                f"  {spec.id} {level} {players}p: {games} games, {len(times)} decisions",
                file=sys.stderr,
                flush=True,
            )
            every.extend(times)
        out[level] = {
            "games": games * len(seat_counts),
            **_stats(every),
            "cpu_seconds": round(time.process_time() - start, 3),
            "by_players": by_players,
        }
    return out


def report(spec: GameSpec[Any, Any, Any], variant: str, stats: dict[str, Any], seed: int) -> str:
    """The human-readable lines (the JSON summary follows them)."""
    lines = [
        f"{spec.id} ({variant}): decision CPU time per move in self-play, seed {seed}",
        f"  {'level':<8} {'seats':>5} {'games':>6} {'decisions':>10} "
        f"{'p50 ms':>9} {'p95 ms':>9} {'p99 ms':>9} {'max ms':>9}",
    ]
    for level, s in stats.items():
        rows = [(str(p), b) for p, b in s["by_players"].items()] + [("all", s)]
        for seats, row in rows:
            lines.append(
                f"  {level:<8} {seats:>5} {row['games']:>6} {row['decisions']:>10} "
                f"{row['p50_ms']:>9.3f} {row['p95_ms']:>9.3f} {row['p99_ms']:>9.3f} "
                f"{row['max_ms']:>9.3f}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    stats = bench(args.game, args.variant, args.levels, args.games, args.players, args.seed)
    print(report(args.game, args.variant, stats, args.seed))
    print(json.dumps({"game": args.game.id, "variant": args.variant, **stats}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

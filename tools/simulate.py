"""Benchmark a game's rules engine with random games (or, for the Labors, the solver's).

    python tools/simulate.py --games 300 --players 4 --mode standard --seed 1 [--game ID]
    python tools/simulate.py --game labors --games 200 --difficulty hero --player solver --seed 1

Plays ``--games`` games of a registered game (default: hercules, the MEBO board game; its
modes: standard, simplified, solo, with the hero and Hades, and pnp, the print-and-play
variant) on one core, each move chosen uniformly among the legal actions by one
``random.Random(seed)`` instance (game ``i`` is set up with seed ``seed + i``), through the
game's rules object as the controller sees it. Prints games and actions per CPU-second
(``time.process_time``: the machine's other work is not counted; only the playing is timed:
set-up and moves, not imports or scoring), the mean actions per game and of
each kind, and whatever statistics the game offers its tools (for the MEBO game: rounds, end
conditions, tie-breaks, winners' VP, VP per scoring category). The last line is one JSON
object.

The Labors solo game (``--game labors``) takes ``--difficulty`` (mortal, hero, god; ``--mode``
is the same option) and ``--player`` (``random``, as above, or one of its bots: ``solver``,
which then decides every step that is not a chance step; its thinking is timed too). It
reports the win rate with its 95 % Wilson interval, the mean trials beaten and where the runs
ended. Its engine, bots and statistics are used directly if the box has not registered the
game (its spec is optional for this tool).

*The Later Years* (``--game later_years``, 2-5 players, default 5) is played the same way as
the MEBO game and reports rounds, what decided first place, points per scoring part, chains
made, and the coins and cards the seats end with.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import Any

from cli_args import game_spec, positive, whole_number

from hercules.app.registry import GameSpec
from hercules.games.labors.engine import DIFFICULTIES

MAX_ACTIONS = 100_000  # a random game that runs longer than this is an engine bug
LABORS = "labors"
RANDOM = "random"


def game_choice(text: str) -> GameSpec:
    """``--game``: a game of the box."""
    spec: GameSpec = game_spec(text)
    return spec


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="simulate.py",
        description="Play random legal games of a game of the box and report engine throughput.",
    )
    parser.add_argument("--games", type=positive, default=100, help="games to play (100)")
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="seats (default: the most the mode takes; MEBO: 4, solo always 2)",
    )
    parser.add_argument(
        "--mode",
        default=None,
        help="the game's variant (MEBO: standard, simplified, solo or pnp; default the first)",
    )
    parser.add_argument("--seed", type=whole_number, default=0, help="seed of the first game (0)")
    parser.add_argument(
        "--game",
        type=game_choice,
        default="hercules",
        help="the game of the box, by id (default: hercules, the MEBO board game; or labors, "
        "later_years)",
    )
    parser.add_argument(
        "--difficulty",
        default=None,
        help="labors only: mortal, hero or god (default hero; --mode is the same)",
    )
    parser.add_argument(
        "--player",
        default=RANDOM,
        help="who plays: random (default), or for labors a bot level (solver)",
    )
    args = parser.parse_args(argv)
    spec: GameSpec = args.game
    if spec.id == LABORS:
        return labors_args(parser, args, spec)
    if args.difficulty is not None:
        parser.error("--difficulty is an option of --game labors")
    if args.player != RANDOM:
        parser.error(f"--player {args.player}: only random plays --game {spec.id}")
    if args.mode is None:
        args.mode = spec.variants[0]
    if args.mode not in spec.variants:
        parser.error(f"--mode must be one of {', '.join(spec.variants)}, not {args.mode!r}")
    lo, hi = spec.players
    counts = [args.players] if args.players is not None else list(range(hi, lo - 1, -1))
    problem = ""
    for n in counts:
        try:
            args.config = config_json(spec, args.mode, n)
        except ValueError as exc:
            problem = str(exc)
            continue
        args.players = n
        return args
    parser.error(f"--mode {args.mode} with --players {args.players}: {problem}")
    raise AssertionError("unreachable")


def labors_args(
    parser: argparse.ArgumentParser, args: argparse.Namespace, spec: GameSpec
) -> argparse.Namespace:
    """The Labors game's options: one player, a difficulty, random or a bot."""
    if args.difficulty is not None and args.mode is not None and args.difficulty != args.mode:
        parser.error("--difficulty and --mode name the same thing: give one")
    difficulty = args.difficulty or args.mode or DIFFICULTIES[0]
    if difficulty not in DIFFICULTIES:
        parser.error(f"--difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    if args.players not in (None, 1):
        parser.error(f"--players {args.players}: the Labors game has one player")
    levels = (RANDOM, *spec.bot_levels)
    if args.player not in levels:
        parser.error(f"--player must be one of {', '.join(dict.fromkeys(levels))}")
    args.mode = args.difficulty = difficulty
    args.players = 1
    args.config = {"difficulty": difficulty, "start": 1}
    return args


def config_json(spec: GameSpec, variant: str, players: int) -> Any:
    """The rules configuration of a game of ``variant`` for ``players`` seats (or ValueError)."""
    controller = spec.new_controller(variant, ["human"] * players, 0)
    return spec.rules.config_to_json(controller.state)


def simulate(
    spec: GameSpec, games: int, config: Any, seed: int, player: str = RANDOM
) -> dict[str, Any]:
    """Play the games and return the statistics (the JSON summary).

    ``player`` ``random`` picks every action uniformly; a bot level has that bot decide every
    step with more than one legal action (one new bot per game, one generator for all).
    """
    rules = spec.rules
    chooser = random.Random(seed)
    finals = []
    actions = 0
    kinds: Counter[str] = Counter()
    start = time.process_time()
    for i in range(games):
        state = rules.new_game(config, seed + i)
        bot = None if player == RANDOM else spec.make_bot(player)
        for _ in range(MAX_ACTIONS):
            if rules.is_terminal(state):
                break
            legal = rules.legal_actions(state)
            if bot is None:
                action = chooser.choice(legal)
            elif len(legal) == 1:
                action = legal[0]
            else:
                # A bot sees its own seat's view, never the state (as in the controller).
                action = bot.choose(rules.view(state, rules.actor(state)), legal, chooser)
                if action not in legal:
                    raise RuntimeError(f"game {i}: the {player} bot chose an illegal {action}")
            kinds[action.kind] += 1
            state, _ = rules.apply(state, action)
            actions += 1
        else:
            raise RuntimeError(f"game {i} (seed {seed + i}) did not end")
        finals.append(state)
    elapsed = max(time.process_time() - start, 1e-9)
    stats: dict[str, Any] = {
        "game": spec.id,
        "games": games,
        "seconds": round(elapsed, 4),
        "games_per_second": round(games / elapsed, 2),
        "actions_per_second": round(actions / elapsed, 1),
        "mean_actions": round(actions / games, 2),
        "mean_actions_by_kind": {k: round(v / games, 2) for k, v in sorted(kinds.items())},
    }
    statistics = spec.tool_entry("statistics")
    if statistics is not None:
        stats.update(statistics(finals))
    return stats


def report(spec: GameSpec, stats: dict[str, Any]) -> str:
    """The human-readable lines (the JSON summary follows them)."""
    players = stats["players"]
    lines = [
        f"{stats['games']} {stats.get('player', RANDOM)} {stats['mode']} games, "
        f"{players} player{'' if players == 1 else 's'}, seed {stats['seed']}",
        f"  games per second   {stats['games_per_second']:>12,.2f}",
        f"  actions per second {stats['actions_per_second']:>12,.1f}",
        f"  mean actions/game  {stats['mean_actions']:>12.2f}",
    ]
    report_lines = spec.tool_entry("report")
    if report_lines is not None:
        lines.extend(report_lines(stats))
    lines.append(
        "  actions per game: "
        + ", ".join(f"{k} {v:.1f}" for k, v in stats["mean_actions_by_kind"].items())
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    stats = simulate(args.game, args.games, args.config, args.seed, args.player)
    stats.update(players=args.players, mode=args.mode, seed=args.seed)
    if args.game.id == LABORS:
        stats.update(difficulty=args.difficulty, player=args.player)
    print(report(args.game, stats))
    print(json.dumps(stats, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

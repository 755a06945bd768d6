"""Benchmark the MEBO Master bot's thinking: CPU time per decision, on one core.

    python tools/master_bench.py [--games 3] [--players 2,4] [--seed 1] [--mode standard]

At each seat count of ``--players`` plays ``--games`` seeded games (game ``k`` uses seed
``S + k``) of the Master bot against Hard bots (Master in seat ``k % players``), each bot
handed its seat's view as the controller hands it, and times every Master decision with
``time.process_time`` (CPU time of this process: the figure does not grow when other work
shares the machine, as wall time does). Prints p50, p95 and max in milliseconds over every
decision and over the searched ones (a turn's choice with two options or more: the others are
Hard's quick answers or the rest of a plan already chosen), with the worlds and simulated
actions per search. The last line is one JSON object. A benchmark only: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from cli_args import positive, whole_number

from hercules.games._kit.figures import percentile, seat_rng
from hercules.games.mebo.ai import MasterBot, make_bot
from hercules.games.mebo.engine import MODES
from hercules.games.mebo.engine.adapter import RULES


def _counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give seat counts like 2,4") from None
    if not counts or any(not 2 <= n <= 4 for n in counts):
        raise argparse.ArgumentTypeError(f"{text!r}: seat counts are 2 to 4")
    return counts


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="master_bench.py", description="CPU time per decision of the MEBO Master bot."
    )
    parser.add_argument("--games", type=positive, default=3, help="games per seat count (3)")
    parser.add_argument("--players", type=_counts, default=[2, 4], help="seat counts (2,4)")
    parser.add_argument("--seed", type=whole_number, default=1, help="seed of game 0 (1)")
    parser.add_argument(
        "--mode", default="standard", choices=[m for m in MODES if m != "solo"], help="rules"
    )
    return parser.parse_args(argv)


def play(players: int, mode: str, seed: int, master_seat: int) -> dict[str, list[float]]:
    """One game of Master against Hard bots: Master's decision times (seconds) and its
    searches' worlds and simulated actions."""
    state = RULES.new_game({"players": players, "mode": mode}, seed)
    bots: list[Any] = [make_bot("hard") for _ in range(players)]
    master = MasterBot()
    bots[master_seat] = master
    rngs = [seat_rng(seed, seat) for seat in range(players)]
    out: dict[str, list[float]] = {"all": [], "searched": [], "worlds": [], "actions": []}
    while not RULES.is_terminal(state):
        legal = RULES.legal_actions(state)
        seat = RULES.actor(state)
        if seat < 0:
            action = legal[0]
        else:
            view = RULES.view(state, seat)
            if seat == master_seat:
                master.last_search = {}
                start = time.process_time()
                action = master.choose(view, legal, rngs[seat])
                spent = time.process_time() - start
                out["all"].append(spent)
                if master.last_search.get("worlds"):
                    out["searched"].append(spent)
                    out["worlds"].append(master.last_search["worlds"])
                    out["actions"].append(master.last_search["actions"])
            else:
                action = bots[seat].choose(view, legal, rngs[seat])
        state, _ = RULES.apply(state, action)
    return out


def figures(times: list[float]) -> dict[str, float]:
    """p50, p95 and max of ``times`` (seconds) in milliseconds."""
    if not times:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0, "n": 0}
    ms = [t * 1000 for t in times]
    return {
        "p50": round(percentile(ms, 50), 1),
        "p95": round(percentile(ms, 95), 1),
        "max": round(max(ms), 1),
        "n": len(ms),
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    report: dict[str, Any] = {"mode": args.mode, "games": args.games, "seed": args.seed}
    for players in args.players:
        merged: dict[str, list[float]] = {"all": [], "searched": [], "worlds": [], "actions": []}
        for k in range(args.games):
            found = play(players, args.mode, args.seed + k, k % players)
            for key, values in found.items():
                merged[key].extend(values)
        every, searched = figures(merged["all"]), figures(merged["searched"])
        worlds = merged["worlds"]
        acts = merged["actions"]
        line = {
            "all_ms": every,
            "searched_ms": searched,
            "mean_worlds": round(sum(worlds) / len(worlds), 1) if worlds else 0.0,
            "mean_simulated_actions": round(sum(acts) / len(acts)) if acts else 0,
        }
        report[f"{players}p"] = line
        print(
            f"{players}p master vs hard, {args.games} game(s), CPU ms per decision: "
            f"all p50 {every['p50']} p95 {every['p95']} max {every['max']} ({every['n']}); "
            f"searched p50 {searched['p50']} p95 {searched['p95']} max {searched['max']} "
            f"({searched['n']}, {line['mean_worlds']} worlds, "
            f"{line['mean_simulated_actions']} actions each)",
            flush=True,
        )
    print(json.dumps(report, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

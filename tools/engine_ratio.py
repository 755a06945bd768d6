"""Our engines' random play against Catanatron's, alternated in one run: actions per CPU-second.

    python tools/engine_ratio.py [--rounds 5] [--seconds 1.0] [--catan-python PATH]
                                 [--only mebo-4p,later_years] [--seed 1]

For every game of the box (the MEBO board game at 2 and 4 seats, The Later Years at 5, the
Labors at its default difficulty, The Labours of Hercules at 4), each round plays random
games of ours for ``--seconds`` of CPU time, then Catanatron's random players for as long,
and so on in turn (A B A B: a comparison holds while the machine's speed drifts). A random
game picks every action uniformly among the legal ones, set-up included, as
``tools/simulate.py`` plays it; Catanatron plays ``Game([RandomPlayer ...]).play()`` with
as many seats as ours where it can (2-4), else 4, and counts ``state.action_records``. Time
is CPU time (``time.process_time``), each side measured in its own process, so neither pays
for the other.

Catanatron runs in a worker subprocess: ``--catan-python`` (default ``$CATANATRON_PYTHON``),
a Python whose environment has Catanatron installed (it is not a dependency of the box);
without one, this Python if its environment has Catanatron. The figures quoted in the issue
are against its public repository at commit 41ba0db (its pyproject says 3.3.0; PyPI's newest
release is older), installed in a venv of its own::

    python3 -m venv /tmp/catan && /tmp/catan/bin/pip install ./catanatron-41ba0db

Also measured, our engines only: how an action's cost changes over a game, the CPU time per
action in the last third of each game over that in the first third (every game is played
once untimed to learn its length, then again, identically, with the clock read at the two
cuts). ``1.0`` is flat.

Prints one line per game: the ratio ours / Catanatron and the thirds as min / median / max
over the rounds, and ours in actions per CPU-second; the last line is one JSON object. A
benchmark only: it asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

from cli_args import positive, whole_number
from simulate import config_json

from hercules.app.registry import get_game

MAX_ACTIONS = 100_000  # a random game longer than this is an engine bug
CATAN_SEATS = (2, 3, 4)  # the seat counts Catanatron plays
CATAN_DEFAULT_SEATS = 4

#: The worker that plays Catanatron's random games: one JSON request a line on stdin
#: ({"seconds", "seats", "seed"}), one JSON answer a line ({"actions", "cpu", "games"}).
CATAN_WORKER = r"""
import json, sys, time
from catanatron import Color, Game, RandomPlayer
COLORS = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
for line in sys.stdin:
    req = json.loads(line)
    actions = games = 0
    seed = req["seed"]
    start = time.process_time()
    while True:
        game = Game([RandomPlayer(c) for c in COLORS[: req["seats"]]], seed=seed + games)
        game.play()
        actions += len(game.state.action_records)
        games += 1
        cpu = time.process_time() - start
        if cpu >= req["seconds"]:
            break
    print(json.dumps({"actions": actions, "cpu": cpu, "games": games}), flush=True)
"""


@dataclass(frozen=True)
class Table:
    """One of our games to measure: the box's game id, its variant and seats."""

    name: str
    game: str
    variant: str | None
    seats: int

    @property
    def catan_seats(self) -> int:
        """The seats Catanatron plays against it."""
        return self.seats if self.seats in CATAN_SEATS else CATAN_DEFAULT_SEATS


TABLES = (
    Table("mebo-2p", "hercules", "standard", 2),
    Table("mebo-4p", "hercules", "standard", 4),
    Table("later_years", "later_years", None, 5),
    Table("labors", "labors", None, 1),
    Table("companions-4p", "companions", "standard", 4),
)


def table_config(table: Table) -> tuple[Any, Any]:
    """The game's rules object and the configuration document of ``table``."""
    spec = get_game(table.game)
    if table.game == "labors":
        return spec.rules, {"difficulty": spec.variants[0], "start": 1}
    return spec.rules, config_json(spec, table.variant or spec.variants[0], table.seats)


def random_game(rules: Any, config: Any, seed: int, cuts: tuple[int, ...] = ()) -> list[float]:
    """Play one random game (chooser seeded by ``seed``): the CPU clock read at the start,
    after each action count in ``cuts`` and at the end."""
    chooser = random.Random(seed)
    clock = time.process_time
    marks = [clock()]
    state = rules.new_game(config, seed)
    pending = list(cuts)
    for done in range(MAX_ACTIONS):
        if pending and done == pending[0]:
            marks.append(clock())
            pending.pop(0)
        if rules.is_terminal(state):
            marks.append(clock())
            marks.append(float(done))  # the game's length, last
            return marks
        state, _ = rules.apply(state, chooser.choice(rules.legal_actions(state)))
    raise RuntimeError(f"{rules.name} seed {seed} did not end")


def ours(rules: Any, config: Any, seconds: float, seed: int) -> tuple[int, float, int]:
    """Random games for ``seconds`` of CPU time: (actions, CPU seconds, games)."""
    actions = games = 0
    cpu = 0.0
    while cpu < seconds:
        marks = random_game(rules, config, seed + games)
        cpu += marks[-2] - marks[0]
        actions += int(marks[-1])
        games += 1
    return actions, cpu, games


def thirds(rules: Any, config: Any, seconds: float, seed: int) -> float:
    """CPU per action in the last third of the games over that in the first third."""
    first = last = 0.0
    first_n = last_n = 0
    spent = 0.0
    g = 0
    while spent < seconds:
        length = int(random_game(rules, config, seed + g)[-1])
        a, b = length // 3, length - length // 3
        if a == 0:
            g += 1
            continue
        start, cut1, _cut2, end, _ = random_game(rules, config, seed + g, (a, b))
        first += cut1 - start
        last += end - _cut2
        first_n += a
        last_n += length - b
        spent += end - start
        g += 1
    return (last / last_n) / (first / first_n)


class Catan:
    """Catanatron's random games, played by a worker process (see :data:`CATAN_WORKER`)."""

    def __init__(self, python: str | None) -> None:
        if not python and importlib.util.find_spec("catanatron") is not None:
            python = sys.executable  # this environment has it: a worker of our own Python
        if not python:
            raise SystemExit(
                "no Catanatron: give --catan-python (or $CATANATRON_PYTHON), a Python with "
                "catanatron installed"
            )
        # Its own process: its CPU time is its own, and its imports never meet ours.
        self.proc = subprocess.Popen(
            [python, "-c", CATAN_WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def play(self, seats: int, seconds: float, seed: int) -> dict[str, Any]:
        """Random games for ``seconds`` of the worker's CPU: actions, cpu, games."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"seats": seats, "seconds": seconds, "seed": seed}))
        self.proc.stdin.write("\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("the Catanatron worker stopped (is catanatron installed there?)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        """End the worker."""
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def spread(values: list[float], digits: int = 3) -> dict[str, float]:
    """min / median / max, rounded."""
    return {
        "min": round(min(values), digits),
        "median": round(statistics.median(values), digits),
        "max": round(max(values), digits),
    }


def _tables(text: str) -> list[Table]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    known = {t.name: t for t in TABLES}
    bad = [n for n in names if n not in known]
    if bad or not names:
        raise argparse.ArgumentTypeError(f"{text!r}: choose among {', '.join(known)}")
    return [known[n] for n in dict.fromkeys(names)]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="engine_ratio.py",
        description="Our engines' random play against Catanatron's, actions per CPU-second.",
    )
    parser.add_argument("--rounds", type=positive, default=5, help="alternated rounds (5)")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="CPU seconds per side and round (1.0)"
    )
    parser.add_argument(
        "--catan-python",
        default=os.environ.get("CATANATRON_PYTHON"),
        help="a Python with catanatron installed (default $CATANATRON_PYTHON)",
    )
    parser.add_argument(
        "--only",
        type=_tables,
        default=list(TABLES),
        help="comma-separated: " + ", ".join(t.name for t in TABLES),
    )
    parser.add_argument("--seed", type=whole_number, default=1, help="first game's seed (1)")
    parser.add_argument(
        "--no-thirds", action="store_true", help="skip the first/last third measure"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    catan = Catan(args.catan_python)
    setups = {t.name: table_config(t) for t in args.only}
    ratios: dict[str, list[float]] = {t.name: [] for t in args.only}
    ours_aps: dict[str, list[float]] = {t.name: [] for t in args.only}
    catan_aps: dict[str, list[float]] = {t.name: [] for t in args.only}
    growth: dict[str, list[float]] = {t.name: [] for t in args.only}
    try:
        for r in range(args.rounds):
            seed = args.seed + 1000 * r
            for t in args.only:
                rules, config = setups[t.name]
                actions, cpu, _ = ours(rules, config, args.seconds, seed)
                theirs = catan.play(t.catan_seats, args.seconds, seed)
                a, b = actions / cpu, theirs["actions"] / theirs["cpu"]
                ours_aps[t.name].append(a)
                catan_aps[t.name].append(b)
                ratios[t.name].append(a / b)
                if not args.no_thirds:
                    growth[t.name].append(thirds(rules, config, args.seconds / 2, seed))
    finally:
        catan.close()
    doc: dict[str, Any] = {"rounds": args.rounds, "seconds": args.seconds, "tables": {}}
    for t in args.only:
        entry = {
            "ratio": spread(ratios[t.name]),
            "ours_actions_per_cpu_s": spread(ours_aps[t.name], 0),
            "catanatron_actions_per_cpu_s": spread(catan_aps[t.name], 0),
            "catanatron_seats": t.catan_seats,
        }
        if growth[t.name]:
            entry["last_over_first_third"] = spread(growth[t.name])
        doc["tables"][t.name] = entry
        line = (
            f"{t.name:<12} ours/Catanatron {entry['ratio']['min']:.2f} / "
            f"{entry['ratio']['median']:.2f} / {entry['ratio']['max']:.2f}"
            f"  ours {entry['ours_actions_per_cpu_s']['median']:,.0f} actions/CPU-s"
            f"  Catanatron {t.catan_seats}p {entry['catanatron_actions_per_cpu_s']['median']:,.0f}"
        )
        if growth[t.name]:
            g = entry["last_over_first_third"]
            line += f"  last/first third {g['min']:.3f} / {g['median']:.3f} / {g['max']:.3f}"
        print(line, flush=True)
    print(json.dumps(doc, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

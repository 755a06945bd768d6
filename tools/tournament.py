"""Bot-versus-bot tournament: seeded games across processes, win rates with confidence intervals.

    python tools/tournament.py --bots hard,normal --games 200 --players 2 --mode standard \
        --seed 1 [--jobs J] [--csv FILE]
    python tools/tournament.py --game later_years --bots hard,normal,hard,normal --games 200 \
        --players 3 --seed 1

Game ``k`` (0-based) is set up with seed ``S + k``. The bot list is cycled to fill the seats
(``--bots hard,normal --players 4`` seats hard, normal, hard, normal) and game ``k`` shifts that
line-up by ``k`` places, so seat ``s`` plays ``lineup[(s + k) % L]`` (``L`` = the longer of the
seat count and the bot list): over every ``L`` games each bot sits in each seat equally often.
A seat the variant plays itself (a game's automaton: MEBO's solo Hades) takes no bot and is
reported under the name its game gives it; the bots fill the other seats (MEBO's solo: the one
bot given is the hero, seat 0, against Hades, seat 1, reported as ``hades``).

Games run in ``--jobs`` processes (default: one per CPU); each game builds fresh bots and seeds
each seat's generator from the game seed, so the results are identical for any ``--jobs``.
A progress bar goes to stderr. Per bot kind (seats with the same bot aggregated) the report
gives seats played, win rate (mean win share per seat: 1/k for a k-way shared first place)
with a 95% Wilson interval, mean VP and mean place; then mean rounds, wall time, and
decision-time p50/p95/max per bot kind. The last line is one JSON object; only its
``seconds``, ``mean_game_seconds``, ``jobs`` and ``decision_ms`` entries depend on the machine.
``--csv FILE`` writes one row per game and seat.

Each bot kind's ``game_share`` is the share of all games its seats won (shared first places
split), with a 95% Wilson interval: with a line-up that gives two bots equal seats over a
rotation (``--bots A,B,A,B`` at 3 players: tables of two A and one B, then one A and two B)
it is 50% for bots of equal strength, and it is what "A beats B x% of the time" means here.

Every game is played through the registry: its rules object, its bots (``make_bot``) and its
``outcome`` tool hook (points, places, winners, tie-break, end conditions and rounds of a
finished game); a game without that hook cannot be used here. A game's ``tournament`` tool
hook, ``tournament(mode, players, bots) -> dict``, may add its own options: ``players`` (the
seats when ``--players`` is not given; else its fewest), ``problem`` (why these seats and bots
cannot be played), ``end_conditions`` and ``tiebreaks`` (listed even when none happened) and
``automata`` (seat -> recorded name: the seats the variant plays itself). ``--game
later_years`` plays *The Later Years* (2-5 players; default 3).
"""

from __future__ import annotations

import argparse
import csv
import json
import multiprocessing
import os
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from typing import Any

from cli_args import add_processes_option, game_spec, positive, whole_number

from hercules.app.registry import DEFAULT_GAME, games
from hercules.games._kit.figures import percentile, seat_rng, wilson_interval

#: A game still running after this many actions is stuck (a bot that never progresses).
MAX_ACTIONS = 100_000
CSV_FIELDS = (
    "game",
    "seed",
    "players",
    "mode",
    "seat",
    "bot",
    "vp",
    "place",
    "win_share",
    "rounds",
    "actions",
    "decisions",
    "ended_by",
    "tiebreak",
    "decision_ms_p50",
    "decision_ms_max",
    "game_seconds",
)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """How one seat did in one game."""

    seat: int
    bot: str  #: the bot's level, or the name its game gives an automaton's seat
    vp: int  #: total points
    place: int  #: 1 = first; tied seats share a place
    win_share: float  #: 1/k if this seat is one of k seats in first place, else 0
    decision_times: tuple[float, ...]  #: seconds in ``choose`` per decision (none: automaton)

    @property
    def decisions(self) -> int:
        """How many decisions this seat's bot made."""
        return len(self.decision_times)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game: the set-up, every seat's result, and how the game went."""

    players: int
    mode: str
    seed: int
    bot_seed: int
    seats: tuple[SeatRecord, ...]
    rounds: int
    actions: int  #: every action applied, automatic steps included
    ended_by: tuple[str, ...]
    winners: tuple[int, ...]
    tiebreak: str  #: what decided first place ("" = the totals)
    seconds: float

    @property
    def bots(self) -> tuple[str, ...]:
        """The bot name of each seat, in seat order."""
        return tuple(s.bot for s in self.seats)


# --- options ---------------------------------------------------------------------------------


def _bots(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not names or any(not name for name in names):
        raise argparse.ArgumentTypeError(f"{text!r}: give bot levels separated by commas")
    return names


def _game(text: str) -> Any:
    """``--game``: a registered game whose tools offer the ``outcome`` hook."""
    spec = game_spec(text)
    if "outcome" not in spec.tools:
        able = ", ".join(g.id for g in games() if "outcome" in g.tools)
        raise argparse.ArgumentTypeError(
            f"{spec.id!r} cannot be used here: it offers the tools no 'outcome' hook "
            f"(this tool plays {able or 'no game of this box'})"
        )
    return spec


def options(spec: Any, mode: str, players: int | None, bots: int) -> dict[str, Any]:
    """A game's own tournament options (its ``tournament`` tool hook), with the defaults."""
    hook = spec.tool_entry("tournament")
    found = dict(hook(mode, players, bots)) if hook is not None else {}
    return {
        "players": found.get("players", spec.players[0]),
        "problem": found.get("problem", ""),
        "end_conditions": tuple(found.get("end_conditions", ())),
        "tiebreaks": tuple(found.get("tiebreaks", ("",))),
        "automata": {int(k): str(v) for k, v in found.get("automata", {}).items()},
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="tournament.py",
        description="Play seeded bot-versus-bot games of Hercules and compare the bots.",
    )
    parser.add_argument(
        "--bots",
        type=_bots,
        required=True,
        help="bot levels, comma-separated (random, easy, normal, hard; hercules also master); "
        "cycled to fill the seats",
    )
    parser.add_argument("--games", type=positive, default=100, help="games to play (100)")
    parser.add_argument(
        "--players",
        type=whole_number,
        default=None,
        help="seats, within the game's (default: what its tournament hook says, else its fewest)",
    )
    parser.add_argument(
        "--mode",
        default=None,
        help="rules: one of the game's variants (default its first; hercules: standard, "
        "simplified, solo or pnp)",
    )
    parser.add_argument(
        "--seed", type=whole_number, default=0, help="seed of game 0; game k uses S+k"
    )
    add_processes_option(parser, "--jobs")
    parser.add_argument("--csv", metavar="FILE", help="write one row per game and seat")
    parser.add_argument(
        "--game",
        type=_game,
        default=DEFAULT_GAME,
        help=f"the game, by id (default {DEFAULT_GAME}); one whose tools offer 'outcome'",
    )
    args = parser.parse_args(argv)
    spec = args.game
    args.game = spec.id
    for name in args.bots:
        try:
            spec.make_bot(name)
        except ValueError as exc:
            parser.error(f"argument --bots: {exc}")
    if args.mode is None:
        args.mode = spec.variants[0]
    if args.mode not in spec.variants:
        parser.error(f"--mode must be one of {', '.join(spec.variants)}, not {args.mode!r}")
    own = options(spec, args.mode, args.players, len(args.bots))
    if own["problem"]:
        parser.error(own["problem"])
    if args.players is None:
        args.players = own["players"]
    lo, hi = spec.players
    if not lo <= args.players <= hi:
        parser.error(f"--players must be {lo}-{hi} for {spec.id}, not {args.players}")
    args.options = own
    args.config = config_json(spec, args.mode, args.players)
    if args.csv is not None:
        folder = os.path.dirname(os.path.abspath(args.csv))
        if not os.path.isdir(folder) or os.path.isdir(args.csv):
            parser.error(f"--csv {args.csv}: cannot write a file there")
    return args


# --- playing ---------------------------------------------------------------------------------


def seating(bots: list[str], players: int, game: int) -> list[str]:
    """The bot level of each hero seat in game ``game`` (0-based), rotated as the module says."""
    length = max(players, len(bots))
    lineup = [bots[i % len(bots)] for i in range(length)]
    return [lineup[(seat + game) % length] for seat in range(players)]


def config_json(spec: Any, variant: str, players: int) -> Any:
    """The rules configuration of a game of ``variant`` for ``players`` seats."""
    controller = spec.new_controller(variant, ["human"] * players, 0)
    return spec.rules.config_to_json(controller.state)


#: (index, seed, players, mode, bot levels of the bots' seats, game id, config, automata)
Task = tuple[int, int, int, str, tuple[str, ...], str, Any, dict[int, str]]


def play_one(task: Task) -> tuple[int, GameRecord]:
    """Play game ``index`` of the tournament with fresh bots (runs in a worker process)."""
    index, seed, players, mode, levels, game, config, automata = task
    try:
        return index, play_spec_game(game_spec(game), config, mode, levels, seed, automata)
    except Exception:
        # A plain message with the worker's traceback: always crosses the process boundary.
        raise RuntimeError(
            f"game {index} (seed {seed}, seats {', '.join(levels)}) failed:\n"
            + traceback.format_exc()
        ) from None


def play_spec_game(
    spec: Any,
    config: Any,
    mode: str,
    levels: tuple[str, ...],
    seed: int,
    automata: dict[int, str] | None = None,
) -> GameRecord:
    """Play one game through a game's spec: its rules object, its bots and its ``outcome``
    tool hook. Chance steps (no seat acts) take the only legal action; every seat's decision
    goes to its bot, handed its seat's view (``rules.view``, as the controller does), the
    real state's legal actions and its own generator (``seat_rng(seed, seat)``). The seats of
    ``automata`` (seat -> the name recorded) take no bot (the variant plays them: their steps
    have no actor); ``levels`` fill the others in order. A bot's illegal action stops the
    game."""
    rules = spec.rules
    outcome = spec.tool_entry("outcome")
    if outcome is None:
        raise RuntimeError(f"game {spec.id!r} offers the tools no 'outcome' hook")
    clock = time.perf_counter
    start = clock()
    state = rules.new_game(config, seed)
    automata = automata or {}
    queue = iter(levels)
    lineup = [automata.get(s) or next(queue) for s in range(len(levels) + len(automata))]
    levels = tuple(lineup)
    bots = [None if s in automata else spec.make_bot(level) for s, level in enumerate(levels)]
    rngs = [seat_rng(seed, seat) for seat in range(len(bots))]
    times: list[list[float]] = [[] for _ in bots]
    actions = 0
    while not rules.is_terminal(state):
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"game with seed {seed} did not end within {MAX_ACTIONS} actions")
        legal = rules.legal_actions(state)
        seat = rules.actor(state)
        if seat < 0:
            action = legal[0]
        else:
            t0 = clock()
            action = bots[seat].choose(rules.view(state, seat), legal, rngs[seat])
            times[seat].append(clock() - t0)
            err = rules.validate(state, action, seat)
            if err is not None:
                raise RuntimeError(
                    f"bot {levels[seat]!r} (seat {seat}) chose an illegal action: {action}: {err}"
                )
        state, _ = rules.apply(state, action)
        actions += 1
    seconds = clock() - start
    out = outcome(state)
    winners = tuple(out["winners"])
    seats = tuple(
        SeatRecord(
            seat=seat,
            bot=level,
            vp=out["vp"][seat],
            place=out["places"][seat],
            win_share=1.0 / len(winners) if seat in winners else 0.0,
            decision_times=tuple(times[seat]),
        )
        for seat, level in enumerate(levels)
    )
    return GameRecord(
        players=len(levels),
        mode=mode,
        seed=seed,
        bot_seed=seed,
        seats=seats,
        rounds=out["rounds"],
        actions=actions,
        ended_by=tuple(out["ended_by"]),
        winners=winners,
        tiebreak=out["tiebreak"],
        seconds=seconds,
    )


class Progress:
    """A text progress bar on stderr (redrawn in place on a terminal, every 10% otherwise)."""

    WIDTH = 30

    def __init__(self, total: int, stream: Any = sys.stderr) -> None:
        self.total = total
        self.stream = stream
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.start = time.perf_counter()
        self.last_draw = 0.0
        self.last_tenth = -1

    def update(self, done: int) -> None:
        """Show ``done`` of ``total`` games finished."""
        now = time.perf_counter()
        finished = done >= self.total
        if self.tty:
            if not finished and now - self.last_draw < 0.1:
                return
        else:
            tenth = 10 * done // self.total
            if tenth == self.last_tenth:
                return
            self.last_tenth = tenth
        self.last_draw = now
        filled = self.WIDTH * done // self.total
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        line = f"[{bar}] {done}/{self.total} games  {now - self.start:6.1f} s"
        self.stream.write(("\r" + line + ("\n" if finished else "")) if self.tty else line + "\n")
        self.stream.flush()


def run_games(
    bots: list[str],
    games: int,
    players: int,
    mode: str,
    seed: int,
    jobs: int,
    game: str = DEFAULT_GAME,
    config: Any = None,
    automata: dict[int, str] | None = None,
) -> list[GameRecord]:
    """Play every game, ``jobs`` at a time, and return the records in game order (the bots
    rotate over the seats the variant does not play itself, ``automata``)."""
    automata = dict(automata or {})
    if config is None:
        config = config_json(game_spec(game), mode, players)
    heroes = players - len(automata)
    tasks: list[Task] = [
        (k, seed + k, players, mode, tuple(seating(bots, heroes, k)), game, config, automata)
        for k in range(games)
    ]
    records: list[GameRecord | None] = [None] * games
    progress = Progress(games)
    progress.update(0)
    jobs = min(jobs, games)
    if jobs == 1:
        for done, task in enumerate(tasks, start=1):
            index, record = play_one(task)
            records[index] = record
            progress.update(done)
    else:
        chunk = max(1, min(16, games // (jobs * 8)))
        with multiprocessing.Pool(processes=jobs) as pool:
            for done, (index, record) in enumerate(
                pool.imap_unordered(play_one, tasks, chunksize=chunk), start=1
            ):
                records[index] = record
                progress.update(done)
    return [r for r in records if r is not None]


# --- statistics ------------------------------------------------------------------------------


def _r(x: float, digits: int = 4) -> float:
    return round(x, digits)


def summarise(
    records: list[GameRecord], args: argparse.Namespace, seconds: float
) -> dict[str, Any]:
    """The JSON summary of a tournament (records in game order)."""
    kinds: dict[str, dict[str, Any]] = {}
    by_seat = Counter[int]()
    own = args.options
    ends = Counter(dict.fromkeys(own["end_conditions"], 0))
    # What decided first place: "" when the totals alone did, then the game's own criteria
    # (its hook lists them even when no game needed them; else the ones its games gave).
    decided = Counter(dict.fromkeys(own["tiebreaks"], 0))
    for rec in records:
        ends.update(rec.ended_by)
        decided[rec.tiebreak] += 1
        seen = set()
        for seat in rec.seats:
            k = kinds.setdefault(
                seat.bot,
                {"games": 0, "seats": 0, "wins": 0.0, "vp": 0, "place": 0, "times": []},
            )
            if seat.bot not in seen:
                seen.add(seat.bot)
                k["games"] += 1
            k["seats"] += 1
            k["wins"] += seat.win_share
            k["vp"] += seat.vp
            k["place"] += seat.place
            k["times"].extend(seat.decision_times)
            by_seat[seat.seat] += seat.win_share
    n = len(records)
    results = {}
    decision_ms = {}
    for name in sorted(kinds):
        k = kinds[name]
        lo, hi = wilson_interval(k["wins"], k["seats"])
        glo, ghi = wilson_interval(k["wins"], n)
        results[name] = {
            "game_share": _r(k["wins"] / n),
            "game_share_ci95": [_r(glo), _r(ghi)],
            "games": k["games"],
            "seats": k["seats"],
            "wins": _r(k["wins"]),
            "win_rate": _r(k["wins"] / k["seats"]),
            "ci95": [_r(lo), _r(hi)],
            "mean_vp": _r(k["vp"] / k["seats"], 2),
            "mean_place": _r(k["place"] / k["seats"], 3),
            "decisions": len(k["times"]),
        }
        if k["times"]:
            ms = [t * 1000.0 for t in k["times"]]
            decision_ms[name] = {
                "p50": _r(percentile(ms, 50), 4),
                "p95": _r(percentile(ms, 95), 4),
                "max": _r(max(ms), 4),
                "mean": _r(sum(ms) / len(ms), 4),
            }
    return {
        "game": args.game,
        "bots": list(args.bots),
        "games": n,
        "players": args.players,
        "mode": args.mode,
        "seed": args.seed,
        "jobs": args.jobs,
        "seating": [list(r.bots) for r in records[: max(args.players, len(args.bots))]],
        "results": results,
        "win_rate_by_seat": {str(s): _r(w / n) for s, w in sorted(by_seat.items())},
        "mean_rounds": _r(sum(r.rounds for r in records) / n, 2),
        "mean_actions": _r(sum(r.actions for r in records) / n, 2),
        "end_conditions": dict(ends),
        "tiebreaks": dict(decided),
        "decision_ms": decision_ms,
        "seconds": _r(seconds, 3),
        "mean_game_seconds": _r(sum(r.seconds for r in records) / n, 5),
    }


def report(stats: dict[str, Any]) -> str:
    """The human-readable lines (the JSON summary follows them)."""
    lines = [
        f"{stats['games']} {stats['game']} {stats['mode']} games, {stats['players']} players, "
        f"seed {stats['seed']}, bots {','.join(stats['bots'])}, {stats['jobs']} job(s)",
        f"  {'bot':<8} {'seats':>6} {'win rate':>9} {'95% CI':>17} {'mean VP':>8} {'place':>6}"
        f" {'games won':>10} {'95% CI':>17}",
    ]
    for name, r in stats["results"].items():
        lo, hi = r["ci95"]
        ci = f"[{100 * lo:5.1f}, {100 * hi:5.1f}]"
        glo, ghi = r["game_share_ci95"]
        gci = f"[{100 * glo:5.1f}, {100 * ghi:5.1f}]"
        lines.append(
            f"  {name:<8} {r['seats']:>6} {100 * r['win_rate']:>8.1f}% {ci:>17} "
            f"{r['mean_vp']:>8.2f} {r['mean_place']:>6.2f} {100 * r['game_share']:>9.1f}% {gci:>17}"
        )
    seats = ", ".join(f"{s}: {100 * w:.1f}%" for s, w in stats["win_rate_by_seat"].items())
    lines.append(f"  win rate by seat: {seats}")
    lines.append(
        f"  mean rounds {stats['mean_rounds']:.2f}, mean actions {stats['mean_actions']:.2f}, "
        f"wall time {stats['seconds']:.2f} s ({stats['mean_game_seconds']:.4f} s per game)"
    )
    ends = ", ".join(f"{k} {v}" for k, v in stats["end_conditions"].items())
    lines.append(f"  end conditions: {ends}")
    lines.append(f"  {'decision ms':<11} {'p50':>8} {'p95':>8} {'max':>8} {'decisions':>10}")
    for name, t in stats["decision_ms"].items():
        count = stats["results"][name]["decisions"]
        lines.append(f"  {name:<11} {t['p50']:>8.3f} {t['p95']:>8.3f} {t['max']:>8.3f} {count:>10}")
    return "\n".join(lines)


def write_csv(path: str, records: list[GameRecord]) -> None:
    """One row per game and seat, in game then seat order."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for index, rec in enumerate(records):
            for seat in rec.seats:
                ms = [t * 1000.0 for t in seat.decision_times]
                writer.writerow(
                    {
                        "game": index,
                        "seed": rec.seed,
                        "players": rec.players,
                        "mode": rec.mode,
                        "seat": seat.seat,
                        "bot": seat.bot,
                        "vp": seat.vp,
                        "place": seat.place,
                        "win_share": round(seat.win_share, 6),
                        "rounds": rec.rounds,
                        "actions": rec.actions,
                        "decisions": seat.decisions,
                        "ended_by": ";".join(rec.ended_by),
                        "tiebreak": rec.tiebreak,
                        "decision_ms_p50": round(percentile(ms, 50), 3) if ms else "",
                        "decision_ms_max": round(max(ms), 3) if ms else "",
                        "game_seconds": round(rec.seconds, 5),
                    }
                )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    start = time.perf_counter()
    try:
        records = run_games(
            args.bots,
            args.games,
            args.players,
            args.mode,
            args.seed,
            args.jobs,
            args.game,
            args.config,
            args.options["automata"],
        )
    except KeyboardInterrupt:
        print("\ntournament.py: interrupted", file=sys.stderr)
        return 130
    except RuntimeError as exc:
        print(f"\ntournament.py: error: {exc}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    stats = summarise(records, args, seconds)
    if args.csv:
        write_csv(args.csv, records)
    print(report(stats))
    print(json.dumps(stats, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

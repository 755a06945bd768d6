"""The fourth game's balance figures (issue 25): seeded bot games, played directly (the engine
and the bots, no registry), two worker processes by default.

    python tools/companions_balance.py [--games N] [--cells-games M] [--players 4,5,6,7]
        [--seed S] [--jobs J] [--out assets/games/companions/data/balance.json]

Game ``k`` of a cell uses seed ``S + k``; the deal is the rules' own, so the seats' roles
rotate with the seeds, and a cell that puts one bot apart puts it at seat ``k % players``.
Each bot's generator is ``seat_rng(seed, seat)``. Per player count it prints:

- **all Normal** (``--games`` games): Hercules' side's win rate with its Wilson 95% interval,
  the mean journeys, and the hardship variant's win rate (``--cells-games`` games);
- **Normal against Easy per side**: a seat plays Normal while loyal and Easy while a villain,
  or the reverse, and both sides Easy (``--cells-games`` each): Normal's gain on each side;
- **one random-legal seat**: one seat plays at random, the others Normal; per seat, how
  often that seat's side wins with the random bot there against with Normal there (from the
  all-Normal games);
- **belief**: the Brier score of the Normal bots' P(villain) for every other seat but
  Hercules, at each of their turns, against that of the prior from the public counts alone;
- **action rates** per side (Hercules left out: his side is public): swaps per swap choice,
  reveals per optional reveal, claims per claim choice, ups per ballot;
- **decision times** per level: p50, p99 and max milliseconds.

The last line printed is one JSON object with every figure. ``--out`` also writes the figures
the setup screen quotes (Hercules' side's all-Normal win rate per variant and player count,
with its interval and games) to a file, normally the package's ``data/balance.json``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import multiprocessing
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

# Fall back on the checkout only when no hercules is installed: an installed
# wheel carries the assets a bare source tree does not (hercules.assets).
if importlib.util.find_spec("hercules") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hercules.games._kit.figures import percentile, seat_rng, wilson_interval  # noqa: E402
from hercules.games.companions.ai.belief import prior_marginals  # noqa: E402
from hercules.games.companions.ai.bots import make_bot  # noqa: E402
from hercules.games.companions.ai.policy import CompanionsBot  # noqa: E402
from hercules.games.companions.engine import rules as E  # noqa: E402

MAX_ACTIONS = 50_000


class SideBot:
    """A seat that plays one level while loyal and another while a villain (its side is in
    its own view, so this reads nothing hidden)."""

    def __init__(self, loyal: str, villain: str) -> None:
        self.loyal = make_bot(loyal)
        self.villain = make_bot(villain)
        self.name = f"{loyal}/{villain}"
        self.last: Any = self.loyal
        self.threaded = False

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        self.last = self.villain if view.villain[view.current] else self.loyal
        return self.last.choose(view, legal, rng)

    def explain(self) -> str:
        return str(self.last.explain())


def _seat_bot(cell: str, players: int, game: int, seat: int) -> Any:
    """The bot of ``seat`` in game ``game`` of ``cell``."""
    if cell in ("normal", "hardship"):
        return make_bot("normal")
    if cell == "random_seat":
        return make_bot("random" if seat == game % players else "normal")
    loyal, villain = cell.split("/")
    return SideBot(loyal, villain)


def _level(bot: Any) -> str:
    inner = bot.last if isinstance(bot, SideBot) else bot
    return str(inner.name)


def play(task: tuple[str, int, int, str]) -> dict[str, Any]:
    """One game of a cell: its result, and the figures its decisions gave."""
    cell, players, seed, variant = task
    game = seed
    s = E.new_game(E.Config(players, variant), seed)
    bots = [_seat_bot(cell, players, game, k) for k in range(players)]
    rngs = [seat_rng(seed, k) for k in range(players)]
    times: dict[str, list[float]] = defaultdict(list)
    rates: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    brier = [0.0, 0.0, 0]
    clock = time.perf_counter
    actions = 0
    while not E.is_terminal(s):
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"{cell} game {seed} did not end")
        who, legal = E.actor(s), E.legal_actions(s)
        if who < 0:
            s, _ = E.apply(s, legal[0])
            continue
        view = E.view(s, who)
        bot = bots[who]
        t0 = clock()
        action = bot.choose(view, legal, rngs[who])
        times[_level(bot)].append(clock() - t0)
        if who != s.hercules and len(legal) > 1:
            side = "villain" if s.villain[who] else "loyal"
            key = {E.P_SWAP: "swap", E.P_REVEAL: "reveal", E.P_CLAIM: "claim", E.P_VOTE: "vote_up"}
            name = key.get(s.prompt)
            if name and not (s.prompt == E.P_CLAIM and s.stage == "start"):
                done = int(action.kind == "claim" if name == "claim" else action.n == 1)
                rates[f"{side}:{name}"][0] += done
                rates[f"{side}:{name}"][1] += 1
        inner = bot.last if isinstance(bot, SideBot) else bot
        if (
            cell in ("normal", "hardship")
            and s.prompt == E.P_TURN
            and isinstance(inner, CompanionsBot)
            and inner.params["worlds"]
        ):
            belief = inner.p_villain(view, who)
            prior = prior_marginals(view, who)
            for x in range(players):
                if x in (who, s.hercules):
                    continue
                truth = float(s.villain[x])
                brier[0] += (belief[x] - truth) ** 2
                brier[1] += (prior[x] - truth) ** 2
                brier[2] += 1
        s, _ = E.apply(s, action)
    hero = s.outcome == E.HERO
    return {
        "cell": cell,
        "players": players,
        "seed": seed,
        "hero": hero,
        "journeys": s.journey,
        "actions": actions,
        "side_won": [int(bool(s.villain[k]) != hero) for k in range(players)],
        "times": dict(times),
        "rates": {k: list(v) for k, v in rates.items()},
        "brier": brier,
    }


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson_interval(wins, n)
    return {"rate": round(wins / n, 4) if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)], "n": n}


def run(args: argparse.Namespace) -> dict[str, Any]:
    cells = [("normal", args.games, "standard"), ("hardship", args.cells_games, "hardship")]
    cells += [
        (c, args.cells_games, "standard")
        for c in ("normal/easy", "easy/normal", "easy/easy", "random_seat")
    ]
    tasks = [
        (cell, p, args.seed + k, variant)
        for p in args.players
        for cell, count, variant in cells
        for k in range(count)
    ]
    results: list[dict[str, Any]] = []
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for k, r in enumerate(pool.imap_unordered(play, tasks, chunksize=8), start=1):
            results.append(r)
            if k % max(1, len(tasks) // 10) == 0:
                print(
                    f"  {k}/{len(tasks)} games, {time.perf_counter() - start:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
    out: dict[str, Any] = {"seed": args.seed, "games": args.games, "cells_games": args.cells_games}
    times: dict[str, list[float]] = defaultdict(list)
    per: dict[str, Any] = {}
    for p in args.players:
        mine = [r for r in results if r["players"] == p]
        by = defaultdict(list)
        for r in mine:
            by[r["cell"]].append(r)
            for level, ts in r["times"].items():
                times[level].extend(ts)
        fig: dict[str, Any] = {}
        for cell, rs in by.items():
            fig[cell] = _rate(sum(r["hero"] for r in rs), len(rs))
            fig[cell]["journeys"] = round(sum(r["journeys"] for r in rs) / len(rs), 2)
            fig[cell]["actions"] = round(sum(r["actions"] for r in rs) / len(rs), 1)
        h = {c: fig[c]["rate"] for c in fig}
        fig["normal_gain"] = {
            "hero_side_vs_easy_villains": round(h["normal/easy"] - h["easy/easy"], 4),
            "villain_side_vs_easy_heroes": round(h["easy/easy"] - h["easy/normal"], 4),
            "hero_side_vs_normal_villains": round(h["normal"] - h["easy/normal"], 4),
            "villain_side_vs_normal_heroes": round(h["normal/easy"] - h["normal"], 4),
        }
        seats = {}
        for k in range(p):
            rnd = [r for r in by["random_seat"] if r["seed"] % p == k]
            nrm = by["normal"]
            seats[str(k)] = {
                "random": _rate(sum(r["side_won"][k] for r in rnd), len(rnd))["rate"],
                "normal": _rate(sum(r["side_won"][k] for r in nrm), len(nrm))["rate"],
            }
        fig["seat_side_win"] = seats
        b = [sum(r["brier"][i] for r in by["normal"]) for i in range(3)]
        fig["brier"] = {
            "belief": round(b[0] / b[2], 4) if b[2] else None,
            "prior": round(b[1] / b[2], 4) if b[2] else None,
            "better": round(1 - b[0] / b[1], 4) if b[1] else None,
            "samples": int(b[2]),
        }
        rates: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in by["normal"]:
            for key, (done, n) in r["rates"].items():
                rates[key][0] += done
                rates[key][1] += n
        fig["rates"] = {k: round(v[0] / v[1], 4) for k, v in sorted(rates.items()) if v[1]}
        fig["rates_n"] = {k: v[1] for k, v in sorted(rates.items())}
        per[str(p)] = fig
    out["players"] = per
    out["decision_ms"] = {
        level: {
            "p50": round(percentile([t * 1000 for t in ts], 50), 4),
            "p99": round(percentile([t * 1000 for t in ts], 99), 4),
            "max": round(max(ts) * 1000, 4),
            "mean": round(1000 * sum(ts) / len(ts), 4),
            "n": len(ts),
        }
        for level, ts in sorted(times.items())
    }
    out["seconds"] = round(time.perf_counter() - start, 1)
    return out


def report(out: dict[str, Any]) -> list[str]:
    lines = [f"companions balance: seed {out['seed']}, {out['games']} all-Normal games per count"]
    for p, f in out["players"].items():
        n = f["normal"]
        lo, hi = n["ci95"]
        lines.append(
            f"{p} players: Hercules' side {100 * n['rate']:5.1f}% "
            f"[{100 * lo:4.1f}, {100 * hi:4.1f}] ({n['n']} games, {n['journeys']} journeys); "
            f"hardship {100 * f['hardship']['rate']:.1f}%"
        )
        g = f["normal_gain"]
        lines.append(
            "  Normal over Easy: hero side +{:.1f} (vs Easy villains), +{:.1f} (vs Normal); "
            "villain side +{:.1f} (vs Easy heroes), +{:.1f} (vs Normal)".format(
                100 * g["hero_side_vs_easy_villains"],
                100 * g["hero_side_vs_normal_villains"],
                100 * g["villain_side_vs_easy_heroes"],
                100 * g["villain_side_vs_normal_heroes"],
            )
        )
        seats = ", ".join(
            f"{k}: {100 * v['random']:.0f}->{100 * v['normal']:.0f}"
            for k, v in f["seat_side_win"].items()
        )
        lines.append(f"  seat's side wins, random -> Normal there: {seats}")
        b = f["brier"]
        if b["belief"] is not None:
            lines.append(
                f"  Brier P(villain): belief {b['belief']:.4f}, prior {b['prior']:.4f} "
                f"({100 * b['better']:.1f}% better, {b['samples']} samples)"
            )
        lines.append("  rates: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in f["rates"].items()))
    for level, t in out["decision_ms"].items():
        lines.append(
            f"  {level:<8} ms p50 {t['p50']:.3f} p99 {t['p99']:.3f} max {t['max']:.3f} "
            f"mean {t['mean']:.3f} ({t['n']} decisions)"
        )
    lines.append(f"  {out['seconds']} s")
    return lines


def shipped(out: dict[str, Any], argv: list[str]) -> dict[str, Any]:
    """The figures the setup screen quotes: per variant and player count, Hercules' side's
    win rate with all-Normal bots, its games and Wilson 95 % interval."""
    doc: dict[str, Any] = {
        "format": "hercules-companions-balance",
        "version": 1,
        "about": "Hercules' side's win rate with all-Normal bots (the setup screen quotes it)",
        "command": " ".join(["python", "tools/companions_balance.py", *argv]),
        "seed": out["seed"],
    }
    for variant, cell in (("standard", "normal"), ("hardship", "hardship")):
        table: dict[str, Any] = {}
        for p, f in out["players"].items():
            n = f.get(cell)
            if n and n["n"]:
                lo, hi = n["ci95"]
                table[p] = {"win_rate": n["rate"], "games": n["n"], "low": lo, "high": hi}
        doc[variant] = table
    return doc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companions_balance.py", description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="all-Normal games per count")
    parser.add_argument("--cells-games", type=int, default=500, help="games per other cell")
    parser.add_argument("--players", default="4,5,6,7")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="also write the setup screen's figures here")
    raw = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(raw)
    args.players = [int(x) for x in args.players.split(",")]
    out = run(args)
    if args.out is not None:
        text = json.dumps(shipped(out, raw), indent=1)
        args.out.write_text(text + "\n", encoding="utf-8")
    print("\n".join(report(out)))
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

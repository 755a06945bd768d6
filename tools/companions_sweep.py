"""Try assumed values and bot parameters for the fourth game before changing any data file.

    python tools/companions_sweep.py --players 4 --games 400 [--cells normal,normal/easy]
        [--try '{"_limits": {"2": 0}, "normal": {"villain_swap": 0.6}}'] [--seed S] [--jobs J]

The balance tool (``companions_balance.py``) measures the shipped values in every cell; this
one answers the question that comes before it: *what if* a character's betrayal limit, a
card's icons or reveal effects, or a level's parameters were different? ``--try`` is a JSON
object:

- ``"_limits": {"2": 0}``: character #2's betrayal limit becomes 0;
- ``"_icons": {"TSK-16": 2}`` and ``"_reveal": {"TSK-08": ["alarm"]}``: a card's values;
- ``"_all": {"easy": {...}}``: a level's base parameters;
- ``"normal": {...}`` (any level): that level's values at this table size (its ``by_players``).

The patches live only in this process and its workers (forked, so they inherit them): no file
changes. Cells are the balance tool's (``normal``, ``normal/easy`` ...). It prints, per cell,
Hercules' side's win rate with its Wilson 95% interval; for ``normal`` also the Brier gain of
the bots' P(villain) over the prior and the per-side action rates. The last line is one JSON
object with every figure.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import companions_balance as balance  # noqa: E402

from hercules.games._kit.figures import wilson_interval  # noqa: E402
from hercules.games.companions.ai import policy  # noqa: E402
from hercules.games.companions.engine.data import load_data  # noqa: E402


def apply_patch(patch: dict[str, Any], players: int) -> None:
    """Patch the loaded (cached) data and bot parameters in this process, as ``--try`` says."""
    patch = dict(patch)
    data = load_data()
    for number, limit in patch.pop("_limits", {}).items():
        data.characters[int(number)] = replace(data.characters[int(number)], limit=limit)
    for card, icons in patch.pop("_icons", {}).items():
        data.cards[card] = replace(data.cards[card], icons=icons)
    for card, effects in patch.pop("_reveal", {}).items():
        data.cards[card] = replace(data.cards[card], reveal=tuple(effects))
    params = policy.load_params()
    unknown = [k for k in patch if k != "_all" and k not in params]
    unknown += [k for k in patch.get("_all", {}) if k not in params]
    if unknown:
        raise ValueError(f"no bot level {', '.join(unknown)} (levels: {', '.join(params)})")
    for level, values in patch.pop("_all", {}).items():
        params[level].update(values)
    for level, values in patch.items():
        params[level].setdefault("by_players", {}).setdefault(str(players), {}).update(values)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Play the cells and gather their figures."""
    apply_patch(json.loads(args.try_), args.players)
    cells = args.cells.split(",")
    levels = ("easy", "normal", "hard", "random")
    known = ("normal", "hardship", "random_seat")
    for cell in cells:
        sides = cell.split("/")
        if cell not in known and not (len(sides) == 2 and all(x in levels for x in sides)):
            raise ValueError(f"no cell {cell!r} (cells: {', '.join(known)}, loyal/villain)")
    variant = "hardship" if args.hardship else "standard"
    tasks = [(c, args.players, args.seed + k, variant) for c in cells for k in range(args.games)]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        results = pool.map(balance.play, tasks, chunksize=8)
    out: dict[str, Any] = {"players": args.players, "games": args.games, "try": args.try_}
    for cell in cells:
        mine = [r for r in results if r["cell"] == cell]
        wins = sum(r["hero"] for r in mine)
        lo, hi = wilson_interval(wins, len(mine))
        out[cell] = {"rate": round(wins / len(mine), 4), "ci95": [round(lo, 4), round(hi, 4)]}
        print(f"{cell}: {100 * wins / len(mine):.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]")
        if cell != "normal":
            continue
        b = [sum(r["brier"][i] for r in mine) for i in range(2)]
        out["brier_gain"] = round(1 - b[0] / b[1], 4) if b[1] else None
        rates: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in mine:
            for key, (done, n) in r["rates"].items():
                rates[key][0] += done
                rates[key][1] += n
        out["rates"] = {k: [round(d / n, 3), n] for k, (d, n) in sorted(rates.items()) if n}
        print(f"  Brier gain {out['brier_gain']}; rates (rate, choices) {out['rates']}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Parse the options, play, and print the figures (the last line JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(4, 5, 6, 7))
    parser.add_argument("--games", type=int, default=400, help="games per cell")
    parser.add_argument("--cells", default="normal,normal/easy")
    parser.add_argument("--try", dest="try_", default="{}", help="JSON patch (see above)")
    parser.add_argument("--hardship", action="store_true", help="the Oracle of Hardship variant")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        print(json.dumps(run(args)))
    except json.JSONDecodeError as exc:
        parser.error(f"--try is not JSON: {exc}")
    except (ValueError, KeyError) as exc:
        parser.error(str(exc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

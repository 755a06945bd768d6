"""``hercules-server``: the table server on its own (a dedicated machine, or for tests).

    hercules-server [--host 127.0.0.1] [--port 8765] [--db PATH | sqlite:///PATH]

Binds the address given (default: this machine only) and says so; keeps its tables in
SQLite (default: ``online/tables.db`` in the game's data folder) and writes each finished
table as a save the load screen opens (``--exports``, default: the game's saves folder).
Stops on Ctrl+C or SIGTERM, its tables kept: started again on the same database, it
rebuilds them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

from hercules.app import paths

from .server import RATE, TableServer
from .store import open_store


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    ap = argparse.ArgumentParser(prog="hercules-server", description=__doc__.splitlines()[0])
    ap.add_argument("--host", default="127.0.0.1", help="the address to bind (default: local)")
    ap.add_argument("--port", type=int, default=8765, help="the port (0: any free one)")
    ap.add_argument("--db", default="", help="a SQLite file (default: in the data folder)")
    ap.add_argument(
        "--exports",
        type=Path,
        default=None,
        help="where finished tables are saved (default: the game's saves folder)",
    )
    ap.add_argument(
        "--rate",
        type=float,
        default=RATE,
        help=f"messages a second a client may send (default {RATE:g}; bursts of twice that)",
    )
    ap.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits to move")
    args = ap.parse_args(argv)
    if not 0 <= args.port <= 65535:
        ap.error(f"--port {args.port}: a port is 0 to 65535")
    if not args.rate > 0:
        ap.error(f"--rate {args.rate}: more than 0 messages a second")
    if args.bot_delay < 0:
        ap.error(f"--bot-delay {args.bot_delay}: not less than 0 seconds")
    return args


async def serve(args: argparse.Namespace) -> int:
    """Run the server until a signal stops it."""
    url = args.db or str(paths.data_dir() / "online" / "tables.db")
    try:
        store = open_store(url)
    except (ValueError, OSError) as exc:
        print(f"hercules-server: cannot open the database: {exc}", file=sys.stderr)
        return 2
    exports = args.exports or paths.saves_dir()
    server = TableServer(
        store,
        args.host,
        args.port,
        bot_delay=args.bot_delay,
        rate=args.rate,
        burst=2 * args.rate,
        exports=exports,
    )
    try:
        await server.start()
    except OSError as exc:
        print(f"hercules-server: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        store.close()
        return 2
    print(f"hercules-server: listening on {server.url} (tables in {url})", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C still interrupts
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()
        store.close()
    print("hercules-server: stopped", flush=True)
    return 0


#: What the server prints once it listens (:func:`spawn` reads the address from it).
LISTENING = re.compile(r"listening on (ws://\S+)")


def spawn(db: str, *options: str) -> tuple[subprocess.Popen[str], str]:
    """Start ``hercules-server`` on a free port of this machine as a child process (tests,
    tools); the process and the address it says it listens on. Raises ``RuntimeError``
    (the process killed) when it ends, or says nothing of it, within its first lines."""
    # -P: the installed package, never a checkout that happens to be the working folder
    # (one without its package data would refuse every table).
    cmd = [sys.executable, "-P", "-m", "hercules.net.cli", "--port", "0", "--db", db, *options]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    for _ in range(200):  # its first lines: the log, then where it listens
        line = proc.stdout.readline()
        found = LISTENING.search(line)
        if found:
            # What it says from now on is read as it comes (to standard error): a pipe
            # nobody reads fills, and a server writing its log to it would stop dead.
            threading.Thread(target=_relay, args=(proc.stdout,), daemon=True).start()
            return proc, found.group(1)
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise RuntimeError("hercules-server did not say where it listens")


def _relay(stream: IO[str]) -> None:
    for line in stream:
        sys.stderr.write(f"[hercules-server] {line}")


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``hercules-server``."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        return asyncio.run(serve(parse_args(argv)))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())

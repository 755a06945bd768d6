"""What killed writes leave, and what the next start-up removes (issue 23, item 5).

    python tools/bench_sweep.py [--runs 5] [--files 100] [--kb 64]   (POSIX: kills by SIGKILL)

Each run makes a throwaway data folder, then a writer process starts ``--files`` saves of
``--kb`` KB at once (one thread each, through ``storage.atomic_write``, held just before the
rename) and is killed with SIGKILL once every temporary file is full on disk: what a killed
copy leaves. Then the start-up check runs (``paths.check_storage``) twice over: once with no
other copy running (this process takes the data folder's lock, so every temporary file of ours
goes, whatever its age) and once, on a second set, while another process holds the lock (only
files older than ten minutes go: none here).

Prints one line per run, then the min/median/max of the files left, removed and remaining and
the check's time; the last line is one JSON object with the keys ``runs``, ``files_left``,
``bytes_left``, ``removed_alone``, ``remaining_alone``, ``removed_other_running``,
``check_ms`` (each a [min, median, max]).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cli_args import positive

from hercules.app import paths, storage

ROOT = Path(__file__).resolve().parents[1]

WRITER = """
import os, sys, threading
from hercules.app import storage
folder, files, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
hold = threading.Event()
real = os.replace
os.replace = lambda src, dst: hold.wait()  # every write stops before its rename...
data = os.urandom(size)
for i in range(files):
    target = os.path.join(folder, f"game-{i}.json")
    threading.Thread(target=storage.atomic_write, args=(target, data), daemon=True).start()
print("writing", flush=True)
hold.wait()  # ... until this process is killed
"""

HOLDER = """
import sys
from hercules.app import storage
lock = storage.hold_lock(sys.argv[1])
print("held" if lock else "not held", flush=True)
sys.stdin.read()
"""


def ours(folder: Path) -> list[Path]:
    """Our temporary files in ``folder``."""
    return [p for p in folder.iterdir() if storage.TEMP_NAME.fullmatch(p.name)]


def killed_writes(folder: Path, files: int, size: int) -> list[Path]:
    """Start ``files`` writes of ``size`` bytes in ``folder``, kill the writer mid-way;
    returns the temporary files it left."""
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder), str(files), str(size)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "writing"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # every file full (fsynced) before the kill
            left = ours(folder)
            if len(left) == files and all(p.stat().st_size == size for p in left):
                break
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait(timeout=30)
    return ours(folder)


def one_run(files: int, size: int) -> dict[str, float]:
    """One run: the figures of a kill and of the start-ups after it."""
    data = Path(tempfile.mkdtemp(prefix="hercules-sweep-"))
    saves = data / paths.SAVES
    saves.mkdir()
    paths.set_data_dir(data)
    paths.release_instance_lock()
    left = killed_writes(saves, files, size)
    left_bytes = sum(p.stat().st_size for p in left)
    started = time.perf_counter()
    paths.check_storage()  # no other copy runs: this process takes the lock
    ms = (time.perf_counter() - started) * 1000
    remaining = len(ours(saves))
    paths.release_instance_lock()
    # Again, while another copy holds the lock: the files it may be writing stay.
    again = killed_writes(saves, files, size)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(data)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        paths.check_storage()
        kept = len(ours(saves))
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
    paths.release_instance_lock()
    paths.set_data_dir(None)
    shutil.rmtree(data, ignore_errors=True)
    return {
        "files_left": len(left),
        "bytes_left": left_bytes,
        "removed_alone": len(left) - remaining,
        "remaining_alone": remaining,
        "removed_other_running": len(again) - kept,
        "check_ms": ms,
    }


def spread(values: list[float]) -> list[float]:
    """[min, median, max]."""
    return [min(values), statistics.median(values), max(values)]


def main(argv: list[str] | None = None) -> int:
    """Run the measurement; prints the figures, the last line JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=positive, default=5, help="runs (default 5)")
    parser.add_argument("--files", type=positive, default=100, help="killed writes per run")
    parser.add_argument("--kb", type=positive, default=64, help="KB per write (default 64)")
    args = parser.parse_args(argv)
    rows = []
    for i in range(args.runs):
        row = one_run(args.files, args.kb * 1024)
        rows.append(row)
        print(
            f"run {i + 1}: a kill left {row['files_left']} files "
            f"({row['bytes_left'] / 1e6:.1f} MB); the start-up removed {row['removed_alone']} "
            f"({row['remaining_alone']} remain) in {row['check_ms']:.1f} ms; with another copy "
            f"running it removed {row['removed_other_running']}"
        )
    out = {"runs": args.runs}
    for key in rows[0]:
        out[key] = spread([r[key] for r in rows])
        print(f"{key}: min {out[key][0]:g}, median {out[key][1]:g}, max {out[key][2]:g}")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

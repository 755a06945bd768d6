"""The example-save tool still rebuilds the shipped examples: the same games, move for move."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_make_example_saves_rebuilds_the_same_games(tmp_path):
    out, fixtures = tmp_path / "saves", tmp_path / "fixtures"
    out.mkdir()
    fixtures.mkdir()
    proc = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "make_example_saves.py"),
            "--out",
            str(out),
            "--fixtures",
            str(fixtures),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    shipped = sorted(p.name for p in (ROOT / "saves").glob("*.json"))
    assert sorted(p.name for p in out.glob("*.json")) == shipped
    for name in shipped:
        made = json.loads((out / name).read_text(encoding="utf-8"))
        kept = json.loads((ROOT / "saves" / name).read_text(encoding="utf-8"))
        assert made["log"] == kept["log"] and made["snapshot"] == kept["snapshot"], name
    fixture = ROOT / "tests" / "app" / "fixtures" / "save_v1.json"
    assert (fixtures / "save_v1.json").read_bytes() == fixture.read_bytes()

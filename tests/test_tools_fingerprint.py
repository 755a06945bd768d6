"""tools/fingerprint_games.py: a digest for every registered game and variant, the same in
every run (bots included), the MEBO game's the same as the MEBO-only tool printed, a JSON
line last, bad options refused.

A handful of games each (the tool's defaults take a minute or more); no timing assertions.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from hercules.app.registry import games

SCRIPT = Path(__file__).resolve().parents[1] / "tools" / "fingerprint_games.py"
#: What the MEBO-only tool (before it served every game) printed for
#: ``--mode solo --games 2 --bot-games 1``: a change of it is a change of the MEBO rules,
#: its documents or its bots, and must be made on purpose and said so.
MEBO_SOLO_2_1 = "7562f13a40067899689881ecbdabf808f46834395797a550b7d1a0f58c111426"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The tool run as a script, in a process of its own (as the lead runs it)."""
    cmd = [sys.executable, str(SCRIPT), *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)


def report(*args: str) -> tuple[dict[str, Any], list[str]]:
    """The JSON of the last line without its timing, and the lines before it."""
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    *lines, last = proc.stdout.strip().splitlines()
    doc = json.loads(last)
    assert isinstance(doc.pop("seconds"), float)
    return doc, lines


def digest(doc: dict[str, Any], game: str, variant: str) -> str:
    """One game and variant's digest in a report."""
    return str(doc["fingerprints"][game]["variants"][variant]["digest"])


def test_every_registered_game_and_variant_gets_a_digest() -> None:
    doc, lines = report("--games", "1", "--bot-games", "0")
    expected = {spec.id: set(spec.variants) for spec in games()}
    got = doc["fingerprints"]
    assert {g: set(v["variants"]) for g, v in got.items()} == expected
    for game in got.values():
        assert (game["games"], game["bot_games"]) == (1, 0)
        for entry in game["variants"].values():
            assert len(entry["digest"]) == 64 and int(entry["digest"], 16) >= 0
            assert entry["actions"] > 0
    assert len(lines) == sum(len(v) for v in expected.values())  # one line per variant


def test_a_second_run_prints_the_same_digests() -> None:
    args = ("--game", "labors", "--games", "3", "--bot-games", "2")
    assert report(*args) == report(*args)


def test_the_mebo_digest_is_the_one_the_mebo_only_tool_printed() -> None:
    doc, lines = report(
        "--game", "hercules", "--variant", "solo", "--games", "2", "--bot-games", "1"
    )
    assert digest(doc, "hercules", "solo") == MEBO_SOLO_2_1
    assert lines == [f"hercules     solo        {MEBO_SOLO_2_1} (414 actions)"]


def test_bot_games_change_the_digest() -> None:
    """The bots' games are hashed too: with them the digest is not that of random play."""
    args = ("--game", "later_years", "--games", "1")
    alone, _ = report(*args, "--bot-games", "0")
    with_bots, _ = report(*args, "--bot-games", "1")
    assert digest(alone, "later_years", "standard") != digest(with_bots, "later_years", "standard")


def test_an_unknown_game_or_variant_is_refused() -> None:
    proc = run("--game", "chess")
    assert proc.returncode == 2 and "no game 'chess'" in proc.stderr
    proc = run("--variant", "blitz", "--games", "0", "--bot-games", "0")
    assert proc.returncode != 0 and "no variant blitz" in proc.stderr

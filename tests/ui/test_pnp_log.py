"""Log lines for the print-and-play sheet's events, in both languages."""

from __future__ import annotations

import random

import pytest

from hercules.games.mebo.engine import GameConfig, apply, legal_actions, new_game
from hercules.games.mebo.ui.describe import describe_events
from hercules.ui import strings

#: The sheet's events the log tells, each in a line of its own.
PNP_EVENTS = {
    "power_crossed",
    "power_used",
    "labour_circles_erased",
    "jump",
    "reached_12",
}
#: Told by another line: each power circle erased while resting is counted by the rest's line.
UNTOLD = {"power_circle_erased"}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_print_and_play_event_gets_a_translated_log_line(lang):
    strings.set_language(lang)
    try:
        seen: dict[str, list[str]] = {}
        rests: list[str] = []
        rng = random.Random(4)
        for seed in range(12):
            s = new_game(GameConfig(3, "pnp"), seed)
            while not s.is_terminal:
                legal = legal_actions(s)
                s, events = apply(s, legal[rng.randrange(len(legal))])
                for ev in events:
                    if ev.type in PNP_EVENTS | UNTOLD:
                        seen.setdefault(ev.type, []).extend(describe_events([ev], ["A", "B", "C"]))
                    elif ev.type == "rested" and ev.data["circles"]:
                        rests.extend(describe_events([ev], ["A", "B", "C"]))
        assert set(seen) == PNP_EVENTS | UNTOLD
        for typ, lines in seen.items():
            if typ in UNTOLD:
                assert lines == []
            else:
                assert lines and all(line and "[" not in line for line in lines)
        # The rest says how many power circles it erased, in words of the sheet.
        word = "power circle" if lang == "en" else "cerchiatur"
        assert rests and all(word in line for line in rests)
    finally:
        strings.set_language("en")

"""The table's words: every event, prompt and bot reason has words in both languages, and
the two string tables hold the same keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hercules.games.companions.ai.policy import REASONS
from hercules.games.companions.engine import rules as E
from hercules.games.companions.ui.reasons import reason_text
from hercules.games.companions.ui.words import prompt_lines, record_entries
from hercules.ui.strings import set_language

STRINGS = Path(__file__).resolve().parents[3] / "assets" / "games" / "companions" / "strings"
#: A value for each reason parameter the bots send.
VALUES = {"row": 0, "col": 1, "row2": 1, "col2": 2, "card": "TSK-07", "n": 4, "up": 3}
EVENTS = [
    E.Event(
        k, seat=1, row=0, col=2, card="TSK-05" if k in ("revealed", "item", "labour") else "N", n=3
    )
    for k in (
        "journey looked swapped peeked hercules_peeked flipped moved claim silent kept no_reveal "
        "token_returned revealed ability swapped_up vote item labour journey_ends labours_done "
        "bag_empty identity_confirmation drew discarded returned"
    ).split()
]


def test_both_languages_have_the_same_keys():
    en = json.loads((STRINGS / "en.json").read_text(encoding="utf-8"))
    it = json.loads((STRINGS / "it.json").read_text(encoding="utf-8"))
    assert set(en) == set(it)
    assert all(v.strip() for v in it.values())


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_event_and_reason_has_words(lang):
    set_language(lang)
    lines = [e.text for e in record_entries(EVENTS, ["A", "B", "C", "D"], first=True)]
    assert len(lines) >= len(EVENTS)
    assert not [ln for ln in lines if "[co." in ln]
    for kind, params in REASONS.kinds.items():
        reason = REASONS.encode(kind, "ENGLISH", **{p: VALUES[p] for p in params})
        text = reason_text(reason, ["A", "B"])
        assert text != "ENGLISH" and "[co." not in text, kind


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_prompt_has_words(lang):
    set_language(lang)
    s = E.new_game(E.Config(5), 3)
    seen = set()
    for step in range(400):
        for human in (True, False):
            for line in prompt_lines(
                E.view(s, s.current if s.current >= 0 else 0), "ABCDE", max(0, s.current), human
            ):
                assert "[co." not in line, (s.prompt, line)
        seen.add(s.prompt)
        if E.is_terminal(s):
            break
        legal = E.legal_actions(s)
        s, _ = E.apply(s, legal[(step * 7) % len(legal)])
    assert {E.P_PEEK, E.P_CLAIM, E.P_TURN, E.P_SWAP, E.P_REVEAL} <= seen

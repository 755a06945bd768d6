"""The log's words over many seeded bot games in every variant, in both languages.

Plain by default: no internal figures ("worth 10.8"), no bot internals ("counting what its
next roll can do"), "Start" rather than "column 0", no statement said twice, plurals right
("1 card", "2 cards"; "1 carta", "2 carte"), and on the print-and-play sheet no words that
belong to cards and cubes. The "Show bot reasoning" setting brings the reasoning back.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from hercules.games.mebo.ui.describe import describe_record, record_items, space_name
from hercules.games.mebo.ui.setup import start_game
from hercules.ui import strings
from hercules.ui.strings import tn

#: Every variant, with bots of every level (solo: one bot against Hades).
GAMES = {
    "standard": ["easy", "normal", "hard"],
    "simplified": ["normal", "easy"],
    "solo": ["normal"],
    "pnp": ["normal", "hard", "easy"],
}
SEEDS = range(4)
LANGS = ("en", "it")

#: Counted nouns, singular and plural, per language.
NOUNS = {
    "en": [
        ("card", "cards"),
        ("cube", "cubes"),
        ("space", "spaces"),
        ("circle", "circles"),
        ("power", "powers"),
        ("line", "lines"),
    ],
    "it": [
        ("carta", "carte"),
        ("cubetto", "cubetti"),
        ("spazio", "spazi"),
        ("cerchiatura", "cerchiature"),
        ("potere", "poteri"),
        ("riga", "righe"),
    ],
}
#: Words of the cards-and-cubes game that the print-and-play sheet does not have.
CARD_WORDS = {
    "en": r"\b(cards?|cubes?|vases?|gods?)\b",
    "it": r"\b(carta|carte|cubett[oi]|vas[oi]|dio|dei)\b",
}
INTERNALS = {
    "en": r"\bworth\b|\bexpected\b|counting what",
    "it": r"\bvale\b|valore atteso|contando su",
}


@cache
def played(mode: str) -> tuple[tuple[tuple[object, ...], tuple[str, ...]], ...]:
    """The records and seat names of the seeded bot games of a variant (played once)."""
    out = []
    for seed in SEEDS:
        ctl, names = start_game(mode, GAMES[mode], seed)
        try:
            while not ctl.is_over:
                ctl.step(wait=True)
            out.append((tuple(ctl.history), tuple(names)))
        finally:
            ctl.close()
    return tuple(out)


def log_of(mode: str, lang: str, reasoning: bool = False) -> list[list[str]]:
    """Each game's log lines in ``lang``."""
    strings.set_language(lang)
    try:
        logs = []
        for history, names in played(mode):
            lines: list[str] = []
            for rec in history:
                lines.extend(
                    describe_record(rec, list(names), reasoning=reasoning, sheet=mode == "pnp")
                )
            logs.append(lines)
        return logs
    finally:
        strings.set_language("en")


def statement(line: str) -> str:
    """A line without its final stop, to compare what two lines say."""
    return line.rstrip(". ").strip()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", list(GAMES))
def test_the_log_has_no_internal_figures_or_bot_internals(mode, lang):
    for lines in log_of(mode, lang):
        assert lines
        for line in lines:
            assert not re.search(r"\d[.,]\d", line), line  # no "worth 10.8", "8,2"
            assert not re.search(INTERNALS[lang], line), line
            assert "[" not in line and "|" not in line, line  # no key shown raw
            assert not re.search(r"\bbot\.\w", line), line


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", list(GAMES))
def test_the_log_says_start_never_column_0(mode, lang):
    for lines in log_of(mode, lang):
        for line in lines:
            assert not re.search(r"\b(column|colonna)\b", line, re.IGNORECASE), line
    strings.set_language(lang)
    try:
        assert space_name(0) == ("Start" if lang == "en" else "Partenza")
        assert space_name(6) == ("labour 6" if lang == "en" else "Fatica 6")
    finally:
        strings.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", list(GAMES))
def test_no_line_is_said_twice(mode, lang):
    for reasoning in (False, True):
        for lines in log_of(mode, lang, reasoning):
            for a, b in zip(lines, lines[1:], strict=False):
                sa, sb = statement(a), statement(b)
                assert sa != sb, (a, b)
                # "takes Hestia: the most useful card" then "takes Hestia": said twice.
                assert not sa.startswith(sb + ":") and not sb.startswith(sa + ":"), (a, b)
                assert not sa.startswith(sb + " (") and not sb.startswith(sa + " ("), (a, b)


@pytest.mark.parametrize("lang", LANGS)
def test_a_bots_choice_of_card_is_one_line_with_its_reason(lang):
    why = "the most useful card" if lang == "en" else "la carta più utile"
    plain = [line for lines in log_of("standard", lang) for line in lines]
    told = [line for lines in log_of("standard", lang, reasoning=True) for line in lines]
    merged = [line for line in told if why in line]
    assert merged
    for line in merged:
        # "Blue bot takes Hestia: the most useful card.": what it did, then why.
        what = line.split(":" if lang == "en" else " (")[0] + "."
        assert what in plain and line not in plain


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", list(GAMES))
def test_counted_nouns_agree_with_their_number(mode, lang):
    for reasoning in (False, True):
        for lines in log_of(mode, lang, reasoning):
            for line in lines:
                assert "(s)" not in line and "/e " not in line and "/e." not in line, line
                for one, many in NOUNS[lang]:
                    assert not re.search(rf"(?<![\d,.])1 {many}\b", line), line
                    # ("3 power circles": "power" qualifies the counted noun there.)
                    pattern = rf"\b(0|[2-9]|\d\d+) {one}\b(?! circles| cerchiature)"
                    assert not re.search(pattern, line), line


@pytest.mark.parametrize("lang", LANGS)
def test_print_and_play_lines_have_no_card_or_cube_words(lang):
    for reasoning in (False, True):
        for lines in log_of("pnp", lang, reasoning):
            for line in lines:
                assert not re.search(CARD_WORDS[lang], line, re.IGNORECASE), line


@pytest.mark.parametrize("lang", LANGS)
def test_the_setting_brings_the_bots_reasoning_back(lang):
    plain = [line for lines in log_of("standard", lang) for line in lines]
    told = [line for lines in log_of("standard", lang, reasoning=True) for line in lines]
    assert len(told) > len(plain)
    # The same events, with the reasons between them (or added to the line they explain).
    assert len(set(plain) - set(told)) < len(set(plain)) // 10
    assert any(re.search(r"\d[.,]\d", line) for line in told)  # "worth 17.1" / "vale 17,1"
    assert any(re.search(INTERNALS[lang], line) for line in told)


def test_a_reason_is_an_aside_of_its_record():
    history, names = played("standard")[0]
    aims = next(r for r in history if r.reason.startswith("bot.aims|"))
    items = record_items(aims, list(names), reasoning=True)
    assert items[0].kind == "reason" and all(i.kind != "reason" for i in items[1:])
    assert all(i.kind != "reason" for i in record_items(aims, list(names)))
    # A reason that only says what the lines say is not told at all.
    rest = next(r for r in history if r.reason.startswith("bot.rest|"))
    assert record_items(rest, list(names), reasoning=True) == record_items(rest, list(names))


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_in_both_languages(lang):
    strings.set_language(lang)
    try:
        one, two, none = (tn("tip.left", n) for n in (1, 2, 0))
        assert "1" in one and "2" in two and "0" in none
        if lang == "en":
            assert (one, two) == ("1 card left", "2 cards left")
            assert tn("log.rested", 1, who="Red") == "Red rests: 1 cube back."
            assert tn("log.rested", 3, who="Red") == "Red rests: 3 cubes back."
            assert tn("log.rested", 0, who="Red") == "Red rests."
            assert tn("log.pnp.jump", 1, who="Red", vp=1) == "Red jumps 1 space: 1 VP."
        else:
            assert (one, two) == ("Rimane 1 carta", "Rimangono 2 carte")
            assert tn("log.rested", 1, who="Rosso") == "Rosso riposa e riprende 1 cubetto."
            assert tn("log.rested", 3, who="Rosso") == "Rosso riposa e riprende 3 cubetti."
            assert tn("log.pnp.jump", 4, who="Rosso", vp=6) == "Rosso salta 4 spazi: 6 PV."
    finally:
        strings.set_language("en")


TN_KEY = re.compile(r"""\btn\(\s*"([^"]+)"(?:\s+if\s+\w+\s+else\s+"([^"]+)")?""")


def test_every_plural_key_has_its_forms_in_both_languages():
    from pathlib import Path

    import hercules

    en, it = strings.table("en"), strings.table("it")
    keys: set[str] = set()
    for path in Path(hercules.__file__).parent.rglob("*.py"):
        for found in TN_KEY.findall(path.read_text(encoding="utf-8")):
            keys |= {k for k in found if k}
    assert {"log.rested", "tip.left", "bot.aims_cards", "bot.aims_powers"} <= keys
    for key in keys:
        for table in (en, it):
            assert f"{key}.one" in table and f"{key}.other" in table, key
            assert key not in table, key  # a count's words are in its forms only

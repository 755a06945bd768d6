"""The shell knows no game (issue 22): its code names no game, its string tables and theme
hold no game's words or colours; each game brings its own through its spec and assets."""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHELL = [
    *sorted((ROOT / "hercules" / "app").rglob("*.py")),
    *sorted((ROOT / "hercules" / "ui").rglob("*.py")),
    ROOT / "hercules" / "cli.py",
    ROOT / "tools" / "tournament.py",
    ROOT / "tools" / "fingerprint_games.py",
]
#: A game's id, package or pieces (its automaton, its labours) in the shell's code.
GAME_WORD = re.compile(r"mebo|hades|labors|later_years|labour|hercules\.games\.\w", re.I)
#: What may still name a game, and why.
ALLOWED = {
    # Saves made before the box had several games carry no game id: they are the MEBO game's.
    ("registry.py", "DEFAULT_GAME"),
}


def code_words(path: Path) -> list[tuple[int, str]]:
    """The names and string literals of a module that are code (no comments, no docstrings)."""
    out = []
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline))
    lead = {tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT}
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.NAME:
            out.append((tok.start[0], tok.string))
        elif tok.type in (tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)):
            alone = i == 0 or tokens[i - 1].type in lead
            if not alone:  # a string on a line of its own is a docstring
                out.append((tok.start[0], tok.string))
    return out


def test_the_shells_code_names_no_game():
    found = []
    for path in SHELL:
        lines = path.read_text("utf-8").splitlines()
        for line, word in code_words(path):
            if GAME_WORD.search(word) and not any(
                path.name == name and mark in lines[line - 1] for name, mark in ALLOWED
            ):
                found.append(f"{path.relative_to(ROOT)}:{line}: {word}")
    assert not found, "\n".join(found)


def shell_code_text() -> str:
    return "\n".join(p.read_text("utf-8") for p in SHELL if "tools" not in p.parts)


#: Families the shell builds from a variable: ``DamagedFile.words(what)`` gives
#: ``<what>.damaged``, ``<what>.newer_left``... for its profiles and statistics files.
BUILT = {"profiles.", "stats."}
#: Words the shell offers every game: each game's score screen says a best score, and the
#: tables built on the shell's base say an undone move in these words (or their own).
SHARED = {"stats.your_best", "msg.undone"}


def test_the_shells_string_tables_hold_only_what_the_shell_says():
    """Every key of ``assets/ui/strings`` is one the shell's code names, literally or as a
    family it builds (``settings.speed.{k}``): any other is a game's, and goes to its table."""
    text = shell_code_text()
    literal = set(re.findall(r"""["']([A-Za-z0-9_.]+)["']""", text))
    # A family ends in a dot or an underscore before its braces (``btn.replay_{key}``).
    families = set(re.findall(r"""f["']([a-z_]+(?:\.[a-z0-9_]+)*[._])\{""", text))
    theme = json.loads((ROOT / "assets" / "ui" / "theme.json").read_text("utf-8"))
    literal |= {p["name_key"] for palette in theme["palettes"].values() for p in palette}
    for lang in ("en", "it"):
        table = json.loads((ROOT / "assets" / "ui" / "strings" / f"{lang}.json").read_text("utf-8"))
        strays = sorted(
            k
            for k in table
            if k not in literal | SHARED and not any(k.startswith(f) for f in families | BUILT)
        )
        assert not strays, (lang, strays)


def test_the_shells_theme_holds_no_games_colours():
    from hercules.ui.theme import player_style, theme_data

    shell = json.loads((ROOT / "assets" / "ui" / "theme.json").read_text("utf-8"))
    assert set(shell) == {"format", "version", "fonts", "colours", "palettes"}
    mebo = json.loads((ROOT / "assets" / "games" / "mebo" / "data" / "theme.json").read_text())
    hades = {
        k: tuple(v) if isinstance(v, list) else v for k, v in mebo["automata"]["hades"].items()
    }
    assert player_style(1, True) == player_style(1, "hades") == hades  # the game's own colours
    assert theme_data()["decks"] == mebo["decks"]


def test_a_games_theme_entry_the_shell_or_another_game_defines_is_refused(monkeypatch):
    import pytest

    from hercules.ui import theme

    real = theme._read

    def clashing(text: str, where: str) -> dict:
        data = real(text, where)
        if where != "ui/theme.json":
            data = dict(data, palettes={})  # a game redefining the shell's palettes
        return data

    monkeypatch.setattr(theme, "_read", clashing)
    with pytest.raises(ValueError, match="defined twice"):
        theme._merge()

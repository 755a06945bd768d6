"""The setup screen's balance line: Hercules' side's all-Normal win rate at the chosen table,
read from ``data/balance.json`` (a damaged file shows no line and breaks nothing), in both
languages, following the players and rules chosen by clicks."""

from __future__ import annotations

import json

from support.mouse import click_widget, frames

from hercules.games.companions.ui import setup as co_setup
from hercules.games.companions.ui.setup import (
    Odds,
    SetupScene,
    balance_line,
    load_balance,
    read_balance,
)
from hercules.ui.strings import set_language

DOC = {
    "format": "hercules-companions-balance",
    "standard": {
        "4": {"win_rate": 0.5, "games": 2000, "low": 0.478, "high": 0.522},
        "6": {"win_rate": 0.4625, "games": 2000, "low": 0.4407, "high": 0.4844},
    },
    "hardship": {"6": {"win_rate": 0.25, "games": 500}},
}


def test_the_shipped_figures_cover_every_table_of_the_standard_rules():
    figures = load_balance()
    for players in range(4, 8):
        odds = figures[("standard", players)]
        assert odds.games >= 2000
        assert odds.low <= odds.rate <= odds.high
    assert all(("hardship", p) in figures for p in range(4, 8))


def test_read_balance_keeps_only_well_formed_figures():
    figures = read_balance(json.dumps(DOC))
    assert figures[("standard", 4)] == Odds(0.5, 2000, 0.478, 0.522)
    assert set(figures) == {("standard", 4), ("standard", 6), ("hardship", 6)}
    # No interval given: it is worked out from the rate and the games (Wilson).
    low, high = figures[("hardship", 6)].low, figures[("hardship", 6)].high
    assert 0.21 < low < 0.25 < high < 0.29


def test_a_damaged_or_odd_balance_file_gives_no_figures():
    assert read_balance("{not json") == {}
    assert read_balance("[1, 2]") == {}
    odd = {
        "standard": {
            "4": {"win_rate": 1.5, "games": 10},  # not a share
            "5": {"win_rate": 0.5, "games": True},  # a flag, not a count
            "6": {"win_rate": 0.5, "games": 0},
            "7": "half",
            "9": {"win_rate": 0.5, "games": 10},  # no such table
        }
    }
    assert read_balance(json.dumps(odd)) == {}
    # An interval that does not hold its rate is replaced by the worked-out one.
    bad = {"standard": {"5": {"win_rate": 0.5, "games": 100, "low": 0.7, "high": 0.9}}}
    odds = read_balance(json.dumps(bad))[("standard", 5)]
    assert odds.low < 0.5 < odds.high


def test_the_line_names_the_rate_its_interval_the_games_and_the_table():
    figures = read_balance(json.dumps(DOC))
    line = balance_line({"players": "6", "variant": "standard"}, figures)
    assert line == (
        "With Normal bots, Hercules' side wins 46 % of games at 6 players "
        "(44–48 %, 2,000 games of self-play)"
    )
    assert "Oracle of Hardship" in balance_line({"players": "6", "variant": "hardship"}, figures)
    assert balance_line({"players": "5", "variant": "standard"}, figures) == ""
    set_language("it")
    try:
        line = balance_line({"players": "6", "variant": "standard"}, figures)
        assert "46 %" in line and "2.000 partite" in line and "6 giocatori" in line
    finally:
        set_language("en")


def drawn_text(app, monkeypatch) -> list[str]:
    """Every string the setup screen draws in one frame."""
    seen: list[str] = []
    real = co_setup.FONTS.blit

    def spy(surface, text, *args, **kwargs):
        seen.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(co_setup.FONTS, "blit", spy)
    frames(app, 1)
    monkeypatch.setattr(co_setup.FONTS, "blit", real)
    return seen


def test_the_setup_quotes_the_chosen_table_and_follows_the_clicks(app, monkeypatch, tmp_path):
    path = tmp_path / "balance.json"
    path.write_text(json.dumps(DOC), encoding="utf-8")
    monkeypatch.setattr(co_setup, "balance_path", lambda: path)
    app.nav.title()
    app.nav.setup("companions")
    frames(app, 1)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click_widget(app, setup.option_button("players", "4"))
    click_widget(app, setup.option_button("variant", "standard"))
    text = " ".join(drawn_text(app, monkeypatch))
    assert "wins 50 % of games at 4 players" in text
    click_widget(app, setup.option_button("players", "6"))
    text = " ".join(drawn_text(app, monkeypatch))
    assert "wins 46 % of games at 6 players" in text
    click_widget(app, setup.option_button("players", "5"))  # no figures for 5: no line
    assert not any("self-play" in s for s in drawn_text(app, monkeypatch))


def test_a_damaged_shipped_file_leaves_the_setup_working(app, monkeypatch, tmp_path):
    path = tmp_path / "balance.json"
    path.write_bytes(b"\xff\xfe garbage")
    monkeypatch.setattr(co_setup, "balance_path", lambda: path)
    app.nav.title()
    app.nav.setup("companions")
    frames(app, 2)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.balance == {}
    assert not any("self-play" in s for s in drawn_text(app, monkeypatch))

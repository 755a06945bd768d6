"""The fourth game's table played by synthetic clicks, as a player plays it: a decision made
where a player would click (cards, the choice bar, the seats). Shared by its UI tests and the
online duel tool."""

from __future__ import annotations

import random

from hercules.games.companions.engine import rules as E
from support.mouse import click


def card_rect(table, space):
    """Where the card at ``space`` can be clicked."""
    r, i = space
    return table.card_rects()[r][i]


def choice(table, key):
    """The choice bar's button ``key`` (None if it is not offered)."""
    return next((c for c in table.choices() if c.key == key), None)


def click_choice(app, table, key):
    """Click the choice bar's button ``key``."""
    c = choice(table, key)
    assert c is not None, (key, [c.key for c in table.choices()])
    click(app, c.rect.center)


def human_move(app, table, rng: random.Random) -> E.Action:
    """One decision of the human, by clicks: a legal action chosen at random, made the way a
    player makes it. Returns the action meant."""
    s = table.state
    legal = table.ctl.legal()
    p = s.prompt
    if p == E.P_CLAIM:
        silent = [a for a in legal if a.kind == "silent"]
        a = silent[0] if rng.random() < 0.4 else rng.choice([a for a in legal if a.kind == "claim"])
        if a.kind == "claim":
            click(app, card_rect(table, (a.row, a.col)).center)
            click_choice(app, table, f"n{a.n}")
        else:
            click_choice(app, table, "silent")
        return a
    if p == E.P_TURN:
        abilities = [a for a in legal if a.kind == "ability"]
        if abilities and rng.random() < 0.3:
            click_choice(app, table, "ability")
            return abilities[0]
        a = rng.choice([a for a in legal if a.kind == "look"])
        click(app, card_rect(table, (a.row, a.col)).center)
        click(app, card_rect(table, (a.row2, a.col2)).center)
        return a
    a = rng.choice(legal)
    if a.kind in ("swap", "reveal", "vote"):
        keys = {
            ("swap", 1): "swap",
            ("swap", 0): "keep",
            ("reveal", 1): "reveal",
            ("reveal", 0): "no_reveal",
            ("vote", 1): "vote_up",
            ("vote", 0): "vote_down",
        }
        click_choice(app, table, keys[(a.kind, a.n)])
    elif a.kind == "swap_up":
        click(app, card_rect(table, (a.row, a.col)).center)
        click(app, card_rect(table, (a.row2, a.col2)).center)
    elif a.kind == "make_draw":
        click(app, table.layout.plaques[a.seat].center)
    else:  # peek, hpeek, flip, move_down: a card
        click(app, card_rect(table, (a.row, a.col)).center)
    return a

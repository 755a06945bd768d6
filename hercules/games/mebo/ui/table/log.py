"""The table's log: the describer's words as entries of the shell's log panel.

:mod:`..describe` says what happened (:class:`~..describe.LogItem`); here a round's
header gets its title and each player's dice in their colours, a bot's reasoning
becomes a quieter note, and the painter draws the panel where the layout puts it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from hercules.ui import draw as D
from hercules.ui.log import HEADER, LINE, NOTE, TABLE_LOGS, LogDice, LogEntry
from hercules.ui.strings import t
from hercules.ui.theme import colour, player_style

from ..describe import LogItem
from .frame import TableFrame


def log_entries(items: Sequence[LogItem], state: Any) -> list[LogEntry]:
    """The log panel's entries for what the describer said (``state``: who is Hades)."""
    out: list[LogEntry] = []
    for item in items:
        if item.kind == "round":
            dice = []
            for seat, faces in item.dice:
                hades = 0 <= seat < state.n and state.players[seat].hades
                body, pip = D.die_colours(player_style(seat, hades)["colour"])
                dice.append(LogDice(faces, body, pip))
            if item.white:
                dice.append(LogDice((item.white,), colour("white_die"), colour("pip")))
            title = t("round", n=item.round)
            out.append(LogEntry(item.text, HEADER, tuple(dice), title))
        else:
            out.append(LogEntry(item.text, NOTE if item.kind == "reason" else LINE))
    return out


def draw_log(surface: pygame.Surface, f: TableFrame) -> None:
    """The log panel in the layout's log box (its view keeps the scroll position)."""
    view = f.log_view
    if view.rect != f.layout.log_box:
        view.place(f.layout.log_box, f.layout.body)
    view.draw(surface, t("log.title"), TABLE_LOGS)

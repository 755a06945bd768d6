"""One frame of the table, as the scene hands it to the painter (read only)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from hercules.games.mebo.engine import Action
from hercules.ui.log import LogView
from hercules.ui.strings import t

from ..describe import card_name
from ..layout import TableLayout
from ..targeting import Aim, Target
from .animations import AnimationView
from .geometry import TableGeometry


def source_name(source: str) -> str:
    """A card's name, or a power row's (``row:<deck>``)."""
    return t(f"deck.{source[4:]}") if source.startswith("row:") else card_name(source)


@dataclass(frozen=True)
class TableFrame:
    """Everything one frame of the table shows (built by the scene, read by the painter)."""

    state: Any
    layout: TableLayout
    geo: TableGeometry
    size: tuple[int, int]  #: the window
    names: list[str]
    log_view: LogView  #: the log panel (its entries and scroll position)
    recap: list[str]  #: what the others did since the human to act last played ([]: none)
    prompt: list[str]  #: the prompt box's lines (a fresh message first)
    human_seat: int  #: the seat of the human to act, or -1
    legal: list[Action]  #: the legal actions while a human acts (else empty)
    aim: Aim | None  #: what is being aimed
    targetable: frozenset[int]  #: the dice the aimed card can be used on
    anim: AnimationView
    hover: Target | None  #: under the mouse (None: no tooltip)
    mouse: tuple[int, int]
    zoom: Target | None = None  #: the card shown enlarged (None: none)
    heading: str = ""  #: the sidebar's heading ("": whose turn it is)
    #: A disabled button under the mouse and its tooltip (what it does, why not now).
    button_tip: tuple[pygame.Rect, list[str]] | None = None

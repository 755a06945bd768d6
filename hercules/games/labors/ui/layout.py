"""Where everything sits on the Labors table, for the painter and for the mouse alike.

The left part holds the trial (its dice on their tracks, large), the Hercules dice tray and
the ability cards (the Bow, the Rewards, a Mood's space); the sidebar on the right holds
Courage and Divinity, the Mood, what to do now, the buttons and the log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import pygame

from hercules.games.labors.engine.data import START, LabourDef
from hercules.games.labors.engine.spaces import BlueSpace, GoldSpace, blue_spaces, gold_spaces
from hercules.games.labors.engine.state import LaborsState
from hercules.ui.density import layout_pixels, scale_layout, scale_places, scale_rect

Colour = tuple[int, ...]
MARGIN = 12
#: Cards a row of the card area holds before a second row opens.
CARD_MIN_W = 150


@cache
def board_data() -> dict[str, Any]:
    """The table's drawing data (colours, graph layouts), shipped as package data."""
    text = (
        resources.files("hercules.assets")
        .joinpath("games", "labors", "data", "board.json")
        .read_text(encoding="utf-8")
    )
    doc: dict[str, Any] = json.loads(text)
    return doc


def tint(name: str) -> Colour:
    """A colour of the Labors table (``board.json``)."""
    return tuple(int(v) for v in board_data()["colours"][name])


@dataclass
class CardSlot:
    """An ability card on the table and its spaces' rectangles."""

    card: str
    rect: pygame.Rect
    blue: list[tuple[BlueSpace, pygame.Rect]] = field(default_factory=list)
    gold: list[tuple[GoldSpace, pygame.Rect]] = field(default_factory=list)


class LaborsLayout:
    """The table's rectangles for one window size, text scale and state."""

    def __init__(
        self, size: tuple[int, int], state: LaborsState, scale: float = 1.0, density: float = 1.0
    ) -> None:
        """The Labors table in a window of ``size`` real pixels, ``density`` of them per layout
        pixel (see :func:`hercules.ui.dpi.scale_layout`)."""
        self.density = density
        w, h = layout_pixels(size, density)
        m = MARGIN
        self.scale = scale
        self.body = max(12, round(16 * scale))
        side = int(min(max(w * 0.27, 300), 470) * min(1.25, max(1.0, scale**0.5)))
        side = min(side, int(w * 0.38))
        self.sidebar = pygame.Rect(w - side - m, m, side, h - 2 * m)
        main = pygame.Rect(m, m, w - side - 3 * m, h - 2 * m)
        self.main = main
        self.title = pygame.Rect(main.x, main.y, main.w, round(44 * min(scale, 1.3)))
        # The ability cards: one row, or two when they would be too narrow.
        cards = self.card_list(state)
        rows = 1 if len(cards) * CARD_MIN_W <= main.w else 2
        self.card_h = max(104, round(112 * min(scale, 1.3)))
        cards_h = rows * self.card_h + (rows - 1) * 6
        self.tray_h = max(78, round(86 * min(scale, 1.2)))
        self.cards_box = pygame.Rect(main.x, main.bottom - cards_h, main.w, cards_h)
        self.tray = pygame.Rect(main.x, self.cards_box.y - 8 - self.tray_h, main.w, self.tray_h)
        top = self.title.bottom + 8
        self.board = pygame.Rect(main.x, top, main.w, self.tray.y - 8 - top)
        self.cards = self._lay_cards(state, cards, rows)
        # The sidebar, top to bottom.
        sb = self.sidebar
        inner = sb.inflate(-20, -20)
        y = inner.y
        self.status = pygame.Rect(inner.x, y, inner.w, round(118 * min(scale, 1.3)))
        y = self.status.bottom + 8
        self.mood = pygame.Rect(inner.x, y, inner.w, round(92 * min(scale, 1.4)))
        y = self.mood.bottom + 8
        self.prompt = pygame.Rect(inner.x, y, inner.w, round(86 * min(scale, 1.5)))
        y = self.prompt.bottom + 8
        bh = round(42 * min(scale, 1.3))
        self.buttons = pygame.Rect(inner.x, y, inner.w, 2 * bh + 8)
        self.button_h = bh
        y = self.buttons.bottom + 10
        self.log_box = pygame.Rect(inner.x, y, inner.w, max(60, inner.bottom - y))
        scale_layout(self, density, ("body", "card_h", "tray_h", "button_h"))
        for slot in self.cards:  # the slots are the layout's own: scaled in place
            slot.rect = scale_rect(slot.rect, density)
            slot.blue = scale_places(slot.blue, density)
            slot.gold = scale_places(slot.gold, density)
        self.size = size

    # --- ability cards -------------------------------------------------------------------
    @staticmethod
    def card_list(state: LaborsState) -> list[str]:
        """The cards with abilities, in table order: the Bow, the Rewards, the Mood's space."""
        cards = ["BOW", *state.rewards]
        mood = state.data.moods.get(state.mood)
        if mood is not None and mood.blue is not None:
            cards.append(mood.id)
        return cards

    def _lay_cards(self, state: LaborsState, cards: list[str], rows: int) -> list[CardSlot]:
        box = self.cards_box
        per_row = max(1, -(-len(cards) // rows))
        gap = 8
        cw = min(260, (box.w - gap * (per_row - 1)) // per_row)
        blue = {s.key: s for s in blue_spaces_all(state)}
        gold = {s.key: s for s in gold_spaces_all(state)}
        out: list[CardSlot] = []
        for i, card in enumerate(cards):
            r, c = divmod(i, per_row)
            rect = pygame.Rect(
                box.x + c * (cw + gap), box.y + r * (self.card_h + 6), cw, self.card_h
            )
            slot = CardSlot(card, rect)
            spaces: list[tuple[str, Any]] = [
                ("b", s) for k, s in blue.items() if k.partition(".")[0] == card
            ] + [("g", s) for k, s in gold.items() if k.partition(".")[0] == card]
            n = len(spaces)
            if n:
                side = min(rect.h - 46, (rect.w - 16 - 6 * (n - 1)) // n, 64)
                x = rect.centerx - (n * side + (n - 1) * 6) // 2
                for kind, sp in spaces:
                    sr = pygame.Rect(x, rect.bottom - side - 10, side, side)
                    (slot.blue if kind == "b" else slot.gold).append((sp, sr))
                    x += side + 6
            out.append(slot)
        return out

    # --- the Hercules dice -----------------------------------------------------------------
    def die_rects(self, n: int) -> list[pygame.Rect]:
        """Where the roll's ``n`` dice sit in the tray."""
        if n <= 0:
            return []
        t = self.tray
        k = self.density
        size = min(t.h - round(18 * k), round(66 * k), (t.w - round(40 * k)) // n - round(10 * k))
        gap = min(round(18 * k), max(round(6 * k), (t.w - round(40 * k) - n * size) // max(1, n)))
        total = n * size + (n - 1) * gap
        x = t.centerx - total // 2
        return [
            pygame.Rect(x + i * (size + gap), t.centery - size // 2, size, size) for i in range(n)
        ]


def blue_spaces_all(state: LaborsState) -> list[BlueSpace]:
    """Every blue space on the table, a covered Reward's too (it is drawn, covered)."""
    if not state.covered:
        return blue_spaces(state)
    return blue_spaces(state.with_(covered=""))


def gold_spaces_all(state: LaborsState) -> list[GoldSpace]:
    """Every gold space on the table, a covered Reward's too."""
    if not state.covered:
        return gold_spaces(state)
    return gold_spaces(state.with_(covered=""))


# --- the trial's tracks ----------------------------------------------------------------------


@dataclass
class TrackGeometry:
    """The trial's spaces on the board: each (die, node) space's rectangle, and each row."""

    spaces: dict[tuple[int, str], pygame.Rect]
    rows: dict[int, pygame.Rect]  #: per Trial die: its row (a click there attacks it)
    labels: dict[int, pygame.Rect]  #: per Trial die: where its attack method is written
    graph: bool  #: the dice share a drawn graph (the Bull, the Apples)
    cell: int

    def die_rect(self, die: int, node: str) -> pygame.Rect:
        """Where Trial die ``die`` is drawn when it stands on ``node``."""
        r = self.spaces[(die, node)]
        return r.inflate(-r.w // 6, -r.h // 6)


def track_geometry(board: pygame.Rect, lab: LabourDef, density: float = 1.0) -> TrackGeometry:
    """Lay out the labour's tracks in ``board`` (real pixels, ``density`` of them per layout
    pixel: the tracks are laid out in layout pixels and multiplied back)."""
    if density != 1.0:
        found = track_geometry(scale_rect(board, 1 / density), lab)
        return TrackGeometry(
            scale_places(found.spaces, density),
            scale_places(found.rows, density),
            scale_places(found.labels, density),
            found.graph,
            round(found.cell * density),
        )
    graphs = board_data()["graphs"]
    if lab.id in graphs:
        return _graph_geometry(board, lab, graphs[lab.id])
    n = len(lab.dice)
    label_w = min(230, int(board.w * 0.25))
    row_h = min(130, board.h // n)
    top = board.y + (board.h - row_h * n) // 2
    spaces: dict[tuple[int, str], pygame.Rect] = {}
    rows: dict[int, pygame.Rect] = {}
    labels: dict[int, pygame.Rect] = {}
    most = max(len(d.track) for d in lab.dice)
    step = (board.w - label_w - 24) / most
    cell = int(min(row_h * 0.7, step * 0.84))
    for i, die in enumerate(lab.dice):
        row = pygame.Rect(board.x, top + i * row_h, board.w, row_h)
        rows[i] = row
        labels[i] = pygame.Rect(row.x + 10, row.y + 4, label_w - 14, row_h - 8)
        order = [START] + [str(k) for k in range(1, len(die.track))]
        for k, node in enumerate(order):
            cx = int(row.x + label_w + step * (k + 0.5))
            spaces[(i, node)] = pygame.Rect(cx - cell // 2, row.centery - cell // 2, cell, cell)
    return TrackGeometry(spaces, rows, labels, False, cell)


def _graph_geometry(board: pygame.Rect, lab: LabourDef, doc: dict[str, Any]) -> TrackGeometry:
    nodes: dict[str, list[float]] = doc["nodes"]
    starts: dict[str, list[float]] = doc.get("starts", {})
    pts = list(nodes.values()) + list(starts.values())
    cols = max(p[0] for p in pts) + 1
    rows_n = max(p[1] for p in pts) + 1
    label_h = 54
    area = pygame.Rect(board.x + 10, board.y + label_h, board.w - 20, board.h - label_h - 6)
    sx = area.w / cols
    sy = area.h / rows_n
    cell = int(min(sx * 0.7, sy * 0.74, 84))

    def at(p: list[float]) -> pygame.Rect:
        cx = int(area.x + sx * (p[0] + 0.5))
        cy = int(area.y + sy * (p[1] + 0.5))
        return pygame.Rect(cx - cell // 2, cy - cell // 2, cell, cell)

    spaces: dict[tuple[int, str], pygame.Rect] = {}
    rows: dict[int, pygame.Rect] = {}
    labels: dict[int, pygame.Rect] = {}
    for i, die in enumerate(lab.dice):
        for node in die.track:
            if node == START:
                p = starts.get(die.id, nodes.get(START, [0, 0]))
                spaces[(i, node)] = at(p)
            else:
                spaces[(i, node)] = at(nodes[node])
        rows[i] = board
        labels[i] = pygame.Rect(board.x + 10, board.y + 4, board.w - 20, label_h - 8)
    return TrackGeometry(spaces, rows, labels, True, cell)

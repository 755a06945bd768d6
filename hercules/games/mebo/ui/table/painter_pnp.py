"""Drawing the print-and-play variant: a paper sheet per player instead of cubes and cards.

:class:`PnpPainter` overrides the hooks of :class:`~.painter.TablePainter`: pencil
crosses on the labour track, the powers and jump table where the stacks would lie,
each player's sheet in their panel, and, while the player chooses where the Apprentice
stops after a labour, the columns it may stop on glowing on its track.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from hercules.games.mebo.engine.actions import POWER
from hercules.games.mebo.engine.cards import pnp_rules
from hercules.games.mebo.engine.pnp import ROW_ABILITY, ROWS
from hercules.ui import draw as D
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour, deck_colour

from ..layout import TableLayout
from ..targeting import Target, aimed_stops
from .frame import TableFrame, source_name
from .painter import TablePainter


class PnpPainter(TablePainter):
    """The table of the print-and-play variant."""

    def kept_parts(self, surface: pygame.Surface, f: TableFrame) -> dict[Any, Any]:
        """Only the board is kept (the sheets and the paper stacks are drawn anew), and
        not while stops are aimed: then it is drawn from another frame (no labours lit)."""
        stops, _ = aimed_stops(f.state, f.legal, f.aim)
        return {} if stops else {"board": self.board_part(surface, f)}

    def draw_board(self, surface: pygame.Surface, f: TableFrame) -> None:
        """The board; while a stop is aimed, the stops glow instead of the labours in reach."""
        stops, full = aimed_stops(f.state, f.legal, f.aim)
        if not stops:
            super().draw_board(surface, f)
            return
        super().draw_board(surface, replace(f, legal=[]))
        self.draw_stops(surface, f, stops, full)

    def draw_stops(
        self, surface: pygame.Surface, f: TableFrame, stops: list[int], full: int
    ) -> None:
        """The columns the Apprentice of the seat to act may stop on, each with its jump VP.

        The full move is gold and says so; the others glow like the labours in reach. The
        labour being performed is veiled in the seat's colour, so the choice reads as its
        consequence.
        """
        L = f.layout
        s = f.state
        seat = s.current
        pos = s.players[seat].pos
        rules = pnp_rules()
        labour = int(f.aim.source.removeprefix("labour:")) if f.aim is not None else 0
        if 1 <= labour <= 12:
            rect = L.columns[labour]
            surface.blit(D.veil(rect.size, (*colour("legal"), 40)), rect)
        row = L.rows[seat]
        for c in stops:
            col = L.columns[c]
            cell = pygame.Rect(col.x, row.y, col.w, row.h).inflate(-4, -2)
            gold = c == full
            tint = colour("gold") if gold else colour("highlight")
            surface.blit(D.veil(col.size, (*tint, 70 if gold else 45)), col)
            pygame.draw.rect(surface, tint, cell, 4 if gold else 2, border_radius=6)
            vp = t("sheet.stop_vp", vp=rules.jump_points(c - pos))
            lines = [t("sheet.stop_full"), vp] if gold else [vp]
            width = col.w + 16 if gold else col.w - 4
            size = min(FONTS.fit(x, L.small, width, "bold", smallest=9) for x in lines)
            labs = [FONTS.text(x, size, colour("ink"), "bold") for x in lines]
            w = max(lab.get_width() for lab in labs) + 8
            h = sum(lab.get_height() for lab in labs) + 4
            box = pygame.Rect(0, 0, w, h)
            box.midtop = (col.centerx, L.header.bottom + 2)
            box.clamp_ip(L.board)
            pygame.draw.rect(surface, tint, box, border_radius=4)
            y = box.y + 2
            for lab in labs:
                surface.blit(lab, lab.get_rect(midtop=(box.centerx, y)))
                y += lab.get_height()

    def stack_labels(self, layout: TableLayout) -> list[tuple[str, int]]:
        """One label: the legend lies over both stack areas."""
        return [("board.pnp_legend", layout.demigod_slots[0].x)]

    def draw_labour_mark(
        self,
        surface: pygame.Surface,
        f: TableFrame,
        seat: int,
        c: int,
        r: int,
        st: dict[str, Any],
        flying: set[int],
    ) -> None:
        """The labour track of the sheet: crossed labours, and the box still to do."""
        cell = pygame.Rect(0, 0, 2 * r, 2 * r)
        cell.center = f.layout.cube_center(seat, c)
        if f.state.players[seat].row >> c & 1:
            pygame.draw.rect(surface, st["dark"], cell, 1)
        else:
            D.pencil_cross(surface, cell, st["dark"])

    def draw_card_stacks(self, surface: pygame.Surface, f: TableFrame) -> None:
        """The powers and the jump table on paper, where the stacks would lie."""
        L = f.layout
        area = pygame.Rect(
            L.demigod_slots[0].x,
            L.demigod_slots[0].y,
            L.vase_slots[-1].right - L.demigod_slots[0].x,
            L.demigod_slots[0].h,
        )
        pygame.draw.rect(surface, colour("parchment"), area, border_radius=6)
        pygame.draw.rect(surface, colour("gold_dark"), area, 2, border_radius=6)
        half = area.w // 2
        # Six lines must fit the paper: the text size follows the line spacing.
        size = max(10, min(L.small - 1, (area.h - 12) // 6 - 3))
        y = area.y + 6
        for k, deck in enumerate(ROWS):
            line = f"{t(f'deck.{deck}')}: {t(f'ability.{ROW_ABILITY[k]}')}"
            fit = FONTS.fit(line, size, half - 16, smallest=10)
            FONTS.blit(surface, line, fit, colour("ink"), (area.x + 10, y))
            y += (area.h - 12) // 6
        rules = pnp_rules()
        FONTS.blit(
            surface,
            t("sheet.jump_table"),
            size,
            colour("terracotta_dark"),
            (area.x + half + 10, area.y + 6),
            "topleft",
            "bold",
        )
        top = area.y + 6 + size + 6
        step = (area.bottom - 4 - top) // 3
        for n, spaces in enumerate(range(3, 8)):  # two columns: 3-5, then 6 and 7+
            label = t(
                "sheet.jump_row",
                spaces=spaces if spaces < 7 else "7+",
                vp=rules.jump_points(spaces),
            )
            x = area.x + half + 10 + (n // 3) * (half // 2)
            FONTS.blit(surface, label, size, colour("ink"), (x, top + (n % 3) * step))

    def draw_holdings(self, surface: pygame.Surface, f: TableFrame, seat: int) -> None:
        """The player's paper sheet with pencil crosses and circles."""
        L = f.layout
        s = f.state
        p = s.players[seat]
        area = f.geo.hand_area(seat).inflate(4, 6)
        pygame.draw.rect(surface, colour("parchment"), area, border_radius=4)
        for y in range(area.y + 8, area.bottom, 9):  # faint ruled lines: it is paper
            pygame.draw.line(surface, (214, 214, 228), (area.x + 3, y), (area.right - 3, y), 1)
        pencil = (70, 66, 72)
        labours, rows = f.geo.sheet_layout(seat)
        for c, r in enumerate(labours, start=1):
            pygame.draw.rect(surface, (150, 140, 130), r, 1)
            FONTS.blit(surface, str(c), max(9, r.h // 2), colour("ink_soft"), r.center, "center")
            if not p.row >> c & 1:
                D.pencil_cross(surface, r, pencil)
            if p.circled >> c & 1:
                pygame.draw.ellipse(surface, pencil, r.inflate(6, 6), 2)
        usable: set[str] = set()
        choosing = seat == f.human_seat and s.prompt == "action"
        if choosing:
            usable = {f"row:{a.deck}" for a in f.legal if a.kind == POWER}
        boxes = 6
        size = min(
            FONTS.fit(t(f"deck.{d}"), max(11, rows[0][1].h - 6), 70, "bold", smallest=9)
            for d in ROWS
        )
        for k, (rid, r) in enumerate(rows):
            FONTS.blit(
                surface,
                t(f"deck.{ROWS[k]}"),
                size,
                D.shade(deck_colour(ROWS[k]), 0.7),
                (r.x + 4, r.centery),
                "midleft",
                "bold",
            )
            bs = min(r.h - 4, (r.w - 84) // boxes - 3)
            for b in range(boxes):
                cell = pygame.Rect(r.x + 80 + b * (bs + 3), r.centery - bs // 2, bs, bs)
                pygame.draw.rect(surface, (150, 140, 130), cell, 1)
                if b < p.crosses[k]:
                    D.pencil_cross(surface, cell, pencil)
                if b < p.circles[k]:
                    pygame.draw.ellipse(surface, pencil, cell.inflate(4, 4), 2)
            if rid in usable:
                pygame.draw.rect(surface, colour("highlight"), r, 2, border_radius=4)
            if f.aim is not None and f.aim.source == rid and seat == s.current:
                pygame.draw.rect(surface, colour("laurel"), r, 3, border_radius=4)
        # Where the standard game shows the cube supply: the jump points scored so far.
        _, sy = f.geo.supply_pos(seat)
        jumps = self.scores(s).players[seat].jumps
        right = L.panels[seat].right - 10
        FONTS.blit(
            surface,
            t("sheet.jumps", vp=jumps),
            L.small,
            colour("text_light"),
            (right, sy),
            "midright",
            "bold",
        )

    def tooltip(self, tg: Target, f: TableFrame) -> list[str]:
        """A power row's tooltip, the start space's; anything else as on the standard table."""
        if tg.kind == "column" and tg.value == 0:
            return [t("board.start"), t("sheet.stop_start")]
        if tg.kind == "hand_card" and str(tg.value).startswith("row:"):
            k = ROWS.index(tg.value[4:])
            p = f.state.players[tg.seat]
            return [
                source_name(tg.value),
                t(f"ability.{ROW_ABILITY[k]}"),
                t("tip.row", crosses=p.crosses[k], circles=p.circles[k]),
                t(f"deck.earn.{ROWS[k]}"),
            ]
        return super().tooltip(tg, f)

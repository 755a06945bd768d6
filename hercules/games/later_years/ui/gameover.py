"""The end of a game: who won, each player's points (tasks, most coins, chains) and the final
board with every scored chain drawn.

Ties follow the rulings: points first, then coins, then cards in hand; players still level
share the victory. From here: a new game, the replay, back to the table, or the title.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.games.later_years.engine import load_data, score
from hercules.games.later_years.engine.adapter import GAME_ID
from hercules.games.later_years.engine.state import LaterYearsState
from hercules.games.later_years.stats import score_history
from hercules.ui import draw as D
from hercules.ui.chart import best_badge, line_chart
from hercules.ui.replay import watch_again
from hercules.ui.scene import Scene, Shell
from hercules.ui.strings import t
from hercules.ui.table import GameTable
from hercules.ui.theme import FONTS, colour

from .cards import coin
from .chains import seat_chains
from .words import seat_name, seat_style, tint

#: The buttons, left to right.
BUTTONS = ("new_game", "replay", "see_table", "title")
#: The breakdown's columns after the name.
COLUMNS = ("tasks", "money_bonus", "chains", "total", "money", "cards")


class GameOverScene(Scene):
    """The final score over a marble page. ``table``: the table the game was played on."""

    def __init__(self, app: Shell, table: GameTable) -> None:
        super().__init__(app)
        self.table = table
        self.ctl = table.ctl
        self.names: list[str] = list(table.names)
        self.game_id: str = table.game_id or GAME_ID
        self.box = pygame.Rect(0, 0, 1, 1)
        self.buttons: dict[Any, str] = {}
        history = self.ctl.history
        #: Each seat's points when every auction was dealt, then at the end (empty: unknown).
        self.rounds: list[list[int]] = []
        if history:
            self.rounds = score_history(self.ctl.state, [r.action for r in history])

    @property
    def state(self) -> LaterYearsState:
        """The final game as the table shows it (scores use public facts only)."""
        state: LaterYearsState = self.table.view()
        return state

    # --- words -------------------------------------------------------------------------------
    def headline(self) -> str:
        """The winner, or the players sharing the victory."""
        winners = [seat_name(self.names, w) for w in score(self.state).winners]
        if len(winners) == 1:
            return t("ly.over.won", name=winners[0])
        return t("ly.over.shared", names=", ".join(winners))

    def rows(self) -> list[tuple[int, list[str]]]:
        """(seat, cells) per player, best first (the order of the rulings' tie-breaks)."""
        res = score(self.state)
        order = sorted(
            range(self.state.n),
            key=lambda s: (-res.seats[s].total, -res.seats[s].money, -res.seats[s].cards, s),
        )
        out = []
        for seat in order:
            sc = res.seats[seat]
            cells = [
                str(sc.tasks),
                f"+{sc.money_bonus}" if sc.money_bonus else "0",
                t("ly.over.chain_points", n=sc.chains, vp=3 * sc.chains),
                str(sc.total),
                str(sc.money),
                str(sc.cards),
            ]
            out.append((seat, cells))
        return out

    def text(self) -> str:
        """Every word on the page (tests read it)."""
        head = [self.headline(), t("ly.over.ties")]
        cols = [t(f"ly.over.col.{c}") for c in COLUMNS]
        lines = [" | ".join([t("ly.over.col.player"), *cols])]
        for seat, cells in self.rows():
            lines.append(" | ".join([seat_name(self.names, seat), *cells]))
        return "\n".join(head + lines)

    # --- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(24, 20, w - 48, h - 40)
        font = self.app.ui.get_theme().get_font(["button"])
        widths = [max(160, font.size(t(f"ly.over.{k}"))[0] + 40) for k in BUTTONS]
        gap = 16
        room = self.box.w - 60
        if sum(widths) + gap * (len(widths) - 1) > room:
            widths = [(room - gap * (len(widths) - 1)) // len(widths)] * len(widths)
        bh = max(46, round(self.px(18) * 2.5))
        x = w // 2 - (sum(widths) + gap * (len(widths) - 1)) // 2
        y = self.box.bottom - bh - 20
        self.buttons = {}
        for key, bw in zip(BUTTONS, widths, strict=True):
            b = self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, bw, bh), t(f"ly.over.{key}"), self.app.ui
                )
            )
            # An online game is replayed from the host's save (its server writes one).
            online = getattr(self.ctl, "online", False)
            if key == "replay" and (not hasattr(self.ctl, "undo_refusal") or online):
                b.disable()
            self.buttons[b] = key
            x += bw + gap

    def button(self, key: str) -> Any:
        """The button of ``key``."""
        return next((b for b, k in self.buttons.items() if k == key), None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            key = self.buttons[event.ui_element]
            if key == "new_game":
                self.app.nav.restart(self.game_id)
            elif key == "replay":
                self.replay()
            elif key == "see_table":
                self.app.pop()
            elif key == "title":
                self.app.nav.title()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def replay(self) -> None:
        """Watch the game again from its first move."""
        watch_again(self.app, self.ctl, self.names)

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        D.pave_marble(surface, seed=11)
        box = self.box
        D.panel(surface, box, colour("panel"), colour("gold"), 16)
        D.meander(
            surface, pygame.Rect(box.x + 30, box.y + 12, box.w - 60, 14), colour("gold_dark"), 3
        )
        head = self.headline()
        size = FONTS.fit(head, self.px(34), box.w - 200, "bold", smallest=18)
        r = FONTS.blit(
            surface, head, size, colour("highlight"), (box.centerx, box.y + 36), "midtop", "bold"
        )
        D.laurel(surface, (r.x - 40, r.centery), 24, colour("laurel"))
        D.laurel(surface, (r.right + 40, r.centery), 24, colour("laurel"))
        top = r.bottom + 18
        buttons_top = min((b.rect.top for b in self.buttons), default=box.bottom - 80)
        area = pygame.Rect(box.x + 30, top, box.w - 60, buttons_top - 20 - top)
        side = min(area.h, area.w * 2 // 5)
        board = pygame.Rect(area.right - side, area.y, side, side)
        table = pygame.Rect(area.x, area.y, area.w - side - 30, area.h)
        used = self.draw_breakdown(surface, table)
        self.draw_board(surface, board)
        chart = pygame.Rect(table.x, used.bottom + 16, table.w, table.bottom - used.bottom - 16)
        if len(self.rounds) >= 2 and chart.h >= 150:
            self.draw_rounds(surface, chart)
        outcome = self.app.nav.outcome(self.ctl)
        if outcome is not None and outcome.best:
            pos = (box.right - 40 - self.px(110), box.y + 56)
            best_badge(surface, pos, t("stats.your_best", score=outcome.score), self.px(15))

    def draw_rounds(self, surface: pygame.Surface, chart: pygame.Rect) -> None:
        """Every player's points over the auctions: a line each in the player's colour."""
        n = len(self.rounds[0])
        styles = [seat_style(seat) for seat in range(n)]

        def end(surf: pygame.Surface, seat: int, _i: int, pt: tuple[int, int]) -> None:
            coin(surf, pt, 8, seat)

        line_chart(
            surface,
            chart,
            [[r[seat] for r in self.rounds] for seat in range(n)],
            [st["colour"] for st in styles],
            title=t("ly.over.over_rounds"),
            label=lambda r, last: str(r + 1) if r < last else t("ly.over.end"),
            text=self.px(15),
            small=self.px(13),
            end=end,
        )

    def draw_breakdown(self, surface: pygame.Surface, area: pygame.Rect) -> pygame.Rect:
        """The points of each player, best first, the winners crowned; returns its frame."""
        size = self.px(17)
        want = (
            self.px(14) + 28 + self.state.n * min(60, size + 30) + 3 * round(self.px(14) * 1.4) + 16
        )
        area = pygame.Rect(area.x, area.y, area.w, min(area.h, want))
        D.panel(surface, area, colour("panel_light"), colour("gold_dark"), 12)
        cols = [t("ly.over.col.player")] + [t(f"ly.over.col.{c}") for c in COLUMNS]
        name_w = area.w * 30 // 100
        col_w = (area.w - 30 - name_w) // len(COLUMNS)
        xs = [area.x + 16] + [area.x + 16 + name_w + i * col_w for i in range(len(COLUMNS))]
        y = area.y + 14
        for i, (x, c) in enumerate(zip(xs, cols, strict=True)):
            fit = FONTS.fit(c, self.px(14), (name_w if i == 0 else col_w) - 6, "bold", 9)
            anchor = "topleft" if i == 0 else "midtop"
            pos = (x, y) if i == 0 else (x + col_w // 2, y)
            FONTS.blit(surface, c, fit, colour("gold"), pos, anchor, "bold")
        y += self.px(14) + 14
        winners = set(score(self.state).winners)
        row_h = max(size + 14, min(60, (area.bottom - y - 50) // max(1, self.state.n)))
        for seat, cells in self.rows():
            cy = y + row_h // 2
            if seat in winners:
                band = pygame.Rect(area.x + 6, y + 2, area.w - 12, row_h - 4)
                pygame.draw.rect(
                    surface, D.shade(colour("panel_light"), 1.25), band, border_radius=8
                )
            coin(surface, (xs[0] + 12, cy), 9, seat)
            name = seat_name(self.names, seat)
            fit = FONTS.fit(name, size, name_w - 40, "bold", 10)
            FONTS.blit(
                surface, name, fit, colour("text_light"), (xs[0] + 32, cy), "midleft", "bold"
            )
            for x, cell in zip(xs[1:], cells, strict=True):
                fit = FONTS.fit(cell, size, col_w - 6, smallest=9)
                bold = "bold" if cell == cells[3] else "body"
                FONTS.blit(
                    surface, cell, fit, colour("text_light"), (x + col_w // 2, cy), "center", bold
                )
            y += row_h
        note = t("ly.over.ties")
        for ln in FONTS.wrap(note, self.px(14), area.w - 32)[:2]:
            FONTS.blit(surface, ln, self.px(14), colour("text_dim"), (area.x + 16, y + 8))
            y += round(self.px(14) * 1.4)
        return area

    def draw_board(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The final board: every coin, and each scored chain as a line in its colour."""
        D.panel(surface, area, tint("board"), tint("board_edge"), 12)
        data = load_data()
        grid = area.inflate(-24, -24)
        cell = min(grid.w, grid.h) // 4
        gx = grid.centerx - 2 * cell
        gy = grid.centery - 2 * cell
        s = self.state

        def rect(i: int) -> pygame.Rect:
            r, c = divmod(i, 4)
            return pygame.Rect(gx + c * cell, gy + r * cell, cell, cell)

        for i, sp in enumerate(data.spaces):
            rr = rect(i).inflate(-4, -4)
            alt = (sp.row + sp.col) % 2
            pygame.draw.rect(
                surface, tint("board_cell_alt" if alt else "board_cell"), rr, border_radius=6
            )
            pygame.draw.rect(surface, tint("board_edge"), rr, 1, border_radius=6)
            FONTS.blit(
                surface,
                str(sp.fee),
                max(10, cell // 5),
                tint("fee"),
                (rr.right - 4, rr.bottom - 2),
                "bottomright",
            )
            stack = s.board[i][-4:]
            step = max(3, cell // 12)
            for k, seat in enumerate(stack):
                coin(
                    surface,
                    (rr.centerx - 6 + k * step, rr.centery + 6 - k * step),
                    max(6, cell // 8),
                    seat,
                )
        for seat in range(s.n):
            st = seat_style(seat)
            off = (seat - (s.n - 1) / 2) * max(2, cell // 14)
            for k, path in enumerate(seat_chains(s, seat)):
                pts = [(rect(c).centerx + off + 3 * k, rect(c).centery + off + 3 * k) for c in path]
                w = max(3, cell // 14)
                pygame.draw.lines(surface, st["dark"], False, pts, w + 3)
                pygame.draw.lines(surface, st["colour"], False, pts, w)

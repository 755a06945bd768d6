"""The end of the game: the full score breakdown per player, a bar chart and the tie-break."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app import saves
from hercules.games.mebo.engine.scoring import score
from hercules.games.mebo.spec import GAME_ID
from hercules.games.mebo.stats import score_history
from hercules.ui import draw as D
from hercules.ui.chart import best_badge, line_chart, readable
from hercules.ui.names import seat_name
from hercules.ui.scene import Scene, Shell
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour, player_style

CATEGORIES = ("cards", "vases", "zeus_pantheon", "majorities", "sets", "cubes")
#: The print-and-play sheet scores other things (no cards, vases or cubes).
PNP_CATEGORIES = ("jumps", "reached_12", "majorities", "sets", "labours")
CAT_COLOURS = {
    "cards": (212, 170, 74),
    "vases": (176, 84, 48),
    "zeus_pantheon": (238, 222, 170),
    "majorities": (92, 124, 64),
    "sets": (84, 150, 186),
    "cubes": (150, 130, 120),
    "jumps": (176, 84, 48),
    "reached_12": (238, 222, 170),
    "labours": (150, 130, 120),
}


class GameOverScene(Scene):
    """Scores of a finished game (also works for any state, e.g. in screenshots)."""

    def __init__(self, app: Shell, state: Any, names: list[str], controller: Any = None) -> None:
        super().__init__(app)
        self.state = state
        self.names = names
        self.ctl = controller  # lets the finished game be watched again as a replay
        self.result = score(state)
        self.categories = state.config.variant.score_categories
        #: Each seat's total at the start of every round and at the end (empty: unknown).
        self.rounds = score_by_round(state, controller)

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        keys = ["new_game", "see_table", "replay", "title"]
        x = w // 2 - (len(keys) * 200 + (len(keys) - 1) * 30) // 2
        self.buttons: dict[Any, str] = {}
        for key in keys:
            b = self.add(
                pygame_gui.elements.UIButton(pygame.Rect(x, h - 80, 200, 50), t(f"over.{key}"), ui)
            )
            # An online game is replayed from the host's save (its server writes one).
            if key == "replay" and (self.ctl is None or getattr(self.ctl, "online", False)):
                b.disable()
            self.buttons[b] = key
            x += 230
        by_key = {k: b for b, k in self.buttons.items()}
        self.btn_new, self.btn_table = by_key["new_game"], by_key["see_table"]
        self.btn_replay, self.btn_title = by_key["replay"], by_key["title"]

    def replay(self) -> None:
        """Watch this game again, from its first move."""
        try:
            doc = saves.game_document(self.ctl, self.names)
            loaded = saves.read_document(doc, self.ctl.rules)
            self.app.nav.replay(loaded)
        except saves.SaveError:
            return
        except Exception as exc:  # noqa: BLE001 - the last catch: the score screen stays up
            saves.damaged(exc)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_new:
                self.app.nav.restart(self.ctl.rules.name if self.ctl else GAME_ID)
            elif event.ui_element is self.btn_title:
                self.app.nav.title()
            elif event.ui_element is self.btn_table:
                self.app.pop()
            elif event.ui_element is self.btn_replay:
                self.replay()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def headline(self) -> str:
        """Who won, in words: a winning human at this machine is greeted by name."""
        winners = [seat_name(self.names, i) for i in self.result.winners]
        if len(winners) == 1:
            seat = self.result.winners[0]
            if self.ctl is not None and self.ctl.seats[seat].kind == "human":
                return t("over.you_win", who=winners[0])
            return t("over.winner", who=winners[0])
        return t("over.shared", who=", ".join(winners))

    def tiebreak_text(self) -> str:
        """How first place was decided."""
        tb = self.result.tiebreak
        if tb == "shared" and not self.state.config.variant.tiebreaks:  # pnp: none exist
            return t("over.tiebreak.shared_on_points")
        return t(f"over.tiebreak.{tb or 'none'}")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(colour("background"))
        D.meander(surface, pygame.Rect(0, 8, w, 16), colour("gold_dark"), 4)
        head = FONTS.blit(
            surface,
            self.headline(),
            self.px(36),
            colour("highlight"),
            (w // 2, 40),
            "midtop",
            "bold",
        )
        D.laurel(surface, (head.x - 40, head.centery), 26, colour("laurel"))
        D.laurel(surface, (head.right + 40, head.centery), 26, colour("laurel"))
        FONTS.blit(
            surface, self.tiebreak_text(), self.px(18), colour("text_light"), (w // 2, 96), "midtop"
        )
        self.draw_best(surface)
        players = sorted(self.result.players, key=lambda p: (p.place, p.seat))
        top, bottom = 136, h - 100  # under the headline, above the buttons
        left_w = int(w * 0.5)
        natural = 24 + (len(self.categories) + 4) * 44  # the table with rows of 44 px
        chart = len(self.rounds) >= 2
        if chart and bottom - top - natural >= 240:
            # A tall window: the table and the bars on the left, the rounds on the right.
            table = pygame.Rect(40, top, left_w, natural)
            self.draw_table(surface, table, players)
            bars = pygame.Rect(40, table.bottom + 20, left_w, bottom - table.bottom - 20)
            self.draw_bars(surface, bars, players)
            line = pygame.Rect(table.right + 30, top, w - table.right - 70, bottom - top)
            self.draw_rounds(surface, line)
            return
        table = pygame.Rect(40, top, left_w, bottom - top)  # its rows grow to fill it
        self.draw_table(surface, table, players)
        right = pygame.Rect(table.right + 30, top, w - table.right - 70, table.h)
        if chart:
            bars = pygame.Rect(right.x, right.y, right.w, (right.h - 20) * 9 // 20)
            line = pygame.Rect(right.x, bars.bottom + 20, right.w, right.bottom - bars.bottom - 20)
            self.draw_bars(surface, bars, players)
            self.draw_rounds(surface, line)
        else:
            self.draw_bars(surface, right, players)

    def draw_table(self, surface: pygame.Surface, table: pygame.Rect, players: list[Any]) -> None:
        """The categories, a row each, and a column per player; the rows share the height."""
        D.panel(surface, table, colour("panel"), colour("gold"), 12)
        rows = [(t(f"over.cat.{c}"), [getattr(p, c) for p in players]) for c in self.categories]
        rows.append((t("over.total"), [p.total for p in players]))
        rows.append((t("over.place"), [p.place for p in players]))
        rows.append((t("over.column"), [p.apprentice for p in players]))
        row_h = max(24, min(60, (table.h - 24) // (len(rows) + 1)))
        size = min(self.px(18 if row_h >= 34 else 16), row_h - 10)
        label_w = min(220, table.w * 2 // 5)
        col_w = (table.w - label_w) // max(1, len(players))
        y = table.y + 12 + (row_h - size) // 2
        FONTS.blit(
            surface, t("over.category"), size, colour("gold"), (table.x + 16, y), "topleft", "bold"
        )
        for k, p in enumerate(players):
            st = player_style(p.seat, self.state.players[p.seat].hades)
            x = table.x + label_w + k * col_w + col_w // 2
            name = seat_name(self.names, p.seat)
            fit = FONTS.fit(name, size, col_w - 8, "bold", smallest=11)
            FONTS.blit(surface, name, fit, readable(st["colour"]), (x, y), "midtop", "bold")
        y = table.y + 12 + row_h
        for i, (label, vals) in enumerate(rows):
            if i % 2 == 0:
                pygame.draw.rect(
                    surface,
                    colour("panel_light"),
                    pygame.Rect(table.x + 6, y, table.w - 12, row_h - 4),
                    border_radius=6,
                )
            bold = label == t("over.total")
            style = "bold" if bold else "body"
            ty = y + (row_h - 4 - size) // 2 - 2
            FONTS.blit(
                surface,
                label,
                FONTS.fit(label, size, label_w - 24, style, smallest=11),
                colour("text_light"),
                (table.x + 16, ty),
                "topleft",
                style,
            )
            for k, v in enumerate(vals):
                x = table.x + label_w + k * col_w + col_w // 2
                ink = colour("highlight") if bold else colour("text_light")
                FONTS.blit(
                    surface, str(v), size + (2 if bold else 0), ink, (x, ty), "midtop", style
                )
            y += row_h

    def draw_bars(self, surface: pygame.Surface, chart: pygame.Rect, players: list[Any]) -> None:
        """One stacked bar per player, by category, under a legend that wraps within the frame."""
        D.panel(surface, chart, colour("panel"), colour("gold"), 12)
        # The legend first: its height decides the bars' room.
        ly = chart.y + 12
        lx = chart.x + 16
        for c in self.categories:
            text = t(f"over.cat.{c}")
            tw = FONTS.text(text, self.px(15), colour("text_light")).get_width()
            if lx + 20 + tw > chart.right - 12 and lx > chart.x + 16:
                lx = chart.x + 16
                ly += self.px(21)
            pygame.draw.rect(surface, CAT_COLOURS[c], pygame.Rect(lx, ly + 3, 13, 13))
            r = FONTS.blit(surface, text, self.px(15), colour("text_light"), (lx + 19, ly))
            lx = r.right + 14
        top_y = ly + self.px(21) + self.px(24)  # the legend, then room for the totals over the bars
        base = chart.bottom - 34
        height = max(10, base - top_y)
        most = max(1, max(p.total for p in players))
        n = max(1, len(players))
        bw = max(16, min(90, (chart.w - 40) // n - 20))
        x0 = chart.x + (chart.w - (n * bw + (n - 1) * 20)) // 2
        for k, p in enumerate(players):
            x = x0 + k * (bw + 20)
            y = base
            for c in self.categories:
                v = getattr(p, c)
                if v <= 0:
                    continue
                hh = int(height * v / most)
                pygame.draw.rect(surface, CAT_COLOURS[c], pygame.Rect(x, y - hh, bw, hh))
                y -= hh
            FONTS.blit(
                surface,
                str(p.total),
                self.px(16),
                colour("highlight"),
                (x + bw // 2, y - 3),
                "midbottom",
                "bold",
            )
            st = player_style(p.seat, self.state.players[p.seat].hades)
            D.shape(surface, st["shape"], (x + bw // 2, base + 16), 8, st["colour"], st["dark"])

    def draw_rounds(self, surface: pygame.Surface, chart: pygame.Rect) -> None:
        """Every player's score over the rounds: a line each, in the player's colour and shape."""
        styles = [player_style(i, p.hades) for i, p in enumerate(self.state.players)]

        def end(surf: pygame.Surface, seat: int, _i: int, pt: tuple[int, int]) -> None:
            st = styles[seat]
            D.shape(surf, st["shape"], pt, 7, st["colour"], st["dark"])

        line_chart(
            surface,
            chart,
            [[r[seat] for r in self.rounds] for seat in range(len(self.rounds[0]))],
            [st["colour"] for st in styles],
            title=t("over.over_rounds"),
            label=lambda r, last: str(r + 1) if r < last else t("over.end"),
            text=self.px(15),
            small=self.px(13),
            end=end,
        )

    def draw_best(self, surface: pygame.Surface) -> None:
        """ "Your best" by the headline when this score beats the player's earlier games."""
        outcome = self.app.nav.outcome(self.ctl)
        if outcome is None or not outcome.best:
            return
        w = surface.get_width()
        words = t("stats.your_best", score=outcome.score)
        best_badge(surface, (w - 40 - self.px(120), 60), words, self.px(16))


def score_by_round(state: Any, controller: Any) -> list[list[int]]:
    """Each seat's total when every round began (its dice rolled), then at the end.

    Empty when the game's actions are unknown (no controller) or do not lead to ``state``
    (see :func:`hercules.games.mebo.stats.score_history`).
    """
    if controller is None:
        return []
    return score_history(state, [rec.action for rec in controller.history])

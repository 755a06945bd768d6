"""The statistics of the profile in use: a tab per game of the box.

Per game: games played and won, win rate by opponents and by variant with the best and mean
score, the longest winning streak, the record against each bot level, the game's own lines
(its ``stat_lines`` hook) and a plot of the score over the last games. Games only bots
played are counted apart. Read from the file when opened; nothing here writes.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app import paths, profiles, statistics
from hercules.app.registry import GameSpec, games

from .. import draw as D
from ..chart import line_chart
from ..scene import Scene, Shell
from ..strings import has, language, t
from ..theme import FONTS, colour


def word(kind: str, key: str) -> str:
    """A level's or variant's name in the player's language (``level.<key>``, ``mode.<key>``);
    the key itself, capitalised, when no game has words for it."""
    if not key:
        return t("stats.nobody") if kind == "level" else ""
    if "+" in key:
        return " + ".join(word(kind, k) for k in key.split("+"))
    return capital(_word(kind, key))


def capital(text: str) -> str:
    """``text`` with its first letter a capital (a level's name heads a row)."""
    return text[:1].upper() + text[1:]


def _word(kind: str, key: str) -> str:
    if kind == "level" and has(f"level.{key}"):
        return t(f"level.{key}")
    if kind == "mode" and has(f"mode.{key}"):
        return t(f"mode.{key}")
    return key.replace("_", " ")


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a whole percentage ("–" of nothing)."""
    return f"{round(100 * part / whole)} %" if whole else "–"


class StatisticsScene(Scene):
    """One tab per game; the figures of the chosen one. Back (or Esc) closes it."""

    def __init__(self, app: Shell, game: str | None = None) -> None:
        super().__init__(app)
        self.specs: list[GameSpec[Any, Any, Any]] = games()
        self.records = statistics.load_records()
        self.game = game if game in {s.id for s in self.specs} else self.specs[0].id
        self.tabs: dict[Any, str] = {}
        self.box = pygame.Rect(0, 0, 1, 1)

    # --- figures -----------------------------------------------------------------------------
    @property
    def spec(self) -> GameSpec[Any, Any, Any]:
        """The game whose tab is open."""
        return next(s for s in self.specs if s.id == self.game)

    def summary(self) -> statistics.Summary:
        """The open tab's figures."""
        spec = self.spec
        return statistics.summarise(self.records, spec.id, spec.bot_levels, spec.variants)

    def game_lines(self, summary: statistics.Summary) -> list[str]:
        """The game's own lines (its ``stat_lines`` hook), if it has any."""
        hook = self.spec.tool_entry("stat_lines")
        if hook is None or not summary.records:
            return []
        try:
            return [str(line) for line in hook(summary.records, t)][:6]
        except Exception:  # noqa: BLE001 - a game's extra lines never close the screen
            return []

    def lines(self) -> list[str]:
        """The headline figures in words (tests read them)."""
        s = self.summary()
        total = s.total
        out = [t("stats.played", n=total.played)]
        if s.bots_only:
            out.append(t("stats.bots_only", n=s.bots_only))
        if total.played:
            out += [
                t("stats.won", n=total.won, rate=percent(total.won, total.played)),
                t("stats.scores", best=total.best, mean=f"{total.mean:.1f}"),
                t("stats.streak", longest=s.longest_streak, now=s.streak),
            ]
        return out + self.game_lines(s)

    # --- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(w - 40, 1500), min(h - 30, 980))
        self.box.center = (w // 2, h // 2)
        self.tabs = {}
        lang = language()
        n = max(1, len(self.specs))
        gap = 12
        tab_w = min(380, (self.box.w - 80 - gap * (n - 1)) // n)
        x = self.box.centerx - (n * tab_w + (n - 1) * gap) // 2
        for spec in self.specs:
            b = self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(x, self.box.y + 70, tab_w, 44), spec.name(lang), self.app.ui
                )
            )
            if spec.id == self.game:
                b.select()  # the open tab: lit, not greyed as if it could not be opened
            self.tabs[b] = spec.id
            x += tab_w + gap
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.centerx - 100, self.box.bottom - 66, 200, 48),
                t("setup.back"),
                self.app.ui,
            )
        )

    def choose(self, game: str) -> None:
        """Open ``game``'s tab."""
        self.game = game
        self.resize(self.app.size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_back:
                self.app.pop()
            elif event.ui_element in self.tabs:
                self.choose(self.tabs[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    # --- drawing -----------------------------------------------------------------------------
    def title(self) -> str:
        """The page's title, with the profile's name unless it is the default one."""
        name = profiles.load_profiles().name_of(paths.profile())
        if name:
            return t("stats.title_of", name=name)
        return t("stats.title")

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        D.page(surface, box, self.title(), seed=7)
        s = self.summary()
        top = box.y + 130
        bottom = box.bottom - 84
        left = pygame.Rect(box.x + 36, top, box.w * 45 // 100 - 36, bottom - top)
        right = pygame.Rect(left.right + 28, top, box.right - 36 - left.right - 28, bottom - top)
        y = self.draw_lines(surface, left)
        if s.total.played:
            y = self.draw_rows(surface, left, y + 10, s)
        if s.versus:
            self.draw_versus(surface, pygame.Rect(left.x, y + 4, left.w, left.bottom - y - 4), s)
        chart_h = right.h if not s.total.played else min(right.h, max(220, right.h * 55 // 100))
        chart = pygame.Rect(right.x, right.y, right.w, chart_h)
        self.draw_plot(surface, chart, s)
        if s.total.played:
            recent = pygame.Rect(
                right.x, chart.bottom + 18, right.w, right.bottom - chart.bottom - 18
            )
            self.draw_recent(surface, recent, s)

    def draw_lines(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The headline figures; returns where they end."""
        y = area.y
        for i, line in enumerate(self.lines()):
            size = self.px(20 if i == 0 else 17)
            style = "bold" if i == 0 else "body"
            ink = colour("highlight") if i == 0 else colour("text_light")
            for part in FONTS.wrap(line, size, area.w)[:2]:
                FONTS.blit(surface, part, size, ink, (area.x, y), "topleft", style)
                y += round(size * 1.35)
        return y

    def draw_rows(self, surface: pygame.Surface, area: pygame.Rect, y: int, s: Any) -> int:
        """The tables by opponents and by variant: played, won, win rate, best, mean."""
        cols = ("played", "won", "rate", "best", "mean")
        size = self.px(15)
        row_h = round(size * 1.6)
        label_w = area.w * 36 // 100
        col_w = (area.w - label_w) // len(cols)
        for head, rows, kind in (
            (t("stats.by_opponents"), s.by_opponent, "level"),
            (t("stats.by_variant"), s.by_variant, "mode"),
        ):
            if len(rows) < 2:
                continue  # one row would repeat the totals above
            if y + row_h * (len(rows) + 2) > area.bottom:
                break
            FONTS.blit(surface, head, size, colour("gold"), (area.x, y), "topleft", "bold")
            for k, c in enumerate(cols):
                x = area.x + label_w + k * col_w + col_w // 2
                words = t(f"stats.col.{c}")
                fit = FONTS.fit(words, size, col_w - 4, smallest=9)
                FONTS.blit(surface, words, fit, colour("text_dim"), (x, y), "midtop")
            y += row_h
            for i, row in enumerate(rows):
                if i % 2 == 0:
                    band = pygame.Rect(area.x - 6, y - 3, area.w + 6, row_h)
                    pygame.draw.rect(surface, colour("panel_light"), band, border_radius=6)
                label = word(kind, row.key)
                fit = FONTS.fit(label, size, label_w - 8, smallest=9)
                FONTS.blit(surface, label, fit, colour("text_light"), (area.x, y))
                cells = (
                    str(row.played),
                    str(row.won),
                    percent(row.won, row.played),
                    str(row.best),
                    f"{row.mean:.1f}",
                )
                for k, cell in enumerate(cells):
                    x = area.x + label_w + k * col_w + col_w // 2
                    FONTS.blit(surface, cell, size, colour("text_light"), (x, y), "midtop")
                y += row_h
            y += row_h // 2
        return y

    def draw_plot(self, surface: pygame.Surface, chart: pygame.Rect, s: Any) -> None:
        """The score over the last games: gold dots for games won, dark ones for the others."""
        if not s.last:
            D.panel(surface, chart, colour("panel"), colour("gold"), 12)
            words = t("stats.none")
            for i, part in enumerate(FONTS.wrap(words, self.px(17), chart.w - 40)[:3]):
                pos = (chart.centerx, chart.centery + (i - 1) * self.px(24))
                FONTS.blit(surface, part, self.px(17), colour("text_dim"), pos, "center")
            return
        wins = [won for _, won in s.last]

        def mark(surf: pygame.Surface, _line: int, i: int, pt: tuple[int, int]) -> None:
            fill = colour("gold") if wins[i] else colour("ink_soft")
            pygame.draw.circle(surf, colour("ink"), pt, 7)
            pygame.draw.circle(surf, fill, pt, 5)

        first = s.total.played - len(s.last)  # how many of the player's games came before
        line_chart(
            surface,
            chart,
            [[score for score, _ in s.last]],
            [colour("highlight")],
            title=t("stats.plot", n=len(s.last)),
            label=lambda i, _last: str(first + i + 1),
            text=self.px(15),
            small=self.px(13),
            mark=mark,
        )
        key = t("stats.plot_key")
        FONTS.blit(
            surface,
            key,
            self.px(13),
            colour("text_dim"),
            (chart.right - 16, chart.y + 12),
            "topright",
        )

    def recent_lines(self, s: statistics.Summary, most: int) -> list[tuple[str, bool]]:
        """The player's last games, newest first: (line, won)."""
        out = []
        for rec in reversed(s.records):
            you = statistics.yours(rec)
            if you is None:
                continue
            parts = [rec["ended"][:10], word("mode", rec["variant"])]
            if statistics.opponents(rec):  # a solo game or friends only: nothing to say
                parts.append(word("level", statistics.opponents(rec)))
            parts += [t("stats.result.won" if you.won else "stats.result.lost"), str(you.score)]
            line = " · ".join(parts)
            out.append((line, you.won))
            if len(out) >= most:
                break
        return out

    def draw_recent(self, surface: pygame.Surface, area: pygame.Rect, s: Any) -> None:
        """The last games, newest first, as many as fit."""
        size = self.px(15)
        row_h = round(size * 1.5)
        FONTS.blit(
            surface, t("stats.recent"), size, colour("gold"), area.topleft, "topleft", "bold"
        )
        y = area.y + round(size * 1.6)
        for line, won in self.recent_lines(s, max(0, (area.bottom - y) // row_h)):
            fit = FONTS.fit(line, size, area.w - 20, smallest=10)
            r = FONTS.blit(surface, line, fit, colour("text_light"), (area.x + 20, y))
            dot = colour("gold") if won else colour("ink_soft")
            pygame.draw.circle(surface, dot, (area.x + 6, r.centery), 5)
            y += row_h

    def draw_versus(self, surface: pygame.Surface, area: pygame.Rect, s: Any) -> None:
        """The player against each bot level: placed ahead, level, behind."""
        size = self.px(15)
        y = area.y
        FONTS.blit(surface, t("stats.versus"), size, colour("gold"), (area.x, y), "topleft", "bold")
        y += round(size * 1.6)
        for vs in s.versus:
            text = t(
                "stats.versus_line",
                level=word("level", vs.level),
                ahead=vs.ahead,
                level_with=vs.level_with,
                behind=vs.behind,
            )
            fit = FONTS.fit(text, size, area.w, smallest=10)
            FONTS.blit(surface, text, fit, colour("text_light"), (area.x, y))
            y += round(size * 1.5)

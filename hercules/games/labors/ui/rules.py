"""The rules screen: our own summary of the rules, then a reference built from the game's data.

The summary is the game's ``text/rules.<lang>.txt``; the reference lists the twelve labours
(each Trial die's health, attack and track), every Reward and every Mood, in the words of
:mod:`.words`, so it always says what the engine plays.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame
import pygame_gui

from hercules.games.labors.engine import LaborsData, load_data
from hercules.ui import draw as D
from hercules.ui.scene import Scene
from hercules.ui.scroll import Scroller
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from .words import (
    blue_text,
    game_text,
    labour_title,
    mood_name,
    mood_text,
    numeral,
    reward_name,
    reward_text,
    reward_variant,
    trial_die_text,
)

#: Line styles: (font size at 100 % text, font style, line height as a multiple of the size).
STYLES: dict[str, tuple[int, str, float]] = {
    "title": (30, "bold", 1.7),
    "head": (26, "bold", 1.6),
    "sub": (20, "bold", 1.45),
    "body": (18, "body", 1.4),
    "bullet": (18, "body", 1.4),
    "cont": (18, "body", 1.4),
    "card": (18, "body", 1.4),
    "gap": (8, "body", 1.0),
}
#: Left margin of the text in the panel, and the indent of bullets and reference lines.
MARGIN = 30
INDENT = 30
#: Badge kinds drawn left of a reference line: a Trial die's health, a Reward's letter, a Mood.
DIE, VARIANT, MOOD, SPECIAL = "die", "variant", "mood", "special"

#: A line of the page: (style, text, y from the page's top, badge kind, badge text).
Line = tuple[str, str, int, str, str]


def reference_rows(data: LaborsData | None = None) -> list[tuple[str, str, str, str]]:
    """The reference as (style, text, badge kind, badge text) rows, in the current language."""
    data = data or load_data()
    rows: list[tuple[str, str, str, str]] = [("head", t("lab.rules.ref.labours"), "", "")]
    rows.append(("body", t("lab.rules.ref.labours_help"), "", ""))
    for lab in data.labours:
        rows.append(("sub", labour_title(lab.n), "", ""))
        # Alike dice (two of the Stymphalian Birds) are one line with their number.
        alike = Counter((trial_die_text(d), d.start) for d in lab.dice)
        for (text, health), n in alike.items():
            line = t("lab.rules.ref.alike", n=n, what=text) if n > 1 else text
            rows.append(("card", line, DIE, str(health)))
    rows.append(("gap", "", "", ""))
    rows.append(("head", t("lab.rules.ref.rewards"), "", ""))
    rows.append(("body", t("lab.rules.ref.rewards_help"), "", ""))
    rows.append(("sub", t("lab.rules.ref.bow"), "", ""))
    for blue in data.bow:
        rows.append(("card", t("lab.rules.r.blue", what=blue_text(blue)), VARIANT, ""))
    for lab in data.labours:
        if not lab.rewards:
            continue
        rows.append(("sub", f"{numeral(lab.n)} \u00b7 {reward_name(lab.rewards[0], data)}", "", ""))
        for rid in lab.rewards:
            rows.append(
                ("card", reward_text(data.rewards[rid], data), VARIANT, reward_variant(rid))
            )
    rows.append(("gap", "", "", ""))
    rows.append(("head", t("lab.rules.ref.moods"), "", ""))
    rows.append(("body", t("lab.rules.ref.moods_help"), "", ""))
    for mood in data.moods.values():
        name = mood_name(mood.id)
        if mood.special:
            name = t("lab.rules.ref.special", name=name)
        rows.append(
            ("card", f"{name}: {mood_text(mood, data)}", SPECIAL if mood.special else MOOD, "")
        )
    return rows


class RulesScene(Scene):
    """The rules summary, then the reference, in a panel that scrolls. Esc or Back returns.

    The page is laid out once per size, language and text scale (:meth:`compose`): each
    line gets its place in pixels, so the scrollbar knows the page's true height and the
    page ends where its text ends.
    """

    focus_arrows = (pygame.K_LEFT, pygame.K_RIGHT)  #: Up and Down scroll

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.lines: list[Line] = []
        self.scroller = Scroller(pygame.Rect(0, 0, 1, 1), 0)
        self.box = pygame.Rect(0, 0, 1, 1)

    @property
    def scale(self) -> float:
        """The text scale in real pixels (the player's, times the display's)."""
        return float(self.app.text_scale)

    @property
    def indent(self) -> int:
        """The indent of bullets and reference lines (room for a badge)."""
        return round(INDENT * max(1.0, self.scale))

    def size_of(self, style: str) -> int:
        """The font size of a line style at the player's text scale."""
        return max(8, round(STYLES[style][0] * self.scale))

    def build(self) -> None:
        w, h = self.app.size
        btn_h = max(44, round(44 * self.scale))
        # Lines of readable length: on a wide window the page is a column, not the width.
        bw = min(w - 80, round(1240 * max(1.0, self.scale)))
        self.box = pygame.Rect((w - bw) // 2, 30, bw, h - 60 - btn_h - 20)
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - 110, self.box.bottom + 20, 220, btn_h),
                t("lab.rules.back"),
                self.app.ui,
            )
        )
        hint_h = max(18, round(15 * self.scale)) + 14  # the scrolling hint under the text
        view = pygame.Rect(
            self.box.x + 12, self.box.y + 30, self.box.w - 24, self.box.h - 30 - hint_h
        )
        offset = self.scroller.offset
        self.lines, height = self.compose(view.w - MARGIN - 24)
        self.scroller = Scroller(view, height, step=round(STYLES["body"][0] * self.scale * 3))
        self.scroller.scroll_to(offset)

    def compose(self, width: int) -> tuple[list[Line], int]:
        """The page's lines with their places, and its height: the rules, then the reference."""
        rows: list[tuple[str, str, str, str]] = [("title", t("lab.rules.title"), "", "")]
        for para in game_text("rules").split("\n"):
            if para.startswith("# "):
                rows.append(("head", para[2:], "", ""))
            elif para.strip():
                bullet = para.startswith("- ")
                rows.append(("bullet" if bullet else "body", para[2:] if bullet else para, "", ""))
            else:
                rows.append(("gap", "", "", ""))
        rows.append(("gap", "", "", ""))
        rows += reference_rows()
        out: list[Line] = []
        y = 0
        for style, text, badge, mark in rows:
            if style == "gap":
                out.append((style, "", y, "", ""))
                y += 8
                continue
            indent = self.indent if style in ("bullet", "card") else 0
            for i, ln in enumerate(
                FONTS.wrap(text, self.size_of(style), width - indent, STYLES[style][1])
            ):
                first = i == 0
                line_style = style if first or style not in ("bullet", "card") else "cont"
                out.append((line_style, ln, y, badge if first else "", mark if first else ""))
                y += round(self.size_of(style) * STYLES[style][2])
        return out, y

    def text(self) -> str:
        """Every word on the page, one line after another (tests read it)."""
        return "\n".join(line[1] for line in self.lines)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.scroller.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.btn_back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop()
            elif event.key == pygame.K_DOWN:
                self.scroller.scroll_by(self.scroller.step)
            elif event.key == pygame.K_UP:
                self.scroller.scroll_by(-self.scroller.step)
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroller.page(1)
            elif event.key == pygame.K_PAGEUP:
                self.scroller.page(-1)
            elif event.key == pygame.K_HOME:
                self.scroller.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroller.scroll_to(self.scroller.max_offset)

    def draw(self, surface: pygame.Surface) -> None:
        D.pave_marble(surface, seed=6)
        D.panel(surface, self.box, colour("parchment"), colour("gold_dark"), 12)
        band = pygame.Rect(self.box.x + 20, self.box.y + 8, self.box.w - 40, 14)
        D.meander(surface, band, colour("gold_dark"), 3)
        view = self.scroller.view
        top = self.scroller.offset
        clip = surface.get_clip()
        surface.set_clip(view)
        x0 = view.x + MARGIN
        for style, text, y, badge, mark in self.lines:
            size = self.size_of(style)
            if y + size * 2 < top:
                continue
            if y > top + view.h:
                break
            yy = view.y + y - top
            if style == "title":
                FONTS.blit(
                    surface,
                    text,
                    size,
                    colour("terracotta_dark"),
                    (view.centerx, yy),
                    "midtop",
                    "bold",
                )
            elif style in ("head", "sub"):
                ink = colour("terracotta_dark") if style == "head" else colour("laurel_dark")
                FONTS.blit(surface, text, size, ink, (x0, yy), "topleft", "bold")
            elif style != "gap":
                x = x0 + (self.indent if style in ("bullet", "cont", "card") else 0)
                if style == "bullet":
                    r = max(3, size // 5)
                    pygame.draw.circle(surface, colour("terracotta"), (x - 14, yy + size * 0.7), r)
                if badge:
                    self.draw_badge(
                        surface,
                        (x - self.indent // 2 - 2, yy + round(size * 0.72)),
                        size,
                        badge,
                        mark,
                    )
                FONTS.blit(surface, text, size, colour("ink"), (x, yy))
        surface.set_clip(clip)
        self.scroller.draw(surface)
        FONTS.blit(
            surface,
            t("lab.rules.scroll"),
            max(12, round(15 * self.scale)),
            colour("ink_soft"),
            (self.box.right - 20, self.box.bottom - 8),
            "bottomright",
        )

    @staticmethod
    def draw_badge(
        surface: pygame.Surface, center: tuple[int, int], size: int, kind: str, mark: str
    ) -> None:
        """The mark left of a reference line: a gold Trial die with its health, a Reward's
        letter on a blue disc (the Bow's and single Rewards' disc is plain), a Mood's dot."""
        cx, cy = center
        if kind == DIE:
            side = round(size * 1.15)
            box = pygame.Rect(0, 0, side, side)
            box.center = (cx, cy)
            pygame.draw.rect(surface, colour("gold"), box, border_radius=max(3, side // 5))
            pygame.draw.rect(surface, colour("gold_dark"), box, 2, border_radius=max(3, side // 5))
            fit = FONTS.fit(mark, round(size * 0.8), side - 4, "bold", smallest=8)
            FONTS.blit(surface, mark, fit, colour("ink"), box.center, "center", "bold")
        elif kind == VARIANT:
            r = round(size * (0.55 if mark else 0.36))  # a lettered disc tells variants apart
            pygame.draw.circle(surface, (70, 110, 160), (cx, cy), r)
            pygame.draw.circle(surface, colour("gold_dark"), (cx, cy), r, 2)
            if mark:
                FONTS.blit(
                    surface, mark, round(size * 0.7), (250, 246, 236), (cx, cy), "center", "bold"
                )
        else:
            fill = colour("terracotta") if kind == MOOD else colour("ink_soft")
            r = max(3, size // 4)
            pygame.draw.circle(surface, fill, (cx, cy), r)

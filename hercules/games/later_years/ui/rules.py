"""The rules screen: our own summary of the rules, then a reference built from the game's data
(the cards of each kind with their values and marks, and the board's fees), so it always says
what the engine plays."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.games.later_years.engine import load_data
from hercules.games.later_years.engine.data import DRAW
from hercules.ui import draw as D
from hercules.ui.scene import Scene
from hercules.ui.scroll import Scroller
from hercules.ui.strings import t, text_file
from hercules.ui.theme import FONTS, colour

from .words import type_name

ASSETS = "games/later_years"
#: Line styles: (font size at 100 % text, font style, line height as a multiple of the size).
STYLES: dict[str, tuple[int, str, float]] = {
    "title": (30, "bold", 1.7),
    "head": (24, "bold", 1.6),
    "body": (18, "body", 1.4),
    "bullet": (18, "body", 1.4),
    "gap": (8, "body", 1.0),
}
MARGIN = 30
INDENT = 28

#: A line of the page: (style, text, y from the page's top, first line of a bullet).
Line = tuple[str, str, int, bool]


def reference_rows() -> list[tuple[str, str]]:
    """The reference as (style, text) rows, in the current language, from the game's data."""
    data = load_data()
    rows = [("head", t("ly.rules.ref.cards"))]
    counts: dict[str, dict[int, int]] = {}
    for c in data.cards.values():
        counts.setdefault(c.type, {}).setdefault(c.units, 0)
        counts[c.type][c.units] += 1
    for tid, ct in data.types.items():
        n = counts.get(tid, {})
        if ct.kind == DRAW:
            text = t("ly.rules.ref.draw", name=type_name(tid), n=n.get(1, 0), draw=ct.draw)
        else:
            text = t(
                f"ly.rules.ref.{ct.kind}",
                name=type_name(tid),
                value=ct.value,
                single=n.get(1, 0),
                double=n.get(2, 0),
                triple=n.get(3, 0),
            )
        rows.append(("bullet", text))
    rows.append(("gap", ""))
    rows.append(("head", t("ly.rules.ref.board")))
    rows.append(("body", t("ly.rules.ref.board_help")))
    for act in data.rows:
        fees = ", ".join(
            f"{type_name(sp.object)} {sp.fee}" for sp in data.spaces if sp.action == act
        )
        rows.append(("bullet", f"{type_name(act)}: {fees}"))
    return rows


class RulesScene(Scene):
    """The rules summary, then the reference, in a panel that scrolls. Esc or Back returns."""

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

    def size_of(self, style: str) -> int:
        """The font size of a line style at the player's text scale."""
        return max(8, round(STYLES[style][0] * self.scale))

    def build(self) -> None:
        w, h = self.app.size
        btn_h = max(44, round(44 * self.scale))
        bw = min(w - 80, round(1180 * max(1.0, self.scale)))
        self.box = pygame.Rect((w - bw) // 2, 30, bw, h - 60 - btn_h - 20)
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - 110, self.box.bottom + 20, 220, btn_h),
                t("ly.rules.back"),
                self.app.ui,
            )
        )
        view = pygame.Rect(self.box.x + 12, self.box.y + 30, self.box.w - 24, self.box.h - 50)
        offset = self.scroller.offset
        self.lines, height = self.compose(view.w - MARGIN - 24)
        self.scroller = Scroller(view, height, step=round(STYLES["body"][0] * self.scale * 3))
        self.scroller.scroll_to(offset)

    def compose(self, width: int) -> tuple[list[Line], int]:
        """The page's lines with their places, and its height."""
        rows: list[tuple[str, str]] = [("title", t("ly.rules.title"))]
        for para in text_file("rules", ASSETS).split("\n"):
            if para.startswith("# "):
                rows.append(("head", para[2:]))
            elif para.startswith("- "):
                rows.append(("bullet", para[2:]))
            elif para.strip():
                rows.append(("body", para))
            else:
                rows.append(("gap", ""))
        rows.append(("gap", ""))
        rows += reference_rows()
        out: list[Line] = []
        y = 0
        for style, text in rows:
            if style == "gap":
                y += 8
                continue
            indent = INDENT if style == "bullet" else 0
            for i, ln in enumerate(
                FONTS.wrap(text, self.size_of(style), width - indent, STYLES[style][1])
            ):
                out.append((style, ln, y, i == 0))
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

    def draw(self, surface: pygame.Surface) -> None:
        D.pave_marble(surface, seed=6)
        D.panel(surface, self.box, colour("parchment"), colour("gold_dark"), 12)
        D.meander(
            surface,
            pygame.Rect(self.box.x + 20, self.box.y + 8, self.box.w - 40, 14),
            colour("gold_dark"),
            3,
        )
        view = self.scroller.view
        top = self.scroller.offset
        clip = surface.get_clip()
        surface.set_clip(view)
        x0 = view.x + MARGIN
        for style, text, y, first in self.lines:
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
            elif style == "head":
                FONTS.blit(
                    surface, text, size, colour("terracotta_dark"), (x0, yy), "topleft", "bold"
                )
            else:
                x = x0 + (INDENT if style == "bullet" else 0)
                if style == "bullet" and first:
                    pygame.draw.circle(
                        surface, colour("terracotta"), (x - 14, yy + size * 0.7), max(3, size // 5)
                    )
                FONTS.blit(surface, text, size, colour("ink"), (x, yy))
        surface.set_clip(clip)
        self.scroller.draw(surface)

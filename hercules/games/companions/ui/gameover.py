"""The end of a game: which side won and why, then every secret: each seat's character, its
tokens, and the journey it turned to Hera's side (or that it stayed loyal).

At the end the rules show everything (the view of a finished game hides nothing). From here:
a new game, the replay, back to the table, or the title.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.ui import draw as D
from hercules.ui.replay import watch_again
from hercules.ui.scene import Scene, Shell
from hercules.ui.strings import language, t
from hercules.ui.table import GameTable
from hercules.ui.theme import FONTS, colour

from ..engine import rules as E
from ..engine.adapter import GAME_ID
from ..engine.data import load_data
from .cards import character_card, chip
from .words import char_name, seat_name, seat_style, tint, token_words

#: The buttons, left to right.
BUTTONS = ("new_game", "replay", "see_table", "title")
#: The columns after the player's name.
COLUMNS = ("character", "side", "tokens", "turned")


def winners(state: E.State) -> list[int]:
    """The seats of the winning side (Hercules' side: every seat not Hera's at the end)."""
    if not state.outcome:
        return []
    hera = state.outcome == E.HERA
    return [i for i in range(state.n) if state.villain[i] == hera]


def turned_words(state: E.State, seat: int) -> str:
    """When a seat turned to Hera's side, in words."""
    j = state.turned[seat]
    if j < 0:
        return t("co.over.loyal")
    if j == 0:
        return t("co.over.from_start")
    return t("co.over.turned", n=j)


class GameOverScene(Scene):
    """The end over a marble page. ``table``: the table the game was played on."""

    def __init__(self, app: Shell, table: GameTable) -> None:
        super().__init__(app)
        self.table = table
        self.ctl = table.ctl
        self.names: list[str] = list(table.names)
        self.box = pygame.Rect(0, 0, 1, 1)
        self.buttons: dict[Any, str] = {}

    @property
    def state(self) -> E.State:
        """The final game as the table shows it (a finished game's view hides nothing)."""
        state: E.State = self.table.view()
        return state

    # --- words -------------------------------------------------------------------------------
    def headline(self) -> str:
        """The winning side."""
        return t("co.over.hero" if self.state.outcome == E.HERO else "co.over.hera")

    def why(self) -> str:
        """How the game ended: the labours done, or the empty bag."""
        s = self.state
        cards = load_data().cards
        labours = sum(cards[c].kind == "labour" for c in s.front)
        return t(f"co.over.why_{s.outcome}", n=labours, journey=s.journey)

    def rows(self) -> list[tuple[int, list[str]]]:
        """(seat, cells) per seat, in seat order."""
        s = self.state
        out = []
        for seat in range(s.n):
            side = "hero" if seat == s.hercules else ("villain" if s.villain[seat] else "companion")
            tokens = s.tokens[seat]
            cells = [
                char_name(s.characters[seat]),
                t(f"co.side.{side}"),
                t("co.seat.no_tokens")
                if seat == s.hercules
                else token_words(tokens.count("N"), tokens.count("B")),
                turned_words(s, seat),
            ]
            out.append((seat, cells))
        return out

    def text(self) -> str:
        """Every word on the page (tests read it)."""
        lines = [self.headline(), self.why()]
        lines.append(
            " | ".join([t("co.over.col.player")] + [t(f"co.over.col.{c}") for c in COLUMNS])
        )
        for seat, cells in self.rows():
            lines.append(" | ".join([seat_name(self.names, seat), *cells]))
        return "\n".join(lines)

    # --- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(24, 20, w - 48, h - 40)
        bh = max(46, round(self.px(18) * 2.5))
        bw = min(240, (self.box.w - 60 - 16 * (len(BUTTONS) - 1)) // len(BUTTONS))
        x = w // 2 - (len(BUTTONS) * bw + 16 * (len(BUTTONS) - 1)) // 2
        online = getattr(self.ctl, "online", False)
        self.buttons = {}
        for key in BUTTONS:
            rect = pygame.Rect(x, self.box.bottom - bh - 20, bw, bh)
            b = self.add(pygame_gui.elements.UIButton(rect, t(f"co.over.{key}"), self.app.ui))
            # A replay's or an online game's end has no replay of its own here.
            if key == "replay" and (online or not hasattr(self.ctl, "undo_refusal")):
                b.disable()
            self.buttons[b] = key
            x += bw + 16

    def button(self, key: str) -> Any:
        """The button of ``key``."""
        return next((b for b, k in self.buttons.items() if k == key), None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            key = self.buttons[event.ui_element]
            nav = self.app.nav
            if key == "new_game":
                nav.restart(GAME_ID)
            elif key == "replay":
                self.replay()
            elif key == "see_table":
                self.app.pop()
            else:
                nav.title()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def replay(self) -> None:
        """Watch the game again from its first move, every secret shown."""
        watch_again(self.app, self.ctl, self.names)

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        D.pave_marble(surface, seed=17)
        box = self.box
        s = self.state
        hero = s.outcome == E.HERO
        D.panel(surface, box, colour("panel"), colour("gold"), 16)
        D.meander(
            surface, pygame.Rect(box.x + 30, box.y + 12, box.w - 60, 14), colour("gold_dark"), 3
        )
        head = self.headline()
        size = FONTS.fit(head, self.px(32), box.w - 220, "bold", smallest=18)
        ink = tint("hero") if hero else tint("villain")
        r = FONTS.blit(
            surface, head, size, colour("highlight"), (box.centerx, box.y + 36), "midtop", "bold"
        )
        D.laurel(surface, (r.x - 40, r.centery), 24, ink)
        D.laurel(surface, (r.right + 40, r.centery), 24, ink)
        FONTS.blit(
            surface,
            self.why(),
            self.px(16),
            colour("text_light"),
            (box.centerx, r.bottom + 8),
            "midtop",
        )
        top = r.bottom + 8 + self.px(16) + 18
        bottom = min((b.rect.top for b in self.buttons), default=box.bottom - 80) - 16
        self.draw_seats(surface, pygame.Rect(box.x + 30, top, box.w - 60, bottom - top))

    def draw_seats(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A line per seat: colour, name, character card, side, tokens face up, turning."""
        s = self.state
        D.panel(surface, area, colour("panel_light"), colour("gold_dark"), 12)
        won = set(winners(s))
        head = self.px(14)
        name_w = area.w * 22 // 100
        card_w = area.h // (s.n + 1)
        cols = [area.x + 16, area.x + 16 + name_w + card_w]
        col_w = (area.right - cols[1] - 16) // len(COLUMNS)
        xs = [cols[1] + k * col_w for k in range(len(COLUMNS))]
        y = area.y + 10
        FONTS.blit(
            surface, t("co.over.col.player"), head, colour("gold"), (cols[0], y), "topleft", "bold"
        )
        for x, c in zip(xs, COLUMNS, strict=True):
            FONTS.blit(
                surface, t(f"co.over.col.{c}"), head, colour("gold"), (x, y), "topleft", "bold"
            )
        y += head + 10
        row_h = max(30, (area.bottom - y - 8) // s.n)
        body = max(11, min(self.px(17), row_h // 2))
        lang = language()
        for seat, cells in self.rows():
            cy = y + row_h // 2
            if seat in won:
                band = pygame.Rect(area.x + 6, y + 1, area.w - 12, row_h - 2)
                pygame.draw.rect(
                    surface, D.shade(colour("panel_light"), 1.25), band, border_radius=8
                )
                FONTS.blit(
                    surface,
                    t("co.over.winner"),
                    self.px(11),
                    colour("highlight"),
                    (band.right - 8, band.y + 2),
                    "topright",
                    "bold",
                )
            st = seat_style(seat)
            D.shape(surface, st["shape"], (cols[0] + 8, cy), 8, st["colour"], st["dark"])
            name = seat_name(self.names, seat)
            fit = FONTS.fit(name, body, name_w - 30, "bold", 9)
            FONTS.blit(
                surface, name, fit, colour("text_light"), (cols[0] + 24, cy), "midleft", "bold"
            )
            ch = row_h - 6
            pic = character_card(
                s.characters[seat], round(ch * 0.7), ch, False, s.villain[seat], lang
            )
            surface.blit(pic, pic.get_rect(midright=(cols[1] - 10, cy)))
            for k, (x, cell) in enumerate(zip(xs, cells, strict=True)):
                if k == 2 and s.tokens[seat]:
                    r = max(5, min(9, row_h // 5))
                    for j, token in enumerate(s.tokens[seat][:10]):
                        chip(surface, (x + r + j * (2 * r + 2), cy - r // 2 - 2), r, token)
                    fit = FONTS.fit(cell, self.px(12), col_w - 6, smallest=8)
                    FONTS.blit(
                        surface, cell, fit, colour("text_dim"), (x, cy + r // 2 + 2), "topleft"
                    )
                    continue
                fit = FONTS.fit(cell, body, col_w - 6, smallest=8)
                FONTS.blit(surface, cell, fit, colour("text_light"), (x, cy), "midleft")
            y += row_h

"""The toy game's scenes, built on the shell's bases: all a new game's table needs of its own.

The shell's :class:`~hercules.ui.table.TableBase` keeps the controller, the saves, the log, the
messages, undo and the seat at the screen; :class:`~hercules.ui.replay.Replaying` is the replay
and :class:`~hercules.ui.rules_page.RulesPage` the rules page. What is left here is the game's
own: its layout, its drawing (from :meth:`TableBase.view` only), its buttons and its words.

The toy ships no assets (a game's words live in ``hercules.assets``, and a test game cannot put
files there), so its words are the small English table :data:`WORDS`; the shell's own keys
(``msg.not_your_turn``, ``btn.replay_*``, ``setup.back``...) are used where they exist.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from hercules.app.controller import Record
from hercules.ui import draw as D
from hercules.ui.log import LogEntry
from hercules.ui.replay import Replaying
from hercules.ui.rules_page import RulesPage
from hercules.ui.scene import Scene
from hercules.ui.scenes.overlays import PauseOverlay
from hercules.ui.strings import t
from hercules.ui.table import TableBase, grid_rect
from hercules.ui.theme import FONTS, colour, player_style

from .engine import ADVANCE, BONUS, GAME_ID, HIDDEN, HOLD, RULES, ToyState, goal
from .spec import new_controller

#: The toy's words (English only: it has no string table).
WORDS = {
    "advance": "Advance {steps}",
    "bonus": "Bonus {steps}",
    "hold": "Hold (swap)",
    "undo": "Undo",
    "menu": "Menu",
    "roll": "{name} rolls {value}.",
    "move": "{name} moves {value}.",
    "spend": "{name} lays card {value} face up.",
    "draw": "{name} draws card {value}.",
    "draw_hidden": "{name} draws a card.",
    "won": "Game over: {name} wins!",
    "shared": "Game over: a shared win.",
    "your_turn": "Your turn: advance, bonus or hold.",
    "waits": "{name} plays...",
    "your_card": "Your card",
    "card_of": "{name}'s card",
    "no_card": "none",
    "deck": "Deck: {n}",
    "spent": "Face up: {cards}",
    "goal": "Toy dice race: first to square {goal}",
    "log": "Log",
    "start": "Play against the bot",
}
#: The rules page (``# `` headings, ``- `` bullets).
RULES_TEXT = """# Toy dice race
Two players race along a track; the first to reach the goal (10, or 6 in the short game) wins.
# A turn
A die is rolled, then the player chooses:
- Advance: move the die's value.
- Bonus: move the die plus your secret card, lay it face up, and draw the deck's top card.
- Hold: stay, and swap your card for the deck's top card.
# The end
After 30 rounds the race stops: square plus card scores, the higher wins."""
#: The action buttons, in the sidebar's first row.
ACTIONS = (ADVANCE, BONUS, HOLD)


def w(key: str, **fields: Any) -> str:
    """One of the toy's words."""
    return WORDS[key].format(**fields)


class TableScene(TableBase):
    """The race: two tracks, the die, the cards (the viewer's own face up), buttons, the log."""

    game_id = GAME_ID

    def setup_table(self) -> None:
        """The layout, worked out from the window's size (again on every resize)."""
        self.lay_out()

    def lay_out(self) -> None:
        """The places of the table's parts: the board on the left, the sidebar on the right."""
        width, height = self.app.size
        side = pygame.Rect(width - 440, 20, 420, height - 40)
        self.board = pygame.Rect(20, 20, side.x - 40, height - 40)
        self.prompt_box = pygame.Rect(side.x, side.y, side.w, 110)
        self.button_box = pygame.Rect(side.x, self.prompt_box.bottom + 12, side.w, 96)
        self.log_box = pygame.Rect(side.x, self.button_box.bottom + 12, side.w, 0)
        self.log_box.h = side.bottom - self.log_box.y

    def build(self) -> None:
        """Lay out the table and make its buttons."""
        self.lay_out()
        self.log_view.place(self.log_box, 18)
        self.build_buttons()

    # --- buttons --------------------------------------------------------------------------
    def button_cell(self, row: int, col: int, cols: int) -> pygame.Rect:
        """A sidebar button's place: rows 44 pixels high."""
        return grid_rect(self.button_box, row, col, cols, 44)

    def build_buttons(self) -> None:
        """The three actions, then Undo and Menu."""
        for row, keys in enumerate((ACTIONS, ("undo", "menu"))):
            for col, key in enumerate(keys):
                self.add_button(key, self.button_cell(row, col, len(keys)), w(key, steps=""))
        self.refresh_buttons()

    def action_of(self, kind: str) -> Any:
        """The legal action of ``kind`` now, or None."""
        return next((a for a in self.legal() if a.kind == kind), None)

    def my_turn(self) -> bool:
        """True when the seat at the screen decides now."""
        return bool(self.ctl.human_to_act()) and self.ctl.actor == self.viewer

    def refresh_buttons(self) -> None:
        """Each action's button on when it is legal for the seat at the screen, with its steps."""
        if not self.widgets:
            return
        on = {"undo": self.my_turn() and bool(self.ctl.can_undo())}
        for kind in ACTIONS:
            action = self.action_of(kind) if self.my_turn() else None
            on[kind] = action is not None
            btn = self.button(kind)
            if btn is not None:
                steps = f"({action.steps})" if action is not None and kind != HOLD else ""
                btn.set_text(w(kind, steps=steps))
        self.enable_buttons(on)

    def on_button(self, key: str) -> None:
        """A sidebar button: an action is sent for the seat at the screen."""
        if key == "menu":
            self.app.push(PauseOverlay(self.app, self))
        elif key == "undo":
            self.undo()
        else:
            action = self.action_of(key)
            if action is not None:
                self.send(action)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons, the log's scrolling, Esc (the pause menu), Ctrl+Z and F1."""
        if self.pressed(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.log_view.motion(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.log_view.wheel(event.y, self.mouse)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.log_view.press(event.pos) and self.board.collidepoint(event.pos):
                if not self.my_turn() and not self.ctl.is_over and not self.replaying():
                    self.not_your_turn(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.log_view.release()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.push(PauseOverlay(self.app, self))
            elif event.key == pygame.K_z and pygame.key.get_mods() & pygame.KMOD_CTRL:
                self.undo()
            elif event.key == pygame.K_F1:
                self.app.nav.rules(self.game_id)

    # --- the log and the controller's news ---------------------------------------------------
    def describe(self, rec: Record) -> list[LogEntry]:
        """A record's lines (the base hands it redacted for the log's readers: another's draw
        names no card)."""
        out = []
        for e in rec.events:
            name = self.names[e.seat] if 0 <= e.seat < len(self.names) else ""
            if e.kind == "end":
                out.append(LogEntry(self.result_text(e.seat)))
            elif e.kind == "move" and e.value == 0:
                continue  # a hold moves nothing: its draw says it
            elif e.kind == "draw" and e.value == HIDDEN:
                out.append(LogEntry(w("draw_hidden", name=name)))
            else:
                out.append(LogEntry(w(e.kind, name=name, value=e.value)))
        return out

    def autosaves_after(self, rec: Record) -> bool:
        """Autosaved after each decision (not after a roll) and at the end."""
        return rec.seat >= 0 or self.ctl.is_over

    def result_text(self, winner: int) -> str:
        """Who won (-1: a shared win)."""
        return w("won", name=self.names[winner]) if winner >= 0 else w("shared")

    def show_over(self) -> None:
        """The game is over: said on the table (the board shows the result)."""
        self.say(self.result_text(self.view().winner), seconds=10.0)

    def prompt_lines(self) -> list[str]:
        """What happens now (a message first while it shows)."""
        view = self.view()
        if view.over:
            lines = [self.result_text(view.winner)]
        elif self.my_turn():
            lines = [w("your_turn")]
        else:
            lines = [w("waits", name=self.names[view.current])]
        return lines if self.message in lines else self.with_message(lines)

    # --- drawing (from the view only) -----------------------------------------------------
    def card_text(self, view: ToyState, seat: int) -> str:
        """What a seat's card shows: its value, "?" face down, or "none" (the viewer's, spent)."""
        card = view.cards[seat]
        if card != HIDDEN:
            return str(card)
        return w("no_card") if seat == self.viewer else "?"

    def draw(self, surface: pygame.Surface) -> None:
        """The board (tracks, die, cards), the prompt, the log; the result once it is over."""
        view = self.view()
        D.pave_marble(surface, seed=3)
        D.panel(surface, self.board, colour("parchment"), colour("gold_dark"), 12)
        ink = colour("ink")
        x0, y0 = self.board.x + 30, self.board.y + 24
        FONTS.blit(surface, w("goal", goal=goal(view)), 28, ink, (x0, y0), style="bold")
        end = goal(view)
        size = min(64, (self.board.w - 260) // (end + 1) - 6)
        for seat in range(len(view.positions)):
            style = player_style(seat)
            y = y0 + 80 + seat * 110
            weight = "bold" if seat == view.current and not view.over else "body"
            FONTS.blit(surface, self.names[seat], 22, ink, (x0, y + size // 2), "midleft", weight)
            for sq in range(end + 1):
                r = pygame.Rect(x0 + 200 + sq * (size + 6), y, size, size)
                pygame.draw.rect(surface, colour("marble"), r, border_radius=6)
                pygame.draw.rect(surface, colour("gold_dark"), r, 2, border_radius=6)
                FONTS.blit(surface, str(sq), 14, colour("ink_soft"), (r.x + 4, r.y + 2))
                if sq == min(view.positions[seat], end):
                    pygame.draw.circle(surface, style["colour"], r.center, size // 3)
        die_at = pygame.Rect(x0, y0 + 320, 96, 96)
        if view.die:
            D.blit_die(surface, die_at, view.die, colour("white_die"), colour("pip"))
        else:
            pygame.draw.rect(surface, colour("ink_soft"), die_at, 2, border_radius=14)
        cards_y = die_at.bottom + 40
        for seat in range(len(view.cards)):
            r = pygame.Rect(x0 + seat * 200, cards_y + 30, 130, 180)
            face_up = view.cards[seat] != HIDDEN
            back, on = ("marble", "ink") if face_up else ("terracotta_dark", "text_light")
            pygame.draw.rect(surface, colour(back), r, border_radius=10)
            pygame.draw.rect(surface, colour("gold_dark"), r, 3, border_radius=10)
            text = self.card_text(view, seat)
            size = 56 if len(text) == 1 else 24
            FONTS.blit(surface, text, size, colour(on), r.center, "center", "bold")
            label = w("your_card") if seat == self.viewer else w("card_of", name=self.names[seat])
            FONTS.blit(surface, label, 18, ink, (r.x, cards_y))
        info_x = x0 + 440
        FONTS.blit(surface, w("deck", n=len(view.deck)), 22, ink, (info_x, cards_y + 30))
        spent = ", ".join(map(str, view.spent)) or "-"
        FONTS.blit(surface, w("spent", cards=spent), 22, ink, (info_x, cards_y + 70))
        if view.over:
            banner = pygame.Rect(0, 0, 560, 90)
            banner.center = (self.board.centerx, die_at.centery)
            banner.left = max(banner.left, die_at.right + 30)
            D.panel(surface, banner, colour("gold"), colour("gold_dark"), 12)
            text = self.result_text(view.winner)
            FONTS.blit(surface, text, 28, ink, banner.center, "center", "bold")
        D.panel(surface, self.prompt_box, colour("parchment"), colour("gold_dark"), 10)
        for i, line in enumerate(self.prompt_lines()[:3]):
            at = (self.prompt_box.x + 16, self.prompt_box.y + 14 + i * 30)
            FONTS.blit(surface, line, 20, ink, at)
        self.log_view.draw(surface, w("log"))


class ReplayScene(Replaying, TableScene):
    """The race watched again: the shell's transport over the toy's table."""

    rules = RULES


class RulesScene(RulesPage):
    """The rules in a few lines."""

    def rules_text(self) -> str:
        """The toy's rules text."""
        return RULES_TEXT


class SetupScene(Scene):
    """One button: a standard race against the steady bot; Back returns."""

    def build(self) -> None:
        """The two buttons."""
        cx, cy = self.app.size[0] // 2, self.app.size[1] // 2
        ui = self.app.ui
        start = pygame.Rect(cx - 160, cy - 60, 320, 50)
        back = start.move(0, 70)
        self.btn_start = self.add(pygame_gui.elements.UIButton(start, w("start"), ui))
        self.btn_back = self.add(pygame_gui.elements.UIButton(back, t("setup.back"), ui))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Start (a new race on the table) or Back."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.btn_back:
            self.app.pop()
        elif event.ui_element is self.btn_start:
            seed = random.SystemRandom().randrange(1, 10**9)
            ctl = new_controller("standard", ["human", "steady"], seed)
            self.app.nav.play(GAME_ID, ctl, names_for(ctl.seats, None))

    def draw(self, surface: pygame.Surface) -> None:
        """Marble behind the buttons."""
        D.pave_marble(surface, seed=3)


def names_for(seats: Sequence[Any], config: Any, saved: Sequence[str] = ()) -> list[str]:
    """The seats' names: the saved ones, else "Player 1", "Player 2"."""
    return [
        (saved[i] if i < len(saved) and saved[i] else f"Player {i + 1}") for i in range(len(seats))
    ]

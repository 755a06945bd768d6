"""The table of *The Labours of Hercules*: 4-7 seats, one human at this machine (or none).

Every decision is made with the mouse (or the keys, through the focus ring): a face-down
card is clicked to look at it (at a turn, one of each row; the second click looks); the
choice bar above the player's seat holds the buttons of the moment (Swap or Keep, Reveal or
not, a claim's number or silence, a vote, the character's ability); an effect's target is a
card or a seat clicked. A click the rules do not allow says why, next to it, and changes
nothing.

Only the viewer's view is ever drawn (:meth:`~hercules.ui.table.TableBase.view`): another
seat's character, tokens, ballot and every card the viewer has not seen stay hidden. The
scene reads the controller's state and sends it actions, never more.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from hercules.app.controller import Record
from hercules.ui.anim import Anim
from hercules.ui.focus import Stop, skip_moves
from hercules.ui.log import NOTE, LogEntry
from hercules.ui.scenes.overlays import PauseOverlay
from hercules.ui.strings import has, t
from hercules.ui.table import EVERYTHING, TableBase, grid_rect
from hercules.ui.theme import FONTS

from ..ai.bots import make_bot
from ..engine import rules as E
from ..engine.adapter import GAME_ID
from ..engine.data import load_data
from ..spec import SPEC
from .animations import cue_key, queue_record
from .gameover import GameOverScene, winners
from .layout import CompanionsLayout
from .night import NightScene
from .painter import card_rects, draw_table
from .reasons import reason_text
from .words import char_name, localise, prompt_lines, record_entries, refusal, seat_name

__all__ = ["EVERYTHING", "Choice", "TableScene"]

Space = tuple[int, int]
#: Record events after which the game is autosaved (a turn's end, a new journey).
SAVE_AFTER = ("claim", "silent", "journey", "journey_ends")


@dataclass
class Choice:
    """A button of the choice bar: its key, words, whether it may be pressed, and its act."""

    key: str
    label: str
    act: Callable[[], object]
    enabled: bool = True
    chosen: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    why: str = ""  #: what a press of a disabled button says


#: The hint's bot level (it sees only the player's own view).
HINT_LEVEL = SPEC.bot_levels[-1]


class TableScene(TableBase):
    """Plays one game through a controller (live, or a replay's)."""

    game_id = GAME_ID
    assets = SPEC.assets
    message_seconds = 3.5
    #: The sidebar's rows of buttons.
    button_rows = 1
    own_words = {
        "msg.cannot_undo": "co.cannot_undo",
        "msg.not_your_turn": "co.refused.not_your_turn",
    }

    def setup_table(self) -> None:
        """The game's own: the picks, the claim's space, the layout, the night to come."""
        self.picks: list[Space] = []  #: cards picked (a turn's look, Theseus' two cards)
        self.claim_at: Space | None = None  #: the space a claim is about to name
        self.night_due = False  #: Identity Confirmation happened: its screen is to show
        self._before: E.State = self.ctl.state
        self.layout = self.new_layout()

    def new_layout(self) -> CompanionsLayout:
        """The layout for the window, with the viewer's seat (or seat 1) at the bottom."""
        app = self.app
        first = self.viewer if 0 <= self.viewer < self.state.n else 0
        return CompanionsLayout(
            app.size,
            self.state.n,
            first,
            app.settings.ui_scale,
            app.display_scale,
            self.button_rows,
        )

    def cue_key(self, anim: Anim) -> str:
        """An animation's name in the sounds' table."""
        return cue_key(anim)

    def localise_name(self, name: str, seat: int) -> str:
        """A saved seat name in the current language where the game gave it."""
        return localise(name, seat)

    # --- reading the game ------------------------------------------------------------------
    @property
    def state(self) -> E.State:
        """The whole truth (never drawn: the painter gets :meth:`view`)."""
        state: E.State = self.ctl.state
        return state

    def view(self) -> E.State:
        """What the table shows: the game as :attr:`viewer` may see it."""
        shown: E.State = super().view()
        return shown

    def follow_turn(self) -> None:
        """One human at most: the seat on view never changes."""

    def human(self) -> bool:
        """True when the player whose view is shown decides now."""
        return bool(self.ctl.human_to_act()) and self.ctl.actor == self.viewer

    def prompt(self) -> str:
        """The state's prompt."""
        return self.state.prompt

    # --- lifecycle ---------------------------------------------------------------------------
    def build(self) -> None:
        """Lay out the table and make its buttons."""
        self.layout = self.new_layout()
        self.log_view.place(self.layout.log_box, self.layout.body)
        self.build_buttons()

    def button_keys(self) -> tuple[str, ...]:
        """The sidebar's buttons, in a row."""
        return ("undo", "hint", "rules", "menu")

    def button_cell(self, row: int, col: int, cols: int) -> pygame.Rect:
        """A sidebar button's place: rows of the layout's button height."""
        return grid_rect(self.layout.buttons, row, col, cols, self.layout.button_h)

    def build_buttons(self) -> None:
        """The sidebar's buttons."""
        keys = self.button_keys()
        for k, key in enumerate(keys):
            tip = t(f"co.tip.{key}") if has(f"co.tip.{key}") else None
            self.add_button(key, self.button_cell(0, k, len(keys)), t(f"co.btn.{key}"), tip)
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Enable exactly what can be done now."""
        if not self.widgets:
            return
        self.enable_buttons(
            {
                "undo": self.human() and bool(self.ctl.can_undo()),
                "hint": self.human() and not self.ctl.is_over,
            }
        )

    # --- the log -----------------------------------------------------------------------------
    def describe(self, rec: Record) -> list[LogEntry]:
        """A record's lines (public facts only)."""
        out = record_entries(rec.events, self.names, first=not self.log_entries)
        if rec.reason and self.app.settings.show_bot_reasoning:  # asked for in the settings
            out.append(LogEntry(reason_text(rec.reason, self.names), NOTE))
        return out

    def autosaves_after(self, rec: Record) -> bool:
        """Autosaved at a turn's end and a new journey."""
        return any(e.kind in SAVE_AFTER for e in rec.events)

    # --- the controller's news ---------------------------------------------------------------
    def record_applied(self, rec: Record) -> None:
        """Animate the record, play its sounds; picks of an earlier moment go."""
        queue_record(self, rec, self._before)
        self.cues.events(self.app.sound, [e.kind for e in rec.events])
        if any(e.kind == "identity_confirmation" for e in rec.events):
            self.night_due = True
        self._before = self.state
        self.clear_picks()

    def record_undone(self, rec: Record) -> None:
        """A decision was taken back."""
        self._before = self.state
        self.clear_picks()

    def clear_picks(self) -> None:
        """Forget the cards picked and the claim's space."""
        self.picks = []
        self.claim_at = None

    def prompt_lines(self) -> list[str]:
        """What to do now (a message first while it shows)."""
        if self.replaying():
            return self.with_message([t("co.prompt.replay")])
        v = self.view()
        lines = prompt_lines(v, self.names, self.viewer, self.human())
        if not self.humans and v.prompt != E.P_OVER:
            lines.append(t("co.prompt.watch"))
        return self.with_message(lines)

    # --- frame -------------------------------------------------------------------------------
    def show_over(self) -> None:
        """The game is over: its ending's music and the end screen."""
        self.cues.end(self.app.sound, self.ctl.seats, winners(self.state))
        self.app.push(GameOverScene(self.app, self))

    def play_on(self, dt: float) -> None:
        """The night of Identity Confirmation first; then a human decides, or the pace."""
        if self.night_due:
            self.night_due = False
            self.app.push(NightScene(self.app, self))
            return
        if not self.ctl.human_to_act():
            self.pace_bots(dt)

    def step_due(self) -> bool:
        """The journey's end (no seat acts) steps at once; bots at the pace."""
        return super().step_due() or self.ctl.actor < 0

    def draw(self, surface: pygame.Surface) -> None:
        """The table (the painter reads the view, never changes anything)."""
        draw_table(surface, self)

    # --- what the painter asks ---------------------------------------------------------------
    def picked(self) -> list[Space]:
        """The cards picked, and the claim's space."""
        return [*self.picks, *([self.claim_at] if self.claim_at is not None else [])]

    def card_rects(self) -> list[list[pygame.Rect]]:
        """Every space's rectangle now."""
        return card_rects(self, self.view())

    def targets(self) -> set[Space]:
        """The cards a click may act on now (none when it is not the viewer's move)."""
        if not self.human():
            return set()
        v = self.view()
        p = v.prompt
        legal = self.legal()
        if p in (E.P_PEEK, E.P_FLIP, E.P_HPEEK):
            return {(a.row, a.col) for a in legal if a.row >= 0}
        if p == E.P_TURN:
            return set(v.face_down())
        if p == E.P_CLAIM:
            return {(r, i) for r in (0, 1) for i in range(len(v.rows[r]))}
        if p == E.P_ABILITY:
            if any(a.kind == "swap_up" for a in legal):
                return set(v.face_up())
            return {(a.row, a.col) for a in legal if a.kind == "move_down"}
        return set()

    def seat_targets(self) -> set[int]:
        """The seats a click may act on now (Hera's ability: who draws)."""
        if not self.human():
            return set()
        return {a.seat for a in self.legal() if a.kind == "make_draw"}

    def choices(self) -> list[Choice]:
        """The choice bar's buttons for the viewer's decision now, laid out."""
        if not self.human():
            return []
        v = self.view()
        legal = self.legal()
        p = v.prompt
        out: list[Choice] = []
        if p == E.P_TURN and E.Action("ability") in legal:
            name = char_name(v.characters[self.viewer])
            out.append(Choice("ability", t("co.choice.ability", char=name), self.use_ability))
        elif p == E.P_SWAP:
            out += [
                Choice("swap", t("co.choice.swap"), partial(self.send, E.Action("swap", n=1))),
                Choice("keep", t("co.choice.keep"), partial(self.send, E.Action("swap", n=0))),
            ]
        elif p == E.P_REVEAL:
            for n, key in ((1, "reveal"), (0, "no_reveal")):
                if E.Action("reveal", n=n) in legal:
                    out.append(
                        Choice(
                            key, t(f"co.choice.{key}"), partial(self.send, E.Action("reveal", n=n))
                        )
                    )
        elif p == E.P_VOTE:
            out += [
                Choice(
                    "vote_up", t("co.choice.vote_up"), partial(self.send, E.Action("vote", n=1))
                ),
                Choice(
                    "vote_down", t("co.choice.vote_down"), partial(self.send, E.Action("vote", n=0))
                ),
            ]
        elif p == E.P_CLAIM:
            ready = self.claim_at is not None
            for k in range(1, 21):
                out.append(
                    Choice(
                        f"n{k}",
                        str(k),
                        partial(self.claim, k),
                        ready,
                        why=t("co.refused.pick_space"),
                    )
                )
            out.append(
                Choice("silent", t("co.choice.silent"), partial(self.send, E.Action("silent")))
            )
        elif p == E.P_ABILITY:
            for a in legal:
                if a.kind == "make_draw":
                    out.append(
                        Choice(
                            f"seat{a.seat}", seat_name(self.names, a.seat), partial(self.send, a)
                        )
                    )
        widths = [self.choice_width(c) for c in out]
        for c, r in zip(out, self.layout.choice_rects(widths), strict=True):
            c.rect = r
        return out

    def choice_width(self, c: Choice) -> int:
        """A button's width: its words and a margin (a number: a small square)."""
        if c.key.startswith("n") and c.key[1:].isdigit():
            return self.layout.px(36)
        return FONTS.font(self.px(16), "bold").size(c.label)[0] + self.layout.px(36)

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keys on the table: the log takes its own (scrolling, dragging); a click
        while things move hurries them; a right click drops the picks."""
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.log_view.motion(event.pos)
            return
        if kind == pygame.MOUSEWHEEL:
            self.log_view.wheel(event.y, self.mouse)
            return
        if self.pressed(event):
            return
        if kind == pygame.KEYDOWN:
            self.on_key(event.key)
            return
        button = getattr(event, "button", 0)
        if kind == pygame.MOUSEBUTTONUP and button == 1:
            self.log_view.release()
        elif kind == pygame.MOUSEBUTTONDOWN and button == 3:
            self.clear_picks()
        elif kind == pygame.MOUSEBUTTONDOWN and button == 1 and not self.log_view.press(event.pos):
            if self.anim.busy:
                self.anim.skip()
            else:
                self.click(event.pos)

    def focus_stops(self) -> list[Stop]:
        """For the keys: the choice bar's buttons, the cards and seats a click acts on, then
        the sidebar's buttons."""
        out: list[Stop] = []
        if self.app.top is self and self.human() and not self.ctl.is_over:
            out += [
                Stop(("choice", c.key), c.rect, partial(self.press_choice, c), label=c.label)
                for c in self.choices()
                if c.enabled
            ]
            rects = self.card_rects()
            for r, i in sorted(self.targets()):
                rect = rects[r][i]
                out.append(
                    Stop(
                        ("card", r, i), rect, partial(self.click_space, (r, i), rect), label="card"
                    )
                )
            for seat in sorted(self.seat_targets()):
                box = self.layout.plaques[seat]
                out.append(Stop(("seat", seat), box, partial(self.click_seat, seat), label="seat"))
        return out + super().focus_stops()

    def hurry(self) -> bool:
        """Enter or Space while things move only hurry them (as a click does)."""
        return skip_moves(self.anim)

    def on_key(self, key: int) -> None:
        """Esc (the picks, else the pause menu), Ctrl+Z (undo), F1 (the rules)."""
        if key == pygame.K_ESCAPE and (self.picks or self.claim_at is not None):
            self.clear_picks()
            return
        ctrl = bool(pygame.key.get_mods() & pygame.KMOD_CTRL)
        named = {pygame.K_ESCAPE: "menu", pygame.K_F1: "rules"}
        if key == pygame.K_z and ctrl:
            self.on_button("undo")
        elif key in named:
            self.on_button(named[key])

    def on_button(self, key: str) -> None:
        """A sidebar button: the pause menu, undo, or the rules."""
        acts: dict[str, Callable[[], object]] = {
            "menu": lambda: self.app.push(PauseOverlay(self.app, self)),
            "undo": self.undo,
            "rules": lambda: self.app.nav.rules(self.game_id),
            "hint": self.show_hint,
        }
        act = acts.get(key)
        if act is not None:
            act()

    def show_hint(self) -> None:
        """What the strongest bot would do in the player's place, and why: it is handed the
        player's own view only (their side included, nobody else's), and nothing is played."""
        if not self.human() or self.ctl.is_over:
            return
        bot = make_bot(HINT_LEVEL)
        bot.choose(self.view(), self.ctl.legal(), random.Random(len(self.ctl.history)))
        why = reason_text(bot.explain(), self.names)
        self.say(t("co.hint", what=why or t("co.hint.none")), seconds=8.0)

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table (never raises, never breaks a rule)."""
        if not self.human():  # (a replay says nothing: nobody plays there)
            on_table = self.layout.main.collidepoint(pos)
            if on_table and not self.replaying():
                self.not_your_turn(pos)
            return
        for c in self.choices():
            if c.rect.collidepoint(pos):
                self.press_choice(c)
                return
        for r, row in enumerate(self.card_rects()):
            for i, rect in enumerate(row):
                if rect.collidepoint(pos):
                    self.click_space((r, i), rect)
                    return
        for seat, box in enumerate(self.layout.plaques):
            if box.collidepoint(pos):
                self.click_seat(seat)
                return

    def press_choice(self, c: Choice) -> None:
        """A button of the choice bar: its act, or why it may not be pressed."""
        if c.enabled:
            c.act()
        else:
            self.say(c.why or t("co.refused.not_legal"), c.rect.midtop)

    # --- the decisions -----------------------------------------------------------------------
    def click_space(self, space: Space, rect: pygame.Rect) -> None:
        """A card clicked: what it means depends on the decision now (or why it means nothing)."""
        v = self.view()
        p = v.prompt
        at = rect.midtop
        up = v.up[space[0]][space[1]]
        legal = self.legal()
        if p in (E.P_PEEK, E.P_HPEEK):
            kind = "peek" if p == E.P_PEEK else "hpeek"
            action = E.Action(kind, *space)
            if action in legal:
                self.send(action, at)
            else:
                self.say(t("co.refused.face_up" if up else "co.refused.taken"), at)
        elif p == E.P_TURN:
            if up:
                self.say(t("co.refused.face_up"), at)
                return
            self.pick_look(space)
        elif p == E.P_CLAIM:
            self.claim_at = None if self.claim_at == space else space
        elif p == E.P_FLIP:
            action = E.Action("flip", *space)
            if action in legal:
                self.send(action, at)
            else:
                self.say(t("co.refused.flip_same" if up else "co.refused.flip_down"), at)
        elif p == E.P_ABILITY:
            self.ability_space(space, up, at)
        else:
            self.say(t("co.refused.use_buttons"), at)

    def pick_look(self, space: Space) -> None:
        """Pick a face-down card to look at (one per row; picked again: unpicked); with one
        of each row picked, look at them."""
        if space in self.picks:
            self.picks.remove(space)
            return
        self.picks = [s for s in self.picks if s[0] != space[0]] + [space]
        if len(self.picks) == 2:
            a, b = sorted(self.picks)
            self.send(E.Action("look", a[0], a[1], b[0], b[1]))

    def ability_space(self, space: Space, up: bool, at: tuple[int, int]) -> None:
        """A card clicked for an ability: Theseus picks two face-up cards, Deianira one
        face-down card."""
        legal = self.legal()
        if any(a.kind == "swap_up" for a in legal):
            if not up:
                self.say(t("co.refused.swap_up_down"), at)
            elif space in self.picks:
                self.picks.remove(space)
            else:
                self.picks = [*self.picks[-1:], space]
                if len(self.picks) == 2:
                    order = self.view().face_up()
                    a, b = sorted(self.picks, key=order.index)
                    self.send(E.Action("swap_up", a[0], a[1], b[0], b[1]), at)
            return
        action = E.Action("move_down", *space)
        if action in legal:
            self.send(action, at)
        elif any(a.kind == "make_draw" for a in legal):
            self.say(t("co.refused.pick_seat"), at)
        else:
            self.say(t("co.refused.face_up"), at)

    def click_seat(self, seat: int) -> None:
        """A seat clicked: Hera makes it draw a token (Hercules never draws)."""
        legal = self.legal()
        if not any(a.kind == "make_draw" for a in legal):
            return
        at = self.layout.plaques[seat].midtop
        action = E.Action("make_draw", seat=seat)
        if action in legal:
            self.send(action, at)
        else:
            self.say(t("co.refused.hercules_draws"), at)

    def claim(self, n: int) -> None:
        """Claim that the chosen space holds #n."""
        if self.claim_at is None:
            self.say(t("co.refused.pick_space"))
            return
        r, i = self.claim_at
        self.send(E.Action("claim", r, i, n=n))

    def use_ability(self) -> None:
        """Use the character's ability (it shows the character card)."""
        self.send(E.Action("ability"))

    def send(self, action: Any, at: tuple[int, int] | None = None) -> bool:
        """Submit an action for the seat on view; say why if it is refused (nothing moves)."""
        if self.human():
            return self.submit(action, self.viewer, lambda err: self.say(refusal(err), at))
        self.not_your_turn(at)
        return False

    def tutorial_regions(self, seat: int) -> dict[str, pygame.Rect]:
        """The places a guided game could point at, by name."""
        lay = self.layout
        return {
            "rows": pygame.Rect(lay.table),
            "front": pygame.Rect(lay.front),
            "plaque": pygame.Rect(lay.plaques[seat]),
            "bar": pygame.Rect(lay.bar),
            "prompt": pygame.Rect(lay.prompt),
            "log": pygame.Rect(lay.log_box),
        }


def labours_of(state: E.State) -> int:
    """How many labours lie before Hercules."""
    cards = load_data().cards
    return sum(cards[c].kind == "labour" for c in state.front)

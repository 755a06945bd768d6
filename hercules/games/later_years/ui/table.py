"""The Later Years table scene: bids with the mouse, tasks by selecting cards, hot-seat.

In an auction the player clicks a card (its lowest legal bid is set), moves the amount with
the stepper (or the wheel, or the arrow keys) and clicks the card again or *Bid*. In a play
phase the player selects cards in the hand: the board lights the tasks they pay for, with the
fee each would earn, and a click on a lit space completes it; a Draw card is played by a
click; *End turn* ends the plays. A refusal says why, next to where the player clicked, and
changes nothing.

Only one seat's view is ever shown (the shell's :meth:`~hercules.ui.table.TableBase.view`): the
human at this machine, or, with several humans (hot-seat), the one whose turn it is, after a
hand-over screen that hides the previous hand. The scene reads the controller's state and
sends it actions, never more.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from typing import Any

import pygame

from hercules.app.controller import Record
from hercules.games._kit.memo import forget as forget_table_memos
from hercules.games.later_years.ai import make_bot
from hercules.games.later_years.engine import Action, load_data, score
from hercules.games.later_years.engine.actions import BID, END, PLAY_DRAW, TASK
from hercules.games.later_years.engine.adapter import GAME_ID
from hercules.games.later_years.engine.data import DRAW
from hercules.games.later_years.engine.state import P_BID, P_PLAY, LaterYearsState
from hercules.games.later_years.spec import SPEC
from hercules.ui.anim import Anim
from hercules.ui.focus import Stop, skip_moves
from hercules.ui.log import LogEntry
from hercules.ui.scenes.overlays import ConfirmOverlay, PauseOverlay
from hercules.ui.strings import has, t, tn
from hercules.ui.table import EVERYTHING, TableBase, grid_rect

from .animations import cue_key, queue_record
from .gameover import GameOverScene
from .handover import HandOverScene
from .layout import LYLayout
from .painter import draw_table, standings_rect
from .reasons import reason_text
from .words import LogContext, card_sort_key, localise, prompt_lines, record_entries, refusal

__all__ = ["EVERYTHING", "TableScene", "units_of"]  # EVERYTHING: the viewer of a finished replay

#: The hint's bot level (it sees only the player's own view).
HINT_LEVEL = "hard"
#: Record events after which the game is autosaved.
SAVE_AFTER = ("end", "won", "over")

Units = Counter[tuple[str, int]]


def units_of(cards: Any) -> Units:
    """A multiset of cards by (type, mark): alike cards are interchangeable."""
    data = load_data()
    return Counter((data.cards[c].type, data.cards[c].units) for c in cards)


class TableScene(TableBase):
    """Plays one game through a controller (live, or a replay's)."""

    focus_arrows: tuple[int, ...] = ()  #: the arrows step the bid; Tab moves the focus

    game_id = GAME_ID
    assets = SPEC.assets
    message_seconds = 3.5
    own_words = {
        "msg.cannot_undo": "ly.cannot_undo",
        "msg.undone": "ly.undone",
        "msg.not_your_turn": "ly.refused.not_your_turn",
    }

    def forget_memos(self) -> None:
        """The engine's and bots' table memos let go (see hercules.games._kit.memo)."""
        forget_table_memos("hercules.games.later_years")

    def setup_table(self) -> None:
        """The game's own: the log's memory, the cards selected, the bid aimed, the layout."""
        self.log_ctx = LogContext()  # what the log remembers of the auction row
        self.selected: list[str] = []  #: cards of the viewer's hand selected for a task
        self.bid_slot: int | None = None
        self.bid_amount = 0
        self._seen: LaterYearsState = self.ctl.state
        self.layout = LYLayout(
            self.app.size, self.state.n, self.app.settings.ui_scale, self.app.display_scale
        )

    def cue_key(self, anim: Anim) -> str:
        """An animation's name in the sounds' table."""
        return cue_key(anim)

    def localise_name(self, name: str, seat: int) -> str:
        """A saved seat name in the current language where the game gave it."""
        return localise(name, seat)

    # --- reading the game ------------------------------------------------------------------
    @property
    def state(self) -> LaterYearsState:
        """The whole truth (never drawn: the painter gets :meth:`view`)."""
        state: LaterYearsState = self.ctl.state
        return state

    def view(self) -> LaterYearsState:
        """What the table shows: the game as :attr:`viewer` may see it."""
        shown: LaterYearsState = super().view()
        return shown

    def follow_turn(self) -> None:
        """The seat on view changes only through the hand-over (it hides the last hand)."""

    def human(self) -> bool:
        """True when the player whose view is shown decides now."""
        return bool(self.ctl.human_to_act()) and self.ctl.actor == self.viewer

    # --- lifecycle ---------------------------------------------------------------------------
    def build(self) -> None:
        """Lay out the table and make its buttons."""
        app = self.app
        self.layout = LYLayout(app.size, self.state.n, app.settings.ui_scale, app.display_scale)
        self.log_view.place(self.layout.log_box, self.layout.body)
        self.build_buttons()

    def button_keys(self) -> tuple[str, ...]:
        """The sidebar's buttons, two rows of two."""
        return ("end", "undo", "hint", "menu")

    def button_cell(self, row: int, col: int, cols: int) -> pygame.Rect:
        """A sidebar button's place: rows of the layout's button height."""
        return grid_rect(self.layout.buttons, row, col, cols, self.layout.button_h)

    def build_buttons(self) -> None:
        """The sidebar's buttons."""
        for k, key in enumerate(self.button_keys()):
            r, c = divmod(k, 2)
            tip = t(f"ly.tip.{key}") if has(f"ly.tip.{key}") else None
            self.add_button(key, self.button_cell(r, c, 2), t(f"ly.btn.{key}"), tip)
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Enable exactly what can be done now."""
        if not self.widgets:
            return
        human = self.human()
        playing = human and self.state.prompt == P_PLAY
        self.enable_buttons(
            {"end": playing, "undo": human and bool(self.ctl.can_undo()), "hint": human}
        )

    # --- the log -----------------------------------------------------------------------------
    def describe(self, rec: Record) -> list[LogEntry]:
        """A record's lines (public facts only)."""
        return record_entries(rec.events, self.names, self.log_ctx, rec.reason)

    def unlog_record(self) -> None:
        """Take the last record's lines out of the log (written again from the start, so
        that the log's memory of the auction row goes back too)."""
        if self.logged:
            self.logged.pop()
        self.relog()

    def restart_log(self) -> None:
        """The log's memory of the auction row starts again."""
        self.log_ctx = LogContext()

    # --- the controller's news ---------------------------------------------------------------
    def autosaves_after(self, rec: Record) -> bool:
        """Autosaved at a turn's end, a win and the game's end."""
        return any(e.kind in SAVE_AFTER for e in rec.events)

    def record_applied(self, rec: Record) -> None:
        """Animate the record; the selection keeps only cards still in hand."""
        queue_record(self, rec, self._seen)
        self._seen = self.state
        self.keep_selection()
        if self.state.prompt != P_BID:
            self.bid_slot = None

    def record_undone(self, rec: Record) -> None:
        """A play was taken back."""
        self._seen = self.state
        self.keep_selection()

    def keep_selection(self) -> None:
        """Selected cards that left the hand are no longer selected."""
        v = self.view()
        hand = list(v.hands[self.viewer]) if 0 <= self.viewer < v.n else []
        kept = []
        for c in self.selected:
            if c in hand:
                hand.remove(c)
                kept.append(c)
        self.selected = kept

    def undo(self) -> bool:
        """Ctrl+Z: take back the last play of this turn (never past a card coming to light)."""
        if not super().undo():
            return False
        self.say(self.word("msg.undone"))
        return True

    # --- messages ----------------------------------------------------------------------------
    def prompt_lines(self) -> list[str]:
        """What to do now (a message first while it shows)."""
        lines = prompt_lines(self.state, self.names, self.human(), self.replaying())
        return self.with_message(lines)

    # --- frame -------------------------------------------------------------------------------
    def show_over(self) -> None:
        """The game is over: its ending's music and the game-over page."""
        self.cues.end(self.app.sound, self.ctl.seats, score(self.state).winners)
        self.app.push(GameOverScene(self.app, self))

    def play_on(self, dt: float) -> None:
        """A human's turn (another's than the one on view: the hand-over), else the pace."""
        if self.ctl.human_to_act():
            actor = self.ctl.actor
            if actor != self.viewer:
                self.hand_over(actor)
            return
        self.pace_bots(dt)

    def step_due(self) -> bool:
        """Chance and automata (no seat acts) step at once; bots at the pace."""
        return super().step_due() or self.ctl.actor < 0

    def hand_over(self, seat: int) -> None:
        """Another human's turn at this machine: hide the table until they are there."""
        self.selected = []
        self.bid_slot = None
        self.viewer = -1  # nothing of the last hand stays on screen, whatever comes next
        self.app.push(HandOverScene(self.app, self, seat))

    def take_seat(self, seat: int) -> None:
        """The hand-over was accepted: show ``seat``'s view."""
        self.viewer = seat
        self.refresh_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        """The table (the painter reads the view, never changes anything)."""
        draw_table(surface, self)

    # --- what the painter asks ---------------------------------------------------------------
    def hand_cards(self) -> list[tuple[str, pygame.Rect]]:
        """The viewer's hand as shown, with where each card lies."""
        from_view = self.view()
        if not 0 <= self.viewer < from_view.n:
            return []
        hand = sorted(from_view.hands[self.viewer], key=card_sort_key)
        return list(zip(hand, self.layout.hand_cards(len(hand)), strict=True))

    def tutorial_regions(self, seat: int) -> dict[str, pygame.Rect]:
        """The places a guided game points at, by name: the auction (and its face-down
        card), ``seat``'s hand and plaque, every plaque, the board and its grid of tasks, the
        deck, the score so far, the prompt, the log and the End turn button."""
        lay = self.layout
        cards = lay.auction_cards(len(self.state.row)) if self.state.row else []
        out = {
            "auction": cards[0].unionall(cards[1:]) if cards else pygame.Rect(lay.stage),
            "hand": pygame.Rect(lay.hand),
            "board": pygame.Rect(lay.board),
            "grid": pygame.Rect(lay.grid),
            "plaque": pygame.Rect(lay.plaques[seat]),
            "plaques": lay.plaques[0].unionall(lay.plaques[1:]),
            "standings": standings_rect(self, self.state.n),
            "deck": pygame.Rect(lay.deck),
            "prompt": pygame.Rect(lay.prompt),
            "log": pygame.Rect(lay.log_box),
        }
        if cards:
            out["blind"] = pygame.Rect(cards[-1])
        end = self.button("end")
        if end is not None:
            out["end"] = pygame.Rect(end.rect)
        return out

    def bid_range(self, slot: int) -> tuple[int, int] | None:
        """The lowest and highest legal bid on ``slot`` now (None: no legal bid there)."""
        amounts = [a.amount for a in self.legal() if a.kind == BID and a.slot == slot]
        return (min(amounts), max(amounts)) if amounts else None

    def payable(self) -> dict[str, int]:
        """The spaces the selected cards pay for, and the fee each would earn."""
        if not self.selected or not self.human() or self.state.prompt != P_PLAY:
            return {}
        have = units_of(self.selected)
        data = load_data()
        return {
            a.space: data.space(a.space).fee
            for a in self.legal()
            if a.kind == TASK and not units_of(a.cards) - have
        }

    def in_reach(self) -> dict[str, int]:
        """Every task the viewer's whole hand could pay for now, with its fee."""
        if not self.human() or self.state.prompt != P_PLAY:
            return {}
        data = load_data()
        return {a.space: data.space(a.space).fee for a in self.legal() if a.kind == TASK}

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keys on the table."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.log_view.motion(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if not self.log_view.wheel(event.y, self.mouse) and self.layout.stage.collidepoint(
                self.mouse
            ):
                self.step_bid(1 if event.y > 0 else -1)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.log_view.release()
        elif self.pressed(event):
            return
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.log_view.press(event.pos):
                return
            if self.anim.busy:
                self.anim.skip()
                return
            self.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = []
            self.bid_slot = None

    # --- keys ----------------------------------------------------------------------------------
    def focus_stops(self) -> list[Stop]:
        """For the keys, from the legal actions: in the auction the cards that take a bid (and,
        one chosen, the stepper: Left/Right step the amount); in the plays the hand's cards and
        the task spaces in reach; then the sidebar's buttons."""
        out: list[Stop] = []
        if self.app.top is self and self.human() and not self.ctl.is_over:
            if self.state.prompt == P_BID:
                out += self.auction_stops()
            elif self.state.prompt == P_PLAY:
                out += self.play_stops()
        return out + super().focus_stops()

    def auction_stops(self) -> list[Stop]:
        """The auction's cards with a legal bid, then the stepper of the one chosen."""
        n = len(self.state.row)
        out = [
            Stop(("slot", slot), r, partial(self.click_slot, slot), self.step_bid, label="slot")
            for slot, r in enumerate(self.layout.auction_cards(n))
            if self.bid_range(slot) is not None
        ]
        if self.bid_slot is not None:
            step = self.layout.stepper(n)
            out += [
                Stop(("step", "minus"), step["minus"], partial(self.step_bid, -1), self.step_bid),
                Stop(("step", "plus"), step["plus"], partial(self.step_bid, 1), self.step_bid),
                Stop(("step", "bid"), step["bid"], self.place_bid, self.step_bid, label="bid"),
            ]
        return out

    def play_stops(self) -> list[Stop]:
        """The hand's cards (a Draw card only when it may be played), then the task spaces
        some payment in hand completes."""
        draw_ok = any(a.kind == PLAY_DRAW for a in self.legal())
        data = load_data()
        out = [
            Stop(("card", card, k), r, partial(self.click_card, card, r), label="card")
            for k, (card, r) in enumerate(self.hand_cards())
            if draw_ok or data.type_of(card).kind != DRAW
        ]
        reach = self.in_reach()
        for i, sp in enumerate(data.spaces):
            if sp.id in reach:
                r = self.layout.space_rect(i)
                out.append(
                    Stop(("space", sp.id), r, partial(self.click_space, sp.id, r), label="space")
                )
        return out

    def hurry(self) -> bool:
        """Enter or Space while pieces move only hurry them (as a click does)."""
        return skip_moves(self.anim)

    def on_key(self, key: int) -> None:
        """Esc, Space (skip), Enter (bid), arrows (the amount), Ctrl+Z, H, F1."""
        if key == pygame.K_ESCAPE:
            if self.selected or self.bid_slot is not None:
                self.selected, self.bid_slot = [], None
            else:
                self.app.push(PauseOverlay(self.app, self))
        elif key == pygame.K_SPACE:
            self.anim.skip()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.place_bid()
        elif key in (pygame.K_UP, pygame.K_RIGHT, pygame.K_PLUS, pygame.K_KP_PLUS):
            self.step_bid(1)
        elif key in (pygame.K_DOWN, pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step_bid(-1)
        elif key == pygame.K_z and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.undo()
        elif key == pygame.K_h:
            self.on_button("hint")
        elif key == pygame.K_F1:
            self.app.nav.rules(self.game_id)

    def on_button(self, key: str) -> None:
        """A sidebar button."""
        if key == "menu":
            self.app.push(PauseOverlay(self.app, self))
        elif key == "undo":
            self.undo()
        elif key == "end":
            self.end_turn()
        elif key == "hint":
            self.show_hint()

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table (never raises, never breaks a rule)."""
        if not self.human():
            if self.layout.main.collidepoint(pos) and not self.replaying():
                self.not_your_turn(pos)
            return
        if self.state.prompt == P_BID:
            self.click_auction(pos)
        elif self.state.prompt == P_PLAY:
            self.click_play(pos)

    # --- bidding -----------------------------------------------------------------------------
    def click_auction(self, pos: tuple[int, int]) -> None:
        """A card of the auction (select it; clicked again: bid) or the stepper."""
        n = len(self.state.row)
        for slot, r in enumerate(self.layout.auction_cards(n)):
            if r.collidepoint(pos) or self.layout.bid_spots(n)[slot].collidepoint(pos):
                self.click_slot(slot)
                return
        if self.bid_slot is None:
            return
        step = self.layout.stepper(n)
        if step["minus"].collidepoint(pos):
            self.step_bid(-1)
        elif step["plus"].collidepoint(pos):
            self.step_bid(1)
        elif step["bid"].collidepoint(pos):
            self.place_bid()

    def click_slot(self, slot: int) -> None:
        """A card of the auction clicked: aim the bid at it, or (aimed already) bid."""
        if self.bid_slot == slot:
            self.place_bid()
        else:
            self.choose_slot(slot)

    def choose_slot(self, slot: int) -> None:
        """Aim the bid at ``slot``: its lowest legal amount, or why there is none."""
        s = self.state
        rng = self.bid_range(slot)
        at = self.layout.auction_cards(len(s.row))[slot].midtop
        if rng is None:
            holder, amount = s.bids[slot]
            err = self.ctl.rules.validate(s, Action(BID, slot=slot, amount=max(0, amount + 1)))
            self.say(refusal(err) if err is not None else t("ly.refused.illegal"), at)
            return
        self.bid_slot = slot
        self.bid_amount = rng[0]

    def step_bid(self, d: int) -> None:
        """The stepper: one coin more or less, within the legal bids."""
        if self.bid_slot is None or not self.human() or self.state.prompt != P_BID:
            return
        rng = self.bid_range(self.bid_slot)
        if rng is None:
            return
        self.bid_amount = max(rng[0], min(rng[1], self.bid_amount + d))

    def place_bid(self) -> None:
        """Bid the stepper's amount on the chosen card."""
        if self.bid_slot is None or not self.human() or self.state.prompt != P_BID:
            return
        slot = self.bid_slot
        at = self.layout.auction_cards(len(self.state.row))[slot].midtop
        if self.send(Action(BID, slot=slot, amount=self.bid_amount), at):
            self.bid_slot = None

    # --- plays -------------------------------------------------------------------------------
    def click_play(self, pos: tuple[int, int]) -> None:
        """A card of the hand (select it, or play a Draw card) or a board space."""
        for card, r in reversed(self.hand_cards()):
            if r.collidepoint(pos):
                self.click_card(card, r)
                return
        for i, sp in enumerate(load_data().spaces):
            r = self.layout.space_rect(i)
            if r.collidepoint(pos):
                self.click_space(sp.id, r)
                return

    def click_card(self, card: str, r: pygame.Rect) -> None:
        """Select or deselect a card; a Draw card is played at once."""
        data = load_data()
        if data.type_of(card).kind == DRAW:
            draw = next((a for a in self.legal() if a.kind == PLAY_DRAW), None)
            if draw is not None:
                self.send(draw, r.midtop)
            return
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)

    def click_space(self, space: str, r: pygame.Rect) -> None:
        """Complete the task of ``space`` with the selected cards (or say why not)."""
        if not self.selected:
            self.say(self.needs_text(space), r.midtop)
            return
        have = units_of(self.selected)
        fits = [
            a
            for a in self.legal()
            if a.kind == TASK and a.space == space and not units_of(a.cards) - have
        ]
        if not fits:
            probe = Action(TASK, space=space, cards=tuple(sorted(self.selected)))
            err = self.ctl.rules.validate(self.state, probe)
            self.say(refusal(err) if err is not None else t("ly.refused.illegal"), r.midtop)
            return
        # The selection itself if it is a way to pay, else the way that spends least.
        exact = [a for a in fits if units_of(a.cards) == have]
        best = exact[0] if exact else min(fits, key=lambda a: (_weight(a.cards), len(a.cards)))
        left = list(self.selected)
        used = units_of(best.cards)
        for c in list(left):
            key = next(iter(units_of([c])))
            if used[key] > 0:
                used[key] -= 1
                left.remove(c)
        if self.send(best, r.midtop):
            self.selected = left
            self.keep_selection()

    def needs_text(self, space: str) -> str:
        """What a task needs now ("2 Capture and 2 Temple, doubles count 2")."""
        data = load_data()
        i = data.space_at[space]
        sp = data.spaces[i]
        k = len(self.state.board[i]) + 1
        return tn(
            "ly.needs",
            k,
            action=t(f"ly.type.{sp.action}"),
            object=t(f"ly.type.{sp.object}"),
            fee=sp.fee,
        )

    def end_turn(self) -> None:
        """End this player's plays (asking first while a task is still in reach)."""
        if not self.human() or self.state.prompt != P_PLAY:
            return
        if self.in_reach():
            self.app.push(
                ConfirmOverlay(
                    self.app,
                    lambda: t("ly.confirm.end"),
                    self.end_now,
                    lambda: tn("ly.confirm.end_body", len(self.in_reach())),
                )
            )
            return
        self.send(Action(END))

    def end_now(self) -> None:
        """End this player's plays (the confirmed answer)."""
        self.send(Action(END))

    def show_hint(self) -> None:
        """What a strong bot would do, seeing only this player's view."""
        if not self.human():
            return
        bot = make_bot(HINT_LEVEL)
        action = bot.choose(self.view(), self.legal(), random.Random(len(self.ctl.history)))
        why = reason_text(bot.explain(), self.names) if hasattr(bot, "explain") else ""
        if action.kind == BID:
            self.bid_slot, self.bid_amount = action.slot, action.amount
        elif action.kind == TASK:
            self.selected = list(action.cards)
        self.say(t("ly.hint", what=why or t(f"ly.hint.{action.kind}")), seconds=8.0)

    def send(self, action: Action, at: tuple[int, int] | None = None) -> bool:
        """Submit an action for the seat on view; say why if it is refused."""
        if not self.human():
            self.not_your_turn(at)
            return False
        err = self.ctl.submit(action, self.viewer)
        if err is not None:
            self.say(refusal(err), at)
            return False
        return True


def _weight(cards: tuple[str, ...]) -> int:
    """How many cards' worth a payment spends."""
    data = load_data()
    return sum(data.cards[c].units for c in cards)

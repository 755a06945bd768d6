"""The game table scene: lifecycle, keys and buttons, the log, and talking to the controller.

The scene reads the controller's state and sends it actions; it never changes
the state itself. Clicks go through :class:`~.targeting.Targeting`, the events
each action returns become animation in :class:`~.animations.EventAnimator`, and
:class:`~.painter.TablePainter` draws each frame from a :class:`~.painter.TableFrame`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame
import pygame_gui

from hercules.app.controller import Record
from hercules.games._kit.memo import forget as forget_table_memos
from hercules.games.mebo.engine import Action
from hercules.games.mebo.engine.actions import END_TURN, REST
from hercules.games.mebo.engine.scoring import score
from hercules.games.mebo.spec import GAME_ID, SPEC
from hercules.ui.anim import Anim, Animator
from hercules.ui.focus import Stop, skip_moves
from hercules.ui.log import LogEntry
from hercules.ui.names import seat_name
from hercules.ui.scenes.overlays import ChoiceOverlay, ConfirmOverlay, PauseOverlay
from hercules.ui.strings import has, t
from hercules.ui.table import TableBase, grid_rect

from ..describe import arithmetic, labour_title, record_items
from ..dialogs import ChooseDeckOverlay, HintOverlay, RestOverlay
from ..gameover import GameOverScene
from ..layout import TableLayout
from ..preview import preview_labour, way_line
from ..targeting import (
    NOT_YOUR_TURN,
    Aim,
    Outcome,
    Target,
    Targeting,
    keyboard_targets,
    labour_ways,
)
from .animations import EventAnimator
from .frame import TableFrame
from .geometry import TableGeometry
from .log import log_entries
from .painter import TablePainter
from .painter_pnp import PnpPainter
from .recap import recap_lines, recap_rect
from .texts import notice_text, prompt_text
from .zoom import CardZoom

#: Seconds the next seat waits while the human's decision that ended a turn can be undone.
UNDO_GRACE = 1.5


def refusal(err: Exception) -> str:
    """Why the game refused an action, in words (the engine's typed reason, translated)."""
    reason = getattr(err, "reason", None)
    key = f"refused.{reason}"
    return t(key) if reason is not None and has(key) else str(err)


class TableScene(TableBase):
    """Plays one game through a controller (live or a replay: any :class:`GameController`)."""

    game_id = GAME_ID
    assets = SPEC.assets
    own_words = {"msg.cannot_undo": "mebo.cannot_undo"}
    button_object_id = "#table_button"  # a size smaller: six share the sidebar's width
    anim: EventAnimator

    def forget_memos(self) -> None:
        """The engine's and bots' table memos let go (see hercules.games._kit.memo)."""
        forget_table_memos("hercules.games.mebo")

    def setup_table(self) -> None:
        """The MEBO table's own: its log's words, recap, aim, hover, zoom, layout and painter."""
        self.log: list[str] = []  # the log's lines, described from ``self.logged``
        self.reasoning = bool(self.app.settings.show_bot_reasoning)  # the log tells bots' reasons
        self.recap: list[str] = []  # shown while the human to act has not clicked or acted
        self._recap_key: tuple[int, int] | None = None  # (seat, records) it was made for
        self.targeting = Targeting()
        self.hover: Target | None = None
        #: No tooltip until the mouse moves again (after a click: what it told is changing).
        self.tip_hidden = False
        self._hover_key: tuple[Any, ...] = ()  # the state and layout the hover was found in
        self.zoom = CardZoom()  # the card shown enlarged (hover a moment, or right click)
        self.layout = TableLayout(
            self.app.size,
            self.state.n,
            scale=self.app.settings.ui_scale,
            density=self.app.display_scale,
        )
        self.painter = self.new_painter()

    def new_animator(self) -> Animator:
        """The MEBO game's animator: dice, Apprentices and cards move as its events say."""
        return EventAnimator()

    def cue_key(self, anim: Anim) -> str:
        """An animation's name in the sounds' table."""
        return EventAnimator.cue_key(anim)

    @property
    def mode(self) -> Aim | None:
        """What the human is aiming (``(kind, source, selected)``), or None."""
        return self.targeting.aim

    @property
    def sheet(self) -> bool:
        """The variant keeps score sheets (print-and-play) instead of cubes and cards."""
        return bool(self.state.config.variant.sheet)

    @property
    def geometry(self) -> TableGeometry:
        """Where things are now (hands, dice, sheets), as the seat at the screen sees them."""
        return TableGeometry(self.layout, self.view())

    # --- lifecycle ---------------------------------------------------------------------------
    def build(self) -> None:
        """Lay out the table and create the sidebar buttons."""
        app = self.app
        self.layout = TableLayout(
            app.size, self.state.n, scale=app.settings.ui_scale, density=app.display_scale
        )
        self.painter = self.new_painter()
        self.log_view.place(self.layout.log_box, self.layout.body)
        self.build_buttons()
        self.refresh_buttons()
        self.prepare()

    def new_painter(self) -> TablePainter:
        """The painter of this game's variant (the one place the variant is chosen)."""
        return PnpPainter() if self.sheet else TablePainter()

    def button_cell(self, row: int, col: int, cols: int) -> pygame.Rect:
        """A sidebar button's place in a grid of two rows."""
        b = self.layout.buttons
        return grid_rect(b, row, col, cols, (b.h - 8) // 2, stretch=True)

    def button_grid(self, row: int, col: int, cols: int, key: str) -> Any:
        """A sidebar button in a grid of two rows; its text and tooltip come from ``key``."""
        rect = self.button_cell(row, col, cols)
        return self.add_button(key, rect, t(f"btn.{key}"), t(f"tip.{key}"), self.button_object_id)

    def build_buttons(self) -> None:
        """Rest, end turn, undo / re-roll, hint, menu."""
        g = self.button_grid
        self.btn_rest = g(0, 0, 3, "rest")
        self.btn_end = g(0, 1, 3, "end_turn")
        self.btn_undo = g(0, 2, 3, "undo")
        self.btn_confirm = g(1, 0, 3, "confirm")
        self.btn_hint = g(1, 1, 3, "hint")
        self.btn_menu = g(1, 2, 3, "menu")

    def prepare(self) -> None:
        """Render the static board and every card face this layout uses, once, on entering.

        Doing it here keeps the cost out of the frames that follow (it is paid while
        the scene opens, like a page turning).
        """
        self.painter.prepare(self.layout, self.view(), self.app.size)

    def resume(self) -> None:
        """Back from an overlay (the settings may have changed: the log follows them)."""
        if bool(self.app.settings.show_bot_reasoning) != self.reasoning:
            self.reasoning = not self.reasoning
            self.relog()
        super().resume()

    # --- the log -----------------------------------------------------------------------------
    def describe(self, rec: Record) -> list[LogEntry]:
        """A record's lines (its reason, then what happened); their words kept in ``log``."""
        items = record_items(rec, self.names, reasoning=self.reasoning, sheet=self.sheet)
        self.log.extend(item.text for item in items)
        return log_entries(items, self.state)

    def unlog_record(self) -> None:
        """Take the last record's lines out of the log (undo, or a replay stepping back)."""
        mark = self._log_marks[-1] if self._log_marks else len(self.log)
        super().unlog_record()
        del self.log[mark:]

    def restart_log(self) -> None:
        """The log's words go too."""
        self.log = []

    # --- controller events -------------------------------------------------------------------
    def autosaves_after(self, rec: Record) -> bool:
        """Autosaved at each turn's end and at the game's end."""
        return any(e.type in ("turn_ended", "game_over") for e in rec.events)

    def record_applied(self, rec: Record) -> None:
        """The recap is read once its human acted; the record's animations are queued."""
        if rec.seat >= 0 and rec.seat == self._recap_key_seat():
            self.recap = []  # the human acted: the recap has been read
        self.targeting.reset()
        for ev in rec.events:
            self.anim.queue(ev, self.layout)

    def record_undone(self, rec: Record) -> None:
        """Nothing stays aimed."""
        self.targeting.reset()

    def on_undo(self, rec: Record) -> None:
        """An action was taken back: the table says so."""
        super().on_undo(rec)
        self.say(self.word("msg.undone"))

    # --- buttons and prompts -----------------------------------------------------------------
    def human_seat(self) -> int:
        """The seat of the human to act now, or -1."""
        return self.ctl.actor if self.ctl.human_to_act() else -1

    def refresh_buttons(self) -> None:
        """Enable exactly the buttons whose action is legal now."""
        if not self.widgets:
            return
        legal = self.ctl.legal() if self.human_seat() >= 0 else []
        kinds = {a.kind for a in legal}
        for btn, on in (
            (self.btn_rest, REST in kinds and self.mode is None),
            (self.btn_end, END_TURN in kinds and self.mode is None),
            (self.btn_hint, self.state.prompt == "action" and bool(legal)),
            (self.btn_undo, self.ctl.can_undo()),
            (self.btn_confirm, self.targeting.can_confirm),
        ):
            if on:
                btn.enable()
            else:
                btn.disable()

    def heading(self) -> str:
        """The sidebar's heading ("": whose turn it is, the painter's default)."""
        return ""

    def prompt_lines(self) -> list[str]:
        """What the player to act can do now, in words (a bot thinking off the frame loop:
        that it is thinking)."""
        s = self.state
        if self.ctl.bot_thinking() and not s.is_terminal and s.current >= 0:
            return [t("prompt.thinking", who=seat_name(self.names, s.current))]
        return prompt_text(s, self.human_seat(), self.mode, self.ctl.legal, self.sheet)

    # --- frame -------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Time passes: the base's clocks, and the card zoom's."""
        super().tick(dt)
        self.zoom.tick(dt, self.view(), self.app.top is self)

    def show_over(self) -> None:
        """The game is over: its ending's music and the game-over screen."""
        self.cues.end(self.app.sound, self.ctl.seats, score(self.state).winners)
        self.app.push(GameOverScene(self.app, self.state, self.names, self.ctl))

    def play_on(self, dt: float) -> None:
        """A human's decision (the recap, a dialog for a rest or a deck), else the pace."""
        seat = self.human_seat()
        if seat >= 0:
            self.check_recap(seat)
            prompt = self.state.prompt
            if prompt == "rest":
                self.app.push(RestOverlay(self.app, self))
            elif prompt == "choose_demigod":
                self.app.push(ChooseDeckOverlay(self.app, self))
            return
        self.pace_bots(dt)  # chance steps, Hades and bots play at a readable pace

    def bot_delay(self) -> float:
        """The pace, and longer while the human's last decision can still be taken back."""
        delay = super().bot_delay()
        if delay and self.ctl.can_undo():
            # The human's last decision ended the turn but may still be taken back: the
            # next seat waits a moment longer, so that Undo can be reached in time.
            delay = max(delay, UNDO_GRACE)
        return delay

    # --- the recap --------------------------------------------------------------------------
    def _recap_key_seat(self) -> int:
        return self._recap_key[0] if self._recap_key is not None else -1

    def wants_recap(self) -> bool:
        """A recap helps: several players, none of them Hades (solo shows the log alone)."""
        players = self.state.players
        return len(players) > 1 and not any(p.hades for p in players)

    def check_recap(self, seat: int) -> None:
        """A human's turn: make the recap once, for what came since that human last acted."""
        last = max((i for i, r in enumerate(self.logged) if r.seat == seat), default=-1)
        key = (seat, last)
        if key == self._recap_key:
            return
        self._recap_key = key
        self.recap = recap_lines(self.logged, seat, self.names) if self.wants_recap() else []

    def dismiss_recap(self) -> bool:
        """Close the recap; True if it was showing."""
        shown = bool(self.recap)
        self.recap = []
        return shown

    def frame(self) -> TableFrame:
        """Everything this frame shows, for the painter."""
        self.log_view.set_entries(self.log_entries)
        seat = self.human_seat()
        aim = self.mode
        legal = self.ctl.legal() if seat >= 0 or aim is not None else []
        prompt = self.with_message(self.prompt_lines())
        return TableFrame(
            state=self.view(),
            layout=self.layout,
            geo=self.geometry,
            size=self.app.size,
            names=self.names,
            log_view=self.log_view,
            recap=self.recap if self.app.top is self else [],
            prompt=prompt,
            heading=self.heading(),
            human_seat=seat,
            legal=legal,
            aim=aim,
            targetable=self.targeting.targetable_dice(legal),
            anim=self.anim.snapshot(),
            hover=self.current_hover() if self.app.top is self else None,
            button_tip=self.button_tip() if self.app.top is self else None,
            mouse=self.mouse,
            zoom=self.zoom.shown if self.app.top is self else None,
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table for this frame."""
        self.painter.draw(surface, self.frame())

    # --- what the painter knows, for tests and tools ------------------------------------------
    def background(self) -> pygame.Surface:
        """The static table and board, rendered once per window size."""
        return self.painter.background(self.layout, self.view(), self.app.size)

    def scores(self) -> Any:
        """The running score of the state shown, computed once per state."""
        return self.painter.scores(self.view())

    def labour_ways(self, legal: list[Action]) -> dict[int, list[Action]]:
        """Legal labour actions grouped by the labour they perform."""
        return labour_ways(self.state, legal)

    def hand_cards(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        """The cards of a seat's hand and where they are drawn."""
        return self.geometry.hand_cards(seat)

    def die_rects(self, seat: int) -> list[pygame.Rect]:
        """Where a seat's dice are drawn."""
        return self.geometry.die_rects(seat)

    def sheet_layout(self, seat: int) -> tuple[list[pygame.Rect], list[tuple[str, pygame.Rect]]]:
        """A print-and-play sheet: twelve labour boxes, then six power rows (``row:<deck>``)."""
        return self.geometry.sheet_layout(seat)

    def tutorial_regions(self, seat: int) -> dict[str, pygame.Rect]:
        """The places a guided game points at, by name (its script's ``region`` targets):
        ``seat``'s dice, hand, score and panel, the labour columns, the card stacks, the
        prompt, the log, and the sidebar's Rest and End turn buttons."""
        geo, lay = self.geometry, self.layout
        dice = geo.die_rects(seat)
        columns = lay.columns[1:13]
        out = {
            "dice": dice[0].unionall(dice[1:]),
            "hand": geo.hand_area(seat),
            "score": geo.score_rect(seat),
            "panel": pygame.Rect(lay.panels[seat]),
            "columns": columns[0].unionall(columns[1:]),
            "stacks": pygame.Rect(lay.stacks_area),
            "prompt": pygame.Rect(lay.prompt_box),
            "log": pygame.Rect(lay.log_box),
        }
        if self.widgets:
            out["rest"] = pygame.Rect(self.btn_rest.rect)
            out["end_turn"] = pygame.Rect(self.btn_end.rect)
        return out

    def die_targetable(self, seat: int, i: int) -> bool:
        """True if the card being aimed can be used on die ``i`` of the player to act."""
        return self.mode is not None and i in self.targeting.targetable_dice(self.ctl.legal())

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The topmost target under a point."""
        return self.geometry.target_at(pos)

    def current_hover(self) -> Target | None:
        """What the tooltip is about now: found again whenever the state or the layout changed
        under a still mouse (a tooltip never tells of what is no longer there), none just after
        a click."""
        if self.tip_hidden:
            return None
        key = (id(self.state), id(self.layout))
        if key != self._hover_key:
            self._hover_key = key
            self.hover = self.target_at(self.mouse)
        return self.hover

    def disabled_reason(self, key: str) -> str:
        """Why sidebar button ``key`` cannot be used now, in words."""
        s = self.state
        if s.is_terminal:
            return t("why.game_over")
        if self.human_seat() < 0:
            return t("why.not_your_turn")
        if self.mode is not None and key in ("rest", "end_turn"):
            return t("why.aiming")
        if key == "confirm":
            return t("why.confirm")
        if key == "undo":
            return t("why.undo")
        if s.prompt == "choose_demigod":
            return t("why.prompt.choose_demigod")
        if s.prompt == "rest":
            return t("why.prompt.rest")
        if s.prompt != "action":
            return t("why.not_now")
        if key == "end_turn":
            return t("why.end_turn")
        if key == "rest":
            return t("why.rest")
        return t("why.not_now")

    def button_tip(self) -> tuple[pygame.Rect, list[str]] | None:
        """The tooltip of a disabled sidebar button under the mouse: what it does, and why not
        now (pygame_gui shows no tooltip on a disabled button)."""
        if self.tip_hidden or not self.widgets:
            return None
        for key in ("rest", "end_turn", "undo", "confirm", "hint"):
            btn = self.button(key)  # a replay has buttons of its own
            if btn is not None and not btn.is_enabled and btn.rect.collidepoint(self.mouse):
                return pygame.Rect(btn.rect), [t(f"tip.{key}"), self.disabled_reason(key)]
        return None

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard on the table."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.tip_hidden = False
            if self.log_view.motion(event.pos):
                return
            self.hover = self.target_at(event.pos)
            self.zoom.hover(self.hover, self.view())
            return
        if event.type == pygame.MOUSEWHEEL:
            self.log_view.wheel(event.y, self.mouse)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.log_view.release()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.pressed(event)
            return
        if event.type == pygame.KEYDOWN:
            self.on_key(event.key)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.tip_hidden = True  # what was under the tooltip is being acted on
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.recap and recap_rect(self.layout, self.recap).collidepoint(event.pos):
                self.dismiss_recap()  # a click on the recap only closes it
                return
            self.dismiss_recap()
            if self.log_view.press(event.pos):
                return
            if self.anim.busy:
                self.anim.skip()
                return
            self.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            # While aiming, a right click cancels the aim; otherwise it enlarges a card.
            target = self.target_at(event.pos)
            if self.mode is not None or not self.zoom.toggle(target, self.view()):
                self.cancel_mode()

    def on_key(self, key: int) -> None:
        """Keyboard shortcuts."""
        if key == pygame.K_SPACE:
            self.anim.skip()
        elif key == pygame.K_ESCAPE:
            if self.zoom.shown is not None:
                self.zoom.close()
            elif self.mode is not None:
                self.cancel_mode()
            else:
                self.open_menu()
        elif key == pygame.K_F1:
            self.app.nav.rules(self.game_id)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm_reroll()
        elif key == pygame.K_r:
            self.send_kind(REST)
        elif key == pygame.K_e:
            self.send_kind(END_TURN)
        elif key == pygame.K_h:
            self.open_hint()
        elif key == pygame.K_z and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.undo()

    def on_button(self, key: str) -> None:
        """A sidebar button."""
        if key == "rest":
            self.send_kind(REST)
        elif key == "end_turn":
            self.send_kind(END_TURN)
        elif key == "confirm":
            self.confirm_reroll()
        elif key == "menu":
            self.open_menu()
        elif key == "hint":
            self.open_hint()
        elif key == "undo":
            self.undo()

    def open_hint(self) -> None:
        """H: the reachable labours and what the Normal bot would do, for the human to act."""
        if self.human_seat() < 0 or self.state.prompt != "action":
            return
        self.app.push(HintOverlay(self.app, self))

    def open_menu(self) -> None:
        """Esc: the pause menu."""
        self.app.push(PauseOverlay(self.app, self))

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table (never raises, never breaks a rule)."""
        self.click_target(self.target_at(pos))

    def click_target(self, target: Target | None) -> None:
        """What a click on ``target`` does (the mouse's and the keys' one way in)."""
        seat = self.human_seat()
        legal = self.ctl.legal() if target is not None and seat >= 0 else []
        self.follow(self.targeting.click(self.state, legal, target, seat))

    # --- keys --------------------------------------------------------------------------------
    def focus_stops(self) -> list[Stop]:
        """For the keys: the labours in reach and the usable cards (while aiming: the dice,
        stops or seats the card can take, and the card), then the sidebar's buttons."""
        seat = self.human_seat()
        stops = []
        if seat >= 0 and self.app.top is self and not self.state.is_terminal:
            found = keyboard_targets(
                self.state, self.ctl.legal(), self.mode, seat, self.geometry.targets()
            )
            stops = [
                Stop(
                    (tg.kind, tg.seat, tg.value),
                    pygame.Rect(tg.rect),
                    partial(self.key_click, tg),
                    label=f"{tg.kind}:{tg.value}",
                )
                for tg in found
            ]
        return stops + super().focus_stops()

    def hurry(self) -> bool:
        """Enter or Space while pieces move only hurry them (as a click does)."""
        return skip_moves(self.anim)

    def key_click(self, target: Target) -> None:
        """Enter on a focused target: what a left click on it does."""
        self.dismiss_recap()
        self.click_target(target)

    def cancel_mode(self) -> None:
        """Leave targeting without doing anything."""
        self.follow(self.targeting.cancel())

    def confirm_reroll(self) -> None:
        """Re-roll the selected dice."""
        if self.targeting.can_confirm:
            self.follow(self.targeting.confirm(self.ctl.legal()))

    def follow(self, out: Outcome) -> None:
        """Do what a click came to: submit, ask which way, or say why not."""
        if out.action is not None:
            self.send(out.action)
            return
        if out.ways:
            column = out.column
            # Each way with what it earns: the operation can decide the Demigod deck.
            options = [
                (
                    t(
                        "choose.way",
                        sum=arithmetic(w.op, w.high, w.low, column),
                        gains=way_line(preview_labour(self.state, w.action)),
                    ),
                    w.action,
                )
                for w in out.ways
            ]
            self.app.push(
                ChoiceOverlay(
                    self.app,
                    self,
                    lambda: t("choose.how_labour", labour=labour_title(column)),
                    options,
                )
            )
            return
        if out.notice:
            self.say(notice_text(out))
        if out.notice != NOT_YOUR_TURN:
            self.refresh_buttons()

    def send(self, action: Action) -> bool:
        """Submit an action for the human to act; say why if it is refused."""
        seat = self.human_seat()
        if seat < 0:
            self.not_your_turn()
            return False
        err = self.ctl.submit(action, seat)
        if err is not None:
            self.say(t("msg.refused", why=refusal(err)))
            return False
        return True

    def send_kind(self, kind: str) -> None:
        """Submit the only legal action of a kind (rest, end turn)."""
        if self.human_seat() < 0 or self.anim.busy:
            return
        action = next((a for a in self.ctl.legal() if a.kind == kind), None)
        if action is None:
            self.say(t("msg.not_now"))
            return
        reach = self.labour_ways(self.ctl.legal()) if kind == END_TURN else {}
        if reach and self.app.settings.game_value(GAME_ID, "confirm_end_with_labour"):

            def give_up() -> None:
                self.send(action)

            def body() -> str:
                return t(
                    "confirm.end_with_labour.body",
                    labours=", ".join(labour_title(c) for c in sorted(reach)),
                )

            self.app.push(
                ConfirmOverlay(self.app, lambda: t("confirm.end_with_labour"), give_up, body)
            )
            return
        if kind == END_TURN and self.app.settings.game_value(GAME_ID, "confirm_end_turn"):

            def end_turn() -> None:
                self.send(action)

            self.app.push(
                ConfirmOverlay(
                    self.app,
                    lambda: t("confirm.end_turn"),
                    end_turn,
                    lambda: t("confirm.end_turn_body"),
                )
            )
            return
        self.send(action)

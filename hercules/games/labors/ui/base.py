"""The Labors table's life: the run it shows, its log, animations, dialogs and frame.

:class:`LaborsTableBase` is the shell's :class:`~hercules.ui.table.TableBase` (saves, messages,
the log's marks, undo, the controller's life) with the Labors game's own: how a record is
logged and animated, when the run is autosaved, the legend and the choices' dialogs. The
table scene (``table.py``) adds what the painter asks and the mouse.
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.app.controller import Record
from hercules.games._kit.memo import forget as forget_table_memos
from hercules.games.labors.engine import Action
from hercules.games.labors.engine.adapter import GAME_ID
from hercules.games.labors.engine.state import (
    P_ABDERUS,
    P_DRAW,
    P_MOOD,
    P_PHOLUS,
    P_PLAY,
    P_REMOVE,
    P_RESTART,
    P_REWARD,
    WON,
    LaborsState,
)
from hercules.games.labors.spec import SPEC
from hercules.ui.log import LogEntry
from hercules.ui.scenes.overlays import ChoiceOverlay
from hercules.ui.strings import t
from hercules.ui.table import TableBase, grid_rect

from .dialogs import RestartOverlay, RewardOverlay
from .gameover import GameOverScene
from .layout import LaborsLayout, TrackGeometry, track_geometry
from .legend import LegendOverlay
from .painter import draw_table
from .reasons import hint_text, reason_text
from .texts import (
    mood_name,
    prompt_lines,
    record_entries,
    reward_name,
)

#: How long a die tumbles when rolled or re-rolled (as the board game's dice do).
ROLL_SECONDS = 0.9
#: How long a Trial die takes from one space to the next.
MOVE_SECONDS = 0.4


class LaborsTableBase(TableBase):
    """Plays one run through a controller (live, or a replay's): everything but the mouse."""

    game_id = GAME_ID
    assets = SPEC.assets
    own_words = {"msg.cannot_undo": "lab.cannot_undo"}

    def forget_memos(self) -> None:
        """The engine's and bots' table memos let go (see hercules.games._kit.memo)."""
        forget_table_memos("hercules.games.labors")

    def setup_table(self) -> None:
        """The run's own: the dice picked and pressed, the legends told, the layout and tracks."""
        self._seen: LaborsState = self.ctl.state  # the run before the record in the news
        self.picked: list[int] = []
        self.hover_space: tuple[int, str] | None = None
        self.drag_from: int | None = None  #: the die pressed (a drag starts there)
        self.press_at = (0, 0)
        self.fresh_pick = False  #: the die pressed was picked by that press
        self.legends_shown: set[int] = set()  #: labours whose legend was told this run
        #: The player closed a choice's dialog: it opens again at their next click.
        self.dialog_dismissed = False
        self.layout = self.new_layout()
        self.tracks = self._tracks()

    # --- reading the run ------------------------------------------------------------------------
    @property
    def state(self) -> LaborsState:
        """The run now (read only; drawing reads :meth:`view`)."""
        state: LaborsState = self.ctl.state
        return state

    def view(self) -> LaborsState:
        """The run as the player sees it (the Mood deck's order hidden)."""
        shown: LaborsState = super().view()
        return shown

    def human(self) -> bool:
        """True when the player at this machine decides now."""
        return bool(self.ctl.human_to_act())

    def _tracks(self) -> TrackGeometry:
        lab = self.state.data.labour(self.state.labour)
        return track_geometry(self.layout.board, lab, self.app.display_scale)

    def new_layout(self) -> LaborsLayout:
        """The table's places for the window now (its size, the text and display scales)."""
        app = self.app
        return LaborsLayout(app.size, self.state, app.settings.ui_scale, app.display_scale)

    def relayout(self) -> None:
        """The state's cards or labour changed: lay the table out again."""
        key = (self.state.labour, self.layout.card_list(self.state), self.app.size)
        if key != getattr(self, "_layout_key", None):
            self._layout_key = key
            self.layout = self.new_layout()
            self.tracks = self._tracks()
            self.log_view.place(self.layout.log_box, self.layout.body)
            if self.widgets:
                self.clear_widgets()
                self.build_buttons()

    # --- lifecycle ------------------------------------------------------------------------------
    def build(self) -> None:
        """Lay out the table and make its buttons."""
        self.layout = self.new_layout()
        self._layout_key = (self.state.labour, self.layout.card_list(self.state), self.app.size)
        self.tracks = self._tracks()
        self.log_view.place(self.layout.log_box, self.layout.body)
        self.build_buttons()

    def button_cell(self, row: int, col: int, cols: int) -> pygame.Rect:
        """A sidebar button's place: rows of the layout's button height."""
        return grid_rect(self.layout.buttons, row, col, cols, self.layout.button_h)

    def build_buttons(self) -> None:
        """End roll, Undo, Hint, Menu (two rows of two)."""
        for k, key in enumerate(("resolve", "undo", "hint", "menu")):
            r, c = divmod(k, 2)
            tip = t(f"lab.tip.{key}")
            self.add_button(key, self.button_cell(r, c, 2), t(f"lab.btn.{key}"), tip)
        self.refresh_buttons()

    def hint_fn(self) -> Any:
        """The game's hint: the solver's next placement and why, in the player's language."""
        return hint_text

    def refresh_buttons(self) -> None:
        """Enable exactly what can be done now."""
        if not self.widgets:
            return
        human = self.human()
        playing = human and self.state.prompt == P_PLAY
        self.enable_buttons(
            {
                "resolve": playing,
                "undo": human and bool(self.ctl.can_undo()),
                "hint": playing and self.hint_fn() is not None,
            }
        )

    # --- the log and the controller's news ---------------------------------------------------
    def describe(self, rec: Record) -> list[LogEntry]:
        """A record's lines, read against the run before it (the run now when relogging)."""
        reason = reason_text(rec.reason) if rec.reason else ""
        return record_entries(rec.events, self._seen, reason)

    def autosaves_after(self, rec: Record) -> bool:
        """Autosaved when a roll is resolved, a trial ends, a Reward is taken, the run ends."""
        return any(e.kind in ("resolve", "trial", "over", "reward") for e in rec.events)

    def record_applied(self, rec: Record) -> None:
        """Animate the record; nothing stays picked; the table follows the run."""
        before = self._seen
        self.picked = []
        self.dialog_dismissed = False
        self._queue(rec, before)
        # Placements, cards and a trial beaten have no animation to wait for: heard at once.
        self.cues.events(self.app.sound, (e.kind for e in rec.events))
        self._seen = self.state
        self.relayout()

    def _queue(self, rec: Record, before: LaborsState) -> None:
        """The record's events as animations: tumbling dice, Trial dice moving space by space."""
        nodes = {i: td.node for i, td in enumerate(before.trial)}
        for ev in rec.events:
            if ev.kind == "rolled" and ev.values:
                self.anim.then("dice", ROLL_SECONDS, dice=dict(enumerate(ev.values)))
            elif ev.kind == "rerolled":
                self.anim.then(
                    "dice", ROLL_SECONDS, dice=dict(zip(ev.dice, ev.values, strict=False))
                )
            elif ev.kind == "moved" and ev.target in nodes:
                self.anim.then(
                    "move", MOVE_SECONDS, die=ev.target, frm=nodes[ev.target], to=ev.node
                )
                nodes[ev.target] = ev.node
            elif ev.kind == "hurt" and ev.n:
                self.anim.then("hurt", 0.5, n=ev.n)
            elif ev.kind == "trial":
                self.anim.skip()

    def record_undone(self, rec: Record) -> None:
        """A placement was taken back: nothing stays picked; the table follows the run."""
        self.picked = []
        self._seen = self.state
        self.relayout()

    # --- messages ----------------------------------------------------------------------------
    def prompt_lines(self) -> list[str]:
        """What the player can do now (a message first while it shows)."""
        lines = prompt_lines(self.view(), self.picked, self.human(), self.anim.busy)
        return self.with_message(lines)

    # --- frame ---------------------------------------------------------------------------------
    def play_on(self, dt: float) -> None:
        """A trial's legend, the dialog of a pending choice, else the autoplay's pace."""
        if self.wants_legend():
            return
        if self.human():
            if not self.dialog_dismissed:
                self.open_dialog()
            return
        self.pace_bots(dt)

    def wants_legend(self) -> bool:
        """A trial opens (before its Mood) for the player at this machine: its legend first.

        Once per labour and run; a click, Esc or Space skips it. Autoplay runs on without.
        """
        s = self.state
        if s.prompt != P_DRAW or s.labour in self.legends_shown or not self.autosave:
            return False
        if not any(seat.kind == "human" for seat in self.ctl.seats):
            return False
        self.legends_shown.add(s.labour)
        self.app.push(LegendOverlay(self.app, s.labour, lambda: None))
        return True

    def show_over(self) -> None:
        """The run is over: its screen, with victory's or defeat's music."""
        won = [0] if self.state.outcome == WON else []  # Hercules' seat, or nobody
        self.cues.end(self.app.sound, self.ctl.seats, won)
        self.app.push(GameOverScene(self.app, self))

    def asks_in_a_dialog(self) -> bool:
        """True while the choice to make is one a dialog asks (not one made on the board)."""
        return self.state.prompt in (P_RESTART, P_REWARD, P_MOOD, P_ABDERUS, P_PHOLUS, P_REMOVE)

    def open_dialog(self) -> None:
        """The choices that are not made on the board open a dialog (closed: until a click)."""
        s = self.state
        if self.asks_in_a_dialog():
            self.dialog_dismissed = True  # shown now; closing it leaves the table usable
        legal = self.legal()
        p = s.prompt
        if p == P_RESTART:
            self.app.push(RestartOverlay(self.app, self))
        elif p == P_REWARD:
            self.app.push(RewardOverlay(self.app, self, [a.card for a in legal]))
        elif p == P_MOOD:
            opts = [
                (t("lab.choose.keep_mood", mood=mood_name(s.mood)), Action("mood", card="keep")),
                (t("lab.choose.redraw_mood"), Action("mood", card="redraw")),
            ]
            self.app.push(ChoiceOverlay(self.app, self, lambda: t("lab.choose.mood"), opts))
        elif p == P_ABDERUS:
            opts = [(t(f"lab.choose.abderus_{a.card}"), a) for a in legal]
            self.app.push(ChoiceOverlay(self.app, self, lambda: t("lab.choose.abderus"), opts))
        elif p == P_PHOLUS:
            opts = [(t("lab.choose.cover", name=reward_name(a.card)), a) for a in legal]
            self.app.push(ChoiceOverlay(self.app, self, lambda: t("lab.choose.pholus"), opts))
        elif p == P_REMOVE:
            opts = [(t("lab.choose.remove_one", name=reward_name(a.card)), a) for a in legal]
            self.app.push(ChoiceOverlay(self.app, self, lambda: t("lab.choose.remove"), opts))

    def draw(self, surface: pygame.Surface) -> None:
        """The table (the painter reads, never changes)."""
        draw_table(surface, self)

"""The Labors table's life: the run it shows, its log, saves, messages, dialogs and frame.

:class:`TableBase` reads the controller's state and reacts to what the controller applies; the
table scene (``table.py``) adds what the painter asks and the mouse. Split so that each room
holds one job.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from hercules.app import saves
from hercules.app.controller import GameController, Record
from hercules.app.health import SavingOff
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
from hercules.ui.anim import Animator
from hercules.ui.log import LogEntry, LogView
from hercules.ui.names import localise_name
from hercules.ui.scene import Scene
from hercules.ui.scenes.overlays import ChoiceOverlay
from hercules.ui.sound import Cues
from hercules.ui.strings import has, t
from hercules.ui.surfaces import forget_pictures

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


class TableBase(Scene):
    """Plays one run through a controller (live, or a replay's): everything but the mouse."""

    game_id = GAME_ID

    def __init__(
        self,
        app: Any,
        controller: GameController,
        names: list[str],
        *,
        autosave: bool = True,
        created: str | None = None,
        label: str = "",
    ) -> None:
        super().__init__(app)
        self.ctl = controller
        self.names = [localise_name(n, i) for i, n in enumerate(names)]
        self.autosave = autosave
        self.saver = saves.GameSaver(controller, names, created=created, label=label)
        self.log_entries: list[LogEntry] = []
        self._marks: list[int] = []
        self.logged: list[Record] = []
        self.log_view = LogView()
        self.anim = Animator()
        self.anim.speed = app.settings.animation_speed
        self.cues = Cues.load(SPEC.assets)  # which sound each animation, event and end plays
        self.cues.attach(self.anim, app.sound)
        self.picked: list[int] = []
        self.message = ""
        self.message_time = 0.0
        self.message_at: tuple[int, int] | None = None
        self.mouse = (0, 0)
        self.hover_space: tuple[int, str] | None = None
        self.drag_from: int | None = None  #: the die pressed (a drag starts there)
        self.press_at = (0, 0)
        self.fresh_pick = False  #: the die pressed was picked by that press
        self.wait = 0.0
        self.told_saving_off = False
        self.over_shown = False
        self.legends_shown: set[int] = set()  #: labours whose legend was told this run
        #: The player closed a choice's dialog: it opens again at their next click.
        self.dialog_dismissed = False
        self._seen: LaborsState = controller.state
        self.layout = self.new_layout()
        self.tracks = self._tracks()
        controller.subscribe(self.on_record)
        controller.on_undo(self.on_undo)

    # --- reading the run ------------------------------------------------------------------------
    @property
    def state(self) -> LaborsState:
        """The run now (read only)."""
        state: LaborsState = self.ctl.state
        return state

    def legal(self) -> list[Action]:
        """The legal actions now (the controller works them out once per state)."""
        return self.ctl.legal()

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

    def build_buttons(self) -> None:
        """End roll, Undo, Hint, Menu (two rows of two)."""
        b = self.layout.buttons
        bw = (b.w - 8) // 2
        bh = self.layout.button_h
        self.buttons: dict[Any, str] = {}
        for k, key in enumerate(("resolve", "undo", "hint", "menu")):
            r, c = divmod(k, 2)
            rect = pygame.Rect(b.x + c * (bw + 8), b.y + r * (bh + 8), bw, bh)
            btn = self.add(
                pygame_gui.elements.UIButton(
                    rect, t(f"lab.btn.{key}"), self.app.ui, tool_tip_text=t(f"lab.tip.{key}")
                )
            )
            self.buttons[btn] = key
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
        on = {
            "resolve": playing,
            "undo": human and bool(self.ctl.can_undo()),
            "hint": playing and self.hint_fn() is not None,
            "menu": True,
        }
        for btn, key in self.buttons.items():
            if on[key]:
                btn.enable()
            else:
                btn.disable()

    def exit(self) -> None:
        """Leave the table: stop the bot, finish writing saves, free its pictures."""
        super().exit()
        self.ctl.close()
        self.saver.close()
        forget_pictures()  # the menus need none of the table's pictures
        self.app.memory.note_garbage()

    def resume(self) -> None:
        """Back from an overlay."""
        super().resume()
        self.refresh_buttons()

    def relocalize(self) -> None:
        """The language changed: the log in the new words."""
        self.relog()
        super().relocalize()

    # --- the log -----------------------------------------------------------------------------
    def log_record(self, rec: Record, before: LaborsState | None = None) -> None:
        """Add a record's lines to the log."""
        self.logged.append(rec)
        self._marks.append(len(self.log_entries))
        reason = reason_text(rec.reason) if rec.reason else ""
        self.log_entries.extend(record_entries(rec.events, before or self._seen, reason))
        self.log_view.set_entries(self.log_entries)

    def unlog_record(self) -> None:
        """Take the last record's lines out of the log."""
        if self.logged:
            self.logged.pop()
        if self._marks:
            del self.log_entries[self._marks.pop() :]
        self.log_view.set_entries(self.log_entries)

    def relog(self) -> None:
        """Describe every logged record again (a new language)."""
        records = self.logged
        self.logged, self._marks, self.log_entries = [], [], []
        for rec in records:
            self.log_record(rec, self._seen)
        self.log_view.set_entries(self.log_entries)

    # --- the controller's news ------------------------------------------------------------------
    def on_record(self, rec: Record) -> None:
        """An action was applied: log it, animate it, autosave at the right moments."""
        before = self._seen
        self.log_record(rec, before)
        self.picked = []
        self.dialog_dismissed = False
        self._queue(rec, before)
        # Placements, cards and a trial beaten have no animation to wait for: heard at once.
        self.cues.events(self.app.sound, (e.kind for e in rec.events))
        self._seen = self.state
        self.relayout()
        if self.autosave and any(
            e.kind in ("resolve", "trial", "over", "reward") for e in rec.events
        ):
            self.save_to(None)
        self.refresh_buttons()

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

    def on_undo(self, rec: Record) -> None:
        """A placement was taken back."""
        self.unlog_record()
        self.anim.skip()
        self.picked = []
        self._seen = self.state
        self.relayout()
        self.refresh_buttons()

    def undo(self) -> None:
        """Ctrl+Z: take back the last placement of this roll (never past a roll or a draw)."""
        why = getattr(self.ctl, "undo_refusal", lambda: "")()
        if why or self.ctl.undo() is None:
            key = f"msg.cannot_undo.{why}"
            self.say(t(key) if why and has(key) else t("msg.cannot_undo"))

    # --- saving ------------------------------------------------------------------------------
    @property
    def label(self) -> str:
        """The name the player gave this run's save."""
        return self.saver.label

    @label.setter
    def label(self, value: str) -> None:
        self.saver.label = value

    def save_to(self, path: Any, label: str | None = None) -> None:
        """Save the run (``path`` None: its autosave); written off the frame loop."""
        try:
            self.saver.save(path, label)
        except SavingOff as exc:
            if path is not None or not self.told_saving_off:
                self.told_saving_off = True
                self.say(str(exc))
        except (OSError, saves.SaveError) as exc:
            self.say(t("msg.save_failed", why=str(exc)))

    def wait_for_saves(self) -> None:
        """Block until pending saves are written (tests, quitting)."""
        self.saver.wait()

    # --- messages ----------------------------------------------------------------------------
    def say(self, text: str, at: tuple[int, int] | None = None, seconds: float = 3.0) -> None:
        """A short message: in the sidebar, and next to ``at`` (a die) when given."""
        self.message = text
        self.message_time = seconds
        self.message_at = at

    def prompt_lines(self) -> list[str]:
        """What the player can do now (a message first while it shows)."""
        lines = prompt_lines(self.state, self.picked, self.human(), self.anim.busy)
        if self.message_time > 0 and self.message:
            lines = [self.message, *lines]
        return lines

    # --- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Animations, dialogs for pending choices, the autoplay pace, the end."""
        self.anim.speed = self.app.settings.animation_speed
        self.anim.update(dt)
        failure = self.saver.take_failure()
        if failure is not None:
            self.say(t("msg.save_failed", why=str(failure)))
        if self.message_time > 0:
            self.message_time -= dt
        if self.app.top is not self or self.anim.busy:
            return
        if self.ctl.is_over:
            if not self.over_shown:
                self.over_shown = True
                self.show_over()
            return
        if self.wants_legend():
            return
        if self.human():
            if not self.dialog_dismissed:
                self.open_dialog()
            return
        self.wait += dt
        delay = self.app.settings.bot_delay if self.app.settings.animation_speed > 0 else 0.0
        if self.ctl.bot_thinking() or self.wait >= delay:
            if self.ctl.step() is not None:
                self.wait = 0.0

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

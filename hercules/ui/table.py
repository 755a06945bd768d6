"""What the shell asks of a game's table, and the base every game's table is built on.

:class:`GameTable` is the one description of a table the shell relies on: the overlays (pause,
save, leave), the guided game, the crash rescue and the navigation reach a table only
through it, and ``isinstance(scene, GameTable)`` tells a table from any other scene.

:class:`TableBase` is the plumbing the games' tables share, so that each keeps only its own
drawing, layout and input: the controller's life (its news of records and undos, closed on
leaving), saving (the :class:`~hercules.app.saves.GameSaver`, the autosave after the records
the game names, a failed save told, "saving is off" told once), short messages (their words,
time and place), the log (its entries, and the marks that take a record's lines back), undo
with the refusal said in words, the bots' pace, the sidebar's buttons by key, and the seat
whose view is shown (:meth:`TableBase.view`: a table never draws the whole state, only what
the seat at the screen may see).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import pygame
import pygame_gui

from hercules.app import saves
from hercules.app.contract import SPECTATOR
from hercules.app.controller import GameController, Record, redacted
from hercules.app.health import SavingOff

from . import draw as D
from .anim import Anim, Animator
from .focus import Stop
from .log import LogEntry, LogView
from .names import localise_name
from .scene import Scene, Shell
from .sound import Cues
from .strings import has, t
from .surfaces import forget_pictures
from .theme import FONTS, colour

#: The viewer who sees everything: a replay of a finished game (every hand may be shown).
EVERYTHING = -2

#: A path a save may be written to (None: the game's autosave slot).
SavePath = str | os.PathLike[str] | None


@runtime_checkable
class GameTable(Protocol):
    """What the shell may ask of a game's table scene (and nothing more).

    The pause menu saves through :meth:`save_to` and names the save by :attr:`label`; leaving
    asks :attr:`autosave` and the controller whether the game is kept; a guided game points
    at :meth:`tutorial_regions` and closes a passing note with :meth:`dismiss_recap`; the
    crash rescue writes the :attr:`saver`'s document; the statistics read :attr:`names`.
    """

    ctl: GameController  #: the controller the table plays through
    names: list[str]  #: the seats' display names
    autosave: bool  #: the game is autosaved (False: a replay, or a table told not to)
    saver: saves.GameSaver  #: writes the game's saves off the frame loop
    anim: Animator  #: what moves on the table (a guided game waits for it)

    @property
    def game_id(self) -> str:
        """The game's id (its rules page, its saves)."""

    @property
    def label(self) -> str:
        """The name the player gave the game's save ("" until saved in a named slot)."""

    @label.setter
    def label(self, value: str) -> None: ...

    def save_to(self, path: SavePath, label: str | None = None) -> None:
        """Save the game (``path`` None: its autosave); problems are said on the table."""

    def say(
        self, text: str, at: tuple[int, int] | None = None, seconds: float | None = None
    ) -> None:
        """A short message on the table."""

    def send(self, action: Any) -> bool:
        """Submit an action for the seat at the screen (a dialog's choice); False if refused."""

    def log_record(self, rec: Record) -> None:
        """Add a record's lines to the log (a resumed game's history)."""

    def view(self) -> Any:
        """The game as the seat at the screen may see it (what the table and its pages show)."""

    def focus_stops(self) -> list[Stop]:
        """What the keyboard focus visits (a guided game narrows them to its step's)."""

    def tutorial_regions(self, seat: int) -> dict[str, pygame.Rect]:
        """The places a guided game points at, by name."""

    def dismiss_recap(self) -> bool:
        """Close a passing note over the table; True if one was showing."""


def grid_rect(
    area: pygame.Rect,
    row: int,
    col: int,
    cols: int,
    height: int,
    *,
    gap: int = 8,
    stretch: bool = False,
) -> pygame.Rect:
    """Cell (``row``, ``col``) of a grid of buttons ``cols`` wide and ``height`` high in
    ``area``, ``gap`` apart (``stretch``: the last column reaches the area's right edge)."""
    w = (area.w - gap * (cols - 1)) // cols
    x = area.x + col * (w + gap)
    if stretch and col == cols - 1:
        w = area.right - x
    return pygame.Rect(x, area.y + row * (height + gap), w, height)


class TableBase(Scene):
    """A game's table: the shared life of one game played (or replayed) through a controller.

    A game's table sets :attr:`game_id` and :attr:`assets`, describes a record in its log
    (:meth:`describe`), says after which records it autosaves (:meth:`autosaves_after`), lays
    out its buttons (:meth:`build_buttons` with :meth:`add_button`), draws, and handles its
    own input; it reacts to news with :meth:`record_applied` and :meth:`record_undone`.
    """

    game_id: ClassVar[str] = ""
    #: The game's folder of assets (its sounds' table).
    assets: ClassVar[str | None] = None
    #: How long a message shows, in seconds.
    message_seconds: ClassVar[float] = 3.0
    #: The game's own words for some of the shell's table words (the shell's key → the
    #: game's key); a refusal's reason follows its key (``msg.cannot_undo.revealed`` →
    #: ``<own key>.revealed``) and falls back on the shell's words.
    own_words: ClassVar[dict[str, str]] = {}
    #: The pygame_gui object id of the sidebar's buttons (None: the theme's plain button).
    button_object_id: ClassVar[str | None] = None

    def __init__(
        self,
        app: Shell,
        controller: GameController,
        names: list[str],
        *,
        autosave: bool = True,
        created: str | None = None,
        label: str = "",
    ) -> None:
        super().__init__(app)
        self.ctl: GameController = controller
        #: The seats' names, in the current language where the game gave them (shared with
        #: the saver, which writes them as shown).
        self.names = names
        self.names[:] = [self.localise_name(n, i) for i, n in enumerate(names)]
        #: Played on a table server (a remote controller): the server keeps the game, so
        #: nothing is saved here; its news is read each frame; a connection line shows.
        self.online = bool(getattr(controller, "online", False))
        self.autosave = autosave and not self.online
        # Writes saves on its own thread: disk writes never stall a frame.
        self.saver = saves.GameSaver(controller, names, created=created, label=label)
        self.logged: list[Record] = []  #: the records in the log, to describe them again
        self.log_entries: list[LogEntry] = []  #: the log as its panel shows it
        self._log_marks: list[int] = []  # the log's length before each record, to take back
        self.log_view = LogView()
        self.anim: Animator = self.new_animator()
        self.anim.speed = app.settings.animation_speed
        # Which sound each animation and ending plays (a game without assets: silence).
        self.cues = Cues.load(self.assets) if self.assets else Cues()
        self.cues.attach(self.anim, app.sound, self.cue_key)
        self.buttons: dict[Any, str] = {}  #: the sidebar's buttons and their keys
        self.message = ""
        self.message_time = 0.0
        self.message_at: tuple[int, int] | None = None
        self.mouse = (0, 0)
        self.wait = 0.0  #: seconds since the last automatic step
        self.told_saving_off = False
        self.over_shown = False
        #: The seats played at this machine.
        self.humans = [i for i, s in enumerate(controller.seats) if s.kind == "human"]
        #: The seat whose view is shown: the one human; with several (hot-seat) the one whose
        #: turn it is or was last; none (bots only): a spectator's; EVERYTHING: no secret.
        self.viewer = self.humans[0] if len(self.humans) == 1 else SPECTATOR
        self._view_of: tuple[Any, int, Any] = (None, 0, None)
        self.setup_table()
        self.follow_turn()
        controller.subscribe(self.on_record)
        controller.on_undo(self.on_undo)

    # --- hooks for the game ---------------------------------------------------------------
    def setup_table(self) -> None:
        """The game's own parts of the table (its layout, its painter, what it remembers),
        made once the base's are there and before the controller's news comes."""

    def forget_memos(self) -> None:
        """Let go of what the game's engine and bots remembered for this table (called when
        it closes): a game whose memos are keyed by positions empties them here, so memory
        stays at one game's worth over an evening of play instead of filling to their bounds.
        (A bot still thinking on the worker thread as the table closes may put one decision's
        worth back: the next table's close lets that go too.)"""

    def new_animator(self) -> Animator:
        """The table's animator (a game may animate its events its own way)."""
        return Animator()

    def cue_key(self, anim: Anim) -> str:
        """An animation's name in the sounds' table (its kind by default)."""
        return anim.kind

    def localise_name(self, name: str, seat: int) -> str:
        """A saved seat name in the current language where the game gave it."""
        return localise_name(name, seat)

    def describe(self, rec: Record) -> list[LogEntry]:
        """A record's lines for the log (the game's words)."""
        return []

    def autosaves_after(self, rec: Record) -> bool:
        """True if the game is autosaved after ``rec`` (a turn's end, the game's end...)."""
        return False

    def record_applied(self, rec: Record) -> None:
        """An action was applied (after its log lines, before the autosave): animate it."""

    def record_undone(self, rec: Record) -> None:
        """An action was taken back (after its log lines went)."""

    def show_over(self) -> None:
        """The game is over: its game-over screen (once)."""

    def play_on(self, dt: float) -> None:
        """Nothing moves and the game goes on: a human decides, or the bots are paced."""
        if not self.ctl.human_to_act():
            self.pace_bots(dt)

    def refresh_buttons(self) -> None:
        """Enable exactly the buttons whose action can be done now."""

    def build_buttons(self) -> None:
        """Make the sidebar's buttons (with :meth:`add_button`)."""

    def on_button(self, key: str) -> None:
        """The sidebar's button ``key`` was pressed."""

    def button_cell(self, row: int, col: int, cols: int) -> pygame.Rect:
        """Where the sidebar's button (``row``, ``col``) of a row of ``cols`` goes."""
        raise NotImplementedError

    def replaying(self) -> bool:
        """True in a replay (nobody plays)."""
        return False

    # --- reading the game -----------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The whole game now (read only; never drawn: drawing reads :meth:`view`)."""
        return self.ctl.state

    def view(self) -> Any:
        """The game as the seat at the screen (:attr:`viewer`) may see it: what is drawn.

        Worked out once per state and viewer (EVERYTHING: the state itself)."""
        state = self.ctl.state
        known, seat, shown = self._view_of
        if known is not state or seat != self.viewer:
            shown = state if self.viewer == EVERYTHING else self.ctl.view(self.viewer)
            self._view_of = (state, self.viewer, shown)
        return shown

    def log_seat(self) -> int:
        """Whose eyes the log is written for: the one human at this screen; a spectator
        when several share the screen (the log stays up for all of them) or none plays;
        everyone's in a finished game's replay."""
        if self.viewer == EVERYTHING:
            return EVERYTHING
        return self.humans[0] if len(self.humans) == 1 else SPECTATOR

    def follow_turn(self) -> None:
        """Hot-seat without a hand-over: the human to act is the seat at the screen."""
        if self.viewer != EVERYTHING and self.ctl.human_to_act():
            self.viewer = self.ctl.actor

    def legal(self) -> list[Any]:
        """The legal actions now (the controller works them out once per state)."""
        return self.ctl.legal()

    # --- lifecycle --------------------------------------------------------------------------
    def exit(self) -> None:
        """Leave the table: stop the bots, finish writing saves, free its pictures."""
        super().exit()
        self.ctl.close()
        self.close_saves()
        forget_pictures()  # the menus need none of the table's pictures
        self.forget_memos()
        self.app.memory.note_garbage()

    def resume(self) -> None:
        """Back from an overlay."""
        super().resume()
        self.refresh_buttons()

    def relocalize(self) -> None:
        """The language changed: the seats' names, the log and the table in the new words."""
        self.names[:] = [self.localise_name(n, i) for i, n in enumerate(self.names)]
        self.relog()
        self.message_time = 0.0  # a message in the old words goes
        super().relocalize()

    # --- buttons ----------------------------------------------------------------------------
    def clear_widgets(self) -> None:
        """Destroy the scene's widgets, the buttons' keys with them."""
        super().clear_widgets()
        self.buttons = {}

    def add_button(
        self,
        key: str,
        rect: pygame.Rect,
        text: str,
        tip: str | None = None,
        object_id: str | None = None,
    ) -> Any:
        """A sidebar button for ``key`` (its press calls :meth:`on_button` with the key)."""
        btn = self.add(
            pygame_gui.elements.UIButton(
                rect, text, self.app.ui, tool_tip_text=tip, object_id=object_id
            )
        )
        self.buttons[btn] = key
        return btn

    def button(self, key: str) -> Any:
        """The button of ``key`` (None if there is none)."""
        return next((b for b, k in self.buttons.items() if k == key), None)

    def enable_buttons(self, on: dict[str, bool]) -> None:
        """Enable the buttons ``on`` says, disable the others it names (the rest stay on)."""
        for btn, key in self.buttons.items():
            if on.get(key, True):
                btn.enable()
            else:
                btn.disable()

    def pressed(self, event: pygame.event.Event) -> bool:
        """A press of one of the table's buttons: its :meth:`on_button`; True if it was."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return False
        self.on_button(self.buttons[event.ui_element])
        return True

    # --- the log ----------------------------------------------------------------------------
    def log_record(self, rec: Record) -> None:
        """Add a record's lines to the log, its events as the log's readers may learn of
        them (:meth:`log_seat`)."""
        self.logged.append(rec)
        self._log_marks.append(len(self.log_entries))
        seat = self.log_seat()
        shown = rec if seat == EVERYTHING else redacted(self.ctl.rules, rec, seat)
        self.log_entries.extend(self.describe(shown))
        self.log_view.set_entries(self.log_entries)

    def unlog_record(self) -> None:
        """Take the last record's lines out of the log (undo, or a replay stepping back)."""
        if self.logged:
            self.logged.pop()
        if self._log_marks:
            del self.log_entries[self._log_marks.pop() :]
        self.log_view.set_entries(self.log_entries)

    def relog(self) -> None:
        """Describe every logged record again (a new language, a setting changed)."""
        records = self.logged
        self.logged, self._log_marks, self.log_entries = [], [], []
        self.restart_log()
        for rec in records:
            self.log_record(rec)
        self.log_view.set_entries(self.log_entries)

    def restart_log(self) -> None:
        """The log is written again from its start (a game keeping a memory forgets it)."""

    # --- the controller's news --------------------------------------------------------------
    def on_record(self, rec: Record) -> None:
        """An action was applied: log it, let the game animate it, autosave when due."""
        self.log_record(rec)
        self.follow_turn()
        self.record_applied(rec)
        if self.autosave and self.autosaves_after(rec):
            self.save_to(None)
        self.refresh_buttons()

    def on_undo(self, rec: Record) -> None:
        """An action was taken back: its log lines go, the table shows the earlier state."""
        self.unlog_record()
        self.anim.skip()
        self.follow_turn()
        self.record_undone(rec)
        self.refresh_buttons()

    def undo(self) -> bool:
        """Ctrl+Z: take back the last decision; at the edge say why not. True if taken back."""
        why = self.ctl.undo_refusal()
        if why or self.ctl.undo() is None:
            key = f"msg.cannot_undo.{why}"
            self.say(self.word(key) if why and self.has_word(key) else self.word("msg.cannot_undo"))
            return False
        return True

    # --- words ------------------------------------------------------------------------------
    def _own_key(self, key: str) -> str | None:
        for shell, own in self.own_words.items():
            if key == shell:
                return own
            if key.startswith(shell + "."):
                return own + key[len(shell) :]
        return None

    def has_word(self, key: str) -> bool:
        """True if the game or the shell has words for the shell's table word ``key``."""
        own = self._own_key(key)
        return (own is not None and has(own)) or has(key)

    def word(self, key: str, **fields: Any) -> str:
        """One of the shell's table words (``msg.not_your_turn``...), in the game's own words
        where it has them (:attr:`own_words`)."""
        own = self._own_key(key)
        return t(own, **fields) if own is not None and has(own) else t(key, **fields)

    def not_your_turn(self, at: tuple[int, int] | None = None) -> None:
        """Say that the seat at the screen does not play now."""
        self.say(self.word("msg.not_your_turn"), at)

    # --- saving -------------------------------------------------------------------------------
    @property
    def label(self) -> str:
        """The name the player gave this game's save ("" until saved in a named slot)."""
        return self.saver.label

    @label.setter
    def label(self, value: str) -> None:
        self.saver.label = value

    @property
    def created(self) -> str | None:
        """When this game was first saved (kept by every later save)."""
        return self.saver.created

    def save_to(self, path: SavePath, label: str | None = None) -> None:
        """Save the game (``path`` None: the autosave slot); written off the frame loop."""
        try:
            self.saver.save(path, label)
        except SavingOff as exc:
            # Saving was turned off at start-up (the title said why): the autosave says so
            # once per game, not at every turn's end; a save the player asks for always does.
            if path is not None or not self.told_saving_off:
                self.told_saving_off = True
                self.say(str(exc))
        except (OSError, saves.SaveError) as exc:
            self.say(t("msg.save_failed", why=str(exc)))

    def wait_for_saves(self) -> None:
        """Block until pending saves are on disk (tests, quitting)."""
        self.saver.wait()

    def close_saves(self) -> None:
        """Finish writing pending saves and stop the saving thread."""
        self.saver.close()

    # --- messages -----------------------------------------------------------------------------
    def say(
        self, text: str, at: tuple[int, int] | None = None, seconds: float | None = None
    ) -> None:
        """A short message: in the sidebar, and next to ``at`` (where the click was) if given."""
        self.message = text
        self.message_time = self.message_seconds if seconds is None else seconds
        self.message_at = at

    def with_message(self, lines: Sequence[str]) -> list[str]:
        """``lines`` with the message first while it shows."""
        if self.message_time > 0 and self.message:
            return [self.message, *lines]
        return list(lines)

    # --- actions --------------------------------------------------------------------------
    def submit(
        self, action: Any, seat: int, refused: Callable[[Exception], None] | None = None
    ) -> bool:
        """Submit ``action`` for ``seat``; a refusal goes to ``refused`` (else is said)."""
        err = self.ctl.submit(action, seat)
        if err is not None:
            if refused is not None:
                refused(err)
            else:
                self.say(str(err))
            return False
        return True

    def send(self, action: Any) -> bool:
        """Submit an action for the seat at the screen (a game's table refines the words)."""
        if self.viewer < 0 or not self.ctl.human_to_act():
            self.not_your_turn()
            return False
        return self.submit(action, self.viewer)

    # --- the guided game's questions ---------------------------------------------------------
    def tutorial_regions(self, seat: int) -> dict[str, pygame.Rect]:
        """The places a guided game points at, by name (a game's table names its own)."""
        return {}

    def dismiss_recap(self) -> bool:
        """Close a passing note over the table (a game's recap); True if one was showing."""
        return False

    # --- frame ----------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Time passes: animations, a failed save told, the message's clock."""
        self.anim.speed = self.app.settings.animation_speed
        self.anim.update(dt)
        failure = self.saver.take_failure()
        if failure is not None:
            self.say(t("msg.save_failed", why=str(failure)))
        if self.message_time > 0:
            self.message_time -= dt

    def update(self, dt: float) -> None:
        """Time passes; when the table is on top and nothing moves: the end, or play on
        (online: the server's next news first, one action at a time, as each animates)."""
        self.tick(dt)
        if self.online and not self.anim.busy:
            self.hear_server()
        if self.app.top is not self or self.anim.busy:
            return
        if self.ctl.is_over:
            if not self.over_shown:
                self.over_shown = True
                self.show_over()
            return
        self.play_on(dt)

    # --- online -------------------------------------------------------------------------------
    #: Seconds a chat line stays over the table.
    CHAT_SECONDS: ClassVar[float] = 30.0

    def enter(self) -> None:
        """On the stack: its widgets (online: the chat line too)."""
        super().enter()
        self.build_chat()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out again (online: the chat line too)."""
        super().resize(size)
        self.build_chat()

    def build_chat(self) -> None:
        """Online: the chat line, in the window's lower left corner."""
        self.chat_entry: Any = None
        if self.online:
            w, h = self.app.size
            self.chat_entry = self.add(
                pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(6, h - 38, min(300, w // 4), 32),
                    self.app.ui,
                    placeholder_text=t("net.chat_placeholder"),
                )
            )
            self.chat_entry.set_text_length_limit(200)  # the server's longest line

    def intercept(self, event: pygame.event.Event) -> bool:
        """Online: Enter in the chat line sends it to the table."""
        entry = getattr(self, "chat_entry", None)
        if (
            entry is None
            or event.type != pygame_gui.UI_TEXT_ENTRY_FINISHED
            or event.ui_element is not entry
        ):
            return False
        text = " ".join(entry.get_text().split())
        if text:
            ctl: Any = self.ctl
            if not ctl.send_chat(text):
                self.say(t("net.chat_down"))
            entry.set_text("")
        return True

    def hear_server(self) -> None:
        """Apply the server's next news (its records reach :meth:`on_record` as a local
        game's do); a refusal of the player's move is said."""
        ctl: Any = self.ctl
        ctl.pump()
        if ctl.refusal:
            self.say(t("net.refused", why=ctl.refusal[:120]))
            ctl.refusal = ""
        self.follow_turn()

    def connection_line(self) -> tuple[str, bool]:
        """The online table's line: the table, whose turn it is or that the player's move is
        on its way, who is away, and the link's state; True when it is a warning."""
        ctl: Any = self.ctl
        status = ctl.session.status
        if status != "online":
            return t("net.down", status=t(f"net.status.{status}").capitalize()), True
        if ctl.pending:
            turn = t("net.pending")
        elif ctl.is_over:
            turn = t("net.turn.over")
        elif ctl.actor == ctl.seat:
            turn = t("net.turn.you")
        elif ctl.actor >= 0 and ctl.seats[ctl.actor].kind in ("remote", "human"):
            turn = t("net.turn.other", name=self.names[ctl.actor])
        else:
            turn = t("net.turn.server")
        line = t("net.line", table=ctl.session.table, turn=turn)
        away = [
            self.names[i]
            for i, seat in enumerate(ctl.update["seats"])
            if i != ctl.seat and seat.get("kind") == "human" and not seat.get("online")
        ]
        if away:
            line += " · " + t("net.away", names=", ".join(away))
        clock = ctl.clock()
        if clock is not None and not ctl.is_over:
            minutes, seconds = divmod(int(clock[1]), 60)
            line += " · " + t("net.clock", time=f"{minutes}:{seconds:02d}")
            return line, clock[1] < 15  # the last seconds are said as a warning
        return line, False

    def draw_after(self, surface: pygame.Surface) -> None:
        """Online: the connection line, a small banner at the top of the table."""
        if not self.online:
            return
        line, warning = self.connection_line()
        # At the foot of the window, over the players' panels' empty lower edge: the top
        # holds the cards' names. A link down is said larger, on terracotta.
        size = max(13, round((19 if warning else 15) * self.app.display_scale))
        pic = FONTS.text(line[:160], size, colour("highlight" if warning else "text_light"))
        w, h = surface.get_size()
        box = pic.get_rect(midbottom=(w // 2, h - 6)).inflate(28, 12 if warning else 8)
        box.bottom = h - 4
        fill = colour("terracotta_dark" if warning else "panel")
        D.panel(surface, box, fill, colour("gold"), 8)
        surface.blit(pic, pic.get_rect(center=box.center))
        self.draw_chat(surface)

    def draw_chat(self, surface: pygame.Surface) -> None:
        """The last chat lines, over the chat entry, for a while after each came. Plain
        text: a line is drawn as the words it holds, never read as markup."""
        ctl: Any = self.ctl
        now = time.monotonic()
        lines = [c for c in ctl.chat[-4:] if now - c.get("at", now) < self.CHAT_SECONDS]
        if not lines or self.chat_entry is None:
            return
        size = max(12, round(15 * self.app.display_scale))
        y = self.chat_entry.rect.top - 4
        for line in reversed(lines):
            seat = int(line.get("seat", -1))
            who = self.names[seat] if 0 <= seat < len(self.names) else "?"
            said = f"{who}: {line.get('text', '')}"[:120]  # the player's own words
            pic = FONTS.text(said, size, colour("text_light"))
            box = pic.get_rect(bottomleft=(10, y)).inflate(12, 6)
            box.left = 4
            surface.blit(D.veil(box.size, (*colour("shadow")[:3], 200)), box)
            surface.blit(pic, pic.get_rect(midleft=(box.x + 6, box.centery)))
            y = box.top - 2

    def bot_delay(self) -> float:
        """Seconds an automatic step waits (none while animation is off)."""
        settings = self.app.settings
        return float(settings.bot_delay) if settings.animation_speed > 0 else 0.0

    def step_due(self) -> bool:
        """True when the next automatic step may be taken (a bot thinking is asked at once)."""
        return bool(self.ctl.bot_thinking()) or self.wait >= self.bot_delay()

    def pace_bots(self, dt: float) -> None:
        """Bots, chance and automata play at a readable pace."""
        self.wait += dt
        if self.step_due() and self.ctl.step() is not None:
            self.wait = 0.0

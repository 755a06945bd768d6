"""The game table: the five-part board, stacks, player panels, sidebar, animation and mouse play.

The scene reads the controller's state and sends it actions; it never changes
the state itself. Animations are queued from the events each action returns.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from hercules.app import paths, saves
from hercules.app.controller import Controller, Record
from hercules.games.mebo.engine import Action, card_set, labour_result
from hercules.games.mebo.engine.actions import END_TURN, LABOUR, POWER, REST, USE
from hercules.games.mebo.engine.cards import pnp_rules
from hercules.games.mebo.engine.pnp import ROW_ABILITY, ROWS
from hercules.games.mebo.engine.scoring import score
from hercules.games.mebo.spec import GAME_ID
from hercules.ui import draw as D
from hercules.ui.anim import Animator, ease_in_out, ease_out_bounce, ease_out_cubic, lerp
from hercules.ui.names import localise_name, seat_name
from hercules.ui.scene import Scene
from hercules.ui.scenes.overlays import ChoiceOverlay, ConfirmOverlay, PauseOverlay
from hercules.ui.strings import has, t
from hercules.ui.theme import FONTS, colour, deck_colour, player_style, theme_data

from .. import art
from ..describe import (
    arithmetic,
    card_name,
    card_tooltip,
    describe_record,
    labour_title,
)
from ..dialogs import ChooseDeckOverlay, HintOverlay, RestOverlay
from ..gameover import GameOverScene
from ..layout import TableLayout

CARD_RATIO = 0.72


def refusal(err: Exception) -> str:
    """Why the game refused an action, in words (the engine's typed reason, translated)."""
    reason = getattr(err, "reason", None)
    key = f"refused.{reason}"
    return t(key) if reason is not None and has(key) else str(err)


@dataclass
class Target:
    """Something on the table the mouse can point at."""

    rect: pygame.Rect
    kind: str  #: column, hand_card, die, opp_die, god, zeus, deck, vase, white, pegasus, panel
    seat: int = -1
    value: Any = None


class TableScene(Scene):
    """Plays one game through a :class:`Controller`."""

    game_id = GAME_ID

    def __init__(
        self,
        app: Any,
        controller: Controller,
        names: list[str],
        *,
        autosave: bool = True,
        created: str | None = None,
        label: str = "",
    ) -> None:
        super().__init__(app)
        self.ctl = controller
        self.names = names
        self.autosave = autosave
        self.created = created  # when this game was first saved (kept by every later save)
        self.label = label
        self.saved_notice = ""
        self._saver: Any = None  # a one-thread pool: disk writes never stall a frame
        self.log: list[str] = []  # the log's lines, described from ``self.logged``
        self.logged: list[Record] = []  # the records in the log, to describe them again
        self.anim = Animator()
        self.anim.speed = app.settings.animation_speed
        self.wait = 0.0
        self.mode: tuple | None = None  # targeting: ("die"|"reroll"|"copy", card, selected)
        self.message = ""
        self.message_time = 0.0
        self.hover: Target | None = None
        self.mouse = (0, 0)
        self.flash_column = 0
        self.gameover_shown = False
        self.layout = TableLayout(app.size, self.state.n, scale=app.settings.ui_scale)
        self._bg: pygame.Surface | None = None
        self._score: tuple[Any, Any] | None = None
        self._fx_rng = random.Random(7)  # tumbling faces only: never the game's dice
        self._log_marks: list[int] = []  # log length before each record, to take lines back
        self.names[:] = [localise_name(n, i) for i, n in enumerate(self.names)]
        controller.subscribe(self.on_record)
        controller.on_undo(self.on_undo)

    @property
    def state(self) -> Any:
        """The game state now (read only)."""
        return self.ctl.state

    # --- lifecycle ---------------------------------------------------------------------------
    def build(self) -> None:
        """Lay out the table and create the sidebar buttons."""
        self.layout = TableLayout(self.app.size, self.state.n, scale=self.app.settings.ui_scale)
        self._bg = None
        self.build_buttons()
        self.refresh_buttons()
        self.prepare()

    def button_grid(self, row: int, col: int, cols: int, key: str) -> Any:
        """A sidebar button in a grid of two rows; its text and tooltip come from ``key``."""
        b = self.layout.buttons
        bh = (b.h - 8) // 2
        w = (b.w - 8 * (cols - 1)) // cols
        x = b.x + col * (w + 8)
        if col == cols - 1:
            w = b.right - x
        rect = pygame.Rect(x, b.y + row * (bh + 8), w, bh)
        return self.add(
            pygame_gui.elements.UIButton(
                rect, t(f"btn.{key}"), self.app.ui, tool_tip_text=t(f"tip.{key}")
            )
        )

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
        self.background()
        L = self.layout
        cs = card_set()
        gw, gh = L.god_slots[1].size
        for g in (cs.zeus, *cs.gods):
            art.card_face(g.id, gw, gh, face_up=self.state.config.gods_active)
        dw, dh = L.demigod_slots[0].size
        for c in cs.demigods:
            art.card_face(c.id, dw, dh)
        vw, vh = L.vase_slots[0].size
        for v in cs.vases:
            art.card_face(v.id, vw, vh)

    def relocalize(self) -> None:
        """The language changed: seat names, the log and the whole table in the new words."""
        self.names[:] = [localise_name(n, i) for i, n in enumerate(self.names)]
        self.relog()
        self.message_time = 0.0
        super().relocalize()

    # --- the log -----------------------------------------------------------------------------
    def log_record(self, rec: Record) -> None:
        """Add a record's lines to the log (its reason, then what happened)."""
        self.logged.append(rec)
        self._log_marks.append(len(self.log))
        self.log.extend(describe_record(rec, self.names))

    def unlog_record(self) -> None:
        """Take the last record's lines out of the log (undo, or a replay stepping back)."""
        if self.logged:
            self.logged.pop()
        if self._log_marks:
            del self.log[self._log_marks.pop() :]

    def relog(self) -> None:
        """Describe every logged record again (in the current language)."""
        records, self.logged, self.log, self._log_marks = self.logged, [], [], []
        for rec in records:
            self.log_record(rec)

    def exit(self) -> None:
        """Leave the table: stop the bot worker, finish writing saves."""
        super().exit()
        self.ctl.close()
        if self._saver is not None:
            self._saver.shutdown(wait=True)
            self._saver = None

    def resume(self) -> None:
        """Back from an overlay."""
        super().resume()
        self.refresh_buttons()

    # --- controller events -------------------------------------------------------------------
    def on_record(self, rec: Record) -> None:
        """An action was applied: log it and queue its animations."""
        self.log_record(rec)
        if self.autosave and any(e.type in ("turn_ended", "game_over") for e in rec.events):
            self.save_to(None)
        self.mode = None
        for ev in rec.events:
            self.queue_event(ev)
        self.refresh_buttons()

    def save_to(self, path: Any, label: str | None = None) -> None:
        """Save the game (``path`` None: the autosave slot), writing on a worker thread.

        The document is taken now, on the frame loop, so it is exactly this moment's
        game; checking it and writing it to disk happen off the loop.
        """
        try:
            folder = paths.saves_dir()
            target = path or saves.autosave_path(folder)
            now = saves.now_iso()
            if self.created is None:
                self.created = now
            doc = saves.game_document(
                self.ctl,
                self.names,
                label=label if label is not None else self.label,
                created=self.created,
            )
        except (OSError, saves.SaveError) as exc:
            self.say(t("msg.save_failed", why=str(exc)))
            return
        if self._saver is None:
            self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="save")
        rules = self.ctl.rules

        def write() -> str:
            saves.read_document(doc, rules, target)  # never write what would not load
            saves.write_save(target, doc)
            return str(target)

        future = self._saver.submit(write)
        future.add_done_callback(self._saved)

    def _saved(self, future: Any) -> None:
        # Runs on the saving thread: only hand a message over to the frame loop.
        exc = future.exception()
        self.saved_notice = t("msg.save_failed", why=str(exc)) if exc else ""

    def wait_for_saves(self) -> None:
        """Block until pending saves are on disk (tests, quitting)."""
        if self._saver is not None:
            self._saver.submit(lambda: None).result()

    def on_undo(self, rec: Record) -> None:
        """An action was taken back: its log lines go, the table shows the earlier state."""
        self.unlog_record()
        self.anim.skip()
        self.mode = None
        self.say(t("msg.undone"))
        self.refresh_buttons()

    def undo(self) -> None:
        """Ctrl+Z: take back the last action of this turn, if nothing random came after it."""
        if self.ctl.undo() is None:
            self.say(t("msg.cannot_undo"))

    def queue_event(self, ev: Any) -> None:
        """Turn one engine event into animation."""
        a = self.anim
        d = ev.data
        typ = ev.type
        if typ == "dice_rolled":
            dice = {}
            for seat, faces in enumerate(d["dice"]):
                for i in range(len(faces)):
                    dice[(seat, i)] = faces[i]
            if "white" in d:
                dice[("white", 0)] = d["white"]
            a.then("dice", 0.9, dice=dice)
        elif typ == "dice_changed":
            idx = d["dice"]
            changed = {(ev.player, i): d["new"][i] for i in idx}
            a.then(
                "dice",
                0.55 if d["how"] == "reroll" else 0.3,
                dice=changed,
                soft=d["how"] != "reroll",
            )
        elif typ == "dice_copied":
            changed = {(ev.player, i): d["new"][i] for i in range(2)}
            a.then("dice", 0.3, dice=changed, soft=True)
        elif typ == "white_die_taken":
            a.then("dice", 0.7, dice={(ev.player, 2): d["face"]})
        elif typ == "labour_performed":
            a.then("flash", 0.35, column=d["labour"], seat=ev.player)
        elif typ == "cube_taken":
            a.then("cube", 0.45, seat=ev.player, column=d["column"])
        elif typ == "apprentice_moved":
            steps = abs(d["to"] - d["from"]) if not d.get("wrapped") else 12 - d["from"] + d["to"]
            a.then(
                "walk",
                0.16 * max(1, steps) + 0.1,
                seat=ev.player,
                frm=d["from"],
                to=d["to"],
                wrapped=d.get("wrapped", False),
            )
        elif typ == "card_received":
            a.then("card", 0.5, seat=ev.player, card=d["card"], src=self.card_source(d))
        elif typ == "ability_used":
            if d["cost"] == "turn_down":
                a.then("flip", 0.35, seat=ev.player, card=d["card"])
            else:
                a.then("cube_on_card", 0.35, seat=ev.player, card=d["card"])
        elif typ == "god_turned_up":
            a.then("flip", 0.35, seat=ev.player, card=d["card"])
        elif typ == "cube_returned":
            a.then("cube_off_card", 0.35, seat=ev.player, card=d["card"])
        elif typ == "pegasus_passed":
            a.then("pegasus", 0.5, frm=d["from"], to=d["to"])

    def card_source(self, d: dict) -> pygame.Rect:
        """Where a received card comes from on the table."""
        L = self.layout
        kind = d.get("kind")
        if kind == "demigod":
            k = [x.id for x in card_set().decks].index(d["deck"])
            return L.demigod_slots[k].copy()
        if kind == "vase":
            spaces = min(d.get("spaces", 3), 7)
            return L.vase_slots[spaces - 3].copy()
        col = d.get("column", 12)
        return L.god_slots[col].copy()

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
            (
                self.btn_confirm,
                self.mode is not None and self.mode[0] == "reroll" and bool(self.mode[2]),
            ),
        ):
            if on:
                btn.enable()
            else:
                btn.disable()

    def say(self, text: str) -> None:
        """Show a short message in the prompt box (for refused clicks)."""
        self.message = text
        self.message_time = 3.0

    # --- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Animations, the bot pace, overlays for pending human decisions, game over."""
        self.anim.speed = self.app.settings.animation_speed
        self.anim.update(dt)
        if self.saved_notice:
            self.say(self.saved_notice)
            self.saved_notice = ""
        if self.message_time > 0:
            self.message_time -= dt
        if self.app.top is not self:
            return
        if self.anim.busy:
            return
        if self.ctl.is_over:
            if not self.gameover_shown:
                self.gameover_shown = True
                self.app.push(GameOverScene(self.app, self.state, self.names, self.ctl))
            return
        seat = self.human_seat()
        if seat >= 0:
            prompt = self.state.prompt
            if prompt == "rest":
                self.app.push(RestOverlay(self.app, self))
            elif prompt == "choose_demigod":
                self.app.push(ChooseDeckOverlay(self.app, self))
            return
        # Chance steps, Hades and bots play at a readable pace.
        self.wait += dt
        delay = self.app.settings.bot_delay if self.app.settings.animation_speed > 0 else 0.0
        if self.ctl.bot_thinking() or self.wait >= delay:
            if self.ctl.step() is not None:
                self.wait = 0.0

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse and keyboard on the table."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.target_at(event.pos)
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
            return
        if event.type == pygame.KEYDOWN:
            self.on_key(event.key)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.anim.busy:
                self.anim.skip()
                return
            self.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel_mode()

    def on_key(self, key: int) -> None:
        """Keyboard shortcuts."""
        if key == pygame.K_SPACE:
            self.anim.skip()
        elif key == pygame.K_ESCAPE:
            if self.mode is not None:
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

    def on_button(self, element: Any) -> None:
        """A sidebar button."""
        if element is self.btn_rest:
            self.send_kind(REST)
        elif element is self.btn_end:
            self.send_kind(END_TURN)
        elif element is self.btn_confirm:
            self.confirm_reroll()
        elif element is self.btn_menu:
            self.open_menu()
        elif element is self.btn_hint:
            self.open_hint()
        elif element is self.btn_undo:
            self.undo()

    def open_hint(self) -> None:
        """H: the reachable labours and what the Normal bot would do, for the human to act."""
        if self.human_seat() < 0 or self.state.prompt != "action":
            return
        self.app.push(HintOverlay(self.app, self))

    def open_menu(self) -> None:
        """Esc: the pause menu."""
        self.app.push(PauseOverlay(self.app, self))

    def cancel_mode(self) -> None:
        """Leave targeting without doing anything."""
        self.mode = None
        self.refresh_buttons()

    def send(self, action: Action) -> bool:
        """Submit an action for the human to act; say why if it is refused."""
        seat = self.human_seat()
        if seat < 0:
            self.say(t("msg.not_your_turn"))
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
        for a in self.ctl.legal():
            if a.kind == kind:
                if kind == END_TURN and self.app.settings.confirm_end_turn:
                    self.app.push(
                        ConfirmOverlay(
                            self.app, lambda: t("confirm.end_turn"), lambda a=a: self.send(a)
                        )
                    )
                    return
                self.send(a)
                return
        self.say(t("msg.not_now"))

    # --- clicking ----------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table (never raises, never breaks a rule)."""
        target = self.target_at(pos)
        seat = self.human_seat()
        if target is None or seat < 0:
            if target is not None and seat < 0 and target.kind in ("column", "hand_card", "die"):
                self.say(t("msg.not_your_turn"))
            return
        legal = self.ctl.legal()
        if self.mode is not None:
            self.click_in_mode(target, legal, seat)
            return
        if target.kind == "column":
            self.click_column(target.value, legal)
        elif target.kind == "hand_card" and target.seat == seat:
            self.click_card(target.value, legal)

    def click_column(self, column: int, legal: list[Action]) -> None:
        """Perform the labour of this column (asking how, if it can be made several ways)."""
        ways = self.labour_ways(legal).get(column, [])
        if not ways:
            self.say(t("msg.labour_unreachable", labour=labour_title(column)))
            return
        distinct = {}
        dice = self.state.dice_of(self.state.current)
        for a in ways:
            faces = tuple(sorted(dice[i] for i in a.dice))
            distinct.setdefault((a.op, faces), a)
        if len(distinct) == 1:
            self.send(next(iter(distinct.values())))
            return
        options = []
        for (op, faces), a in sorted(distinct.items()):
            options.append((arithmetic(op, faces[1], faces[0], column), a))
        self.app.push(
            ChoiceOverlay(
                self.app,
                self,
                lambda: t("choose.how_labour", labour=labour_title(column)),
                options,
            )
        )

    @staticmethod
    def uses_of(source: str, legal: list[Action]) -> list[Action]:
        """Legal uses of a card, or of a print-and-play power row (``row:<deck>``)."""
        if source.startswith("row:"):
            return [a for a in legal if a.kind == POWER and a.deck == source[4:]]
        return [a for a in legal if a.kind == USE and a.card == source]

    @staticmethod
    def ability_of(source: str) -> str:
        """The ability of a card or of a power row."""
        if source.startswith("row:"):
            return ROW_ABILITY[ROWS.index(source[4:])]
        return card_set().card(source).ability

    @staticmethod
    def source_name(source: str) -> str:
        """A card's name, or a power row's."""
        return t(f"deck.{source[4:]}") if source.startswith("row:") else card_name(source)

    def click_card(self, card_id: str, legal: list[Action]) -> None:
        """Use a card (or a power of the sheet): at once, or after choosing its target."""
        uses = self.uses_of(card_id, legal)
        if not uses:
            self.say(t("msg.card_unusable", card=self.source_name(card_id)))
            return
        ability = self.ability_of(card_id)
        if len(uses) == 1 and ability in ("white_die", "copy"):
            self.send(uses[0])
            return
        if ability == "reroll":
            self.mode = ("reroll", card_id, set())
        elif ability == "copy":
            self.mode = ("copy", card_id, None)
        else:
            self.mode = ("die", card_id, None)
        self.refresh_buttons()

    def click_in_mode(self, target: Target, legal: list[Action], seat: int) -> None:
        kind, card_id, selected = self.mode
        if target.kind == "hand_card" and target.value == card_id:
            if kind == "reroll" and selected:
                self.confirm_reroll()
            else:
                self.cancel_mode()
            return
        uses = self.uses_of(card_id, legal)
        if kind == "die" and target.kind == "die" and target.seat == seat:
            for a in uses:
                if a.dice == (target.value,):
                    self.send(a)
                    return
            self.say(t("msg.die_not_allowed"))
        elif kind == "reroll" and target.kind == "die" and target.seat == seat:
            selected ^= {target.value}
            self.refresh_buttons()
        elif kind == "copy" and target.kind in ("opp_die", "panel") and target.seat != seat:
            for a in uses:
                if a.target == target.seat:
                    self.send(a)
                    return
        else:
            self.cancel_mode()

    def confirm_reroll(self) -> None:
        """Re-roll the selected dice."""
        if self.mode is None or self.mode[0] != "reroll" or not self.mode[2]:
            return
        _, card_id, selected = self.mode
        want = tuple(sorted(selected))
        for a in self.uses_of(card_id, self.ctl.legal()):
            if a.dice == want:
                self.send(a)
                return
        self.cancel_mode()

    def labour_ways(self, legal: list[Action]) -> dict[int, list[Action]]:
        """Legal labour actions grouped by the labour they perform."""
        out: dict[int, list[Action]] = {}
        s = self.state
        if s.current < 0:
            return out
        dice = s.dice_of(s.current)
        for a in legal:
            if a.kind == LABOUR:
                r = labour_result(a.op, dice[a.dice[0]], dice[a.dice[1]])
                out.setdefault(r, []).append(a)
        return out

    # --- geometry ----------------------------------------------------------------------------
    def hand_cards(self, seat: int) -> list[tuple[str, pygame.Rect]]:
        """The cards of a seat's hand and where they are drawn."""
        p = self.state.players[seat]
        area = self.hand_area(seat)
        cards = (
            list(p.demigods)
            + list(p.gods)
            + list(p.vases)
            + [c for c in p.finals if card_set().card(c).kind != "hades"]
        )
        if not cards:
            return []
        ch = min(int(area.h / 2) - 4, 92)
        cw = int(ch * CARD_RATIO)
        per_row = max(1, (area.w + 4) // (cw + 4))
        rows = (len(cards) + per_row - 1) // per_row
        if rows * (ch + 4) > area.h:
            # Too many to lay out flat: overlap them in two rows like a fanned hand.
            rows = 2
            per_row = (len(cards) + 1) // 2
        step = min(cw + 4, (area.w - cw) / max(1, per_row - 1)) if per_row > 1 else cw
        out = []
        for i, cid in enumerate(cards):
            r, c = divmod(i, per_row)
            y = area.y + r * min(ch + 4, (area.h - ch) // max(1, rows - 1) if rows > 1 else ch)
            out.append((cid, pygame.Rect(int(area.x + c * step), int(y), cw, ch)))
        return out

    def hand_area(self, seat: int) -> pygame.Rect:
        """The part of a panel that holds the hand."""
        pr = self.layout.panels[seat]
        top = pr.y + self.panel_header_h() + self.die_size() + 14
        return pygame.Rect(pr.x + 8, top, pr.w - 16, pr.bottom - top - 6)

    def panel_header_h(self) -> int:
        return self.layout.body + 14

    def die_size(self) -> int:
        return max(36, min(56, self.layout.panels[0].h // 6))

    def die_rects(self, seat: int) -> list[pygame.Rect]:
        """Where a seat's dice are drawn (two, plus the white die while it is held)."""
        pr = self.layout.panels[seat]
        ds = self.die_size()
        y = pr.y + self.panel_header_h() + 6
        n = len(self.state.dice_of(seat))
        return [pygame.Rect(pr.x + 10 + i * (ds + 10), y, ds, ds) for i in range(n)]

    def supply_pos(self, seat: int) -> tuple[int, int]:
        """Where the cube supply of a seat is shown."""
        pr = self.layout.panels[seat]
        ds = self.die_size()
        return (pr.right - 40, pr.y + self.panel_header_h() + 6 + ds // 2)

    def targets(self) -> list[Target]:
        """Everything clickable or with a tooltip, topmost last."""
        L = self.layout
        s = self.state
        out: list[Target] = []
        for c in range(1, 13):
            out.append(Target(L.columns[c], "column", value=c))
            if c <= 11 and s.columns[c]:
                out.append(Target(L.god_slots[c], "god", value=s.columns[c]))
        if s.top:
            out.append(Target(L.god_slots[12], "zeus", value=s.top[-1]))
        for k, r in enumerate(L.demigod_slots):
            out.append(Target(r, "deck", value=k))
        for k, r in enumerate(L.vase_slots):
            out.append(Target(r, "vase", value=k))
        out.append(Target(L.white_spot, "white"))
        out.append(Target(L.pegasus_spot, "pegasus"))
        for seat in range(s.n):
            out.append(Target(L.panels[seat], "panel", seat=seat))
            kind = "die"
            for i, r in enumerate(self.die_rects(seat)):
                out.append(Target(r, kind if seat == s.current else "opp_die", seat=seat, value=i))
            for cid, r in self.hand_cards(seat):
                out.append(Target(r, "hand_card", seat=seat, value=cid))
            if self.pnp:
                for rid, r in self.sheet_layout(seat)[1]:
                    out.append(Target(r, "hand_card", seat=seat, value=rid))
        return out

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """The topmost target under a point."""
        found = None
        for tg in self.targets():
            if tg.rect.collidepoint(pos):
                found = tg
        return found

    # --- drawing -----------------------------------------------------------------------------
    def background(self) -> pygame.Surface:
        """The static table and board, rendered once per window size."""
        if self._bg is not None and self._bg.get_size() == self.app.size:
            return self._bg
        L = self.layout
        bg = pygame.Surface(self.app.size)
        bg.fill(colour("background"))
        # A dark wooden table under a marble board.
        for y in range(0, bg.get_height(), 6):
            k = 0.9 + 0.1 * ((y * 7919) % 13) / 13
            pygame.draw.line(bg, D.shade(colour("background"), k), (0, y), (bg.get_width(), y), 3)
        for i, piece in enumerate(L.pieces):
            area = piece.inflate(4, 4)
            D.panel(bg, area, colour("marble_dark"), colour("board_edge"), 6)
            bg.blit(D.marble((area.w - 4, area.h - 4), seed=11 + i), area.move(2, 2))
            pygame.draw.rect(bg, colour("board_edge"), area, 2, border_radius=6)
        hdr = L.header
        for c in range(0, 13):
            col = L.columns[c]
            if c == 0:
                start = t("board.start")
                FONTS.blit(
                    bg,
                    start,
                    FONTS.fit(start, L.small, col.w - 6, "bold", smallest=10),
                    colour("ink_soft"),
                    (col.centerx, hdr.y + 8),
                    "midtop",
                    "bold",
                )
                continue
            band = pygame.Rect(col.x + 2, hdr.y + 2, col.w - 4, hdr.h - 6)
            pygame.draw.rect(
                bg, D.shade(colour("marble"), 0.96 if c % 2 else 0.9), band, border_radius=4
            )
            es = min(hdr.h - L.body - 14, col.w - 40, 60)
            em = art.emblem(c, max(24, es))
            bg.blit(em, em.get_rect(topright=(col.right - 4, hdr.y + 5)))
            FONTS.blit(
                bg,
                str(c),
                int(L.body * 1.6),
                colour("terracotta_dark"),
                (col.x + 6, hdr.y + 2),
                "topleft",
                "bold",
            )
            short = t(f"labour.short.{c}")
            FONTS.blit(
                bg,
                short,
                FONTS.fit(short, L.small, col.w - 6, smallest=10),
                colour("ink"),
                (col.centerx, hdr.bottom - 4),
                "midbottom",
            )
        for seat, row in enumerate(L.rows):
            st = player_style(seat, self.state.players[seat].hades)
            strip = pygame.Surface((row.w, row.h - 2), pygame.SRCALPHA)
            strip.fill((*st["colour"], 34))
            bg.blit(strip, (row.x, row.y))
            pygame.draw.line(
                bg,
                D.shade(colour("board_edge"), 1.2),
                (row.x, row.bottom - 1),
                (row.right, row.bottom - 1),
                1,
            )
        # Meander along the top of the board, and labels for the stacks.
        D.meander(bg, pygame.Rect(L.board.x, L.board.y - 5, L.board.w, 10), colour("gold_dark"), 2)
        labels = (
            [("board.pnp_legend", L.demigod_slots[0].x)]
            if self.pnp
            else [("board.demigods", L.demigod_slots[0].x), ("board.vases", L.vase_slots[0].x)]
        )
        for key, x in labels:
            FONTS.blit(
                bg, t(key), L.small, colour("text_dim"), (x, L.stacks_area.y), "topleft", "bold"
            )
        FONTS.blit(
            bg,
            t("board.white_die"),
            L.small,
            colour("text_dim"),
            (L.white_spot.centerx, L.stacks_area.y),
            "midtop",
            "bold",
        )
        pygame.draw.circle(bg, colour("gold_dark"), L.white_spot.center, L.white_spot.w // 2 + 8, 2)
        self._bg = bg
        return bg

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table for this frame."""
        surface.blit(self.background(), (0, 0))
        self.draw_board(surface)
        self.draw_stacks(surface)
        for seat in range(self.state.n):
            self.draw_panel(surface, seat)
        self.draw_sidebar(surface)
        self.draw_flying(surface)
        self.draw_tooltip(surface)

    # the overrides animations impose on what is shown ---------------------------------------
    def shown_pos(self, seat: int) -> float:
        """The Apprentice's column as shown (mid-walk while animating)."""
        pos = float(self.state.players[seat].pos)
        walks = [a for a in self.anim.of_kind("walk") if a.data["seat"] == seat]
        if walks:
            a = walks[0]
            frm, to = a.data["frm"], a.data["to"]
            if a.data["wrapped"]:
                to = to + 12
            k = ease_in_out(a.progress)
            v = lerp(frm, to, k)
            return v - 12 if v > 12 else v
        return pos

    def cubes_in_flight(self, seat: int) -> set[int]:
        """Columns whose cube is flying to the supply (shown on neither side yet)."""
        return {a.data["column"] for a in self.anim.of_kind("cube") if a.data["seat"] == seat}

    def shown_face(self, key: tuple, face: int) -> tuple[int, float, float]:
        """A die's face, rotation and lift while it tumbles."""
        for a in self.anim.of_kind("dice"):
            if key in a.data["dice"]:
                if not a.started:
                    return face, 0.0, 0.0
                p = a.progress
                final = a.data["dice"][key]
                if p >= 1:
                    return final, 0.0, 0.0
                if a.data.get("soft"):
                    return (final if p > 0.5 else face), 0.0, -6 * (1 - abs(2 * p - 1))
                rng = random.Random(hash((key, int(p * 14))))
                shown = rng.randint(1, 6) if p < 0.8 else final
                angle = (1 - ease_out_cubic(p)) * 540
                lift = -(1 - ease_out_bounce(p)) * 26
                return shown, angle, lift
        return face, 0.0, 0.0

    def hidden_cards(self) -> set[str]:
        """Cards sliding into a hand: not drawn in the hand until they arrive."""
        return {a.data["card"] for a in self.anim.of_kind("card")}

    def draw_board(self, surface: pygame.Surface) -> None:
        L = self.layout
        s = self.state
        # Gods above columns 1-11, Zeus/Pantheon above 12.
        simplified = not s.config.gods_active
        for c in range(1, 12):
            gid = s.columns[c]
            if gid and gid not in self.hidden_cards():
                r = L.god_slots[c]
                surface.blit(art.card_face(gid, r.w, r.h, face_up=not simplified), r)
        if s.top:
            r = L.god_slots[12]
            for k in range(len(s.top) - 1):
                pygame.draw.rect(
                    surface,
                    D.shade(tuple(theme_data()["pantheon"]), 0.8),
                    r.move(3 * (len(s.top) - 1 - k), -3 * (len(s.top) - 1 - k)),
                    border_radius=5,
                )
            surface.blit(art.card_face(s.top[-1], r.w, r.h), r)
        # Reachable labours for the human to act.
        seat = self.human_seat()
        if seat >= 0 and s.prompt == "action":
            ways = self.labour_ways(self.ctl.legal())
            dice = s.dice_of(seat)
            for col, acts in ways.items():
                rect = L.columns[col]
                surface.blit(D.veil(rect.size, (*colour("legal"), 60)), rect)
                pygame.draw.rect(surface, colour("highlight"), rect, 3, border_radius=4)
                a = acts[0]
                txt = arithmetic(a.op, dice[a.dice[0]], dice[a.dice[1]], col)
                more = len({(x.op) for x in acts}) > 1
                lab = FONTS.text(txt + (" \u2026" if more else ""), L.small, colour("ink"), "bold")
                box = lab.get_rect(midtop=(rect.centerx, L.header.bottom + 2)).inflate(8, 4)
                box.clamp_ip(L.board)
                pygame.draw.rect(surface, colour("highlight"), box, border_radius=4)
                surface.blit(lab, lab.get_rect(center=box.center))
        flashes = self.anim.of_kind("flash")
        for a in flashes:
            if a.started:
                rect = L.columns[a.data["column"]]
                alpha = int(160 * (1 - a.progress)) // 16 * 16  # few distinct veils to cache
                st = player_style(a.data["seat"], s.players[a.data["seat"]].hades)
                surface.blit(D.veil(rect.size, (*st["colour"], alpha)), rect)
        # Cubes and Apprentices.
        for i, p in enumerate(s.players):
            st = player_style(i, p.hades)
            flying = self.cubes_in_flight(i)
            r = max(6, L.rows[i].h // 5)
            for c in range(1, 13):
                if self.pnp:
                    # The labour track of the sheet: crossed labours, and the box still to do.
                    cell = pygame.Rect(0, 0, 2 * r, 2 * r)
                    cell.center = L.cube_center(i, c)
                    if p.row >> c & 1:
                        pygame.draw.rect(surface, st["dark"], cell, 1)
                    else:
                        D.pencil_cross(surface, cell, st["dark"])
                    continue
                if p.row >> c & 1 or c in flying and not self.anim_started("cube", i, c):
                    D.shape(surface, st["shape"], L.cube_center(i, c), r, st["colour"], st["dark"])
            cx, cy = L.apprentice_center(i, self.shown_pos(i))
            self.draw_apprentice(surface, (cx, cy), L.rows[i].h, st)

    def anim_started(self, kind: str, seat: int, column: int) -> bool:
        for a in self.anim.of_kind(kind):
            if a.data["seat"] == seat and a.data["column"] == column:
                return a.started
        return False

    def draw_apprentice(
        self, surface: pygame.Surface, c: tuple[int, int], h: int, st: dict
    ) -> None:
        """A standing pawn: a head over a robed body, with the seat's shape on the chest."""
        x, y = c
        body_h = int(h * 0.78)
        bw = int(h * 0.42)
        base = y + body_h // 2
        pygame.draw.ellipse(surface, (0, 0, 0), pygame.Rect(x - bw // 2 - 2, base - 4, bw + 4, 8))
        pts = [
            (x - bw // 2, base),
            (x + bw // 2, base),
            (x + bw // 5, y - body_h // 4),
            (x - bw // 5, y - body_h // 4),
        ]
        pygame.draw.polygon(surface, st["colour"], pts)
        pygame.draw.polygon(surface, st["dark"], pts, 2)
        pygame.draw.circle(surface, st["colour"], (x, y - body_h // 4 - bw // 4), bw // 3)
        pygame.draw.circle(surface, st["dark"], (x, y - body_h // 4 - bw // 4), bw // 3, 2)
        D.shape(surface, st["shape"], (x, y + body_h // 8), max(3, bw // 6), (250, 244, 230))

    def draw_pnp_legend(self, surface: pygame.Surface) -> None:
        """Print-and-play: the powers and the jump table on paper, where the stacks would lie."""
        L = self.layout
        area = pygame.Rect(
            L.demigod_slots[0].x,
            L.demigod_slots[0].y,
            L.vase_slots[-1].right - L.demigod_slots[0].x,
            L.demigod_slots[0].h,
        )
        pygame.draw.rect(surface, colour("parchment"), area, border_radius=6)
        pygame.draw.rect(surface, colour("gold_dark"), area, 2, border_radius=6)
        half = area.w // 2
        # Six lines must fit the paper: the text size follows the line spacing.
        size = max(10, min(L.small - 1, (area.h - 12) // 6 - 3))
        y = area.y + 6
        for k, deck in enumerate(ROWS):
            line = f"{t(f'deck.{deck}')}: {t(f'ability.{ROW_ABILITY[k]}')}"
            fit = FONTS.fit(line, size, half - 16, smallest=10)
            FONTS.blit(surface, line, fit, colour("ink"), (area.x + 10, y))
            y += (area.h - 12) // 6
        rules = pnp_rules()
        FONTS.blit(
            surface,
            t("sheet.jump_table"),
            size,
            colour("terracotta_dark"),
            (area.x + half + 10, area.y + 6),
            "topleft",
            "bold",
        )
        top = area.y + 6 + size + 6
        step = (area.bottom - 4 - top) // 3
        for n, spaces in enumerate(range(3, 8)):  # two columns: 3-5, then 6 and 7+
            label = t(
                "sheet.jump_row",
                spaces=spaces if spaces < 7 else "7+",
                vp=rules.jump_points(spaces),
            )
            x = area.x + half + 10 + (n // 3) * (half // 2)
            FONTS.blit(surface, label, size, colour("ink"), (x, top + (n % 3) * step))

    def draw_stacks(self, surface: pygame.Surface) -> None:
        L = self.layout
        s = self.state
        decks = card_set().decks
        if self.pnp:
            self.draw_pnp_legend(surface)
        for k, r in enumerate(L.demigod_slots if not self.pnp else []):
            st = s.demigod_stacks[k]
            if st:
                for j in range(min(len(st) - 1, 4)):
                    pygame.draw.rect(
                        surface,
                        D.shade(colour("parchment"), 0.75),
                        r.move(2 * (j + 1), 2 * (j + 1)),
                        border_radius=4,
                    )
                surface.blit(art.card_face(st[-1], r.w, r.h), r)
            else:
                pygame.draw.rect(surface, colour("panel"), r, 2, border_radius=4)
                FONTS.blit(
                    surface,
                    t(f"deck.{decks[k].id}"),
                    L.small - 2,
                    colour("text_dim"),
                    r.center,
                    "center",
                )
            self.count_badge(surface, r, len(st))
        for k, r in enumerate(L.vase_slots if not self.pnp else []):
            st = s.vase_stacks[k]
            if st:
                if len(st) > 1:
                    pygame.draw.rect(
                        surface, colour("terracotta_dark"), r.move(2, 2), border_radius=4
                    )
                surface.blit(art.card_face(st[-1], r.w, r.h), r)
            else:
                pygame.draw.rect(surface, colour("panel"), r, 2, border_radius=4)
                FONTS.blit(surface, str(k + 3), L.small, colour("text_dim"), r.center, "center")
            self.count_badge(surface, r, len(st))
        # The white die on its spot unless someone is using it.
        if s.white_holder < 0:
            face, ang, lift = self.shown_face(("white", 0), s.white)
            self.blit_die(
                surface, L.white_spot, face, colour("white_die"), colour("pip"), ang, lift
            )
        # Pegasus shows the holder and the round.
        r = L.pegasus_spot
        holder = s.pegasus
        peg = [a for a in self.anim.of_kind("pegasus") if a.started]
        surface.blit(art.pegasus_card(r.w, r.h), r)
        st = player_style(holder, s.players[holder].hades)
        if not peg:
            D.shape(surface, st["shape"], (r.right - 10, r.y + 10), 7, st["colour"], st["dark"])
        # The round number sits on the Pegasus card, which its holder keeps for the round.
        label = t("round", n=s.round)
        size = FONTS.fit(label, L.small - 2, r.w - 22, "bold", smallest=9)
        FONTS.blit(surface, label, size, colour("ink"), (r.x + 5, r.y + 4), "topleft", "bold")

    def count_badge(self, surface: pygame.Surface, r: pygame.Rect, n: int) -> None:
        """How many cards a stack holds, in a dark disc on its top-left corner."""
        c = (r.x + 2, r.y + 2)
        pygame.draw.circle(surface, (40, 30, 24), c, 11)
        pygame.draw.circle(surface, colour("gold"), c, 11, 1)
        FONTS.blit(surface, str(n), 13, colour("text_light"), c, "center", "bold")

    def blit_die(self, surface, rect, face, body, pip, angle=0.0, lift=0.0, glow=False):
        img = D.die_face(face, rect.w, body, pip, glow)
        if angle:
            img = pygame.transform.rotate(img, angle % 360)
        surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery + lift)))

    def draw_panel(self, surface: pygame.Surface, seat: int) -> None:
        L = self.layout
        s = self.state
        p = s.players[seat]
        st = player_style(seat, p.hades)
        pr = L.panels[seat]
        active = s.current == seat and not s.is_terminal
        D.panel(surface, pr, colour("panel"), colour("highlight") if active else st["dark"], 10)
        head = pygame.Rect(pr.x, pr.y, pr.w, self.panel_header_h())
        pygame.draw.rect(
            surface, st["colour"], head, border_top_left_radius=10, border_top_right_radius=10
        )
        D.shape(surface, st["shape"], (head.x + 16, head.centery), 8, (250, 244, 230), st["dark"])
        FONTS.blit(
            surface,
            seat_name(self.names, seat),
            L.body,
            (252, 248, 238),
            (head.x + 30, head.centery),
            "midleft",
            "bold",
        )
        total = self.scores().players[seat].total
        FONTS.blit(
            surface,
            t("panel.vp", vp=total),
            L.body,
            (252, 248, 238),
            (head.right - 10, head.centery),
            "midright",
            "bold",
        )
        if s.pegasus == seat and not self.anim.of_kind("pegasus"):
            art.wing(surface, (head.right - 96, head.centery), 22, (252, 248, 238))
        # Dice.
        dice = s.dice_of(seat)
        rects = self.die_rects(seat)
        body, pip = D.die_colours(st["colour"])
        mode_die = self.mode is not None and self.mode[0] in ("die", "reroll") and seat == s.current
        for i, r in enumerate(rects):
            face, ang, lift = self.shown_face((seat, i), dice[i])
            white = i == 2 or (p.hades and i == 1)
            if p.hades and i == 1:
                face, ang, lift = self.shown_face(("white", 0), dice[i])
            glow = False
            if mode_die:
                glow = self.die_targetable(seat, i)
            if self.mode is not None and self.mode[0] == "copy" and seat != s.current:
                glow = True
            self.blit_die(
                surface,
                r,
                face,
                colour("white_die") if white else body,
                colour("pip") if white else pip,
                ang,
                lift,
                glow,
            )
            if (
                self.mode is not None
                and self.mode[0] == "reroll"
                and i in self.mode[2]
                and seat == s.current
            ):
                pygame.draw.rect(surface, colour("laurel"), r.inflate(8, 8), 3, border_radius=8)
        if self.pnp:
            self.draw_sheet(surface, seat)
            return
        # Supply.
        sx, sy = self.supply_pos(seat)
        flying = len(self.cubes_in_flight(seat))
        D.shape(surface, st["shape"], (sx - 16, sy), 9, st["colour"], (250, 244, 230))
        FONTS.blit(
            surface,
            f"\u00d7{p.supply - flying}",
            L.body,
            colour("text_light"),
            (sx - 2, sy),
            "midleft",
            "bold",
        )
        # Hand.
        hidden = self.hidden_cards()
        flips = {a.data["card"]: a for a in self.anim.of_kind("flip")}
        usable: set[str] = set()
        choosing = seat == self.human_seat() and s.prompt == "action"
        if choosing:
            usable = {a.card for a in self.ctl.legal() if a.kind == USE}
        for cid, r in self.hand_cards(seat):
            if cid in hidden:
                continue
            card = card_set().card(cid)
            face_up = not (cid in p.gods_down or (card.kind == "god" and not s.config.gods_active))
            # On your turn, cards you cannot use now are greyed; usable ones are outlined.
            img = art.card_face(cid, r.w, r.h, face_up=face_up, dim=choosing and cid not in usable)
            fa = flips.get(cid)
            if fa is not None and fa.started:
                k = abs(1 - 2 * fa.progress)
                src = art.card_face(cid, r.w, r.h, face_up=fa.progress > 0.5 and face_up)
                img = pygame.transform.smoothscale(src, (max(1, int(r.w * k)), r.h))
                surface.blit(img, img.get_rect(center=r.center))
                continue
            surface.blit(img, r)
            if cid in p.cubed:
                D.shape(
                    surface,
                    st["shape"],
                    (r.centerx, r.bottom - r.h // 3),
                    max(5, r.w // 7),
                    st["colour"],
                    (250, 244, 230),
                )
            if cid in usable:
                pygame.draw.rect(surface, colour("highlight"), r.inflate(4, 4), 2, border_radius=6)
            if self.mode is not None and self.mode[1] == cid and seat == s.current:
                pygame.draw.rect(surface, colour("laurel"), r.inflate(6, 6), 3, border_radius=6)

    @property
    def pnp(self) -> bool:
        """True in the print-and-play variant: score sheets instead of cubes and cards."""
        return self.state.config.mode == "pnp"

    def sheet_layout(self, seat: int) -> tuple[list[pygame.Rect], list[tuple[str, pygame.Rect]]]:
        """A print-and-play sheet: twelve labour boxes, then six power rows (``row:<deck>``)."""
        area = self.hand_area(seat)
        area = pygame.Rect(area.x, area.y - 4, area.w, area.h + 4)
        box = max(12, min(22, (area.w - 8) // 12 - 2))
        labours = [pygame.Rect(area.x + 4 + i * (box + 2), area.y + 4, box, box) for i in range(12)]
        top = area.y + box + 12
        rh = max(14, (area.bottom - top - 4) // 6)
        rows = [
            (f"row:{d}", pygame.Rect(area.x + 2, top + k * rh, area.w - 4, rh - 2))
            for k, d in enumerate(ROWS)
        ]
        return labours, rows

    def draw_sheet(self, surface: pygame.Surface, seat: int) -> None:
        """The player's paper sheet with pencil crosses and circles."""
        L = self.layout
        s = self.state
        p = s.players[seat]
        area = self.hand_area(seat).inflate(4, 6)
        pygame.draw.rect(surface, colour("parchment"), area, border_radius=4)
        for y in range(area.y + 8, area.bottom, 9):  # faint ruled lines: it is paper
            pygame.draw.line(surface, (214, 214, 228), (area.x + 3, y), (area.right - 3, y), 1)
        pencil = (70, 66, 72)
        labours, rows = self.sheet_layout(seat)
        for c, r in enumerate(labours, start=1):
            pygame.draw.rect(surface, (150, 140, 130), r, 1)
            FONTS.blit(surface, str(c), max(9, r.h // 2), colour("ink_soft"), r.center, "center")
            if not p.row >> c & 1:
                D.pencil_cross(surface, r, pencil)
            if p.circled >> c & 1:
                pygame.draw.ellipse(surface, pencil, r.inflate(6, 6), 2)
        usable: set[str] = set()
        choosing = seat == self.human_seat() and s.prompt == "action"
        if choosing:
            usable = {f"row:{a.deck}" for a in self.ctl.legal() if a.kind == POWER}
        boxes = 6
        size = min(
            FONTS.fit(t(f"deck.{d}"), max(11, rows[0][1].h - 6), 70, "bold", smallest=9)
            for d in ROWS
        )
        for k, (rid, r) in enumerate(rows):
            FONTS.blit(
                surface,
                t(f"deck.{ROWS[k]}"),
                size,
                D.shade(deck_colour(ROWS[k]), 0.7),
                (r.x + 4, r.centery),
                "midleft",
                "bold",
            )
            bs = min(r.h - 4, (r.w - 84) // boxes - 3)
            for b in range(boxes):
                cell = pygame.Rect(r.x + 80 + b * (bs + 3), r.centery - bs // 2, bs, bs)
                pygame.draw.rect(surface, (150, 140, 130), cell, 1)
                if b < p.crosses[k]:
                    D.pencil_cross(surface, cell, pencil)
                if b < p.circles[k]:
                    pygame.draw.ellipse(surface, pencil, cell.inflate(4, 4), 2)
            if rid in usable:
                pygame.draw.rect(surface, colour("highlight"), r, 2, border_radius=4)
            if self.mode is not None and self.mode[1] == rid and seat == s.current:
                pygame.draw.rect(surface, colour("laurel"), r, 3, border_radius=4)
        # Where the standard game shows the cube supply: the jump points scored so far.
        _, sy = self.supply_pos(seat)
        jumps = self.scores().players[seat].jumps
        right = self.layout.panels[seat].right - 10
        FONTS.blit(
            surface,
            t("sheet.jumps", vp=jumps),
            L.small,
            colour("text_light"),
            (right, sy),
            "midright",
            "bold",
        )

    def scores(self) -> Any:
        """The running score of the state shown, computed once per state."""
        if self._score is None or self._score[0] is not self.state:
            self._score = (self.state, score(self.state))
        return self._score[1]

    def die_targetable(self, seat: int, i: int) -> bool:
        if self.mode is None:
            return False
        kind, card_id, _ = self.mode
        return any(i in a.dice for a in self.uses_of(card_id, self.ctl.legal()))

    def draw_sidebar(self, surface: pygame.Surface) -> None:
        L = self.layout
        s = self.state
        pb = L.prompt_box
        D.panel(surface, pb, colour("panel"), colour("gold_dark"), 10)
        x = pb.x + 12
        y = pb.y + 10
        if s.is_terminal:
            head = t("prompt.game_over")
        elif s.current < 0:
            head = t("prompt.rolling")
        else:
            head = t("prompt.turn", who=seat_name(self.names, s.current))
        FONTS.blit(
            surface, head, int(L.body * 1.15), colour("highlight"), (x, y), "topleft", "bold"
        )
        y += int(L.body * 1.15) + 10
        lines = self.prompt_lines()
        if self.message_time > 0 and self.message:
            lines = [self.message] + lines
        for line in lines:
            for wl in FONTS.wrap(line, L.body, pb.w - 24):
                if y + L.body > pb.bottom - 6:
                    break
                FONTS.blit(surface, wl, L.body, colour("text_light"), (x, y))
                y += L.body + 5
        lb = L.log_box
        D.panel(surface, lb, (46, 36, 30), colour("gold_dark"), 10)
        FONTS.blit(
            surface,
            t("log.title"),
            L.small,
            colour("gold"),
            (lb.x + 12, lb.y + 8),
            "topleft",
            "bold",
        )
        y = lb.bottom - 10
        size = L.body
        for line in reversed(self.log):
            wrapped = FONTS.wrap(line, size, lb.w - 24)
            for wl in reversed(wrapped):
                y -= size + 4
                if y < lb.y + 12 + size:
                    return
                FONTS.blit(surface, wl, size, colour("text_light"), (lb.x + 12, y))

    def prompt_lines(self) -> list[str]:
        """What the player to act can do now, in words."""
        s = self.state
        seat = self.human_seat()
        if s.is_terminal:
            return [t("prompt.see_scores")]
        if seat < 0:
            if s.current >= 0 and s.players[s.current].hades:
                return [t("prompt.hades")]
            return [t("prompt.wait")]
        if self.mode is not None:
            return [t(f"prompt.mode.{self.mode[0]}", card=self.source_name(self.mode[1]))]
        if s.prompt == "action":
            ways = self.labour_ways(self.ctl.legal())
            if ways:
                return [
                    t("prompt.choose_labour_pnp" if self.pnp else "prompt.choose_labour"),
                    t("prompt.reachable", labours=", ".join(str(c) for c in sorted(ways))),
                ]
            return [t("prompt.no_labour")]
        return [t(f"prompt.{s.prompt}")]

    def draw_flying(self, surface: pygame.Surface) -> None:
        """Pieces in flight: cubes to the supply, cards to the hand, Pegasus to its holder."""
        L = self.layout
        for a in self.anim.anims:
            if not a.started:
                continue
            k = ease_out_cubic(a.progress)
            if a.kind == "cube":
                seat = a.data["seat"]
                st = player_style(seat, self.state.players[seat].hades)
                x0, y0 = L.cube_center(seat, a.data["column"])
                x1, y1 = self.supply_pos(seat)
                x = lerp(x0, x1 - 16, k)
                y = lerp(y0, y1, k) - 60 * (1 - (2 * k - 1) ** 2)
                D.shape(surface, st["shape"], (x, y), 9, st["colour"], st["dark"])
            elif a.kind == "card":
                seat = a.data["seat"]
                src = a.data["src"]
                dst = self.card_dest(seat, a.data["card"])
                r = pygame.Rect(0, 0, int(lerp(src.w, dst.w, k)), int(lerp(src.h, dst.h, k)))
                r.center = (
                    int(lerp(src.centerx, dst.centerx, k)),
                    int(lerp(src.centery, dst.centery, k)),
                )
                surface.blit(art.card_face(a.data["card"], max(8, r.w), max(10, r.h)), r)
            elif a.kind in ("cube_on_card", "cube_off_card"):
                seat = a.data["seat"]
                st = player_style(seat, self.state.players[seat].hades)
                x0, y0 = self.supply_pos(seat)
                dst = self.card_dest(seat, a.data["card"])
                if a.kind == "cube_off_card":
                    k = 1 - k  # the same arc, travelled back to the supply
                x = lerp(x0 - 16, dst.centerx, k)
                y = lerp(y0, dst.centery + dst.h // 8, k) - 30 * (1 - (2 * k - 1) ** 2)
                D.shape(surface, st["shape"], (x, y), 7, st["colour"], (250, 244, 230))
            elif a.kind == "pegasus":
                frm, to = a.data["frm"], a.data["to"]
                p0 = L.panels[frm].midtop
                p1 = L.panels[to].midtop
                w, h = L.pegasus_spot.size
                img = art.pegasus_card(w, h)
                surface.blit(
                    img, img.get_rect(center=(lerp(p0[0], p1[0], k), lerp(p0[1], p1[1], k) - 40))
                )

    def card_dest(self, seat: int, card_id: str) -> pygame.Rect:
        for cid, r in self.hand_cards(seat):
            if cid == card_id:
                return r
        return self.hand_area(seat).copy()

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        tg = self.hover
        if tg is None or self.app.top is not self:
            return
        lines = self.tooltip(tg)
        if not lines:
            return
        L = self.layout
        size = L.body
        w = max(FONTS.font(size).size(x)[0] for x in lines) + 20
        h = len(lines) * (size + 4) + 12
        box = pygame.Rect(self.mouse[0] + 16, self.mouse[1] + 16, w, h)
        box.clamp_ip(surface.get_rect())
        D.panel(surface, box, colour("parchment"), colour("gold_dark"), 6)
        y = box.y + 6
        for i, line in enumerate(lines):
            FONTS.blit(
                surface,
                line,
                size,
                colour("ink"),
                (box.x + 10, y),
                "topleft",
                "bold" if i == 0 else "body",
            )
            y += size + 4

    def tooltip(self, tg: Target) -> list[str]:
        """Tooltip lines for a target."""
        s = self.state
        simplified = not s.config.gods_active
        if tg.kind == "column":
            lines = [labour_title(tg.value)]
            seat = self.human_seat()
            if seat >= 0:
                ways = self.labour_ways(self.ctl.legal()).get(tg.value, [])
                dice = s.dice_of(seat)
                for a in ways:
                    lines.append(arithmetic(a.op, dice[a.dice[0]], dice[a.dice[1]], tg.value))
            return list(dict.fromkeys(lines))
        if tg.kind == "hand_card" and str(tg.value).startswith("row:"):
            k = ROWS.index(tg.value[4:])
            p = s.players[tg.seat]
            return [
                self.source_name(tg.value),
                t(f"ability.{ROW_ABILITY[k]}"),
                t("tip.row", crosses=p.crosses[k], circles=p.circles[k]),
                t(f"deck.earn.{ROWS[k]}"),
            ]
        if tg.kind in ("god", "zeus", "hand_card"):
            lines = card_tooltip(tg.value, simplified)
            if tg.kind == "hand_card":
                p = s.players[tg.seat]
                if tg.value in p.cubed:
                    lines.append(t("tip.used_cube"))
                if tg.value in p.gods_down:
                    lines.append(t("tip.used_god"))
            return lines
        if tg.kind == "deck":
            deck = card_set().decks[tg.value]
            st = s.demigod_stacks[tg.value]
            lines = [t(f"deck.{deck.id}"), t(f"deck.earn.{deck.id}"), t("tip.left", n=len(st))]
            if st:
                lines.append(t("tip.top_card"))
                lines.extend(card_tooltip(st[-1])[1:])
            return lines
        if tg.kind == "vase":
            st = s.vase_stacks[tg.value]
            lines = [t("tip.vase_stack", spaces=tg.value + 3), t("tip.left", n=len(st))]
            if st:
                lines.append(t("tip.vp", vp=card_set().card(st[-1]).vp))
            return lines
        if tg.kind == "white":
            return [t("tip.white_die"), t("tip.white_die_2")]
        if tg.kind == "pegasus":
            return [t("pegasus"), t("tip.pegasus", who=seat_name(self.names, s.pegasus))]
        if tg.kind in ("die", "opp_die"):
            dice = s.dice_of(tg.seat)
            return [t("tip.die", who=seat_name(self.names, tg.seat), face=dice[tg.value])]
        return []

"""The MEBO table's own dialogs: resting, choosing a Demigod deck, the hint."""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any

import pygame

from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.ai.planner import plan_labours
from hercules.games.mebo.engine import card_set, labour_result
from hercules.games.mebo.engine.actions import (
    CHOOSE_DEMIGOD,
    END_REST,
    ERASE,
    LABOUR,
    POWER,
    REST,
    RETURN_CUBE,
    TURN_UP,
    USE,
)
from hercules.games.mebo.engine.pnp import ROWS, full_stop
from hercules.ui import draw as D
from hercules.ui.focus import Stop
from hercules.ui.scene import Shell
from hercules.ui.scenes.overlays import Overlay
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour, player_style

from . import art
from .describe import arithmetic, card_name, labour_title, reason_text

#: The decisions taken while resting (the rest itself is ``REST``).
_RESTING = frozenset({RETURN_CUBE, TURN_UP, ERASE})


class ChooseDeckOverlay(Overlay):
    """After a labour that qualifies for several Demigod decks: which card to take."""

    width = 640
    height = 380

    def __init__(self, app: Shell, table: Any) -> None:
        pnp = table.state.config.variant.sheet
        super().__init__(app, lambda: t("choose.power" if pnp else "choose.deck"))
        self.table = table

    def on_escape(self) -> None:
        """The card must be taken: Esc does not close this dialog."""

    def options(self) -> list[Any]:
        return [a for a in self.table.ctl.legal() if a.kind == CHOOSE_DEMIGOD]

    def build_widgets(self) -> None:
        opts = self.options()
        n = max(1, len(opts))
        w = 170
        x = self.box.centerx - (n * w + (n - 1) * 16) // 2
        for a in opts:
            self.button(
                pygame.Rect(x, self.box.bottom - 70, w, 48),
                t(f"deck.{a.deck}"),
                partial(self.pick, a),
            )
            x += w + 16

    def pick(self, action: Any) -> None:
        self.app.pop()
        self.table.send(action)

    def update(self, dt: float) -> None:
        if self.table.state.prompt != "choose_demigod" or not self.table.ctl.human_to_act():
            self.app.pop()

    def draw_body(self, surface: pygame.Surface) -> None:
        opts = self.options()
        n = max(1, len(opts))
        w = 170
        x = self.box.centerx - (n * w + (n - 1) * 16) // 2
        decks = [d.id for d in card_set().decks]
        for a in opts:
            st = self.table.state.demigod_stacks[decks.index(a.deck)]
            if st:
                img = art.card_face(st[-1], 120, 167)
                surface.blit(img, img.get_rect(midtop=(x + w // 2, self.box.y + 72)))
            x += w + 16


class RestOverlay(Overlay):
    """Resting: take back up to three cubes and/or turn one god face up, then finish."""

    width = 760
    height = 460

    def __init__(self, app: Shell, table: Any) -> None:
        super().__init__(app, lambda: t("rest.title"))
        self.table = table
        self.cards: list[tuple[str, Any, pygame.Rect]] = []

    def rest_start(self) -> int | None:
        """The index in the history of the action that began this rest, or None.

        Found by walking back over this rest's own decisions (cubes back, a god turned
        up, circles erased) to the rest itself.
        """
        history = self.table.ctl.history
        seat = self.table.state.current
        i = len(history) - 1
        while i >= 0 and history[i].seat == seat and history[i].action.kind in _RESTING:
            i -= 1
        if i >= 0 and history[i].seat == seat and history[i].action.kind == REST:
            return i
        return None

    def can_cancel(self) -> bool:
        """True when the whole rest can be taken back (not when it began before a resume)."""
        ctl = self.table.ctl
        start = self.rest_start()
        return start is not None and start >= getattr(ctl, "resumed_at", 0) and ctl.can_undo()

    def cancel(self) -> None:
        """Take the rest back, with the choices made in it: the turn is as it was before R."""
        start = self.rest_start()
        if start is None or not self.can_cancel():
            self.table.say(t("rest.cannot_cancel"))
            return
        if self.app.top is self:
            self.app.pop()
        ctl = self.table.ctl
        while len(ctl.history) > start and ctl.undo() is not None:
            pass
        self.table.say(t("rest.cancelled"))

    def on_escape(self) -> None:
        """Esc cancels the rest (nothing changes), when it can be taken back."""
        self.cancel()

    def build_widgets(self) -> None:
        y = self.box.bottom - 70
        # Finish first: the dialog's main answer (Enter-like), then Cancel to its left.
        self.button(
            pygame.Rect(self.box.centerx + 10, y, 240, 48),
            t("rest.done"),
            self.finish,
        )
        cancellable = self.can_cancel()
        self.btn_cancel = self.button(
            pygame.Rect(self.box.centerx - 250, y, 240, 48),
            t("btn.cancel"),
            self.cancel,
            enabled=cancellable,
            tip=None if cancellable else t("rest.cannot_cancel"),
        )

    def finish(self) -> None:
        for a in self.table.ctl.legal():
            if a.kind == END_REST:
                self.table.send(a)
        if self.app.top is self:
            self.app.pop()

    def update(self, dt: float) -> None:
        if self.table.state.prompt != "rest" or not self.table.ctl.human_to_act():
            self.app.pop()
            return
        self.cards = self.layout_cards()

    def layout_cards(self) -> list[tuple[str, Any, pygame.Rect]]:
        """The returnable cubes and turnable gods, as clickable cards."""
        s = self.table.state
        p = s.players[s.current]
        legal = self.table.ctl.legal()
        if s.config.variant.sheet:
            # The sheet: each power row with circles to erase is a tile (``row:<deck>``).

            opts = [a._replace(card=f"row:{a.deck}") for a in legal if a.kind == ERASE]
            shown = [f"row:{d}" for k, d in enumerate(ROWS) if p.circles[k]]
        else:
            opts = [a for a in legal if a.kind in (RETURN_CUBE, TURN_UP)]
            shown = sorted(p.cubed) + sorted(p.gods_down)
        out = []
        w, h = 86, 120
        per_row = max(1, (self.box.w - 40) // (w + 10))
        for i, cid in enumerate(shown):
            r, c = divmod(i, per_row)
            rect = pygame.Rect(
                self.box.x + 24 + c * (w + 10), self.box.y + 110 + r * (h + 10), w, h
            )
            act = next((a for a in opts if a.card == cid), None)
            if act is not None and act.kind == ERASE:
                act = act._replace(card="")  # back to the engine's own action value
            out.append((cid, act, rect))
        return out

    def draw_row_tile(
        self, surface: pygame.Surface, cid: str, rect: pygame.Rect, active: bool
    ) -> None:
        """A print-and-play power row on paper, with how many circles it has."""

        s = self.table.state
        row = cid[4:]
        circles = s.players[s.current].circles[ROWS.index(row)]
        pygame.draw.rect(surface, colour("parchment"), rect, border_radius=6)
        name = t(f"deck.{row}")
        size = FONTS.fit(name, 18, rect.w - 8, "bold", smallest=11)
        FONTS.blit(
            surface, name, size, colour("ink"), (rect.centerx, rect.y + 16), "center", "bold"
        )
        FONTS.blit(
            surface,
            t("rest.circles", n=circles),
            14,
            colour("ink_soft"),
            (rect.centerx, rect.centery + 10),
            "center",
        )
        if active:
            pygame.draw.rect(surface, colour("highlight"), rect.inflate(4, 4), 2, border_radius=6)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for _cid, act, rect in self.layout_cards():
                if rect.collidepoint(event.pos):
                    self.pick(act)

    def pick(self, act: Any) -> None:
        """A tile chosen (clicked, or Enter on it): its action, or why not."""
        if act is not None:
            self.table.send(act)
        else:
            self.table.say(t("rest.limit"))

    def focus_stops(self) -> list[Stop]:
        """The tiles that can be chosen now, then the buttons."""
        tiles = [
            Stop(("tile", cid), rect, partial(self.pick, act))
            for cid, act, rect in self.layout_cards()
            if act is not None
        ]
        return tiles + super().focus_stops()

    def draw_body(self, surface: pygame.Surface) -> None:
        s = self.table.state
        pnp = s.config.variant.sheet
        text = t("rest.help_pnp" if pnp else "rest.help", cubes=3 - s.rest_cubes)
        big = self.px(18)
        size = big if len(FONTS.wrap(text, big, self.box.w - 48)) == 1 else self.px(16)
        lines = FONTS.wrap(text, size, self.box.w - 48)[:2]  # two lines fit above the cards
        y = self.box.y + (70 if len(lines) == 1 else 62)
        for line in lines:
            FONTS.blit(surface, line, size, colour("text_light"), (self.box.x + 24, y))
            y += size + 4
        p = s.players[s.current]
        for cid, act, rect in self.layout_cards():
            if pnp:
                self.draw_row_tile(surface, cid, rect, act is not None)
                continue
            face_up = cid not in p.gods_down
            surface.blit(art.card_face(cid, rect.w, rect.h, face_up=face_up, dim=act is None), rect)
            if cid in p.cubed:
                st = player_style(s.current, p.hades)
                D.shape(
                    surface,
                    st["shape"],
                    (rect.centerx, rect.bottom - rect.h // 3),
                    9,
                    st["colour"],
                    (250, 244, 230),
                )
            if act is not None:
                pygame.draw.rect(
                    surface, colour("highlight"), rect.inflate(4, 4), 2, border_radius=6
                )
        if not self.layout_cards():
            FONTS.blit(
                surface,
                t("rest.nothing"),
                18,
                colour("text_dim"),
                (self.box.centerx, self.box.centery),
                "center",
            )


#: The strongest bot's hint thinks here, off the frame loop (one at a time, in turn).
_HINT_THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
HINT_LEVEL = "master"


def _strong_hint(view: Any, legal: list[Any]) -> str:
    """The reason of the :data:`HINT_LEVEL` bot's choice on ``view`` (a seat's view)."""
    bot = make_bot(HINT_LEVEL)
    bot.choose(view, legal, random.Random(0))
    return bot.explain()


class HintOverlay(Overlay):
    """Hint: every reachable labour with its cheapest plan, the Master bot's choice (worked
    out on a worker thread: "thinking" until it is ready) and the Normal bot's."""

    width = 860
    height = 560

    def __init__(self, app: Shell, table: Any) -> None:
        super().__init__(app, lambda: t("hint.title"))
        self.table = table
        self.lines: list[str] = []  # composed when the widgets are built
        # The Master bot sees the seat's view, as a seat's bot does, and never plays.
        view = table.ctl.view(table.human_seat())
        self.strong: Future[str] = _HINT_THINKER.submit(_strong_hint, view, table.ctl.legal())
        self._shown_ready = False

    def compose(self) -> list[str]:
        """The hint, in lines."""

        s = self.table.state
        plans = plan_labours(s)
        lines = []
        if not plans:
            lines.append(t("hint.none"))
        for r in sorted(plans):
            plan = plans[r]
            a, b = plan.faces
            how = arithmetic(plan.op, a, b, r)
            uses = []
            for act in plan.uses:
                if act.kind in (USE, POWER):
                    what = card_name(act.card) if act.kind == USE else t(f"deck.{act.deck}")
                    if act.target >= 0:
                        uses.append(t("hint.copy", card=what, who=self.table.names[act.target]))
                    else:
                        uses.append(t("hint.use", card=what, die=act.dice[0] + 1))
            pnp = s.config.variant.sheet  # the sheet: powers and crosses instead of cards
            need = ", ".join(uses) if uses else t("hint.no_powers" if pnp else "hint.no_cards")
            none = t("hint.no_row" if pnp else "hint.no_deck")
            decks = " / ".join(t(f"deck.{d}") for d in plan.decks) or none
            line = "hint.line_pnp" if pnp else "hint.line"
            lines.append(t(line, labour=labour_title(r), how=how, need=need, decks=decks))
        bot = make_bot("normal")
        act = bot.choose(s, self.table.ctl.legal(), random.Random(0))
        lines.append("")
        self._shown_ready = self.strong.done()
        if not self._shown_ready:
            lines.append(t("hint.thinking"))
        elif self.strong.exception() is None:
            lines.append(t("hint.master", why=reason_text(self.strong.result())))
        lines.append(t("hint.normal", why=reason_text(bot.explain())))
        if act.kind == LABOUR and act.target >= 0:  # pnp: it would hold its Apprentice back
            dice = s.dice_of(s.current)
            labour = labour_result(act.op, dice[act.dice[0]], dice[act.dice[1]])
            kept = full_stop(s.players[s.current], labour) - act.target
            lines.append(t("hint.stop", column=act.target, kept=kept))
        return lines

    def build_widgets(self) -> None:
        self.lines = self.compose()  # again: the language may have changed
        self.button(
            pygame.Rect(self.box.centerx - 100, self.box.bottom - 70, 200, 48),
            t("btn.close"),
            self.app.pop,
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.app.pop()

    def draw_body(self, surface: pygame.Surface) -> None:
        if not self._shown_ready and self.strong.done():
            self.lines = self.compose()  # the Master bot has finished thinking
        y = self.box.y + 72
        for line in self.lines:
            size = self.px(18)
            for wl in FONTS.wrap(line, size, self.box.w - 48) if line else [""]:
                if y > self.box.bottom - 100:
                    return
                FONTS.blit(surface, wl, size, colour("text_light"), (self.box.x + 24, y))
                y += round(size * 1.33)

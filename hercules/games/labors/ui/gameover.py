"""The end of a run: Olympus or defeat (and why), the labours beaten, Courage, Divinity, Rewards.

From here the player starts a new run, tries again from the trial that ended this one, watches
the run again, goes back to look at the table, or returns to the title.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

import pygame
import pygame_gui

from hercules.app.controller import GameController
from hercules.games.labors.engine.state import (
    LOST_COURAGE,
    LOST_DIVINITY,
    LOST_SKULL,
    WON,
    LaborsState,
)
from hercules.games.labors.spec import GAME_ID, new_controller
from hercules.ui import draw as D
from hercules.ui.chart import best_badge
from hercules.ui.replay import watch_again
from hercules.ui.scene import Scene, Shell
from hercules.ui.strings import t, tn
from hercules.ui.theme import FONTS, colour

from .setup import names_for
from .words import labour_name, numeral, reward_name, reward_variant


class FinishedRun(Protocol):
    """What the run-over screen reads of the table it opens over (a game's table meets it:
    :class:`hercules.ui.table.GameTable`; a screenshot's stand-in gives a state alone)."""

    @property
    def state(self) -> LaborsState:
        """The run as it ended."""

    @property
    def ctl(self) -> GameController | None:
        """The run's controller (None: a state without a game)."""

    @property
    def names(self) -> Sequence[str]:
        """The hero's name."""

    @property
    def game_id(self) -> str:
        """The game's id."""


#: The buttons, left to right ("try_again" only after a defeat).
BUTTONS = ("new_run", "try_again", "replay", "see_table", "title")
#: Colours of the two tracks' bars.
COURAGE_INK = (196, 86, 70)
DIVINITY_INK = (226, 190, 92)


def player_kind(ctl: Any) -> str:
    """Who played the run: "human", or the bot level that autoplayed it."""
    if ctl is None or not ctl.seats:
        return "human"
    seat = ctl.seats[0]
    return "human" if seat.kind == "human" else (seat.level or "human")


class GameOverScene(Scene):
    """How a run ended, over a marble page (also drawn for any state, e.g. screenshots).

    ``table`` is the table scene the run was played on: its ``state``, ``ctl`` (None for a
    state without a game, as in screenshots), ``names`` and ``game_id``.
    """

    def __init__(self, app: Shell, table: FinishedRun) -> None:
        super().__init__(app)
        self.table = table
        self.state = table.state
        self.ctl = table.ctl
        self.names: list[str] = list(table.names) or [t("lab.hercules")]
        self.game_id: str = table.game_id or GAME_ID
        self.box = pygame.Rect(0, 0, 1, 1)
        self.buttons: dict[Any, str] = {}
        self.k = 1.0  #: how much the page's words shrink to fit the window (1: not at all)

    @property
    def won(self) -> bool:
        """True if Hercules reached Olympus."""
        return bool(self.state.outcome == WON)

    # --- words -------------------------------------------------------------------------------
    def headline(self) -> str:
        """Olympus by name, or the end of the journey."""
        if self.won:
            return t("lab.over.won", name=names_for((), {}, self.names[:1])[0])
        return t("lab.over.lost")

    def why(self) -> str:
        """Why the run ended, in one sentence ("" for a run that has not)."""
        s = self.state
        n = s.labour
        if s.outcome == WON:
            return t("lab.over.won_why")
        if s.outcome == LOST_SKULL:
            return t("lab.over.why.skull", labour=labour_name(n), numeral=numeral(n))
        if s.outcome == LOST_COURAGE:
            return t("lab.over.why.courage", labour=labour_name(n), numeral=numeral(n))
        if s.outcome == LOST_DIVINITY:
            return t("lab.over.why.divinity", divinity=s.divinity, top=s.data.divinity_top)
        return ""

    def details(self) -> str:
        """The difficulty, the trial started from if not the first, and the bot if it played."""
        s = self.state
        parts = [t("lab.over.difficulty", difficulty=t(f"mode.{s.config.difficulty}"))]
        if s.config.start > 1:
            parts.append(t("lab.over.started", numeral=numeral(s.config.start)))
        kind = player_kind(self.ctl)
        if kind != "human":
            parts.append(t("lab.over.autoplay", level=t(f"level.{kind}")))
        return " \u00b7 ".join(parts)

    # --- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(30, 24, w - 60, h - 48)
        keys = [k for k in BUTTONS if k != "try_again" or not self.won]
        font = self.app.ui.get_theme().get_font(["button"])
        widths = [max(170, font.size(t(f"lab.over.{k}"))[0] + 44) for k in keys]
        gap = 18
        room = self.box.w - 60
        if sum(widths) + gap * (len(keys) - 1) > room:  # a long language or a large text scale
            widths = [(room - gap * (len(keys) - 1)) // len(keys)] * len(keys)
        bh = max(48, round(self.px(18) * 2.6))
        x = w // 2 - (sum(widths) + gap * (len(keys) - 1)) // 2
        y = self.box.bottom - bh - 26
        self.buttons = {}
        for key, bw in zip(keys, widths, strict=True):
            b = self.add(
                pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, bw, bh), t(f"lab.over.{key}"), self.app.ui
                )
            )
            if key == "replay" and self.ctl is None:
                b.disable()
            self.buttons[b] = key
            x += bw + gap

        # A large text scale in a small window: the page's words shrink until everything fits
        # between the headline and the buttons.
        self.k = 1.0
        while self.needed(y - self.box.y) > 0 and self.k > 0.6:
            self.k = round(self.k - 0.05, 2)

    def sz(self, size: float) -> int:
        """A font size at the player's text scale, shrunk by :attr:`k` if the page is short."""
        return max(8, round(self.px(size) * self.k))

    def needed(self, room: int) -> int:
        """How many pixels the page lacks in ``room`` (above the buttons) at the current size."""
        head = 44 + FONTS.font(self.sz(38), "bold").get_height() + 12
        head += 2 * (FONTS.font(self.sz(19)).get_height() + 8) + 24
        rows = (len(self.state.rewards) + 1) // 2
        tracks = 2 * (self.sz(18) + 14 + 12 + 8) + 30
        rewards = round(self.sz(18) * 1.5) + 30 + rows * (max(18, round(self.sz(15) * 1.3)) + 8)
        return head + 110 + 24 + max(tracks, rewards) + 40 - room

    def button(self, key: str) -> Any:
        """The button of ``key`` (None if this screen has none)."""
        return next((b for b, k in self.buttons.items() if k == key), None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            key = self.buttons[event.ui_element]
            if key == "new_run":
                self.app.nav.restart(self.game_id)
            elif key == "try_again":
                self.try_again()
            elif key == "replay":
                self.replay()
            elif key == "see_table":
                self.app.pop()
            elif key == "title":
                self.app.nav.title()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def try_again(self) -> None:
        """A new run from the trial where this one ended: same difficulty, same player."""
        s = self.state
        seed = random.SystemRandom().randrange(1, 10**9)
        ctl = new_controller(s.config.difficulty, [player_kind(self.ctl)], seed, start=s.labour)
        self.app.nav.play(self.game_id, ctl, self.names)

    def replay(self) -> None:
        """Watch this run again, from its first move."""
        watch_again(self.app, self.ctl, self.names)

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        D.pave_marble(surface, seed=11)
        box = self.box
        D.panel(surface, box, colour("panel"), colour("gold"), 16)
        pygame.draw.rect(surface, colour("gold_dark"), box.inflate(-14, -14), 1, border_radius=12)
        D.meander(
            surface, pygame.Rect(box.x + 30, box.y + 14, box.w - 60, 16), colour("gold_dark"), 4
        )
        buttons_top = min((b.rect.top for b in self.buttons), default=box.bottom - 80)
        D.meander(
            surface,
            pygame.Rect(box.x + 30, buttons_top - 30, box.w - 60, 12),
            colour("gold_dark"),
            3,
        )
        y = box.y + 44
        headline = self.headline()
        ink = colour("highlight") if self.won else (226, 128, 92)
        size = FONTS.fit(headline, self.sz(38), box.w - 200, "bold", smallest=20)
        head = FONTS.blit(surface, headline, size, ink, (w // 2, y), "midtop", "bold")
        wreath = colour("laurel") if self.won else colour("laurel_dark")
        D.laurel(surface, (head.x - 44, head.centery), 28, wreath)
        D.laurel(surface, (head.right + 44, head.centery), 28, wreath)
        outcome = self.app.nav.outcome(self.ctl)
        if outcome is not None and outcome.best:  # the most trials beaten at this difficulty
            pos = (box.right - 40 - self.sz(110), box.y + 60)
            best_badge(surface, pos, t("stats.your_best", score=outcome.score), self.sz(15))
        y = head.bottom + 12
        for text, px, ink2 in (
            (self.why(), 19, colour("text_light")),
            (self.details(), 16, colour("text_dim")),
        ):
            if text:
                fit = FONTS.fit(text, self.sz(px), box.w - 80, smallest=11)
                r = FONTS.blit(surface, text, fit, ink2, (w // 2, y), "midtop")
                y = r.bottom + 8
        # The trials, then the tracks and Rewards, centred in the room above the buttons;
        # on a tall window the panels stop growing (empty panels look unfinished).
        room = buttons_top - 40 - y
        medals = min(170, max(110, room // 3))
        panels = min(340, room - medals - 24)
        y += max(10, (room - medals - 24 - panels) // 3)
        y = self.draw_labours(surface, pygame.Rect(box.x + 40, y, box.w - 80, medals))
        rest = pygame.Rect(box.x + 40, y + 24, box.w - 80, panels)
        half = (rest.w - 30) // 2
        self.draw_tracks(surface, pygame.Rect(rest.x, rest.y, half, rest.h))
        self.draw_rewards(surface, pygame.Rect(rest.x + half + 30, rest.y, half, rest.h))

    def draw_labours(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The twelve labours as medallions: a laurel wreath around the beaten ones, the one
        that ended the run marked in red. Returns the bottom of what was drawn."""
        s = self.state
        beaten = set(s.beaten)
        label = tn("lab.over.trials", len(beaten))
        r = FONTS.blit(
            surface, label, self.sz(18), colour("gold"), (area.centerx, area.y), "midtop", "bold"
        )
        top = r.bottom + 12
        step = min(120, area.w // 12)
        radius = max(14, min(step // 2 - 8, (area.bottom - top) // 2 - 10, 44))
        x0 = area.centerx - step * 6 + step // 2
        cy = top + radius + 6
        for n in range(1, 13):
            cx = x0 + (n - 1) * step
            fell = n == s.labour and s.outcome not in ("", WON)
            if n in beaten:
                pygame.draw.circle(surface, colour("gold"), (cx, cy), radius - 4)
                pygame.draw.circle(surface, colour("highlight"), (cx, cy), radius - 4, 2)
                D.laurel(surface, (cx, cy + 2), radius + 2, colour("laurel"))
                ink = colour("ink")
            elif fell:
                pygame.draw.circle(surface, (120, 44, 34), (cx, cy), radius - 4)
                pygame.draw.circle(surface, (226, 128, 92), (cx, cy), radius - 4, 3)
                ink = colour("text_light")
            else:
                pygame.draw.circle(surface, D.shade(colour("panel"), 0.75), (cx, cy), radius - 4)
                pygame.draw.circle(surface, colour("gold_dark"), (cx, cy), radius - 4, 1)
                ink = colour("text_dim")
            text = numeral(n)
            fit = FONTS.fit(text, self.sz(16), 2 * radius - 14, "bold", smallest=9)
            FONTS.blit(surface, text, fit, ink, (cx, cy), "center", "bold")
        return cy + radius + 8

    def draw_tracks(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Final Courage and Divinity, each a bar of its track with the figure."""
        D.panel(surface, area, colour("panel_light"), colour("gold_dark"), 12)
        s = self.state
        rows = (
            (t("lab.over.courage"), s.courage, s.data.courage_max, COURAGE_INK),
            (t("lab.over.divinity"), s.divinity, s.data.divinity_top, DIVINITY_INK),
        )
        bar_h = max(12, min(22, area.h // 12))
        row_h = self.sz(18) + 14 + bar_h + 8
        spare = area.h - 2 * row_h
        for i, (name, value, top, ink) in enumerate(rows):
            y = area.y + spare // 3 + i * (row_h + spare // 3)
            FONTS.blit(
                surface,
                name,
                self.sz(18),
                colour("text_light"),
                (area.x + 20, y),
                "topleft",
                "bold",
            )
            FONTS.blit(
                surface,
                f"{value} / {top}",
                self.sz(18),
                colour("highlight"),
                (area.right - 20, y),
                "topright",
                "bold",
            )
            bar = pygame.Rect(area.x + 20, y + self.sz(18) + 14, area.w - 40, bar_h)
            if bar.bottom > area.bottom - 8:
                continue
            pygame.draw.rect(surface, D.shade(colour("panel"), 0.7), bar, border_radius=bar.h // 2)
            cells = max(1, top)
            cell = bar.w / cells
            for k in range(cells):
                if k < value:
                    part = pygame.Rect(
                        round(bar.x + k * cell) + 1, bar.y + 2, max(1, round(cell) - 2), bar.h - 4
                    )
                    pygame.draw.rect(surface, ink, part, border_radius=3)
            pygame.draw.rect(surface, colour("gold_dark"), bar, 1, border_radius=bar.h // 2)

    def draw_rewards(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The Rewards kept: a gold plaque each, with its labour's numeral."""
        D.panel(surface, area, colour("panel_light"), colour("gold_dark"), 12)
        FONTS.blit(
            surface,
            t("lab.over.rewards"),
            self.sz(18),
            colour("text_light"),
            (area.x + 20, area.y + 14),
            "topleft",
            "bold",
        )
        rewards = list(self.state.rewards)
        y = area.y + 14 + round(self.sz(18) * 1.5) + 4
        if not rewards:
            FONTS.blit(
                surface, t("lab.over.no_rewards"), self.sz(16), colour("text_dim"), (area.x + 20, y)
            )
            return
        # A grid of plaques, two columns, shrunk until all eleven fit the panel.
        cols = 2
        rows = (len(rewards) + cols - 1) // cols
        gap = 8
        avail = area.bottom - 12 - y
        h = max(18, min(round(self.sz(15) * 1.9), (avail - (rows - 1) * gap) // rows))
        size = max(9, min(self.sz(15), round(h * 0.56)))
        pw = (area.w - 40 - gap) // cols
        data = self.state.data
        for i, rid in enumerate(rewards):
            reward = data.rewards.get(rid)
            letter = reward_variant(rid)
            text = reward_name(rid, data) + (f" ({letter})" if letter else "")
            tag = numeral(reward.labour if reward is not None else 0)
            plaque = pygame.Rect(
                area.x + 20 + (i % cols) * (pw + gap), y + (i // cols) * (h + gap), pw, h
            )
            pygame.draw.rect(surface, D.shade(colour("panel"), 0.8), plaque, border_radius=8)
            pygame.draw.rect(surface, colour("gold"), plaque, 1, border_radius=8)
            gw = max(FONTS.measure("VIII", size, "bold")[0], 1)  # the numerals line up
            FONTS.blit(
                surface,
                tag,
                size,
                colour("gold"),
                (plaque.x + 10, plaque.centery),
                "midleft",
                "bold",
            )
            fit = FONTS.fit(text, size, pw - gw - 30, smallest=8)
            FONTS.blit(
                surface,
                text,
                fit,
                colour("text_light"),
                (plaque.x + gw + 20, plaque.centery),
                "midleft",
            )

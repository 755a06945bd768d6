"""A new run: the difficulty, the trial to start from, who plays and the hero's name.

Each difficulty shows its starting dice and, once the solver's statistics are shipped
(``data/balance.json``), how often the solver wins at it. The choices are remembered in the
settings (checked when read back: a player can edit that file).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import partial
from typing import Any, NamedTuple

import pygame
import pygame_gui

from hercules.app.registry import assets_path
from hercules.app.saves.schema import clean_text
from hercules.games._kit.figures import Odds, odds_from
from hercules.games.labors.engine import DIFFICULTIES, load_data
from hercules.games.labors.spec import GAME_ID, SPEC, new_controller
from hercules.ui import draw as D
from hercules.ui.focus import Stop
from hercules.ui.odds import count as _count
from hercules.ui.odds import percent, shipped_text
from hercules.ui.scene import Scene, Shell
from hercules.ui.strings import languages, t, tn, tr
from hercules.ui.theme import FONTS, colour

from .words import labour_title, numeral

#: Who can play a run: the player, or a bot of one of the spec's levels (autoplay).
PLAYERS = ("human", *SPEC.bot_levels)
#: The longest name a player can type.
NAME_CHARS = 24
#: The bot level whose statistics the balance line quotes.
BALANCE_LEVEL = "solver"
#: The Hercules dice's colours (green in the rulebook): body and pips.
DIE_BODY = (52, 128, 98)
DIE_PIP = (246, 242, 230)
#: Faces shown for a difficulty's starting dice (a handful of throws, not a real roll).
SHOWN_FACES = (6, 3, 5, 1, 4, 2)


class Choices(NamedTuple):
    """A setup: difficulty, first trial, who plays ("human" or a bot level), typed name."""

    difficulty: str = DIFFICULTIES[0]
    start: int = 1
    player: str = "human"
    name: str = ""


def names_for(seats: Sequence[Any], config: dict[str, Any], saved: Sequence[str] = ()) -> list[str]:
    """The one seat's display name: the saved one, else Hercules (in the current language).

    A saved name that is the game's own "Hercules" in any language is shown in the current
    one, so a run started in English reads "Ercole" when resumed in Italian.
    """
    name = next(iter(saved), "")
    if not name or any(name == tr(lang, "lab.hercules") for lang in languages()):
        return [t("lab.hercules")]
    return [name]


def remembered(doc: Any) -> Choices:
    """The choices of a remembered setup, each part checked (else the default one)."""
    out = Choices()
    if not isinstance(doc, dict):
        return out
    if doc.get("difficulty") in DIFFICULTIES:
        out = out._replace(difficulty=str(doc["difficulty"]))
    start = doc.get("start")
    if isinstance(start, int) and not isinstance(start, bool) and 1 <= start <= 12:
        out = out._replace(start=start)
    if doc.get("player") in PLAYERS:
        out = out._replace(player=str(doc["player"]))
    name = doc.get("name")
    if isinstance(name, str):
        out = out._replace(name=clean_text(name, NAME_CHARS).strip())
    return out


def balance_path() -> Any:
    """Where the solver's statistics are shipped (the file may not exist)."""
    return assets_path(SPEC.assets, "data", "balance.json")


def read_balance(text: str) -> dict[str, Odds]:
    """The solver's :class:`Odds` per difficulty, from a ``balance.json`` text.

    Only well-formed figures are kept: a missing, damaged or odd file gives none, and the
    setup then shows no balance line (statistics are a courtesy, never a reason to fail). A
    file without the interval (``low``/``high``, older files) has it worked out from the
    rate and the runs.
    """
    try:
        doc = json.loads(text)
    except ValueError:
        return {}
    out: dict[str, Odds] = {}
    if not isinstance(doc, dict):
        return out
    for difficulty in DIFFICULTIES:
        entry = doc.get(difficulty)
        figures = entry.get(BALANCE_LEVEL) if isinstance(entry, dict) else None
        if not isinstance(figures, dict):
            continue
        odds = odds_from(figures)
        if odds is not None:
            out[difficulty] = odds
    return out


def load_balance() -> dict[str, Odds]:
    """The shipped statistics (:func:`read_balance`), or none if there is no readable file."""
    return read_balance(shipped_text(balance_path()))


def count(n: int) -> str:
    """A whole number with the language's thousands separator ("1,000", "1.000")."""
    return _count(n, "lab.setup.thousands")


def balance_line(difficulty: str, figures: dict[str, Odds]) -> str:
    """The solver's true odds at ``difficulty``, with its interval and runs ("" without them).

    "The solver wins 23 % of runs at Hero (21–25 %, 1,000 runs)"; with no run won, it says so
    and gives the interval's top: "The solver won none of its 1,000 runs at God: its odds
    are at most 0.4 %".
    """
    odds = figures.get(difficulty)
    if odds is None:
        return ""
    mode = t(f"mode.{difficulty}")
    if odds.rate == 0:  # "wins 0 %" would say more than the runs do: they bound it
        return t(
            "lab.setup.balance_none",
            games=count(odds.games),
            difficulty=mode,
            high=percent(odds.high),
        )
    return t(
        "lab.setup.balance",
        pct=percent(odds.rate),
        low=percent(odds.low),
        high=percent(odds.high),
        games=count(odds.games),
        difficulty=mode,
    )


class SetupScene(Scene):
    """Choose a run: difficulty cards, the twelve trials as medallions, who plays, the name.

    Everything but the name is drawn and clicked directly (no menus to open), so a choice is
    one click and every option is in sight.
    """

    focus_arrows = (pygame.K_UP, pygame.K_DOWN)  #: Left and Right choose the trial

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.choices = remembered(app.settings.last_setup.get(GAME_ID))
        self.balance = load_balance()
        self.mouse = (-1, -1)
        self.box = pygame.Rect(0, 0, 1, 1)
        self.cards: dict[str, pygame.Rect] = {}
        self.medals: dict[int, pygame.Rect] = {}
        self.chips: dict[str, pygame.Rect] = {}
        self.rows: dict[str, int] = {}
        self.name_rect = pygame.Rect(0, 0, 1, 1)
        self.k = 1.0  #: how much the page's words shrink to fit the window (1: not at all)

    # --- layout ------------------------------------------------------------------------------
    def odds_lines(self, difficulty: str, width: int) -> list[str]:
        """The balance line of a difficulty's card, wrapped to ``width`` (none without figures)."""
        line = balance_line(difficulty, self.balance)
        return FONTS.wrap(line, self.sz(14), width) if line else []

    def odds_height(self, width: int) -> int:
        """The room the cards keep for their balance lines (the wordiest card's)."""
        most = max((len(self.odds_lines(d, width)) for d in DIFFICULTIES), default=0)
        return most * round(self.sz(14) * 1.3) + (6 if most else 0)

    def card_lines(self, difficulty: str, width: int) -> list[str]:
        """A difficulty card's help, wrapped to ``width``."""
        style = "bold" if difficulty == "god" else "body"  # God's warning is bold
        return FONTS.wrap(t(f"lab.setup.help.{difficulty}"), self.sz(15), width, style)

    def sz(self, size: float) -> int:
        """A font size at the player's text scale, shrunk by :attr:`k` if the page is short."""
        return max(8, round(self.px(size) * self.k))

    def layout(self) -> int:
        """Place the cards, medallions and chips at the current :attr:`k`; the content's bottom."""
        left, inner = self.box.x + 40, self.box.w - 80
        y = self.box.y + 78
        self.rows = {"difficulty": y}
        y += self.sz(18) + 12
        # Difficulty cards: as tall as the wordiest one needs.
        gap = 20
        cw = (inner - 2 * gap) // 3
        help_h = max(len(self.card_lines(d, cw - 28)) for d in DIFFICULTIES) * round(
            self.sz(15) * 1.3
        )
        ch = 14 + round(self.sz(22) * 1.3) + 40 + help_h + self.odds_height(cw - 28) + 12
        self.cards = {
            d: pygame.Rect(left + i * (cw + gap), y, cw, ch) for i, d in enumerate(DIFFICULTIES)
        }
        y += ch + 22
        # The twelve trials as medallions, in one row.
        self.rows["trial"] = y
        y += self.sz(18) + 14
        d = min(48, (inner - 11 * 10) // 12)
        step = (inner - d) // 11 if inner > 12 * d else d + 10
        step = min(step, d + 22)
        row_w = d + 11 * step
        x0 = left + (inner - row_w) // 2
        self.medals = {n: pygame.Rect(x0 + (n - 1) * step, y, d, d) for n in range(1, 13)}
        y += d + 10
        self.rows["trial_name"] = y
        y += round(self.sz(19) * 1.4)
        self.rows["trial_help"] = y
        y += 2 * round(self.sz(15) * 1.35) + 14
        # Who plays, and the name.
        self.rows["who"] = y
        y += self.sz(18) + 12
        chip_h = max(40, round(self.sz(17) * 2.2))
        x = left
        self.chips = {}
        for p in PLAYERS:
            tw = FONTS.font(self.sz(17), "bold").size(self.player_label(p))[0]
            self.chips[p] = pygame.Rect(x, y, tw + 40, chip_h)
            x += tw + 40 + 14
        name_w = 300
        name_x = max(x + 30, self.box.right - 40 - name_w)
        self.rows["name_x"] = name_x
        self.name_rect = pygame.Rect(name_x, y, min(name_w, self.box.right - 40 - name_x), chip_h)
        return y + chip_h + 6 + round(self.sz(14) * 1.4)  # room for the autoplay line

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        bw = min(1080, w - 60)
        self.box = pygame.Rect(0, 0, bw, min(h - 30, 700))
        self.box.center = (w // 2, h // 2)
        bh = max(48, round(self.px(18) * 2.6))
        # A large text scale in a small window: the page's words shrink until all fits
        # above the buttons (never under them).
        self.k = 1.0
        while self.layout() > self.box.bottom - bh - 22 - 30 and self.k > 0.6:
            self.k = round(self.k - 0.05, 2)
        old: Any = getattr(self, "name_entry", None)
        typed = old.get_text() if old is not None else self.choices.name
        self.name_entry = self.add(
            pygame_gui.elements.UITextEntryLine(
                self.name_rect,
                ui,
                placeholder_text=t("lab.hercules"),
            )
        )
        self.name_entry.set_text_length_limit(NAME_CHARS)
        if typed:
            self.name_entry.set_text(typed)  # kept when the scene is built again
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.x + 30, self.box.bottom - bh - 22, 180, bh),
                t("lab.setup.back"),
                ui,
            )
        )
        self.btn_start = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.right - 250, self.box.bottom - bh - 22, 220, bh),
                t("lab.setup.start"),
                ui,
            )
        )

    def player_label(self, player: str) -> str:
        """ "You", or "Autoplay (Solver)" for a bot level."""
        if player == "human":
            return t("lab.setup.you")
        return t("lab.setup.autoplay", level=t(f"level.{player}"))

    # --- input -------------------------------------------------------------------------------
    def choose(self, **change: Any) -> None:
        """Change some of the choices (the others stay)."""
        self.choices = self.choices._replace(**change)

    def click(self, pos: tuple[int, int]) -> None:
        """A click on a difficulty card, a trial's medallion or a player chip chooses it."""
        for difficulty, rect in self.cards.items():
            if rect.collidepoint(pos):
                self.choose(difficulty=difficulty)
        for n, rect in self.medals.items():
            if rect.inflate(6, 6).collidepoint(pos):
                self.choose(start=n)
        for player, rect in self.chips.items():
            if rect.collidepoint(pos):
                self.choose(player=player)

    def focus_stops(self) -> list[Stop]:
        """The difficulty cards, the trials to start at, the players, then the widgets."""
        out = [
            Stop(("difficulty", d), r, partial(self.choose, difficulty=d), label=d)
            for d, r in self.cards.items()
        ]
        out += [
            Stop(("start", n), r, partial(self.choose, start=n), label=str(n))
            for n, r in self.medals.items()
        ]
        out += [
            Stop(("player", p), r, partial(self.choose, player=p), label=p)
            for p, r in self.chips.items()
        ]
        return out + super().focus_stops()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_start:
                self.start()
            elif event.ui_element is self.btn_back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_LEFT:
                self.choose(start=max(1, self.choices.start - 1))
            elif event.key == pygame.K_RIGHT:
                self.choose(start=min(12, self.choices.start + 1))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    def typed_name(self) -> str:
        """The name typed, made safe for a save ("" if none)."""
        return clean_text(self.name_entry.get_text(), NAME_CHARS).strip()

    def start(self) -> None:
        """Start the run with these choices (and remember them)."""
        c = self.choices._replace(name=self.typed_name())
        self.choices = c
        seed = random.SystemRandom().randrange(1, 10**9)
        ctl = new_controller(c.difficulty, [c.player], seed, start=c.start)
        self.remember()
        self.app.nav.play(GAME_ID, ctl, names_for(ctl.seats, {}, [c.name]))

    def remember(self) -> None:
        """Keep the choices for the next setup (a settings file that cannot be written only
        means they are not remembered)."""
        c = self.choices
        self.app.settings.last_setup[GAME_ID] = {
            "difficulty": c.difficulty,
            "start": c.start,
            "player": c.player,
            "name": c.name,
        }
        self.app.save_settings()

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("lab.setup.title"), seed=9)
        band = pygame.Rect(self.box.x + 24, self.box.y + 8, self.box.w - 48, 12)
        D.meander(surface, band, colour("gold_dark"), 3)
        foot = pygame.Rect(self.box.x + 24, self.btn_start.rect.top - 26, self.box.w - 48, 12)
        D.meander(surface, foot, colour("gold_dark"), 3)
        left = self.box.x + 40
        self.label(surface, t("lab.setup.difficulty"), (left, self.rows["difficulty"]))
        for difficulty, rect in self.cards.items():
            self.draw_card(surface, difficulty, rect)
        self.label(surface, t("lab.setup.start_trial"), (left, self.rows["trial"]))
        for n, rect in self.medals.items():
            self.draw_medal(surface, n, rect)
        start = self.choices.start
        name = labour_title(start)
        size = FONTS.fit(name, self.sz(19), self.box.w - 80, "bold", smallest=12)
        FONTS.blit(
            surface,
            name,
            size,
            colour("highlight"),
            (self.box.centerx, self.rows["trial_name"]),
            "midtop",
            "bold",
        )
        helptext = t("lab.setup.start_first" if start == 1 else "lab.setup.start_later")
        y = self.rows["trial_help"]
        for line in FONTS.wrap(helptext, self.sz(15), self.box.w - 120)[:2]:
            FONTS.blit(
                surface, line, self.sz(15), colour("text_dim"), (self.box.centerx, y), "midtop"
            )
            y += round(self.sz(15) * 1.35)
        self.label(surface, t("lab.setup.who"), (left, self.rows["who"]))
        self.label(surface, t("lab.setup.name"), (self.rows["name_x"], self.rows["who"]))
        for player, rect in self.chips.items():
            self.draw_chip(surface, player, rect)
        if self.choices.player != "human":
            chip = self.chips[PLAYERS[-1]]
            FONTS.blit(
                surface,
                t("lab.setup.autoplay_help"),
                self.sz(14),
                colour("text_dim"),
                (left, chip.bottom + 6),
            )

    def label(self, surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
        """A section's label."""
        FONTS.blit(surface, text, self.sz(18), colour("gold"), pos, "topleft", "bold")

    def draw_card(self, surface: pygame.Surface, difficulty: str, rect: pygame.Rect) -> None:
        """A difficulty: its name, its starting dice, what it means, the solver's record."""
        chosen = difficulty == self.choices.difficulty
        hover = rect.collidepoint(self.mouse) and not chosen
        fill = colour("panel_light") if chosen or hover else D.shade(colour("panel"), 0.85)
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        edge = colour("highlight") if chosen else colour("gold_dark")
        pygame.draw.rect(surface, edge, rect, 3 if chosen else 1, border_radius=12)
        x, y = rect.x + 14, rect.y + 12
        title = t(f"mode.{difficulty}")
        ink = colour("highlight") if chosen else colour("text_light")
        FONTS.blit(surface, title, self.sz(22), ink, (x, y), "topleft", "bold")
        y += round(self.sz(22) * 1.3)
        dice = load_data().difficulties[difficulty][0]
        for i in range(dice):
            face = D.die_face(SHOWN_FACES[i % len(SHOWN_FACES)], 28, DIE_BODY, DIE_PIP)
            surface.blit(face, (x + i * 34, y + 2))
        FONTS.blit(
            surface,
            tn("lab.setup.dice", dice),
            self.sz(15),
            colour("text_light"),
            (x + dice * 34 + 6, y + 16),
            "midleft",
        )
        y += 40
        warn = difficulty == "god"
        for line in self.card_lines(difficulty, rect.w - 28):
            FONTS.blit(
                surface,
                line,
                self.sz(15),
                (226, 128, 92) if warn else colour("text_dim"),
                (x, y),
                "topleft",
                "bold" if warn else "body",
            )
            y += round(self.sz(15) * 1.3)
        lines = self.odds_lines(difficulty, rect.w - 28)
        step = round(self.sz(14) * 1.3)
        for i, line in enumerate(reversed(lines)):
            bottom = rect.bottom - 10 - i * step
            FONTS.blit(surface, line, self.sz(14), colour("gold"), (x, bottom), "bottomleft")

    def draw_medal(self, surface: pygame.Surface, n: int, rect: pygame.Rect) -> None:
        """A trial's medallion: its numeral in a gold disc (filled when chosen)."""
        chosen = n == self.choices.start
        earlier = n < self.choices.start
        hover = rect.inflate(6, 6).collidepoint(self.mouse)
        c = rect.center
        r = rect.w // 2
        if chosen:
            pygame.draw.circle(surface, colour("gold"), c, r)
            pygame.draw.circle(surface, colour("highlight"), c, r, 3)
            ink = colour("ink")
        else:
            fill = colour("panel_light") if hover else D.shade(colour("panel"), 0.8)
            pygame.draw.circle(surface, fill, c, r)
            pygame.draw.circle(surface, colour("gold_dark") if earlier else colour("gold"), c, r, 2)
            ink = colour("text_dim") if earlier else colour("text_light")
        text = numeral(n)
        size = FONTS.fit(text, self.sz(16), rect.w - 8, "bold", smallest=9)
        FONTS.blit(surface, text, size, ink, c, "center", "bold")

    def draw_chip(self, surface: pygame.Surface, player: str, rect: pygame.Rect) -> None:
        """Who plays: a rounded chip, gold when chosen."""
        chosen = player == self.choices.player
        hover = rect.collidepoint(self.mouse)
        fill = colour("gold") if chosen else colour("panel_light" if hover else "panel")
        pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, colour("gold_dark"), rect, 2, border_radius=rect.h // 2)
        ink = colour("ink") if chosen else colour("text_light")
        FONTS.blit(
            surface, self.player_label(player), self.sz(17), ink, rect.center, "center", "bold"
        )

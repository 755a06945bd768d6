"""New-game setup: 4-7 players, the rules (standard or the Oracle of Hardship), one human at
this machine with bots or bots only to watch, the bots' level, the human's name, whether the
human is dealt Hercules (ruling 1's option), and a seed. Under the choices, how often
Hercules' side wins at the chosen table with all-Normal bots (``data/balance.json``, written by
``tools/companions_balance.py --out``), as the Labors game quotes its solver's odds.

Every choice is a row of buttons (one click, and the keys reach them through the focus
ring). It starts from the choices made last time, kept in the settings and checked on
reading: a hand-edited settings file never breaks it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pygame
import pygame_gui

from hercules.app.registry import assets_path
from hercules.app.saves.schema import clean_text
from hercules.games._kit.figures import Odds, odds_from
from hercules.ui import draw as D
from hercules.ui.odds import count, percent, shipped_text
from hercules.ui.scene import Scene, Shell
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from ..engine.adapter import GAME_ID
from ..spec import SPEC, VARIANTS, hercules_seed, new_controller
from .words import default_name, names_for

#: The longest name a player can type.
NAME_CHARS = 24
#: Each row of choices: its key and its options (the first is the default).
ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("players", tuple(str(n) for n in range(SPEC.players[0], SPEC.players[1] + 1))),
    ("variant", VARIANTS),
    ("mode", ("play", "watch")),
    ("level", tuple(SPEC.bot_levels)),
    ("hercules", ("random", "me")),
)


def balance_path() -> Any:
    """Where the self-play figures are shipped (the file may not exist)."""
    return assets_path(SPEC.assets, "data", "balance.json")


def read_balance(text: str) -> dict[tuple[str, int], Odds]:
    """Hercules' side's :class:`Odds` per (variant, players), from a ``balance.json`` text.

    Only well-formed figures are kept: a missing, damaged or odd file gives none and the setup
    shows no line (figures are a courtesy, never a reason to fail). An interval that is
    missing or does not hold its rate is worked out from the rate and the games.
    """
    try:
        doc = json.loads(text)
    except ValueError:
        return {}
    out: dict[tuple[str, int], Odds] = {}
    if not isinstance(doc, dict):
        return out
    for variant in VARIANTS:
        table = doc.get(variant)
        if not isinstance(table, dict):
            continue
        for players in range(SPEC.players[0], SPEC.players[1] + 1):
            odds = odds_from(table.get(str(players)))
            if odds is not None:
                out[(variant, players)] = odds
    return out


def load_balance() -> dict[tuple[str, int], Odds]:
    """The shipped figures (:func:`read_balance`), or none if there is no readable file."""
    return read_balance(shipped_text(balance_path()))


def balance_line(choice: dict[str, str], figures: dict[tuple[str, int], Odds]) -> str:
    """How often Hercules' side wins at the chosen table with all-Normal bots ("" without
    figures): "With Normal bots, Hercules' side wins 47 % of games at 5 players (45–50 %,
    2,000 games)"."""
    players = int(choice["players"])
    odds = figures.get((choice["variant"], players))
    if odds is None:
        return ""

    return t(
        f"co.setup.balance.{choice['variant']}",
        pct=percent(odds.rate),
        low=percent(odds.low),
        high=percent(odds.high),
        games=count(odds.games, "co.setup.thousands"),
        n=players,
    )


def remembered(doc: Any) -> dict[str, str]:
    """The choices of a remembered setup, each checked (else its default)."""
    out = {key: options[0] for key, options in ROWS}
    if isinstance(doc, dict):
        for key, options in ROWS:
            if doc.get(key) in options:
                out[key] = str(doc[key])
    return out


def seat_kinds(choice: dict[str, str]) -> list[str]:
    """The seats: the human first (unless watching), bots of the chosen level after."""
    n = int(choice["players"])
    bots = [choice["level"]] * n
    return bots if choice["mode"] == "watch" else ["human", *bots[1:]]


class SetupScene(Scene):
    """Choose the game: rows of buttons, the player's name and a seed, then Start."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        saved = app.settings.last_setup.get(GAME_ID)
        self.choice = remembered(saved)
        self.typed_name = str(saved.get("name", "")) if isinstance(saved, dict) else ""
        self.box = pygame.Rect(0, 0, 1, 1)
        self.options: dict[Any, tuple[str, str]] = {}
        self.balance = load_balance()

    def row_h(self) -> int:
        """The height of a row of choices."""
        return max(46, round(self.px(18) * 2.4))

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        rh = self.row_h()
        # Room under the rows for the note and the self-play figures (two lines each) above
        # the buttons.
        lines = 4 * round(self.px(15) * 1.4)
        self.box = pygame.Rect(
            0, 0, min(w - 40, 1000), min(h - 30, 110 + (len(ROWS) + 2) * rh + lines + 60)
        )
        self.box.center = (w // 2, h // 2)
        x0 = self.box.x + 280
        y = self.box.y + 80
        self.options = {}
        for key, options in ROWS:
            bw = min(220, (self.box.right - 30 - x0 - 10 * (len(options) - 1)) // len(options))
            for k, opt in enumerate(options):
                rect = pygame.Rect(x0 + k * (bw + 10), y, bw, rh - 10)
                btn = self.add(pygame_gui.elements.UIButton(rect, self.option_text(key, opt), ui))
                self.options[btn] = (key, opt)
            y += rh
        old = getattr(self, "name_entry", None)
        if old is not None:
            self.typed_name = old.get_text()
        self.name_entry = self.add(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x0, y, 300, rh - 10), ui, placeholder_text=default_name(0, "human")
            )
        )
        self.name_entry.set_text_length_limit(NAME_CHARS)
        if self.typed_name:
            self.name_entry.set_text(self.typed_name)
        y += rh
        old_seed: Any = getattr(self, "seed_entry", None)
        seed_text = old_seed.get_text() if old_seed is not None else ""
        self.seed_entry = self.add(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x0, y, 300, rh - 10), ui, placeholder_text=t("co.setup.seed_random")
            )
        )
        self.seed_entry.set_allowed_characters("numbers")
        if seed_text:
            self.seed_entry.set_text(seed_text)
        self.btn_start = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.right - 230, self.box.bottom - 66, 200, 50),
                t("co.setup.start"),
                ui,
            )
        )
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.x + 30, self.box.bottom - 66, 160, 50), t("setup.back"), ui
            )
        )
        self.show_choices()

    def option_text(self, key: str, opt: str) -> str:
        """An option's words ("5", "Oracle of Hardship", "Watch the bots")."""
        return opt if key == "players" else t(f"co.setup.{key}.{opt}")

    def show_choices(self) -> None:
        """The chosen option of each row selected; what does not apply (the human's name
        and character when only bots play) disabled."""
        watching = self.choice["mode"] == "watch"
        for btn, (key, opt) in self.options.items():
            if self.choice[key] == opt:
                btn.select()
            else:
                btn.unselect()
            if key == "hercules" and watching:
                btn.disable()
            else:
                btn.enable()
        if watching:
            self.name_entry.disable()
        else:
            self.name_entry.enable()

    def option_button(self, key: str, opt: str) -> Any:
        """The button of an option (tests click it)."""
        return next((b for b, ko in self.options.items() if ko == (key, opt)), None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        pressed = event.ui_element
        if pressed in self.options:
            key, opt = self.options[pressed]
            self.choice[key] = opt
            self.show_choices()
        elif pressed is self.btn_start:
            self.start()
        elif pressed is self.btn_back:
            self.app.pop()

    def seed(self) -> int:
        """The seed typed in (its first 18 digits), or a fresh one."""
        digits = self.seed_entry.get_text().strip()[:18]
        return int(digits) if digits.isdigit() else random.SystemRandom().randrange(1, 10**9)

    def start(self) -> None:
        """Start the game: the seats, their names, the seed (Hercules' deal if asked)."""
        kinds = seat_kinds(self.choice)
        variant = self.choice["variant"]
        seed = self.seed()
        if self.choice["hercules"] == "me" and kinds[0] == "human":
            seed = hercules_seed(variant, len(kinds), seed, 0)
        ctl = new_controller(variant, kinds, seed)
        names = names_for(ctl.seats, {})
        typed = clean_text(self.name_entry.get_text().strip(), NAME_CHARS)
        if typed and kinds[0] == "human":
            names[0] = typed
        self.app.settings.last_setup[GAME_ID] = {**self.choice, "name": typed}
        self.app.save_settings()
        self.app.nav.play(GAME_ID, ctl, names)

    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("co.setup.title"), seed=9)
        rh = self.row_h()
        x = self.box.x + 40
        y = self.box.y + 80 + (rh - 10) // 2
        labels = [f"co.setup.{key}" for key, _ in ROWS] + ["co.setup.name", "co.setup.seed"]
        for key in labels:
            size = FONTS.fit(t(key), self.px(18), 220, smallest=11)
            FONTS.blit(surface, t(key), size, colour("text_light"), (x, y), "midleft")
            y += rh
        note = t(f"co.setup.note.{self.choice['mode']}", n=int(self.choice["players"]))
        size = self.px(15)
        yy = self.box.y + 80 + (len(ROWS) + 2) * rh
        for ln in FONTS.wrap(note, size, self.box.w - 80)[:2]:
            FONTS.blit(surface, ln, size, colour("text_dim"), (x, yy))
            yy += round(size * 1.4)
        odds = balance_line(self.choice, self.balance)
        for ln in FONTS.wrap(odds, size, self.box.w - 80)[:2] if odds else []:
            FONTS.blit(surface, ln, size, colour("text_dim"), (x, yy))
            yy += round(size * 1.4)

"""New-game setup: seats (human or bot with a level, or solo against Hades), rules, seed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from hercules.app.controller import Controller
from hercules.app.saves.schema import clean_text
from hercules.games.mebo.engine import find_variant
from hercules.games.mebo.spec import GAME_ID, SPEC, new_controller
from hercules.games.mebo.ui.words import FIXED_NAMES
from hercules.ui import draw as D
from hercules.ui.names import localise_name
from hercules.ui.scene import Scene, Shell
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour, player_style

#: What a seat can be: a human, a bot of one of the spec's levels, or empty.
SEAT_CHOICES = ("human", *SPEC.bot_levels, "off")


def seat_names(kinds: list[str], solo: bool) -> list[str]:
    """Display names: the seat colour, marked as a bot where it is one; Hades in solo."""
    names = []
    for i, kind in enumerate(kinds):
        if solo and i == 1:
            names.append(t("seat.hades"))
            continue
        col = t(player_style(i)["name_key"])
        names.append(
            col if kind == "human" else t("seat.bot", colour=col, level=t(f"level.{kind}"))
        )
    return names


def start_game(mode: str, kinds: list[str], seed: int) -> tuple[Controller, list[str]]:
    """A controller for a new game: ``kinds`` per seat is "human" or a bot level."""
    solo = find_variant(mode).hades_seat >= 0
    if solo:
        kinds = [kinds[0], "hades"]
    return new_controller(mode, kinds, seed), seat_names(kinds, solo)


def names_for(seats: Sequence[Any], config: dict[str, Any], saved: Sequence[str] = ()) -> list[str]:
    """Seats' display names: ``saved`` ones (in the current language where the game gave
    them), else the usual ones for who sits there under the rules ``config``."""
    kinds = []
    for seat in seats:
        kinds.append("human" if seat.kind == "human" else (seat.level or "hades"))
    solo = find_variant(str(config.get("mode"))).hades_seat >= 0
    defaults = seat_names(kinds if not solo else kinds[:1] + ["hades"], solo)
    saved = list(saved) or [""] * len(seats)
    return [localise_name(n, i, FIXED_NAMES) if n else defaults[i] for i, n in enumerate(saved)]


def display_names(loaded: Any) -> list[str]:
    """A saved game's seat names."""
    return names_for(loaded.seats, loaded.config, loaded.names)


#: The rules offered, in the spec's order (the variants registered for players).
MODES = SPEC.variants


#: The longest name a player can type for a seat.
NAME_CHARS = 24


def remembered(doc: Any) -> tuple[list[str], str, list[str]]:
    """The seats, mode and names of a remembered setup, each part checked (else the default).

    ``doc`` comes from the settings file, which a player can edit: anything that is not a
    choice this game offers is replaced by the usual one.
    """
    kinds = ["human", "normal", "off", "off"]
    mode = "standard"
    names = ["", "", "", ""]
    if not isinstance(doc, dict):
        return kinds, mode, names
    saved = doc.get("kinds")
    if isinstance(saved, list) and len(saved) == 4:
        ok = all(k in SEAT_CHOICES for k in saved) and "off" not in saved[:2]
        kinds = list(saved) if ok else kinds
    if doc.get("mode") in MODES:
        mode = str(doc["mode"])
    saved = doc.get("names")
    if isinstance(saved, list) and len(saved) == 4 and all(isinstance(n, str) for n in saved):
        names = [clean_text(n, NAME_CHARS) for n in saved]
    return kinds, mode, names


class SetupScene(Scene):
    """Choose who plays and how: each seat's player (and name), the rules, the seed.

    It starts from the choices made last time (kept in the settings), so a group that plays
    again finds its seats, levels, names and rules as it left them.
    """

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        last = app.settings.last_setup.get(GAME_ID)
        self.kinds, self.mode, self.names = remembered(last)
        self.error = ""

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        self.box = pygame.Rect(0, 0, 900, 560)
        self.box.center = (w // 2, h // 2)
        x = self.box.x + 260
        y = self.box.y + 90
        old_names: list[Any] = list(getattr(self, "name_entries", []))
        if old_names:  # typed names are kept when the scene is built again
            self.names = [e.get_text() for e in old_names]
        self.seat_menus = []
        self.name_entries = []
        for i in range(4):
            entry = self.add(
                pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(x + 320, y + i * 60, 280, 44),
                    ui,
                    placeholder_text=self.default_name(i),
                )
            )
            entry.set_text_length_limit(NAME_CHARS)
            if self.names[i]:
                entry.set_text(self.names[i])
            self.name_entries.append(entry)
            choices: list[str | tuple[str, str]] = [
                t(f"seat.choice.{c}") for c in SEAT_CHOICES if not (i < 2 and c == "off")
            ]
            m = self.add(
                pygame_gui.elements.UIDropDownMenu(
                    choices,
                    t(f"seat.choice.{self.kinds[i]}"),
                    pygame.Rect(x, y + i * 60, 300, 44),
                    ui,
                )
            )
            self.seat_menus.append(m)
        y += 4 * 60 + 10
        self.mode_menu = self.add(
            pygame_gui.elements.UIDropDownMenu(
                list[str | tuple[str, str]]([t(f"mode.{m}") for m in MODES]),
                t(f"mode.{self.mode}"),
                pygame.Rect(x, y, 300, 44),
                ui,
            )
        )
        old: Any = getattr(self, "seed_entry", None)
        typed = old.get_text() if old is not None else ""
        self.seed_entry = self.add(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x, y + 60, 300, 44), ui, placeholder_text=t("setup.seed_placeholder")
            )
        )
        self.seed_entry.set_allowed_characters("numbers")
        if typed:
            self.seed_entry.set_text(typed)  # kept when the scene is built again
        self.btn_start = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.right - 230, self.box.bottom - 70, 200, 50),
                t("setup.start"),
                ui,
            )
        )
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.x + 30, self.box.bottom - 70, 160, 50), t("setup.back"), ui
            )
        )
        self.apply_mode()

    @property
    def solo(self) -> bool:
        """The chosen rules put an automaton (Hades) in the second seat."""
        return find_variant(self.mode).hades_seat >= 0

    def default_name(self, i: int) -> str:
        """The name seat ``i`` gets when none is typed (its colour, marked if a bot)."""
        kind = self.kinds[i]
        if kind == "off":
            return ""
        return seat_names(["human"] * i + [kind], False)[i]

    def apply_mode(self) -> None:
        """Solo has one hero seat and Hades: hide the other seat choices; empty seats have
        no name to type."""
        for i, (m, entry) in enumerate(zip(self.seat_menus, self.name_entries, strict=True)):
            shown = not (self.solo and i > 0)
            for widget in (m, entry):
                if shown:
                    widget.show()
                else:
                    widget.hide()
            if shown and self.kinds[i] == "off":
                entry.hide()
            default = self.default_name(i)
            if entry.placeholder_text != default:
                entry.placeholder_text = default
                entry.rebuild()  # pygame_gui 0.6 has no setter: a rebuild shows the new one

    def kind_from_text(self, text: str) -> str:
        for c in SEAT_CHOICES:
            if t(f"seat.choice.{c}") == text:
                return c
        return "human"

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element in self.seat_menus:
                i = self.seat_menus.index(event.ui_element)
                self.kinds[i] = self.kind_from_text(event.text)
                self.apply_mode()  # a seat turned off hides its name
            elif event.ui_element is self.mode_menu:
                for m in MODES:
                    if t(f"mode.{m}") == event.text:
                        self.mode = m
                self.apply_mode()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_start:
                self.start()
            elif event.ui_element is self.btn_back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def seat_kinds(self) -> list[str]:
        """The chosen seats (without the empty ones)."""
        if self.solo:
            return [self.kinds[0]]
        return [k for k in self.kinds if k != "off"]

    def seed(self) -> int:
        """The seed typed in, or a fresh one."""
        text = self.seed_entry.get_text().strip()
        if text.isdigit():
            return int(text[:18])
        return random.SystemRandom().randrange(1, 10**9)

    def start(self) -> None:
        """Start the game (or say what is wrong with the choices)."""
        kinds = self.seat_kinds()
        if not self.solo and len(kinds) < 2:
            self.error = t("setup.need_two")
            return
        ctl, names = start_game(self.mode, kinds, self.seed())
        typed = [clean_text(e.get_text().strip(), NAME_CHARS) for e in self.name_entries]
        seats = [0] if self.solo else [i for i, k in enumerate(self.kinds) if k != "off"]
        for seat, i in enumerate(seats):
            if typed[i]:
                names[seat] = typed[i]
        self.remember(typed)
        self.app.nav.play(GAME_ID, ctl, names)

    def remember(self, typed: list[str]) -> None:
        """Keep these choices for the next setup (a settings file that cannot be written only
        means they are not remembered)."""
        self.app.settings.last_setup[GAME_ID] = {
            "kinds": list(self.kinds),
            "mode": self.mode,
            "names": typed,
        }
        self.app.save_settings()

    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("setup.title"), seed=4)
        x = self.box.x + 40
        top = self.box.y + 90 + 22  # the middle of the first row of widgets

        def label(text: str, cy: int, left: int, room: int) -> None:
            size = FONTS.fit(text, self.px(18), room, smallest=12)
            FONTS.blit(surface, text, size, colour("text_light"), (left, cy), "midleft")

        for i in range(4):
            cy = top + i * 60
            if self.solo and i > 0:
                if i == 1:
                    st = player_style(1, automaton="hades")
                    D.shape(surface, st["shape"], (x + 10, cy), 10, st["colour"], st["dark"])
                    label(t("setup.hades"), cy, x + 30, 180)
                break
            st = player_style(i)
            D.shape(surface, st["shape"], (x + 10, cy), 10, st["colour"], st["dark"])
            label(t("setup.seat", n=i + 1, colour=t(st["name_key"])), cy, x + 30, 180)
        FONTS.blit(
            surface,
            t("setup.name"),
            min(self.px(15), 20),
            colour("text_dim"),
            (self.box.x + 584, self.box.y + 90),
            "bottomleft",
        )
        y = self.box.y + 90 + 4 * 60 + 10
        label(t("setup.mode"), y + 22, x, 210)
        label(t("setup.seed"), y + 82, x, 210)
        helptext = t(f"mode.help.{self.mode}")
        size = FONTS.fit(helptext, self.px(16), self.box.w - 80, smallest=12)
        FONTS.blit(surface, helptext, size, colour("text_dim"), (x, y + 118))
        if self.error:
            FONTS.blit(
                surface,
                self.error,
                self.px(18),
                colour("highlight"),
                (self.box.centerx, self.box.bottom - 100),
                "midtop",
                "bold",
            )

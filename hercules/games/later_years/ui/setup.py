"""New-game setup: 2-5 seats, each a human (hot-seat when several) or a bot of a level, with
names, and a seed. It starts from the choices made last time (kept in the settings, checked
on reading: a hand-edited settings file never breaks it)."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui

from hercules.app.saves.schema import clean_text
from hercules.games.later_years.engine.adapter import GAME_ID
from hercules.games.later_years.spec import SPEC, new_controller
from hercules.ui import draw as D
from hercules.ui.scene import Scene, Shell
from hercules.ui.strings import t
from hercules.ui.theme import FONTS, colour

from .words import default_name, seat_style

#: What a seat can be: a human, a bot of one of the spec's levels, or empty.
SEAT_CHOICES = ("human", *SPEC.bot_levels, "off")
SEATS = SPEC.players[1]
#: The longest name a player can type for a seat.
NAME_CHARS = 24
DEFAULT_KINDS = ["human", "normal", "normal", "off", "off"]


def remembered(doc: Any) -> tuple[list[str], list[str]]:
    """The seats and names of a remembered setup, each part checked (else the default)."""
    kinds = list(DEFAULT_KINDS)
    names = [""] * SEATS
    if not isinstance(doc, dict):
        return kinds, names
    saved = doc.get("kinds")
    if (
        isinstance(saved, list)
        and len(saved) == SEATS
        and all(isinstance(k, str) and k in SEAT_CHOICES for k in saved)
        and sum(k != "off" for k in saved) >= SPEC.players[0]
        and "off" not in saved[:2]
    ):
        kinds = list(saved)
    typed = doc.get("names")
    if isinstance(typed, list) and len(typed) == SEATS and all(isinstance(n, str) for n in typed):
        names = [clean_text(n, NAME_CHARS).strip() for n in typed]
    return kinds, names


def start_names(kinds: list[str], typed: list[str]) -> list[str]:
    """The playing seats' names: what was typed, else the seat's colour (marked if a bot)."""
    out = []
    for seat, kind in enumerate(kinds):
        name = typed[seat] if seat < len(typed) else ""
        out.append(name or default_name(seat, "human" if kind == "human" else "bot"))
    return out


class SetupScene(Scene):
    """Choose who plays: five seat rows (the first two always play), names, a seed."""

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.kinds, self.names = remembered(app.settings.last_setup.get(GAME_ID))
        self.error = ""
        self.box = pygame.Rect(0, 0, 1, 1)
        self.seat_menus: list[Any] = []
        self.name_entries: list[Any] = []

    def row_h(self) -> int:
        """The height of a seat row."""
        return max(48, round(self.px(18) * 2.6))

    def build(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        rh = self.row_h()
        self.box = pygame.Rect(0, 0, min(w - 40, 980), min(h - 30, 150 + (SEATS + 2) * rh + 70))
        self.box.center = (w // 2, h // 2)
        old = list(self.name_entries)
        if old:
            self.names = [e.get_text() for e in old]
        x = self.box.x + 260
        y = self.box.y + 90
        self.seat_menus, self.name_entries = [], []
        for i in range(SEATS):
            choices: list[str | tuple[str, str]] = [
                t(f"ly.seat.{c}") for c in SEAT_CHOICES if not (i < 2 and c == "off")
            ]
            self.seat_menus.append(
                self.add(
                    pygame_gui.elements.UIDropDownMenu(
                        choices,
                        t(f"ly.seat.{self.kinds[i]}"),
                        pygame.Rect(x, y + i * rh, 300, rh - 10),
                        ui,
                    )
                )
            )
            entry = self.add(
                pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(x + 320, y + i * rh, min(300, self.box.right - x - 340), rh - 10),
                    ui,
                    placeholder_text=self.placeholder(i),
                )
            )
            entry.set_text_length_limit(NAME_CHARS)
            if self.names[i]:
                entry.set_text(self.names[i])
            self.name_entries.append(entry)
        y += SEATS * rh + 10
        old_seed: Any = getattr(self, "seed_entry", None)
        typed = old_seed.get_text() if old_seed is not None else ""
        self.seed_entry = self.add(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x, y, 300, rh - 10), ui, placeholder_text=t("ly.setup.seed_random")
            )
        )
        self.seed_entry.set_allowed_characters("numbers")
        if typed:
            self.seed_entry.set_text(typed)
        self.btn_start = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.right - 230, self.box.bottom - 70, 200, 50),
                t("ly.setup.start"),
                ui,
            )
        )
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(self.box.x + 30, self.box.bottom - 70, 160, 50), t("setup.back"), ui
            )
        )
        self.apply_kinds()

    def placeholder(self, i: int) -> str:
        """The name seat ``i`` gets when none is typed."""
        kind = self.kinds[i]
        return "" if kind == "off" else default_name(i, "human" if kind == "human" else "bot")

    def apply_kinds(self) -> None:
        """An empty seat has no name to type; placeholders follow human or bot."""
        for i, entry in enumerate(self.name_entries):
            if self.kinds[i] == "off":
                entry.hide()
            else:
                entry.show()
            text = self.placeholder(i)
            if entry.placeholder_text != text:
                entry.placeholder_text = text
                entry.rebuild()

    def kind_from_text(self, text: str) -> str:
        """The seat choice a menu's text names."""
        return next((c for c in SEAT_CHOICES if t(f"ly.seat.{c}") == text), "human")

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
            and event.ui_element in self.seat_menus
        ):
            i = self.seat_menus.index(event.ui_element)
            self.kinds[i] = self.kind_from_text(event.text)
            self.error = ""
            self.apply_kinds()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_start:
                self.start()
            elif event.ui_element is self.btn_back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def seed(self) -> int:
        """The seed typed in, or a fresh one."""
        text = self.seed_entry.get_text().strip()
        if text.isdigit():
            return int(text[:18])
        return random.SystemRandom().randrange(1, 10**9)

    def start(self) -> None:
        """Start the game with the playing seats (the empty ones closed up)."""
        typed = [clean_text(e.get_text().strip(), NAME_CHARS) for e in self.name_entries]
        seats = [i for i, k in enumerate(self.kinds) if k != "off"]
        if len(seats) < SPEC.players[0]:
            self.error = t("ly.setup.need_two")
            return
        kinds = [self.kinds[i] for i in seats]
        names = start_names(kinds, [typed[i] for i in seats])
        self.remember(typed)
        ctl = new_controller(SPEC.variants[0], kinds, self.seed())
        self.app.nav.play(GAME_ID, ctl, names)

    def remember(self, typed: list[str]) -> None:
        """Keep these choices for the next setup."""
        self.app.settings.last_setup[GAME_ID] = {"kinds": list(self.kinds), "names": typed}
        self.app.save_settings()

    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, t("ly.setup.title"), seed=4)
        rh = self.row_h()
        x = self.box.x + 40
        top = self.box.y + 90 + (rh - 10) // 2
        for i in range(SEATS):
            st = seat_style(i)
            cy = top + i * rh
            D.shape(surface, st["shape"], (x + 10, cy), 10, st["colour"], st["dark"])
            label = t("ly.setup.seat", n=i + 1, colour=t(st["name_key"]))
            size = FONTS.fit(label, self.px(18), 190, smallest=11)
            FONTS.blit(surface, label, size, colour("text_light"), (x + 30, cy), "midleft")
        FONTS.blit(
            surface,
            t("ly.setup.name"),
            min(self.px(15), 20),
            colour("text_dim"),
            (self.box.x + 580, self.box.y + 86),
            "bottomleft",
        )
        y = self.box.y + 90 + SEATS * rh + 10
        FONTS.blit(
            surface,
            t("ly.setup.seed"),
            self.px(18),
            colour("text_light"),
            (x, y + (rh - 10) // 2),
            "midleft",
        )
        humans = sum(k == "human" for k in self.kinds)
        note = (
            t("ly.setup.hotseat")
            if humans > 1
            else t("ly.setup.solo" if humans == 1 else "ly.setup.watch")
        )
        for ln in FONTS.wrap(note, self.px(15), self.box.w - 80)[:2]:
            y += round(self.px(15) * 1.4)
            FONTS.blit(surface, ln, self.px(15), colour("text_dim"), (x, y + rh - 10))
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

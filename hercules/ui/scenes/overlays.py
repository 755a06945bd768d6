"""Dialogs any game's table can push: the pause menu, saving in a slot, confirming, choosing.

A table that uses them offers ``label``, ``say(text)`` and ``save_to(path, label)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

import pygame
import pygame_gui

from hercules.app import health, paths, saves

from .. import draw as D
from ..scene import Scene, Shell
from ..strings import language, t
from ..table import GameTable
from ..theme import FONTS, colour


def _short(name: str, limit: int = 24) -> str:
    """A name short enough for a one-line message."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


@lru_cache(maxsize=64)
def _overwrite_question(name: str, width: int, lang: str) -> str:
    # The question, with the name shortened until the heading fits ``width`` pixels.
    cut = name
    while True:
        text = t("save.overwrite", name=cut if cut == name else cut + "…")
        if len(cut) <= 1 or FONTS.text(text, 24, colour("highlight"), "bold").get_width() <= width:
            return text
        cut = cut[:-1]


class Overlay(Scene):
    """A transparent scene with a veil and a centred panel holding a title and buttons."""

    transparent = True
    width = 560
    height = 360

    def __init__(self, app: Shell, title: str | Callable[[], str]) -> None:
        """``title``: the text, or a function giving it (so that it follows the language)."""
        super().__init__(app)
        self.title = title
        self.box = pygame.Rect(0, 0, self.width, self.height)
        self.actions: dict[Any, Callable[[], None]] = {}

    def build(self) -> None:
        """Centre the panel."""
        self.box = pygame.Rect(0, 0, self.width, self.height)
        self.box.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        self.actions = {}
        self.build_widgets()

    def build_widgets(self) -> None:
        """Create buttons with :meth:`button`."""

    def button(
        self,
        rect: pygame.Rect,
        text: str,
        fn: Callable[[], None],
        enabled: bool = True,
        tip: str | None = None,
    ) -> Any:
        """A button that calls ``fn`` when pressed."""
        b = self.add(pygame_gui.elements.UIButton(rect, text, self.app.ui, tool_tip_text=tip))
        if not enabled:
            b.disable()
        self.actions[b] = fn
        return b

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons, and Esc to close."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.actions[event.ui_element]()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()

    def on_escape(self) -> None:
        """Esc closes the dialog by default."""
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Veil, panel and title."""
        D.dim(surface, (20, 14, 10, 150))
        D.panel(surface, self.box, colour("panel"), colour("gold"), 14)
        D.meander(
            surface,
            pygame.Rect(self.box.x + 16, self.box.y + 8, self.box.w - 32, 10),
            colour("gold_dark"),
            2,
        )
        heading = self.heading()
        # The title fits its panel whatever the language and text size (smaller, never cut).
        size = FONTS.fit(heading, self.px(24), self.box.w - 40, "bold", smallest=14)
        FONTS.blit(
            surface,
            heading,
            size,
            colour("highlight"),
            (self.box.centerx, self.box.y + 26),
            "midtop",
            "bold",
        )
        self.draw_body(surface)

    def heading(self) -> str:
        """The title in the current language."""
        return self.title() if callable(self.title) else self.title

    def draw_body(self, surface: pygame.Surface) -> None:
        """Anything between the title and the buttons."""


class PauseOverlay(Overlay):
    """Esc on the table: resume, save, rules, settings, leave the game."""

    height = 460

    def __init__(self, app: Shell, table: Any) -> None:
        super().__init__(app, lambda: t("pause.title"))
        self.table = table

    def build_widgets(self) -> None:
        w, h = 320, 48
        x = self.box.centerx - w // 2
        y = self.box.y + 80
        self.button(pygame.Rect(x, y, w, h), t("pause.resume"), self.app.pop)
        online = bool(getattr(self.table, "online", False))  # its server keeps the game
        self.button(
            pygame.Rect(x, y + 60, w, h),
            t("pause.save"),
            self.save,
            enabled=not online,
            tip=t("tip.online_no_save") if online else None,
        )
        self.button(pygame.Rect(x, y + 120, w, h), t("menu.rules"), self.rules)
        self.button(pygame.Rect(x, y + 180, w, h), t("menu.settings"), self.settings)
        self.button(pygame.Rect(x, y + 240, w, h), t("pause.leave"), self.leave)

    def save(self) -> None:
        self.app.push(SaveOverlay(self.app, self.table))

    def rules(self) -> None:
        self.app.nav.rules(self.table.game_id)

    def settings(self) -> None:
        self.app.nav.settings()

    def leave(self) -> None:
        """Ask before leaving, saying what becomes of the game; leaving autosaves it first."""
        self.app.push(
            ConfirmOverlay(
                self.app,
                lambda: t("confirm.leave"),
                self.leave_now,
                body=lambda: leave_words(self.table),
            )
        )

    def leave_now(self) -> None:
        """Autosave the game as it stands (what was played this turn too), then the title."""
        if leave_words_key(self.table) in ("leave.autosaved", "leave.finished"):
            self.table.save_to(None)
        self.app.nav.title()


def leave_words_key(table: Any) -> str:
    """Which words say what leaving does to ``table``'s game (a ``leave.*`` key).

    Autosaved (Continue resumes it), finished (its autosave stays, marked finished), not
    saved automatically (a replay, or a table told not to), or saving is off.
    """
    if getattr(table, "online", False):
        return "leave.online_host" if table.app.nav.hosting is not None else "leave.online"
    if not isinstance(table, GameTable) or not table.autosave:
        return "leave.not_saved"
    if health.problem(health.SAVES) is not None:
        return "leave.saving_off"
    if table.ctl.is_over:
        return "leave.finished"
    return "leave.autosaved"


def leave_words(table: Any) -> str:
    """What leaving does to ``table``'s game, in the player's language."""
    return t(leave_words_key(table))


class ConfirmOverlay(Overlay):
    """Are you sure? Yes runs ``on_yes``; No (or Esc) closes, nothing done.

    ``body`` (text, or a function giving it in the current language) says what Yes will
    do, in a few wrapped lines under the question.
    """

    height = 240

    def __init__(
        self,
        app: Shell,
        question: str | Callable[[], str],
        on_yes: Callable[[], None],
        body: str | Callable[[], str] | None = None,
    ) -> None:
        super().__init__(app, question)
        self.on_yes = on_yes
        self.body = body

    def build(self) -> None:
        """Room for the body: two lines fit the plain dialog, each further line adds one."""
        lines = len(self.body_lines())
        self.height = type(self).height + max(0, lines * self.body_step() - 2 * 26)
        super().build()

    def body_step(self) -> int:
        """The body's line height at the player's text scale."""
        return round(self.px(18) * 1.45)

    def body_lines(self) -> list[str]:
        """The body wrapped to the panel (at most five lines)."""
        text = self.body_text()
        return FONTS.wrap(text, self.px(18), self.width - 64)[:5] if text else []

    def body_text(self) -> str:
        """The body in the current language ("" without one)."""
        if self.body is None:
            return ""
        return self.body() if callable(self.body) else self.body

    def draw_body(self, surface: pygame.Surface) -> None:
        """The body's lines between the question and the buttons."""
        y = self.box.y + 76
        for line in self.body_lines():
            size = self.px(18)
            FONTS.blit(surface, line, size, colour("text_light"), (self.box.centerx, y), "midtop")
            y += self.body_step()

    def build_widgets(self) -> None:
        w, h = 180, 48
        y = self.box.bottom - 80
        self.button(pygame.Rect(self.box.centerx - w - 10, y, w, h), t("confirm.yes"), self.yes)
        self.button(pygame.Rect(self.box.centerx + 10, y, w, h), t("confirm.no"), self.app.pop)

    def yes(self) -> None:
        self.app.pop()
        self.on_yes()


class ChoiceOverlay(Overlay):
    """Pick one of several actions (e.g. two ways to perform the same labour)."""

    def __init__(
        self,
        app: Shell,
        table: Any,
        title: str | Callable[[], str],
        options: list[tuple[str, Any]],
    ) -> None:
        super().__init__(app, title)
        self.table = table
        self.options = options
        self.height = 140 + 60 * len(options)

    def build(self) -> None:
        """As wide as its longest option needs (an option may say what it earns)."""
        font = self.app.ui.get_theme().get_font(["button"])
        longest = max((font.size(text)[0] for text, _ in self.options), default=0)
        self.width = min(self.app.size[0] - 80, max(560, longest + 80))
        super().build()

    def build_widgets(self) -> None:
        w, h = self.box.w - 60, 48
        x = self.box.centerx - w // 2
        y = self.box.y + 80
        for text, action in self.options:
            self.button(pygame.Rect(x, y, w, h), text, partial(self.pick, action))
            y += 58
        self.button(pygame.Rect(x, y, w, 40), t("btn.cancel"), self.app.pop)

    def pick(self, action: Any) -> None:
        self.app.pop()
        self.table.send(action)


class SaveOverlay(Overlay):
    """Save the game in a named slot (the name is made safe for a file name)."""

    height = 300

    def __init__(self, app: Shell, table: Any) -> None:
        super().__init__(app, lambda: t("save.title"))
        self.table = table
        self.message = ""

    def build_widgets(self) -> None:
        self.entry = self.add(
            pygame_gui.elements.UITextEntryLine(
                pygame.Rect(self.box.x + 40, self.box.y + 100, self.box.w - 80, 44),
                self.app.ui,
                placeholder_text=t("save.placeholder"),
            )
        )
        self.entry.set_text_length_limit(60)
        if self.table.label:
            self.entry.set_text(self.table.label)
        y = self.box.bottom - 80
        self.button(pygame.Rect(self.box.centerx - 190, y, 180, 48), t("save.save"), self.save)
        self.button(pygame.Rect(self.box.centerx + 10, y, 180, 48), t("btn.cancel"), self.app.pop)

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()

    def save(self) -> None:
        """Write the slot (on the table's saving thread) and close.

        A name that gives no file name of its own is refused with a message; a
        name whose slot exists (whatever its case) asks before replacing it.
        """
        label = saves.clean_label(self.entry.get_text())
        if not label:
            self.message = t("save.need_name")
            return
        if not saves.usable_name(label):
            self.message = t("save.unusable_name", name=_short(label))
            return
        try:
            folder = paths.saves_dir()
            path = saves.slot_path(folder, label)
            taken = saves.slot_taken(folder, label)
        except (OSError, saves.SaveError, ValueError) as exc:
            self.message = t("msg.save_failed", why=str(exc))
            return
        if taken is None:
            self.write(path, label)
            return
        # Replace the very file that is there (a case variant of the name is the same file
        # on Windows and macOS, and must not become a second slot elsewhere).
        ask = ConfirmOverlay(
            self.app,
            lambda: _overwrite_question(taken.title, ask.width - 48, language()),
            partial(self.write, taken.path, label),
            lambda: t("save.overwrite_body"),
        )
        ask.width = 800  # room for the question with a long name, in every language
        self.app.push(ask)

    def write(self, path: Any, label: str) -> None:
        """Save the game to ``path`` under ``label`` and close the dialog."""
        self.table.label = label
        self.table.save_to(path, label)
        self.table.say(t("save.done", name=label))
        self.app.toast(t("save.done", name=label))  # seen over the pause menu it returns to
        self.app.pop()

    def draw_body(self, surface: pygame.Surface) -> None:
        if self.message:
            FONTS.blit(
                surface,
                self.message,
                18,
                colour("highlight"),
                (self.box.centerx, self.box.y + 160),
                "midtop",
            )

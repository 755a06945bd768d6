"""Saved games: the load screen, resuming a game, and Continue."""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Any

import pygame
import pygame_gui

from hercules.app import health, paths, saves
from hercules.app.registry import REGISTRY, games, rules_for

from .. import draw as D
from ..focus import Stop
from ..names import localise_name
from ..scene import Scene, Shell
from ..scroll import BAR_W, Scroller
from ..strings import has, language, t
from ..theme import FONTS, colour


class LoadScene(Scene):
    """Saves newest first (each with its game's line and date), then examples.

    Every row is listed from what its file says of itself (:class:`~hercules.app.saves.
    Listing`: no replay, so a folder of hundreds opens at once); the save the player chooses
    is checked fully then, before Open or Replay can take it, so a damaged file is marked
    the moment it is chosen and never opens as a good one.
    """

    ROW = 56

    def __init__(self, app: Shell) -> None:
        super().__init__(app)
        self.selected: saves.SaveInfo | None = None
        self.message = ""
        self.scroller = Scroller(pygame.Rect(0, 0, 1, 1), 0)
        #: Each row's two lines, by the entry they word (rows are drawn every frame; their
        #: words change only with the entry, the language or the games of the box).
        self._lines: dict[tuple[int, str, int], tuple[saves.SaveInfo, tuple[str, str]]] = {}
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder and the examples again."""
        folder = paths.saves_dir_to_read()
        if health.problem(health.SAVES) is None:
            saves.migrate_autosave(folder)  # the old single autosave gets its game's own slot
        self.listing: saves.Listing | None
        try:
            self.listing = saves.Listing(folder, rules_for)
        except OSError as exc:
            self.listing = None
            self.message = str(exc)
        off = health.problem(health.SAVES)
        if off is not None and not self.message:
            self.message = str(health.SavingOff(off))  # saves may still be read, not written
        self.shipped = saves.Listing(saves.examples_dir(), rules_for)
        self._lines.clear()
        self._follow_selection()

    @property
    def mine(self) -> list[saves.SaveInfo]:
        """The player's saves, newest first (:class:`~hercules.app.saves.Listing`)."""
        return self.listing.infos if self.listing is not None else []

    @property
    def examples(self) -> list[saves.SaveInfo]:
        """The example saves shipped with the box."""
        return self.shipped.infos

    def check_all(self) -> None:
        """Check every save of the folder and the examples now (tests, tools)."""
        for listing in (self.listing, self.shipped):
            if listing is not None:
                listing.check_all()
        self._follow_selection()

    def verify(self, item: saves.SaveInfo) -> saves.SaveInfo:
        """``item`` checked fully (a replay), as its listing now holds it."""
        if item.verified:
            return item
        for listing in (self.listing, self.shipped):
            if listing is not None and item.path in listing.entries:
                return listing.verify(item.path)
        return saves.save_info(item.path, rules_for)

    def _follow_selection(self) -> None:
        # The selected row again as it is listed now (checked since, or gone).
        if self.selected is None:
            return
        now = next((i for i in self.mine + self.examples if i.path == self.selected.path), None)
        if now is None:
            self.selected = None
        elif now is not self.selected:
            self.select(now)

    def build(self) -> None:
        w, h = self.app.size
        # Room under the list for one line of message above the buttons (at h - 90).
        self.box = pygame.Rect(60, 40, w - 120, h - 176)
        offset = self.scroller.offset
        self.scroller = Scroller(self.box.inflate(-8, -8), 0, step=self.px(self.ROW))
        self.rows()  # measures the list for the scroller
        self.scroller.scroll_to(offset)
        ui = self.app.ui
        y = h - 90
        bw = 180
        x = w // 2 - (4 * bw + 3 * 16) // 2
        self.btn_open = self.add(
            pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, 50), t("load.open"), ui)
        )
        self.btn_replay = self.add(
            pygame_gui.elements.UIButton(pygame.Rect(x + bw + 16, y, bw, 50), t("load.replay"), ui)
        )
        self.btn_delete = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x + 2 * (bw + 16), y, bw, 50), t("load.delete"), ui
            )
        )
        self.btn_back = self.add(
            pygame_gui.elements.UIButton(
                pygame.Rect(x + 3 * (bw + 16), y, bw, 50), t("setup.back"), ui
            )
        )
        self.update_buttons()

    def update_buttons(self) -> None:
        """Open and Replay for a chosen save that opens, Delete for one of the player's."""
        sel = self.selected
        if sel is not None and not sel.verified:  # set from outside: checked before it counts
            self.select(sel)
            return
        # A file changed outside the game may still be opened, once the player says so.
        good = sel is not None and (not sel.damaged or sel.edited_outside)
        mine = sel is not None and any(sel.path == i.path for i in self.mine)
        for btn, on in ((self.btn_open, good), (self.btn_replay, good), (self.btn_delete, mine)):
            if on:
                btn.enable()
            else:
                btn.disable()

    def rows(self) -> list[tuple[str, Any, pygame.Rect]]:
        """("head", title) and ("save", SaveInfo) rows with where they are drawn."""
        out: list[tuple[str, Any]] = [("head", t("load.yours"))]
        if any(i.is_autosave for i in self.mine):  # the bound on autosaves, said once
            out.append(("empty", t("load.autosave_note", n=saves.MAX_AUTOSAVES)))
        out += [("save", i) for i in self.mine] or [("empty", t("load.none"))]
        out += [("head", t("load.examples"))] + [("save", i) for i in self.examples]
        placed = []
        top = self.box.y + 16
        y = top - self.scroller.offset
        width = self.box.w - 32 - BAR_W - 8  # the scrollbar has the right edge
        for kind, item in out:
            h = self.px(40) if kind != "save" else self.px(self.ROW)
            placed.append((kind, item, pygame.Rect(self.box.x + 16, y, width, h - 4)))
            y += h
        # The list is as tall as its rows: the scrollbar and the wheel stop at its end.
        self.scroller.content_h = y + self.scroller.offset - top + 16
        self.scroller.scroll_to(self.scroller.offset)
        return placed

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.scroller.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.btn_back:
                self.app.pop()
            elif event.ui_element is self.btn_open:
                self.open(replay=False)
            elif event.ui_element is self.btn_replay:
                self.open(replay=True)
            elif event.ui_element is self.btn_delete:
                self.ask_delete()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for kind, item, rect in self.rows():
                if (
                    kind == "save"
                    and rect.collidepoint(event.pos)
                    and self.box.collidepoint(event.pos)
                ):
                    self.select(item)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_RETURN and self.selected is not None:
                self.open(replay=False)

    def select(self, item: Any) -> None:
        """Select a save of the list (a click on its row, or Enter on it): it is checked
        fully now, if it was listed from what it says of itself, and marked as found."""
        item = self.verify(item)
        self.selected = item
        self.message = ""
        if item.edited_outside:
            self.message = t("load.why.edited")
        elif item.damaged:
            self.message = refusal(item.error_kind, item.error)
        self.update_buttons()

    def focus_stops(self) -> list[Stop]:
        """The saves of the list, then the buttons."""
        listed = [
            Stop(("save", id(item)), rect, partial(self.select, item))
            for kind, item, rect in self.rows()
            if kind == "save"
        ]
        return listed + super().focus_stops()

    def focus_event(self, event: pygame.event.Event) -> bool:
        """The focus ring, the list scrolled to show the save it reaches."""
        taken = super().focus_event(event)
        here = self.focus.current(self.focus_stops()) if taken else None
        if here is not None and here.widget is None and not self.box.contains(here.rect):
            self.scroller.scroll_to(self.scroller.offset + here.rect.centery - self.box.centery)
        return taken

    def open(self, replay: bool) -> None:
        """Open the selected save on the table, or as a replay.

        A file changed outside the game (its integrity check fails, yet it replays) opens
        only after the player says so.
        """
        sel = self.selected
        if sel is not None and not sel.verified:
            self.select(sel)  # never opened on its word alone
            sel = self.selected
        if sel is None or (sel.damaged and not sel.edited_outside):
            return
        if sel.edited_outside:

            def question() -> str:
                return t("load.open_edited", name=sel.title)

            self.app.nav.confirm(
                question,
                lambda: self.open_file(sel.path, replay, True),
                lambda: t("load.open_edited_body"),
            )
            return
        self.open_file(sel.path, replay, False)

    def open_file(self, path: Any, replay: bool, trust_edits: bool) -> None:
        """Load ``path`` (trusting edits made outside the game if told) and open it."""
        try:
            loaded = saves.load_save(path, rules_for, trust_edits=trust_edits)
            if replay:
                saves.check_openable(loaded)  # the list's own check: a file it lists good opens
                self.app.nav.replay(loaded)
            else:
                self.app.nav.open_saved(loaded)  # restores the controller: the same check
        except Exception as exc:  # noqa: BLE001 - the last catch: this screen stays, with why
            # Nothing was replaced yet (scenes are built before they go on the stack), so the
            # screens underneath, a running game among them, are as they were.
            why = saves.damaged(exc, path)
            self.message = refusal(why.kind, why.reason, "load.cannot_open")
            self.refresh()

    def ask_delete(self) -> None:
        sel = self.selected
        if sel is None:
            return

        def delete() -> None:
            try:
                saves.delete_save(sel.path)
            except (OSError, saves.SaveError) as exc:
                self.message = str(exc)
            self.selected = None
            self.refresh()
            self.update_buttons()

        def question() -> str:
            return t("load.confirm_delete", name=sel.title)

        self.app.nav.confirm(question, delete, lambda: t("load.confirm_delete_body"))

    def describe(self, info: saves.SaveInfo) -> tuple[str, str]:
        """Two lines for a save: its title, and its game's line (or players / round) and date."""
        key = (id(info), language(), REGISTRY.version)
        kept = self._lines.get(key)
        if kept is not None and kept[0] is info:
            return kept[1]
        lines = self._describe(info)
        self._lines[key] = (info, lines)  # the entry is kept with its words: its id stays its own
        return lines

    def _describe(self, info: saves.SaveInfo) -> tuple[str, str]:
        title = info.title
        if info.is_autosave and not info.damaged:
            # Marked as an autosave, by its players (a named save's label is never used).
            seats = ", ".join(localise_name(n, i) for i, n in enumerate(info.names))
            title = t("load.autosave", names=seats, started=_when(info.created))
        example = f"load.example.{info.path.stem}"
        if has(example) and any(info.path == e.path for e in self.examples):
            title = t(example)  # the examples we ship have their titles in every language
        if info.edited_outside:  # refused, yet Open opens it once the player says so
            return title, t("load.edited_row")
        if info.damaged:
            return title, refusal(info.error_kind, info.error)
        m = info.meta
        names = list(info.names)
        box = games()
        spec = next((g for g in box if g.id == info.game), None)
        if spec is not None and "save_line" in spec.ui:
            # The game says what its saves are (a solo run has no leader or round).
            body = spec.ui_entry("save_line")(m, names)
        else:
            # What every game's summary holds: its seats, and the round or its end.
            state = t("load.finished") if m.get("finished") else t("round", n=m.get("round", 1))
            body = t("load.line", players=m.get("players", len(names)), state=state)
        line = f"{body} · {_when(info.updated)}"
        if len(box) > 1:  # a box of several games says which game each save is of
            line = f"{spec.name(language()) if spec is not None else info.game} · {line}"
        return title, line

    def draw(self, surface: pygame.Surface) -> None:
        D.page(surface, self.box, "", seed=9)
        clip = surface.get_clip()
        surface.set_clip(self.box.inflate(-8, -8))
        for kind, item, rect in self.rows():
            if rect.bottom < self.box.y or rect.y > self.box.bottom:
                continue
            if kind == "head":
                FONTS.blit(
                    surface,
                    item,
                    self.px(22),
                    colour("highlight"),
                    (rect.x, rect.y + 8),
                    "topleft",
                    "bold",
                )
            elif kind == "empty":
                size = FONTS.fit(item, self.px(18), rect.w - 24, smallest=12)
                FONTS.blit(surface, item, size, colour("text_dim"), (rect.x + 12, rect.y + 10))
            else:
                chosen = self.selected is not None and item.path == self.selected.path
                fill = colour("panel_light") if chosen else (70, 54, 44)
                pygame.draw.rect(surface, fill, rect, border_radius=6)
                if chosen:
                    pygame.draw.rect(surface, colour("highlight"), rect, 2, border_radius=6)
                title, line = self.describe(item)
                c = colour("text_dim") if item.damaged else colour("text_light")
                big, small = self.px(18), self.px(16)
                FONTS.blit(surface, title, big, c, (rect.x + 12, rect.y + 4), "topleft", "bold")
                FONTS.blit(
                    surface,
                    one_line(line, small, rect.w - 24),
                    small,
                    colour("highlight") if item.damaged else colour("text_dim"),
                    (rect.x + 12, rect.y + 4 + round(big * 1.35)),
                )
        surface.set_clip(clip)
        self.scroller.draw(surface)
        if self.message:
            FONTS.blit(
                surface,
                one_line(self.message[:400], 16, self.box.w),  # one line above the buttons
                16,
                colour("ink"),  # dark words: the highlight yellow does not read on the marble
                (self.app.size[0] // 2, self.box.bottom + 8),
                "midtop",
            )


def refusal(kind: str, detail: str, key: str = "load.damaged") -> str:
    """Why a save is refused, in the player's words, with the technical reason as the detail.

    ``kind`` is a :data:`~hercules.app.saves.ERROR_KINDS` value (an unknown one words as
    "damaged"); ``key`` is the sentence around it (``{why}`` and ``{detail}``): the row's
    ``load.damaged`` or the failure's ``load.cannot_open``.
    """
    worded = f"load.why.{kind}"
    why = t(worded if has(worded) else "load.why.damaged")
    return t(key, why=why, detail=detail)


def one_line(text: str, size: int, width: int) -> str:
    """``text`` cut to what fits ``width`` pixels on one line, with "…" when it was cut."""
    lines = FONTS.wrap(text, size, width)
    if len(lines) == 1:
        return text
    first = lines[0]
    while first and FONTS.font(size).size(first + "…")[0] > width:
        first = first[:-1]  # one word wider than the row: cut within it
    return first.rstrip() + "…"


def _when(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso.replace("Z", "+00:00")).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso

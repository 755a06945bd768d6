"""A game log panel any game can use: wrapped lines grouped under headers, scrolled by the player.

The game turns what happened into :class:`LogEntry` items (a header per round with each
player's dice, plain lines, and optional notes such as a bot's reasoning); :class:`LogView`
lays them out in a rectangle, scrolls with the mouse wheel over it and with a draggable
scrollbar, follows new lines while the player is at the bottom and stays put while they
read further up (then a "new lines below" tab jumps back down).

The view keeps only the scroll position and a layout cache: the entries belong to the scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from . import draw as D
from .layers import Regions
from .strings import language, t
from .theme import FONTS, Colour, colour, palette_name

#: The kinds of entries.
LINE = "line"
HEADER = "header"  #: a group's title (a round), with its dice
NOTE = "note"  #: an aside (a bot's reasoning), drawn quieter than a line


#: Where the tables keep their log panels as drawn (each table draws its log straight over
#: its unchanging layer: see :meth:`LogView.draw`). A 1920x1080 panel is about a megabyte.
TABLE_LOGS = Regions("log.panels", max_mb=6)


@dataclass(frozen=True)
class LogDice:
    """One player's dice shown in a header: the faces, in the player's colours."""

    faces: tuple[int, ...]
    body: Colour
    pip: Colour


@dataclass(frozen=True)
class LogEntry:
    """One entry of the log: its words, its kind, and the dice of a header."""

    text: str
    kind: str = LINE
    dice: tuple[LogDice, ...] = ()
    title: str = ""  #: a header's short title ("Round 9"); ``text`` says it all in words


@dataclass
class _Laid:
    """One entry laid out at a width: its wrapped lines and height."""

    entry: LogEntry
    lines: list[str]
    height: int
    dice_rows: list[list[LogDice]]


class LogView:
    """Scroll state, input and drawing of a log panel (one per scene)."""

    #: Pixels the log moves per notch of the wheel, in lines of text.
    WHEEL_LINES = 3
    BAR_W = 10
    NOTE_INDENT = 8  #: a note stands a little to the right of the lines it explains

    def __init__(self) -> None:
        self.entries: Sequence[LogEntry] = ()
        self.rect = pygame.Rect(0, 0, 0, 0)  #: the whole panel, title included
        self.size = 16  #: text size
        self.top = 0  #: scroll position: pixels of content above the view
        self.follow = True  #: stay at the bottom as lines come
        self.unread = 0  #: entries added since the player scrolled up
        self._seen = 0  #: entries there were when the player last was at the bottom
        self._drag: int | None = None  #: the grab point's offset inside the thumb while dragging
        self._laid: list[_Laid] = []
        self._laid_key: tuple[int, int] = (0, 0)
        #: The laid entries' total height, and the count it was summed over.
        self._height: tuple[int, int] = (0, 0)
        #: The entries' area as last drawn, and what it was drawn for (see :meth:`draw`).
        self._shot: pygame.Surface | None = None
        self._shot_key: tuple[object, ...] | None = None

    # --- geometry ----------------------------------------------------------------------------
    def place(self, rect: pygame.Rect, size: int) -> None:
        """Put the panel at ``rect`` with text of ``size`` pixels (on every layout change)."""
        self.rect = pygame.Rect(rect)
        self.size = size

    def set_entries(self, entries: Sequence[LogEntry]) -> None:
        """The entries to show (the scene's list; it may grow or shrink between frames)."""
        if entries is not self.entries:
            self.entries = entries
            self._laid = []
            self._height = (0, -1)

    @property
    def title_h(self) -> int:
        """The height of the panel's title strip."""
        return self.size + 14

    @property
    def view(self) -> pygame.Rect:
        """Where the entries are drawn (inside the panel, under its title, left of the bar)."""
        r = self.rect
        return pygame.Rect(
            r.x + 12, r.y + self.title_h, r.w - 24 - self.BAR_W - 4, r.h - self.title_h - 10
        )

    @property
    def track(self) -> pygame.Rect:
        """The scrollbar's track."""
        v = self.view
        return pygame.Rect(self.rect.right - 8 - self.BAR_W, v.y, self.BAR_W, v.h)

    def content_height(self) -> int:
        """The height of every entry laid out (summed again only when they changed)."""
        laid = self.layout()
        if self._height[1] != len(laid):
            self._height = (sum(x.height for x in laid), len(laid))
        return self._height[0]

    def max_top(self) -> int:
        """The furthest the log scrolls (0: it all fits)."""
        return max(0, self.content_height() - self.view.h)

    def thumb(self) -> pygame.Rect | None:
        """The scrollbar's thumb (None: everything fits, no bar)."""
        total = self.content_height()
        tr = self.track
        if total <= tr.h or tr.h <= 0:
            return None
        h = max(24, tr.h * tr.h // total)
        y = tr.y + (tr.h - h) * self.top // max(1, total - tr.h)
        return pygame.Rect(tr.x, y, tr.w, h)

    def jump_tab(self) -> pygame.Rect | None:
        """The tab back to the newest entries (None while following)."""
        if self.follow:
            return None
        v = self.view
        w = min(v.w, FONTS.font(max(12, self.size - 2), "bold").size(self.tab_text())[0] + 40)
        return pygame.Rect(v.centerx - w // 2, v.bottom - self.size - 10, w, self.size + 8)

    def tab_text(self) -> str:
        """The words on the jump tab: new lines came since the player scrolled up, or not."""
        return t("log.new_below") if self.unread else t("log.to_latest")

    # --- layout ------------------------------------------------------------------------------
    def layout(self) -> list[_Laid]:
        """The entries wrapped to the view's width (entries already laid out are reused)."""
        width = self.view.w
        key = (width, self.size)
        if key != self._laid_key:
            self._laid, self._laid_key = [], key
            self._height = (0, -1)
        laid = self._laid
        entries = self.entries
        n = len(laid)
        if n <= len(entries) and (n == 0 or laid[-1].entry is entries[n - 1]):
            # The scene's list only grows at its end or is cut back (an undo, a replay's
            # step back), and every entry logged is a new object: while the newest entry
            # laid out is still in its place, all before it are too. (This runs several
            # times a frame; walking a long game's whole log each time cost a millisecond.)
            keep = n
        else:
            # Undo and replays take entries back: drop what no longer matches.
            keep = 0
            while keep < min(n, len(entries)) and laid[keep].entry is entries[keep]:
                keep += 1
            del laid[keep:]
        if keep < len(entries):
            for e in entries[keep:]:
                laid.append(self._lay(e, width))
        if keep < n:
            self._height = (0, -1)  # cut back: summed again when asked
        return laid

    def _lay(self, e: LogEntry, width: int) -> _Laid:
        size = self.size
        line_h = size + 4
        if e.kind == HEADER:
            die = self.die_size()
            rows: list[list[LogDice]] = [[]]
            x = 0
            for d in e.dice:
                w = len(d.faces) * (die + 2) + 10
                if rows[-1] and x + w > width:
                    rows.append([])
                    x = 0
                rows[-1].append(d)
                x += w
            n = len([r for r in rows if r])
            return _Laid(e, [e.title or e.text], 8 + line_h + n * (die + 4) + 2, rows)
        if e.kind == NOTE:  # indented, so wrapped that much narrower
            lines = FONTS.wrap(e.text, self.note_size(), width - self.NOTE_INDENT, "italic")
        else:
            lines = FONTS.wrap(e.text, size, width)
        return _Laid(e, lines, len(lines) * line_h, [])

    def die_size(self) -> int:
        """The side of a die in a header."""
        return max(14, self.size + 2)

    def note_size(self) -> int:
        """The text size of a note."""
        return max(12, self.size - 2)

    # --- scrolling ---------------------------------------------------------------------------
    def sync(self) -> None:
        """Follow new entries at the bottom, or count them while the player reads above."""
        n = len(self.entries)
        if self.follow:
            self.top = self.max_top()
            self._seen = n
            self.unread = 0
        else:
            self._seen = min(self._seen, n)
            self.unread = n - self._seen
            self.top = max(0, min(self.top, self.max_top()))

    def scroll_to(self, top: int) -> None:
        """Scroll so that ``top`` pixels of content are above the view (clamped)."""
        self.sync()  # count the entries seen so far before the player leaves the bottom
        mx = self.max_top()
        self.top = max(0, min(int(top), mx))
        self.follow = self.top >= mx
        self.sync()

    def scroll_by(self, dy: int) -> None:
        """Scroll ``dy`` pixels (negative: up, towards older entries)."""
        self.sync()  # while following, the position is the bottom, wherever it last was drawn
        self.scroll_to(self.top + dy)

    def to_bottom(self) -> None:
        """Back to the newest entries, following again."""
        self.follow = True
        self.sync()

    # --- input -------------------------------------------------------------------------------
    def wheel(self, y: int, mouse: tuple[int, int]) -> bool:
        """A wheel turn of ``y`` notches (up positive) with the mouse at ``mouse``: used if over."""
        if not self.rect.collidepoint(mouse):
            return False
        self.scroll_by(-y * self.WHEEL_LINES * (self.size + 4))
        return True

    def press(self, pos: tuple[int, int]) -> bool:
        """A left press: grab the thumb, page along the track, or jump down; True if used."""
        if not self.rect.collidepoint(pos):
            return False
        tab = self.jump_tab()
        if tab is not None and tab.collidepoint(pos):
            self.to_bottom()
            return True
        thumb = self.thumb()
        if thumb is not None and self.track.inflate(8, 0).collidepoint(pos):
            if thumb.collidepoint(pos):
                self._drag = pos[1] - thumb.y
            else:  # a click on the track pages towards it
                page = self.view.h - (self.size + 4)
                self.scroll_by(page if pos[1] > thumb.centery else -page)
            return True
        return True  # a press on the log itself does nothing, but is the log's

    def motion(self, pos: tuple[int, int]) -> bool:
        """The mouse moved: drag the thumb if it is held; True if used."""
        if self._drag is None:
            return False
        thumb = self.thumb()
        if thumb is None:
            self._drag = None
            return False
        tr = self.track
        span = max(1, tr.h - thumb.h)
        k = (pos[1] - self._drag - tr.y) / span
        self.scroll_to(round(k * self.max_top()))
        return True

    def release(self) -> bool:
        """The left button came up: let go of the thumb; True if it was held."""
        held = self._drag is not None
        self._drag = None
        return held

    @property
    def dragging(self) -> bool:
        """The thumb is held."""
        return self._drag is not None

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, title: str, kept: Regions | None = None) -> None:
        """The panel, its title, the visible entries, the scrollbar and the jump tab.

        ``kept``: where a table that draws the log straight over its unchanging layer keeps
        the whole panel as drawn (see :class:`~hercules.ui.layers.Regions`): a frame that
        shows the same blits it."""
        self.sync()
        shown = self._shown()
        if kept is None:
            self._paint(surface, title, shown)
            return
        tab = self.jump_tab()
        key = (
            tuple(self.rect),
            title,
            self.size,
            self.top,
            tuple(laid.entry for laid, _ in shown),
            tuple(thumb) if (thumb := self.thumb()) is not None else None,
            self.dragging,
            (tuple(tab), self.tab_text()) if tab is not None else None,
            id(FONTS.font(self.size)),
        )
        r = self.rect
        # The panel's shadow reaches a few pixels right of and below it (draw.panel).
        box = pygame.Rect(r.x - 1, r.y, r.w + 9, r.h + 10)
        # (Kept whole, the entries' own picture would only be copied for nothing.)
        kept.draw(surface, box, key, lambda: self._paint(surface, title, shown, False))

    def _shown(self) -> list[tuple[_Laid, int]]:
        """The entries in the view at the scroll position, each with its top."""
        v = self.view
        shown: list[tuple[_Laid, int]] = []
        y = v.y - self.top
        for laid in self.layout():
            if y + laid.height < v.y:
                y += laid.height
                continue
            if y > v.bottom:
                break
            shown.append((laid, y))
            y += laid.height
        return shown

    def _paint(
        self,
        surface: pygame.Surface,
        title: str,
        shown: list[tuple[_Laid, int]],
        keep_entries: bool = True,
    ) -> None:
        r = self.rect
        D.panel(surface, r, (46, 36, 30), colour("gold_dark"), 10)
        small = max(12, self.size - 2)
        FONTS.blit(surface, title, small, colour("gold"), (r.x + 12, r.y + 8), "topleft", "bold")
        v = self.view
        old_clip = surface.get_clip()
        area = v.clip(old_clip)
        # The entries' area lies on the panel's opaque fill, so what is drawn there depends
        # only on this key: a frame that would draw the same entries at the same place blits
        # the picture kept from the last one (the same pixels) instead of drawing the text.
        key = (
            tuple(area),
            tuple(v),
            self.top,
            self.size,
            tuple(laid.entry for laid, _ in shown),
            palette_name(),
            language(),
            id(FONTS.font(self.size)),
        )
        if area.w > 0 and area.h > 0:
            if keep_entries and key == self._shot_key and self._shot is not None:
                surface.blit(self._shot, area)
            else:
                surface.set_clip(area)
                line_h = self.size + 4
                for laid, y in shown:
                    self._draw_entry(surface, laid, v.x, y, line_h)
                surface.set_clip(old_clip)
                if keep_entries:
                    self._shot = surface.subsurface(area).copy()
                    self._shot_key = key
        thumb = self.thumb()
        if thumb is not None:
            pygame.draw.rect(surface, (30, 24, 20), self.track, border_radius=4)
            held = colour("highlight") if self.dragging else colour("gold_dark")
            pygame.draw.rect(surface, held, thumb, border_radius=4)
        tab = self.jump_tab()
        if tab is not None:
            pygame.draw.rect(surface, colour("highlight"), tab, border_radius=6)
            text = FONTS.blit(
                surface, self.tab_text(), small, colour("ink"), tab.center, "center", "bold"
            )
            # A small arrow pointing down, drawn: the font has no arrow glyph.
            ax, ay, k = text.right + 10, tab.centery, max(4, small // 4)
            pygame.draw.polygon(
                surface, colour("ink"), [(ax - k, ay - k // 2), (ax + k, ay - k // 2), (ax, ay + k)]
            )

    def _draw_entry(self, surface: pygame.Surface, laid: _Laid, x: int, y: int, lh: int) -> None:
        e = laid.entry
        if e.kind == HEADER:
            y += 6
            pygame.draw.line(surface, colour("gold_dark"), (x, y - 3), (self.view.right, y - 3))
            FONTS.blit(surface, laid.lines[0], self.size, colour("gold"), (x, y), "topleft", "bold")
            y += lh
            die = self.die_size()
            for row in laid.dice_rows:
                dx = x
                for d in row:
                    for face in d.faces:
                        surface.blit(D.die_face(face, die, d.body, d.pip), (dx, y))
                        dx += die + 2
                    dx += 10
                y += die + 4
            return
        if e.kind == NOTE:
            for line in laid.lines:
                FONTS.blit(
                    surface,
                    line,
                    self.note_size(),
                    colour("text_dim"),
                    (x + self.NOTE_INDENT, y),
                    style="italic",
                )
                y += lh
            return
        for line in laid.lines:
            FONTS.blit(surface, line, self.size, colour("text_light"), (x, y))
            y += lh

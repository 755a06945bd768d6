"""Scrolling a tall page in a short view: the wheel, a scrollbar to drag or click, the keys.

A :class:`Scroller` knows only heights in pixels: the view's rectangle and how tall the
content is. The scene draws its content shifted up by ``offset`` (clipped to the view) and
asks the scroller to draw the bar. The offset never goes below 0 or past the content's end,
so the page stops where its text stops.
"""

from __future__ import annotations

import pygame

from .theme import colour

#: The bar's width in pixels, and the smallest its thumb gets.
BAR_W = 12
MIN_THUMB = 28


class Scroller:
    """The scrolling state of one view (see the module text)."""

    def __init__(self, view: pygame.Rect, content_h: int, step: int = 40) -> None:
        """``view``: where the content shows; ``step``: pixels per wheel notch or arrow key."""
        self.view = pygame.Rect(view)
        self.content_h = max(0, int(content_h))
        self.step = step
        self.offset = 0
        self._grab: int | None = None  # while dragging: the mouse's y within the thumb

    @property
    def max_offset(self) -> int:
        """The furthest the content can scroll: its last line at the view's bottom."""
        return max(0, self.content_h - self.view.h)

    @property
    def scrollable(self) -> bool:
        """True if the content is taller than the view."""
        return self.max_offset > 0

    @property
    def track(self) -> pygame.Rect:
        """The bar's groove, along the view's right edge."""
        return pygame.Rect(self.view.right - BAR_W, self.view.y, BAR_W, self.view.h)

    @property
    def thumb(self) -> pygame.Rect:
        """The part of the bar that stands for what is in view."""
        tr = self.track
        if not self.scrollable:
            return tr.copy()
        h = max(MIN_THUMB, tr.h * self.view.h // max(1, self.content_h))
        y = tr.y + (tr.h - h) * self.offset // self.max_offset
        return pygame.Rect(tr.x, y, tr.w, h)

    def scroll_to(self, offset: float) -> None:
        """Put the content's ``offset`` pixel at the view's top (kept within range)."""
        self.offset = max(0, min(self.max_offset, int(offset)))

    def scroll_by(self, pixels: float) -> None:
        """Scroll down (positive) or up (negative) by ``pixels``."""
        self.scroll_to(self.offset + pixels)

    def page(self, pages: int) -> None:
        """Scroll by whole views, less a step so that a line stays for context."""
        self.scroll_by(pages * max(self.step, self.view.h - self.step))

    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int] | None = None) -> bool:
        """Follow the wheel, drags of the thumb and clicks on the track.

        ``mouse``: where the mouse is (the scene tracks it from motion events); given, the
        wheel scrolls only over the view, so that two views on one screen scroll apart.
        True if the event was the scroller's (the scene should not act on it too).
        """
        if event.type == pygame.MOUSEWHEEL:
            if mouse is None or self.view.collidepoint(mouse):
                self.scroll_by(-event.y * self.step)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.scrollable:
            if self.thumb.collidepoint(event.pos):
                self._grab = event.pos[1] - self.thumb.y
                return True
            if self.track.collidepoint(event.pos):
                self.page(1 if event.pos[1] > self.thumb.centery else -1)
                return True
        elif event.type == pygame.MOUSEMOTION and self._grab is not None:
            tr = self.track
            room = max(1, tr.h - self.thumb.h)
            self.scroll_to((event.pos[1] - self._grab - tr.y) * self.max_offset / room)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._grab is not None:
            self._grab = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The bar (nothing when everything fits)."""
        if not self.scrollable:
            return
        pygame.draw.rect(surface, colour("marble_dark"), self.track, border_radius=BAR_W // 2)
        fill = colour("gold") if self._grab is not None else colour("gold_dark")
        pygame.draw.rect(surface, fill, self.thumb.inflate(-2, -2), border_radius=BAR_W // 2)

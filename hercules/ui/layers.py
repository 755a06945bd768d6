"""A table's unchanging layer: drawn once per window size (and palette and language), then
blitted whole each frame.

A table's marble, panels and printed labels do not change from one frame to the next, but
paving and shading them cost more than the rest of a frame. A :class:`StaticLayer` keeps the
latest picture of them only (one window-sized surface: a window resized a hundred times keeps
one, and :func:`hercules.ui.surfaces.forget_pictures` drops it with every other picture).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

from .strings import language
from .surfaces import SurfaceCache
from .theme import palette_name


class StaticLayer:
    """The latest picture of one table's unchanging layer, by what it was drawn for."""

    def __init__(self, name: str) -> None:
        # A budget of one byte keeps exactly the newest picture (a cache keeps one at least).
        self._cache = SurfaceCache(name, 1)

    def blit(
        self,
        surface: pygame.Surface,
        key: Hashable,
        draw: Callable[[pygame.Surface], None],
        holes: Sequence[pygame.Rect] = (),
    ) -> None:
        """Cover ``surface`` with the layer drawn by ``draw`` for ``key`` (the layout's rects
        and anything else the picture depends on; size, palette and language are added),
        but not inside ``holes``: where kept pictures that carry it will be blitted (see
        :func:`blit_around`)."""
        full = (surface.get_size(), palette_name(), language(), key)
        picture = self._cache.get(full)
        if picture is None:
            # The window's own pixel format, so blitting it back is a plain copy.
            picture = surface.copy()
            draw(picture)
            self._cache.put(full, picture)
        if holes:
            blit_around(surface, picture, holes)
        else:
            surface.blit(picture, (0, 0))

    def clear(self) -> None:
        """Forget the picture (the next frame draws it anew)."""
        self._cache.clear()


class Regions:
    """Pictures of small parts of a frame (a player's plaque, a card row), each drawn once for
    what it shows and blitted while that stays the same.

    A part may be kept only if its pixels depend on nothing but its ``key`` and the table's
    unchanging layer beneath it: it is drawn straight over the :class:`StaticLayer` (nothing
    that moves lies under it when it is drawn; what moves over it is drawn after). It is
    painted clipped to its rectangle. Window size, palette and language are added to the key.
    """

    def __init__(self, name: str, max_mb: float = 4) -> None:
        self._cache = SurfaceCache(name, int(max_mb * 2**20))

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        key: Hashable,
        paint: Callable[[], None],
        moving: bool = False,
    ) -> None:
        """Show the part at ``rect``: the picture kept for ``key``, or ``paint()`` it now (onto
        ``surface``) and keep what it drew.

        ``moving``: the part is animating (it changes every frame), so it is painted and not
        kept: a picture copied every frame and never shown again only costs.
        """
        self.part(surface, rect, key, moving).show(surface, paint)

    def part(
        self, surface: pygame.Surface, rect: pygame.Rect, key: Hashable, moving: bool = False
    ) -> Part:
        """The part at ``rect`` for ``key``, with its kept picture if there is one: looked up
        now and held, so that a table may leave the layer out where the picture will lie
        (:func:`blit_around`) and then :meth:`Part.show` it."""
        area = pygame.Rect(rect).clip(surface.get_clip())
        full = (surface.get_size(), palette_name(), language(), tuple(area), key)
        picture = None if moving or area.w <= 0 or area.h <= 0 else self._cache.get(full)
        return Part(self, area, full, moving, picture)

    def keep(self, full: Hashable, picture: pygame.Surface) -> None:
        """Keep ``picture`` for a part's full key (see :meth:`part`)."""
        self._cache.put(full, picture)

    def clear(self) -> None:
        """Forget every picture."""
        self._cache.clear()


@dataclass
class Part:
    """One part of a frame as :meth:`Regions.part` found it: where it lies (clipped to the
    surface), its full key, and its kept picture (None: it is painted when shown)."""

    regions: Regions
    area: pygame.Rect
    key: Hashable
    moving: bool
    picture: pygame.Surface | None

    def show(self, surface: pygame.Surface, paint: Callable[[], None]) -> None:
        """Blit the kept picture, or ``paint()`` the part (clipped to its area) and keep
        what it drew unless it is moving."""
        area = self.area
        if area.w <= 0 or area.h <= 0:
            return
        if self.picture is not None:
            surface.blit(self.picture, area)
            return
        # Painted inside the part only, so that what is kept is all that was drawn.
        clip = surface.get_clip()
        surface.set_clip(area)
        try:
            paint()
        finally:
            surface.set_clip(clip)
        if not self.moving:
            self.regions.keep(self.key, surface.subsurface(area).copy())


def uncovered(rect: pygame.Rect, holes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """``rect`` less the ``holes``, as rectangles that do not overlap (bands from top to
    bottom, each cut where a hole crosses it)."""
    cuts = [h.clip(rect) for h in holes]
    cuts = [c for c in cuts if c.w > 0 and c.h > 0]
    if not cuts:
        return [pygame.Rect(rect)]
    ys = sorted({rect.top, rect.bottom, *(c.top for c in cuts), *(c.bottom for c in cuts)})
    out: list[pygame.Rect] = []
    for top, bottom in zip(ys, ys[1:], strict=False):
        spans = sorted((c.left, c.right) for c in cuts if c.top < bottom and c.bottom > top)
        x = rect.left
        for left, right in spans:
            if left > x:
                out.append(pygame.Rect(x, top, left - x, bottom - top))
            x = max(x, right)
        if x < rect.right:
            out.append(pygame.Rect(x, top, rect.right - x, bottom - top))
    return out


def blit_around(
    surface: pygame.Surface, picture: pygame.Surface, holes: Sequence[pygame.Rect]
) -> None:
    """Blit ``picture`` (the size of ``surface``) at the origin, but not inside ``holes``:
    the places where kept pictures, which carry the layer beneath them, will be blitted.
    Copying a full-window layer is about a fifth of a frame at 1920x1080."""
    for r in uncovered(surface.get_rect(), holes):
        surface.blit(picture, r, r)

"""A line chart in the box's look: the score over the rounds (game over), over the last games
(statistics). Drawn from data each frame; the painter keeps nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from . import draw as D
from .theme import FONTS, Colour, colour

#: Called for a point: ``mark(surface, line, index, (x, y))`` (a shape, a win's dot).
Mark = Callable[[pygame.Surface, int, int, tuple[int, int]], None]
#: The words under a point on the x axis: ``label(index, last)``; "" for none.
Label = Callable[[int, int], str]

_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


def grid_step(span: float, lines: int = 6) -> int:
    """A round step for the value grid: at most ``lines`` lines over ``span``."""
    return next((s for s in _STEPS if span / s <= lines), _STEPS[-1])


def readable(c: Colour) -> Colour:
    """A colour made light enough to read on the dark panels (a navy player's line)."""
    if 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] >= 90:
        return c
    return D.mix(c, (235, 228, 214), 0.55)


def line_chart(
    surface: pygame.Surface,
    box: pygame.Rect,
    series: Sequence[Sequence[float]],
    inks: Sequence[Colour],
    *,
    title: str = "",
    label: Label | None = None,
    text: int = 15,
    small: int = 13,
    mark: Mark | None = None,
    end: Mark | None = None,
) -> pygame.Rect:
    """A panel with ``title`` and one line per series in its ink over a value grid; returns
    the plot's rectangle. ``label`` words the x axis (about eight labels, the last always),
    ``mark`` is called at every point and ``end`` at each line's last point."""
    D.panel(surface, box, colour("panel"), colour("gold"), 12)
    if title:
        fit = FONTS.fit(title, text, box.w - 32, "bold", smallest=10)
        FONTS.blit(surface, title, fit, colour("gold"), (box.x + 16, box.y + 10), "topleft", "bold")
    top = box.y + (round(text * 2.4) if title else 14)
    left = round(small * 3.4)
    plot = pygame.Rect(
        box.x + left, top, box.w - left - 22, box.bottom - top - round(small * 2.2) - 4
    )
    values = [v for s in series for v in s]
    if plot.w < 20 or plot.h < 20 or not values:
        return plot
    lo = min(0.0, min(values))
    hi = max(lo + 1, max(values))
    step = grid_step(hi - lo)
    lo = step * (lo // step)
    hi = step * -(-hi // step)  # up to a grid line, so the highest values have their figure

    def y_of(v: float) -> int:
        return plot.bottom - round(plot.h * (v - lo) / (hi - lo))

    v = lo
    while v <= hi:
        y = y_of(v)
        pygame.draw.line(surface, colour("panel_light"), (plot.x, y), (plot.right, y), 1)
        FONTS.blit(surface, f"{v:g}", small, colour("text_light"), (plot.x - 6, y), "midright")
        v += step
    last = max(len(s) for s in series) - 1

    def x_of(i: int) -> int:
        return plot.x + (plot.w * i // last if last else plot.w // 2)

    if label is not None:
        tick = max(1, last // 8)
        # Every tick-th point, and always the last (a label too close to it gives way).
        ticks = {i for i in range(0, last + 1, tick) if last - i >= tick * 0.6} | {last}
        for i in sorted(ticks):
            words = label(i, last)
            if words:
                FONTS.blit(
                    surface,
                    words,
                    small,
                    colour("text_light"),
                    (x_of(i), plot.bottom + 4),
                    "midtop",
                )
    for k, (line, ink) in enumerate(zip(series, inks, strict=False)):
        pts = [(x_of(i), y_of(val)) for i, val in enumerate(line)]
        if len(pts) >= 2:
            pygame.draw.lines(surface, readable(ink), False, pts, 3)
        for i, pt in enumerate(pts):
            if mark is not None:
                mark(surface, k, i, pt)
            elif len(pts) == 1:
                pygame.draw.circle(surface, readable(ink), pt, 5)
        if end is not None and pts:
            end(surface, k, len(pts) - 1, pts[-1])
    return plot


def best_badge(
    surface: pygame.Surface, centre: tuple[int, int], words: str, size: int
) -> pygame.Rect:
    """The "your best" marker: a gold laurel-flanked label (e.g. next to a score)."""
    pic = FONTS.text(words, size, colour("ink"), "bold")
    box = pic.get_rect(center=centre).inflate(size + 16, size // 2 + 8)
    D.panel(surface, box, colour("gold"), colour("gold_dark"), box.h // 2)
    surface.blit(pic, pic.get_rect(center=box.center))
    D.laurel(surface, (box.x - size, box.centery), size * 2 // 3, colour("laurel"))
    D.laurel(surface, (box.right + size, box.centery), size * 2 // 3, colour("laurel"))
    return box

"""Layouts at a display scale: a table is laid out in layout pixels (real pixels ÷ the
display's scale, :mod:`hercules.ui.dpi`) and its places multiplied back into real pixels,
so that it looks the same at every display scale and is drawn sharp, at real pixels."""

from __future__ import annotations

from typing import Any

import pygame


def layout_pixels(size: tuple[int, int], k: float) -> tuple[int, int]:
    """``size`` real pixels in layout pixels at display scale ``k`` (what a table is laid out
    at before :func:`scale_layout` multiplies its places back)."""
    return round(size[0] / k), round(size[1] / k)


def scale_rect(rect: pygame.Rect, k: float) -> pygame.Rect:
    """``rect`` (layout pixels) in real pixels at display scale ``k``; neighbours that touch
    still touch (each edge is rounded, not the size)."""
    if k == 1.0:
        return pygame.Rect(rect)
    left, top = round(rect.x * k), round(rect.y * k)
    return pygame.Rect(left, top, round(rect.right * k) - left, round(rect.bottom * k) - top)


def scale_places(value: Any, k: float) -> Any:
    """``value`` with every rectangle in it at display scale ``k``: a rectangle, or lists,
    tuples and dict values holding them. Everything else is kept as it is (never changed
    in place: a layout's places may sit beside the game's own objects)."""
    # Exact types only: a named tuple (a game's space, say) is a value, not a container.
    if isinstance(value, pygame.Rect):
        return scale_rect(value, k)
    if type(value) is list:
        return [scale_places(v, k) for v in value]
    if type(value) is tuple:
        return tuple(scale_places(v, k) for v in value)
    if type(value) is dict:
        return {key: scale_places(v, k) for key, v in value.items()}
    return value


def scale_layout(layout: Any, k: float, sizes: tuple[str, ...] = ()) -> None:
    """Turn a layout computed in layout pixels into real pixels at display scale ``k``: every
    rectangle among its attributes (alone or in lists, tuples, dicts), and the lengths
    named in ``sizes`` (text sizes, heights)."""
    if k == 1.0:
        return
    for name, value in vars(layout).items():
        if name in sizes:
            setattr(layout, name, round(value * k))
        else:
            setattr(layout, name, scale_places(value, k))

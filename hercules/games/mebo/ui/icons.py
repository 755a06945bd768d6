"""Small pictures of the game's printed marks, drawn with pygame's shapes (our own art).

A torch, as printed on the cards that come into play only with enough players.
"""

from __future__ import annotations

import pygame

from hercules.ui.surfaces import surface_cache
from hercules.ui.theme import colour


@surface_cache(max_mb=1)
def torch(height: int) -> pygame.Surface:
    """A lit torch ``height`` pixels tall: a wooden handle under a two-tone flame."""
    h = max(10, height)
    w = max(6, h * 11 // 20)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    cx = w / 2
    # The handle: a tapering stick with a bound head.
    top = h * 0.48
    pygame.draw.polygon(
        s,
        colour("torch_handle"),
        [
            (cx - w * 0.22, top),
            (cx + w * 0.22, top),
            (cx + w * 0.09, h - 1),
            (cx - w * 0.09, h - 1),
        ],
    )
    pygame.draw.rect(
        s,
        colour("torch_band"),
        pygame.Rect(round(cx - w * 0.26), round(top - 1), round(w * 0.52), max(2, h // 10)),
    )
    # The flame: an outer orange tongue, an inner yellow one.
    outer = [
        (cx, 0),
        (cx + w * 0.42, top * 0.55),
        (cx + w * 0.3, top),
        (cx - w * 0.3, top),
        (cx - w * 0.42, top * 0.55),
    ]
    inner = [(cx, top * 0.3), (cx + w * 0.2, top * 0.7), (cx, top - 1), (cx - w * 0.2, top * 0.7)]
    pygame.draw.polygon(s, colour("flame"), outer)
    pygame.draw.polygon(s, colour("flame_core"), inner)
    return s

"""Synthetic mouse and keyboard input for headless UI tests."""

from __future__ import annotations

import time

import pygame

DT = 1 / 60


def frames(app, n: int = 1, dt: float = DT) -> None:
    """Run ``n`` frames of the real loop (events, update, draw) with a fixed clock.

    Each frame sleeps a moment, as the real loop does while it waits for the next
    frame: without that, a bot thinking on its worker thread would rarely get the GIL.
    """
    for _ in range(n):
        app.frame(dt)
        time.sleep(0.0005)


def click(app, pos, button: int = 1, settle: int = 2) -> None:
    """Move to ``pos``, press and release a mouse button, then run a few frames."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, settle)


def click_widget(app, widget, settle: int = 2) -> None:
    """Click the centre of a pygame_gui widget."""
    click(app, widget.rect.center, settle=settle)


def key(app, k: int, settle: int = 1) -> None:
    """Press and release a key."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    frames(app, settle)

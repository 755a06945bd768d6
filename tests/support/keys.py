"""Synthetic keyboard input for headless UI tests: Tab to a focus stop, then Enter.

Nothing here posts a mouse event: a test built on it plays by keys alone.
"""

from __future__ import annotations

import pygame

from support.mouse import frames


def key(app, k: int, mod: int = 0, settle: int = 1) -> None:
    """Press and release a key (``mod``: e.g. ``pygame.KMOD_SHIFT``), then run frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(app, settle)


def focused(app):
    """The stop the top scene's keyboard focus is on (None: no ring shown)."""
    top = app.top
    return top.focus.current(top.focus_stops())


def tab_to(app, wanted, limit: int = 400):
    """Press Tab until the focus is on a stop ``wanted(stop)`` accepts; that stop."""
    here = focused(app)
    if here is not None and wanted(here):
        return here
    for _ in range(limit):
        key(app, pygame.K_TAB)
        here = focused(app)
        if here is not None and wanted(here):
            return here
    raise AssertionError(f"no focus stop as wanted on {type(app.top).__name__}")


def post_key(k: int, mod: int = 0) -> None:
    """Post a key press and release (handled at the next frame)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def focus_on(app, wanted):
    """Tab (or Shift+Tab, whichever is shorter) to the first stop ``wanted`` accepts, the
    presses handled in one frame; that stop."""
    top = app.top
    stops = top.focus_stops()
    goal = next((i for i, s in enumerate(stops) if wanted(s)), None)
    assert goal is not None, f"no focus stop as wanted on {type(top).__name__}"
    here = top.focus.current(stops)
    if here is None:
        post_key(pygame.K_TAB)
        at = 0
    else:
        at = stops.index(here)
    forward = (goal - at) % len(stops)
    back = (at - goal) % len(stops)
    for _ in range(min(forward, back)):
        post_key(pygame.K_TAB, 0 if forward <= back else pygame.KMOD_SHIFT)
    frames(app, 1)
    got = focused(app)
    assert got is not None and wanted(got), (got, goal)
    return got


def choose(app, wanted, settle: int = 4) -> None:
    """Move the focus to a stop and press Enter on it."""
    focus_on(app, wanted)
    key(app, pygame.K_RETURN, settle=settle)


def labelled(text: str):
    """A predicate: the stop whose words are ``text``."""
    return lambda stop: stop.label == text

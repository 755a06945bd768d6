"""Scenes on a stack: the top scene gets the input; transparent scenes show the one below."""

from __future__ import annotations

from typing import Any

import pygame

from .focus import (
    ACT_KEYS,
    ALL_ARROWS,
    FocusRing,
    Stop,
    close_menu,
    draw_ring,
    expanded_menu,
    handle_key,
    typing_in,
    widget_stops,
)
from .memory import release_pixels

#: The events the keyboard focus reads: keys, and a click that puts the ring away.
_FOCUS_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)


class Scene:
    """One screen or overlay. ``draw`` must not change any state."""

    transparent = False  #: draw the scene below first (overlays and dialogs)
    #: The arrow keys that move the keyboard focus (a scene that uses some itself, to
    #: scroll or step, leaves those out).
    focus_arrows: tuple[int, ...] = ALL_ARROWS

    def __init__(self, app: Any) -> None:
        """``app``: the :class:`hercules.ui.app.App` the scene lives in (its stack, window, nav)."""
        self.app = app
        self.widgets: list[Any] = []
        self.focus = FocusRing()  #: where Tab and the arrows are (see hercules.ui.focus)

    # lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        """Pushed on the stack: build widgets."""
        self.build()

    def exit(self) -> None:
        """Popped: destroy widgets."""
        self.clear_widgets()

    def pause(self) -> None:
        """Another scene was pushed on top: hide widgets so they cannot be clicked."""
        for w in self.widgets:
            w.hide()

    def resume(self) -> None:
        """The scene above was popped."""
        for w in self.widgets:
            w.show()

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""
        self.clear_widgets()
        self.build()
        if self.app.top is not self:
            self.pause()

    def relocalize(self) -> None:
        """The language changed: build the widgets (and any words kept) again."""
        self.resize(self.app.size)

    # to override ----------------------------------------------------------------------------
    def build(self) -> None:
        """Create the pygame_gui widgets for the current window size."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """An input event pygame_gui did not consume, or a widget's event."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (no state changes here)."""

    # keyboard focus ---------------------------------------------------------------------------
    def focus_stops(self) -> list[Stop]:
        """What the keyboard focus visits, in order: the scene's widgets by default; a scene
        with things of its own to click adds them."""
        return widget_stops(self.widgets, self.app.ui)

    def focus_event(self, event: pygame.event.Event) -> bool:
        """Tab, arrows, Enter and Space for the focus ring (and Esc closing an open
        drop-down); True if the event was taken. The app asks before anything else."""
        guide = self.guide()
        if guide is not None and guide.intercept(self, event):
            return True  # a guided game's step refused it, or its callout took it
        if event.type not in _FOCUS_EVENTS:
            return False  # mouse motion and the rest: nothing for the ring (every frame)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            menu = expanded_menu(self.widgets)
            if menu is not None:
                close_menu(menu)
                return True
        if event.type == pygame.KEYDOWN and event.key in ACT_KEYS and self.hurry():
            return True
        typing = typing_in(self.app.ui)
        taken = handle_key(self.focus, event, self.ring_stops, self.focus_arrows, typing)
        if taken and event.type == pygame.KEYDOWN and event.key not in (pygame.K_RETURN,):
            here = self.focus.current(self.ring_stops())
            entry = here.widget if here is not None else None
            if entry is not None and hasattr(entry, "set_text"):
                self.app.ui.set_focus_set(entry)  # a text box focused takes the typing
            elif typing:
                self.app.ui.set_focus_set(None)
        return taken

    def hurry(self) -> bool:
        """Enter or Space: hurry what is moving instead of acting (tables); True if it did."""
        return False

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A guided game's veil and words, then the focus ring, over everything the scene and
        its widgets drew."""
        guide = self.guide()
        if guide is not None:
            guide.draw(surface, self)
        here = self.focus.current(self.ring_stops()) if self.focus.visible else None
        if here is not None:
            draw_ring(surface, here.rect)

    def ring_stops(self) -> list[Stop]:
        """The stops the ring visits now: :meth:`focus_stops`, narrowed by a guided game's
        step to its target and its own buttons."""
        stops = self.focus_stops()
        guide = self.guide()
        return guide.stops(self, stops) if guide is not None else stops

    def guide(self) -> Any:
        """The guided game coaching the app (:class:`hercules.ui.tutorial.Coach`), or None.

        The app asks the top scene first for every event (:meth:`focus_event`) and lets it
        draw last (:meth:`draw_focus`): that is where a guided game watches and points."""
        return getattr(getattr(self.app, "nav", None), "tutorial", None)

    # helpers --------------------------------------------------------------------------------
    def px(self, size: float) -> int:
        """A font size (or a text-bound length) at the player's text scale, in real pixels
        (the display's scale included: see :attr:`hercules.ui.app.App.text_scale`)."""
        return max(8, round(size * float(self.app.text_scale)))

    def add(self, widget: Any) -> Any:
        """Remember a widget so that it is hidden, shown and destroyed with the scene."""
        self.widgets.append(widget)
        return widget

    def clear_widgets(self) -> None:
        """Destroy this scene's widgets."""
        for w in self.widgets:
            w.kill()
            release_pixels(w)  # its pictures go now, not at the next full collection
        self.widgets = []


class SceneStack:
    """The stack of scenes with their lifecycle calls."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Pause the top scene and enter ``scene``."""
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Exit the top scene and resume the one below."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Exit every scene and enter ``scene`` alone."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(start, 0) :]

"""Scenes on a stack: the top scene gets the input; transparent scenes show the one below."""

from __future__ import annotations

from typing import Any

import pygame

from .memory import release_pixels


class Scene:
    """One screen or overlay. ``draw`` must not change any state."""

    transparent = False  #: draw the scene below first (overlays and dialogs)

    def __init__(self, app: Any) -> None:
        """``app``: the :class:`hercules.ui.app.App` the scene lives in (its stack, window, nav)."""
        self.app = app
        self.widgets: list[Any] = []

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

    # helpers --------------------------------------------------------------------------------
    def px(self, size: float) -> int:
        """A font size (or a text-bound length) at the player's text scale."""
        return max(8, round(size * float(self.app.settings.ui_scale)))

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

"""Scenes on a stack: the top scene gets the input; transparent scenes show the one below.

Also the shell as its scenes see it: :class:`Shell`, what a scene (a table, a dialog, a
game's setup) may ask of the app it lives in, with :class:`Navigation` (``app.nav``) and
:class:`Guide` (a guided game's coach). They are protocols, here beside :class:`Scene`,
because the app (:class:`hercules.ui.app.App`) and the navigator
(:class:`hercules.ui.nav.Navigator`) import every scene: a scene typed against them would
close an import circle. The app meets them (mypy checks it where the app hands itself to
its navigator).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame
import pygame_gui

from hercules.app.controller import GameController, Record
from hercules.app.saves import LoadedGame
from hercules.app.settings import Settings
from hercules.app.statistics import Added

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
from .memory import MemoryKeeper, release_pixels
from .sound import Sound

#: The events the keyboard focus reads: keys, and a click that puts the ring away.
_FOCUS_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)


class Scene:
    """One screen or overlay. ``draw`` must not change any state."""

    transparent = False  #: draw the scene below first (overlays and dialogs)
    #: The arrow keys that move the keyboard focus (a scene that uses some itself, to
    #: scroll or step, leaves those out).
    focus_arrows: tuple[int, ...] = ALL_ARROWS

    def __init__(self, app: Shell) -> None:
        """``app``: the :class:`hercules.ui.app.App` the scene lives in (its stack, window, nav)."""
        self.app: Shell = app
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

    def intercept(self, event: pygame.event.Event) -> bool:
        """Take an event before :meth:`handle_event` (a shell part every table has, such as
        the chat line online); True if it was taken."""
        return False

    def draw_after(self, surface: pygame.Surface) -> None:
        """Draw over the scene once it is drawn (a table's connection line online)."""

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

    def guide(self) -> Guide | None:
        """The guided game coaching the app (:class:`hercules.ui.tutorial.Coach`), or None.

        The app asks the top scene first for every event (:meth:`focus_event`) and lets it
        draw last (:meth:`draw_focus`): that is where a guided game watches and points."""
        # Kept lenient, as it always was: a stand-in app without a navigator has no guide.
        coach: Guide | None = getattr(getattr(self.app, "nav", None), "tutorial", None)
        return coach

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


class Guide(Protocol):
    """A guided game watching the app's top scene (:class:`hercules.ui.tutorial.Coach`)."""

    def intercept(self, scene: Scene, event: pygame.event.Event) -> bool:
        """Before ``scene`` sees ``event``: True if the guide took it (or refused it)."""
        ...

    def stops(self, scene: Scene, stops: list[Stop]) -> list[Stop]:
        """The keyboard focus's ``stops`` on ``scene``, narrowed to what the guide lets through."""
        ...

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        """The guide's veil and words over ``scene`` (drawn last)."""
        ...


class Navigation(Protocol):
    """Where a scene may go (``app.nav``, :class:`hercules.ui.nav.Navigator`): scenes never
    import one another, they ask for a screen by what it is."""

    @property
    def tutorial(self) -> Guide | None:
        """The guided game being played, if any."""
        ...

    def title(self) -> None:
        """Back to the title screen, alone on the stack."""
        ...

    def settings(self) -> None:
        """The settings screen over the current one."""
        ...

    def load(self) -> None:
        """The load screen over the current one."""
        ...

    def statistics(self) -> None:
        """The statistics of the profile in use, over the current screen."""
        ...

    def profiles(self) -> None:
        """Choose or make a profile, over the current screen."""
        ...

    def confirm(
        self,
        question: str | Callable[[], str],
        on_yes: Callable[[], None],
        body: str | Callable[[], str] | None = None,
    ) -> None:
        """Ask a yes/no question over the current screen; ``body`` says what Yes will do."""
        ...

    def new_game(self) -> None:
        """Choose a game of the box for a new game (straight to its setup when there is one)."""
        ...

    def rules(self, game_id: str | None = None) -> None:
        """A game's rules (None: the box's only game, or a choice of the games)."""
        ...

    def learn(self) -> None:
        """Choose a game with a guided game (straight to it when one has)."""
        ...

    def tutorial_game(self, game_id: str) -> Guide | None:
        """Replace everything with a game's guided game; its coach, or None (not readable)."""
        ...

    def end_tutorial(self, coach: Guide) -> None:
        """The guided game ``coach`` is over (the player plays on alone, or left it)."""
        ...

    def first_launch(self) -> None:
        """At the very first launch, offer the guided game once (over the title)."""
        ...

    def setup(self, game_id: str) -> None:
        """A game's setup over the current screen."""
        ...

    def restart(self, game_id: str) -> None:
        """A game is over: its setup for another one, with the title underneath."""
        ...

    def online(self, invite: str = "") -> None:
        """Host or join a table, over the current screen."""
        ...

    def lobby(self, session: Any, server: Any) -> None:
        """A table's lobby in place of everything (``server``: the one this app hosts)."""
        ...

    def play_online(self, ctl: Any) -> Scene:
        """The game's own table, played through the server."""
        ...

    def play(
        self,
        game_id: str,
        controller: GameController,
        names: Sequence[str],
        *,
        created: str | None = None,
        label: str = "",
        history: Sequence[Record] = (),
    ) -> Scene:
        """Replace everything with a game's table (``history`` fills a resumed game's log)."""
        ...

    def outcome(self, controller: GameController | None) -> Added | None:
        """What recording this finished game in the statistics did (None: not recorded)."""
        ...

    def open_saved(self, loaded: LoadedGame) -> Scene:
        """Resume a loaded game on its table (raises ``SaveError`` when it cannot)."""
        ...

    def replay(self, loaded: LoadedGame) -> None:
        """Watch a loaded game again, over the current screen."""
        ...

    def continue_latest(self) -> str | None:
        """Resume the most recently played unfinished game; a problem to say, or None."""
        ...

    def has_continue(self) -> bool:
        """True if there is a game to continue."""
        ...


class Shell(Protocol):
    """The app as its scenes see it (:class:`hercules.ui.app.App`): the stack, the window,
    the widgets' manager, the settings and sound, and where to go next."""

    #: The player's settings in use (a profile switch puts another in).
    settings: Settings

    @property
    def nav(self) -> Navigation:
        """The one place that knows which scene opens which."""
        ...

    @property
    def ui(self) -> pygame_gui.UIManager:
        """The pygame_gui manager the scenes' widgets belong to (a new one at a text size)."""
        ...

    @property
    def stack(self) -> SceneStack:
        """The scenes, bottom first."""
        ...

    @property
    def top(self) -> Scene | None:
        """The scene that receives input."""
        ...

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes are laid out at, in real pixels."""
        ...

    @property
    def display_scale(self) -> float:
        """Real pixels per layout pixel (1.5 at 150 % display scaling)."""
        ...

    @property
    def text_scale(self) -> float:
        """The scale text is drawn at: the player's *Text size* times the display's scale."""
        ...

    @property
    def windowed_size(self) -> tuple[int, int]:
        """The window's size when not fullscreen, in real pixels."""
        ...

    @property
    def sound(self) -> Sound:
        """The effects and the theme."""
        ...

    @property
    def memory(self) -> MemoryKeeper:
        """Frees what closed scenes held (told when much became garbage)."""
        ...

    @property
    def persist(self) -> bool:
        """True if settings and profiles are written to the player's files."""
        ...

    def push(self, scene: Scene) -> None:
        """Show ``scene`` over the current one."""
        ...

    def pop(self) -> None:
        """Close the top scene."""
        ...

    def replace(self, scene: Scene) -> None:
        """Make ``scene`` the only scene."""
        ...

    def toast(self, text: str, seconds: float = ...) -> None:
        """Say ``text`` for a moment over whatever is on screen."""
        ...

    def notify(self, words: Callable[[], str]) -> None:
        """Tell the player something once (the title shows it); ``words()`` gives the text."""
        ...

    def take_notices(self) -> list[Callable[[], str]]:
        """The notices not shown yet; they are not given again."""
        ...

    def save_settings(self) -> str | None:
        """Write the settings if the app persists them; returns a problem, or None."""
        ...

    def set_language(self, lang: str) -> str:
        """Speak ``lang`` from now on (every scene builds its words again); the language set."""
        ...

    def set_text_scale(self, scale: float) -> None:
        """Draw every text at ``scale`` (1.5 = 150 %) from now on; every scene is rebuilt."""
        ...

    def min_window(self) -> tuple[int, int]:
        """The smallest window, in real pixels."""
        ...

    def resize(self, size: tuple[int, int]) -> None:
        """Lay every scene out again for a window of ``size`` real pixels."""
        ...

    def toggle_fullscreen(self) -> None:
        """Borderless fullscreen over the desktop, or back to the last window size."""
        ...

    def to_layout(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with its mouse position in layout pixels (the scenes' coordinates)."""
        ...

    def quit(self) -> None:
        """Leave the frame loop (the box closes)."""
        ...

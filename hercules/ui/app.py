"""The application: window, pygame_gui manager, scene stack and the frame loop."""

from __future__ import annotations

import math
import os
import sys
import time
import traceback
import unicodedata
import warnings
from collections import deque
from collections.abc import Callable

import pygame
import pygame_gui

from hercules.app import health
from hercules.app.crash import CrashReport, install_log_tail, write_report
from hercules.app.settings import MIN_WINDOW, Settings, save_settings

from . import dpi, strings
from . import draw as D
from .draw import clear_text_caches
from .memory import (
    MemoryKeeper,
    compact_theme_ids,
    freeze_startup_objects,
    limit_shape_cache,
    tune_allocator,
)
from .nav import Navigator
from .scene import Scene, SceneStack
from .sound import Sound
from .surfaces import forget_pictures
from .table import GameTable
from .theme import FONTS, colour, gui_theme, set_palette, window_icon

#: The smallest size the scenes are laid out for, in layout pixels (real pixels ÷ the
#: display scale). A smaller window (a 1366x768 laptop, or 1920x1080 at 150 % display
#: scaling, less the taskbar) shows that layout scaled down to fit (:func:`layout_size`);
#: the window itself may go down to ``MIN_WINDOW`` (× the display scale).
MIN_SIZE = (1280, 720)
#: How long a passing message (:meth:`App.toast`) stays on screen.
TOAST_SECONDS = 2.5
#: The first window, in layout pixels (× the display scale, fitted to the desktop).
DEFAULT_SIZE = (1600, 900)
#: A second crash this soon after the first (seconds) is a loop: the app gives up (see
#: :meth:`App.crashed`).
CRASH_REPEAT_S = 2.0


class App:
    """Owns the window and runs the scenes."""

    def __init__(
        self,
        size: tuple[int, int] | None = DEFAULT_SIZE,
        settings: Settings | None = None,
        persist: bool = False,
        display_scale: float | None = None,
    ):
        """Open the window, of ``size`` real pixels (None: :data:`DEFAULT_SIZE` at the display
        scale, fitted to the desktop). ``persist``: write settings changes to the user's
        settings file. ``display_scale``: real pixels per layout pixel (None: detected, see
        :mod:`hercules.ui.dpi`)."""
        self.t0 = time.perf_counter()
        self.persist = persist
        install_log_tail()  # a crash report carries the last lines the box logged
        #: When the last frame crashed (``time.monotonic``), and the report it left.
        self.last_crash: float | None = None
        self.last_report: CrashReport | None = None
        tune_allocator()  # before the first window-sized surface (see hercules.ui.memory)
        #: Frees what closed scenes held (pygame_gui widgets are cycles: see hercules.ui.memory).
        self.memory = MemoryKeeper()
        dpi.make_dpi_aware()  # before SDL's video starts: Windows must not stretch the window
        #: Real pixels per layout pixel (1.5 at 150 % display scaling): text is drawn at
        #: ``ui_scale`` times this, at real pixels, and laid out in real pixels ÷ this.
        self.display_scale, scale_problem = dpi.detect(display_scale)
        if scale_problem:
            print(f"hercules: {scale_problem}", file=sys.stderr)
        pygame.init()
        FONTS.reset()
        pygame.display.set_caption("Hercules")
        icon = window_icon()
        if icon is not None:
            pygame.display.set_icon(icon)  # before the window opens, as SDL prefers
        if size is None:  # the first start: the default size at the display's scale
            size = dpi.fit_window(self.scaled(DEFAULT_SIZE), _desktop())
        least = self.min_window()
        size = (max(size[0], least[0]), max(size[1], least[1]))
        self.windowed_size = size
        #: The window's own surface; scenes draw on :attr:`screen`, which is this surface
        #: or, for a window smaller than ``MIN_SIZE``, a canvas scaled onto it (`present`).
        self.display = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = self.display
        #: Canvas pixels per window pixel, across and down (1.0 unless scaled).
        self.scale = (1.0, 1.0)
        try:
            window().minimum_size = least
        except (AttributeError, pygame.error):
            pass  # a driver without windows: resize() enforces the minimum instead
        if display_scale is None and self.display_scale == 1.0:
            # A Retina or high-DPI Wayland window: its drawable has more pixels than its size.
            ratio = dpi.drawable_ratio(pygame.display.get_window_size(), self.display.get_size())
            self.display_scale = min(dpi.HIGHEST, ratio)
        self._fit(self.display.get_size())
        #: The size the scenes were last laid out at (a change drops the old pictures).
        self.laid_out = self.size
        self.settings = settings or Settings()
        set_palette(self.settings.palette)
        self.settings.language = strings.set_language(self.settings.language)
        health.set_words(strings.t)  # storage problems are told in the player's language
        #: What the player must be told once (start-up problems), worded when shown.
        self.notices: list[Callable[[], str]] = []
        #: Effects and the theme; a mixer that cannot open is told once and the box is silent.
        self.sound = Sound(self.settings, self.notify, threaded=True)
        if self.sound.open():
            self.sound.start_theme()
        clear_text_caches()
        self.ui = self.new_ui_manager(self.size)
        self.ui.mouse_pos_scale_factor = list(self.scale)
        self.stack = SceneStack()
        #: The one place that knows which scene opens which. (Handing it ``self``, typed as the
        #: scenes' :class:`~hercules.ui.scene.Shell`, is where mypy checks the app meets it.)
        self.nav = Navigator(self)
        self.clock = pygame.time.Clock()
        self.running = True
        # The last ten minutes of frame times at 60 FPS: a long evening must not grow it.
        self.frame_times: deque[float] = deque(maxlen=36_000)
        self.first_frame_s: float | None = None
        self.busy_shown = 0  #: how many times :meth:`busy` was shown (tests read it)
        self.toast_text = ""  #: the passing message (see :meth:`toast`)
        self.toast_left = 0.0  #: seconds it stays
        freeze_startup_objects()

    # scenes ---------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """The scene that receives input."""
        return self.stack.top

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes are laid out at: the window's, or the canvas scaled onto a
        window smaller than ``MIN_SIZE``."""
        return self.screen.get_size()

    def push(self, scene: Scene) -> None:
        """Show ``scene`` over the current one."""
        self.stack.push(scene)
        self.memory.note_garbage()  # the scene below rebuilt nothing, but hid its widgets

    def pop(self) -> None:
        """Close the top scene."""
        self.stack.pop()
        self.memory.note_garbage()

    def replace(self, scene: Scene) -> None:
        """Make ``scene`` the only scene."""
        self.stack.replace(scene)
        self.memory.note_garbage()

    def notify(self, words: Callable[[], str]) -> None:
        """Tell the player something once (the title shows it); ``words()`` gives the text."""
        self.notices.append(words)

    def take_notices(self) -> list[Callable[[], str]]:
        """The notices not shown yet; they are not given again."""
        taken, self.notices = self.notices, []
        return taken

    def save_settings(self) -> str | None:
        """Write the settings if this app persists them; returns a problem, or None."""
        if not self.persist:
            return None
        try:
            save_settings(self.settings)
        except OSError as exc:
            return str(exc)
        return None

    def set_language(self, lang: str) -> str:
        """Speak ``lang`` from now on (unknown: English): every scene builds its text again.

        Cached card faces are dropped, and each scene on the stack rebuilds its
        widgets and words (the table re-describes its log). The choice goes into
        the settings; :meth:`save_settings` makes it last. Returns the language set.
        """
        lang = strings.set_language(lang)
        self.settings.language = lang
        self.busy(strings.t("busy.language"))  # the rebuild can take more than a blink
        clear_text_caches()
        for scene in list(self.stack.scenes):
            scene.relocalize()
        self.memory.note_garbage()
        return lang

    def new_ui_manager(self, size: tuple[int, int]) -> pygame_gui.UIManager:
        """A widget manager whose theme's text is at the player's scale."""
        ui = pygame_gui.UIManager(size, gui_theme(self.text_scale), enable_live_theme_updates=False)
        compact_theme_ids(ui.get_theme())  # its memo's keys grow to megabytes otherwise
        limit_shape_cache(ui.get_theme())  # its sheets of drawn shapes are never given back
        return ui

    @property
    def text_scale(self) -> float:
        """The scale text is drawn at, in real pixels: the player's *Text size* (relative to
        the display, as browsers' zoom is) times the display's scale."""
        return float(self.settings.ui_scale) * self.display_scale

    def scaled(self, size: tuple[int, int]) -> tuple[int, int]:
        """``size`` in layout pixels at 100 % as real pixels at the display's scale."""
        return (round(size[0] * self.display_scale), round(size[1] * self.display_scale))

    def min_window(self) -> tuple[int, int]:
        """The smallest window: ``MIN_WINDOW`` at the display's scale, but never more than the
        desktop holds."""
        least = self.scaled(MIN_WINDOW)
        desk = _desktop()
        if desk is not None:
            room = (max(MIN_WINDOW[0], desk[0]), max(MIN_WINDOW[1], desk[1]))
            least = (min(least[0], room[0]), min(least[1], room[1]))
        return least

    def set_text_scale(self, scale: float) -> None:
        """Draw every text at ``scale`` (1.5 = 150 %) from now on: widgets get a manager whose
        theme has the new font sizes and every scene is laid out again."""
        self.settings.ui_scale = scale
        for scene in self.stack.scenes:
            scene.clear_widgets()  # from the old manager, before it goes
        self.ui = self.new_ui_manager(self.size)
        clear_text_caches()
        self.resize(self.size)

    def busy(self, text: str) -> None:
        """Show at once, over whatever is on screen, that something is being done (a small
        panel with ``text``), before work that holds up the next frame."""
        w, h = self.size
        size = max(16, round(20 * self.text_scale))
        pic = FONTS.text(text, size, colour("text_light"), "bold")
        box = pic.get_rect(center=(w // 2, h // 2)).inflate(*self.scaled((48, 32)))
        D.panel(self.screen, box, colour("panel"), colour("gold"), 10)
        self.screen.blit(pic, pic.get_rect(center=box.center))
        self.present()
        self.busy_shown += 1

    def quit(self) -> None:
        """Leave the frame loop."""
        self.running = False

    # window ---------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Lay every scene out again for a new window size (below ``MIN_SIZE``, the layout
        at the smallest size of the window's shape, scaled to fit)."""
        if self.settings.fullscreen:
            size = self.display.get_size()  # the desktop's: the screen mode is never changed
        else:
            least = self.min_window()
            size = (max(size[0], least[0]), max(size[1], least[1]))
            self.windowed_size = size
            self.settings.window_size = size
            if pygame.display.get_window_size() != size or self.display.get_size() != size:
                self.display = pygame.display.set_mode(size, pygame.RESIZABLE)
            size = self.display.get_size()  # real pixels: more than the window's on Retina
        self._fit(size)
        if self.size != self.laid_out:
            # Pictures drawn for the old layout size are not used again unless it comes
            # back; they go now, so a session of resizes holds one size's pictures, not the
            # caches' whole budgets.
            forget_pictures()
            self.laid_out = self.size
        self.ui.set_window_resolution(self.size)
        self.ui.mouse_pos_scale_factor = list(self.scale)  # pygame_gui maps the mouse itself
        for scene in self.stack.scenes:
            scene.resize(self.size)
        self.memory.note_garbage()  # every scene's widgets were built anew

    def _fit(self, size: tuple[int, int]) -> None:
        """Point :attr:`screen` at the window, or at a canvas of the layout's size."""
        logical = layout_size(size, self.display_scale)
        if logical == size:
            self.screen = self.display
        elif self.screen is self.display or self.screen.get_size() != logical:
            self.screen = pygame.Surface(logical).convert(self.display)
        self.scale = (logical[0] / size[0], logical[1] / size[1])

    def present(self) -> None:
        """Show what was drawn: the canvas scaled to the window when there is one."""
        if self.screen is not self.display:
            pygame.transform.smoothscale(self.screen, self.display.get_size(), self.display)
        pygame.display.flip()

    def to_layout(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with its mouse position in layout pixels (scenes' coordinates)."""
        if self.scale == (1.0, 1.0) or event.type not in _POINTED:
            return event
        x, y = event.pos
        pos = (
            min(int(x * self.scale[0]), self.size[0] - 1),
            min(int(y * self.scale[1]), self.size[1] - 1),
        )
        return pygame.event.Event(event.type, {**event.dict, "pos": pos})

    def toggle_fullscreen(self) -> None:
        """F11: borderless fullscreen over the whole desktop (the screen's mode is never
        changed, so other windows and the desktop keep theirs), or back to the last window
        size."""
        self.settings.fullscreen = not self.settings.fullscreen
        win = window()
        if self.settings.fullscreen:
            win.set_fullscreen(desktop=True)
        else:
            win.set_windowed()
            win.size = self.windowed_size
        surface = pygame.display.get_surface()
        self.display = surface if surface is not None else pygame.display.set_mode(win.size)
        self.resize(self.display.get_size())

    # the loop -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, then pygame_gui, then the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        self.sound.hear(event)
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.TEXTINPUT:
            text = visible_text(event.text)
            if not text:
                return  # only invisible characters: a text box would fail to draw them
            if text != event.text:
                event = pygame.event.Event(pygame.TEXTINPUT, text=text)
        if self.top is not None and self.top.focus_event(event):
            return  # Tab, arrows, Enter on the keyboard focus (before a text box takes Tab)
        if self.ui.process_events(event):  # in window pixels: pygame_gui scales them itself
            return  # a widget took it: board clicks never fall through buttons
        top = self.top
        if top is not None and not top.intercept(event):
            top.handle_event(self.to_layout(event))

    def frame(self, dt: float) -> None:
        """One frame: events, update, draw."""
        start = time.perf_counter()
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        self.tick(dt)
        self.draw()
        self.present()
        self.memory.tick()
        self.frame_times.append(time.perf_counter() - start)
        if self.first_frame_s is None:
            self.first_frame_s = time.perf_counter() - self.t0

    def tick(self, dt: float) -> None:
        """Advance the visible scenes (the table animates under a dialog) and pygame_gui."""
        for scene in self.stack.visible():
            if scene in self.stack.scenes:  # an update may have closed a scene above
                scene.update(dt)
        self.ui.update(dt)
        if self.toast_left > 0:
            self.toast_left = max(0.0, self.toast_left - dt)

    def draw(self) -> None:
        """Draw the visible scenes, the widgets, and a passing message over everything."""
        for scene in self.stack.visible():
            scene.draw(self.screen)
            scene.draw_after(self.screen)
        self.ui.draw_ui(self.screen)
        if self.top is not None:
            self.top.draw_focus(self.screen)
        if self.toast_left > 0 and self.toast_text:
            self.draw_toast(self.screen)

    def toast(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        """Say ``text`` for a moment over whatever is on screen, dialogs included (e.g. "Saved"):
        where the player is looking, whichever scene is on top."""
        self.toast_text = text
        self.toast_left = seconds

    def draw_toast(self, surface: pygame.Surface) -> None:
        """The passing message: a small panel near the bottom of the window."""
        w, h = surface.get_size()
        size = max(16, round(20 * self.text_scale))
        pic = FONTS.text(self.toast_text, size, colour("highlight"), "bold")
        lift = round(40 * self.display_scale)
        box = pic.get_rect(midbottom=(w // 2, h - lift)).inflate(*self.scaled((40, 24)))
        D.panel(surface, box, colour("panel"), colour("gold"), 10)
        surface.blit(pic, pic.get_rect(center=box.center))

    def run(self, max_frames: int | None = None, fps: int = 60) -> None:
        """The frame loop; ``max_frames`` bounds it for tests and tools. An error in a frame
        is reported and the player taken back to the title (:meth:`crashed`)."""
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            dt = self.clock.tick(fps) / 1000.0
            try:
                self.frame(min(dt, 0.1))
            except Exception as error:  # noqa: BLE001 - reported, then the box plays on
                self.crashed(error)
            frames += 1

    def crashed(self, error: Exception) -> CrashReport | None:
        """An error no scene caught: save the running game, write a crash report, show the
        traceback on standard error, and go back to the title saying where the report is.

        A second crash within :data:`CRASH_REPEAT_S` (the title itself failing, say) is
        raised again after its report: a loop of crashes must end, with the error shown.
        """
        now = time.monotonic()
        again = self.last_crash is not None and now - self.last_crash < CRASH_REPEAT_S
        self.last_crash = now
        document, saved = self._rescue_game()
        about = {
            "pygame-ce": pygame.version.ver,
            "SDL": ".".join(map(str, pygame.get_sdl_version())),
            "pygame_gui": getattr(pygame_gui, "__version__", "?"),
            "window": "x".join(map(str, self.size)),
            "scenes": " / ".join(type(scene).__name__ for scene in self.stack.scenes),
        }
        report = self.last_report = write_report(error, document, about)
        traceback.print_exception(error, file=sys.stderr)
        if report is not None:
            print(f"hercules: crash report written to {report.path}", file=sys.stderr)
        if again:
            raise error
        if not self._leave_scenes():
            self.stack.scenes.clear()
        self.nav.title()
        path = str(report.path) if report is not None else ""

        def words() -> str:
            said = strings.t("crash.reported", path=path) if path else strings.t("crash.unwritten")
            return f"{said} {strings.t('crash.saved')}" if saved else said

        self.notify(words)
        return report

    def _rescue_game(self) -> tuple[dict[str, object] | None, bool]:
        """Autosave the game being played (the topmost table's): its document, and whether
        the autosave was written."""
        for scene in reversed(self.stack.scenes):
            if not isinstance(scene, GameTable):
                continue
            saver = scene.saver
            saved = False
            try:
                saver.save()  # its autosave: Continue resumes the game from here
                saver.wait()
                saved = saver.take_failure() is None
            except Exception:  # noqa: BLE001 - saving off or failing: the report still goes
                pass
            try:
                return saver.document(), saved
            except Exception:  # noqa: BLE001 - a game that cannot be written is left out
                return None, saved
        return None, False

    def _leave_scenes(self) -> bool:
        """Close every scene as leaving would (tables stop bots, finish saves); False if one
        of them failed too (the stack is then dropped as it is)."""
        try:
            while self.stack.scenes:
                self.stack.pop()
            return True
        except Exception:  # noqa: BLE001 - the scene that crashed may fail to close
            return False

    def close(self) -> None:
        """Release scenes and pygame."""
        while self.stack.scenes:
            self.stack.pop()
        self.sound.close()
        pygame.quit()


#: Unicode categories of characters that draw nothing on their own (controls, format marks such
#: as U+200B or U+202E, surrogates, private and unassigned code points, combining marks, line and
#: paragraph separators): pygame_gui's text boxes fail on text of zero width.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me", "Zl", "Zp"})


_POINTED = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def layout_size(window: tuple[int, int], display_scale: float = 1.0) -> tuple[int, int]:
    """The size (real pixels) scenes are drawn at for a window of ``window`` real pixels: the
    window's own when it is at least ``MIN_SIZE`` layout pixels (× ``display_scale``), else
    the smallest size of the window's shape that is (drawn there and scaled down to the
    window)."""
    w, h = window
    least = (round(MIN_SIZE[0] * display_scale), round(MIN_SIZE[1] * display_scale))
    if w >= least[0] and h >= least[1]:
        return window
    grow = max(least[0] / w, least[1] / h)
    return (max(least[0], math.ceil(w * grow)), max(least[1], math.ceil(h * grow)))


def _desktop() -> tuple[int, int] | None:
    """The first desktop's size in real pixels, or None when SDL does not know it."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return sizes[0] if sizes else None


def window() -> pygame.Window:
    """The app's window (pygame-ce's :class:`pygame.Window` of the display module)."""
    get = getattr(pygame.display, "get_window", None)
    if get is not None:  # newer pygame-ce
        found: pygame.Window = get()
        return found
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the only way in pygame-ce 2.5
        return pygame.Window.from_display_module()


def visible_text(text: str) -> str:
    """``text`` without the characters that draw nothing (typed or pasted into a text box)."""
    return "".join(ch for ch in text if unicodedata.category(ch) not in _INVISIBLE)


def headless() -> None:
    """Use SDL's dummy drivers (tests, screenshots, benchmarks)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

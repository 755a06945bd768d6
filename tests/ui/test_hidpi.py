"""HiDPI (issue 15): the display's scale is found, or given and checked, and at the smallest
supported logical sizes (1366x768 and 1280x720 at 100 %, 1920x1080 at 150 %, 2560x1440 at
200 %) the title, settings, load screen and a table of each game keep every control apart,
inside the window, with its words fitting."""

from __future__ import annotations

import ctypes
import os
import sys
from itertools import combinations
from types import SimpleNamespace

import pygame
import pygame_gui
import pytest
from support.mouse import frames

from hercules import cli
from hercules.app.registry import get_game
from hercules.app.settings import Settings
from hercules.ui import dpi
from hercules.ui.app import App, layout_size
from hercules.ui.density import scale_rect
from hercules.ui.strings import set_language

#: (window in real pixels, display scale): the smallest of each kind the box supports.
HIDPI = [((1366, 768), 1.0), ((1280, 720), 1.0), ((1920, 1080), 1.5), ((2560, 1440), 2.0)]
IDS = ["1366x768", "1280x720", "1920x1080@150", "2560x1440@200"]


# --- the scale ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"), [("1.5", 1.5), ("150%", 1.5), (" 200 % ", 2.0), ("1", 1.0), ("3", 3.0)]
)
def test_a_display_scale_is_a_number_or_a_percentage(text, value):
    assert dpi.parse_scale(text) == value


@pytest.mark.parametrize("text", ["", "abc", "0", "0.5", "4", "nan", "inf", "-2", "150%%", "1,5"])
def test_a_bad_display_scale_is_refused_saying_what_is_allowed(text):
    with pytest.raises(ValueError, match="display scale must be 1-3"):
        dpi.parse_scale(text)


def test_a_bad_environment_scale_is_told_and_1_used(capsys):
    assert dpi.detect(environ={dpi.ENV: "huge"}) == (
        1.0,
        f"{dpi.ENV}: display scale must be 1-3 (1.5 = 150 %) or 100%-300%, not 'huge'; using 1",
    )
    app = None
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv(dpi.ENV, "0")
            app = App((1280, 720), Settings())
        assert app.display_scale == 1.0
        assert "HERCULES_DISPLAY_SCALE: display scale must be" in capsys.readouterr().err
    finally:
        if app is not None:
            app.close()


def test_the_override_comes_first_then_the_environment_then_the_desktop():
    env = {dpi.ENV: "125%", "GDK_SCALE": "2"}
    assert dpi.detect(1.75, env) == (1.75, "")
    assert dpi.detect(None, env) == (1.25, "")
    assert dpi.detect(None, {"GDK_SCALE": "2"}) == (2.0, "")
    assert dpi.detect(None, {"GDK_SCALE": "x"}) == (1.0, "")
    assert dpi.detect(None, {}) == (1.0, "")


def test_the_command_line_takes_a_display_scale_and_refuses_a_bad_one(capsys):
    assert cli.build_parser().parse_args(["--display-scale", "150%"]).display_scale == 1.5
    assert cli.build_parser().parse_args([]).display_scale is None
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["--display-scale", "9"])
    assert "display scale must be 1-3" in capsys.readouterr().err


def _windows(monkeypatch, shcore, user32):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(shcore=shcore, user32=user32), False)
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)


def test_windows_is_told_the_box_is_dpi_aware_and_its_dpi_read(monkeypatch):
    calls = []
    shcore = SimpleNamespace(SetProcessDpiAwareness=lambda v: calls.append(v) or 0)
    user32 = SimpleNamespace(GetDpiForSystem=lambda: 144)
    _windows(monkeypatch, shcore, user32)
    assert dpi.make_dpi_aware() and calls == [dpi.PER_MONITOR_AWARE]
    assert dpi.windows_scale() == 1.5
    assert dpi.detect(None, {}) == (1.5, "")
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"


def test_an_old_windows_falls_back_to_the_older_call_and_to_1(monkeypatch):
    called = []
    user32 = SimpleNamespace(SetProcessDPIAware=lambda: called.append(1) or 1)
    _windows(monkeypatch, SimpleNamespace(), user32)  # no SetProcessDpiAwareness, no DPI call
    assert dpi.make_dpi_aware() and called == [1]
    assert dpi.windows_scale() == 1.0


def test_elsewhere_windows_calls_are_not_made(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    assert not dpi.make_dpi_aware()
    assert dpi.windows_scale() == 1.0


def test_a_drawable_larger_than_its_window_gives_the_ratio():
    assert dpi.drawable_ratio((1280, 800), (2560, 1600)) == 2.0
    assert dpi.drawable_ratio((1280, 800), (1280, 800)) == 1.0
    assert dpi.drawable_ratio((0, 0), (10, 10)) == 1.0


def test_the_first_window_fits_the_desktop_keeping_its_shape():
    assert dpi.fit_window((2400, 1350), (1920, 1080)) == (1728, 972)
    assert dpi.fit_window((1600, 900), (2560, 1440)) == (1600, 900)
    assert dpi.fit_window((1600, 900), None) == (1600, 900)


def test_layout_sizes_count_in_layout_pixels():
    assert layout_size((1920, 1080), 1.5) == (1920, 1080)  # 1280x720 layout pixels
    assert layout_size((2560, 1440), 2.0) == (2560, 1440)
    assert layout_size((1920, 975), 1.5) == (2127, 1080)  # less the taskbar: scaled down
    assert layout_size((1366, 768), 1.0) == (1366, 768)


def test_the_app_renders_at_real_pixels_with_text_at_both_scales():
    app = App((2560, 1440), Settings(ui_scale=1.25), display_scale=2.0)
    try:
        assert app.size == (2560, 1440) and app.screen is app.display  # no stretched canvas
        assert app.text_scale == 2.5
        assert app.settings.ui_scale == 1.25  # the player's choice is kept as it was
        app.nav.title()
        frames(app, 1)
        button = next(w for w in app.top.widgets if isinstance(w, pygame_gui.elements.UIButton))
        assert button.font.size("Hg")[1] > 2 * 20  # the theme's 16 px, at 250 %
    finally:
        app.close()


def test_a_first_start_opens_the_default_window_at_the_display_scale_fitted(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2880, 1800)])
    app = App(None, Settings(), display_scale=1.5)
    try:
        assert app.display.get_size() == (2400, 1350)  # 1600x900 at 150 %
        assert app.min_window() == (1200, 675)
    finally:
        app.close()


# --- the layouts at the smallest sizes ----------------------------------------------------------
def _widgets(scene) -> list[pygame_gui.core.UIElement]:
    kinds = (
        pygame_gui.elements.UIButton,
        pygame_gui.elements.UIDropDownMenu,
        pygame_gui.elements.UITextEntryLine,
        pygame_gui.elements.UILabel,
    )
    return [w for w in scene.widgets if w.visible and isinstance(w, kinds)]


def check_apart(rects: list[tuple[str, pygame.Rect]], screen: pygame.Rect, where: str) -> None:
    for name, r in rects:
        assert screen.contains(r), f"{where}: {name} {r} leaves the window {screen.size}"
    for (a, ra), (b, rb) in combinations(rects, 2):
        assert not ra.colliderect(rb), f"{where}: {a} {ra} overlaps {b} {rb}"


def check_widgets(app: App, where: str, scene=None) -> None:
    found = _widgets(scene or app.top)
    assert found, where
    for w in found:
        text = getattr(w, "text", "")
        if isinstance(w, pygame_gui.elements.UIButton | pygame_gui.elements.UILabel) and text:
            width, high = w.font.size(text)
            assert width <= w.rect.w - 4, f"{where}: {text!r} ({width} px) does not fit {w.rect}"
            assert high <= w.rect.h, f"{where}: {text!r} ({high} px high) is cut by {w.rect}"
    check_apart([(repr(w), w.rect) for w in found], pygame.Rect((0, 0), app.size), where)


def _app(size, scale, lang="en") -> App:
    settings = Settings(animation_speed=0.0, bot_delay=0.0, language=lang)
    return App(size, settings, display_scale=scale)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize(("size", "scale"), HIDPI, ids=IDS)
def test_title_settings_and_load_keep_their_controls_apart(size, scale, lang):
    app = _app(size, scale, lang)
    try:
        app.nav.title()
        frames(app, 1)
        check_widgets(app, "title")
        for open_scene, name in ((app.nav.settings, "settings"), (app.nav.load, "load")):
            open_scene()
            frames(app, 1)
            check_widgets(app, name)
            app.pop()
            frames(app, 1)
    finally:
        app.close()
        set_language("en")


def _table(app: App, game_id: str):
    spec = get_game(game_id)
    kinds = ["human", *[spec.bot_levels[0]] * (spec.players[1] - 1)]
    ctl = spec.new_controller(spec.variants[0], kinds, 5)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    return app.nav.play(game_id, ctl, names)


def _drawn_places(table) -> list[tuple[str, pygame.Rect]]:
    """The table's own drawn regions, which must not overlap (from its layout)."""
    L = table.layout
    if hasattr(L, "panels"):  # MEBO
        return [
            ("god row", L.god_row),
            ("board", L.board),
            ("stacks", L.stacks_area),
            ("sidebar", L.sidebar),
            *[(f"panel {i}", r) for i, r in enumerate(L.panels)],
        ]
    if hasattr(L, "plaques"):  # Later Years
        return [
            ("title", L.title),
            ("board", L.board),
            ("stage", L.stage),
            ("hand", L.hand),
            *[(f"plaque {i}", r) for i, r in enumerate(L.plaques)],
            ("prompt", L.prompt),
            ("buttons", L.buttons),
            ("log", L.log_box),
        ]
    return [  # Labors
        ("title", L.title),
        ("board", L.board),
        ("tray", L.tray),
        *[(f"card {s.card}", s.rect) for s in L.cards],
        ("status", L.status),
        ("mood", L.mood),
        ("prompt", L.prompt),
        ("buttons", L.buttons),
        ("log", L.log_box),
    ]


@pytest.mark.parametrize("game_id", ["hercules", "labors", "later_years"])
@pytest.mark.parametrize(("size", "scale"), HIDPI, ids=IDS)
def test_each_game_s_table_keeps_its_controls_apart(size, scale, game_id):
    app = _app(size, scale)
    try:
        table = _table(app, game_id)
        frames(app, 2)
        while app.top is not table:  # the Labors legend greets a new labour
            app.pop()
        frames(app, 1)
        if hasattr(table, "dismiss_recap"):
            table.dismiss_recap()
        where = f"{game_id} at {size} x{scale}"
        check_widgets(app, where)
        screen = pygame.Rect((0, 0), app.size)
        check_apart(_drawn_places(table), screen, where)
        # The table looks as it does at 1280x720 / 100 %: the same places, multiplied.
        if scale != 1.0:
            small = _app((1280, 720), 1.0)
            try:
                ref = _table(small, game_id)
                for (name, r), (_, r1) in zip(
                    _drawn_places(table), _drawn_places(ref), strict=True
                ):
                    want = scale_rect(r1, scale)
                    assert abs(r.w - want.w) <= 3 * scale and abs(r.h - want.h) <= 3 * scale, (
                        f"{where}: {name} {r} is not {r1} at x{scale}"
                    )
            finally:
                small.close()
    finally:
        app.close()

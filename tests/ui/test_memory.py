"""Memory given back: dead widgets freed when a scene closes, theme memo keys kept small."""

from __future__ import annotations

import gc
import weakref

import pygame
import pygame_gui
import pytest

from hercules.app.registry import games, get_game
from hercules.games._kit import memo
from hercules.games.mebo.ui import art
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.ui import memory, surfaces
from hercules.ui.memory import MAX_INTERVAL, MIN_INTERVAL, TRIM_INTERVAL, MemoryKeeper
from hercules.ui.theme import FONTS, gui_theme


def test_the_keeper_collects_only_when_garbage_was_noted_and_not_twice_within_a_second():
    keeper = MemoryKeeper()
    start = keeper.last
    assert not keeper.tick(start + MIN_INTERVAL * 2)  # nothing noted: nothing to do
    keeper.note_garbage()
    assert not keeper.tick(start + MIN_INTERVAL / 2)  # too soon after the last
    assert keeper.tick(start + MIN_INTERVAL * 2)
    assert keeper.collections == 1 and not keeper.due
    keeper.note_garbage()
    assert not keeper.tick(start + MIN_INTERVAL * 2.5)  # a resize storm: at most once a second
    assert keeper.tick(start + MIN_INTERVAL * 3.5)
    assert keeper.collections == 2


def test_the_keeper_collects_now_and_then_even_when_nothing_was_noted():
    keeper = MemoryKeeper()
    assert keeper.tick(keeper.last + MAX_INTERVAL + 1)
    assert keeper.collections == 1


def test_the_keeper_trims_the_heap_between_collections_but_not_every_frame(monkeypatch):
    trims: list[int] = []
    monkeypatch.setattr(memory, "trim_heap", lambda: trims.append(1) or True)
    keeper = MemoryKeeper()
    start = keeper.last
    assert not keeper.tick(start + TRIM_INTERVAL / 2)  # too soon: nothing at all
    assert trims == []
    assert not keeper.tick(start + TRIM_INTERVAL * 1.5)  # no collection, but a trim
    assert trims == [1] and keeper.trims == 1 and keeper.collections == 0
    assert not keeper.tick(start + TRIM_INTERVAL * 2)  # the next trim waits its interval
    assert keeper.trims == 1
    keeper.note_garbage()
    assert keeper.tick(start + TRIM_INTERVAL * 3)  # a collection trims too, and resets the wait
    assert len(trims) == 2 and keeper.trims == 1
    assert not keeper.tick(start + TRIM_INTERVAL * 3.5)
    assert len(trims) == 2


def test_a_closed_scene_s_widgets_are_freed_by_the_app_s_next_collection(app):
    app.nav.title()
    app.frame(1 / 60)
    app.nav.settings()
    app.frame(1 / 60)
    widgets = [weakref.ref(w) for w in app.top.widgets]
    assert widgets
    gc.disable()  # only the app's own collection may free them
    try:
        app.pop()
        assert app.memory.due
        app.memory.last -= MIN_INTERVAL  # as if a second had passed since the last
        app.frame(1 / 60)
        assert not app.memory.due
        assert all(ref() is None for ref in widgets)
    finally:
        gc.enable()


def test_push_pop_replace_and_resize_each_mark_a_collection_due(app):
    app.nav.title()
    for step in (
        app.nav.settings,
        app.pop,
        app.nav.title,
        lambda: app.resize((1300, 740)),
    ):
        app.memory.due = False
        step()
        assert app.memory.due, step


def _nested_widgets(ui: pygame_gui.UIManager) -> list[tuple[str, ...]]:
    """A drop-down opened inside a panel (the deepest nesting the scenes use): every
    widget's theming ids, sorted; the widgets are killed again afterwards."""
    panel = pygame_gui.elements.UIPanel(pygame.Rect(0, 0, 600, 400), manager=ui)
    menu = pygame_gui.elements.UIDropDownMenu(
        [f"option {i}" for i in range(8)],
        "option 0",
        pygame.Rect(10, 10, 300, 40),
        ui,
        container=panel,
    )
    menu.current_state.finish()
    menu.current_state = menu.menu_states["expanded"]
    menu.current_state.start()
    ui.update(0.01)
    ids = sorted(tuple(e.combined_element_ids) for e in ui.get_sprite_group().sprites())
    menu.kill()
    panel.kill()
    return ids


def test_theme_ids_are_the_same_with_compact_keys_and_the_memo_stays_small():
    pygame.init()
    pygame.display.set_mode((800, 600))
    plain = pygame_gui.UIManager((800, 600), gui_theme())
    compact = pygame_gui.UIManager((800, 600), gui_theme())
    memory.compact_theme_ids(compact.get_theme())
    expected = _nested_widgets(plain)
    assert max(len(k) for k in plain.get_theme().unique_theming_ids) > 10_000  # the bug
    for _ in range(3):  # built again and again, as a resized scene does
        assert _nested_widgets(compact) == expected
    assert sum(len(k) for k in compact.get_theme().unique_theming_ids) < 10_000


def test_allocator_calls_do_nothing_harmful_where_there_is_no_glibc():
    # Whatever the platform, they answer whether they acted and never raise.
    assert isinstance(memory.tune_allocator(), bool)
    assert isinstance(memory.trim_heap(), bool)


def test_start_up_objects_are_frozen_once_per_process(app):
    # The app froze what was alive when it opened; a second app does not freeze again.
    assert gc.get_freeze_count() > 0
    assert not memory.freeze_startup_objects()


def test_pygame_gui_keeps_one_sheet_of_drawn_shapes(app):
    cache = app.ui.get_theme().shape_cache
    assert len(cache.cache_surfaces) == 1
    cache._expand_lt_cache()  # what a full sheet would ask for
    assert len(cache.cache_surfaces) == 1 and cache.low_on_space  # it forgets instead
    cache.update()  # and its own clean-up runs
    assert len(cache.cache_surfaces) == 1


def test_leaving_a_table_frees_its_pictures(app):
    ctl, names = start_game("standard", ["human", "easy"], seed=2)
    app.push(TableScene(app, ctl, names))
    app.frame(1 / 60)
    assert art._card_face.cache.bytes > 0  # the table drew its cards
    app.nav.title()
    assert art._card_face.cache.bytes == 0 and art.emblem.cache.bytes == 0
    assert app.memory.due


def _open_table(app, game_id: str):
    spec = get_game(game_id)
    kinds = ["human", *[spec.bot_levels[0]] * (spec.players[1] - 1)]
    ctl = spec.new_controller(spec.variants[0], kinds, 5)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    return app.nav.play(game_id, ctl, names)


def _pictures() -> dict[int, pygame.Surface]:
    """The surfaces every picture cache holds, by identity (held here: no id is reused)."""
    return {id(s): s for c in surfaces._ALL if c.pictures for s, _ in c._items.values()}


def _picture_bytes() -> int:
    return sum(c.bytes for c in surfaces._ALL if c.pictures)


@pytest.mark.parametrize("game_id", [spec.id for spec in games()])
def test_every_game_s_table_frees_the_box_s_pictures_when_left(app, game_id):
    _open_table(app, game_id)
    for _ in range(3):
        app.frame(1 / 60)
    assert _picture_bytes() > 0  # the table drew marble, panels, cards or dice
    text = FONTS._text.bytes
    app.nav.title()
    assert _picture_bytes() == 0
    assert FONTS._text.bytes == text  # words are for every scene: kept
    assert app.memory.due


@pytest.mark.parametrize("game_id", ["hercules", "labors", "later_years"])
def test_leaving_a_table_forgets_its_games_table_memos(app, game_id):
    # The game's engine and bots fill memos keyed by positions as it is played (kept for the
    # session, they rose through an hour's soak); the table lets them go when it closes.
    spec = get_game(game_id)
    package = ".".join(type(spec.rules).__module__.split(".")[:3])  # hercules.games.<its own>
    # Bots only, the game playing itself, at a level that decides on the frame's thread: a
    # bot thinking on the worker when the table closes may put one decision's worth back.
    level = next(lv for lv in spec.bot_levels if not spec.make_bot(lv).threaded)
    kinds = [level] * spec.players[1]
    ctl = spec.new_controller(spec.variants[0], kinds, 5)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    app.nav.play(game_id, ctl, names)
    for _ in range(400):
        app.frame(1 / 60)
        if memo.held(package) > 0 and len(ctl.history) > 8:
            break
    assert memo.held(package) > 0  # its moves filled them
    app.nav.title()
    assert memo.held(package) == 0


@pytest.mark.parametrize("game_id", [spec.id for spec in games()])
def test_a_new_window_size_drops_the_pictures_of_the_old_one(app, game_id):
    _open_table(app, game_id)
    for _ in range(3):
        app.frame(1 / 60)
    before = _pictures()
    assert before
    app.resize(app.size)  # the same size: every picture is still of use
    assert _pictures().keys() == before.keys()
    app.resize((1280, 720))
    app.frame(1 / 60)  # the table draws what it needs at the new size...
    after = _pictures()
    assert after and not after.keys() & before.keys()  # ...and keeps none of the old ones


def _widget_pixels(widgets) -> int:
    """Bytes of every surface reachable from pygame_gui parts of ``widgets`` (not shared)."""
    total = 0
    seen: set[int] = set()
    todo = list(widgets)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or not hasattr(obj, "__dict__"):
            continue
        seen.add(id(obj))
        for value in vars(obj).values():
            items = (
                value.values()
                if isinstance(value, dict)
                else (value if isinstance(value, (list, tuple)) else (value,))
            )
            for item in items:
                if isinstance(item, pygame.Surface):
                    total += item.get_width() * item.get_height() * item.get_bytesize()
                elif memory._is_own(item):
                    todo.append(item)
    return total


def test_a_rebuilt_scene_s_old_widgets_hold_no_pictures_even_before_a_collection(app):
    app.nav.settings()
    app.frame(1 / 60)
    old = list(app.top.widgets)
    before = _widget_pixels(old)
    assert before > 100_000  # buttons, sliders and drop-downs drawn at the window's size
    gc.disable()  # the old widgets are cycles: without a collection only their pixels go
    try:
        app.resize((1600, 900))
        assert all(not w.alive() for w in old)
        assert _widget_pixels(old) <= 4 * len(old) * 64  # a shared pixel per picture at most
        app.frame(1 / 60)  # the new widgets draw, the scene carries on
        assert app.top.widgets and all(w.alive() for w in app.top.widgets)
    finally:
        gc.enable()


def test_releasing_a_dead_widget_leaves_the_manager_theme_and_live_widgets_alone(app):
    app.nav.settings()
    app.frame(1 / 60)
    live, dead = app.top.widgets[0], app.top.widgets[1]
    live_pixels = _widget_pixels([live])
    theme = app.ui.get_theme()
    sheets = list(getattr(theme.shape_cache, "cache_surfaces", []))
    dead.kill()
    freed = memory.release_pixels(dead)
    assert freed > 0
    assert _widget_pixels([live]) == live_pixels
    assert list(getattr(theme.shape_cache, "cache_surfaces", [])) == sheets
    app.frame(1 / 60)  # drawing goes on with the manager and live widgets untouched

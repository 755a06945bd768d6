"""Picture caches are bounded by bytes: a window resized many times never piles up slabs."""

from __future__ import annotations

from importlib import resources

import pygame

from hercules.ui import draw
from hercules.ui.surfaces import MB, SurfaceCache, cache_report, surface_bytes, surface_cache
from hercules.ui.theme import FONTS, TEXT_BYTES, theme_data


def test_a_cache_forgets_the_least_recently_used_once_its_bytes_are_spent():
    cache = SurfaceCache("test", max_bytes=3 * 100 * 100 * 4)
    for i in range(3):
        cache.put(i, pygame.Surface((100, 100), pygame.SRCALPHA))
    assert len(cache) == 3 and cache.bytes == 3 * 40_000
    assert cache.get(0) is not None  # 0 is now the most recently used
    cache.put(3, pygame.Surface((100, 100), pygame.SRCALPHA))
    assert cache.get(1) is None and cache.get(0) is not None and len(cache) == 3
    assert cache.bytes <= cache.max_bytes
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_one_picture_larger_than_the_budget_is_still_kept_alone():
    cache = SurfaceCache("tiny", max_bytes=10)
    big = pygame.Surface((50, 50))
    assert cache.put("big", big) is big and cache.get("big") is big and len(cache) == 1


def test_a_decorated_drawing_is_drawn_once_per_arguments():
    calls = []

    @surface_cache(max_mb=1)
    def square(size: int) -> pygame.Surface:
        calls.append(size)
        return pygame.Surface((size, size))

    assert square(10) is square(10)
    assert calls == [10]
    square.cache_clear()
    square(10)
    assert calls == [10, 10]


def test_marble_pages_for_a_hundred_window_sizes_keep_only_tiles(app):
    draw.marble.cache_clear()
    for i in range(100):
        page = pygame.Surface((1280 + 7 * i, 720 + 3 * i))
        draw.pave_marble(page, seed=3)
        draw.veil((300 + 7 * i, 200 + 3 * i), (20, 14, 10, 150))  # a window is dimmed in place
    assert len(draw.marble.cache) == 1  # one tile, whatever the window's size
    assert draw.marble.cache.bytes <= draw.marble.cache.max_bytes
    assert draw.veil.cache.bytes <= draw.veil.cache.max_bytes
    assert sum(cache_report().values()) < 200  # every picture cache together, in MB


def test_a_marble_tile_repeats_without_a_seam():
    tile = draw.marble((draw.TILE, draw.TILE), seed=4)
    page = pygame.Surface((draw.TILE * 2, draw.TILE))
    draw.pave_marble(page, seed=4)

    # Across the joint the colours change no more than they do inside a tile.
    def step(x: int) -> int:
        def jump(y: int) -> int:
            left, right = page.get_at((x, y)), page.get_at((x + 1, y))
            return sum(abs(left[c] - right[c]) for c in range(3))

        return max(jump(y) for y in range(0, draw.TILE, 4))

    inside = max(step(x) for x in range(100, 140))
    assert step(draw.TILE - 1) <= max(inside, 30)
    assert page.get_at((draw.TILE + 5, 9)) == tile.get_at((5, 9))


def test_text_and_fonts_stay_bounded_however_many_sizes_are_asked_for(app):
    for size in range(8, 200):
        FONTS.text(f"Labour {size} " * 4, size, (10, 10, 10))
        FONTS.text("Title", size, (10, 10, 10), style="bold")
    assert len(FONTS._fonts) <= 2  # one font object per style, whatever the sizes
    assert FONTS._text.bytes <= TEXT_BYTES
    assert surface_bytes(FONTS.text("x", 20, (0, 0, 0))) > 0
    assert TEXT_BYTES <= 32 * MB


def test_a_resized_font_renders_exactly_what_a_font_opened_at_that_size_renders(app):
    FONTS.font(11)  # the shared object starts at another size
    shared = FONTS.font(23).render("Héracles 12", True, (0, 0, 0))
    path = resources.files("pygame_gui.data").joinpath(theme_data()["fonts"]["body"])
    with resources.as_file(path) as real:
        opened = pygame.font.Font(str(real), 23).render("Héracles 12", True, (0, 0, 0))
    assert shared.get_size() == opened.get_size()
    assert pygame.image.tobytes(shared, "RGBA") == pygame.image.tobytes(opened, "RGBA")


def test_dimming_a_window_in_place_looks_like_laying_a_veil_over_it():
    size = (64, 48)
    base = draw.marble(size, seed=5)
    by_veil = base.copy()
    by_veil.blit(draw.veil(size, (20, 14, 10, 150)), (0, 0))
    in_place = base.copy()
    draw.dim(in_place, (20, 14, 10, 150))
    worst = max(
        abs(a - b)
        for x in range(size[0])
        for y in range(size[1])
        for a, b in zip(by_veil.get_at((x, y))[:3], in_place.get_at((x, y))[:3], strict=True)
    )
    assert worst <= 2
    assert in_place.get_at((0, 0))[:3] != base.get_at((0, 0))[:3]  # it did dim


def test_a_large_panel_s_shadow_is_shaded_in_place_like_the_cached_picture(app):
    rect = pygame.Rect(20, 20, 400, 300)
    in_place = pygame.Surface((460, 360))
    in_place.fill((200, 190, 170))
    by_picture = in_place.copy()
    before = draw._shadow.cache.bytes
    draw.panel(in_place, rect, (60, 40, 30), (200, 160, 60), 10)
    assert draw._shadow.cache.bytes == before  # no picture was made for it
    by_picture.blit(draw._shadow(rect.w, rect.h, 10), (rect.x - 1, rect.y + 2))
    for point in ((rect.right + 1, rect.centery), (rect.centerx, rect.bottom + 3)):
        a, b = in_place.get_at(point), by_picture.get_at(point)
        assert all(abs(a[c] - b[c]) <= 3 for c in range(3)), (point, a, b)
        assert a[0] < 200  # it is darker than the page

"""Unchanging table layers and cached text measures: drawn or measured once, the same pixels."""

from __future__ import annotations

import pygame
import pytest

from hercules.app.registry import get_game, load_games
from hercules.games.mebo.ui.table.hands import hand_cards_of
from hercules.ui.layers import Regions, StaticLayer, blit_around, uncovered
from hercules.ui.strings import language, set_language
from hercules.ui.surfaces import forget_pictures
from hercules.ui.theme import FONTS


def test_a_measure_is_the_fonts_own_and_is_worked_out_once(app, monkeypatch):
    text = "Used Chariot Dealership \u00d72"
    want = FONTS.font(17, "bold").size(text)
    assert FONTS.measure(text, 17, "bold") == want

    def no_font(*_a, **_k):
        raise AssertionError("measured again")

    monkeypatch.setattr(FONTS, "font", no_font)
    assert FONTS.measure(text, 17, "bold") == want  # from the cache, no font asked for
    assert FONTS.fit(text, 17, want[0], "bold") == 17


def test_fitting_and_wrapping_give_what_the_font_measures(app):
    text = "Endorse the Politician with a long sentence that wraps"
    font = FONTS.font(14)
    for line in FONTS.wrap(text, 14, 120):
        assert font.size(line)[0] <= 120 or " " not in line
    w = font.size(text)[0]
    assert FONTS.fit(text, 14, w // 2) == max(8, int(14 * (w // 2) / w))


def test_the_measure_cache_stays_bounded(app):
    from hercules.ui import theme

    for i in range(theme.MAX_MEASURED + 50):
        FONTS.measure(f"word {i}", 12)
    assert len(FONTS._sizes) <= theme.MAX_MEASURED


def test_a_static_layer_is_drawn_once_per_size_and_language(app):
    layer = StaticLayer("test.layer")
    calls = []

    def draw(s: pygame.Surface) -> None:
        calls.append(s.get_size())
        s.fill((10, 20, 30))
        pygame.draw.circle(s, (200, 100, 0), (40, 30), 20)

    a = pygame.Surface((120, 80))
    layer.blit(a, "k", draw)
    layer.blit(a, "k", draw)
    assert calls == [(120, 80)]
    direct = pygame.Surface((120, 80))
    draw(direct)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(direct, "RGB")
    layer.blit(pygame.Surface((100, 60)), "k", draw)  # a new size
    layer.blit(a, "other", draw)  # a new layout
    assert len(calls) == 4  # the direct draw is one of them
    was = language()
    try:
        set_language("it" if was != "it" else "en")
        layer.blit(a, "other", draw)
    finally:
        set_language(was)
    assert len(calls) == 5
    forget_pictures()  # a new window size forgets the picture with every other one
    layer.blit(a, "other", draw)
    assert len(calls) == 6


def _bot_table(
    app, game_id: str, players: int, variant: str | None = None, level: str | None = None, seed=3
):
    load_games()
    spec = get_game(game_id)
    if level is None:
        level = "solver" if "solver" in spec.bot_levels else spec.bot_levels[0]
    ctl = spec.new_controller(variant or spec.variants[0], [level] * players, seed)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    return app.nav.play(spec.id, ctl, names)


def _kept_table(app, table):
    """The table drawn over its kept pictures, and drawn anew with every picture forgotten
    (the layer and the kept parts with it), as RGB bytes."""
    kept = pygame.Surface(app.screen.get_size())
    table.draw(kept)
    forget_pictures()
    fresh = pygame.Surface(app.screen.get_size())
    table.draw(fresh)
    return pygame.image.tobytes(kept, "RGB"), pygame.image.tobytes(fresh, "RGB")


def _compare_at_changes(app, table, fact, frames, stop_after=None, between=None, count=()):
    """Play up to ``frames`` frames of a bot game; each time ``fact()`` has just changed,
    check that the kept table is the table drawn anew. ``between(n)`` is called after each
    other frame with ``len(count)`` as it was before that frame. Returns how many changes."""
    seen = fact()
    changes = 0
    for _ in range(frames):
        before = len(count)
        app.frame(1 / 60)
        if app.top is not table or table.state.is_terminal:
            break
        if fact() != seen:
            seen = fact()
            changes += 1
            kept, fresh = _kept_table(app, table)
            assert kept == fresh
            if stop_after is not None and changes >= stop_after:
                break
        elif between is not None:
            between(before)
    return changes


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("later_years", 4), ("later_years", 5), ("companions", 5), ("labors", 1), ("hercules", 4)],
)
def test_a_table_over_its_kept_layer_is_the_table_drawn_anew(app, game_id, players):
    table = _bot_table(app, game_id, players)
    for _ in range(4):  # several moments of one game: the kept pictures never go stale
        for _ in range(40):  # bots play: the game moves on, the layer stays
            app.frame(1 / 60)
        kept, fresh = _kept_table(app, table)
        assert kept == fresh


def test_a_kept_region_is_blitted_until_what_it_shows_changes(app):
    regions = Regions("test.regions", max_mb=1)
    calls = []
    box = pygame.Rect(10, 10, 60, 30)

    def paint(surface, ink):
        calls.append(ink)
        pygame.draw.rect(surface, ink, box, border_radius=6)

    a = pygame.Surface((100, 60))
    a.fill((5, 5, 5))
    regions.draw(a, box, ("red",), lambda: paint(a, (200, 0, 0)))
    b = pygame.Surface((100, 60))
    b.fill((5, 5, 5))
    regions.draw(b, box, ("red",), lambda: paint(b, (200, 0, 0)))
    assert calls == [(200, 0, 0)]  # the second time, blitted
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    regions.draw(b, box, ("blue",), lambda: paint(b, (0, 0, 200)))
    assert calls[-1] == (0, 0, 200) and b.get_at(box.center)[:3] == (0, 0, 200)
    b.set_clip(pygame.Rect(0, 0, 100, 20))  # a clipped part is kept as the part shown
    regions.draw(b, box, ("red",), lambda: paint(b, (200, 0, 0)))
    assert len(calls) == 3


def test_the_later_years_frame_asks_the_engine_for_the_score_once_per_state(app, monkeypatch):
    from hercules.games.later_years.ui import painter

    calls = []
    real = painter.score

    def counted(v):
        calls.append(v)
        return real(v)

    monkeypatch.setattr(painter, "score", counted)
    table = _bot_table(app, "later_years", 3)
    surface = pygame.Surface(app.screen.get_size())
    for _ in range(5):
        table.draw(surface)
    assert len(calls) <= 1


def test_a_moving_region_is_painted_every_frame_and_never_kept(app):
    regions = Regions("test.moving", max_mb=1)
    calls = []
    box = pygame.Rect(5, 5, 20, 20)
    surface = pygame.Surface((40, 40))
    for _ in range(3):
        regions.draw(surface, box, "same", lambda: calls.append(1), moving=True)
    assert len(calls) == 3
    regions.draw(surface, box, "same", lambda: calls.append(1))  # still: painted, then kept
    regions.draw(surface, box, "same", lambda: calls.append(1))
    assert len(calls) == 4


def test_the_mebo_card_stacks_are_kept_until_a_card_is_taken_and_then_drawn_anew(app):
    # The demigod and vase stacks are kept as drawn by their tops and sizes: over a bot game,
    # at every moment a stack has just changed, the kept table is the table drawn afresh.
    table = _bot_table(app, "hercules", 4)

    def stacks():
        s = table.state
        return (s.demigod_stacks, s.vase_stacks)

    changes = _compare_at_changes(app, table, stacks, 4000, stop_after=5)
    assert changes >= 3  # the stacks did change, more than once, while kept pictures were shown


@pytest.mark.parametrize(("variant", "players"), [("standard", 4), ("pnp", 3), ("solo", 1)])
def test_the_mebo_table_kept_in_parts_is_the_table_drawn_anew(animated_app, variant, players):
    # The board and the card stacks are kept as drawn by what they show; over a bot game with
    # animations on (dice tumbling, cards and cubes flying, turns passing), at many moments
    # the kept table is the table drawn afresh: standard, print-and-play and solo (Hades).
    app = animated_app
    table = _bot_table(app, "hercules", players, variant, "normal", seed=5)
    moments = set()
    for k in range(1, 3001):
        app.frame(1 / 60)
        if app.top is not table or table.state.is_terminal:
            break
        if k % 10 == 0:
            moments.add(len(table.ctl.history))
            kept, fresh = _kept_table(app, table)
            assert kept == fresh, k
    assert len(moments) >= 20  # the game moved on between the comparisons


def test_the_mebo_hands_are_kept_until_a_card_comes_or_changes_and_then_drawn_anew(
    animated_app, monkeypatch
):
    # Each seat's hand is kept as drawn by its groups' cards, places and states: while no
    # hand changes, no hand is painted again; at each moment one has just changed (a card
    # taken, a cube laid on it, a god turned down), the kept table is the table drawn anew.
    app = animated_app
    table = _bot_table(app, "hercules", 4, "standard", "normal", seed=7)
    painted = []
    paint = table.painter.paint_hand
    monkeypatch.setattr(
        table.painter, "paint_hand", lambda *a, **k: (painted.append(a[2]), paint(*a, **k))
    )

    def hands():
        return tuple(
            (tuple(hand_cards_of(p)), p.cubed, p.gods_down, table.state.used)
            for p in table.state.players
        )

    still = []

    def quiet(painted_before: int) -> None:
        if not table.anim.busy and painted_before == len(painted):
            still.append(1)

    changes = _compare_at_changes(app, table, hands, 6000, between=quiet, count=painted)
    assert changes >= 10  # hands changed many times while kept pictures were shown
    assert len(still) >= 100  # and for many frames in between, no hand was painted at all


@pytest.mark.parametrize(
    "holes",
    [
        [],
        [pygame.Rect(10, 10, 30, 20)],
        [pygame.Rect(-5, -5, 20, 20), pygame.Rect(50, 0, 60, 100)],  # past the edges
        [pygame.Rect(10, 10, 40, 40), pygame.Rect(30, 30, 40, 40), pygame.Rect(0, 70, 100, 5)],
    ],
)
def test_the_layer_around_holes_covers_every_other_pixel_once(holes):
    rect = pygame.Rect(0, 0, 100, 80)
    pieces = uncovered(rect, holes)
    count = [[0] * rect.w for _ in range(rect.h)]
    for r in pieces:
        assert rect.contains(r)
        for y in range(r.top, r.bottom):
            for x in range(r.left, r.right):
                count[y][x] += 1
    for y in range(rect.h):
        for x in range(rect.w):
            inside = any(h.collidepoint(x, y) for h in holes)
            assert count[y][x] == (0 if inside else 1), (x, y)


def test_blit_around_leaves_the_holes_as_they_were():
    layer = pygame.Surface((60, 40))
    layer.fill((200, 10, 10))
    target = pygame.Surface((60, 40))
    target.fill((0, 0, 255))
    blit_around(target, layer, [pygame.Rect(5, 5, 10, 10)])
    assert target.get_at((7, 7))[:3] == (0, 0, 255)
    assert target.get_at((20, 20))[:3] == (200, 10, 10)
    assert target.get_at((4, 5))[:3] == (200, 10, 10)


def test_the_mebo_background_is_left_out_under_the_kept_parts(app, monkeypatch):
    # Once the board, stacks and hands are kept, a frame blits the background only around
    # them (their pictures carry it): the frame is still the table drawn anew.
    import hercules.games.mebo.ui.table.painter as painter

    table = _bot_table(app, "hercules", 4)
    for _ in range(30):
        app.frame(1 / 60)
    seen = []
    monkeypatch.setattr(
        painter,
        "blit_around",
        lambda s, p, holes: (seen.append(list(holes)), blit_around(s, p, holes)),
    )
    kept, fresh = _kept_table(app, table)
    assert kept == fresh
    assert len(seen[0]) >= 5  # board, stacks, and the hands, kept from the frames before
    assert seen[1] == []  # drawn anew: nothing was kept, the background is blitted whole


def test_the_companions_layer_is_left_out_under_its_kept_rows_and_plaques(app, monkeypatch):
    # Once the rows and plaques are kept, the unchanging layer is blitted only around them;
    # the frame is still the table drawn anew.
    import hercules.games.companions.ui.painter as painter

    table = _bot_table(app, "companions", 5)
    for _ in range(30):
        app.frame(1 / 60)
    seen = []
    base = painter.draw_base
    monkeypatch.setattr(
        painter, "draw_base", lambda s, sc, holes=(): (seen.append(list(holes)), base(s, sc, holes))
    )
    kept, fresh = _kept_table(app, table)
    assert kept == fresh
    assert len(seen[0]) >= 5  # the rows and the plaques, kept from the frames before
    assert seen[1] == []  # drawn anew: nothing kept, the layer is blitted whole

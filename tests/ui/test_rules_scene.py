"""The rules screen: it scrolls with a visible bar, ends where its text ends, names cards."""

from __future__ import annotations

import re

import pygame
import pytest

from hercules.app.settings import Settings
from hercules.games.mebo.engine import card_set
from hercules.games.mebo.ui import art
from hercules.games.mebo.ui.rules import RulesScene, card_line
from hercules.ui.app import App
from hercules.ui.scroll import Scroller
from hercules.ui.strings import set_language, t
from hercules.ui.theme import colour
from tests.support.mouse import frames, key

INTERNAL_ID = re.compile(r"\b(?:[A-Z]{3}-\d{2}|GOD-[A-Z]+|VAS-\d-\d)\b")


def open_rules(app: App) -> RulesScene:
    app.nav.title()
    scene = RulesScene(app)
    app.push(scene)
    frames(app, 1)
    return scene


def wheel(app: App, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y))
    frames(app, 1)


def test_a_scroller_never_goes_before_the_top_or_past_the_end():
    s = Scroller(pygame.Rect(0, 0, 300, 200), 1000, step=40)
    assert s.scrollable and s.max_offset == 800
    s.scroll_by(-100)
    assert s.offset == 0
    s.scroll_by(10_000)
    assert s.offset == 800
    assert s.thumb.bottom == s.track.bottom  # at the end, the thumb sits at the bottom
    short = Scroller(pygame.Rect(0, 0, 300, 200), 150)
    short.scroll_by(50)
    assert not short.scrollable and short.offset == 0


def test_the_rules_page_ends_where_its_text_ends(app):
    scene = open_rules(app)
    *_, (style, _text, y_last, _, _) = scene.lines
    sc = scene.scroller
    assert sc.content_h >= y_last + scene.size_of(style)  # the last line is inside the page
    assert sc.content_h - (y_last + scene.size_of(style)) < 3 * scene.size_of("body")
    key(app, pygame.K_END)
    assert sc.offset == sc.max_offset == sc.content_h - sc.view.h
    wheel(app, -5)  # further down: nothing more
    assert sc.offset == sc.max_offset


def test_the_wheel_the_keys_the_track_and_the_thumb_all_scroll_the_rules(app):
    scene = open_rules(app)
    sc = scene.scroller
    assert sc.scrollable
    wheel(app, -2)
    assert sc.offset == 2 * sc.step
    wheel(app, 2)
    assert sc.offset == 0
    key(app, pygame.K_PAGEDOWN)
    paged = sc.offset
    assert paged > sc.step
    key(app, pygame.K_HOME)
    assert sc.offset == 0
    # A click on the track below the thumb pages down.
    below = (sc.track.centerx, sc.track.bottom - 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=below, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=below, button=1))
    frames(app, 1)
    assert sc.offset == paged
    # Dragging the thumb to the bottom of the track shows the end of the page.
    start = sc.thumb.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    end = (start[0], sc.track.bottom + 50)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 1), buttons=(1, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 1)
    assert sc.offset == sc.max_offset


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_card_reference_speaks_of_cards_by_name_never_by_internal_id(app, lang):
    set_language(lang)
    try:
        scene = open_rules(app)
        text = " ".join(line[1] for line in scene.lines)
        assert not INTERNAL_ID.findall(text)
        for c in card_set().demigods:
            assert card_line(c.id).startswith(t(f"deck.{c.deck}") + ":")
    finally:
        set_language("en")


def test_torches_are_drawn_as_torches_not_written():
    rows = RulesScene.card_rows()
    torch_cards = [
        c for c in (*card_set().demigods, *card_set().gods, *card_set().vases) if c.torches
    ]
    assert torch_cards
    assert {n for _, _, n in rows if n > 0} == {c.torches for c in torch_cards}
    words = t("tip.torches", n=3).split("3")[0].strip()
    assert words and not any(words in text for _, text, _ in rows)
    # Every card is listed: alike cards once with their number.
    listed = 0
    for style, text, _ in rows:
        if style == "card":
            m = re.match(r"^(\d+) × ", text)
            listed += int(m.group(1)) if m else 1
    everything = card_set()
    assert listed == len(everything.demigods) + 1 + len(everything.gods) + len(everything.vases)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_150_percent_text_the_rules_still_fit_and_scroll_to_their_end(size):
    app = App(size, Settings(animation_speed=0.0, bot_delay=0.0, ui_scale=1.5))
    try:
        scene = open_rules(app)
        assert scene.size_of("body") == 27
        assert scene.box.bottom < scene.btn_back.rect.top  # the panel never runs under Back
        assert scene.btn_back.rect.bottom <= size[1]
        key(app, pygame.K_END)
        assert scene.scroller.offset == scene.scroller.max_offset > 0
    finally:
        app.close()


def test_a_card_with_a_torch_shows_a_drawn_torch(app):
    card = next(c for c in card_set().demigods if c.torches)
    plain = next(c for c in card_set().demigods if not c.torches and c.deck == card.deck)
    flame = colour("flame")

    def flames(cid: str) -> int:
        face = art.card_face(cid, 120, 170)
        return sum(
            1 for x in range(0, 40) for y in range(0, 90) if tuple(face.get_at((x, y)))[:3] == flame
        )

    assert flames(card.id) > 0 and flames(plain.id) == 0

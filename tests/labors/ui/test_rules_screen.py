"""The Labors rules screen: our summary, then every labour, Reward and Mood, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from support.mouse import click, frames, key

from hercules.games.labors.engine import load_data
from hercules.games.labors.ui.rules import MARGIN, STYLES, RulesScene, reference_rows
from hercules.games.labors.ui.words import (
    blue_text,
    gold_text,
    labour_name,
    mood_name,
    reward_name,
    reward_text,
)
from hercules.ui.app import App, Settings
from hercules.ui.scene import Scene
from hercules.ui.strings import set_language, t
from hercules.ui.theme import FONTS

STRINGS = Path(__file__).resolve().parents[3] / "assets" / "games" / "labors" / "strings"
#: What a missing key looks like on screen (``t`` gives ``[key]``), or a key shown as it is.
LEAK = re.compile(r"\[?lab\.[a-z_.]+\]?|\{[a-z_]+\}")


def open_rules(app) -> RulesScene:
    app.push(Scene(app))
    scene = RulesScene(app)
    app.push(scene)
    frames(app, 1)
    return scene


def wheel(app, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y))
    frames(app, 1)


def test_the_page_scrolls_by_wheel_keys_and_track_and_stops_at_its_end(app):
    scene = open_rules(app)
    sc = scene.scroller
    assert sc.scrollable and sc.offset == 0
    wheel(app, -2)
    assert sc.offset == 2 * sc.step
    wheel(app, 5)
    assert sc.offset == 0
    key(app, pygame.K_PAGEDOWN)
    assert sc.offset > 0
    key(app, pygame.K_END)
    assert sc.offset == sc.max_offset
    wheel(app, -3)
    assert sc.offset == sc.max_offset  # nothing past the end
    key(app, pygame.K_HOME)
    assert sc.offset == 0
    click(app, (sc.track.centerx, sc.track.bottom - 4))  # a click low on the track pages down
    assert sc.offset > 0
    *_, (style, _, y_last, _, _) = scene.lines
    assert sc.content_h >= y_last + scene.size_of(style)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_labour_reward_and_mood_is_on_the_page_and_no_key_leaks(app, lang):
    app.set_language(lang)
    scene = open_rules(app)
    text = " ".join(line[1] for line in scene.lines)
    flat = " ".join(text.split())
    data = load_data()
    for n in range(1, 13):
        assert labour_name(n) in flat
    for rid, reward in data.rewards.items():
        assert reward_name(rid) in flat
        for b in reward.blue:
            assert blue_text(b).split(" (")[0] in flat
        for g in reward.gold:
            assert gold_text(g).split(" (")[0] in flat
    for mood in data.moods:
        assert mood_name(mood) in flat
    assert not LEAK.findall(flat), LEAK.findall(flat)[:5]
    assert t("lab.rules.title") in flat
    heads = [line[1] for line in scene.lines if line[0] == "head"]
    assert heads[0] == ("The goal" if lang == "en" else "Lo scopo")  # our text, not another game's


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_reference_names_nothing_by_its_internal_id(lang):
    set_language(lang)
    try:
        for _style, text, _badge, _mark in reference_rows():
            assert not re.search(r"\b(?:RWD|MOOD|LAB|T\d\d)\b", text), text
        for reward in load_data().rewards.values():
            assert "[" not in reward_text(reward)
    finally:
        set_language("en")


@pytest.mark.parametrize("how", ["button", "escape"])
def test_back_and_escape_close_the_rules(app, how):
    scene = open_rules(app)
    if how == "button":
        click(app, scene.btn_back.rect.center)
    else:
        key(app, pygame.K_ESCAPE)
    assert app.top is not scene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_150_percent_text_the_rules_still_scroll_to_their_end(size):
    a = App(size, Settings(animation_speed=0.0, bot_delay=0.0, ui_scale=1.5))
    try:
        scene = open_rules(a)
        key(a, pygame.K_END)
        sc = scene.scroller
        assert sc.offset == sc.max_offset > 0
        assert a.screen.get_rect().contains(scene.btn_back.rect)
        assert scene.btn_back.rect.top >= scene.box.bottom
        width = sc.view.w - MARGIN - 24
        for style, text, _y, _badge, _mark in scene.lines:
            indent = scene.indent if style in ("bullet", "cont", "card") else 0
            measured = FONTS.font(scene.size_of(style), STYLES[style][1]).size(text)[0]
            assert measured <= width - indent or style == "title", text
    finally:
        a.close()

"""The table's log panel driven by synthetic mouse events: wheel, scrollbar, following, rounds.

And the recap a human sees when their turn starts.
"""

from __future__ import annotations

import random

import pygame
import pytest
from support.mouse import click, frames

from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.games.mebo.ui.table.recap import RECAP_EVENTS, recap_lines, recap_rect
from hercules.ui import strings
from hercules.ui.app import App, Settings
from hercules.ui.log import HEADER, LINE, LogEntry, LogView
from hercules.ui.theme import FONTS


def move(app, pos) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)


def wheel(app, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
    frames(app, 1)


def press(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 1)


def release(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1)


def play_to(app, table, rng, stop, limit: int = 20000) -> None:
    """Random moves for the humans, the bots on their own, until ``stop()``."""
    ctl = table.ctl
    for _ in range(limit):
        if stop() or ctl.is_over:
            return
        if ctl.human_to_act():
            legal = ctl.legal()
            ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
        else:
            ctl.step(wait=True)
    raise AssertionError("the game did not get there")


def human_turn_in_round(table, n: int):
    ctl = table.ctl
    return lambda: ctl.state.round >= n and ctl.human_to_act() and ctl.state.prompt == "action"


@pytest.fixture
def midgame(app):
    """A 4-player game (a human and three bots) at the human's turn in round 6."""
    ctl, names = start_game("standard", ["human", "normal", "easy", "normal"], seed=3)
    table = TableScene(app, ctl, names, autosave=False)
    app.push(table)
    play_to(app, table, random.Random(3), human_turn_in_round(table, 6))
    frames(app, 2)
    table.dismiss_recap()
    return table


def test_the_wheel_over_the_log_scrolls_it_and_elsewhere_does_not(app, midgame):
    view = midgame.log_view
    assert view.max_top() > 0 and view.follow and view.top == view.max_top()
    bottom = view.top
    move(app, (10, 10))  # over the board
    wheel(app, 2)
    assert view.top == bottom and view.follow
    move(app, view.rect.center)
    wheel(app, 2)
    assert view.top < bottom and not view.follow
    up = view.top
    wheel(app, -1)
    assert up < view.top < bottom
    wheel(app, -50)
    assert view.top == view.max_top() and view.follow  # back at the bottom: following again
    wheel(app, 10_000)
    assert view.top == 0


def test_dragging_the_scrollbar_thumb_scrolls_the_log(app, midgame):
    view = midgame.log_view
    thumb = view.thumb()
    assert thumb is not None and thumb.bottom >= view.track.bottom - 1  # at the bottom
    grab = thumb.center
    press(app, grab)
    assert view.dragging
    move(app, (grab[0], grab[1] - view.track.h // 2))
    assert 0 < view.top < view.max_top() and not view.follow
    middle = view.top
    move(app, (grab[0], view.track.y - 200))  # far above the track: the top, no further
    assert view.top == 0
    release(app, (grab[0], view.track.y))
    assert not view.dragging
    move(app, (grab[0], view.track.bottom))  # released: moving does not scroll
    assert view.top == 0
    assert middle > 0
    # A click on the track below the thumb pages down by a view's height less a line.
    click(app, (grab[0], view.track.bottom - 4))
    assert view.top == min(view.max_top(), view.view.h - (view.size + 4))


def test_the_log_follows_new_lines_at_the_bottom_and_stays_put_when_scrolled_up(app, midgame):
    table = midgame
    view = table.log_view
    rng = random.Random(5)
    play_to(app, table, rng, human_turn_in_round(table, 7))
    frames(app, 1)
    assert view.follow and view.top == view.max_top()  # followed the new lines
    move(app, view.rect.center)
    wheel(app, 3)
    kept = view.top
    entries = len(table.log_entries)
    play_to(app, table, rng, human_turn_in_round(table, 8))
    frames(app, 1)
    assert len(table.log_entries) > entries
    assert view.top == kept and not view.follow  # the player's place is kept
    assert view.unread == len(table.log_entries) - entries
    tab = view.jump_tab()
    assert tab is not None
    click(app, tab.center)
    assert view.follow and view.top == view.max_top() and view.jump_tab() is None


def test_the_log_is_grouped_by_round_under_headers_with_the_rounds_dice(app, midgame):
    table = midgame
    entries = table.log_entries
    headers = [e for e in entries if e.kind == HEADER]
    rounds = table.state.round
    assert len(headers) == rounds
    assert [h.title for h in headers] == [f"Round {n}" for n in range(1, rounds + 1)]
    for h in headers:
        assert len(h.dice) == 4 and all(len(d.faces) == 2 for d in h.dice)
        assert all(1 <= f <= 6 for d in h.dice for f in d.faces)
    # Each header shows the dice its round was rolled with, in the players' colours.
    rolls = [ev.data["dice"] for r in table.logged for ev in r.events if ev.type == "dice_rolled"]
    assert [[list(d.faces) for d in h.dice] for h in headers] == [
        [list(f) for f in roll] for roll in rolls
    ]
    assert len({h.dice[0].body for h in headers}) == 1
    assert len({d.body for d in headers[0].dice}) == 4
    # The log opens with round 1's header, and every round has lines under its header.
    assert entries[0].kind == HEADER
    at = [i for i, e in enumerate(entries) if e.kind == HEADER] + [len(entries)]
    for a, b in zip(at, at[1:], strict=False):
        assert any(e.kind == LINE for e in entries[a + 1 : b])


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_nothing_in_the_log_overflows_its_panel(size, scale, lang):
    settings = Settings(animation_speed=0.0, bot_delay=0.0, ui_scale=scale, language=lang)
    settings.show_bot_reasoning = True  # its notes are the longest lines
    app = App(size, settings)
    try:
        ctl, names = start_game("standard", ["human", "normal", "normal", "easy"], seed=8)
        table = TableScene(app, ctl, names, autosave=False)
        app.push(table)
        play_to(app, table, random.Random(8), human_turn_in_round(table, 5))
        frames(app, 1)
        view = table.log_view
        assert view.rect == table.layout.log_box
        v = view.view
        assert table.layout.log_box.contains(v) and table.layout.log_box.contains(view.track)
        assert v.right <= view.track.x
        notes = 0
        for laid in view.layout():
            note = laid.entry.kind == "note"
            notes += note
            size_px, style = (view.note_size(), "italic") if note else (view.size, "body")
            indent = view.NOTE_INDENT if note else 0
            for line in laid.lines:
                width = indent + FONTS.font(size_px, style).size(line)[0]
                assert width <= v.w or " " not in line, line
            for row in laid.dice_rows:
                width = sum(len(d.faces) * (view.die_size() + 2) + 10 for d in row) - 10
                assert width <= v.w
        assert notes  # the bots' reasoning is shown here: its notes are checked too
    finally:
        app.close()
        strings.set_language("en")


def test_a_log_view_alone_scrolls_lays_out_and_counts_unread_lines(app):
    view = LogView()  # the app is there for its fonts
    view.place(pygame.Rect(0, 0, 300, 200), 16)
    entries = [LogEntry(f"line {i} " + "word " * (i % 9)) for i in range(60)]
    view.set_entries(entries)
    view.sync()
    assert view.follow and view.top == view.max_top() > 0
    assert view.wheel(1, (150, 100)) and not view.follow
    assert not view.wheel(1, (400, 100))  # not over the panel
    entries.extend(LogEntry("more") for _ in range(5))
    view.sync()
    assert view.unread == 5
    del entries[-3:]  # taken back (undo)
    view.sync()
    assert view.unread == 2
    view.to_bottom()
    assert view.follow and view.unread == 0


def test_the_log_laid_out_again_after_undo_and_new_lines_is_the_log_laid_out_afresh(app):
    # The laid-out entries and their height are kept between frames; an undo that takes
    # lines back and new lines in their place (as many, other heights), a longer list, a
    # new list and a new width each give what a fresh view lays out.
    def fresh(entries, width=300):
        v = LogView()
        v.place(pygame.Rect(0, 0, width, 200), 16)
        v.set_entries(list(entries))
        return [(laid.entry, laid.lines) for laid in v.layout()], v.content_height()

    def seen(view):
        return [(laid.entry, laid.lines) for laid in view.layout()], view.content_height()

    view = LogView()
    view.place(pygame.Rect(0, 0, 300, 200), 16)
    entries = [LogEntry(f"line {i}") for i in range(40)]
    view.set_entries(entries)
    assert seen(view) == fresh(entries)
    entries.append(LogEntry("one more"))
    assert seen(view) == fresh(entries)
    del entries[-3:]  # an undo...
    entries.extend(LogEntry("a much longer line " + "word " * 30) for _ in range(3))
    assert seen(view) == fresh(entries)  # ...and as many new lines, taller
    other = [LogEntry("another game") for _ in range(len(entries))]
    view.set_entries(other)
    assert seen(view) == fresh(other)
    view.place(pygame.Rect(0, 0, 180, 200), 16)
    assert seen(view) == fresh(other, 180)


# --- the recap -----------------------------------------------------------------------------
def test_the_recap_lists_what_the_others_did_since_the_humans_last_turn(app):
    ctl, names = start_game("standard", ["human", "normal", "easy"], seed=11)
    table = TableScene(app, ctl, names, autosave=False)
    app.push(table)
    rng = random.Random(11)
    play_to(app, table, rng, human_turn_in_round(table, 3))
    frames(app, 2)
    seat = ctl.actor
    last = max(i for i, r in enumerate(table.logged) if r.seat == seat)
    since = table.logged[last + 1 :]
    told = [
        ev
        for r in since
        for ev in r.events
        if ev.type in RECAP_EVENTS and r.seat >= 0 and ev.player != seat
    ]
    assert told, "the others did something"
    assert table.recap == recap_lines(table.logged, seat, table.names)
    assert 0 < len(table.recap) <= 6
    others = [n for i, n in enumerate(table.names) if i != seat]
    assert all(any(line.startswith(n) for n in others) for line in table.recap[:5])
    if len(told) <= 6:
        assert len(table.recap) == len(told)
    # It is drawn on the table, and a click on it closes it without doing anything else.
    assert table.frame().recap == table.recap
    history = len(ctl.history)
    click(app, recap_rect(table.layout, table.recap).center)
    assert table.recap == [] and len(ctl.history) == history
    frames(app, 3)
    assert table.recap == []  # not again this turn


def test_the_recap_goes_when_the_human_acts_and_comes_back_next_turn(app):
    ctl, names = start_game("standard", ["human", "normal", "normal"], seed=12)
    table = TableScene(app, ctl, names, autosave=False)
    app.push(table)
    rng = random.Random(12)
    play_to(app, table, rng, human_turn_in_round(table, 2))
    frames(app, 2)
    assert table.recap
    legal = ctl.legal()
    ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
    frames(app, 1)
    assert table.recap == []
    round_now = ctl.state.round
    play_to(app, table, rng, human_turn_in_round(table, round_now + 1))
    frames(app, 2)
    assert table.recap


def test_no_recap_in_solo_against_hades(app):
    ctl, names = start_game("solo", ["human"], seed=2)
    table = TableScene(app, ctl, names, autosave=False)
    app.push(table)
    play_to(app, table, random.Random(2), human_turn_in_round(table, 3))
    frames(app, 2)
    assert table.recap == [] and table.frame().recap == []


def test_the_recap_lines_never_tell_the_humans_own_actions():
    ctl, names = start_game("standard", ["normal", "normal", "easy"], seed=5)
    try:
        while not ctl.is_over:
            ctl.step(wait=True)
        history = list(ctl.history)
    finally:
        ctl.close()
    for seat in range(3):
        lines = recap_lines(history, seat, names)
        assert not any(line.startswith(names[seat] + " ") for line in lines)


# --- the setting -------------------------------------------------------------------------
def test_show_bot_reasoning_is_a_setting_that_relogs_the_table(app, midgame):
    from hercules.app.settings import Settings as Stored
    from hercules.ui.scenes.settings import SettingsScene

    table = midgame
    assert not app.settings.show_bot_reasoning
    plain = list(table.log)
    app.push(SettingsScene(app))
    frames(app, 1)
    settings = app.top
    settings.choose("reasoning", "Yes")
    assert app.settings.show_bot_reasoning
    app.pop()
    frames(app, 1)
    assert table.reasoning and len(table.log) > len(plain)
    assert any(e.kind == "note" for e in table.log_entries)
    # Stored and read back like the other settings; a bad value falls back to off.
    assert Stored.from_json({"show_bot_reasoning": True})[0].show_bot_reasoning
    loaded, problems = Stored.from_json({"show_bot_reasoning": "yes"})
    assert not loaded.show_bot_reasoning and problems

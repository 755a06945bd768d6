"""The log panel keeps the picture of its entries: a frame that shows the same entries at the
same place blits it (the same pixels) and one that shows anything else draws them anew."""

from __future__ import annotations

import pygame

from hercules.ui.log import HEADER, LINE, NOTE, LogDice, LogEntry, LogView

ENTRIES = [
    LogEntry("Round 1", HEADER, (LogDice((3, 5), (200, 40, 40), (255, 255, 255)),), "Round 1"),
    LogEntry("Ada rolls a 3 and a 5 and performs the labour of 8 with 3 + 5.", LINE),
    LogEntry("aims for labour 8 (3 + 5): the most points this turn", NOTE),
] + [LogEntry(f"Line {i}: Bea takes a Demigod card from the stack of {i}.") for i in range(40)]


def drawn(view: LogView, size=(640, 480)) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((90, 120, 60))
    view.draw(surface, "Chronicle")
    return surface


def fresh(entries, top: int | None = None) -> LogView:
    view = LogView()
    view.place(pygame.Rect(40, 30, 420, 400), 16)
    view.set_entries(entries)
    if top is not None:
        view.sync()
        view.scroll_to(top)
    return view


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_the_log_drawn_from_its_kept_picture_is_the_log_drawn_anew(app, monkeypatch):
    view = fresh(ENTRIES)
    first = drawn(view)
    calls = []
    real = LogView._draw_entry
    monkeypatch.setattr(LogView, "_draw_entry", lambda *a: calls.append(1) or real(*a))
    again = drawn(view)
    assert calls == []  # nothing drawn: the kept picture blitted
    assert same(first, again)
    assert same(again, drawn(fresh(ENTRIES)))  # and a log with no picture yet draws the same


def test_the_log_draws_anew_when_its_entries_or_scroll_change(app):
    view = fresh(ENTRIES)
    drawn(view)
    longer = [*ENTRIES, LogEntry("Cy reaches column 12: the game ends.")]
    view.set_entries(longer)
    assert same(drawn(view), drawn(fresh(longer)))  # the new line is shown
    view.scroll_to(0)
    assert same(drawn(view), drawn(fresh(longer, top=0)))  # scrolled to the top
    shrunk = ENTRIES[:10]  # an undo takes entries back
    view.set_entries(shrunk)
    assert same(drawn(view), drawn(fresh(shrunk, top=0)))


def test_the_log_picture_follows_a_new_place_and_a_clip(app):
    view = fresh(ENTRIES)
    drawn(view)
    view.place(pygame.Rect(100, 50, 300, 380), 14)
    moved = fresh(ENTRIES)
    moved.place(pygame.Rect(100, 50, 300, 380), 14)
    assert same(drawn(view), drawn(moved))
    clipped = pygame.Surface((640, 480))
    clipped.fill((90, 120, 60))
    clipped.set_clip(pygame.Rect(0, 0, 640, 200))
    view.draw(clipped, "Chronicle")
    clipped.set_clip(None)
    anew = pygame.Surface((640, 480))
    anew.fill((90, 120, 60))
    anew.set_clip(pygame.Rect(0, 0, 640, 200))
    moved2 = fresh(ENTRIES)
    moved2.place(pygame.Rect(100, 50, 300, 380), 14)
    moved2.draw(anew, "Chronicle")
    anew.set_clip(None)
    assert same(clipped, anew)


def test_a_log_kept_whole_by_its_table_is_the_log_drawn_anew(app, monkeypatch):
    from hercules.ui.layers import Regions

    kept = Regions("test.logs", max_mb=2)
    view = fresh(ENTRIES)
    first = pygame.Surface((640, 480))
    first.fill((90, 120, 60))
    view.draw(first, "Chronicle", kept)
    assert same(first, drawn(fresh(ENTRIES)))  # kept or not, the same pixels
    calls = []
    real = LogView._paint
    monkeypatch.setattr(LogView, "_paint", lambda *a: calls.append(1) or real(*a))
    again = pygame.Surface((640, 480))
    again.fill((90, 120, 60))
    view.draw(again, "Chronicle", kept)
    assert calls == [] and same(first, again)  # the whole panel blitted
    view.scroll_to(0)  # the thumb moves, the jump tab shows: drawn anew
    again.fill((90, 120, 60))  # (a table's frame starts from its unchanging layer)
    view.draw(again, "Chronicle", kept)
    assert calls == [1]
    assert same(again, drawn(fresh(ENTRIES, top=0)))

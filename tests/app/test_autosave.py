"""The Autosaver: writes on its own thread, never writes what would not load, waits, closes."""

from __future__ import annotations

import random
import threading

import pytest

from hercules.app.controller import Controller
from hercules.app.saves import (
    AUTOSAVE,
    Autosaver,
    GameSaver,
    SaveError,
    autosave_path,
    game_document,
    is_autosave_slot,
    latest_save,
    list_saves,
    load_save,
    migrate_autosave,
    prune_autosaves,
    rules_resolver,
    sanitize_name,
    save_game,
    slot_path,
)
from hercules.games.mebo.engine.adapter import RULES
from hercules.games.mebo.spec import new_controller


def played(seed: int = 3, moves: int = 30) -> Controller:
    ctl = new_controller("standard", ["human", "easy"], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if ctl.is_over:
            break
        if ctl.human_to_act():
            assert ctl.submit(rng.choice(ctl.legal()), ctl.actor) is None
        else:
            assert ctl.step(wait=True) is not None
    return ctl


def test_a_submitted_document_is_written_off_the_calling_thread(tmp_path):
    ctl = played()
    doc = game_document(ctl, ["A", "B"])
    done: list[tuple[Exception | None, str]] = []
    saver = Autosaver()
    try:
        target = autosave_path(tmp_path, "2025-01-31T18:02:11.250Z")
        future = saver.submit(
            doc, RULES, target, lambda err: done.append((err, threading.current_thread().name))
        )
        saver.wait()
        assert future.result() == target
        assert len(done) == 1 and done[0][0] is None
        assert done[0][1] != threading.current_thread().name
        assert load_save(target, RULES).state == ctl.state
    finally:
        saver.close()


def test_writes_land_in_order_and_keep_a_backup(tmp_path):
    ctl = played(moves=10)
    first = game_document(ctl, ["A", "B"])
    ctl = played(moves=40)
    second = game_document(ctl, ["A", "B"])
    target = tmp_path / "slot.json"
    saver = Autosaver()
    saver.submit(first, rules_resolver(RULES), target)
    saver.submit(second, rules_resolver(RULES), target)
    saver.close()  # finishes the pending writes
    assert load_save(target, RULES).state == ctl.state
    assert (tmp_path / "slot.json.bak").is_file()


def test_a_document_that_would_not_load_is_not_written_and_the_callback_gets_why(tmp_path):
    doc = game_document(played(), ["A", "B"])
    doc["log"].pop()  # the log no longer reaches the snapshot
    if "reasons" in doc:
        doc["reasons"].pop()
    errors: list[Exception | None] = []
    saver = Autosaver()
    target = tmp_path / "bad.json"
    future = saver.submit(doc, RULES, target, errors.append)
    saver.wait()
    saver.close()
    assert len(errors) == 1 and isinstance(errors[0], SaveError)
    assert "different state" in str(errors[0]) or "does not replay" in str(errors[0])
    assert isinstance(future.exception(), SaveError)
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_a_save_of_an_unknown_game_is_not_written(tmp_path):
    doc = game_document(played(), ["A", "B"])
    errors: list[Exception | None] = []
    saver = Autosaver()
    saver.submit(doc, rules_resolver(), tmp_path / "x.json", errors.append)
    saver.close()
    assert "does not have: 'hercules'" in str(errors[0])
    assert list(tmp_path.iterdir()) == []


def test_the_thread_starts_lazily_and_close_twice_is_fine(tmp_path):
    before = {t.name for t in threading.enumerate()}
    saver = Autosaver()
    saver.wait()  # nothing pending: returns at once, starts nothing
    assert {t.name for t in threading.enumerate()} == before
    saver.close()
    saver.close()
    assert saver.closed
    saver.wait()  # still harmless
    with pytest.raises(RuntimeError, match="closed"):
        saver.submit({}, RULES, tmp_path / "x.json")


def test_a_broken_callback_does_not_hide_a_good_write(tmp_path):
    def boom(err):
        raise RuntimeError("callback bug")

    saver = Autosaver()
    target = tmp_path / "slot.json"
    future = saver.submit(game_document(played(), ["A", "B"]), RULES, target, boom)
    saver.close()
    assert future.result() == target and target.is_file()


def test_a_game_saver_writes_its_games_own_autosave_and_keeps_its_first_date(tmp_path):
    ctl = played()
    saver = GameSaver(ctl, ["Red", "Blue bot"], folder=lambda: tmp_path)
    assert saver.created is None and saver.autosave_path() is None
    saver.save()
    saver.wait()
    first = saver.created
    assert saver.autosave_path() == autosave_path(tmp_path, first)
    loaded = load_save(autosave_path(tmp_path, first), RULES)
    assert loaded.created == first and loaded.names == ("Red", "Blue bot")
    saver.save(tmp_path / "slot.json", label="Evening game")
    saver.wait()
    slot = load_save(tmp_path / "slot.json", RULES)
    assert slot.label == "Evening game" and slot.created == first
    assert saver.take_failure() is None
    saver.close()


def test_a_game_saver_keeps_a_workers_failure_for_its_owner_once(tmp_path):
    ctl = played()
    saver = GameSaver(ctl, ["Red", "Blue bot"], folder=lambda: tmp_path)
    blocked = tmp_path / "a-folder.json"
    blocked.mkdir()  # a folder where the file should go: the write fails on the worker
    saver.save(blocked)
    saver.wait()
    failure = saver.take_failure()
    assert isinstance(failure, SaveError)
    assert saver.take_failure() is None
    assert not any(p.is_file() for p in tmp_path.iterdir())
    saver.close()
    saver.close()


# --- one autosave per game ------------------------------------------------------------------


def autosave_of(folder, seed, moves, created, names=("A", "B")):
    """Play a game and autosave it as a table does; returns the controller and the path."""
    ctl = played(seed, moves)
    saver = GameSaver(ctl, list(names), created=created, folder=lambda: folder)
    saver.save()
    saver.close()
    assert saver.take_failure() is None
    return ctl, autosave_path(folder, created)


def test_each_games_autosave_has_its_own_slot_named_by_its_created_stamp(tmp_path):
    path = autosave_path(tmp_path, "2025-01-31T18:02:11.250Z")
    assert path.name == "autosave-20250131-180211-250.json"
    assert is_autosave_slot(path.stem) and is_autosave_slot(AUTOSAVE)
    assert autosave_path(tmp_path) == tmp_path / "autosave.json"  # the old single slot
    assert autosave_path(tmp_path, "x").name == "autosave-00000000-000000-000.json"


def test_two_unfinished_games_are_both_resumable_and_continue_picks_the_newest(tmp_path):
    first, a = autosave_of(tmp_path, 3, 20, "2025-01-01T10:00:00.000Z", ("Ann", "Bot"))
    second, b = autosave_of(tmp_path, 4, 30, "2025-01-02T10:00:00.000Z", ("Cid", "Bot"))
    assert a != b and a.is_file() and b.is_file()
    assert load_save(a, RULES).state == first.state
    assert load_save(b, RULES).state == second.state
    listed = list_saves(tmp_path, RULES)
    assert [i.path for i in listed] == [b, a]  # newest first
    assert all(i.is_autosave and not i.damaged for i in listed)
    assert latest_save(tmp_path, RULES) == b


def test_starting_a_new_game_never_overwrites_another_games_autosave(tmp_path):
    old, a = autosave_of(tmp_path, 3, 20, "2025-01-01T10:00:00.000Z")
    before = a.read_bytes()
    ctl = played(5, 10)
    saver = GameSaver(ctl, ["New", "Bot"], folder=lambda: tmp_path)  # a new game: no stamp yet
    saver.save()
    saver.close()
    assert a.read_bytes() == before
    assert len(list(tmp_path.glob("autosave-*.json"))) == 2
    assert load_save(autosave_path(tmp_path, saver.created), RULES).state == ctl.state


def test_an_autosave_never_takes_the_label_of_a_named_save(tmp_path):
    ctl = played()
    saver = GameSaver(
        ctl,
        ["A", "B"],
        created="2025-01-01T10:00:00.000Z",
        label="Evening game",
        folder=lambda: tmp_path,
    )
    saver.save(slot_path(tmp_path, "Evening game"), label="Evening game")
    saver.save()
    saver.close()
    auto = load_save(autosave_path(tmp_path, saver.created), RULES)
    assert auto.label == ""
    assert load_save(slot_path(tmp_path, "Evening game"), RULES).label == "Evening game"
    info = next(i for i in list_saves(tmp_path, RULES) if i.is_autosave)
    assert info.title == "autosave-20250101-100000-000"


def test_a_player_cannot_name_a_save_like_a_games_autosave():
    assert sanitize_name("autosave-20250101-100000-000") == "autosave-20250101-100000-000_"
    assert sanitize_name("Autosave") == "Autosave_"


def test_the_old_single_autosave_is_migrated_to_its_games_slot_and_still_loads(tmp_path):
    ctl = played()
    old = autosave_path(tmp_path)
    save_game(old, ctl, ["A", "B"], created="2024-12-24T20:00:00.000Z")
    save_game(old, ctl, ["A", "B"], created="2024-12-24T20:00:00.000Z")  # and its .bak
    new = migrate_autosave(tmp_path)
    assert new == autosave_path(tmp_path, "2024-12-24T20:00:00.000Z")
    assert not old.exists() and new.is_file() and (tmp_path / (new.name + ".bak")).is_file()
    assert load_save(new, RULES).state == ctl.state
    assert migrate_autosave(tmp_path) is None  # nothing left to move


def test_a_damaged_old_autosave_is_not_moved_and_the_game_lists_it(tmp_path):
    old = autosave_path(tmp_path)
    old.write_text("{not json", "utf-8")
    assert migrate_autosave(tmp_path) is None
    assert old.read_text("utf-8") == "{not json"
    (info,) = list_saves(tmp_path, RULES)
    assert info.damaged and info.is_autosave


def test_only_the_newest_autosaves_are_kept_and_named_saves_are_never_pruned(tmp_path):
    import os

    ctl = played(moves=10)
    named = slot_path(tmp_path, "Keep me")
    save_game(named, ctl, ["A", "B"])
    paths = []
    for i in range(5):
        created = f"2025-01-0{i + 1}T10:00:00.000Z"
        p = autosave_path(tmp_path, created)
        save_game(p, ctl, ["A", "B"], created=created)
        os.utime(p, (1000 + i, 1000 + i))
        paths.append(p)
    damaged = autosave_path(tmp_path, "2020-01-01T00:00:00.000Z")
    damaged.write_text("{", "utf-8")
    os.utime(damaged, (1, 1))
    gone = prune_autosaves(tmp_path, keep=2, spare=paths[0])
    assert sorted(gone) == sorted(paths[1:3])
    assert paths[0].is_file() and paths[3].is_file() and paths[4].is_file()
    assert named.is_file() and damaged.is_file()


def test_a_game_saver_prunes_old_autosaves_after_writing(tmp_path, monkeypatch):
    import hercules.app.saves.autosave as autosave_module

    seen = []
    monkeypatch.setattr(
        autosave_module, "prune_autosaves", lambda folder, spare: seen.append((folder, spare))
    )
    ctl = played()
    saver = GameSaver(ctl, ["A", "B"], folder=lambda: tmp_path)
    saver.save()
    saver.save(tmp_path / "named.json", label="x")  # a named save prunes nothing
    saver.close()
    assert seen == [(tmp_path, autosave_path(tmp_path, saver.created))]


def test_a_finished_games_autosave_is_kept_marked_finished_and_continue_skips_it(tmp_path):
    ctl = new_controller("standard", ["easy", "easy"], 9)
    while not ctl.is_over:
        ctl.step(wait=True)
    _, live = autosave_of(tmp_path, 3, 20, "2025-01-01T10:00:00.000Z")
    saver = GameSaver(ctl, ["A", "B"], created="2025-01-02T10:00:00.000Z", folder=lambda: tmp_path)
    saver.save()
    saver.close()
    done = autosave_path(tmp_path, saver.created)
    info = next(i for i in list_saves(tmp_path, RULES) if i.path == done)
    assert info.is_autosave and info.meta["finished"] is True
    assert latest_save(tmp_path, RULES) == live  # Continue resumes the unfinished one

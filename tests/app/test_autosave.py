"""The Autosaver: writes on its own thread, never writes what would not load, waits, closes."""

from __future__ import annotations

import random
import threading

import pytest

from hercules.app.controller import Controller
from hercules.app.saves import (
    Autosaver,
    GameSaver,
    SaveError,
    autosave_path,
    game_document,
    load_save,
    rules_resolver,
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
        target = autosave_path(tmp_path)
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


def test_a_game_saver_writes_the_autosave_slot_and_keeps_its_first_date(tmp_path):
    ctl = played()
    saver = GameSaver(ctl, ["Red", "Blue bot"], folder=lambda: tmp_path)
    assert saver.created is None
    saver.save()
    saver.wait()
    first = saver.created
    loaded = load_save(autosave_path(tmp_path), RULES)
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

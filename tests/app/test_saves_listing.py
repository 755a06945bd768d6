"""Listing a saves folder costs a full check once per file, not each time (issue 23, point 5)."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from hercules.app import saves
from hercules.app.saves import known, library
from hercules.app.saves.library import Listing, latest_save, list_saves, peek
from hercules.games.mebo.engine.adapter import RULES


@pytest.fixture
def folder(tmp_path):
    """A folder of the shipped example saves (two unfinished, one finished), copied."""
    known.forget_all()
    for path in saves.example_saves():
        shutil.copy(path, tmp_path / path.name)
    yield tmp_path
    known.forget_all()


@pytest.fixture
def loads(monkeypatch):
    """Counts the full checks (each replays a whole log)."""
    seen: list[str] = []
    real = library.load_save

    def counted(path, rules, **kw):
        seen.append(os.path.basename(path))
        return real(path, rules, **kw)

    monkeypatch.setattr(library, "load_save", counted)
    return seen


def test_listing_a_folder_again_checks_no_file_again(folder, loads):
    first = list_saves(folder, RULES)
    assert len(loads) == len(first) >= 3
    loads.clear()
    assert list_saves(folder, RULES) == first
    assert loads == []  # what was found of each unchanged file is kept


def test_a_file_changed_since_is_checked_again(folder, loads):
    list_saves(folder, RULES)
    loads.clear()
    victim = sorted(folder.iterdir())[0]
    doc = json.loads(victim.read_text(encoding="utf-8"))
    doc["label"] = "changed outside"
    victim.write_text(json.dumps(doc), encoding="utf-8")
    again = {i.path.name: i for i in list_saves(folder, RULES)}
    assert set(loads) == {victim.name}  # (twice: an edited file is tried as it would open)
    assert again[victim.name].damaged and again[victim.name].edited_outside  # the seal says so


def test_the_same_bytes_written_again_are_not_checked_again(folder, loads):
    list_saves(folder, RULES)
    loads.clear()
    victim = sorted(folder.iterdir())[0]
    victim.write_bytes(victim.read_bytes())  # a new file time, the same content
    list_saves(folder, RULES)
    assert loads == []


def test_a_file_the_game_writes_is_forgotten_and_checked_again(folder, loads):
    before = {i.path.name: i for i in list_saves(folder, RULES)}
    name = next(n for n, i in before.items() if not i.meta.get("finished"))
    game = saves.load_save(folder / name, RULES)
    doc = json.loads((folder / name).read_text(encoding="utf-8"))
    doc["label"] = "renamed in the game"
    doc.pop("integrity")
    saves.write_save(folder / name, doc)
    loads.clear()
    after = {i.path.name: i for i in list_saves(folder, RULES)}
    assert loads == [name] and after[name].label == "renamed in the game"
    assert game.label != "renamed in the game"


def test_continue_checks_only_the_newest_unfinished_save(folder, loads):
    for i in range(6):  # six more unfinished games, older than the examples say they are
        src = folder / "four_players_midgame.json"
        doc = json.loads(src.read_text(encoding="utf-8"))
        (folder / f"old-{i}.json").write_text(json.dumps(doc), encoding="utf-8")
    newest = latest_save(folder, RULES)
    assert newest is not None
    assert len(loads) <= 2, f"Continue checked {loads} to find one save"
    assert newest == latest_save(folder, RULES, include_finished=False)
    listed = [i for i in list_saves(folder, RULES) if not i.damaged and not i.meta["finished"]]
    assert newest == listed[0].path  # the same answer as checking every file


def test_a_damaged_newest_file_is_passed_over_for_the_next(folder):
    bad = folder / "newest.json"
    doc = json.loads((folder / "four_players_midgame.json").read_text(encoding="utf-8"))
    doc["updated"] = "2999-01-01T00:00:00.000Z"
    doc["seed"] = doc["seed"] + 1  # replays otherwise: refused
    bad.write_text(json.dumps(doc), encoding="utf-8")
    assert peek(bad) == ("2999-01-01T00:00:00.000Z", False)
    assert latest_save(folder, RULES) not in (None, bad)


def test_peek_reads_a_long_file_by_its_head_only(tmp_path):
    doc = json.loads(saves.example_saves()[0].read_text(encoding="utf-8"))
    doc["log"] = doc["log"] * 400  # long (and no longer a good save: a hint is all peek gives)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert path.stat().st_size > library.PEEK_BYTES
    assert peek(path) == (doc["updated"], doc["meta"]["finished"] is True)
    (tmp_path / "junk.json").write_bytes(b"\xff" * (library.PEEK_BYTES + 10))
    assert peek(tmp_path / "junk.json") == ("", False)


def test_a_listing_lists_from_the_headers_and_checks_a_file_when_asked(folder, loads):
    listing = Listing(folder, RULES)
    total = len(listing.unverified)
    assert total >= 3 and loads == [] and not any(i.verified for i in listing.infos)
    first = listing.unverified[0]
    info = listing.verify(first)
    assert loads == [first.name] and info.verified and not info.damaged
    assert listing.unverified == [p for p in listing.unverified if p != first]
    assert len(listing.unverified) == total - 1
    listing.check_all()
    assert listing.unverified == [] and all(i.verified for i in listing.infos)
    assert listing.infos == list_saves(folder, RULES)  # what a full listing gives
    loads.clear()
    again = Listing(folder, RULES)  # a second screen: everything known, nothing to check
    assert again.unverified == [] and loads == []

"""The load screen and Continue list saves from what each says of itself (its header) and
check a save fully only when it is chosen or opened; a damaged one is never offered as good."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from support.damaged_saves import corpus

from hercules.app import paths, saves
from hercules.app.registry import games, rules_for
from hercules.app.saves import known, library
from hercules.app.saves.header import HEAD_BYTES, read_header

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

KINDS = corpus()
_MADE: dict[str, bytes] = {}


def game_save_bytes(game_id: str) -> bytes:
    """A save the box writes of ``game_id``: bots played a few steps (made once a session)."""
    if game_id not in _MADE:
        spec = next(s for s in games() if s.id == game_id)
        kinds = [spec.bot_levels[0]] * spec.players[0]
        ctl = spec.new_controller(spec.variants[0], kinds, 11)
        for _ in range(25):
            if ctl.is_over:
                break
            ctl.step(wait=True)
        ctl.close()
        doc = saves.game_document(ctl, [f"P{i}" for i in range(len(kinds))], label="A game")
        _MADE[game_id] = saves.dumps(doc).encode("utf-8")
    return _MADE[game_id]


@pytest.fixture
def folder(tmp_path):
    known.forget_all()
    yield tmp_path
    known.forget_all()


@pytest.fixture
def loads(monkeypatch):
    """Every full check (a replay of a whole log), by file name."""
    seen: list[str] = []
    real = library.load_save

    def counted(path, rules, **kw):
        seen.append(os.path.basename(path))
        return real(path, rules, **kw)

    monkeypatch.setattr(library, "load_save", counted)
    return seen


# --- what a header says ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["hercules", "labors", "later_years", "companions"])
def test_a_good_saves_header_says_what_its_full_check_finds(game_id, folder, loads):
    path = folder / "game.json"
    path.write_bytes(game_save_bytes(game_id))
    listed = saves.header_info(path, rules_for)
    assert loads == [] and not listed.verified and not listed.damaged
    full = saves.save_info(path, rules_for)
    assert full.verified and not full.damaged
    said = (listed.game, listed.label, listed.created, listed.updated, listed.meta, listed.names)
    assert said == (full.game, full.label, full.created, full.updated, full.meta, full.names)
    assert listed.seats == full.seats


def test_the_shipped_examples_list_from_their_headers(folder, loads):
    listing = saves.Listing(saves.examples_dir(), rules_for)
    assert len(listing.infos) == len(saves.example_saves()) and loads == []
    assert all(not i.verified and not i.damaged for i in listing.infos)


def test_a_header_is_read_from_the_head_and_the_tail_only(folder):
    doc = json.loads(game_save_bytes("hercules"))
    doc["log"] = doc["log"] * 200  # a long game: far more than the head holds
    text = saves.dumps(doc).encode("utf-8")
    middle = len(text) // 2
    assert middle > HEAD_BYTES + 1024
    # Bytes that are not UTF-8 in the middle: a full check refuses the file, a header never
    # reads that far (what it says of itself is all the listing takes before a choice).
    broken = text[:middle] + b"\xff\xfe" + text[middle + 2 :]
    path = folder / "long.json"
    path.write_bytes(broken)
    header = read_header(path, {"hercules"})
    assert header is not None and header.label == doc["label"]
    assert header.names == tuple(doc["names"])
    assert saves.save_info(path, rules_for).damaged


def test_a_file_whose_header_does_not_look_like_a_save_is_checked_at_once(folder, loads):
    path = folder / "cut.json"
    good = game_save_bytes("hercules")
    path.write_bytes(good[: len(good) - 40])  # cut short: no closing brace
    info = saves.header_info(path, rules_for)
    assert info.verified and info.damaged and info.error_kind == "unreadable"
    assert info == saves.save_info(path, rules_for)  # the full check's own reason


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
def test_a_header_never_refuses_what_the_full_check_would_open(kind, folder):
    path = kind.make(folder)
    if not kind.listed:
        return
    listed = saves.header_info(path, rules_for)
    full = saves.save_info(path, rules_for)
    if listed.verified:  # the header did not look right: the full check spoke, at once
        assert listed == full
    assert listed.damaged <= full.damaged  # what a header lists as fine may yet be refused
    if not full.damaged:
        assert not listed.damaged


# --- damaged files are never offered as good ------------------------------------------------


def _truncated(good: bytes) -> bytes:
    return good[: len(good) // 2]


def _bit_flipped(good: bytes) -> bytes:
    doc = json.loads(good)
    text = saves.dumps(doc).encode("utf-8")
    at = text.index(b'"log"') + 200  # inside the log: the header reads fine
    return text[:at] + bytes([text[at] ^ 0x01]) + text[at + 1 :]


def _wrong_seal(good: bytes) -> bytes:
    doc = json.loads(good)
    doc["integrity"] = "sha256:" + "0" * 64
    return saves.dumps(doc).encode("utf-8")


@pytest.mark.parametrize("damage", [_truncated, _bit_flipped, _wrong_seal])
def test_a_damaged_save_is_marked_when_chosen_and_never_opens(damage, folder, app_in):
    from support.mouse import click

    app, load_scene = app_in
    path = paths.saves_dir() / "victim.json"
    path.write_bytes(damage(game_save_bytes("hercules")))
    before = path.read_bytes()
    load = load_scene(app)
    app.push(load)
    app.frame(1 / 60)
    row = next((item, rect) for k, item, rect in load.rows() if k == "save" and item.path == path)
    click(app, row[1].center, settle=1)
    chosen = load.selected
    assert chosen is not None and chosen.path == path and chosen.verified and chosen.damaged
    listed = next(i for i in load.mine if i.path == path)
    assert listed.damaged  # the row says so from now on
    assert load.message  # and why
    for replay in (False, True):
        load.open(replay=replay)
        if chosen.edited_outside:  # a wrong seal: it opens only once the player says so
            assert load.btn_open.is_enabled and type(app.top).__name__ == "ConfirmOverlay"
            app.pop()
        else:
            assert not load.btn_open.is_enabled and not load.btn_replay.is_enabled
        assert app.top is load  # nothing opened
    assert path.read_bytes() == before  # nor written


@pytest.fixture
def app_in(folder):
    from hercules.ui.app import App, Settings
    from hercules.ui.scenes.load import LoadScene

    paths.set_data_dir(folder / "data")
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    yield app, LoadScene
    app.close()
    paths.set_data_dir(None)


def test_a_row_keeps_its_place_when_its_check_finds_it_damaged(folder, app_in):
    app, load_scene = app_in
    good = game_save_bytes("hercules")
    for i in range(4):
        doc = json.loads(good)
        doc["updated"] = f"2030-01-0{i + 1}T00:00:00.000Z"
        doc.pop("integrity")  # an older save's: no seal, so the times may be set
        (paths.saves_dir() / f"s{i}.json").write_bytes(saves.dumps(doc).encode("utf-8"))
    victim = paths.saves_dir() / "s2.json"
    victim.write_bytes(_bit_flipped(victim.read_bytes()))
    load = load_scene(app)
    app.push(load)
    order = [i.path.name for i in load.mine]
    load.select(next(i for i in load.mine if i.path == victim))
    assert load.selected.damaged or load.selected.edited_outside
    assert [i.path.name for i in load.mine] == order


# --- Continue -------------------------------------------------------------------------------


def test_continue_is_offered_from_the_headers_and_replays_only_the_newest(folder, loads):
    good = game_save_bytes("later_years")
    for i in range(6):
        doc = json.loads(good)
        doc["updated"] = f"2030-01-0{i + 1}T00:00:00.000Z"
        doc.pop("integrity")
        (folder / f"s{i}.json").write_bytes(saves.dumps(doc).encode("utf-8"))
    assert saves.has_continue(folder, rules_for) and loads == []
    game = saves.latest_game(folder, rules_for)
    assert game is not None and game.path == folder / "s5.json"
    assert loads == ["s5.json"]  # the one it opens, once


def test_continue_passes_over_a_newest_save_that_does_not_open_and_remembers(folder, loads):
    good = game_save_bytes("hercules")
    older = json.loads(good)
    older["updated"] = "2030-01-01T00:00:00.000Z"
    older.pop("integrity")
    (folder / "older.json").write_bytes(saves.dumps(older).encode("utf-8"))
    newest = json.loads(good)
    newest["updated"] = "2031-01-01T00:00:00.000Z"
    newest["seed"] += 1  # the log no longer replays
    newest.pop("integrity")
    (folder / "newest.json").write_bytes(saves.dumps(newest).encode("utf-8"))
    game = saves.latest_game(folder, rules_for)
    assert game is not None and game.path == folder / "older.json"
    loads.clear()
    again = saves.latest_game(folder, rules_for)
    assert again is not None and again.path == folder / "older.json"
    assert loads == ["older.json"]  # the damaged newest is known: not tried again


def test_continue_finds_nothing_in_a_folder_of_finished_games(folder, loads):
    shutil.copy(
        next(p for p in saves.example_saves() if "finished" in p.name), folder / "done.json"
    )
    assert not saves.has_continue(folder, rules_for)
    assert saves.latest_game(folder, rules_for) is None and loads == []

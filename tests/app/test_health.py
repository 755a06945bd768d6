"""The start-up check of the data folder, saving turned off, and damaged settings set aside."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

import pytest
from support.storage import WORDS, break_folder

from hercules.app import health, paths
from hercules.app.settings import Settings, load_settings, open_settings, save_settings

STRINGS = Path(__file__).resolve().parents[2] / "assets" / "ui" / "strings"


@pytest.fixture(autouse=True)
def clean():
    health.reset()
    health.set_words(None)
    yield
    health.reset()
    paths.set_data_dir(None)


@pytest.mark.parametrize("case", list(WORDS))
def test_a_folder_that_cannot_keep_files_turns_saving_off(case, tmp_path, monkeypatch):
    folder = break_folder(case, tmp_path, monkeypatch)
    problem = paths.check_storage()
    assert problem is not None
    assert problem.kind == {"file": "not_a_folder"}.get(case, case)
    assert WORDS[case] in str(problem) and str(folder) in str(problem)
    assert health.problem(health.SAVES) == problem
    with pytest.raises(health.SavingOff) as caught:
        paths.saves_dir()
    assert str(caught.value) == f"saving is off: {problem}"
    with pytest.raises(health.SavingOff):
        save_settings(Settings())
    # Reading still works: nothing to read is not an error.
    assert load_settings() == Settings()
    assert paths.saves_dir_to_read() == folder / "saves"
    # Nothing was left behind by the probe.
    if folder.is_dir():
        leftovers = [p.name for p in folder.rglob("*") if p.is_file()]
        assert leftovers == []


def test_a_good_folder_keeps_saving_on_and_leaves_no_probe(tmp_path):
    paths.set_data_dir(tmp_path / "data")
    assert paths.check_storage() is None
    assert health.problem(health.SAVES) is None and health.problem(health.SETTINGS) is None
    assert paths.saves_dir().is_dir()
    # ... and the single-instance lock, held while this copy runs (never deleted)
    assert sorted(p.name for p in (tmp_path / "data").rglob("*")) == [".hercules.lock", "saves"]


def test_the_check_sweeps_stale_temporary_files_in_both_folders_only(tmp_path):
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    old = time.time() - 3600
    stale = [data / "saves" / ".game.json.abcd1234.tmp", data / ".settings.json.q_w_e_r_.tmp"]
    keep = [data / "saves" / "x.tmp", data / "saves" / ".game.json.tmp.keep", data / ".hidden"]
    for p in stale + keep:
        p.write_bytes(b"x")
        os.utime(p, (old, old))
    paths.set_data_dir(data)
    assert paths.check_storage() is None
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in keep)


def test_a_new_check_turns_saving_on_again(tmp_path):
    folder = tmp_path / "data"
    folder.write_bytes(b"")
    paths.set_data_dir(folder)
    assert paths.check_storage() is not None
    folder.unlink()
    assert paths.check_storage() is None
    assert paths.saves_dir().is_dir()


def test_the_english_words_are_the_shells_table(tmp_path):
    en = json.loads((STRINGS / "en.json").read_text("utf-8"))
    it = json.loads((STRINGS / "it.json").read_text("utf-8"))
    for key, text in health.ENGLISH.items():
        assert en[key] == text
        assert key in it
    assert {f"storage.why.{k}" for k in health.KINDS} <= set(health.ENGLISH)


def test_words_follow_the_translator(tmp_path):
    problem = health.StorageProblem("full", tmp_path)
    health.set_words(lambda key, **kw: f"<{key}>")
    assert str(problem) == "<storage.why.full>"
    assert str(health.SavingOff(problem)) == "<storage.off>"


# --- damaged settings ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\x00\xff\xfe\x89PNG junk\x00", b"", b"[1, 2]", b'{"format": "other"}'],
)
def test_a_damaged_settings_file_is_kept_aside_and_the_defaults_used(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, damaged = open_settings(path)
    assert settings == Settings()
    assert damaged is not None and damaged.kept is not None
    assert damaged.kept.parent == tmp_path
    assert damaged.kept.name.startswith("settings.json.damaged-")
    assert damaged.kept.read_bytes() == content  # never deleted, never changed
    assert not path.exists()
    # Told once: the next start finds no file and says nothing.
    assert open_settings(path) == (Settings(), None)


def test_a_folder_in_the_settings_files_place_is_set_aside_whole(tmp_path):
    path = tmp_path / "settings.json"
    path.mkdir()
    (path / "inside.txt").write_bytes(b"mine")
    settings, damaged = open_settings(path)
    assert settings == Settings() and damaged is not None and damaged.kept is not None
    assert (damaged.kept / "inside.txt").read_bytes() == b"mine"
    save_settings(Settings(bot_delay=2.0), path)  # the place is free again
    assert load_settings(path).bot_delay == 2.0


def test_an_unreadable_settings_file_is_set_aside(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"bot_delay": 1.0}')
    real = open

    def no_read(file, *a, **kw):
        if str(file) == str(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real(file, *a, **kw)

    monkeypatch.setattr("builtins.open", no_read)
    settings, damaged = open_settings(path)
    monkeypatch.undo()
    assert settings == Settings() and damaged is not None and damaged.kept is not None
    assert "cannot read" in damaged.reason
    assert damaged.kept.read_bytes() == b'{"bot_delay": 1.0}'


def test_two_damaged_files_in_one_second_are_both_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"{1")
    first = open_settings(path)[1]
    path.write_bytes(b"{2")
    second = open_settings(path)[1]
    assert first and second and first.kept and second.kept and first.kept != second.kept
    assert first.kept.read_bytes() == b"{1" and second.kept.read_bytes() == b"{2"


def test_bad_single_values_are_not_damage(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"bot_delay": "slow", "ui_scale": 1.5}), "utf-8")
    settings, damaged = open_settings(path)
    assert damaged is None and path.exists() and settings.ui_scale == 1.5


def test_a_settings_file_that_cannot_be_set_aside_is_still_survived(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_bytes(b"{")

    def no_rename(*a, **kw):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "rename", no_rename)
    settings, damaged = open_settings(path)
    assert settings == Settings() and damaged is not None and damaged.kept is None
    assert path.read_bytes() == b"{"


def test_open_settings_never_raises_when_its_folder_is_a_file(tmp_path):
    (tmp_path / "data").write_bytes(b"")
    paths.set_data_dir(tmp_path / "data")
    assert open_settings() == (Settings(), None)
    assert load_settings() == Settings()


# --- links that lead nowhere (issue 23, item 5) -----------------------------------------------


@pytest.mark.parametrize(
    ("case", "kind", "words"),
    [
        ("dangling", "dangling_link", "is a link that leads nowhere"),
        ("loop", "link_loop", "is a loop of links"),
        ("loop of two", "link_loop", "is a loop of links"),
    ],
)
def test_a_saves_link_that_leads_nowhere_or_loops_is_reported_as_such(tmp_path, case, kind, words):
    saves = tmp_path / "saves"
    if case == "dangling":
        saves.symlink_to(tmp_path / "gone")
    elif case == "loop":
        saves.symlink_to("saves")
    else:
        saves.symlink_to("other")
        (tmp_path / "other").symlink_to("saves")
    paths.set_data_dir(tmp_path)
    problem = paths.check_storage()
    assert problem is not None and problem.kind == kind
    assert problem.path == saves
    assert str(problem) == f"{saves} {words}"
    assert "is a file" not in str(problem)
    assert health.problem(health.SETTINGS) is None  # the folder itself still keeps settings
    assert saves.is_symlink() and not (tmp_path / "gone").exists()  # nothing made or moved


def test_a_data_folder_that_is_a_dangling_link_is_named_not_its_saves(tmp_path):
    data = tmp_path / "data"
    data.symlink_to(tmp_path / "gone")
    paths.set_data_dir(data)
    problem = paths.check_storage()
    assert problem is not None and problem.kind == "dangling_link" and problem.path == data


def test_a_link_to_a_file_is_still_a_file_not_a_folder(tmp_path):
    (tmp_path / "target").write_bytes(b"")
    (tmp_path / "saves").symlink_to("target")
    paths.set_data_dir(tmp_path)
    problem = paths.check_storage()
    assert problem is not None and problem.kind == "not_a_folder"


def test_the_link_words_are_in_every_language():
    en = json.loads((STRINGS / "en.json").read_text("utf-8"))
    it = json.loads((STRINGS / "it.json").read_text("utf-8"))
    for kind in ("dangling_link", "link_loop"):
        key = f"storage.why.{kind}"
        assert en[key] == health.ENGLISH[key] and "{path}" in it[key] and it[key] != en[key]

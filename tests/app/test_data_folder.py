"""The data folder's smaller findings (issue 23, item 5): a profile folder with a file in its
place, and the temporary files a killed copy leaves, swept at start-up whatever their age
when no other copy runs (the single-instance lock)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hercules.app import health, paths, profiles, statistics, storage
from hercules.app.settings import Settings, open_settings, save_settings

from .test_statistics import you_win

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def clean():
    health.reset()
    health.set_words(None)
    paths.set_profile(paths.DEFAULT_PROFILE)
    yield
    health.reset()
    paths.release_instance_lock()
    paths.set_profile(paths.DEFAULT_PROFILE)
    paths.set_data_dir(None)


# --- a profile's folder that is a file -------------------------------------------------------


def profile_with_a_file_for_its_folder(tmp_path: Path) -> Path:
    """The data folder of a profile p1 whose own folder ``profiles/p1`` is a file."""
    paths.set_data_dir(tmp_path)
    found = profiles.Profiles()
    profiles.add_profile(found, "Ann")
    profiles.use(found, "p1")
    profiles.save_profiles(found)
    (tmp_path / paths.PROFILES).mkdir()
    blocker = tmp_path / paths.PROFILES / "p1"
    blocker.write_bytes(b"not a folder")
    return blocker


def test_a_profile_folder_replaced_by_a_file_is_found_at_start_up(tmp_path):
    blocker = profile_with_a_file_for_its_folder(tmp_path)
    assert paths.check_storage() is None  # saving is not off: saves are kept as ever
    own = health.problem(health.PROFILE)
    assert own is not None and own.kind == "not_a_folder" and own.path == blocker
    assert str(own) == f"{blocker} is a file, not a folder"
    assert paths.saves_dir().is_dir()
    with pytest.raises(health.SavingOff) as caught:
        save_settings(Settings())
    assert str(caught.value) == f"saving is off: {blocker} is a file, not a folder"
    with pytest.raises(health.SavingOff):
        statistics.add_record(you_win(1, 30))
    assert open_settings() == (Settings(), None)  # reading: the defaults, quietly
    assert blocker.read_bytes() == b"not a folder"  # nothing was moved or overwritten


def test_a_profile_folder_replaced_by_a_file_during_play_is_said_once_then_off(tmp_path):
    paths.set_data_dir(tmp_path)
    paths.set_profile("p1")
    assert paths.check_storage() is None and health.problem(health.PROFILE) is None
    folder = tmp_path / paths.PROFILES / "p1"
    assert folder.is_dir()  # the start-up check made it
    folder.rmdir()
    folder.write_bytes(b"")
    with pytest.raises(health.FolderProblem) as caught:  # no Errno 17, the problem's words
        save_settings(Settings())
    assert str(caught.value) == caught.value.strerror == f"{folder} is a file, not a folder"
    assert isinstance(caught.value, OSError) and not isinstance(caught.value, health.SavingOff)
    with pytest.raises(health.SavingOff):  # from now on: off, said by the settings screen
        save_settings(Settings())
    with pytest.raises(health.SavingOff):
        statistics.add_record(you_win(1, 30))
    assert health.problem(health.SAVES) is None  # the saves are still kept


def test_choosing_another_profile_checks_its_folders_again(tmp_path):
    blocker = profile_with_a_file_for_its_folder(tmp_path)
    paths.check_storage()
    assert health.problem(health.PROFILE) is not None
    paths.set_profile(paths.DEFAULT_PROFILE)
    assert paths.check_profile() is None and health.problem(health.PROFILE) is None
    save_settings(Settings())  # the default profile's settings are kept again
    paths.set_profile("p1")
    assert paths.check_profile() is not None
    blocker.unlink()
    assert paths.check_profile() is None
    save_settings(Settings())
    assert (blocker / paths.SETTINGS_FILE).is_file()


# --- a dead writer's temporary files ---------------------------------------------------------


def temporary(folder: Path, name: str, age: float = 0.0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(b"{half a save")
    when = time.time() - age
    os.utime(path, (when, when))
    return path


def leftovers(tmp_path: Path) -> list[Path]:
    """Fresh temporary files in every folder the start-up check sweeps."""
    return [
        temporary(tmp_path / paths.SAVES, ".game.json.abcd1234.tmp"),
        temporary(tmp_path, ".statistics.json.bak.q_w_e_r_.tmp"),
        temporary(tmp_path, ".settings.json.zz_zz_zz.tmp"),
        temporary(tmp_path / paths.PROFILES / "p1", ".statistics.json.k3j_9xa2.tmp"),
    ]


def test_fresh_temporary_files_are_removed_at_start_up_when_no_other_copy_runs(tmp_path):
    paths.set_data_dir(tmp_path)
    paths.set_profile("p1")
    left = leftovers(tmp_path)
    keep = temporary(tmp_path / paths.SAVES, "game.json.abcd1234.tmp")  # not ours
    assert paths.check_storage() is None
    assert [p for p in left if p.exists()] == []
    assert keep.exists()
    assert (tmp_path / storage.LOCK_NAME).is_file()  # held for the rest of the process


HOLDER = """
import sys
from hercules.app import storage
lock = storage.hold_lock(sys.argv[1])
print("held" if lock else "not held", flush=True)
sys.stdin.read()  # until the test closes it (or kills this process)
"""


def other_copy(folder: Path) -> subprocess.Popen[str]:
    """A second process that takes ``folder``'s lock and holds it until its stdin closes."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    return proc


def stop(proc: subprocess.Popen[str]) -> None:
    try:
        if proc.stdin is not None:
            proc.stdin.close()
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=20)


def test_fresh_temporary_files_are_kept_while_another_copy_holds_the_lock(tmp_path):
    paths.set_data_dir(tmp_path)
    proc = other_copy(tmp_path)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        fresh = temporary(tmp_path / paths.SAVES, ".game.json.abcd1234.tmp")  # its write
        old = temporary(tmp_path / paths.SAVES, ".game.json.old12345.tmp", age=11 * 60)
        assert paths.check_storage() is None
        assert fresh.exists()  # the other copy may be writing it now
        assert not old.exists()  # the ten-minute rule still holds
        assert not paths.hold_instance_lock()
    finally:
        stop(proc)
    assert paths.hold_instance_lock()  # let go when that copy ended


def test_a_killed_copy_leaves_no_stale_lock(tmp_path):
    paths.set_data_dir(tmp_path)
    proc = other_copy(tmp_path)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        proc.kill()  # kill -9: no clean-up of its own
        proc.wait(timeout=20)
    finally:
        stop(proc)
    fresh = temporary(tmp_path / paths.SAVES, ".game.json.abcd1234.tmp")
    assert paths.check_storage() is None
    assert not fresh.exists()


def test_this_copy_holds_the_lock_so_a_second_one_keeps_the_ten_minute_rule(tmp_path):
    paths.set_data_dir(tmp_path)
    assert paths.check_storage() is None
    proc = other_copy(tmp_path)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "not held"
    finally:
        stop(proc)


def test_the_lock_moves_with_the_data_folder(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    assert paths.hold_instance_lock(first) and paths.hold_instance_lock(second)
    other = storage.hold_lock(first)  # let go: another open file takes it
    assert other is not None
    other.release()
    assert storage.hold_lock(second) is None  # held by this process's lock on b


def test_a_folder_where_no_lock_can_be_made_keeps_the_ten_minute_rule(tmp_path, monkeypatch):
    paths.set_data_dir(tmp_path)
    monkeypatch.setattr(storage, "hold_lock", lambda folder: None)
    fresh = temporary(tmp_path / paths.SAVES, ".game.json.abcd1234.tmp")
    assert paths.check_storage() is None
    assert fresh.exists()

"""Temporary files of killed writes are swept at start-up: only ours, only old ones."""

from __future__ import annotations

import os
import time

from hercules.app import storage

OLD = time.time() - 3600


def aged(path, when=OLD):
    os.utime(path, (when, when), follow_symlinks=False)
    return path


def test_only_our_old_temporary_files_are_deleted(tmp_path):
    ours = [
        tmp_path / ".game.json.k3j_9xa2.tmp",
        tmp_path / ".autosave.json.bak.abcd1234.tmp",
        tmp_path / ".settings.json.zz_zz_zz.tmp",
    ]
    for p in ours:
        p.write_bytes(b"{half")
        aged(p)
    fresh = tmp_path / ".game.json.fresh123.tmp"  # another running copy may be writing it
    fresh.write_bytes(b"{")
    lookalikes = [
        tmp_path / "x.tmp",
        tmp_path / ".hidden",
        tmp_path / ".game.json.tmp.keep",
        tmp_path / "game.json.abcd1234.tmp",  # not hidden: not ours
        tmp_path / ".game.txt.abcd1234.tmp",
        tmp_path / ".game.json.ABCD1234.tmp",  # mkstemp never uses capitals
        tmp_path / ".game.json.abc.tmp",
        tmp_path / "game.json",
        tmp_path / "game.json.bak",
    ]
    for p in lookalikes:
        p.write_bytes(b"keep me")
        aged(p)
    folder = tmp_path / ".game.json.dir12345.tmp"
    folder.mkdir()
    (folder / "inside").write_bytes(b"keep")
    aged(folder)
    target = tmp_path / "target.json"
    target.write_bytes(b"keep")
    link = tmp_path / ".game.json.link1234.tmp"
    link.symlink_to(target)
    aged(link)

    removed = storage.sweep_temporary(tmp_path)

    assert sorted(removed) == sorted(ours)
    assert not any(p.exists() for p in ours)
    assert fresh.exists()
    for p in lookalikes:
        assert p.read_bytes() == b"keep me", p
    assert (folder / "inside").read_bytes() == b"keep"
    assert link.is_symlink() and target.read_bytes() == b"keep"


def test_the_age_limit_is_ten_minutes(tmp_path):
    p = tmp_path / ".game.json.abcd1234.tmp"
    p.write_bytes(b"")
    aged(p, time.time() - 9 * 60)
    assert storage.sweep_temporary(tmp_path) == [] and p.exists()
    aged(p, time.time() - 11 * 60)
    assert storage.sweep_temporary(tmp_path) == [p] and not p.exists()


def test_a_missing_or_unreadable_folder_sweeps_nothing(tmp_path):
    assert storage.sweep_temporary(tmp_path / "missing") == []
    f = tmp_path / "file"
    f.write_bytes(b"")
    assert storage.sweep_temporary(f) == []


def test_the_names_atomic_write_leaves_are_the_names_swept(tmp_path, monkeypatch):
    left = []
    real = os.replace

    def killed(src, dst):
        left.append(os.path.basename(src))
        raise KeyboardInterrupt  # the write is killed after its temporary file is full

    monkeypatch.setattr(os, "unlink", lambda p: None)  # and nothing cleans up after it
    monkeypatch.setattr(os, "replace", killed)
    target = tmp_path / "game.json"
    target.write_bytes(b"old")
    for backup in (False, True):
        try:
            storage.atomic_write(target, b"new", backup=backup)
        except KeyboardInterrupt:
            pass
    monkeypatch.setattr(os, "replace", real)
    monkeypatch.undo()
    assert left and all(storage.TEMP_NAME.fullmatch(n) for n in left)
    for n in left:
        aged(tmp_path / n)
    assert len(storage.sweep_temporary(tmp_path)) == len(left)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_atomic_write_keeps_the_last_good_version_as_bak_and_the_sweep_leaves_it(tmp_path):
    target = tmp_path / "game.json"
    storage.atomic_write(target, b"first")
    assert not storage.backup_path(target).exists()
    storage.atomic_write(target, b"second")
    storage.atomic_write(target, b"third")
    assert target.read_bytes() == b"third"
    assert storage.backup_path(target).read_bytes() == b"second"
    for p in tmp_path.iterdir():
        aged(p)
    assert storage.sweep_temporary(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.bak"]

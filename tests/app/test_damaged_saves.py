"""No save file can crash anything: the corpus of damaged and hostile saves, off screen.

Every kind of :mod:`support.damaged_saves` must come out the same on every reading path
that needs no window: ``hercules --check-save`` (in process: exit code and one printable
line), :func:`~hercules.app.saves.save_info` and the list of a saves folder and of an
examples folder (one row, damaged with the specific reason, or good and then it opens), and
reading never changes a byte of the data folder. The window's paths (the load screen,
Continue, replays) are in ``tests/ui/test_damaged_saves_ui.py``.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.damaged_saves import EDITED, OPENS, Kind, corpus, real_save_bytes, tree_hash

from hercules import cli
from hercules.app import paths, saves, storage
from hercules.app.registry import get_game, rules_for
from hercules.app.saves import schema

KINDS = corpus()


def check_verdict(kind: Kind, path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """``hercules --check-save``: exit 0/1 and exactly one printable line; the line."""
    code = cli.main(["--check-save", str(path)])
    out = capsys.readouterr().out
    assert out.endswith("\n") and out.count("\n") == 1, repr(out)
    line = out[:-1]
    assert line == saves.printable(line)  # whatever the file name or the file held
    assert line.startswith(saves.printable(str(path)) + ": ")
    if kind.outcome == OPENS:
        assert code == 0 and ": good save: " in line, line
    else:
        assert code == 1 and ": bad save: " in line, line
        want = saves.EDITED_REASON if kind.outcome == EDITED else kind.outcome
        assert want in line, line
    assert "this file is damaged" not in line  # the specific check refused it, not the catch
    return line


def check_row(kind: Kind, row: saves.SaveInfo) -> None:
    """A listed row says what the kind must say; a good row opens."""
    assert row.title == saves.printable(row.title)
    if kind.outcome == OPENS:
        assert not row.damaged and row.error_kind == "", row.error
        loaded = saves.load_save(row.path, rules_for)
        spec = get_game(loaded.game)
        saves.restore_controller(loaded, spec.rules, spec.make_bot).close()
    elif kind.outcome == EDITED:
        assert row.damaged and row.edited_outside and row.error == saves.EDITED_REASON
        assert row.error_kind == "edited"
        saves.check_openable(saves.load_save(row.path, rules_for, trust_edits=True))
    else:
        assert row.damaged and not row.edited_outside
        assert row.error_kind in saves.ERROR_KINDS and row.error_kind != "edited"
        assert kind.outcome in row.error and "\n" not in row.error, row.error
        assert "this file is damaged" not in row.error


def test_the_corpus_has_at_least_sixty_kinds_with_unique_names():
    names = [k.name for k in KINDS]
    assert len(names) >= 60 and len(set(names)) == len(names)
    assert sum(k.outcome == OPENS for k in KINDS) >= 4  # harmless kinds open
    assert any(k.outcome == EDITED for k in KINDS)


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
def test_every_kind_comes_out_the_same_on_every_path_without_a_window(
    kind, tmp_path, capsys, monkeypatch
):
    paths.set_data_dir(tmp_path / "data")
    try:
        folder = paths.saves_dir()
        (folder / "good.json").write_bytes(real_save_bytes())  # a neighbour that must list
        path = kind.make(folder)
        examples = tmp_path / "examples"
        examples.mkdir()
        example = kind.make(examples)
        before = tree_hash(tmp_path)

        check_verdict(kind, path, capsys)
        for where, one in ((folder, path), (examples, example)):
            rows = saves.list_saves(where, rules_for)
            mine = [r for r in rows if r.path == one]
            assert len(mine) == (1 if kind.listed else 0)
            for row in mine:
                check_row(kind, row)
            assert all(not r.damaged for r in rows if r.path.name == "good.json")
        if kind.listed:
            check_row(kind, saves.save_info(path, rules_for))
            latest = saves.latest_save(folder, rules_for)
            assert latest in ({path, folder / "good.json"} if kind.outcome == OPENS else {latest})
            assert latest != path or kind.outcome == OPENS
        else:
            assert saves.save_info(path, rules_for).damaged
        assert tree_hash(tmp_path) == before  # reading never writes
    finally:
        paths.set_data_dir(None)


# --- the last catch -------------------------------------------------------------------------


def _boom(*args, **kwargs):
    raise ZeroDivisionError("a bug nobody expected")


def test_an_unexpected_error_is_a_damaged_file_on_every_path_without_a_window(
    tmp_path, capsys, caplog, monkeypatch
):
    path = tmp_path / "fine.json"
    path.write_bytes(real_save_bytes())
    monkeypatch.setattr(schema, "check_bot_rngs", _boom)
    monkeypatch.setattr(saves.document, "check_bot_rngs", _boom)
    code = cli.main(["--check-save", str(path)])
    captured = capsys.readouterr()
    assert code == 1
    assert (
        captured.out
        == f"{path}: bad save: this file is damaged: ZeroDivisionError: a bug\
 nobody expected\n"
    )
    # Logged once with its traceback (stderr, when nothing else handles the log), for whoever
    # hunts the missing check.
    assert [r.exc_info is not None for r in caplog.records] == [True]
    row = saves.save_info(path, rules_for)
    assert row.error == "this file is damaged: ZeroDivisionError: a bug nobody expected"
    assert row.error_kind == "damaged"
    assert [r.error for r in saves.list_saves(tmp_path, rules_for)] == [row.error]


# --- the kind of a refusal (what the screens word in the player's language) ------------------

#: A sample of the corpus, across every kind of refusal.
EXPECTED_KINDS = {
    "0-byte file": "unreadable",
    "truncated in half": "unreadable",
    "not JSON": "unreadable",
    "a JSON list": "unreadable",
    "UTF-16 file": "unreadable",
    "deep nesting": "unreadable",
    "deep nesting in a field": "unreadable",
    "over 8 MB": "unreadable",
    "a directory named .json": "unreadable",
    "newer version": "newer",
    "another game's format": "other_game",
    "unknown game id": "other_game",
    "integrity tampered": "edited",
    "label: NUL": "damaged",
    "seat: unknown bot level": "damaged",
    "version 0": "damaged",
    "game id not text": "damaged",
    "meta: lies": "damaged",
    "version-1 save: extra key": "damaged",
}


@pytest.mark.parametrize("name", sorted(EXPECTED_KINDS))
def test_a_refusal_says_its_kind_when_read_and_when_listed(name, tmp_path):
    kind = next(k for k in KINDS if k.name == name)
    path = kind.make(tmp_path)
    want = EXPECTED_KINDS[name]
    assert saves.save_info(path, rules_for).error_kind == want
    try:
        saves.check_openable(saves.load_save(path, rules_for))
    except saves.SaveError as exc:
        assert exc.kind == want and exc.path == path
    else:
        raise AssertionError(f"{name} opened")


def test_the_kind_is_damaged_unless_a_raise_says_otherwise_and_every_rewrap_keeps_it(tmp_path):
    assert saves.SaveError("x").kind == "damaged"
    assert saves.SaveError("x", kind="newer").kind == "newer"
    assert saves.EditedSaveError(saves.EDITED_REASON).kind == "edited"
    with pytest.raises(ValueError, match="unknown save error kind"):
        saves.SaveError("x", kind="broken")
    plain = storage.StorageError("the file is empty", tmp_path / "a.json")
    assert saves.SaveError.of(plain).kind == "unreadable"
    assert schema.damaged(plain).kind == "unreadable"  # a storage error is not a bug
    assert saves.SaveError.of(saves.SaveError("x", kind="other_game")).kind == "other_game"
    assert schema.damaged(ZeroDivisionError("bug")).kind == "damaged"
    with pytest.raises(saves.SaveError) as caught:
        saves.load_save(tmp_path / "missing.json", rules_for)
    assert caught.value.kind == "unreadable"
    # Resuming a game the box lacks: restore_controller re-raises with the loaded path.
    path = tmp_path / "fine.json"
    path.write_bytes(real_save_bytes())
    loaded = dataclasses.replace(saves.load_save(path, rules_for), game="chess")
    with pytest.raises(saves.SaveError) as caught:
        saves.restore_controller(loaded, rules_for, lambda level: None)
    assert caught.value.kind == "other_game" and caught.value.path == path


def test_a_bot_level_the_box_lacks_is_bad_everywhere_not_only_when_opening(tmp_path, capsys):
    # "good" means "will open": the check is restore_controller's own.
    kind = next(k for k in KINDS if k.name == "seat: unknown bot level")
    path = kind.make(tmp_path)
    loaded = saves.load_save(path, rules_for)  # the document itself is fine
    with pytest.raises(saves.SaveError, match="unknown bot level 'godlike'"):
        saves.check_openable(loaded)
    spec = get_game(loaded.game)
    with pytest.raises(saves.SaveError, match="unknown bot level 'godlike'"):
        saves.restore_controller(loaded, spec.rules, spec.make_bot)
    assert "unknown bot level" in check_verdict(kind, path, capsys)


def test_a_superscript_seat_key_was_a_crash_and_is_now_a_reason():
    # str.isdigit() accepts "²" and int() refuses it: a ValueError nothing caught.
    seats = [schema.Seat("bot", "easy", "")] * 3
    for key in ("²", "١", "０", "01", "1 ", "+1", "-1", "1000"):
        with pytest.raises(saves.SaveError, match="is not a bot's seat"):
            schema.check_bot_rngs({key: [3, [0] * 625, None]}, seats)


@pytest.mark.parametrize(
    "text, problem",
    [
        ("plain", ""),
        ("emoji 👩\u200d👩\u200d👧 and ️⚔\ufe0f", ""),  # joiners and selectors are fine
        ("tab\there", "holds a control character (U+0009)"),
        ("\x85", "holds a control character (U+0085)"),
        ("\udfff", "holds an unpaired surrogate (U+DFFF)"),
        ("\u2066isolate", "holds a control character (U+2066)"),
        ("x" * 101, "is longer than 100 characters"),
    ],
)
def test_one_text_rule_on_load(text, problem):
    assert schema.text_problem(text) == problem
    assert schema.text_problem(saves.clean_text(text)) == ""  # writing cleans by the same rule


def test_a_game_with_hostile_names_and_reasons_writes_a_save_its_loader_takes(tmp_path):
    spec = get_game("hercules")
    ctl = spec.new_controller("standard", ["human", "easy"], 5)
    try:
        ctl.step(wait=False) if not ctl.human_to_act() else ctl.submit(ctl.legal()[0], ctl.actor)
        names = ["a\x00b\ud800", "x" * 5000]
        path = tmp_path / "s.json"
        saves.save_game(path, ctl, names, label="\u202e\x1bevil")
        loaded = saves.load_save(path, rules_for)
        assert loaded.names == ("ab", "x" * saves.MAX_TEXT)
        assert loaded.label == "evil"
    finally:
        ctl.close()


@pytest.mark.parametrize(
    "name", ["a file name with a newline and ESC", "a file name that is not UTF-8"]
)
def test_the_command_prints_one_line_whatever_the_file_name_holds(name, tmp_path):
    path = next(k for k in KINDS if k.name == name).make(tmp_path)
    r = subprocess.run(
        [sys.executable, "-P", "-m", "hercules", "--check-save", os.fsencode(path)],
        capture_output=True,
        timeout=60,
        env={**os.environ, "HERCULES_DATA_DIR": str(tmp_path / "data")},
    )
    assert r.returncode == 0 and r.stderr == b""
    line = r.stdout.decode("utf-8")
    assert line.count("\n") == 1 and ": good save: " in line
    assert "\x1b" not in line and "?" in line

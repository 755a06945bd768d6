"""Save names: limited in bytes of the file system's encoding; colliding slots are found."""

from __future__ import annotations

import os
import unicodedata

import pytest

from hercules.app.saves import (
    MAX_NAME,
    SUFFIX,
    sanitize_name,
    save_game,
    slot_path,
    slot_taken,
    usable_name,
)
from hercules.games.mebo.engine.adapter import RULES
from hercules.games.mebo.spec import new_controller


def fs_len(stem: str) -> int:
    return len(os.fsencode(stem))


@pytest.mark.parametrize(
    "char,size", [("x", 1), ("é", 2), ("漢", 3), ("字", 3), ("🦁", 4), ("⚔", 3)]
)
def test_names_are_limited_in_bytes_not_characters(char, size):
    assert MAX_NAME == 120
    stem = sanitize_name(char * 500)
    assert fs_len(stem) <= MAX_NAME
    assert stem == char * (MAX_NAME // size)  # whole characters only, as many as fit
    assert slot_path("/tmp/x", char * 500).name == stem + SUFFIX


def test_mixed_multibyte_names_are_cut_at_a_character_boundary():
    name = "Partita di Ércole 漢字 🦁 " * 20
    stem = sanitize_name(name)
    assert fs_len(stem) <= MAX_NAME and fs_len(stem) > MAX_NAME - 4
    assert stem == stem.strip(" _-") and name.startswith(stem)
    stem.encode("utf-8")  # no half character


def test_a_short_multibyte_name_is_kept_whole():
    assert sanitize_name("漢字 🦁 é") == "漢字 🦁 é"


@pytest.mark.parametrize("name", ["", " ", "  \t ", "..", ".", "///", "\\..\\", "_-_", "\x00"])
def test_names_that_give_nothing_usable_are_flagged(name):
    assert not usable_name(name)
    assert sanitize_name(name) == "save"  # deterministic, but the dialog refuses such names


@pytest.mark.parametrize("name", ["a", "CON", "nul", "com1", "LPT9", "autosave", "🦁", "漢"])
def test_names_with_something_left_are_usable(name):
    assert usable_name(name)


@pytest.mark.parametrize("name", ["con", "CON", "Nul", "com1", "COM¹", "lpt3", "aux", "prn"])
def test_reserved_windows_names_never_name_a_device(name):
    assert sanitize_name(name) == unicodedata.normalize("NFKC", name) + "_"


def _save(folder, stem: str) -> None:
    ctl = new_controller("standard", ["human", "easy"], 3)
    save_game(folder / (stem + SUFFIX), ctl, ["A", "B"], label=stem)
    ctl.close()


def test_slot_taken_finds_the_slot_whatever_the_case(tmp_path):
    _save(tmp_path, "My Game")
    for name in ("My Game", "my game", "MY GAME", "  my   GAME ", "my/game".replace("/", " ")):
        hit = slot_taken(tmp_path, name)
        assert hit is not None and hit.path == tmp_path / "My Game.json", name
    assert slot_taken(tmp_path, "My Game 2") is None
    full = slot_taken(tmp_path, "my game", RULES)
    assert full is not None and full.label == "My Game" and not full.damaged


def test_slot_taken_matches_across_unicode_normalisation(tmp_path):
    decomposed = "He\u0301racle"  # é as e + combining accent, as macOS may list it
    (tmp_path / (decomposed + SUFFIX)).write_text("{}", "utf-8")
    hit = slot_taken(tmp_path, "HÉRACLE")
    assert hit is not None and hit.path.name == decomposed + SUFFIX


def test_reserved_names_and_their_escaped_form_share_a_slot(tmp_path):
    _save(tmp_path, "con_")
    for name in ("CON", "con", "Con_"):
        hit = slot_taken(tmp_path, name)
        assert hit is not None and hit.path.name == "con_.json"
    assert slot_taken(tmp_path, "nul") is None


def test_slot_taken_prefers_the_exact_file_and_ignores_other_files(tmp_path):
    _save(tmp_path, "Game")
    _save(tmp_path, "GAME")
    (tmp_path / ".Game.json.tmp").write_text("x", "utf-8")
    (tmp_path / "game.txt").write_text("x", "utf-8")
    hit = slot_taken(tmp_path, "GAME")
    assert hit is not None and hit.path.name in {"GAME.json", "Game.json"}
    assert slot_path(tmp_path, "GAME") == tmp_path / "GAME.json"  # deterministic
    if (tmp_path / "GAME.json").exists() and (tmp_path / "Game.json").exists():
        assert hit.path.name == "GAME.json"  # a case-sensitive system: the exact one
    assert slot_taken(tmp_path / "missing", "x") is None


def test_a_long_multibyte_name_finds_its_own_slot(tmp_path):
    name = "漢字🦁" * 60
    _save(tmp_path, sanitize_name(name))
    hit = slot_taken(tmp_path, name)
    assert hit is not None and fs_len(hit.slot) <= MAX_NAME

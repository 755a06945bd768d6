"""An older save without an integrity seal is sealed once it has opened (issue 23, point 5)."""

from __future__ import annotations

import json
import shutil

import pytest

from hercules.app import paths, saves
from hercules.app.registry import rules_for
from hercules.ui.app import App, Settings

EXAMPLE = "four_players_midgame.json"


@pytest.fixture
def unsealed(tmp_path):
    """An example save as an older version wrote it: no integrity field, in the saves folder."""
    paths.set_data_dir(tmp_path)
    path = paths.saves_dir() / "old game.json"
    doc = json.loads((saves.examples_dir() / EXAMPLE).read_text(encoding="utf-8"))
    doc.pop("integrity")
    path.write_text(json.dumps(doc), encoding="utf-8")
    yield path
    paths.set_data_dir(None)


def _relabel(path, label):
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["label"] = label
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_an_unsealed_save_takes_a_change_silently_until_it_is_sealed(unsealed):
    _relabel(unsealed, "changed outside")
    assert saves.load_save(unsealed, rules_for).label == "changed outside"  # why it is sealed


def test_opening_an_unsealed_save_seals_it_and_a_later_change_is_caught(unsealed):
    before = saves.load_save(unsealed, rules_for)
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    app.nav.open_saved(before)
    app.close()
    doc = json.loads(unsealed.read_text(encoding="utf-8"))
    assert doc["integrity"] == saves.content_digest(doc)
    after = saves.load_save(unsealed, rules_for)
    assert (after.state, after.actions, after.names, after.label) == (
        before.state,
        before.actions,
        before.names,
        before.label,
    )
    assert "integrity" not in json.loads(saves.backup_path(unsealed).read_text(encoding="utf-8"))
    _relabel(unsealed, "changed outside")
    info = saves.save_info(unsealed, rules_for)
    assert info.damaged and info.edited_outside  # no longer silent


def test_a_replay_seals_it_too(unsealed):
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    app.nav.replay(saves.load_save(unsealed, rules_for))
    app.close()
    assert "integrity" in json.loads(unsealed.read_text(encoding="utf-8"))


def test_a_sealed_save_and_a_save_that_does_not_load_are_left_as_they_are(tmp_path):
    sealed = tmp_path / "sealed.json"
    shutil.copy(saves.examples_dir() / EXAMPLE, sealed)
    data = sealed.read_bytes()
    assert not saves.seal(sealed, rules_for)
    assert sealed.read_bytes() == data
    broken = tmp_path / "broken.json"
    doc = json.loads(data)
    doc.pop("integrity")
    doc["seed"] += 1  # no longer replays
    broken.write_text(json.dumps(doc), encoding="utf-8")
    text = broken.read_bytes()
    assert not saves.seal(broken, rules_for)
    assert broken.read_bytes() == text and not saves.backup_path(broken).exists()


def test_the_shipped_examples_are_never_rewritten_by_opening(tmp_path, monkeypatch):
    paths.set_data_dir(tmp_path)
    try:
        sealed_calls = []
        monkeypatch.setattr(saves, "seal", lambda *a: sealed_calls.append(a) or True)
        app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
        app.nav.title()
        app.nav.open_saved(saves.load_save(saves.examples_dir() / EXAMPLE, rules_for))
        app.close()
        assert sealed_calls == []
    finally:
        paths.set_data_dir(None)

"""Where files live (overridable, never the real home folder in tests) and persistent settings."""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hercules.app import paths
from hercules.app.settings import PALETTES, Settings, load_settings, save_settings


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No override left behind, and platformdirs pointed into tmp_path."""
    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    calls = []

    def fake(kind):
        def where(appname, appauthor=None, **kw):
            calls.append((kind, appname, appauthor))
            return str(tmp_path / "platform" / kind / appname)

        return where

    monkeypatch.setattr(paths.platformdirs, "user_data_dir", fake("data"))
    monkeypatch.setattr(paths.platformdirs, "user_config_dir", fake("config"))
    paths.set_data_dir(None)
    yield calls
    paths.set_data_dir(None)


def test_default_folders_come_from_platformdirs_without_an_author(tmp_path, isolated):
    assert not (tmp_path / "platform").exists()
    saves = paths.saves_dir()
    assert saves == tmp_path / "platform" / "data" / "hercules" / "saves" and saves.is_dir()
    assert paths.settings_path() == tmp_path / "platform" / "config" / "hercules" / "settings.json"
    assert paths.settings_path().parent.is_dir() and not paths.settings_path().exists()
    assert ("data", "hercules", False) in isolated and ("config", "hercules", False) in isolated


def test_the_environment_variable_redirects_everything_to_one_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "env"))
    assert paths.saves_dir() == tmp_path / "env" / "saves"
    assert paths.settings_path() == tmp_path / "env" / "settings.json"
    assert (tmp_path / "env" / "saves").is_dir()
    assert not (tmp_path / "platform").exists()


def test_an_empty_environment_variable_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.ENV_VAR, "  ")
    assert paths.saves_dir() == tmp_path / "platform" / "data" / "hercules" / "saves"


def test_set_data_dir_wins_over_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "env"))
    paths.set_data_dir(tmp_path / "cli")
    assert paths.saves_dir() == tmp_path / "cli" / "saves"
    assert paths.settings_path() == tmp_path / "cli" / "settings.json"
    paths.set_data_dir(None)
    assert paths.saves_dir() == tmp_path / "env" / "saves"


def test_a_relative_data_dir_is_made_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    paths.set_data_dir("rel")
    assert paths.data_dir() == tmp_path / "rel"


def test_platformdirs_is_imported_only_by_paths():
    import hercules

    imports = re.compile(r"^\s*(import|from)\s+platformdirs\b", re.MULTILINE)
    users = [
        str(f.relative_to(hercules.__path__[0]))
        for f in sorted(Path(hercules.__path__[0]).rglob("*.py"))
        if imports.search(f.read_text("utf-8"))
    ]
    assert users == [str(Path("app") / "paths.py")]


def test_the_engine_and_saves_stay_headless():
    code = (
        "import sys, hercules.app.saves, hercules.app.settings, hercules.games.mebo.engine.adapter;"
        "assert 'pygame' not in sys.modules, 'pygame imported'"
    )
    subprocess.run([sys.executable, "-P", "-c", code], check=True)


# --- settings -----------------------------------------------------------------------------


def test_missing_settings_give_the_defaults(tmp_path):
    paths.set_data_dir(tmp_path)
    assert load_settings() == Settings()


def test_settings_round_trip(tmp_path):
    paths.set_data_dir(tmp_path)
    s = Settings(
        animation_speed=2.0,
        bot_delay=0.2,
        fullscreen=True,
        window_size=(1920, 1080),
        ui_scale=1.25,
        palette=PALETTES[1],
        games={"hercules": {"confirm_end_turn": True}},
        music_volume=0.0,
        effects_volume=1.0,
        language="pt-BR",
    )
    save_settings(s)
    assert (tmp_path / "settings.json").is_file()
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp file left
    assert load_settings() == s
    assert load_settings(tmp_path / "settings.json").window_size == (1920, 1080)


def test_bad_values_fall_back_to_their_defaults_with_the_reason_logged(tmp_path, caplog):
    path = tmp_path / "settings.json"
    doc = {
        "animation_speed": "fast",
        "bot_delay": -1,
        "fullscreen": "yes",
        "window_size": [100, 100],
        "ui_scale": 1.5,
        "palette": "neon",
        "confirm_end_turn": 1,
        "music_volume": 7,
        "effects_volume": True,
        "language": "../../etc",
        "future_option": {"kept": True},
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="hercules.app.settings"):
        s = load_settings(path)
    d = Settings()
    assert s.ui_scale == 1.5  # the one good value is kept
    assert (s.animation_speed, s.bot_delay, s.fullscreen) == (d.animation_speed, d.bot_delay, False)
    assert (s.window_size, s.palette) == (d.window_size, d.palette)
    assert s.game_value("hercules", "confirm_end_turn") is False
    assert (s.music_volume, s.effects_volume, s.language) == (
        d.music_volume,
        d.effects_volume,
        "en",
    )
    logged = caplog.text
    for name in ("animation_speed", "bot_delay", "fullscreen", "window_size", "palette"):
        assert name in logged
    assert "ui_scale" not in logged
    # Keys this version does not know survive a save.
    save_settings(s, path)
    assert json.loads(path.read_text("utf-8"))["future_option"] == {"kept": True}


@pytest.mark.parametrize(
    "content",
    [b"", b"{", b"[1, 2]", b"\xff\xfe\x00garbage", b'{"animation_speed": NaN}', b"null"],
)
def test_a_damaged_settings_file_never_crashes(tmp_path, caplog, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="hercules.app.settings"):
        assert load_settings(path) == Settings()
    assert "settings" in caplog.text
    assert path.read_bytes() == content  # reading never rewrites it


def test_a_huge_settings_file_is_not_read(tmp_path, caplog):
    path = tmp_path / "settings.json"
    with open(path, "wb") as f:
        f.truncate(10 * 1024 * 1024)
    with caplog.at_level(logging.WARNING, logger="hercules.app.settings"):
        assert load_settings(path) == Settings()
    assert "too large" in caplog.text


def test_saving_settings_replaces_the_file_atomically(tmp_path, monkeypatch):
    import os

    path = tmp_path / "settings.json"
    save_settings(Settings(bot_delay=1.0), path)
    before = path.read_bytes()

    def dying_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", dying_replace)
    with pytest.raises(OSError):
        save_settings(Settings(bot_delay=2.0), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


# --- each game's own settings: declared by its ``settings`` hook, kept in its section --------


def test_an_older_files_game_settings_move_into_their_games_section():
    s, problems = Settings.from_json({"confirm_end_turn": True, "confirm_end_with_labour": False})
    assert not problems
    assert s.games == {"hercules": {"confirm_end_turn": True, "confirm_end_with_labour": False}}
    doc = s.to_json()
    assert "confirm_end_turn" not in doc and "confirm_end_with_labour" not in doc
    assert Settings.from_json(doc)[0] == s  # and read back from the new place


def test_a_games_settings_default_to_what_the_game_declares_and_are_checked():
    s = Settings()
    assert s.games == {}  # nothing chosen: the game's defaults
    assert s.game_value("hercules", "confirm_end_turn") is False
    assert s.game_value("hercules", "confirm_end_with_labour") is True
    s.set_game_value("hercules", "confirm_end_turn", True)
    assert s.games == {"hercules": {"confirm_end_turn": True}}
    with pytest.raises(ValueError):
        s.set_game_value("hercules", "confirm_end_turn", "yes")
    with pytest.raises(KeyError):
        s.game_value("labors", "confirm_end_turn")  # a game declares only its own


def test_a_bad_game_value_falls_back_and_another_boxs_game_is_kept():
    doc = {"games": {"hercules": {"confirm_end_turn": 3}, "elsewhere": {"fast": True}}}
    s, problems = Settings.from_json(doc)
    assert problems and "hercules.confirm_end_turn" in problems[0]
    assert s.game_value("hercules", "confirm_end_turn") is False
    assert s.games["elsewhere"] == {"fast": True}  # a game this box lacks: kept as it was
    assert Settings.from_json({"games": "lots"})[1]  # not an object of objects: refused


def test_a_game_without_a_settings_hook_has_none(monkeypatch):
    from hercules.app.registry import get_game
    from hercules.app.settings import game_settings

    monkeypatch.delitem(get_game("hercules").tools, "settings", raising=False)
    assert game_settings() == []
    s, problems = Settings.from_json({"confirm_end_turn": True})
    assert s.games == {} and s.extra == {"confirm_end_turn": True}  # kept, as any unknown key

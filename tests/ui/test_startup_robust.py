"""The game always starts: a data folder that cannot keep files, or damaged settings."""

from __future__ import annotations

import pytest
from support.mouse import frames, play_some_turns
from support.storage import WORDS, break_folder

from hercules import cli
from hercules.app import health, paths, saves
from hercules.app.settings import Settings
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.ui.app import App
from hercules.ui.scenes.load import LoadScene
from hercules.ui.scenes.title import TitleScene
from hercules.ui.strings import set_language


@pytest.fixture(autouse=True)
def clean():
    health.reset()
    yield
    health.reset()
    health.set_words(None)
    set_language("en")
    paths.set_data_dir(None)


def start() -> App:
    """What the command line does before its loop, with animations off."""
    problem, settings, damaged = cli.prepare()
    settings.animation_speed, settings.bot_delay = 0.0, 0.0
    app = App((1600, 900), settings, persist=True)
    cli.tell(app, problem, damaged)
    app.nav.title()
    return app


def title_of(app: App) -> TitleScene:
    top = app.top
    assert isinstance(top, TitleScene)
    return top


@pytest.mark.parametrize("case", list(WORDS))
def test_the_game_starts_and_plays_with_saving_off(case, tmp_path, monkeypatch):
    folder = break_folder(case, tmp_path, monkeypatch)
    app = start()
    try:
        frames(app, 3)
        title = title_of(app)
        lines = title.lines()
        assert len(lines) == 1
        assert lines[0].startswith("Saving is off: ") and WORDS[case] in lines[0]
        assert lines[0].endswith("You can play, but games and settings will not be kept.")
        assert not app.nav.has_continue()
        assert app.nav.continue_latest() == "There is no unfinished game to continue."
        # The load screen opens, lists nothing of ours and says why nothing is kept.
        app.nav.load()
        frames(app, 2)
        load = app.top
        assert isinstance(load, LoadScene) and load.mine == []
        assert load.message.startswith("saving is off: ")
        app.pop()
        # Settings cannot be kept either: the settings screen says so instead of failing.
        assert (app.save_settings() or "").startswith("saving is off: ")
        # New game: the setup, then a table whose turns end with an autosave.
        app.nav.new_game()
        frames(app, 3)
        ctl, names = start_game("standard", ["human", "easy"], seed=5)
        table = app.nav.play("hercules", ctl, names)
        assert isinstance(table, TableScene)
        said: list[str] = []
        real_say = table.say
        monkeypatch.setattr(table, "say", lambda text: (said.append(text), real_say(text)))
        play_some_turns(app, table, 3)
        table.wait_for_saves()
        off = [s for s in said if s.startswith("saving is off: ")]
        assert len(off) == 1 and WORDS[case] in off[0]  # once, not at every turn
        assert not any(s.startswith("Could not save") for s in said)
        table.save_to(saves.slot_path(folder / "saves", "mine"), "mine")
        assert said[-1] == off[0]  # a save the player asks for always says why
        frames(app, 3)
        # Back to the title: the start-up message is not shown again.
        app.nav.title()
        frames(app, 2)
        assert title_of(app).lines() == []
    finally:
        app.close()
    if folder.is_dir():
        assert not [p for p in folder.rglob("*") if p.is_file()]


def test_the_message_is_in_the_players_language(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "settings.json").write_text('{"language": "it"}', "utf-8")
    break_folder("full", tmp_path, monkeypatch)
    app = start()
    try:
        frames(app, 2)
        (line,) = title_of(app).lines()
        assert line.startswith("Salvataggio disattivato: il disco che contiene ")
        app.set_language("en")  # worded when shown: a change of language follows
        assert title_of(app).lines()[0].startswith("Saving is off: the disk holding ")
    finally:
        app.close()


@pytest.mark.parametrize("kind", ["bad json", "junk", "folder"])
def test_damaged_settings_give_the_defaults_and_are_kept_aside(kind, tmp_path):
    paths.set_data_dir(tmp_path)
    path = tmp_path / "settings.json"
    content = {"bad json": b'{"bot_delay": ', "junk": b"\x00\x01\xff\xfe\x80garbage"}.get(kind)
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)
    app = start()
    try:
        frames(app, 3)
        assert app.settings == Settings(animation_speed=0.0, bot_delay=0.0)
        (line,) = title_of(app).lines()
        kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.damaged-")]
        assert len(kept) == 1
        assert line == (
            "Your settings file could not be read, so the defaults are used. "
            f"The old file is kept as {kept[0].name}."
        )
        if content is not None:
            assert kept[0].read_bytes() == content
        assert app.save_settings() is None  # saving is on: a fresh file replaces nothing
        assert path.is_file()
        app.nav.title()
        assert title_of(app).lines() == []
    finally:
        app.close()
    # The next start is quiet.
    app = start()
    try:
        assert title_of(app).lines() == []
    finally:
        app.close()


def test_the_command_line_runs_frames_with_a_file_for_a_data_folder(tmp_path):
    bad = tmp_path / "data"
    bad.write_bytes(b"just a file")
    assert cli.main(["--data-dir", str(bad), "--frames", "3"]) == 0
    assert bad.read_bytes() == b"just a file"

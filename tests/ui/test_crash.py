"""An uncaught error: the game is saved, a crash report is written, the player is told where."""

from __future__ import annotations

import json
import os
import stat

import pytest
from support.mouse import frames, play_some_turns

from hercules import __version__, cli
from hercules.app import crash, paths, saves
from hercules.app.registry import get_game, rules_for
from hercules.ui import strings
from hercules.ui.app import App, Settings
from hercules.ui.scenes.title import TitleScene


class Boom(RuntimeError):
    """The injected error."""


@pytest.fixture
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    yield tmp_path
    paths.set_data_dir(None)


def _table(app, game_id: str, seed: int = 4):
    spec = get_game(game_id)
    kinds = ["human", *[spec.bot_levels[0]] * (spec.players[1] - 1)]
    ctl = spec.new_controller(spec.variants[0], kinds, seed)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    return app.nav.play(game_id, ctl, names)


def _explode_on_next_update(scene, message="the injected failure"):
    def update(dt):
        raise Boom(message)

    scene.update = update


@pytest.mark.parametrize("game_id", ["hercules", "labors", "later_years"])
def test_an_error_in_a_table_writes_a_report_keeps_the_game_and_says_where(folder, capsys, game_id):
    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
    table = _table(app, game_id)
    frames(app, 3)
    if game_id == "hercules":
        play_some_turns(app, table, 2)
    actions = list(table.ctl.actions)
    _explode_on_next_update(table)
    app.run(max_frames=2)  # the loop survives: the error is reported, not raised

    report = app.last_report
    assert report is not None and report.path.parent == folder / "logs"
    text = report.path.read_text(encoding="utf-8")
    assert f"version: {__version__}" in text and "platform: " in text
    assert "Boom: the injected failure" in text and "Traceback" in text
    assert "== last log lines" in text
    saved = json.loads(report.save.read_text(encoding="utf-8"))
    assert saved["game"] == game_id  # the game being played rides with the report
    # ...in the save beside it: the text the player reads tells its public facts only.
    assert f'"game": "{game_id}"' in text and '"seed"' not in text and '"snapshot"' not in text
    # ...and its autosave holds this very moment: Continue resumes it.
    autosave = saves.autosave_path(paths.saves_dir(), table.saver.created)
    game = saves.load_save(autosave, rules_for)
    assert list(game.actions) == actions
    # The player is back at the title, told what happened and where the report is.
    assert isinstance(app.top, TitleScene)
    notices = [words() for words in app.take_notices()] + [
        words() for words in getattr(app.top, "notices", [])
    ]
    assert any(str(report.path) in n and strings.t("crash.saved") in n for n in notices)
    assert "Boom: the injected failure" in capsys.readouterr().err  # never hidden
    frames(app, 3)  # and the box plays on
    app.close()


def test_a_crash_report_text_tells_no_secret_of_an_unfinished_game(folder):
    # The Later Years: the bots' hands and the deck are hidden from the human at the screen.
    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
    table = _table(app, "later_years")
    frames(app, 3)
    state = table.ctl.state
    assert not table.ctl.is_over
    _explode_on_next_update(table)
    app.run(max_frames=2)
    text = app.last_report.path.read_text(encoding="utf-8")
    rules = get_game("later_years").rules
    hidden = {c for hand in state.hands[1:] for c in hand} | set(state.deck)
    public = json.dumps(rules.state_to_json(rules.view(state, 0)))
    secrets = sorted(c for c in hidden if c and f'"{c}"' not in public)
    assert secrets, "the game has no hidden card to look for"
    assert not [c for c in secrets if f'"{c}"' in text], "a hidden card is in the report's text"
    assert f'"seed": {state.seed}' not in text
    saved = json.loads(app.last_report.save.read_text(encoding="utf-8"))
    assert saved["seed"] == state.seed  # the save beside it is whole: the game resumes from it
    app.close()


def test_a_log_folder_that_cannot_be_written_leaves_the_error_visible(folder, capsys):
    logs = folder / "logs"
    logs.write_text("a file where the folder should be", encoding="utf-8")
    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    frames(app, 2)
    _explode_on_next_update(app.top)
    app.run(max_frames=1)
    assert app.last_report is None
    err = capsys.readouterr().err
    assert "Boom: the injected failure" in err  # the original error, not the report's
    notices = [words() for words in app.take_notices()] + [
        words() for words in getattr(app.top, "notices", [])
    ]
    assert strings.t("crash.unwritten") in notices
    assert logs.read_text(encoding="utf-8") == "a file where the folder should be"
    app.close()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions")
def test_a_read_only_log_folder_returns_no_report_and_raises_nothing(folder):
    logs = folder / "logs"
    logs.mkdir()
    logs.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert crash.write_report(Boom("x"), {"game": "hercules"}) is None
        assert list(logs.iterdir()) == []
    finally:
        logs.chmod(stat.S_IRWXU)


def test_a_crash_that_comes_back_at_once_is_raised_after_its_report(folder):
    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    frames(app, 1)
    original_title = app.nav.title

    def failing_title():
        original_title()
        _explode_on_next_update(app.top, "the title fails too")

    app.nav.title = failing_title
    _explode_on_next_update(app.top)
    with pytest.raises(Boom, match="the title fails too"):
        app.run(max_frames=5)
    assert app.last_report is not None
    assert "the title fails too" in app.last_report.path.read_text(encoding="utf-8")
    assert len(list((folder / "logs").glob("crash-*.txt"))) == 2
    app.close()


def test_the_command_reports_an_error_before_the_window_and_exits_1(folder, monkeypatch, capsys):
    def broken_app(*args, **kwargs):
        raise Boom("no window today")

    monkeypatch.setattr("hercules.ui.app.App", broken_app)
    assert cli.main(["--frames", "1"]) == 1
    err = capsys.readouterr().err
    assert "Boom: no window today" in err and "a report is in" in err
    reports = list((folder / "logs").glob("crash-*.txt"))
    assert len(reports) == 1 and "no window today" in reports[0].read_text(encoding="utf-8")


def test_the_log_tail_keeps_only_the_last_lines():
    tail = crash.LogTail(lines=3)
    for i in range(5):
        tail.emit(
            crash.logging.LogRecord(
                "hercules.x", crash.logging.INFO, __file__, 1, f"line {i}", (), None
            )
        )
    assert [line.rsplit(": ", 1)[1] for line in tail.lines] == ["line 2", "line 3", "line 4"]

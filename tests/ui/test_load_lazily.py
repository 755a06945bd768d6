"""The load screen lists a big saves folder at once and checks it a few files a frame."""

from __future__ import annotations

import shutil

import pytest
from support.mouse import click, frames

from hercules.app import paths, saves
from hercules.app.saves import known
from hercules.ui import strings
from hercules.ui.app import App, Settings
from hercules.ui.scenes import load as load_scene
from hercules.ui.scenes.load import LoadScene
from hercules.ui.scenes.title import TitleScene


@pytest.fixture
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    known.forget_all()
    example = next(p for p in saves.example_saves() if "midgame" in p.name)
    copies = 4 + load_scene.FIRST_BYTES // example.stat().st_size  # more than a first frame checks
    for i in range(copies):
        shutil.copy(example, paths.saves_dir() / f"game-{i:02d}.json")
    yield tmp_path
    known.forget_all()
    paths.set_data_dir(None)


def test_the_load_screen_shows_every_save_at_once_and_checks_them_over_frames(folder):
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    load = LoadScene(app)
    app.push(load)
    files = len(list(paths.saves_dir().glob("*.json")))
    assert len(load.mine) == files  # every file has its row from the first frame
    waiting = [i for i in load.mine if i.checking]
    assert waiting and len(load.pending) == len(waiting) < files
    title, line = load.describe(waiting[0])
    assert line.startswith(strings.t("load.checking_row", when="").split("·")[0].strip())

    # A row still to check can be chosen, but not opened yet; it says why.
    assert len(waiting) >= 2  # a frame checks one of these: the last is still waiting after
    row = next(r for k, i, r in load.rows() if k == "save" and i.path == waiting[-1].path)
    assert load.box.contains(row)
    click(app, row.center, settle=1)
    assert load.selected is not None and load.selected.path == waiting[-1].path
    assert load.selected.checking and len(load.pending) < len(waiting)
    assert not load.btn_open.is_enabled
    assert load.message == strings.t("load.checking_one")
    for _ in range(200):
        if not load.pending:
            break
        frames(app, 1)
    assert not load.pending and not any(i.checking for i in load.mine)
    assert all(not i.damaged for i in load.mine)
    assert not load.selected.checking and load.btn_open.is_enabled  # the same row, checked
    assert load.message == ""
    app.close()


def test_a_second_visit_and_the_title_cost_no_check_again(folder, monkeypatch):
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    first = LoadScene(app)
    first.check_all()
    checks: list[object] = []
    real = saves.library.load_save
    monkeypatch.setattr(
        saves.library, "load_save", lambda *a, **k: checks.append(a) or real(*a, **k)
    )
    again = LoadScene(app)
    assert again.pending == [] and [i.path for i in again.mine] == [i.path for i in first.mine]
    title = TitleScene(app)
    app.push(title)
    assert {v: k for k, v in title.buttons.items()}["continue"].is_enabled
    assert checks == []  # Continue found its game among the files already checked
    app.close()

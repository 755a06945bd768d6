"""The load screen lists a big saves folder at once, from what each save says of itself, and
checks a save fully when the player chooses it."""

from __future__ import annotations

import shutil

import pytest
from support.mouse import click

from hercules.app import paths, saves
from hercules.app.registry import rules_for
from hercules.app.saves import known
from hercules.ui.app import App, Settings
from hercules.ui.scenes.load import LoadScene
from hercules.ui.scenes.title import TitleScene

COPIES = 12


@pytest.fixture
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    known.forget_all()
    example = next(p for p in saves.example_saves() if "midgame" in p.name)
    for i in range(COPIES):
        shutil.copy(example, paths.saves_dir() / f"game-{i:02d}.json")
    yield tmp_path
    known.forget_all()
    paths.set_data_dir(None)


@pytest.fixture
def loads(monkeypatch):
    """Every full check (a replay of a whole log), by file name."""
    seen: list[str] = []
    real = saves.library.load_save

    def counted(path, rules, **kw):
        seen.append(path.name)
        return real(path, rules, **kw)

    monkeypatch.setattr(saves.library, "load_save", counted)
    return seen


def test_the_load_screen_lists_every_save_at_once_without_replaying_one(folder, loads):
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    load = LoadScene(app)
    app.push(load)
    app.frame(1 / 60)
    assert len(load.mine) == COPIES  # every file has its row from the first frame
    assert loads == []  # none was replayed to be listed
    assert all(not i.verified and not i.damaged for i in load.mine)
    said = saves.load_save(load.mine[0].path, rules_for)  # what the files say of themselves
    assert all((i.label, i.names, i.meta) == (said.label, said.names, said.meta) for i in load.mine)
    app.close()


def test_a_chosen_save_is_checked_before_it_can_be_opened(folder, loads):
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    load = LoadScene(app)
    app.push(load)
    app.frame(1 / 60)
    assert not load.btn_open.is_enabled  # nothing chosen
    row_item, rect = next((i, r) for k, i, r in load.rows() if k == "save")
    click(app, rect.center, settle=1)
    assert loads == [row_item.path.name]  # the chosen one, and only it, replayed
    assert load.selected is not None and load.selected.path == row_item.path
    assert load.selected.verified and not load.selected.damaged
    assert load.btn_open.is_enabled and load.btn_replay.is_enabled
    listed = next(i for i in load.mine if i.path == row_item.path)
    assert listed is load.selected  # the list shows it as checked from now on
    app.close()


def test_a_second_visit_and_the_title_cost_no_check_again(folder, loads):
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    first = LoadScene(app)
    first.check_all()
    assert all(i.verified for i in first.mine + first.examples)
    assert len(loads) == COPIES + len(saves.example_saves())
    loads.clear()
    again = LoadScene(app)
    assert all(i.verified for i in again.mine)  # what was found of each unchanged file is kept
    assert [i.path for i in again.mine] == [i.path for i in first.mine]
    title = TitleScene(app)
    app.push(title)
    assert {v: k for k, v in title.buttons.items()}["continue"].is_enabled
    assert loads == []  # the title replays nothing to offer Continue
    app.close()


def test_the_title_offers_continue_from_the_headers_and_continue_replays_one_save(folder, loads):
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    app.nav.title()
    title = app.top
    assert isinstance(title, TitleScene)
    assert {v: k for k, v in title.buttons.items()}["continue"].is_enabled
    assert loads == []
    title.choose("continue")
    assert title.message == "" and app.top is not title
    assert len(loads) == 1  # the one save Continue opens, replayed once
    app.close()

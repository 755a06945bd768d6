"""No save file can crash anything: the corpus of damaged and hostile saves, on screen.

For every kind of :mod:`support.damaged_saves`, headless: the load screen lists it (mine and
the examples) and draws it, its row is clicked, opening it and replaying it either opens it
or leaves the load screen up with the reason in the player's words while the running game
underneath is unchanged; Continue on the title opens it or passes it over; and the data
folder is byte-identical afterwards.
"""

from __future__ import annotations

import pytest
from support.damaged_saves import EDITED, OPENS, corpus, real_save_bytes, tree_hash
from support.mouse import click, frames

from hercules.app import paths, saves
from hercules.app.registry import rules_for
from hercules.games.mebo.ui.replay import ReplayScene
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.ui import nav as nav_module
from hercules.ui.scenes.load import LoadScene
from hercules.ui.scenes.title import TitleScene
from hercules.ui.strings import t

KINDS = corpus()


@pytest.fixture
def data(tmp_path):
    paths.set_data_dir(tmp_path / "data")
    yield tmp_path
    paths.set_data_dir(None)


def running_game(app):
    """A game in progress at the bottom of the stack: what a failed open must not touch."""
    ctl, names = start_game("standard", ["human", "easy"], seed=3)
    table = TableScene(app, ctl, names, autosave=False)
    app.push(table)
    return table, ctl.state, list(ctl.actions)


def refused_here(app, load, table, state, actions, reason):
    """The load screen is still up, saying why in the player's words; the game is as it was."""
    assert app.top is load
    assert load.message.startswith(t("load.cannot_open", why="", detail="").split("(")[0].rstrip())
    assert reason in load.message
    assert app.stack.scenes[0] is table
    assert table.ctl.state == state and list(table.ctl.actions) == actions
    frames(app, 1)  # the message draws


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
def test_every_kind_on_the_load_screen_replay_and_continue(kind, app, data, monkeypatch):
    folder = paths.saves_dir()
    path = kind.make(folder)
    examples = data / "examples"
    examples.mkdir()
    example = kind.make(examples)
    monkeypatch.setattr(saves, "examples_dir", lambda: examples)
    before = tree_hash(data)
    reason = saves.EDITED_REASON if kind.outcome == EDITED else kind.outcome

    table, state, actions = running_game(app)
    load = LoadScene(app)
    app.push(load)
    frames(app, 1)  # every row draws (titles and reasons go through the font renderer)
    rows = {item.path: rect for k, item, rect in load.rows() if k == "save"}
    assert (path in rows, example in rows) == (kind.listed, kind.listed)
    if kind.listed:
        click(app, rows[path].center)
        assert load.selected is not None and load.selected.path == path
        assert load.btn_open.is_enabled == (kind.outcome in (OPENS, EDITED))
        frames(app, 1)

    if kind.outcome == OPENS:
        load.open_file(example, True, False)  # a replay over the load screen
        assert isinstance(app.top, ReplayScene)
        assert app.top.ctl.states[-1] == saves.load_save(path, rules_for).state
        app.pop()
        load.open_file(path, False, False)
        assert isinstance(app.top, TableScene) and app.top is not table
        assert app.top.state == saves.load_save(path, rules_for).state
    else:
        for replay in (False, True):
            for target in (path, example):
                load.open_file(target, replay, False)
                refused_here(app, load, table, state, actions, reason)
        if kind.outcome == EDITED:  # "Open anyway" opens it
            load.open_file(path, False, True)
            assert isinstance(app.top, TableScene) and app.top is not table

    app.nav.title()
    title = app.top
    assert isinstance(title, TitleScene)
    title.choose("continue")
    if kind.outcome == OPENS:
        assert isinstance(app.top, TableScene) and title.message == ""
    else:  # passed over: nothing else to continue
        assert app.top is title and title.message == t("load.nothing")
        frames(app, 1)
    bak = saves.backup_path(path)
    sealed = bak.is_file() and b'"integrity"' not in bak.read_bytes()
    if not sealed:  # an older save without a seal is sealed once it opens (issue 23, 5)
        assert tree_hash(data) == before  # reading never writes


# --- the last catch -------------------------------------------------------------------------


def _boom(*args, **kwargs):
    raise ZeroDivisionError("a bug nobody expected")


def test_an_unexpected_error_while_opening_leaves_the_load_screen_and_the_game(
    app, data, monkeypatch
):
    path = paths.saves_dir() / "fine.json"
    path.write_bytes(real_save_bytes())
    table, state, actions = running_game(app)
    load = LoadScene(app)
    app.push(load)
    assert not next(i for i in load.mine if i.path == path).damaged
    # A bug in a game's table scene, its replay scene, or the restore itself:
    monkeypatch.setattr(nav_module.Navigator, "play", _boom)
    load.open_file(path, False, False)
    why = "this file is damaged: ZeroDivisionError: a bug nobody expected"
    refused_here(app, load, table, state, actions, why)
    assert load.message == t("load.cannot_open", why=t("load.why.damaged"), detail=why)
    monkeypatch.setattr(saves, "restore_controller", _boom)  # what nav opens with
    monkeypatch.setattr(saves.document, "restore_controller", _boom)  # what check_openable runs
    for replay in (False, True):
        load.open_file(path, replay, False)
        refused_here(app, load, table, state, actions, why)


def test_an_unexpected_error_on_continue_keeps_the_title_with_the_reason(app, data, monkeypatch):
    path = paths.saves_dir() / "fine.json"
    path.write_bytes(real_save_bytes())
    title = TitleScene(app)
    app.push(title)
    monkeypatch.setattr(nav_module.Navigator, "play", _boom)
    title.choose("continue")
    assert app.top is title
    why = "this file is damaged: ZeroDivisionError: a bug nobody expected"
    assert title.message == t("load.cannot_open", why=t("load.why.damaged"), detail=why)
    frames(app, 1)


def test_a_file_named_with_control_characters_is_listed_printable(app, data):
    good = real_save_bytes()
    folder = paths.saves_dir()
    (folder / "new\nline\x00?.json".replace("\x00", "")).write_bytes(good)
    load = LoadScene(app)
    app.push(load)
    frames(app, 1)
    [row] = load.mine
    assert not row.damaged and "\n" not in load.describe(row)[0] + row.title


# --- the player's words -----------------------------------------------------------------------


def test_a_refused_row_says_why_in_the_players_language_then_the_detail(app, data, monkeypatch):
    by_name = {k.name: k for k in KINDS}
    folder = paths.saves_dir()
    made = {}
    sample = ("label: NUL", "truncated in half", "newer version", "another game's format")
    for i, name in enumerate((*sample, "integrity tampered")):
        (data / f"k{i}").mkdir()
        made[name] = by_name[name].make(data / f"k{i}").rename(folder / f"{i}.json")
    monkeypatch.setattr(saves, "examples_dir", lambda: data / "no-examples")
    app.set_language("it")
    try:
        load = LoadScene(app)
        app.push(load)
        frames(app, 1)
        rows = {item.path: (item, rect) for k, item, rect in load.rows() if k == "save"}

        info, _ = rows[made["label: NUL"]]
        line = load.describe(info)[1]
        assert line.startswith("Non si può aprire. Il suo contenuto è danneggiato. (")
        assert line.endswith(f"({info.error})") and "U+0000" in info.error
        for name, kind in zip(sample[1:], ("unreadable", "newer", "other_game"), strict=True):
            info, _ = rows[made[name]]
            assert info.error_kind == kind
            assert load.describe(info)[1] == t(
                "load.damaged", why=t(f"load.why.{kind}"), detail=info.error
            )
        assert "più recente" in t("load.why.newer")

        edited, rect = rows[made["integrity tampered"]]
        assert not edited.verified  # listed from what it says of itself: its seal is not read
        click(app, rect.center)  # chosen: checked fully; Open is on, the notice does not refuse it
        edited = load.selected
        line = load.describe(edited)[1]
        assert line == t("load.edited_row") and "Apri" in line
        assert "non si può" not in line.lower()
        assert load.btn_open.is_enabled and load.message == t("load.why.edited")
        assert "non si può" not in load.message.lower()

        info, rect = rows[made["newer version"]]
        click(app, rect.center)
        assert load.message.startswith("Non si può aprire. È stato salvato da una versione più")
        load.open_file(info.path, False, False)  # what Open or Replay would say
        assert load.message.startswith("Questo file non si può aprire. È stato salvato da")
        assert load.message.endswith(f"({info.error})")
        frames(app, 1)
    finally:
        app.set_language("en")

"""Saving from the table, Continue, the load screen, the examples and replays, headless."""

from __future__ import annotations

import shutil

import pygame
import pytest
from support.mouse import click, click_widget, frames, key, play_some_turns

from hercules.app import paths, saves
from hercules.games.mebo.engine.adapter import RULES
from hercules.games.mebo.ui.replay import ReplayScene
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.ui.app import App, Settings
from hercules.ui.scenes.load import LoadScene
from hercules.ui.scenes.overlays import PauseOverlay, SaveOverlay
from hercules.ui.scenes.title import TitleScene


@pytest.fixture
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    yield tmp_path
    paths.set_data_dir(None)


def new_app():
    return App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0))


def by_key(title):
    return {v: k for k, v in title.buttons.items()}


def test_autosave_then_continue_in_a_fresh_app_shows_the_same_game(folder):
    app = new_app()
    ctl, names = start_game("standard", ["human", "normal", "easy"], seed=21)
    table = TableScene(app, ctl, names)
    app.push(table)
    play_some_turns(app, table, 7)
    table.wait_for_saves()
    assert saves.autosave_path(paths.saves_dir(), table.created).exists()
    state, actions = ctl.state, list(ctl.actions)
    app.close()

    app = new_app()
    title = TitleScene(app)
    app.push(title)
    assert by_key(title)["continue"].is_enabled
    click_widget(app, by_key(title)["continue"])
    resumed = app.top
    assert isinstance(resumed, TableScene)
    assert resumed.state == state  # same dice, same seats, same everything
    assert list(resumed.ctl.actions) == actions
    assert [s.kind for s in resumed.ctl.seats] == ["human", "bot", "bot"]
    assert resumed.names == names
    assert resumed.log  # the log of the game so far came back too
    app.close()


def test_save_a_named_slot_from_the_pause_menu_and_open_it_from_the_load_screen(folder):
    app = new_app()
    ctl, names = start_game("standard", ["human", "human"], seed=8)
    table = TableScene(app, ctl, names)
    app.push(table)
    play_some_turns(app, table, 3)
    key(app, 27)  # Esc: the pause menu
    pause = app.top
    assert isinstance(pause, PauseOverlay)
    save_btn = next(b for b in pause.actions if b.text == "Save game")
    click_widget(app, save_btn)
    dialog = app.top
    assert isinstance(dialog, SaveOverlay)
    dialog.entry.set_text("../../My big game")
    dialog.save()
    table.wait_for_saves()
    # "Saved" is told over the pause menu the player is looking at, and passes.
    assert isinstance(app.top, PauseOverlay)
    assert app.toast_text == "Saved as “../../My big game”." and app.toast_left > 0
    frames(app, int(3 / (1 / 60)))
    assert app.toast_left == 0
    slot = saves.slot_path(paths.saves_dir(), "../../My big game")
    assert slot.parent == paths.saves_dir() and slot.exists()  # no traversal out of the folder
    saved_state = ctl.state
    app.close()

    app = new_app()
    app.push(TitleScene(app))
    load = LoadScene(app)
    app.push(load)
    rows = [(k, i, r) for k, i, r in load.rows() if k == "save"]
    row = next(r for k, i, r in rows if i.path == slot)
    click(app, row.center)
    assert load.selected.path == slot
    click_widget(app, load.btn_open)
    assert isinstance(app.top, TableScene)
    assert app.top.state == saved_state
    assert app.top.label == "../../My big game"
    app.close()


@pytest.mark.parametrize("example", sorted(p.name for p in saves.example_saves()))
def test_each_example_save_opens_from_the_load_screen(folder, example):
    app = new_app()
    app.push(TitleScene(app))
    load = LoadScene(app)
    app.push(load)
    info = next(i for i in load.examples if i.path.name == example)
    assert not info.damaged
    load.selected = info
    load.update_buttons()
    assert not load.btn_delete.is_enabled  # examples cannot be deleted
    click_widget(app, load.btn_open)
    table = app.stack.scenes[0]  # a finished game shows its scores over the table at once
    assert isinstance(table, TableScene)
    assert table.state == saves.load_save(info.path, RULES).state
    if table.state.is_terminal:
        assert app.top.__class__.__name__ == "GameOverScene"
    app.close()


def test_a_damaged_file_is_listed_as_damaged_and_never_opened_or_changed(folder):
    bad = saves.slot_path(paths.saves_dir(), "broken")
    bad.write_text('{"format": "hercules-save", "version": 2', encoding="utf-8")
    before = bad.read_bytes()
    app = new_app()
    load = LoadScene(app)
    app.push(load)
    info = next(i for i in load.mine if i.path == bad)
    assert info.damaged and info.error
    load.selected = info
    load.update_buttons()
    assert not load.btn_open.is_enabled and not load.btn_replay.is_enabled
    load.open(replay=False)
    assert app.top is load
    assert bad.read_bytes() == before
    app.close()


def test_deleting_asks_first_and_removes_only_that_save(folder):
    app = new_app()
    ctl, names = start_game("standard", ["human", "easy"], seed=4)
    for label in ("one", "two"):
        saves.save_game(saves.slot_path(paths.saves_dir(), label), ctl, names, label=label)
    load = LoadScene(app)
    app.push(load)
    load.selected = next(i for i in load.mine if i.title == "one")
    load.update_buttons()
    click_widget(app, load.btn_delete)
    confirm = app.top
    assert confirm is not load  # a confirmation first
    yes = next(b for b in confirm.actions if b.text == "Yes")
    click_widget(app, yes)
    assert [i.title for i in load.mine] == ["two"]
    app.close()


def test_replay_steps_forward_and_back_through_the_saved_states(folder):
    path = next(p for p in saves.example_saves() if "finished" in p.name)
    loaded = saves.load_save(path, RULES)
    app = new_app()
    replay = ReplayScene(app, loaded)
    app.push(replay)
    ctl = replay.ctl
    assert ctl.state == loaded.states[0]
    for i in range(1, 20):
        click_widget(app, replay.button("forward"))
        assert ctl.state == loaded.states[i]
    lines = len(replay.log)
    click_widget(app, replay.button("back"))
    assert ctl.state == loaded.states[18]
    assert len(replay.log) < lines
    click_widget(app, replay.button("round_forward"))
    assert ctl.state.round == loaded.states[18].round + 1
    click_widget(app, replay.button("round_back"))
    assert ctl.states[ctl.index - 1].round < ctl.state.round or ctl.index == 0
    key(app, 1073741903)  # Right arrow
    replay.playing = True
    frames(app, 4000)
    assert ctl.index == len(loaded.history)
    assert ctl.state == loaded.state
    app.close()


def test_a_finished_game_can_be_watched_again_from_the_score_screen(folder):
    from hercules.games.mebo.ui.gameover import GameOverScene

    app = new_app()
    ctl, names = start_game("standard", ["easy", "normal"], seed=3)
    app.push(TableScene(app, ctl, names))
    for _ in range(5000):
        if isinstance(app.top, GameOverScene):
            break
        frames(app, 1)
    over = app.top
    assert isinstance(over, GameOverScene)
    click_widget(app, over.btn_replay)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.ctl.states[-1] == ctl.state and replay.ctl.index == 0
    app.close()


def test_a_save_changed_outside_the_game_opens_only_when_the_player_says_so(folder):
    import json

    ctl, names = start_game("standard", ["human", "easy"], seed=31)
    path = saves.slot_path(paths.saves_dir(), "edited")
    saves.save_game(path, ctl, names, label="Before")
    ctl.close()
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["label"] = "Renamed by hand"  # the integrity field no longer matches
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    app = new_app()
    try:
        app.push(TitleScene(app))
        app.push(LoadScene(app))
        load = app.top
        load.select(next(i for i in load.mine if i.path == path))  # chosen: checked fully
        info = load.selected
        assert info.damaged and info.edited_outside
        assert load.btn_open.is_enabled
        click_widget(app, load.btn_open)
        question = app.top
        assert type(question).__name__ == "ConfirmOverlay"
        assert "changed outside the game" in question.heading()
        no = next(b for b, fn in question.actions.items() if fn == app.pop)
        click_widget(app, no)
        assert app.top is load and path.read_bytes() == before  # nothing opened, nothing written
        click_widget(app, load.btn_open)
        yes = next(b for b, fn in app.top.actions.items() if fn != app.pop)
        click_widget(app, yes)
        table = app.top
        assert isinstance(table, TableScene)
        table.autosave = False
        assert table.label == "Renamed by hand"
        assert path.read_bytes() == before
    finally:
        app.close()


def test_a_replay_always_says_it_is_a_replay_never_consulting_the_oracle(folder):
    path = next(p for p in saves.example_saves() if "finished" in p.name)
    loaded = saves.load_save(path, RULES)
    app = new_app()
    replay = ReplayScene(app, loaded)
    app.push(replay)
    seen = set()
    for _ in range(len(loaded.history) + 5):
        if replay.ctl.index == len(loaded.history):
            break
        frame = replay.frame()
        assert frame.heading.startswith("Replay · ")
        assert "Oracle" not in frame.heading
        seen.add(frame.heading.split(" · ")[1].split(" ")[0])
        click_widget(app, replay.button("forward"), settle=1)
    assert replay.ctl.index == len(loaded.history), replay.ctl.index
    assert replay.frame().heading == "Replay · the end"
    assert "round" in seen  # the rolls were passed through too
    app.close()


def test_a_long_load_list_scrolls_to_its_end_and_no_further(folder):
    example = next(p for p in saves.example_saves() if "midgame" in p.name)
    paths.saves_dir().mkdir(parents=True, exist_ok=True)
    for i in range(14):
        shutil.copy(example, paths.saves_dir() / f"copy {i:02d}.json")
    app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
    try:
        app.nav.title()
        app.nav.load()
        frames(app, 1)
        load = app.top
        assert isinstance(load, LoadScene) and len(load.mine) == 14
        sc = load.scroller
        assert sc.scrollable
        for _ in range(200):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
        frames(app, 1)
        assert sc.offset == sc.max_offset  # at the end, and not past it
        *_, (kind, item, rect) = load.rows()
        assert kind == "save" and rect.bottom <= load.box.bottom  # the last example in view
        click(app, rect.center)
        assert load.selected is item
    finally:
        app.close()


def test_a_mebo_save_reads_as_its_game_words_it(folder):
    load = LoadScene(App((1600, 900), Settings()))
    finished = next(i for i in load.examples if "finished" in i.path.stem)
    _title, line = load.describe(finished)
    assert "Standard · 4 players · finished · " in line and " leads with " in line
    assert line.count(" VP · ") == 1  # the game's line, then the date the shell adds
    assert load.examples and _title == "Four players, final scores"  # the game's own title


def test_a_game_without_a_save_line_reads_as_players_and_round(folder, monkeypatch):
    from hercules.app.registry import get_game

    monkeypatch.delitem(get_game("hercules").ui, "save_line", raising=False)
    load = LoadScene(App((1600, 900), Settings()))
    midgame = next(i for i in load.examples if "midgame" in i.path.stem)
    _title, line = load.describe(midgame)
    assert "4 players · Round " in line and "leads" not in line and "VP" not in line

"""Guided first games (issue 14): each game's script played to its end by synthetic clicks at
1280x720 and 1920x1080 (every step's target on the table, inside the window), refused clicks
and keys change nothing, Skip / Leave / Play on, the Easy game offered at the end, a damaged
script told on the title, the scripts themselves checked, and the title's Learn to play."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from support.keys import key
from support.mouse import click, frames
from support.tutorial import answer_dialog, button, play_script

from hercules import cli
from hercules.app import paths, tutorials
from hercules.app.registry import games, get_game
from hercules.app.settings import Settings
from hercules.app.tutorials import ScriptError, load_script, parse_script
from hercules.ui.app import App
from hercules.ui.scenes.games import GamesScene
from hercules.ui.scenes.overlays import ConfirmOverlay
from hercules.ui.scenes.title import TitleScene
from hercules.ui.strings import table
from hercules.ui.tutorial import END, GUIDE, OFF

GUIDED = [spec.id for spec in games() if spec.guided]


def _app(size=(1280, 720)):
    return App(size, Settings(animation_speed=0.0, bot_delay=0.0))


@pytest.fixture
def small():
    a = _app()
    a.nav.title()
    yield a
    a.close()


def _until(app, coach, step_id, limit=2000):
    """Play the script until ``step_id`` is shown and waits."""
    for _ in range(limit):
        if coach.waiting() and coach.step.id == step_id:
            return coach.step
        if coach.phase != GUIDE:
            break
        frames(app, 1)
        if coach.waiting() and coach.step.id == step_id:
            return coach.step
        if app.top is coach.table and coach.waiting():
            step = coach.step
            if step.wait == "next":
                click(app, button(coach, "next").center)
            else:
                click(app, coach.target_stops()[0].rect.center)
        elif app.top is not coach.table:
            answer_dialog(app, app.top, {})
    raise AssertionError(f"step {step_id} never came")


def _guided(app, game_id="hercules"):
    """A guided game started, its opening dialogs (a trial's legend) answered: the coach
    has the table."""
    coach = app.nav.tutorial_game(game_id)
    for _ in range(50):
        frames(app, 1)
        if app.top is coach.table and coach.waiting():
            return coach
        if app.top is not coach.table:
            answer_dialog(app, app.top, {})
    raise AssertionError("the guided game never started")


# --- the scripts -------------------------------------------------------------------------------
def test_every_game_of_the_box_has_a_guided_game():
    assert set(GUIDED) == {spec.id for spec in games()}


@pytest.mark.parametrize("game_id", GUIDED)
def test_each_script_reads_and_has_its_words_in_both_languages(game_id):
    script = load_script(get_game(game_id))
    assert 8 <= len(script.steps) <= 14  # a short guided game
    assert len({s.id for s in script.steps}) == len(script.steps)
    for lang in ("en", "it"):
        words = table(lang)
        missing = [k for k in script.keys() if k not in words]
        assert not missing, f"{lang}: {missing}"
    for shell in ("tut.next", "tut.skip", "tut.leave", "tut.first", "tut.refused"):
        assert shell in table("en") and shell in table("it")


def _doc(game_id="hercules", **change):
    spec = get_game(game_id)
    path = tutorials.assets_path(spec.assets, *spec.tutorial.split("/"))
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc.update(change)
    return doc


def _with_step(step):
    doc = _doc()
    doc["steps"] = [*doc["steps"][:1], step]
    return doc


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "not a tutorial script"),
        (_doc(format="other"), "not a tutorial script"),
        (_doc(version=9), "version 9"),
        (_doc(variant="chess"), "no variant 'chess'"),
        (_doc(seed="x"), "seed must be a whole number"),
        (_doc(seats=["easy", "human"]), "the human first"),
        (_doc(seats=["human"]), "seats must be 2-4"),
        (_doc(first_game=None), "first_game must say"),
        (_doc(steps=[]), "steps must be a list"),
        (_with_step({"say": "x", "target": {"arrow": "dice"}}), "unknown target kind 'arrow'"),
        (_with_step({"say": "x", "wait": "dance"}), "unknown wait 'dance'"),
        (_with_step({"target": {"region": "dice"}}), "'say' must be a text"),
        (_with_step({"say": "x", "wait": "click"}), "needs a stop to click"),
        (_with_step({"say": "x", "wait": {"action": {}}}), "wait is 'next', 'click'"),
        (_with_step({"say": "x", "colour": "red"}), "unknown field"),
        (_with_step({"say": "x", "show": "dice"}), "show is a list of region names"),
        (_with_step({"say": "x", "when": "later"}), "when is an action pattern"),
        (_with_step({"say": "x", "target": {"stops": ["die"]}}), "a stops target is a list"),
    ],
)
def test_a_malformed_script_is_refused_with_a_clear_message(doc, message):
    with pytest.raises(ScriptError, match=message):
        parse_script(doc, get_game("hercules"))


def test_stop_keys_and_action_patterns_match_with_wildcards():
    assert tutorials.key_matches(("column", -1, "*"), ("column", -1, 5))
    assert not tutorials.key_matches(("column", -1, "*"), ("die", 0, 1))
    assert not tutorials.key_matches(("card", "*"), ("card", "a", 2))
    assert tutorials.as_key(["slot", ["a", 1]]) == ("slot", ("a", 1))
    assert tutorials.action_matches({"kind": "labour"}, {"kind": "labour", "op": "add"})
    assert not tutorials.action_matches({"kind": "labour", "op": "*"}, {"kind": "labour"})
    assert not tutorials.action_matches({"kind": "rest"}, {"kind": "labour"})


# --- each script played to its end ---------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("game_id", GUIDED)
def test_each_script_plays_to_its_end_by_clicks(game_id, size):
    app = _app(size)
    try:
        app.nav.title()
        coach = app.nav.tutorial_game(game_id)
        assert coach is not None and app.top is coach.table
        assert coach.table.autosave is False  # a lesson is no save of the player's
        shown = play_script(app, coach)  # checks every step's target is there
        assert shown == [s.id for s in coach.script.steps]
        assert coach.phase == END and coach.ended_why == ""
        assert [name for name, _r, _w in coach.callout(app.size).buttons] == [
            "first",
            "play_on",
            "leave",
        ]
    finally:
        app.close()


# --- refusals, skip, leave, the offer ------------------------------------------------------------
def _waiting_action_step(app):
    coach = app.nav.tutorial_game("hercules")
    step = next(s for s in coach.script.steps if s.wait == "action")
    _until(app, coach, step.id)
    return coach


def test_a_click_outside_the_target_is_refused_and_changes_nothing(small):
    coach = _waiting_action_step(small)
    ctl, index = coach.table.ctl, coach.index
    before, history = ctl.state, len(ctl.history)
    holes = coach.holes()
    outside = next(
        (x, y)
        for x in range(20, 1260, 40)
        for y in range(20, 700, 40)
        if not any(r.collidepoint((x, y)) for r in holes)
        and not coach.callout(small.size).box.collidepoint((x, y))
    )
    click(small, outside)
    rest = coach.table.btn_rest.rect.center  # a button of the table, not the target
    click(small, rest)
    key(small, pygame.K_r)  # Rest's key
    key(small, pygame.K_e)  # End turn's key
    assert ctl.state is before and len(ctl.history) == history
    assert coach.index == index and coach.phase == GUIDE
    assert small.top is coach.table
    assert small.toast_text == table("en")["tut.refused"] and small.toast_left > 0


def test_the_keys_reach_the_target_and_the_callout_only(small):
    coach = _waiting_action_step(small)
    stops = coach.table.ring_stops()
    targets = coach.target_stops()
    assert targets and [s.key for s in stops[: len(targets)]] == [s.key for s in targets]
    assert [s.key for s in stops[len(targets) :]] == [("tutorial", "skip"), ("tutorial", "leave")]
    # Enter on the focused target does what a click does: the step is done.
    key(small, pygame.K_TAB)
    assert coach.table.focus.current(coach.table.ring_stops()).key == targets[0].key
    index = coach.index
    key(small, pygame.K_RETURN, settle=3)
    for _ in range(50):
        if coach.index != index:
            break
        if small.top is not coach.table:  # the labour asks which way: any
            answer_dialog(small, small.top, {})
        frames(small, 1)
    assert coach.index == index + 1


def test_enter_alone_is_next_on_a_step_that_only_tells(small):
    coach = _guided(small)
    assert coach.step.wait == "next" and coach.index == 0
    key(small, pygame.K_RETURN)
    assert coach.index == 1


def test_skip_ends_the_guide_and_play_on_leaves_the_game_free(small):
    coach = _guided(small)
    click(small, button(coach, "skip").center)
    assert coach.phase == END and coach.ended_why == "skipped"
    click(small, button(coach, "play_on").center)
    assert coach.phase == OFF and small.nav.tutorial is None
    assert small.top is coach.table  # the same game, no guide: Rest works again
    click(small, coach.table.btn_rest.rect.center, settle=3)
    assert any(r.action.kind == "rest" for r in coach.table.ctl.history)


def test_leave_goes_back_to_the_title(small):
    coach = _guided(small)
    click(small, button(coach, "leave").center)
    assert isinstance(small.top, TitleScene)
    assert small.nav.tutorial is None and len(small.stack.scenes) == 1


@pytest.mark.parametrize("game_id", GUIDED)
def test_the_end_offers_a_real_game_against_easy_bots_only(small, game_id):
    coach = _guided(small, game_id)
    click(small, button(coach, "skip").center)
    click(small, button(coach, "first").center, settle=3)
    table = small.stack.scenes[0]  # (a run opens its first trial's legend over it)
    assert table is not coach.table and small.nav.tutorial is None
    assert type(table).__name__ == "TableScene"
    seats = table.ctl.seats
    assert seats[0].kind == "human"
    bots = list(seats[1:])
    assert [s.level for s in bots] == list(coach.script.first_seats[1:])
    if len(seats) > 1:
        # One Easy bot, or as many as the game's fewest seats need (the fourth game: 4).
        fewest = get_game(game_id).players[0]
        assert [s.level for s in bots] == ["easy"] * max(1, fewest - 1)


def test_a_damaged_script_is_told_on_the_title_which_still_works(small, monkeypatch, tmp_path):
    bad = tmp_path / "tutorial.json"
    bad.write_text("{ not json", encoding="utf-8")
    monkeypatch.setattr(tutorials, "assets_path", lambda *parts: Path(bad))
    assert small.nav.tutorial_game("hercules") is None
    title = small.top
    assert isinstance(title, TitleScene) and small.nav.tutorial is None
    said = " ".join(title.lines())
    assert "cannot be opened" in said and "not JSON" in said
    frames(small, 2)  # it draws, and its menu still works
    new = next(b for b, k in title.buttons.items() if k == "new")
    click(small, new.rect.center)
    assert isinstance(small.top, GamesScene)


def test_a_missing_script_is_told_too(small, monkeypatch, tmp_path):
    monkeypatch.setattr(tutorials, "assets_path", lambda *parts: tmp_path / "gone.json")
    with pytest.raises(ScriptError, match="gone|No such file"):
        load_script(get_game("hercules"))
    assert small.nav.tutorial_game("hercules") is None
    assert isinstance(small.top, TitleScene)


# --- the title ----------------------------------------------------------------------------------
def test_learn_to_play_on_the_title_asks_which_game_then_guides_it(small):
    title = small.top
    learn = next(b for b, k in title.buttons.items() if k == "learn")
    assert learn.text == "Learn to play"
    click(small, learn.rect.center)
    games_scene = small.top
    assert isinstance(games_scene, GamesScene) and games_scene.purpose == "learn"
    assert sorted(games_scene.buttons.values()) == sorted(GUIDED)
    chosen = next(b for b, g in games_scene.buttons.items() if g == "later_years")
    click(small, chosen.rect.center, settle=3)
    assert small.nav.tutorial is not None and small.top is small.nav.tutorial.table


def test_the_first_launch_offers_the_guided_game_once(small):
    small.nav.offer_tutorial = True  # the real window's navigator does
    small.nav.title()
    frames(small, 2)
    assert isinstance(small.top, ConfirmOverlay)
    assert small.settings.tutorial_offered
    small.pop()
    small.nav.title()
    frames(small, 2)
    assert isinstance(small.top, TitleScene)  # asked once, ever


def test_old_settings_without_the_flag_still_load():
    old = Settings().to_json()
    del old["tutorial_offered"]
    loaded, problems = Settings.from_json(old)
    assert not problems and loaded.tutorial_offered is False
    bad, problems = Settings.from_json({**old, "tutorial_offered": "yes"})
    assert bad.tutorial_offered is False and problems


def test_the_command_line_offers_it_only_at_the_very_first_start(monkeypatch, tmp_path):
    monkeypatch.setenv("HERCULES_DATA_DIR", str(tmp_path))
    assert cli.first_launch()
    path = paths.settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{}", encoding="utf-8")
    assert not cli.first_launch()

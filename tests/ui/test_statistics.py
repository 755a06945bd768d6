"""Statistics and profiles at the table and on screen, headless, through the real controller.

Games are played to the end by the controller the tables use (bots for every seat, or a bot
choosing for the human seat); the figures expected are worked out here from each game's final
state with its engine, not read back from the statistics module.
"""

from __future__ import annotations

import json
import random

import pytest
from support.mouse import click_widget, frames

from hercules import cli
from hercules.app import health, paths, profiles, saves, statistics
from hercules.app.registry import games, get_game
from hercules.games.labors.engine.state import WON
from hercules.games.later_years.engine import score as ly_score
from hercules.games.mebo.engine.scoring import score as mebo_score
from hercules.ui.app import App, Settings
from hercules.ui.scenes.profiles import ProfilesScene
from hercules.ui.scenes.statistics import StatisticsScene
from hercules.ui.scenes.title import TitleScene
from hercules.ui.strings import set_language, t


@pytest.fixture(autouse=True)
def folder(tmp_path):
    paths.set_data_dir(tmp_path)
    paths.set_profile(paths.DEFAULT_PROFILE)
    health.reset()
    yield tmp_path
    paths.set_profile(paths.DEFAULT_PROFILE)
    paths.set_data_dir(None)
    set_language("en")


def new_app(persist: bool = False) -> App:
    app = App((1600, 900), Settings(animation_speed=0.0, bot_delay=0.0), persist=persist)
    app.nav.keep_statistics = True
    return app


def play_out(app, game, mode, kinds, seed, me=""):
    """Open a table through the navigator and play the game to its end with the controller:
    bots step, and ``me`` (a bot level) chooses for the human seat."""
    spec = get_game(game)
    ctl = spec.new_controller(mode, kinds, seed)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    table = app.nav.play(game, ctl, names)
    player = spec.make_bot(me) if me else None
    rng = random.Random(seed)
    while not ctl.is_over:
        if ctl.human_to_act():
            assert ctl.submit(player.choose(ctl.state, ctl.legal(), rng), ctl.actor) is None
        else:
            ctl.step(wait=True)
    return ctl, table


def only(records, game):
    return [r for r in records if r["game"] == game]


BOTS_ONLY = {
    "hercules": ("standard", ["easy", "normal", "easy"]),
    "labors": ("mortal", ["random"]),
    "later_years": ("standard", ["easy", "normal", "easy"]),
    "companions": ("standard", ["easy", "normal", "easy", "normal"]),
}


def test_bot_only_games_of_every_game_are_recorded_once_through_the_real_controller():
    assert set(BOTS_ONLY) == {s.id for s in games()}  # a new game: add it above
    app = new_app()
    finals = {}
    for game, (mode, kinds) in BOTS_ONLY.items():
        ctl, _ = play_out(app, game, mode, kinds, seed=11)
        finals[game] = ctl
        assert app.nav.outcome(ctl) is not None and app.nav.outcome(ctl).new
    records = statistics.load_records()
    assert sorted(r["game"] for r in records) == sorted(BOTS_ONLY)
    for game, ctl in finals.items():
        (rec,) = only(records, game)
        state = ctl.state
        assert rec["bots_only"] and rec["variant"] == BOTS_ONLY[game][0]
        assert rec["actions"] == len(ctl.history)
        assert [s["level"] for s in rec["seats"]] == BOTS_ONLY[game][1]
        scores = [s["score"] for s in rec["seats"]]
        results = [s["result"] for s in rec["seats"]]
        if game == "hercules":
            res = mebo_score(state)
            assert scores == [p.total for p in res.players]
            winners = [i for i, r in enumerate(results) if r != "loss"]
            assert winners == list(res.winners) and rec["rounds"] == state.round
        elif game == "later_years":
            res = ly_score(state)
            assert scores == [s.total for s in res.seats]
            best = max(scores)
            # The most points wins unless a tie on points was broken (coins, then cards).
            for i, r in enumerate(results):
                assert (r != "loss") <= (scores[i] == best)
        elif game == "companions":
            # A side wins: every seat of it, and only those (its final side, turncoats too).
            side = [bool(v) for v in state.villain]
            hera_won = state.outcome == "hera"
            assert results == ["win" if side[i] == hera_won else "loss" for i in range(4)]
            assert rec["rounds"] == state.journey
        else:
            assert results == ["win" if state.outcome == WON else "loss"]
            assert scores == [len(state.beaten)] and rec["extra"]["reached"] == state.labour
        # Places follow the scores: more points never places worse.
        places = [s["place"] for s in rec["seats"]]
        for i in range(len(scores)):
            for j in range(len(scores)):
                if scores[i] > scores[j]:
                    assert places[i] <= places[j]
        summary = statistics.summarise(records, game)
        assert (summary.bots_only, summary.total.played, summary.last) == (1, 0, [])
    app.close()


def test_your_games_are_counted_as_worked_out_from_their_final_states():
    app = new_app()
    mine = []  # (won, score, opponent) per game, from the engine
    for seed, level in ((1, "easy"), (2, "normal"), (3, "easy"), (4, "easy")):
        ctl, _ = play_out(app, "hercules", "standard", ["human", level], seed, me="normal")
        res = mebo_score(ctl.state)
        mine.append((0 in res.winners, res.players[0].total, level))
    runs = []
    for seed in (5, 6):
        ctl, _ = play_out(app, "labors", "hero", ["human"], seed, me="random")
        runs.append((ctl.state.outcome == WON, len(ctl.state.beaten), ctl.state.labour))
    records = statistics.load_records()
    s = statistics.summarise(records, "hercules", ("easy", "normal", "hard"))
    assert s.total.played == 4 and s.bots_only == 0
    assert s.total.won == sum(w for w, _, _ in mine)
    assert s.total.best == max(sc for _, sc, _ in mine)
    assert s.total.mean == pytest.approx(sum(sc for _, sc, _ in mine) / 4)
    assert s.last == [(sc, w) for w, sc, _ in mine]
    longest = run = 0
    for w, _, _ in mine:
        run = run + 1 if w else 0
        longest = max(longest, run)
    assert s.longest_streak == longest
    easy = [(w, sc) for w, sc, lv in mine if lv == "easy"]
    assert [(r.key, r.played, r.won) for r in s.by_opponent] == [
        ("easy", 3, sum(w for w, _ in easy)),
        ("normal", 1, sum(w for w, _, lv in mine if lv == "normal")),
    ]
    lab = statistics.summarise(records, "labors")
    assert lab.total.played == 2 and lab.total.won == sum(w for w, _, _ in runs)
    assert lab.last == [(b, w) for w, b, _ in runs]
    (line,) = get_game("labors").tool_entry("stat_lines")(lab.records, t)
    furthest = max(r for _, _, r in runs)
    assert line.startswith(f"Hero: furthest trial {furthest}, ") and line.endswith(" of 2 runs")
    app.close()


def test_a_game_finished_again_from_its_save_or_watched_again_is_not_counted_twice(folder):
    app = new_app()
    spec = get_game("hercules")
    ctl = spec.new_controller("standard", ["easy", "normal"], 8)
    names = spec.ui_entry("seat_names")(ctl.seats, spec.rules.config_to_json(ctl.state))
    table = app.nav.play("hercules", ctl, names)
    for _ in range(30):
        ctl.step(wait=True)
    mid = folder / "mid.json"
    table.save_to(mid, "mid")
    table.wait_for_saves()
    while not ctl.is_over:
        ctl.step(wait=True)
    assert len(statistics.load_records()) == 1
    # The same game from its save (its start stamp kept), played to the end again.
    again = app.nav.open_saved(saves.load_save(mid, spec.rules))
    while not again.ctl.is_over:
        again.ctl.step(wait=True)
    assert app.nav.outcome(again.ctl) is not None and not app.nav.outcome(again.ctl).new
    # The finished game's autosave opened, and watched to its end.
    again.wait_for_saves()
    finished = saves.load_save(saves.autosave_path(paths.saves_dir(), again.created), spec.rules)
    opened = app.nav.open_saved(finished)
    assert opened.ctl.is_over and app.nav.outcome(opened.ctl) is None
    app.nav.replay(finished)
    while app.top.ctl.forward():
        pass
    frames(app, 2)
    assert len(statistics.load_records()) == 1
    app.close()


def test_the_statistics_screen_is_opened_and_driven_with_the_mouse():
    app = new_app()
    play_out(app, "hercules", "standard", ["human", "easy"], 1, me="normal")
    play_out(app, "hercules", "standard", ["easy", "easy"], 2)
    app.nav.title()
    frames(app, 2)
    title = app.top
    assert isinstance(title, TitleScene)
    button = next(b for b, k in title.buttons.items() if k == "statistics")
    click_widget(app, button)
    scene = app.top
    assert isinstance(scene, StatisticsScene) and scene.game == "hercules"
    lines = scene.lines()
    assert lines[0] == "Games played: 1"
    assert lines[1] == "Games among bots only, not counted here: 1"
    tab = next(b for b, g in scene.tabs.items() if g == "labors")
    click_widget(app, tab)
    assert app.top is scene and scene.game == "labors"
    assert scene.lines() == ["Games played: 0"]
    frames(app, 2)  # an empty tab draws its "nothing yet" plot
    tab = next(b for b, g in scene.tabs.items() if g == "hercules")
    click_widget(app, tab)
    frames(app, 2)
    assert scene.recent_lines(scene.summary(), 5)[0][0].endswith(
        f" · {statistics.load_records()[0]['seats'][0]['score']}"
    )
    click_widget(app, scene.btn_back)
    assert isinstance(app.top, TitleScene)
    app.close()


def test_the_game_over_page_says_your_best_and_draws_the_rounds():
    app = new_app()
    ctl, table = play_out(app, "later_years", "standard", ["human", "easy"], 3, me="normal")
    outcome = app.nav.outcome(ctl)
    assert outcome.new and outcome.best == (outcome.score > 0)
    table.anim.skip()
    frames(app, 3)  # the table opens its game-over page
    over = app.top
    assert type(over).__name__ == "GameOverScene"
    assert len(over.rounds) >= 2 and over.rounds[-1] == [s.total for s in ly_score(ctl.state).seats]
    app.close()


def test_profiles_are_made_and_chosen_with_the_mouse_and_keep_their_own_statistics(folder):
    app = new_app(persist=True)
    app.nav.title()
    frames(app, 2)
    click_widget(app, app.top.btn_profile)
    scene = app.top
    assert isinstance(scene, ProfilesScene)
    click_widget(app, scene.btn_make)  # no name yet
    assert scene.message == "Type a name first."
    scene.entry.set_text("Anna")
    click_widget(app, scene.btn_make)
    assert isinstance(app.top, TitleScene) and paths.profile() == "p1"
    assert app.top.btn_profile.text == "Profile: Anna"
    assert (folder / "profiles" / "p1" / "settings.json").exists()
    play_out(app, "hercules", "standard", ["human", "easy"], 4, me="normal")
    assert (folder / "profiles" / "p1" / "statistics.json").exists()
    assert len(statistics.load_records()) == 1
    # Back to the default profile: none of Anna's games.
    app.nav.title()
    frames(app, 1)
    click_widget(app, app.top.btn_profile)
    default = next(b for b, p in app.top.choices.items() if p == paths.DEFAULT_PROFILE)
    click_widget(app, default)
    assert paths.profile() == paths.DEFAULT_PROFILE and statistics.load_records() == []
    assert app.top.btn_profile.text == "Profile: Default player"
    app.close()


def test_a_damaged_statistics_file_at_start_up_is_said_once_and_kept(folder):
    (folder / "statistics.json").write_bytes(b"\x89PNG not statistics")
    unusable = cli.open_profile()
    problem, settings, damaged = cli.prepare()
    app = App((1600, 900), settings, persist=True)
    cli.tell(app, problem, damaged)
    cli.tell_files(app, unusable)
    app.nav.title()
    frames(app, 2)
    (kept,) = folder.glob("statistics.json.damaged-*")
    assert kept.read_bytes() == b"\x89PNG not statistics"
    assert app.top.lines() == [
        "Your statistics file could not be read, so a new one is started. "
        f"The old file is kept as {kept.name}."
    ]
    app.nav.title()
    assert app.top.lines() == []  # once
    app.close()


def start_as_the_command_line_does() -> App:
    """What ``hercules`` does before its loop (the profile, the check, the settings, the
    messages), animations off, the title open."""
    unusable = cli.open_profile()
    problem, settings, damaged = cli.prepare()
    settings.animation_speed, settings.bot_delay = 0.0, 0.0
    app = App((1600, 900), settings, persist=True)
    app.nav.keep_statistics = True
    cli.tell(app, problem, damaged)
    cli.tell_files(app, unusable)
    app.nav.title()
    frames(app, 2)
    return app


def test_a_profile_folder_replaced_by_a_file_is_said_at_start_up_and_play_goes_on(folder):
    found = profiles.Profiles()
    profiles.add_profile(found, "Anna")
    found.current = "p1"
    profiles.save_profiles(found)
    (folder / "profiles").mkdir()
    blocker = folder / "profiles" / "p1"
    blocker.write_bytes(b"")
    app = start_as_the_command_line_does()
    try:
        assert paths.profile() == "p1"
        assert app.top.lines() == [
            "This profile's settings and statistics cannot be kept: "
            f"{blocker} is a file, not a folder. You can play, and games are still saved."
        ]
        assert app.save_settings() == f"saving is off: {blocker} is a file, not a folder"
        ctl, _ = play_out(app, "hercules", "standard", ["human", "easy"], 4, me="normal")
        assert ctl.is_over and app.nav.outcome(ctl) is None  # not recorded, and no crash
        assert blocker.read_bytes() == b""
        app.nav.title()
        frames(app, 1)
        assert app.top.lines() == []  # said once
    finally:
        app.close()


def test_choosing_a_profile_whose_folder_is_a_file_says_so(folder):
    found = profiles.Profiles()
    profiles.add_profile(found, "Anna")
    profiles.save_profiles(found)
    (folder / "profiles").mkdir()
    blocker = folder / "profiles" / "p1"
    blocker.write_bytes(b"")
    app = start_as_the_command_line_does()
    try:
        assert app.top.lines() == []
        click_widget(app, app.top.btn_profile)
        scene = app.top
        assert isinstance(scene, ProfilesScene)
        anna = next(b for b, p in scene.choices.items() if p == "p1")
        click_widget(app, anna)
        frames(app, 1)
        assert isinstance(app.top, TitleScene) and paths.profile() == "p1"
        assert app.top.lines() == [
            "This profile's settings and statistics cannot be kept: "
            f"{blocker} is a file, not a folder. You can play, and games are still saved."
        ]
        assert app.save_settings() == f"saving is off: {blocker} is a file, not a folder"
    finally:
        app.close()


# --- a lone surrogate in a file's text, from start-up to the next write (issue 23, item 2) ---

CLEANED = (
    "held characters that cannot be kept: those characters were taken out, and nothing else "
    "was changed."
)


def test_a_surrogate_in_a_statistics_name_is_said_at_start_up_and_the_next_game_recorded(folder):
    path = folder / "statistics.json"
    earlier = {
        "id": "hercules|2026-01-01|1",
        "game": "hercules",
        "variant": "standard",
        "started": "2026-01-01",
        "ended": "2026-01-01",
        "seconds": 60,
        "rounds": 3,
        "actions": 10,
        "bots_only": False,
        "seats": [
            {"kind": "human", "level": "", "name": "Ann", "result": "win", "place": 1, "score": 30},
            {
                "kind": "bot",
                "level": "easy",
                "name": "Bot",
                "result": "loss",
                "place": 2,
                "score": 10,
            },
        ],
        "extra": {},
    }
    doc = {"format": statistics.FORMAT, "version": 1, "records": [earlier]}
    raw = json.dumps(doc).replace('"Ann"', '"Ann\\ud800"')
    path.write_bytes(raw.encode("ascii"))
    app = start_as_the_command_line_does()
    try:
        assert app.top.lines() == [
            f"Some names or texts in your statistics file (statistics.json) {CLEANED}"
        ]
        ctl, _ = play_out(app, "hercules", "standard", ["human", "easy"], 4, me="normal")
        added = app.nav.outcome(ctl)
        assert added is not None and added.new  # recorded: no UnicodeEncodeError in the frame
        kept = json.loads(path.read_bytes().decode("utf-8"))["records"]
        assert len(kept) == 2 and kept[0]["seats"][0]["name"] == "Ann"
        app.nav.title()
        frames(app, 1)
        assert app.top.lines() == []  # said once
    finally:
        app.close()
    app = start_as_the_command_line_does()  # the next start is quiet
    try:
        assert app.top.lines() == []
    finally:
        app.close()


def test_a_surrogate_in_a_profile_name_is_said_at_start_up_and_the_profiles_kept(folder):
    (folder / "profiles.json").write_bytes(
        b'{"format": "hercules-profiles", "version": 1, "current": "p1",'
        b' "profiles": [{"id": "p1", "name": "Anna\\ud800"}]}'
    )
    app = start_as_the_command_line_does()
    try:
        assert paths.profile() == "p1"
        assert app.top.lines() == [
            f"Some names or texts in the profiles file (profiles.json) {CLEANED}"
        ]
        assert app.top.btn_profile.text == "Profile: Anna"
        assert app.save_settings() is None  # the profile's settings are written
        found = profiles.load_profiles()
        profiles.add_profile(found, "Bea")
        profiles.save_profiles(found)  # the write that used to fail
        assert profiles.load_profiles().name_of("p1") == "Anna"
    finally:
        app.close()


def test_a_surrogate_in_a_settings_text_is_said_at_start_up_and_the_settings_saved(folder):
    (folder / "settings.json").write_bytes(
        b'{"format": "hercules-settings", "version": 1,'
        b' "last_setup": {"hercules": {"names": ["Ann\\ud800"]}}}'
    )
    app = start_as_the_command_line_does()
    try:
        assert app.top.lines() == [f"Some texts in your settings file (settings.json) {CLEANED}"]
        assert app.settings.last_setup == {"hercules": {"names": ["Ann"]}}
        app.settings.mute = True
        assert app.save_settings() is None
        saved = json.loads((folder / "settings.json").read_bytes().decode("utf-8"))
        assert saved["mute"] is True and saved["last_setup"] == {"hercules": {"names": ["Ann"]}}
    finally:
        app.close()


def test_a_settings_file_from_a_newer_version_is_kept_aside_and_said(folder):
    content = b'{"format": "hercules-settings", "version": 2, "language": "it", "mute": true}'
    (folder / "settings.json").write_bytes(content)
    app = start_as_the_command_line_does()
    try:
        (kept,) = folder.glob("settings.json.damaged-*")
        assert kept.read_bytes() == content  # never rewritten as version 1
        assert app.top.lines() == [
            "Your settings file was written by a newer version of the game, so the defaults "
            f"are used. The file is kept as {kept.name}."
        ]
        assert app.settings.language == "en" and not app.settings.mute
        assert app.save_settings() is None
        assert json.loads((folder / "settings.json").read_text("utf-8"))["version"] == 1
        assert kept.read_bytes() == content
    finally:
        app.close()

"""The statistics file and its figures, and the profiles file: formats, bad input, switching.

Figures are checked against numbers worked out here by hand from the records written, never
against the module's own arithmetic.
"""

from __future__ import annotations

import errno
import json
import os

import pytest

from hercules.app import paths, profiles, statistics
from hercules.app.settings import Settings, load_settings, open_settings, save_settings


@pytest.fixture(autouse=True)
def own_folder(tmp_path):
    paths.set_data_dir(tmp_path)
    paths.set_profile(paths.DEFAULT_PROFILE)
    yield
    paths.set_profile(paths.DEFAULT_PROFILE)
    paths.set_data_dir(None)


def seat(kind, level, result, place, score):
    return {
        "kind": kind,
        "level": level,
        "name": kind,
        "result": result,
        "place": place,
        "score": score,
        "breakdown": {"a": score},
    }


def rec(n, seats, variant="standard", game="g"):
    return {
        "id": f"{game}|2026-01-{n:02d}|{n}",
        "game": game,
        "variant": variant,
        "started": f"2026-01-{n:02d}T10:00:00.000Z",
        "ended": f"2026-01-{n:02d}T11:00:00.000Z",
        "seconds": 60,
        "rounds": 10,
        "actions": 100,
        "bots_only": not any(s["kind"] == "human" for s in seats),
        "seats": seats,
        "extra": {},
    }


def you_win(n, score, level="easy", variant="standard"):
    return rec(n, [seat("human", "", "win", 1, score), seat("bot", level, "loss", 2, 10)], variant)


def you_lose(n, score, level="hard", variant="standard"):
    return rec(n, [seat("human", "", "loss", 2, score), seat("bot", level, "win", 1, 99)], variant)


def test_records_are_appended_once_per_game_and_the_file_is_versioned(tmp_path):
    path = tmp_path / "statistics.json"
    first = statistics.add_record(you_win(1, 30), path)
    assert first.new and first.best and first.damaged is None
    again = statistics.add_record(you_win(1, 30), path)  # the same game (resumed, replayed)
    assert not again.new
    doc = json.loads(path.read_text("utf-8"))
    assert doc["format"] == "hercules-statistics" and doc["version"] == statistics.VERSION
    assert [r["id"] for r in doc["records"]] == ["g|2026-01-01|1"]


def test_your_best_is_the_highest_score_of_the_game_and_variant(tmp_path):
    path = tmp_path / "statistics.json"
    assert statistics.add_record(you_win(1, 30), path).best
    assert not statistics.add_record(you_lose(2, 30), path).best  # level with it: not beaten
    assert statistics.add_record(you_lose(3, 31), path).best  # a loss can be a best score
    assert statistics.add_record(you_win(4, 5, variant="solo"), path).best  # its own variant
    bots = rec(5, [seat("bot", "easy", "win", 1, 99), seat("bot", "hard", "loss", 2, 1)])
    assert not statistics.add_record(bots, path).best  # nobody's best
    assert not statistics.add_record(you_lose(6, 0, variant="new"), path).best  # nothing scored


def test_the_figures_are_the_players_games_worked_out_by_hand():
    records = [
        you_win(1, 40, "easy"),
        you_win(2, 50, "hard"),
        you_lose(3, 20, "hard"),
        you_win(4, 60, "easy", "solo"),
        you_win(5, 45, "hard"),
        you_win(6, 35, "easy"),
        you_lose(7, 25, "easy"),
        rec(8, [seat("bot", "easy", "win", 1, 70), seat("bot", "hard", "loss", 2, 60)]),
        # Shared victory with a bot: a win, level with that bot.
        rec(9, [seat("human", "", "shared", 1, 33), seat("bot", "normal", "shared", 1, 33)]),
        you_win(1, 99, "easy", "other") | {"game": "another", "id": "x"},  # another game
    ]
    s = statistics.summarise(records, "g", levels=("easy", "normal", "hard"))
    assert (s.total.played, s.total.won, s.bots_only) == (8, 6, 1)
    assert s.total.best == 60 and s.total.mean == pytest.approx(
        (40 + 50 + 20 + 60 + 45 + 35 + 25 + 33) / 8
    )
    # Won: 1 2 . 4 5 6 . 9 -> runs of 2 and 3, and the last game won: 1 now.
    assert (s.longest_streak, s.streak) == (3, 1)
    assert [(r.key, r.played, r.won, r.best) for r in s.by_opponent] == [
        ("easy", 4, 3, 60),
        ("normal", 1, 1, 33),
        ("hard", 3, 2, 50),
    ]
    assert [(r.key, r.played, r.won) for r in s.by_variant] == [("solo", 1, 1), ("standard", 7, 5)]
    assert [(v.level, v.ahead, v.level_with, v.behind) for v in s.versus] == [
        ("easy", 3, 0, 1),
        ("normal", 0, 1, 0),
        ("hard", 2, 0, 1),
    ]
    assert s.last == [(40, True), (50, True), (20, False), (60, True), (45, True), (35, True),
                      (25, False), (33, True)]  # fmt: skip


def test_the_plot_keeps_the_last_twenty_games():
    records = [you_win(n, n) for n in range(1, 29)]
    s = statistics.summarise(records, "g")
    assert [score for score, _ in s.last] == list(range(9, 29))


def test_a_damaged_statistics_file_is_kept_aside_said_once_and_a_new_one_started(tmp_path):
    path = tmp_path / "statistics.json"
    junk = b'{"format": "hercules-statistics", "version": 1, "records": [tru'
    path.write_bytes(junk)
    records, damaged = statistics.open_statistics(path)
    assert records == [] and damaged is not None and damaged.kind == "damaged"
    assert damaged.kept is not None and damaged.kept.read_bytes() == junk  # never lost
    assert damaged.kept.name.startswith("statistics.json.damaged-")
    assert not path.exists()
    assert statistics.open_statistics(path) == ([], None)  # said once: the next start is quiet
    statistics.add_record(you_win(1, 30), path)
    assert [r["id"] for r in statistics.load_records(path)] == ["g|2026-01-01|1"]


def test_a_file_damaged_while_playing_is_kept_aside_when_the_next_game_is_recorded(tmp_path):
    path = tmp_path / "statistics.json"
    path.write_bytes(b"\x00\xff binary junk")
    added = statistics.add_record(you_win(1, 30), path)
    assert added.damaged is not None and added.damaged.kept.read_bytes() == b"\x00\xff binary junk"
    assert len(statistics.load_records(path)) == 1


def test_a_file_from_a_newer_version_is_refused_and_kept(tmp_path):
    path = tmp_path / "statistics.json"
    newer = {"format": "hercules-statistics", "version": 99, "records": [], "more": 1}
    path.write_text(json.dumps(newer), "utf-8")
    _, damaged = statistics.open_statistics(path)
    assert damaged.kind == "newer" and "newer version" in damaged.reason
    assert json.loads(damaged.kept.read_text("utf-8")) == newer
    assert damaged.words("stats") == ("stats.newer", {"name": damaged.kept.name})


def test_a_damaged_file_that_cannot_be_moved_is_never_written_over(tmp_path, monkeypatch):
    path = tmp_path / "statistics.json"
    path.write_bytes(b"{")

    def no_rename(*a, **kw):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "rename", no_rename)
    added = statistics.add_record(you_win(1, 30), path)
    assert not added.new and added.damaged.kept is None
    assert added.damaged.words("stats") == ("stats.damaged_left", {})
    assert path.read_bytes() == b"{"


def test_a_record_this_version_cannot_read_is_kept_in_the_file_but_not_counted(tmp_path):
    path = tmp_path / "statistics.json"
    odd = {"id": "future", "game": "g", "something": "new"}
    doc = {"format": "hercules-statistics", "version": 1, "records": [odd, you_win(1, 30)]}
    path.write_text(json.dumps(doc), "utf-8")
    assert [r["id"] for r in statistics.load_records(path)] == ["g|2026-01-01|1"]
    statistics.add_record(you_win(2, 31), path)
    kept = json.loads(path.read_text("utf-8"))["records"]
    assert kept[0] == odd and len(kept) == 3


@pytest.mark.parametrize(
    "bad",
    [
        {"seats": []},
        {"seats": [seat("human", "", "won", 1, 3)]},  # not a result
        {"seats": [seat("human", "", "win", 1, "3")]},  # a score is a number
        {"rounds": -1},
        {"extra": {"x": [1, 2]}},
        {"id": None},
    ],
)
def test_malformed_records_are_named(bad):
    assert statistics.problem(you_win(1, 3) | bad)


# --- profiles ---------------------------------------------------------------------------------


def test_the_default_profile_keeps_the_files_where_they_were(tmp_path):
    assert paths.settings_file() == tmp_path / "settings.json"
    assert paths.statistics_file() == tmp_path / "statistics.json"
    found, damaged = profiles.open_profiles()
    assert damaged is None and found.current == "default" and found.profiles == []


def test_names_are_checked():
    found = profiles.Profiles()
    assert profiles.name_problem("", found) == "empty"
    assert profiles.name_problem("   ", found) == "empty"
    assert profiles.name_problem("x" * 25, found) == "long"
    assert profiles.name_problem("Anna\x07", found) == "unprintable"
    assert profiles.name_problem("Anna\u202e", found) == "unprintable"
    made = profiles.add_profile(found, "  Anna   Maria ")
    assert made == profiles.Profile("p1", "Anna Maria")
    assert profiles.name_problem("anna maria", found) == "taken"
    for n in range(profiles.MAX_PROFILES - 1):
        profiles.add_profile(found, f"P{n}")
    assert profiles.name_problem("One more", found) == "full"
    with pytest.raises(ValueError, match="full"):
        profiles.add_profile(found, "One more")


def test_each_profile_keeps_its_own_settings_and_statistics(tmp_path):
    found = profiles.Profiles()
    save_settings(Settings(language="en", ui_scale=1.0))
    statistics.add_record(you_win(1, 30))
    anna = profiles.add_profile(found, "Anna")
    profiles.use(found, anna.id)
    profiles.save_profiles(found)
    assert paths.settings_file() == tmp_path / "profiles" / "p1" / "settings.json"
    assert load_settings() == Settings()  # a new profile: nothing of the default's
    assert statistics.load_records() == []
    save_settings(Settings(language="it", ui_scale=1.5))
    statistics.add_record(you_lose(2, 10))
    statistics.add_record(you_lose(3, 12))
    # The next start opens Anna's profile; the default one is as it was.
    again, damaged = profiles.open_profiles()
    assert damaged is None and again.current == "p1" and again.name_of("p1") == "Anna"
    assert load_settings().language == "it" and len(statistics.load_records()) == 2
    profiles.use(again, "default")
    assert load_settings().language == "en" and len(statistics.load_records()) == 1
    profiles.use(again, "p7")  # unknown: the default
    assert paths.profile() == "default"


BAD_ID = {"format": "hercules-profiles", "version": 1, "profiles": [{"id": "../x", "name": "a"}]}
NEWER = {"format": "hercules-profiles", "version": 7, "profiles": []}


@pytest.mark.parametrize(
    "content, kind",
    [
        (b"not json at all", "damaged"),
        (json.dumps(BAD_ID).encode(), "damaged"),
        (json.dumps(NEWER).encode(), "newer"),
    ],
)
def test_a_bad_profiles_file_is_kept_aside_and_the_profiles_found_again(tmp_path, content, kind):
    for pid in ("p1", "p3"):
        (tmp_path / "profiles" / pid).mkdir(parents=True)
        (tmp_path / "profiles" / pid / "settings.json").write_text("{}", "utf-8")
    (tmp_path / "profiles" / "junk").mkdir()
    path = tmp_path / "profiles.json"
    path.write_bytes(content)
    found, damaged = profiles.open_profiles()
    assert damaged.kind == kind and damaged.kept.read_bytes() == content
    assert found.current == "default"
    assert [p.id for p in found.profiles] == ["p1", "p3"]  # by id: nobody's data out of reach
    assert profiles.open_profiles()[1] is None  # told once


def test_a_settings_file_of_a_profile_that_is_damaged_is_kept_aside_too(tmp_path):
    found = profiles.Profiles()
    profiles.use(found, profiles.add_profile(found, "Bo").id)
    paths.settings_path().write_bytes(b"\xff")
    settings, damaged = open_settings()
    assert settings == Settings() and damaged.kept.parent == tmp_path / "profiles" / "p1"

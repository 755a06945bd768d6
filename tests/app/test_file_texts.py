"""Text read from the files kept as plain data (statistics, profiles, settings) goes by the
saves' one rule: a control character, an unpaired surrogate or a bidirectional override is
cleaned on reading, said once in the log, and the next write succeeds (issue 23, item 2).

Every file here is written as raw bytes, the bad character as a JSON escape (``\\ud800``), as
a hand-edited or hostile file would hold it.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from hercules.app import crash, profiles, saves, statistics, storage, text
from hercules.app.registry import rules_for
from hercules.app.saves import schema
from hercules.app.settings import Settings, open_settings, save_settings
from hercules.games.mebo.spec import SPEC

# own_folder: that module's autouse fixture (a data folder of the test's own), used here too
from .test_statistics import own_folder, you_win  # noqa: F401


def stats_bytes(name_escape: str) -> bytes:
    """A statistics file of one game whose human seat's name is ``Ann`` + the JSON escape."""
    doc = {"format": statistics.FORMAT, "version": statistics.VERSION, "records": [you_win(1, 30)]}
    raw = json.dumps(doc).replace('"name": "human"', f'"name": "Ann{name_escape}"', 1)
    assert name_escape in raw
    return raw.encode("ascii")


@pytest.mark.parametrize(
    "escape", ["\\ud800", "\\udfff", "\\u0007", "\\u0000", "\\u202e", "\\u2066", "\\u009b"]
)
def test_a_bad_character_in_a_statistics_name_is_cleaned_and_the_next_game_recorded(
    tmp_path, caplog, escape
):
    path = tmp_path / "statistics.json"
    path.write_bytes(stats_bytes(escape))
    with caplog.at_level(logging.WARNING):
        records, damaged = statistics.open_statistics(path)
    # cleaned, not refused: the games stay counted, and the player is told (once)
    assert damaged == profiles.DamagedFile("cleaned", "1 text(s) cleaned", path)
    assert damaged.words("stats") == ("stats.cleaned", {"name": "statistics.json"})
    assert records[0]["seats"][0]["name"] == "Ann"
    said = [r for r in caplog.records if "cleaned" in r.getMessage()]
    assert len(said) == 1 and "1 text" in said[0].getMessage()  # said once, at start-up
    assert statistics.load_records(path)[0]["seats"][0]["name"] == "Ann"  # the screen's read
    assert path.read_bytes().isascii() and "Ann" in path.read_text("utf-8")  # written clean
    assert statistics.open_statistics(path) == (records, None)  # the next start is quiet
    path.write_bytes(stats_bytes(escape))  # as it was: the next game end cleans it too

    caplog.clear()
    with caplog.at_level(logging.WARNING):
        added = statistics.add_record(you_win(2, 40), path)  # the next game that ends
    assert added.new and added.damaged is None
    assert not [r for r in caplog.records if "cleaned" in r.getMessage()]  # not said again
    doc = json.loads(path.read_bytes().decode("utf-8"))
    assert [r["id"] for r in doc["records"]] == ["g|2026-01-01|1", "g|2026-01-02|2"]
    assert doc["records"][0]["seats"][0]["name"] == "Ann"  # written back clean


def test_a_surrogate_in_a_record_this_version_cannot_count_is_cleaned_too(tmp_path):
    # Such a record is kept in the file as it was: it must still be writable again.
    path = tmp_path / "statistics.json"
    doc = {"format": statistics.FORMAT, "version": 1, "records": [{"id": "old", "x": "\ud800"}]}
    path.write_bytes(json.dumps(doc).encode("ascii"))
    assert statistics.add_record(you_win(1, 30), path).new
    kept = json.loads(path.read_bytes().decode("utf-8"))["records"]
    assert kept[0] == {"id": "old", "x": ""} and kept[1]["id"] == "g|2026-01-01|1"


def test_a_record_whose_own_texts_are_bad_is_written_clean(tmp_path):
    # What a game's record hook or a typed name gives never makes the file unwritable.
    path = tmp_path / "statistics.json"
    rec = you_win(1, 30)
    rec["extra"] = {"note": "a\ud800b\u202e"}
    rec["seats"][0]["name"] = "Ann\x07"
    assert statistics.add_record(rec, path).new
    kept = json.loads(path.read_bytes().decode("utf-8"))["records"][0]
    assert kept["extra"] == {"note": "ab"} and kept["seats"][0]["name"] == "Ann"


def test_a_surrogate_in_a_profile_name_is_cleaned_and_the_profiles_saved_again(tmp_path, caplog):
    path = tmp_path / "profiles.json"
    path.write_bytes(
        b'{"format": "hercules-profiles", "version": 1, "current": "p1", "note": "x\\ud800",'
        b' "profiles": [{"id": "p1", "name": "Ann\\ud800"}]}'
    )
    with caplog.at_level(logging.WARNING):
        found, damaged = profiles.open_profiles(path)
    assert damaged is not None and damaged.kind == "cleaned" and damaged.kept == path
    assert damaged.words("profiles") == ("profiles.cleaned", {"name": "profiles.json"})
    assert found.current == "p1" and found.name_of("p1") == "Ann"
    assert found.extra == {"note": "x"}  # unknown keys are kept, cleaned as well
    assert sum("cleaned" in r.getMessage() for r in caplog.records) == 1
    assert profiles.load_profiles(path).name_of("p1") == "Ann"
    assert profiles.open_profiles(path) == (found, None)  # written back clean: said once
    profiles.save_profiles(found, path)
    doc = json.loads(path.read_bytes().decode("utf-8"))
    assert doc["profiles"] == [{"id": "p1", "name": "Ann"}] and doc["note"] == "x"


def test_a_profile_name_that_is_nothing_but_bad_characters_is_still_refused(tmp_path):
    path = tmp_path / "profiles.json"
    path.write_bytes(
        b'{"format": "hercules-profiles", "version": 1,'
        b' "profiles": [{"id": "p1", "name": "\\ud800\\u202e"}]}'
    )
    found, damaged = profiles.open_profiles(path)
    assert damaged is not None and damaged.kind == "damaged" and damaged.kept is not None
    assert not path.exists()  # set aside, as every other damaged profiles file


def test_a_surrogate_in_a_settings_text_is_cleaned_and_the_settings_saved_again(tmp_path, caplog):
    path = tmp_path / "settings.json"
    path.write_bytes(
        b'{"format": "hercules-settings", "version": 1, "language": "it\\ud800",'
        b' "last_setup": {"g": {"names": ["Ann\\ud800", "Bo\\tb"]}},'
        b' "from_a_newer_build\\u202e": "x\\udc80"}'
    )
    with caplog.at_level(logging.WARNING):
        settings, damaged = open_settings(path)
    assert damaged is not None and damaged.kind == "cleaned" and damaged.kept == path
    assert damaged.words() == ("settings.cleaned", {"name": "settings.json"})
    assert open_settings(path) == (settings, None)  # written back clean: said once
    assert settings.language == "it"
    assert settings.last_setup == {"g": {"names": ["Ann", "Bo b"]}}  # a tab: a space
    assert settings.extra == {"from_a_newer_build": "x"}
    said = [r.getMessage() for r in caplog.records if "cleaned" in r.getMessage()]
    assert len(said) == 1 and "5 text" in said[0]
    save_settings(settings, path)
    doc = json.loads(path.read_bytes().decode("utf-8"))
    assert doc["language"] == "it" and doc["from_a_newer_build"] == "x"


def test_cleaning_walks_any_nesting_without_recursion():
    deep: list[object] = ["\ud800"]
    for _ in range(100_000):  # far deeper than the stack; the parser stops near 1,000
        deep = [deep]
    out, changed = text.clean_texts({"records": deep})
    assert changed == 1
    inner = out["records"]
    while isinstance(inner, list) and len(inner) == 1 and isinstance(inner[0], list):
        inner = inner[0]
    assert inner == [""]


def test_the_saves_and_the_other_files_share_one_rule_for_text():
    assert schema.text_problem is text.text_problem and schema.clean_text is text.clean_text
    assert storage.UNPRINTABLE is text.UNPRINTABLE and schema.MAX_TEXT == text.MAX_TEXT
    bad = "a\ud800b\x00c\u202ed\u2069e\tf"
    assert text.clean_text(bad, None) == "abcde f" and text.text_problem(text.clean_text(bad)) == ""
    assert text.clean_texts({"k\x00": [bad, 1, None]}) == ({"k": ["abcde f", 1, None]}, 2)
    doc = {"k": ["fine", 1]}
    assert text.clean_texts(doc)[0] is doc  # nothing to clean: the document as it was


# --- every other file a text is read from (issue 23, item 2) ---------------------------------


def test_a_surrogate_in_a_save_is_refused_naming_it_and_a_typed_one_never_stops_the_autosave(
    tmp_path,
):
    ctl = SPEC.new_controller("standard", ["human", "easy"], 3)
    try:
        # A name typed with a lone surrogate (what a broken input method can give): the game
        # is written, cleaned by the loader's rule, and loads back.
        path = tmp_path / "game.json"
        saves.save_game(path, ctl, ["Ann\ud800", "Bot"], label="mine\udc80")
        again = saves.load_save(path, rules_for)
        assert again.names == ("Ann", "Bot") and again.label == "mine"
        saves.save_game(path, ctl, list(again.names), created=again.created)  # the autosave
        # The same escape written into the file by hand: refused, with the reason.
        doc = json.loads(path.read_bytes().decode("utf-8"))
        doc["names"][0] = "Ann\ud800"
        doc[saves.INTEGRITY] = saves.content_digest(doc)
        path.write_bytes(json.dumps(doc, ensure_ascii=True).encode("ascii"))
        with pytest.raises(saves.SaveError) as caught:
            saves.load_save(path, rules_for)
        assert "holds an unpaired surrogate (U+D800)" in caught.value.reason
    finally:
        ctl.close()


def test_a_crash_report_is_written_whatever_surrogates_it_quotes(tmp_path):
    error = ValueError("bad name 'Ann\ud800'")
    report = crash.write_report(error, {"names": ["Ann\ud800"]}, {"file": "x\udc80"}, tmp_path)
    assert report is not None and report.save is not None
    text = report.path.read_bytes().decode("utf-8")
    assert "Ann\\ud800" in text and "x\\udc80" in text
    assert json.loads(report.save.read_bytes().decode("utf-8")) == {"names": ["Ann\ud800"]}


def test_an_encoding_error_writing_the_statistics_is_an_oserror_and_the_file_is_unchanged(
    tmp_path, monkeypatch
):
    # Belt and braces: were a text ever to reach the write uncleaned, the game's end says "not
    # recorded" (it catches OSError) instead of a UnicodeEncodeError out of the frame.
    path = tmp_path / "statistics.json"
    statistics.add_record(you_win(1, 30), path)
    before = path.read_bytes()
    monkeypatch.setattr(statistics, "clean_texts", lambda doc: (doc, 0))
    rec = you_win(2, 40)
    rec["seats"][0]["name"] = "Ann\ud800"
    with pytest.raises(OSError) as caught:
        statistics.add_record(rec, path)
    assert not isinstance(caught.value, UnicodeError)
    assert "cannot be written" in (caught.value.strerror or "")
    assert path.read_bytes() == before


def test_a_settings_file_from_a_newer_version_is_kept_aside_not_read_as_version_1(tmp_path):
    path = tmp_path / "settings.json"
    content = b'{"format": "hercules-settings", "version": 2, "language": "it"}'
    path.write_bytes(content)
    settings, damaged = open_settings(path)
    assert settings == Settings()
    assert damaged is not None and damaged.kind == "newer" and damaged.kept is not None
    assert "newer version" in damaged.reason and "format 2" in damaged.reason
    assert damaged.words() == ("settings.newer", {"name": damaged.kept.name})
    assert damaged.kept.read_bytes() == content and not path.exists()
    save_settings(settings, path)  # a fresh file, the newer one left as it was
    assert json.loads(path.read_text("utf-8"))["version"] == 1
    assert damaged.kept.read_bytes() == content


def test_every_file_message_has_its_words_in_every_language():
    strings = Path(__file__).resolve().parents[2] / "assets" / "ui" / "strings"
    tables = [json.loads((strings / f"{lang}.json").read_text("utf-8")) for lang in ("en", "it")]
    keys = [
        *(
            f"{what}.{kind}"
            for what in ("settings", "profiles", "stats")
            for kind in ("damaged", "damaged_left", "newer", "newer_left", "cleaned")
        ),
        "storage.profile",
    ]
    for table in tables:
        assert all(key in table for key in keys), [k for k in keys if k not in table]
    assert all(tables[0][k] != tables[1][k] for k in keys)

"""The game id: a save's rules are found by the game it names, through a resolver or one rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hercules.app.saves import (
    DEFAULT_GAME,
    SaveError,
    content_digest,
    dumps,
    example_saves,
    latest_save,
    list_saves,
    load_save,
    read_document,
    restore_controller,
    rules_resolver,
    save_info,
)
from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.engine.adapter import RULES

FIXTURES = Path(__file__).parent / "fixtures"


class OtherGame:
    """A second game in the box: Hercules' engine under another id (enough for saves)."""

    name = "other"

    def __getattr__(self, attr: str) -> Any:
        return getattr(RULES, attr)


class Recorder:
    """A resolver that remembers every id it was asked for."""

    def __init__(self, *games: Any) -> None:
        self.games = {g.name: g for g in games}
        self.asked: list[str] = []

    def __call__(self, game: str) -> Any:
        self.asked.append(game)
        return self.games[game]


def midgame() -> dict:
    path = next(p for p in example_saves() if "midgame" in p.name)
    return json.loads(path.read_text("utf-8"))


def test_the_hercules_rules_are_the_default_game():
    assert RULES.name == DEFAULT_GAME == "hercules"


def test_a_resolver_picks_the_rules_by_the_documents_game_id():
    resolve = Recorder(RULES, OtherGame())
    loaded = read_document(midgame(), resolve)
    assert resolve.asked == ["hercules"]
    assert loaded.game == "hercules" and loaded.rules is RULES
    assert loaded.state == read_document(midgame(), RULES).state

    other = dict(midgame(), game="other", format="other-save")
    other["integrity"] = content_digest(other)  # a good save of the other game, sealed
    loaded = read_document(other, resolve)
    assert resolve.asked[-1] == "other"
    assert loaded.game == "other" and isinstance(loaded.rules, OtherGame)


def test_an_unknown_game_is_refused_in_one_clear_line(tmp_path):
    doc = dict(midgame(), game="chess", format="chess-save")
    with pytest.raises(SaveError) as info:
        read_document(doc, rules_resolver(RULES))
    assert str(info.value) == "this save is for a game this box does not have: 'chess'"
    path = tmp_path / "chess.json"
    path.write_text(dumps(doc), "utf-8")
    with pytest.raises(SaveError, match="does not have: 'chess'") as info:
        load_save(path, rules_resolver(RULES))
    assert info.value.path == path


def test_an_unknown_game_is_listed_as_damaged_with_the_reason(tmp_path):
    for p in example_saves():
        (tmp_path / p.name).write_bytes(p.read_bytes())
    (tmp_path / "chess.json").write_text(dumps(dict(midgame(), game="chess")), "utf-8")
    resolve = rules_resolver(RULES)
    listed = {i.path.name: i for i in list_saves(tmp_path, resolve)}
    assert listed["chess.json"].damaged
    assert listed["chess.json"].error == "this save is for a game this box does not have: 'chess'"
    assert sum(i.damaged for i in listed.values()) == 1
    assert save_info(tmp_path / "chess.json", resolve).error == listed["chess.json"].error
    assert latest_save(tmp_path, resolve, include_finished=True) is not None


def test_one_rules_object_refuses_a_save_of_another_game():
    with pytest.raises(SaveError, match=r"a save of another game \('chess'\), not hercules"):
        read_document(dict(midgame(), game="chess"), RULES)
    with pytest.raises(SaveError, match="another game"):
        read_document(dict(midgame(), game="other", format="other-save"), RULES)


def test_a_game_id_that_is_not_text_is_refused():
    with pytest.raises(SaveError, match="field 'game' must be text, not a list"):
        read_document(dict(midgame(), game=["hercules"]), rules_resolver(RULES))
    with pytest.raises(SaveError, match="field 'game' must be text, not a list"):
        read_document(dict(midgame(), game=["hercules"]), RULES)


def test_a_document_without_a_game_id_is_a_hercules_save():
    resolve = Recorder(RULES)
    doc = midgame()
    del doc["game"]
    with pytest.raises(SaveError, match="missing field 'game'"):  # version 2 must name it
        read_document(doc, resolve)
    assert resolve.asked == ["hercules"]


def test_the_old_version_1_fixture_still_loads_and_replays_identically():
    fixture = FIXTURES / "save_v1.json"
    raw = json.loads(fixture.read_text("utf-8"))
    assert "game" not in raw
    resolve = Recorder(RULES, OtherGame())
    loaded = load_save(fixture, resolve)
    assert resolve.asked == ["hercules"]
    assert loaded.file_version == 1 and loaded.game == "hercules"
    by_rules = load_save(fixture, RULES)
    assert loaded == by_rules
    assert RULES.state_to_json(loaded.state) == raw["state"]
    ctl = restore_controller(loaded, resolve, make_bot)
    assert ctl.rules is RULES and ctl.state == loaded.state
    assert [r.action for r in ctl.history] == list(loaded.actions)


def test_restoring_needs_the_loaded_games_rules():
    loaded = read_document(midgame(), RULES)
    with pytest.raises(SaveError, match="does not have: 'hercules'"):
        restore_controller(loaded, rules_resolver(OtherGame()), make_bot)
    with pytest.raises(SaveError, match="another game"):
        restore_controller(loaded, OtherGame(), make_bot)  # type: ignore[arg-type]

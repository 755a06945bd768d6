"""The game registry: the box's games by id, and clear refusals of a broken or duplicated spec."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from hercules.app import registry
from hercules.app.registry import (
    DEFAULT_GAME,
    GameSpec,
    Registry,
    RegistryError,
    UnknownGameError,
    check_spec,
)


def mebo() -> GameSpec:
    return registry.get_game(DEFAULT_GAME)


def test_the_box_registers_the_mebo_board_game_first():
    box = registry.games()
    assert box[0].id == "hercules"
    spec = mebo()
    assert spec.name("en") == "Hercules" and spec.name("it") == "Hercules"
    assert spec.name("fr") == "Hercules"  # a language without its own name falls back to English
    assert spec.players == (2, 4)
    assert set(spec.variants) == {"standard", "simplified", "solo", "pnp"}
    assert spec.rules.name == "hercules"
    assert set(spec.bot_levels) == {"easy", "normal", "hard", "master"}


def test_a_spec_names_its_scenes_and_they_load_on_demand():
    spec = mebo()
    table = spec.ui_entry("table")
    assert table.__name__ == "TableScene"
    assert spec.ui_entry("setup").__name__ == "SetupScene"
    assert callable(spec.ui_entry("seat_names"))


def test_a_spec_starts_a_game_through_its_controller():
    ctl = mebo().new_controller("standard", ["human", "easy"], 5)
    assert ctl.state.config.mode == "standard" and ctl.state.n == 2
    assert ctl.seats[1].kind == "bot" and ctl.seats[1].level == "easy"


def test_loading_the_box_twice_registers_each_game_once():
    registry.load_games()
    registry.load_games()
    assert registry.REGISTRY.ids().count("hercules") == 1


def test_two_games_with_one_id_are_refused_with_a_clear_message():
    reg = Registry()
    reg.register(mebo())
    with pytest.raises(RegistryError, match="two games have the id 'hercules'"):
        reg.register(mebo())


def test_an_unknown_game_id_names_itself():
    with pytest.raises(UnknownGameError, match="this box has no game 'chess'"):
        registry.get_game("chess")
    with pytest.raises(KeyError):  # a resolver's callers may catch KeyError
        registry.rules_for("chess")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"id": ""}, "game id '' must be a short lowercase name"),
        ({"id": "Bad Id"}, "must be a short lowercase name"),
        ({"names": {}}, "'names' is missing"),
        ({"names": {"it": "Ercole"}}, "names must include English"),
        ({"players": (3, 2)}, "players must be"),
        ({"variants": ()}, "'variants' is missing"),
        ({"bot_levels": ()}, "'bot_levels' is missing"),
        ({"rules": object()}, "its rules object lacks"),
        ({"make_bot": "easy"}, "make_bot must be callable"),
        ({"ui": {"setup": "x:Y"}}, "ui 'table' must be 'module:name'"),
        ({"ui": {**dict.fromkeys(registry.UI_ROLES, "no.such.module:Scene")}}, "missing module"),
        ({"assets": "../elsewhere"}, "assets must be a folder inside hercules.assets"),
        ({"assets": "/games/mebo"}, "assets must be a folder inside hercules.assets"),
        ({"tutorial": "../tutorial.json"}, "tutorial must be a .json file inside its assets"),
        ({"tutorial": "data/tutorial.txt"}, "tutorial must be a .json file inside its assets"),
    ],
)
def test_a_malformed_spec_is_refused_at_registration(change, message):
    broken = dataclasses.replace(mebo(), **change)
    with pytest.raises(RegistryError, match=message):
        check_spec(broken)


@pytest.mark.parametrize("folder", ["data", "games/no_such_game"])
def test_a_spec_whose_assets_folder_has_no_strings_is_refused(folder):
    # "data" exists in hercules.assets but holds no strings/en.json; the other does not exist.
    broken = dataclasses.replace(mebo(), assets=folder)
    message = f"game 'hercules': its assets folder '{folder}' has no strings/en.json"
    with pytest.raises(RegistryError, match=message):
        Registry().register(broken)


def test_a_spec_without_assets_is_welcome():
    assert check_spec(dataclasses.replace(mebo(), assets="", tutorial="")).assets == ""


def test_the_registry_counts_its_changes():
    reg = Registry()
    before = reg.version
    reg.register(mebo())
    reg.unregister("hercules")
    reg.unregister("hercules")  # nothing to remove: no change
    assert reg.version == before + 2


def test_a_spec_that_is_not_a_gamespec_is_refused():
    with pytest.raises(RegistryError, match="must be a GameSpec"):
        Registry().register({"id": "x"})


def test_a_spec_missing_a_field_cannot_even_be_built():
    with pytest.raises(TypeError, match="missing"):
        GameSpec(id="x", names={"en": "X"})  # type: ignore[call-arg]


def test_rules_named_unlike_the_game_are_refused():
    class Renamed:
        def __getattr__(self, name):
            return getattr(mebo().rules, name)

        name = "other"

    with pytest.raises(RegistryError, match="rules are named 'other'"):
        check_spec(dataclasses.replace(mebo(), rules=Renamed()))


def test_a_broken_game_package_stops_the_start_with_a_message(tmp_path):
    # A fake box whose only game has no SPEC: the command line says so and exits with 2.
    pkg = tmp_path / "fakebox" / "games" / "broken"
    pkg.mkdir(parents=True)
    for folder in (tmp_path / "fakebox", tmp_path / "fakebox" / "games", pkg):
        (folder / "__init__.py").write_text("")
    (pkg / "spec.py").write_text("NOT_A_SPEC = 1\n")
    code = (
        f"import sys; sys.path.insert(0, {str(tmp_path)!r});"
        "from hercules.app import registry;"
        "registry.discover('fakebox.games')"
    )
    run = subprocess.run([sys.executable, "-P", "-c", code], capture_output=True, text=True)
    assert run.returncode != 0
    assert "fakebox.games.broken.spec defines no SPEC" in run.stderr


def test_the_command_line_refuses_to_start_with_a_broken_box(monkeypatch, capsys):
    from hercules import cli

    def broken() -> None:
        raise RegistryError("two games have the id 'hercules'")

    monkeypatch.setattr(cli, "load_games", broken)
    assert cli.main(["--frames", "1"]) == 2
    assert "cannot start: two games have the id 'hercules'" in capsys.readouterr().err


def test_the_registry_checks_exactly_the_contracts_members():
    from hercules.app.contract import GameRules, members

    assert registry.RULES_MEMBERS == members(GameRules)
    for needed in ("view", "redact", "upgrade_state", "state_version", "reveals"):
        assert needed in registry.RULES_MEMBERS


@pytest.mark.parametrize("member", ["view", "redact", "upgrade_state", "state_version"])
def test_rules_lacking_a_member_of_the_contract_are_refused_naming_it(member):
    class Lacking:
        def __getattr__(self, name):
            if name == member:
                raise AttributeError(name)
            return getattr(mebo().rules, name)

    with pytest.raises(RegistryError, match=f"its rules object lacks {member}"):
        check_spec(dataclasses.replace(mebo(), rules=Lacking()))


@pytest.mark.parametrize(
    ("attribute", "value", "message"),
    [
        ("state_version", 0, "state_version must be a whole number >= 1"),
        ("state_version", True, "state_version must be a whole number >= 1"),
        ("error_types", (ValueError, "x"), "error_types must be a tuple of exceptions"),
    ],
)
def test_rules_with_a_malformed_attribute_are_refused(attribute, value, message):
    class Odd:
        def __getattr__(self, name):
            if name == attribute:
                return value
            return getattr(mebo().rules, name)

    with pytest.raises(RegistryError, match=message):
        check_spec(dataclasses.replace(mebo(), rules=Odd()))


def test_a_spec_with_malformed_automata_is_refused():
    with pytest.raises(RegistryError, match="automata must be a tuple"):
        check_spec(dataclasses.replace(mebo(), automata=("Hades!",)))


def test_every_registered_game_meets_the_contract():
    from hercules.app.contract import GameRules, missing_members

    for spec in registry.games():
        assert missing_members(spec.rules) == [], spec.id
        assert isinstance(spec.rules, GameRules)


def test_the_mebo_game_names_its_automaton_and_the_others_have_none():
    assert mebo().automata == ("hades",)
    for spec in registry.games():
        if spec.id != DEFAULT_GAME:
            assert spec.automata == (), spec.id


def test_the_conventional_ui_roles_name_a_games_usual_scenes_and_take_additions():
    roles = registry.ui_roles("pkg.ui", seat_names="words:names_for", table="board:Board")
    assert roles == {
        "setup": "pkg.ui.setup:SetupScene",
        "table": "pkg.ui.board:Board",
        "replay": "pkg.ui.replay:ReplayScene",
        "rules": "pkg.ui.rules:RulesScene",
        "seat_names": "pkg.ui.words:names_for",
    }

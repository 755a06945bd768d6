"""Each game ships its own words: its string table is merged with the shell's, its texts found."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from hercules.app import registry
from hercules.app.registry import DEFAULT_GAME, RegistryError
from hercules.ui import strings

ASSETS = Path(__file__).resolve().parents[2] / "assets"
MEBO = ASSETS / "games" / "mebo"


def read(path: Path) -> dict[str, str]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    strings.set_language("en")


class _Renamed:
    """The MEBO game's rules under another id (a second game for the registry)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, attr: str) -> object:
        return getattr(registry.get_game(DEFAULT_GAME).rules, attr)


@pytest.fixture
def second_game():
    """Register a second game whose ``assets`` folder is given; removed afterwards."""
    added: list[str] = []

    def register(game_id: str, assets: str) -> None:
        spec = dataclasses.replace(
            registry.get_game(DEFAULT_GAME), id=game_id, rules=_Renamed(game_id), assets=assets
        )
        registry.REGISTRY.register(spec)
        added.append(game_id)

    yield register
    for game_id in added:
        registry.REGISTRY.unregister(game_id)


def test_the_mebo_game_names_its_assets_folder():
    assert registry.get_game(DEFAULT_GAME).assets == "games/mebo"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_merged_table_has_the_games_keys_and_the_shells(lang):
    game = read(MEBO / "strings" / f"{lang}.json")
    shell = read(ASSETS / "ui" / "strings" / f"{lang}.json")
    merged = strings.table(lang)
    assert game.items() <= merged.items() and shell.items() <= merged.items()
    assert "labour.7" in game and "labour.7" not in shell  # a game's word lives in the game
    assert "menu.new" in shell and "menu.new" not in game  # the shell's stays in the shell
    assert strings.tr(lang, "labour.7") == game["labour.7"]
    assert strings.has("deck.hestia")


def test_the_shell_shows_a_saves_mode_from_the_games_table():
    # The load screen builds mode.<mode> from a save's summary: the game defines those words.
    game = read(MEBO / "strings" / "en.json")
    assert {"mode.standard", "mode.simplified", "mode.solo", "mode.pnp"} <= set(game)
    assert strings.t("mode.solo") == game["mode.solo"]


def test_a_key_defined_by_two_games_is_refused_naming_it_and_both_tables(second_game):
    strings.table("en")  # loads fine before
    second_game("copy", "games/mebo")
    with pytest.raises(strings.DuplicateKeyError) as caught:
        strings.t("labour.7")
    message = str(caught.value)
    first = next(iter(read(MEBO / "strings" / "en.json")))
    assert isinstance(caught.value, ValueError) and "\n" not in message
    assert message == (
        f"string key {first!r} is defined twice: in games/mebo/strings/en.json (game 'hercules') "
        "and in games/mebo/strings/en.json (game 'copy')"
    )


def test_a_game_redefining_a_shell_key_is_refused(second_game):
    second_game("copy", "ui")  # the shell's own folder: every key of the shell again
    with pytest.raises(strings.DuplicateKeyError, match="'title.name' is defined twice") as caught:
        strings.table("it")
    assert "ui/strings/it.json (the shell)" in str(caught.value)
    assert "ui/strings/it.json (game 'copy')" in str(caught.value)


def test_the_table_comes_back_when_the_duplicate_goes(second_game):
    second_game("copy", "games/mebo")
    with pytest.raises(strings.DuplicateKeyError):
        strings.table("en")
    registry.REGISTRY.unregister("copy")
    assert strings.t("labour.7") == read(MEBO / "strings" / "en.json")["labour.7"]


def test_a_spec_whose_assets_folder_has_no_strings_is_refused_and_the_words_stay():
    broken = dataclasses.replace(
        registry.get_game(DEFAULT_GAME), id="nowords", rules=_Renamed("nowords"), assets="data"
    )
    with pytest.raises(RegistryError, match="'data' has no strings/en.json"):
        registry.REGISTRY.register(broken)
    assert "nowords" not in registry.REGISTRY
    assert strings.t("menu.new") == "New game"


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("name", ["rules", "rules_pnp"])
def test_text_file_finds_the_games_texts(name, lang):
    strings.set_language(lang)
    expected = (MEBO / "text" / f"{name}.{lang}.txt").read_text(encoding="utf-8")
    assert strings.text_file(name) == expected
    assert not (ASSETS / "ui" / "text" / f"{name}.{lang}.txt").exists()  # moved to the game


def test_text_file_falls_back_to_english_and_names_where_it_looked():
    strings.set_language("fr")  # unknown: English
    assert strings.text_file("rules").startswith(
        (MEBO / "text" / "rules.en.txt").read_text(encoding="utf-8")[:40]
    )
    with pytest.raises(FileNotFoundError, match="no text nothing.en.txt in ui/text/, games/mebo"):
        strings.text_file("nothing")


def test_the_command_line_refuses_to_start_when_two_tables_share_a_key(monkeypatch, capsys):
    from hercules import cli
    from hercules.ui import strings

    def clash() -> None:
        raise strings.DuplicateKeyError("string key 'menu.new' is defined twice: in a and in b")

    monkeypatch.setattr(cli, "check_tables", clash)
    assert cli.main(["--frames", "1"]) == 2
    assert "cannot start: string key 'menu.new' is defined twice" in capsys.readouterr().err

"""The registry names a game's rules and bots lazily: the title imports no game's engine or
bots; each member is imported, and checked, the first time it is asked for (issue 26)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import tempfile

import pytest

from hercules.app import registry
from hercules.app.registry import (
    LAZY_FIELDS,
    GameSpec,
    Lazy,
    Registry,
    RegistryError,
    check_spec,
    lazy,
)

#: Builds the title in a fresh interpreter (with saves to continue in its data folder) and
#: prints the game modules of an engine or bots that were imported by then.
TITLE_CHILD = r"""
import json, shutil, sys, tempfile
from pathlib import Path
from hercules.app import paths, saves
paths.set_data_dir(Path(tempfile.mkdtemp()))
for example in saves.example_saves():
    shutil.copy(example, paths.saves_dir() / example.name)
from hercules.ui.app import App, Settings
from hercules.ui.scenes.title import TitleScene
app = App((1280, 720), Settings(animation_speed=0.0, bot_delay=0.0))
app.nav.title()
app.frame(1 / 60)
title = app.top
continue_on = {v: k for k, v in title.buttons.items()}["continue"].is_enabled
loaded = sorted(
    m for m in sys.modules
    if m.startswith("hercules.games.") and (".engine" in m or ".ai" in m)
)
print(json.dumps({"title": type(title).__name__, "continue": continue_on, "loaded": loaded}))
app.close()
"""


def fresh_title() -> dict[str, object]:
    """What :data:`TITLE_CHILD` found, in a fresh interpreter (this one has every game)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run(
        [sys.executable, "-c", TITLE_CHILD],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=tempfile.gettempdir(),  # not the checkout: "-c" would import its source, not the wheel
    )
    found: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return found


def test_building_the_title_imports_no_games_engine_or_bots():
    found = fresh_title()
    assert found["title"] == "TitleScene"
    assert found["continue"] is True  # the saves' headers say there is a game to continue
    assert found["loaded"] == []


LIST_CHILD = """
import json
from hercules.app import registry
from hercules.app.registry import Lazy
specs = registry.discover()
print(json.dumps([
    [s.id, s.imported, isinstance(s.raw("rules"), Lazy), isinstance(s.raw("make_bot"), Lazy)]
    for s in specs
]))
"""


def test_the_registry_lists_the_games_without_importing_a_member():
    # In a fresh interpreter: in this one another test may have imported every member already
    # (a spec module is imported once per process, and its SPEC with it).
    run = subprocess.run(
        [sys.executable, "-c", LIST_CHILD],
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),  # as above: the installed box, not the checkout's source
    )
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert [row[0] for row in found] == ["hercules", "labors", "later_years", "companions"]
    for game_id, imported, rules_lazy, bot_lazy in found:
        assert not imported, game_id
        assert rules_lazy and bot_lazy, game_id


def test_every_games_lazy_members_import_and_meet_the_contract():
    for spec in registry.games():
        spec.resolve()
        assert spec.imported
        assert spec.rules.name == spec.id
        assert spec.bot_levels and all(isinstance(level, str) for level in spec.bot_levels)
        assert spec.variants and callable(spec.make_bot)
        bot = spec.make_bot(spec.bot_levels[0])
        assert hasattr(bot, "choose")


def test_a_resolved_member_is_a_plain_attribute_of_the_spec():
    spec = registry.get_game("hercules")
    rules = spec.rules
    assert spec.rules is rules and spec.__dict__["rules"] is rules  # no lookup the next time
    assert spec.raw("rules") is rules


def test_a_lazy_member_is_named_module_colon_name():
    assert lazy("a.b:C") == Lazy("a.b:C")
    for bad in ("a.b", "a.b:", ":C", "a b:C", 3):
        with pytest.raises(RegistryError, match="module:name"):
            lazy(bad)  # type: ignore[arg-type]


class _Renamed:
    """The MEBO rules under the id "toy"."""

    name = "toy"

    def __init__(self, rules: object) -> None:
        self._rules = rules

    def __getattr__(self, attr: str) -> object:
        return getattr(self._rules, attr)


def _toy(**members: object) -> GameSpec:
    """The MEBO game's spec under another id, with ``members`` (lazy ones, say) in place."""
    base = registry.get_game("hercules")
    members.setdefault("rules", _Renamed(base.rules))
    return dataclasses.replace(base, id="toy", assets="", tutorial="", **members)


def test_a_spec_with_a_missing_lazy_module_registers_and_fails_on_first_use_naming_it():
    reg = Registry()
    spec = reg.register(_toy(make_bot=lazy("hercules.no_such_module:make_bot")))
    assert spec.id == "toy"  # nothing imported at registration
    with pytest.raises(RegistryError, match="make_bot 'hercules.no_such_module:make_bot'"):
        spec.make_bot("easy")


def test_lazy_rules_are_checked_as_given_ones_are_when_first_used():
    # The MEBO rules, named "hercules", for a game whose id is "toy": refused on first use.
    spec = check_spec(_toy(rules=lazy("hercules.games.mebo.engine.adapter:RULES")))
    with pytest.raises(RegistryError, match="its rules are named 'hercules', not 'toy'"):
        _ = spec.rules
    levels = check_spec(_toy(bot_levels=lazy("hercules.games.mebo.engine:MODES")))
    assert levels.bot_levels == ("standard", "simplified", "solo", "pnp")  # any tuple of names
    odd = check_spec(_toy(variants=lazy("hercules.app.registry:DEFAULT_GAME")))
    with pytest.raises(RegistryError, match="'variants' is missing"):
        _ = odd.variants  # a string is no tuple of variants


def test_only_the_engine_made_members_are_lazy():
    assert set(LAZY_FIELDS) == {"rules", "new_controller", "make_bot", "bot_levels", "variants"}
    spec = _toy(names=lazy("hercules.games.mebo.spec:GAME_ID"))
    assert isinstance(spec.names, Lazy)  # not resolved: a field the title reads is data
    with pytest.raises(RegistryError):
        check_spec(spec)


def test_a_games_spec_says_the_same_levels_and_variants_its_engine_and_bots_do():
    from hercules.games.labors.ai.bots import BOT_LEVELS as LABORS_LEVELS
    from hercules.games.labors.engine import DIFFICULTIES
    from hercules.games.mebo.ai.bots import BOT_LEVELS as MEBO_LEVELS
    from hercules.games.mebo.engine import MODES

    assert registry.get_game("hercules").bot_levels == MEBO_LEVELS
    assert registry.get_game("hercules").variants == MODES
    assert registry.get_game("labors").bot_levels == LABORS_LEVELS
    assert registry.get_game("labors").variants == DIFFICULTIES

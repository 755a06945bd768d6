"""The fourth game through the conformance suite's checks at every seat count and in both
variants, two seeds each (the box's suite plays one), with its hidden parts re-dealt."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import conformance as c

from hercules.app.registry import load_games
from hercules.games.companions.ai.bots import BOT_LEVELS, make_bot
from hercules.games.companions.spec import SPEC

CASES = [(v, p, seed) for v in ("standard", "hardship") for p in (4, 5, 6, 7) for seed in (1, 2)]


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    load_games()


@pytest.mark.parametrize(("variant", "players", "seed"), CASES)
def test_random_play_passes_every_conformance_check(variant, players, seed, tmp_path: Path):
    game = c.play_checked(SPEC, variant, players, seed)
    c.check_game_refusals(game, seat_checks=True)
    c.check_game_saves(game, tmp_path / "game.json")
    c.check_game_versions(game)
    c.check_game_views(game)
    c.check_game_redaction(game)
    checked = c.hidden_checks(game, make_bot, BOT_LEVELS, seed=seed)
    assert checked > 0, "no state whose hidden part could be re-dealt"

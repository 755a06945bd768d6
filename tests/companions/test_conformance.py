"""The draft fourth game through the conformance suite's checks (issue 25): it is not in the
box yet, so it is registered here for these tests only (with the toy game's scenes, which the
checks never open)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from support import conformance as c

from hercules.app.controller import Controller, build_seats
from hercules.app.registry import REGISTRY, GameSpec
from hercules.games._companions import engine as E
from hercules.games._companions.adapter import GAME_ID, RULES
from hercules.games._companions.bots import BOT_LEVELS, make_bot

_UI = "support.toy_game.ui"


def new_controller(variant: str, kinds: Sequence[str], seed: int) -> Controller:
    seats, bots = build_seats(kinds, make_bot)
    state = E.new_game(E.Config(len(kinds), variant), seed)
    return Controller(RULES, state, seats, bots, bot_seed=seed)


DRAFT = GameSpec(
    id=GAME_ID,
    names={"en": "The Labours of Hercules (draft)"},
    players=(4, 7),
    variants=("standard", "hardship"),
    rules=RULES,
    new_controller=new_controller,
    make_bot=make_bot,
    bot_levels=BOT_LEVELS,
    ui={
        "setup": f"{_UI}:SetupScene",
        "table": f"{_UI}:TableScene",
        "replay": f"{_UI}:ReplayScene",
        "rules": f"{_UI}:RulesScene",
        "seat_names": f"{_UI}:names_for",
    },
    order=95,
)

CASES = [(v, p, seed) for v in ("standard", "hardship") for p in (4, 5, 6, 7) for seed in (1, 2)]


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    REGISTRY.register(DRAFT)
    try:
        yield
    finally:
        REGISTRY.unregister(GAME_ID)


@pytest.mark.parametrize(("variant", "players", "seed"), CASES)
def test_random_play_passes_every_conformance_check(variant, players, seed, tmp_path: Path):
    game = c.play_checked(DRAFT, variant, players, seed)
    c.check_game_refusals(game, seat_checks=True)
    c.check_game_saves(game, tmp_path / "draft.json")
    c.check_game_versions(game)
    c.check_game_views(game)
    c.check_game_redaction(game)
    checked = c.hidden_checks(game, make_bot, BOT_LEVELS, seed=seed)
    assert checked > 0, "no state whose hidden part could be re-dealt"

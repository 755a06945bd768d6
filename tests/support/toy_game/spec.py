"""The toy game's entry in the box, and :func:`register_toy` for the tests that need it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from hercules.app.controller import Controller, build_seats
from hercules.app.registry import REGISTRY, GameSpec

from .bots import BOT_LEVELS, make_bot
from .engine import GAME_ID, PLAYERS, RULES, VARIANTS, Action, Event, ToyState, new_game

_UI = "support.toy_game.ui"


def new_controller(variant: str, kinds: Sequence[str], seed: int) -> Controller:
    """A controller for a new race: ``kinds`` per seat, "human" or a bot level."""
    if len(kinds) != PLAYERS:
        raise ValueError(f"the toy game has {PLAYERS} seats")
    seats, bots = build_seats(kinds, make_bot)
    return Controller(RULES, new_game(variant, seed), seats, bots, bot_seed=seed)


SPEC: GameSpec[ToyState, Action, Event] = GameSpec(
    id=GAME_ID,
    names={"en": "Toy dice race"},
    description={"en": "A test game: race to 10 with a hidden card."},
    players=(PLAYERS, PLAYERS),
    variants=VARIANTS,
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
    order=90,
)


@contextmanager
def register_toy() -> Iterator[GameSpec[Any, Any, Any]]:
    """The toy game registered in the box's registry for the ``with`` block, then removed.

    A toy already registered (a test nesting two of these) is left as it was.
    """
    if GAME_ID in REGISTRY:
        yield REGISTRY.get(GAME_ID)
        return
    spec = REGISTRY.register(SPEC)
    try:
        yield spec
    finally:
        REGISTRY.unregister(GAME_ID)

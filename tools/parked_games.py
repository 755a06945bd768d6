"""Games the tools can play before the box registers them: *The Later Years* while it is parked.

``later_years_spec()`` is the registered game when the box knows ``later_years``; until then
(the package is ``hercules.games._later_years``, which the registry skips) it is a spec made
of the parked package's own rules, bots and statistics. Once the game is registered this
fallback is never used and can go.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hercules.app.controller import Bot, Controller, Seat
from hercules.app.registry import GameSpec, RegistryError, get_game
from hercules.games._later_years.ai import BOT_LEVELS, make_bot
from hercules.games._later_years.engine import RULES, LaterYearsConfig, new_game

LATER_YEARS = "later_years"
#: The parked spec's variants (the table's spec offers one rule set, "standard").
VARIANTS = ("standard",)
#: The tools' hooks: simulate's statistics and report, the tournament's outcome of a game.
TOOLS = {
    "statistics": "hercules.games._later_years.stats:statistics",
    "report": "hercules.games._later_years.stats:report_lines",
    "outcome": "hercules.games._later_years.stats:outcome",
}


def _new_controller(variant: str, kinds: Sequence[str], seed: int) -> Controller:
    if variant not in VARIANTS:
        raise ValueError(f"no variant {variant!r}")
    seats: list[Seat] = []
    bots: dict[int, Bot] = {}
    for i, kind in enumerate(kinds):
        if kind == "human":
            seats.append(Seat("human"))
        else:
            seats.append(Seat("bot", level=kind))
            bots[i] = make_bot(kind)
    state = new_game(LaterYearsConfig(players=len(kinds)), seed)
    return Controller(RULES, state, seats, bots, bot_seed=seed)


def later_years_spec() -> GameSpec:
    """*The Later Years*: its registered spec, or (parked) one made of its own modules."""
    try:
        return get_game(LATER_YEARS)
    except RegistryError:
        pass
    return GameSpec(
        id=LATER_YEARS,
        names={"en": "Hercules: The Later Years"},
        players=(2, 5),
        variants=VARIANTS,
        rules=RULES,
        new_controller=_new_controller,
        make_bot=make_bot,
        bot_levels=BOT_LEVELS,
        ui={},
        tools=TOOLS,
    )


def resolve(game_id: str) -> Any:
    """The spec of ``game_id``: a parked game's fallback, or the registry's (may raise)."""
    if game_id == LATER_YEARS:
        return later_years_spec()
    return get_game(game_id)


__all__ = ["LATER_YEARS", "TOOLS", "VARIANTS", "later_years_spec", "resolve"]

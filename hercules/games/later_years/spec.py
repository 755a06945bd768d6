"""*Hercules: The Later Years* in the box: its spec, and how a new game is set up.

No pygame here (the scenes are named, not imported), so tools use it too; nor the engine or
the bots until a game is set up (the registry imports what ``lazy`` names on first use).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hercules.app.controller import Controller, build_seats
from hercules.app.registry import GameSpec, lazy, ui_roles

if TYPE_CHECKING:  # mypy checks the rules adapter against the contract here, as it always has
    from hercules.app.contract import GameRules

    from .engine import RULES, Action, Event, LaterYearsState

    _RULES: GameRules[LaterYearsState, Action, Event] = RULES

__all__ = ["GAME_ID", "SPEC", "VARIANTS", "new_controller"]

#: the rules' own name (the registry checks the two agree when it imports them)
GAME_ID = "later_years"

_UI = "hercules.games.later_years.ui"
#: The rules offered: one set (the chains option "top" is kept for playtesting, not offered).
VARIANTS = ("standard",)


def new_controller(variant: str, kinds: Sequence[str], seed: int) -> Controller:
    """A controller for a new game: ``kinds`` per seat is "human" or a bot level (2-5 seats)."""
    if variant not in VARIANTS:
        raise ValueError(f"no variant {variant!r}")
    from .ai import make_bot
    from .engine import RULES, LaterYearsConfig, new_game

    seats, bots = build_seats(kinds, make_bot)
    state = new_game(LaterYearsConfig(players=len(kinds)), seed)
    return Controller(RULES, state, seats, bots, bot_seed=seed)


SPEC: GameSpec[LaterYearsState, Action, Event] = GameSpec(
    id=GAME_ID,
    names={"en": "Hercules: The Later Years", "it": "Ercole: gli anni della pensione"},
    description={
        "en": "2-5 agents bid for cards and book Hercules' odd jobs for coins.",
        "it": "Da 2 a 5 agenti: aste di carte e lavoretti di Ercole, pagati in monete.",
    },
    players=(2, 5),
    variants=VARIANTS,
    rules=lazy("hercules.games.later_years.engine.adapter:RULES"),
    new_controller=new_controller,
    make_bot=lazy("hercules.games.later_years.ai.bots:make_bot"),
    bot_levels=lazy("hercules.games.later_years.ai.bots:BOT_LEVELS"),
    ui=ui_roles(_UI, seat_names="words:names_for", save_line="words:save_line"),
    rules_text="rules",
    tools={
        "screenshot": f"{_UI}.shots:stage",
        "statistics": "hercules.games.later_years.stats:statistics",
        "report": "hercules.games.later_years.stats:report_lines",
        "record": "hercules.games.later_years.stats:record",
        "score_history": "hercules.games.later_years.stats:score_history",
        "outcome": "hercules.games.later_years.stats:outcome",
        "describe_save": "hercules.games.later_years.verdict:describe_save",
        "tournament": "hercules.games.later_years.stats:tournament",
    },
    assets="games/later_years",
    tutorial="data/tutorial.json",  # the guided first game (hercules.app.tutorials)
    order=30,
)

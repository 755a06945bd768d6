"""*Hercules and the 12 Labors* in the box: its spec, and how a new run is set up.

No pygame here (the scenes are named, not imported), so tools use it too; nor the engine or
the solver until a run is set up (the registry imports what ``lazy`` names on first use).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hercules.app.controller import Controller, build_seats
from hercules.app.registry import GameSpec, lazy, ui_roles

if TYPE_CHECKING:  # mypy checks the rules adapter against the contract here, as it always has
    from hercules.app.contract import GameRules

    from .engine import RULES, Action, Event, LaborsState

    _RULES: GameRules[LaborsState, Action, Event] = RULES

__all__ = ["GAME_ID", "SPEC", "new_controller"]

GAME_ID = "labors"  #: the rules' own name (the registry checks the two agree when it imports them)

_UI = "hercules.games.labors.ui"


def new_controller(difficulty: str, kinds: Sequence[str], seed: int, start: int = 1) -> Controller:
    """A controller for a new run: ``kinds`` is ``["human"]`` or ``[<bot level>]`` (autoplay).

    ``start`` is the trial the run starts from (the rulebook's "Starting a Game from Any
    Trial": the run first asks which earlier Rewards to keep).
    """
    from .ai import make_bot
    from .engine import RULES, LaborsConfig, new_game

    if len(kinds) != 1:
        raise ValueError("a run has one player")
    seats, bots = build_seats(kinds, make_bot)
    state = new_game(LaborsConfig(difficulty, start), seed)
    return Controller(RULES, state, seats, bots, bot_seed=seed)


SPEC: GameSpec[LaborsState, Action, Event] = GameSpec(
    id=GAME_ID,
    names={"en": "Hercules and the 12 Labors", "it": "Ercole e le 12 fatiche"},
    description={
        "en": "Solo: roll and bend the dice, face the twelve trials in order.",
        "it": "In solitario: tira e piega i dadi, affronta le dodici prove in ordine.",
    },
    players=(1, 1),
    variants=lazy("hercules.games.labors.engine:DIFFICULTIES"),
    rules=lazy("hercules.games.labors.engine.adapter:RULES"),
    new_controller=new_controller,
    make_bot=lazy("hercules.games.labors.ai.bots:make_bot"),
    bot_levels=lazy("hercules.games.labors.ai.bots:BOT_LEVELS"),
    ui=ui_roles(_UI, seat_names="setup:names_for", save_line="texts:save_line"),
    rules_text="rules",
    tools={
        "screenshot": "hercules.games.labors.ui.shots:stage",
        "statistics": "hercules.games.labors.stats:statistics",
        "report": "hercules.games.labors.stats:report_lines",
        "record": "hercules.games.labors.stats:record",
        "stat_lines": "hercules.games.labors.stats:stat_lines",
        "describe_save": "hercules.games.labors.verdict:describe_save",
        "fingerprint": "hercules.games.labors.stats:fingerprint",
    },
    assets="games/labors",
    tutorial="data/tutorial.json",  # the guided first game (hercules.app.tutorials)
    order=20,
)

"""The MEBO board game's entry in the box: its spec, and how a new game is set up.

This is where the game's engine, its bots and the shell's generic controller meet. No
pygame here (the scenes are named, not imported), so tools use it too. Nor the engine or the
bots, until a game is set up: the registry imports what :func:`~hercules.app.registry.lazy`
names the first time it is asked for, so the title never loads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hercules.app.controller import Controller, build_seats
from hercules.app.registry import GameSpec, lazy, ui_roles

if TYPE_CHECKING:  # mypy checks the rules adapter against the contract here, as it always has
    from hercules.app.contract import GameRules

    from .engine import Action, Event, GameState
    from .engine.adapter import RULES

    _RULES: GameRules[GameState, Action, Event] = RULES

GAME_ID = "hercules"
_UI = "hercules.games.mebo.ui"
AUTOMATA = ("hades",)  #: the solo variant's automaton


def new_controller(mode: str, kinds: Sequence[str], seed: int) -> Controller:
    """A controller for a new game; ``kinds`` per seat: "human" or a bot level.

    A variant with an automaton (solo: Hades) puts it in its seat, whatever ``kinds`` says.
    """
    from .ai import make_bot
    from .engine import GameConfig, find_variant, new_game
    from .engine.adapter import RULES

    automaton = find_variant(mode).hades_seat
    if automaton >= 0:
        kinds = [*kinds[:automaton], AUTOMATA[0], *kinds[automaton + 1 :]]
    config = GameConfig(players=len(kinds), mode=mode)
    seats, bots = build_seats(kinds, make_bot, AUTOMATA)
    return Controller(RULES, new_game(config, seed), seats, bots, bot_seed=seed)


SPEC: GameSpec[GameState, Action, Event] = GameSpec(
    id=GAME_ID,
    names={"en": "Hercules", "it": "Hercules"},
    description={
        "en": "Roll two dice, do the arithmetic, perform the twelve labours.",
        "it": "Tira due dadi, fai i conti, compi le dodici fatiche.",
    },
    players=(2, 4),
    variants=lazy("hercules.games.mebo.engine:MODES"),
    rules=lazy("hercules.games.mebo.engine.adapter:RULES"),
    new_controller=new_controller,
    make_bot=lazy("hercules.games.mebo.ai.bots:make_bot"),
    bot_levels=lazy("hercules.games.mebo.ai.bots:BOT_LEVELS"),
    automata=AUTOMATA,
    ui=ui_roles(_UI, seat_names="setup:names_for", save_line="words:save_line"),
    rules_text="rules",
    assets="games/mebo",
    tutorial="data/tutorial.json",  # the guided first game (hercules.app.tutorials)
    order=10,  # the box's first game  # its words: strings/<lang>.json and text/rules*.<lang>.txt
    tools={
        "statistics": "hercules.games.mebo.stats:statistics",
        "report": "hercules.games.mebo.stats:report_lines",
        "record": "hercules.games.mebo.stats:record",
        "score_history": "hercules.games.mebo.stats:score_history",
        "describe_save": "hercules.games.mebo.verdict:describe_save",
        "settings": "hercules.games.mebo.settings:settings",
        "outcome": "hercules.games.mebo.stats:outcome",
        "tournament": "hercules.games.mebo.stats:tournament",
        "fingerprint": "hercules.games.mebo.stats:fingerprint",
    },
)

"""The MEBO board game's entry in the box: its spec, and how a new game is set up.

This is where the game's engine, its bots and the shell's generic controller meet. No
pygame here (the scenes are named, not imported), so tools use it too.
"""

from __future__ import annotations

from collections.abc import Sequence

from hercules.app.controller import Controller, build_seats
from hercules.app.registry import GameSpec, ui_roles

from .ai import BOT_LEVELS, make_bot
from .engine import MODES, Action, Event, GameConfig, GameState, find_variant, new_game
from .engine.adapter import RULES

GAME_ID = "hercules"
_UI = "hercules.games.mebo.ui"
AUTOMATA = ("hades",)  #: the solo variant's automaton


def new_controller(mode: str, kinds: Sequence[str], seed: int) -> Controller:
    """A controller for a new game; ``kinds`` per seat: "human" or a bot level.

    A variant with an automaton (solo: Hades) puts it in its seat, whatever ``kinds`` says.
    """
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
    variants=MODES,
    rules=RULES,
    new_controller=new_controller,
    make_bot=make_bot,
    bot_levels=BOT_LEVELS,
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

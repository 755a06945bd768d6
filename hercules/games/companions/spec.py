"""*The Labours of Hercules* in the box: its spec, and how a new game is set up.

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

    from .engine import rules as E
    from .engine.adapter import RULES

    _RULES: GameRules[E.State, E.Action, E.Event] = RULES

__all__ = ["GAME_ID", "SPEC", "VARIANTS", "hercules_seed", "new_controller"]

#: the rules' own name (the registry checks the two agree when it imports them)
GAME_ID = "companions"

_PKG = __name__.rpartition(".")[0]
_UI = f"{_PKG}.ui"
#: The rules offered: the rulebook's, and its Oracle of Hardship variant.
VARIANTS = ("standard", "hardship")


def new_controller(variant: str, kinds: Sequence[str], seed: int) -> Controller:
    """A controller for a new game: ``kinds`` per seat is "human" or a bot level (4-7 seats)."""
    if variant not in VARIANTS:
        raise ValueError(f"no variant {variant!r}")
    from .ai.bots import make_bot
    from .engine import rules as E
    from .engine.adapter import RULES

    seats, bots = build_seats(kinds, make_bot)
    state = E.new_game(E.Config(players=len(kinds), variant=variant), seed)
    return Controller(RULES, state, seats, bots, bot_seed=seed)


def hercules_seed(variant: str, players: int, seed: int, seat: int) -> int:
    """The first seed from ``seed`` on whose deal ``seat`` is Hercules (ruling 1's option "a
    human may be Hercules"): the characters are still dealt by the rules' own shuffle, only
    the game is chosen among those that give the seat his card, so nothing else is known."""
    from .engine import rules as E

    for k in range(seed, seed + 1000):  # 1/players of the seeds fit: 1000 never all miss
        if E.new_game(E.Config(players, variant), k).characters[seat] == 1:
            return k
    raise ValueError(f"no deal makes seat {seat} Hercules")  # pragma: no cover - see above


SPEC: GameSpec[E.State, E.Action, E.Event] = GameSpec(
    id=GAME_ID,
    names={"en": "The Labours of Hercules", "it": "Le fatiche di Ercole"},
    description={
        "en": "4-7 companions: Hercules plays openly, Hera's villains hide among his friends.",
        "it": "Da 4 a 7 compagni: Ercole gioca a carte scoperte, i traditori di Era si nascondono.",
    },
    players=(4, 7),
    variants=VARIANTS,
    rules=lazy("hercules.games.companions.engine.adapter:RULES"),
    new_controller=new_controller,
    make_bot=lazy("hercules.games.companions.ai.bots:make_bot"),
    bot_levels=lazy("hercules.games.companions.ai.bots:BOT_LEVELS"),
    ui=ui_roles(_UI, seat_names="words:names_for", save_line="words:save_line"),
    rules_text="rules",
    tools={
        "screenshot": f"{_UI}.shots:stage",
        "statistics": f"{_PKG}.stats:statistics",
        "report": f"{_PKG}.stats:report_lines",
        "record": f"{_PKG}.stats:record",
        "outcome": f"{_PKG}.stats:outcome",
        "describe_save": f"{_PKG}.verdict:describe_save",
        "tournament": f"{_PKG}.stats:tournament",
    },
    assets="games/companions",
    tutorial="data/tutorial.json",
    order=40,
)

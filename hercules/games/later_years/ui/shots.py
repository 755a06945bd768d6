"""Set the Later Years table up at telling moments, for screenshots (and tests).

Each scene is reached the way players would reach it: seeded play through the controller,
the human's moves chosen by a simple greedy rule (tasks first, cheap bids).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hercules.app.controller import Controller
from hercules.games.later_years.engine.adapter import GAME_ID
from hercules.games.later_years.engine.state import P_BID, P_PLAY, LaterYearsState
from hercules.ui.scene import Shell

from ..spec import new_controller
from .table import TableScene
from .words import names_for

#: The scenes this module sets up.
SCENES = ("game", "auction", "play", "gameover", "handover")


def greedy(legal: list[Any], rng: random.Random) -> Any:
    """A plausible move: the best-paying task, a Draw card, a cheap bid, else the end."""
    tasks = [a for a in legal if a.kind == "task"]
    if tasks:
        return max(
            tasks,
            key=lambda a: (a.space.count("CONQUER") + a.space.count("POLITICIAN"), -len(a.cards)),
        )
    draws = [a for a in legal if a.kind == "play_draw"]
    if draws:
        return draws[0]
    bids = [a for a in legal if a.kind == "bid"]
    if bids:
        low = min(a.amount for a in bids)
        return rng.choice([a for a in bids if a.amount <= low + 2])
    return legal[0]


def play_until(
    ctl: Controller, rng: random.Random, stop: Callable[[LaterYearsState], bool]
) -> None:
    """Play on (humans greedily, bots as they do) until ``stop(state)`` or the end."""
    for _ in range(20_000):
        if ctl.is_over or stop(ctl.state):
            return
        if ctl.human_to_act():
            ctl.submit(greedy(ctl.legal(), rng), ctl.actor)
        else:
            ctl.step(wait=True)


def stage(
    app: Shell, scene: str, seed: int = 1, variant: str = "standard", players: int = 4
) -> Any:
    """Open the table at ``scene`` (one of SCENES); returns the table."""
    rng = random.Random(seed)
    hot = scene == "handover"
    kinds = (
        ["human", "human"] + ["normal"] * (players - 2)
        if hot
        else ["human"] + ["normal"] * (players - 1)
    )
    ctl = new_controller("standard", kinds, seed)
    if scene in ("game", "auction"):
        play_until(
            ctl,
            rng,
            lambda s: (
                s.round >= 3
                and s.prompt == P_BID
                and s.current == 0
                and any(b >= 0 for b, _ in s.bids)
            ),
        )
    elif scene == "play":
        play_until(
            ctl,
            rng,
            lambda s: (
                s.round >= 4
                and s.prompt == P_PLAY
                and s.current == 0
                and len(s.hands[0]) >= 5
                and any(a.kind == "task" for a in ctl.legal())
            ),
        )
    elif scene == "gameover":
        play_until(ctl, rng, lambda s: False)
        # Chains rarely form in a few seeded games: two are laid by hand for the picture
        # (a row for the first seat, a column for the second), as the final board may show.
        board = [list(stack) for stack in ctl.state.board]
        for cell in (8, 9, 10, 11):
            board[cell].append(0)
        for cell in (1, 5, 9, 13):
            board[cell].append(1)
        ctl.state = ctl.state.with_(board=tuple(tuple(b) for b in board))
    elif scene == "handover":
        play_until(ctl, rng, lambda s: s.round >= 2 and s.prompt == P_BID and s.current == 1)
    names = names_for(ctl.seats, {})
    table = app.nav.play(GAME_ID, ctl, names, history=ctl.history)
    assert isinstance(table, TableScene)  # the game's table, as its spec names it
    table.anim.skip()
    if scene in ("game", "auction"):
        open_slots = [i for i, (b, _) in enumerate(ctl.state.bids) if b < 0]
        table.choose_slot(open_slots[0] if open_slots else 0)
        table.step_bid(1)
        table.step_bid(1)
    elif scene == "play":
        tasks = [a for a in ctl.legal() if a.kind == "task"]
        best = max(tasks, key=lambda a: (len(a.cards), a.space))
        table.selected = list(best.cards)
    table.update(0.0)  # the screen the state waits for (game over, hand-over)
    return table

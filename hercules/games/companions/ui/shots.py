"""Set the table up at telling moments, for screenshots (``tools/screenshot.py --game
companions``) and tests.

Each scene is reached the way players would reach it: seeded play through the controller,
the human's moves chosen at random among the legal ones. The night's picture is taken after
a real Identity Confirmation the human was awake for (Hercules holds the Erymanthian Boar);
only if no seed tried gives one are the sights laid by hand (the viewer and the villains
awake), as the rules would have them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from hercules.app.controller import Controller
from hercules.ui.scene import Shell

from ..engine import rules as E
from ..engine.adapter import GAME_ID
from ..spec import SPEC, new_controller
from .night import NightScene
from .table import TableScene
from .words import names_for

#: The scenes this module sets up (the tool sets up setup, rules and replay itself).
SCENES = ("game", "vote", "identity", "gameover")


def play_until(ctl: Controller, rng: random.Random, stop: Callable[[E.State], bool]) -> bool:
    """Play on (the human at random, bots as they do) until ``stop(state)``; False if the
    game ended first."""
    for _ in range(20_000):
        if stop(ctl.state):
            return True
        if ctl.is_over:
            return False
        if ctl.human_to_act():
            ctl.submit(rng.choice(ctl.legal()), ctl.actor)
        else:
            ctl.step(wait=True)
    return False


def _moment(scene: str) -> Callable[[E.State], bool]:
    """When the picture of ``scene`` is taken."""
    if scene == "vote":
        return lambda s: s.prompt == E.P_VOTE and s.current == 0 and any(b >= 0 for b in s.ballots)
    if scene == "identity":  # just after a night the human was awake for
        return lambda s: bool(s.sights[0]) and s.stage == "start" and not s.peeked
    if scene == "gameover":
        return lambda s: s.prompt == E.P_OVER
    # The game (and the night over it): the human has just looked at two cards, in a later
    # journey, with claims made.
    return lambda s: (
        s.journey >= 2 and s.prompt == E.P_SWAP and s.current == 0 and len(s.claims) >= 3
    )


def stage(
    app: Shell, scene: str, seed: int = 1, variant: str = "standard", players: int = 4
) -> Any:
    """Open the table at ``scene`` (one of SCENES); returns the table."""
    kinds = ["human"] + [SPEC.bot_levels[0]] * (players - 1)
    stop = _moment(scene)
    ctl = new_controller(variant, kinds, seed)
    for k in range(40):  # a seed whose game reaches the moment (a vote does not come always)
        ctl = new_controller(variant, kinds, seed + k)
        if play_until(ctl, random.Random(seed + k), stop):
            break
    names = names_for(ctl.seats, {})
    table = app.nav.play(GAME_ID, ctl, names, history=ctl.history)
    assert isinstance(table, TableScene)  # the game's table, as its spec names it
    table.anim.skip()
    if scene == "identity":
        s = ctl.state
        if not s.sights[0]:  # no seed gave the human a night: the sights laid by hand
            awake = frozenset({0, *(i for i in range(s.n) if s.villain[i])})
            sights = tuple(awake if i in awake else frozenset() for i in range(s.n))
            ctl.state = replace(s, sights=sights)
        night = NightScene(app, table)
        night.elapsed = night.length * 0.4
        app.push(night)
        return table
    table.update(0.0)  # the screen the state waits for (the end)
    return table

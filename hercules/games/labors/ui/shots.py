"""Set the Labors table up at telling moments, for ``tools/screenshot.py`` (and tests).

Each scene is reached the way a player would reach it (seeded play through the controller),
then the last steps are placed by hand where chance would take too long (a won run).
"""

from __future__ import annotations

import random
from typing import Any

from hercules.app.controller import Controller, Seat
from hercules.games.labors.engine import RULES, Action, LaborsConfig, new_game
from hercules.games.labors.engine.state import P_FORK, P_OVER, P_PLAY, WON, TrialDie
from hercules.ui.scene import Shell

from ..spec import GAME_ID
from .legend import LegendOverlay
from .table import TableScene

#: The scenes this module sets up.
SCENES = ("game", "fork", "reward", "gameover", "won", "legend")


def _until(ctl: Controller, rng: random.Random, stop: Any, limit: int = 20_000) -> None:
    """Play on (attacks first, else at random) until ``stop(state)``."""
    for _ in range(limit):
        if stop(ctl.state) or ctl.is_over:
            return
        if ctl.human_to_act():
            legal = ctl.legal()
            attacks = [a for a in legal if a.kind == "attack"]
            ctl.submit(
                rng.choice(attacks) if attacks and rng.random() < 0.9 else rng.choice(legal), 0
            )
        else:
            ctl.step(wait=True)


def _controller(difficulty: str, seed: int, start: int = 1) -> Controller:
    """A run from ``start``, keeping the cheapest Reward of each earlier labour it can pay."""
    state = new_game(LaborsConfig(difficulty, start), seed)
    while start > 1:
        keeps = [a for a in RULES.legal_actions(state) if a.kind == "keep"]
        cheap = [a for a in keeps if state.data.rewards[a.card].restart <= 1]
        if not cheap or state.courage <= 8:
            state, _ = RULES.apply(state, Action("begin"))
            break
        state, _ = RULES.apply(state, cheap[0])
    return Controller(RULES, state, [Seat("human")])


def stage(app: Shell, scene: str, seed: int = 1, difficulty: str = "hero", players: int = 1) -> Any:
    """Open the Labors table at ``scene`` (one of SCENES); returns the table (``players``:
    the screenshot tool's, a solo game has one)."""
    rng = random.Random(seed)
    if scene == "fork":
        ctl = _controller(difficulty, seed, start=7)  # the Cretan Bull forks at its start
        _until(ctl, rng, lambda s: s.prompt == P_PLAY)
        ctl.state = ctl.state.with_(roll=ctl.state.roll[:1])
        ctl.submit(Action("resolve"), 0)
        _until(ctl, rng, lambda s: s.prompt == P_FORK)
    elif scene == "reward":
        ctl = _controller(difficulty, seed, start=6)  # the Birds: four Rewards to choose from
        _until(ctl, rng, lambda s: s.prompt == P_PLAY)
        ctl.state = ctl.state.with_(trial=tuple(TrialDie(0, t.node) for t in ctl.state.trial))
        ctl.submit(Action("resolve"), 0)
    elif scene in ("gameover", "won"):
        ctl = _controller(difficulty, seed, start=12 if scene == "won" else 1)
        _until(ctl, rng, lambda s: s.prompt == P_OVER)
        if scene == "won":
            s = ctl.state
            beaten = tuple(range(1, 13))
            ctl.state = s.with_(
                prompt=P_OVER,
                outcome=WON,
                courage=max(s.courage, 6),
                divinity=s.data.divinity_top,
                trial=tuple(TrialDie(0, t.node) for t in s.trial),
                beaten=beaten,
            )
    else:
        ctl = _controller(difficulty, seed, start=4)  # the Boar: two dice, two methods
        _until(ctl, rng, lambda s: s.prompt == P_PLAY and len(s.roll) >= 4)
    table = app.nav.play(GAME_ID, ctl, ["Hercules"])
    assert isinstance(table, TableScene)  # the game's table, as its spec names it
    table.anim.skip()
    if scene == "game":
        legal = ctl.legal()
        attack = next((a for a in legal if a.kind == "attack"), None)
        if attack is not None:
            table.send(attack)
        free = [i for i, d in enumerate(table.state.roll) if d.use == ""]
        table.picked = free[:2]
    if scene == "legend":
        app.push(LegendOverlay(app, ctl.state.labour, lambda: None))
        return table
    table.update(0.0)  # the dialog or screen the state waits for
    return table

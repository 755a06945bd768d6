"""The bots: the solver (autoplay and hints) and a random player, behind one interface.

Both decide on the player's view only (``rules.view(state, 0)``: the Mood deck's order, the
seed and the generator hidden). The controller hands them that view; a view of a view is
itself, so they take it again and a caller handing the whole state gets the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hercules.games.labors.engine.actions import Action
from hercules.games.labors.engine.rules import PLAYER, legal_actions, view
from hercules.games.labors.engine.state import LaborsState

from .reason import encode
from .solver import Solver
from .worth import Decision

BOT_LEVELS: tuple[str, ...] = ("solver", "random")


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"
    threaded = False

    def __init__(self) -> None:
        self.reason = ""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one legal action with the bot's own generator."""
        self.reason = encode("random", "Chosen at random.")
        return legal[rng.randrange(len(legal))]

    def explain(self) -> str:
        """Why the last action was chosen: a structured reason (``ai/reason.py``) whose last
        part is the English sentence; ``ui/reasons.py`` says it in the player's language."""
        return self.reason


class SolverBot(RandomBot):
    """Plays the solver's choice: the roll's best placement, sensible answers elsewhere."""

    name = "solver"
    threaded = True  # a roll's search takes some milliseconds: off the frame loop

    def __init__(self) -> None:
        super().__init__()
        self.solver = Solver()
        self.last: Decision | None = None

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """The solver's action for the player's ``view`` (the generator is not used)."""
        decision = self.solver.decide(view, legal, rng)
        self.last = decision
        self.reason = decision.reason
        return decision.action


_CLASSES: dict[str, type[RandomBot]] = {"solver": SolverBot, "random": RandomBot}


def make_bot(level: str) -> RandomBot:
    """A new bot of a level: ``solver`` or ``random``."""
    cls = _CLASSES.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(_CLASSES)}")
    return cls()


_HINTS = Solver()


def hint(state: LaborsState) -> tuple[Action, str]:
    """The solver's advice for ``state`` (the player's view of it): the next action and why, in
    English (tools); the table says it in the player's language with ``ui.reasons.hint_text``."""
    decision = hint_decision(state)
    return decision.action, decision.sentence


def hint_decision(state: LaborsState) -> Decision:
    """The solver's decision for ``state`` (the player's view of it), with its reason."""
    seen = view(state, PLAYER)
    return _HINTS.decide(seen, legal_actions(seen))

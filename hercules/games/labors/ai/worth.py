"""What things are worth to the Labors solver, and its decisions with their reasons.

The worth of a Reward's abilities and bonus (in Courage), of a Mood, of a die; a
:class:`Decision` is an action with its structured reason (see :mod:`.reason`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hercules.games.labors.engine.actions import (
    Action,
)
from hercules.games.labors.engine.data import LaborsData
from hercules.games.labors.engine.state import (
    LaborsState,
)

from . import reason as reason_mod

_BLUE_WORTH = {
    "six_three": 1.0,
    "reroll": 1.5,
    "reroll_others": 3.0,
    "set_other": 4.0,
    "parity": 3.0,
    "any_value": 4.5,
    "pm1": 2.5,
    "plus1": 1.5,
    "flip": 1.5,
    "twin": 3.5,
}
_GAIN_WORTH = {"shield": 1.0, "courage": 1.0, "divinity": 8.0}  # the top is needed to win
_NEED_EASE = {"any": 1.0, "same": 0.45, "even": 0.95, "odd": 0.95}
W_DIE = 6.0
_MOOD_WORTH = {
    "MOOD-SORROWFUL": -1.5,
    "MOOD-ENRAGED": 1.0,
    "MOOD-EXHAUSTED": -4.0,
    "MOOD-RESOLUTE": 4.0,
    "MOOD-FEROCIOUS": 3.0,
    "MOOD-HAUNT-A": -2.0,
    "MOOD-HAUNT-B": -1.0,
    "MOOD-HAUNT-C": -3.0,
    "MOOD-HAUNT-D": -2.0,
    "MOOD-ATLAS": -8.0,
    "MOOD-ABDERUS": -3.0,
    "MOOD-HIPPOLYTA": -2.0,
    "MOOD-PHOLUS": -1.5,
}


@dataclass
class Decision:
    """What the solver chose, why, and its value.

    ``reason`` is the structured reason (:mod:`.reason`: key, parameters, English sentence),
    what the bot explains and saves keep; ``sentence`` is its English sentence.
    """

    action: Action
    reason: str
    value: float = 0.0
    plan: tuple[str, ...] = field(default_factory=tuple)

    @property
    def sentence(self) -> str:
        """The English sentence of the reason."""
        parsed = reason_mod.parse(self.reason)
        return parsed[2] if parsed is not None else self.reason


def _why(kind: str, english: str, **params: object) -> str:
    return reason_mod.encode(kind, english, **params)


def ability_worth(data: LaborsData, rid: str) -> float:
    """What a Reward's spaces (and Mood redraw) are worth to own, in Courage."""
    r = data.rewards[rid]
    worth = 0.0
    for b in r.blue:
        w = _BLUE_WORTH.get(b.kind, 1.0)
        worth += max(0.5, w - 1.0 * b.cost) if b.cost else w
    for g in r.gold:
        ease = 1.0
        for need in g.need:
            ease *= _NEED_EASE.get(str(need), 0.55) if isinstance(need, str) else 0.55
        worth += 3.0 * ease * g.amount * _GAIN_WORTH[g.gain]
    if r.redraw_mood:
        worth += 2.0
    return worth


def reward_worth(data: LaborsData, rid: str, state: LaborsState) -> float:
    """What taking a Reward is worth now: its bonus, its abilities, minus a removed one."""
    r = data.rewards[rid]
    room = data.courage_max - state.courage
    worth = min(r.courage, room) + 2.5 * r.divinity + W_DIE * r.dice + ability_worth(data, rid)
    if r.remove_prior and state.rewards:
        worth -= min(ability_worth(data, o) for o in state.rewards)
    return worth

"""The state of a run: immutable values, replaced (never changed) by ``rules.apply``.

The prompt says what the game waits for; the legal actions are its answers. The generator's
state and the Mood deck's order are inside, so the same seed and actions give the same run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from hercules.games._kit.fast import copy_with

from .data import START, LaborsData, load_data

DIFFICULTIES = ("hero", "mortal", "god")  # the first is the default (the rulebook's)

# Prompts: what the game is waiting for.
P_RESTART = "restart"  #: keep Rewards of earlier labours (starting from a later trial)
P_DRAW = "draw"  #: chance: draw a Mood
P_MOOD = "mood"  #: keep the Mood or redraw it (Zeus' Disregard)
P_ABDERUS = "abderus"  #: lose a die or 5 Courage
P_PHOLUS = "pholus"  #: cover a Reward
P_ROLL = "roll"  #: chance: roll
P_PLAY = "play"  #: blue, gold, attacks, then resolve
P_FORK = "fork"  #: a Trial die at a fork: where next
P_REWARD = "reward"  #: pick a Reward of the beaten trial
P_REMOVE = "remove"  #: remove a prior Reward
P_OVER = "over"
PROMPTS = (
    P_RESTART,
    P_DRAW,
    P_MOOD,
    P_ABDERUS,
    P_PHOLUS,
    P_ROLL,
    P_PLAY,
    P_FORK,
    P_REWARD,
    P_REMOVE,
    P_OVER,
)

# How a Hercules die of the roll is used.
FREE = ""
ASIDE = "aside"  #: set aside by the Ghost of Hippolyta (a rolled 1)
SPENT = "spent"  #: spent on a blue space that takes it (RWD-05A)
ON_GOLD = "gold"
ON_TRIAL = "trial"
USES = (FREE, ASIDE, SPENT, ON_GOLD, ON_TRIAL)

# How a run ends.
WON = "won"
LOST_SKULL = "skull"
LOST_COURAGE = "courage"
LOST_DIVINITY = "divinity"  #: Cerberus fell but Divinity was not at the top
OUTCOMES = ("", WON, LOST_SKULL, LOST_COURAGE, LOST_DIVINITY)


@dataclass(frozen=True)
class LaborsConfig:
    """The rules of a run: the difficulty and the trial it starts from (1-12)."""

    difficulty: str = DIFFICULTIES[0]
    start: int = 1

    def __post_init__(self) -> None:
        if self.difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
        if (
            isinstance(self.start, bool)
            or not isinstance(self.start, int)
            or not 1 <= self.start <= 12
        ):
            raise ValueError("start must be a trial 1-12")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready document."""
        return {"difficulty": self.difficulty, "start": self.start}


class Die(NamedTuple):
    """A Hercules die of the current roll."""

    value: int
    blue: bool = False  #: it has been on a blue space this roll
    use: str = FREE  #: FREE, or where it went (USES)
    twin: bool = False  #: the second die of a "counts as 2"


class TrialDie(NamedTuple):
    """A gold Trial die: its health and the track space it stands on."""

    health: int
    node: str = START


@dataclass(frozen=True)
class LaborsState:
    """One moment of a run."""

    config: LaborsConfig
    seed: int
    rng: int
    prompt: str
    labour: int  #: the current trial, 1-12
    courage: int
    divinity: int
    dice: int  #: Hercules dice owned (difficulty + Rewards' dice, at most max_dice)
    rewards: tuple[str, ...] = ()  #: owned Rewards, in the order taken
    kept: tuple[int, ...] = ()  #: labours whose Reward was kept when starting later
    mood_deck: tuple[str, ...] = ()  #: top first; the order is hidden information
    moods_out: tuple[str, ...] = ()  #: Moods removed for the rest of the game
    mood: str = ""  #: the Mood of this trial
    mood_dice: int = 0  #: dice the Mood (or the Abderus choice) adds or removes
    covered: str = ""  #: the Reward covered by the Ghost of Pholus
    redrawn: bool = False  #: Zeus' Disregard used this trial
    broken: int = 0  #: Hercules dice broken this trial
    trial: tuple[TrialDie, ...] = ()
    round: int = 0  #: rolls made in this trial
    roll: tuple[Die, ...] = ()
    used: tuple[str, ...] = ()  #: blue and gold spaces used this roll
    allocating: bool = False  #: a gold space or an attack was used: no more blue this roll
    shields: int = 0
    #: Gold gains of this round that the bound cut off (Courage above X, Divinity above the
    #: top): kept until the round's advance, whose losses net with them first (rulings 6, 9).
    courage_surplus: int = 0
    divinity_surplus: int = 0
    no_shield: bool = False  #: a Trial die stood on "damage cannot be cancelled" at the roll
    wave: tuple[int, ...] = ()  #: Trial dice still to move in this advance
    moves: tuple[tuple[int, str], ...] = ()  #: chosen (die, node) moves of this advance
    second: bool = False  #: this advance is the extra one of an ``adv`` space
    beaten: tuple[int, ...] = ()  #: labours beaten in this run
    outcome: str = ""
    data: LaborsData = field(default_factory=load_data, compare=False, repr=False)

    @property
    def is_terminal(self) -> bool:
        """True once the run is won or lost."""
        return self.prompt == P_OVER

    def with_(self, **changes: Any) -> LaborsState:
        """A copy with ``changes`` (``dataclasses.replace`` without ``__init__``: a state has no
        ``__post_init__``, and its every field is an immutable value)."""
        return copy_with(self, **changes)

    # --- derived ---------------------------------------------------------------------------

    def trial_dice(self) -> int:
        """Hercules dice rolled in this trial (owned, the Mood's change, minus broken ones)."""
        return max(0, self.dice + self.mood_dice - self.broken)

    def active(self) -> list[int]:
        """Trial dice not yet at 0."""
        return [i for i, t in enumerate(self.trial) if t.health > 0]

    def usable(self) -> list[int]:
        """Dice of the roll that can still be placed."""
        return [i for i, d in enumerate(self.roll) if d.use == FREE]

    def working_rewards(self) -> list[str]:
        """Owned Rewards whose abilities work (not covered)."""
        return [r for r in self.rewards if r != self.covered]

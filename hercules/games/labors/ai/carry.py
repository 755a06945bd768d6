"""What the resources carried into the trials to come are worth: Courage, Divinity, dice, Rewards.

The old solver valued Rewards from a fixed table, so a gold space that gives Courage on every
roll (RWD-04A: a pair gives +2 Courage) counted no more than a one-off bonus, though the
twelve trials cost far more Courage than the track and the bonuses hold. Here a Reward's gold
and blue spaces are valued *per roll* and multiplied by the rolls the run still has to make
(:func:`rolls_left`, from the trials' healths and the hit rates of the dice owned), and a
Divinity gold space by how much it closes the gap to the top by the end of the run
(:func:`projected_divinity`).

The figures (``SPARE``, ``COURAGE_LATER`` ...) were set by runs of the solver
(``tools/labors_exact.py`` and ``tools/make_balance.py`` measure the result). Everything here
reads public information only (the view's Rewards, dice, tracks and the cards' data).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from functools import cache

from hercules.games.labors.engine.data import Attack, GoldDef, LaborsData
from hercules.games.labors.engine.methods import gold_meets, min_dice
from hercules.games.labors.engine.state import LaborsState

from .evaluate import _sets_in
from .worth import _BLUE_WORTH

#: The share of rolls in which a gold space's dice are not needed on the trial.
SPARE = 0.55
#: A Courage point gained on a later roll, against one in hand (the track's cap, the risk that
#: the run ends first).
COURAGE_LATER = 0.45
#: A shield on a later roll, against a Courage point (it only cancels a loss of this round).
SHIELD_LATER = 0.3
#: The Divinity the run should project above the top, for the spaces that take it away.
DIVINITY_MARGIN = 3.0
#: Before this trial a point of Divinity is worth only EARLY_DIVINITY in a roll: the
#: Rewards that give it come later (their choice sees the shortfall), and a die spent on it
#: early is a die not spent on surviving (the issue's probe: no Divinity weight before 8).
DIVINITY_FROM = 8
EARLY_DIVINITY = 0.3
#: What a point of the projected Divinity shortfall costs, in Courage.
SHORTFALL = 4.0
#: A Hercules die's worth per trial to come, in Courage (more hits, fewer spaces reached).
DIE_PER_TRIAL = 1.2
#: What a blue space's worth (the old table, :mod:`.worth`) is per trial to come.
BLUE_PER_TRIAL = 0.12


@cache
def fill_chance(gold: GoldDef, dice: int) -> float:
    """P(a roll of ``dice`` dice can fill the gold space ``gold``), exactly."""
    if dice < len(gold.need):
        return 0.0
    # The fillings as face counts, once; a roll fills the space if it holds one of them.
    fillings = {
        tuple(Counter(faces)[v] for v in range(1, 7))
        for faces in itertools.product(range(1, 7), repeat=len(gold.need))
        if gold_meets(gold, faces)
    }
    total = 0
    for combo in itertools.combinations_with_replacement(range(1, 7), dice):
        counts = Counter(combo)
        if any(all(counts[v + 1] >= n for v, n in enumerate(f)) for f in fillings):
            ways = math.factorial(dice)
            for n in counts.values():
                ways //= math.factorial(n)
            total += ways
    return total / 6.0**dice


ROLL_DICE = 6  #: the most dice a trial's length is sampled with (see :func:`trial_rolls`)
RATE_SAMPLES = 60  #: rolls sampled for a trial's length (a rough figure is enough here)


@cache
def _rate(attack: Attack, dice: int) -> float:
    """The mean sets of ``attack`` a roll of ``dice`` dice makes (sampled, fixed generator)."""
    if dice < min_dice(attack):
        return 0.02
    gen = random.Random(f"rate{attack.kind}{attack.values}{dice}")
    total = 0
    for _ in range(RATE_SAMPLES):
        total += _sets_in(attack, tuple(sorted(gen.randint(1, 6) for _ in range(dice))))
    return max(0.05, total / RATE_SAMPLES)


_ROLLS: dict[tuple[int, int, int], float] = {}


def trial_rolls(data: LaborsData, labour: int, dice: int) -> float:
    """The rolls a fresh trial of ``labour`` is expected to take with ``dice`` dice."""
    key = (id(data), labour, dice)
    got = _ROLLS.get(key)
    if got is None:
        # Hit rates grow about in proportion to the dice; sampling them for many dice is slow
        # (a whole second for ten), so a run's horizon is read at ROLL_DICE dice at most.
        sampled = min(dice, ROLL_DICE)
        lab = data.labour(labour)
        got = sum(d.start / _rate(d.attack, sampled) for d in lab.dice) * sampled / dice
        _ROLLS[key] = got
    return got


def rolls_left(data: LaborsData, labour: int, dice: int, including: bool = False) -> float:
    """The rolls of the trials after ``labour`` (and of ``labour`` itself if ``including``)."""
    first = labour if including else labour + 1
    return sum(trial_rolls(data, n, max(1, dice)) for n in range(first, 13))


def gold_rates(data: LaborsData, rid: str, dice: int) -> tuple[float, float, float]:
    """(Courage, Divinity, shields) a Reward's gold spaces give per roll, on average."""
    c = d = s = 0.0
    for g in data.rewards[rid].gold:
        rate = fill_chance(g, dice) * SPARE * g.amount
        if g.gain == "courage":
            c += rate
        elif g.gain == "divinity":
            d += rate
        else:
            s += rate
    return c, d, s


def projected_divinity(
    data: LaborsData, rewards: tuple[str, ...], labour: int, dice: int, divinity: int
) -> float:
    """The Divinity the run may expect at the end: now, plus what its gold spaces bring."""
    rate = sum(gold_rates(data, r, dice)[1] for r in rewards)
    if not rate:
        return float(divinity)
    return divinity + rate * rolls_left(data, labour, dice, including=True)


def shortfall(projected: float, data: LaborsData) -> float:
    """How far a projected Divinity falls short of the top (with the margin)."""
    return max(0.0, data.divinity_top + DIVINITY_MARGIN - projected)


def divinity_weight(view: LaborsState) -> float:
    """What a point of Divinity is worth now (Courage units) in the roll's search.

    Before trial ``DIVINITY_FROM``, little. Then, with the top in reach by the end of the run,
    a point now is worth little (the spaces that take Divinity away still cost a little);
    short of it, a point is worth as much as it closes the gap. The last trial's search sees
    the top itself (a beaten Cerberus below it loses).
    """
    data = view.data
    dice = view.dice
    if view.labour < DIVINITY_FROM:
        return EARLY_DIVINITY
    proj = projected_divinity(data, tuple(view.working_rewards()), view.labour, dice, view.divinity)
    gap = shortfall(proj, data)
    if view.labour >= 12:
        return 3.0
    if gap <= 0.0:
        return 0.4
    return min(3.5, 0.8 + 0.6 * gap)


def reward_value(data: LaborsData, rid: str, state: LaborsState) -> float:
    """What taking Reward ``rid`` now is worth for the rest of the run (Courage units)."""
    r = data.rewards[rid]
    labour = state.labour
    dice_after = min(data.max_dice, state.dice + r.dice)
    left = rolls_left(data, labour, dice_after)
    trials_left = 12 - labour
    room = data.courage_max - state.courage
    worth = float(min(r.courage, room))
    worth += DIE_PER_TRIAL * r.dice * trials_left
    c, _, s = gold_rates(data, rid, dice_after)
    worth += (COURAGE_LATER * c + SHIELD_LATER * s) * left
    worth += BLUE_PER_TRIAL * blue_worth(data, rid) * trials_left
    if r.redraw_mood:
        worth += 0.3 * trials_left
    owned = list(state.rewards)
    before = projected_divinity(data, tuple(owned), labour + 1, dice_after, state.divinity)
    after = projected_divinity(
        data, (*owned, rid), labour + 1, dice_after, state.divinity + r.divinity
    )
    worth += SHORTFALL * (shortfall(before, data) - shortfall(after, data))
    if r.remove_prior and owned:
        worth -= min(owned_value(data, o, state, dice_after) for o in owned)
    return worth


def owned_value(data: LaborsData, rid: str, state: LaborsState, dice: int) -> float:
    """What keeping an owned Reward's spaces is worth for the rest of the run."""
    r = data.rewards[rid]
    left = rolls_left(data, state.labour, dice)
    trials_left = 12 - state.labour
    c, d, s = gold_rates(data, rid, dice)
    worth = (COURAGE_LATER * c + SHIELD_LATER * s) * left
    worth += BLUE_PER_TRIAL * blue_worth(data, rid) * trials_left
    if r.redraw_mood:
        worth += 0.3 * trials_left
    if d:
        owned = tuple(state.rewards)
        rest = tuple(o for o in owned if o != rid)
        with_it = projected_divinity(data, owned, state.labour + 1, dice, state.divinity)
        without = projected_divinity(data, rest, state.labour + 1, dice, state.divinity)
        worth += SHORTFALL * (shortfall(without, data) - shortfall(with_it, data))
    return worth


def blue_worth(data: LaborsData, rid: str) -> float:
    """What a Reward's blue spaces are worth in one trial's rolls (the old table's units)."""
    worth = 0.0
    for b in data.rewards[rid].blue:
        w = _BLUE_WORTH.get(b.kind, 1.0)
        worth += max(0.5, w - 1.0 * b.cost) if b.cost else w
    return worth


__all__ = [
    "blue_worth",
    "divinity_weight",
    "fill_chance",
    "gold_rates",
    "owned_value",
    "projected_divinity",
    "reward_value",
    "rolls_left",
]

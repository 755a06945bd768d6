"""The Labors solver's answers outside a roll: where a Trial die goes at a fork (and what an
advance costs), which Reward to take or remove, the Mood, the Ghosts' choices, restart keeps.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace

from hercules.games.labors.engine.actions import (
    BEGIN,
    KEEP,
    MOOD,
    Action,
)
from hercules.games.labors.engine.data import SKULL, BlueDef
from hercules.games.labors.engine.spaces import blue_spaces
from hercules.games.labors.engine.state import (
    LaborsState,
)

from . import names
from .carry import owned_value, reward_value
from .evaluate import LOST, Evaluator, Position
from .worth import _MOOD_WORTH, W_DIE, Decision, _why, ability_worth

# --- the advance -----------------------------------------------------------------------------


def advance_value(
    ev: Evaluator,
    pos: Position,
    shields: int,
    no_shield: bool,
    wave: tuple[int, ...],
    fixed: dict[int, str],
    second: bool,
) -> float:
    """The value after the live dice of ``wave`` move (the best forks; ``fixed`` ones chosen)."""
    lab = ev.data.labour(pos.labour)
    options: list[tuple[str, ...]] = []
    for d in wave:
        if d in fixed:
            options.append((fixed[d],))
        else:
            options.append(lab.dice[d].next_spaces(pos.trial[d][1]))
    best = LOST * 2
    for combo in itertools.product(*options):
        best = max(best, _moved(ev, pos, shields, no_shield, wave, combo, second))
    return best


def _moved(
    ev: Evaluator,
    pos: Position,
    shields: int,
    no_shield: bool,
    wave: tuple[int, ...],
    nodes: tuple[str, ...],
    second: bool,
) -> float:
    data = ev.data
    lab = data.labour(pos.labour)
    trial = list(pos.trial)
    loss = dv = bk = 0
    adv: list[int] = []
    for d, node in zip(wave, nodes, strict=True):
        health = trial[d][0]
        for eff in lab.dice[d].track[node].effects:
            if eff == SKULL:
                return LOST
            if eff.startswith("-"):
                loss += int(eff[1:])
            elif eff.startswith("h"):
                health = min(lab.dice[d].start, health + int(eff[1:]))
            elif eff == "dv":
                dv += 1
            elif eff == "bk":
                bk += 1
            elif eff == "adv":
                adv.append(d)
        trial[d] = (health, node)
    cancelled = 0 if no_shield else min(shields, loss)
    # ``pos`` may stand above the bounds: the round's gold gains net with its losses first
    # (rulings 6, 9); the bounds apply once the round's advance is over.
    courage = pos.courage - loss + cancelled
    if courage <= 0:
        return LOST + courage
    divinity = max(0, pos.divinity - dv)
    dice = max(0, pos.dice - bk)
    new = Position(pos.labour, courage, divinity, dice, tuple(trial), pos.boost, pos.blues)
    if adv and not second:
        others = tuple(i for i, (h, _) in enumerate(trial) if h > 0 and i not in adv)
        if others:
            return advance_value(ev, new, shields - cancelled, no_shield, others, {}, True)
    return ev.value(
        replace(
            new, courage=min(data.courage_max, courage), divinity=min(data.divinity_top, divinity)
        )
    )


def _blues(view: LaborsState) -> tuple[BlueDef, ...]:
    """The blue abilities in play (for the hit distributions), in a stable order."""
    return tuple(sorted((s.ability for s in blue_spaces(view)), key=repr))


# --- the other prompts -----------------------------------------------------------------------


def _fork(view: LaborsState, legal: list[Action], ev: Evaluator) -> Decision:
    trial = tuple((t.health, t.node) for t in view.trial)
    pos = Position(
        view.labour,
        view.courage + view.courage_surplus,  # the advance nets them (rulings 6, 9)
        view.divinity + view.divinity_surplus,
        view.trial_dice(),
        trial,
        blues=_blues(view),
    )
    fixed = dict(view.moves)
    best: tuple[float, Action] | None = None
    for a in legal:
        moves = {**fixed, a.target: a.space}
        value = advance_value(ev, pos, view.shields, view.no_shield, view.wave, moves, view.second)
        if best is None or value > best[0] + 1e-9:
            best = (value, a)
    assert best is not None
    a = best[1]
    die = view.data.labour(view.labour).dice[a.target]
    effects = die.track[a.space].effects
    what = _effects_words(effects)
    who = names.trial_die(view.labour, a.target)
    sentence = f"Send {who} to the space that hurts least in the long run ({what})."
    reason = _why("fork", sentence, labour=view.labour, target=a.target, space=a.space)
    return Decision(a, reason, best[0])


def _effects_words(effects: Sequence[str]) -> str:
    words = []
    for e in effects:
        if e.startswith("-"):
            words.append(f"lose {e[1:]} Courage")
        elif e.startswith("h"):
            words.append(f"it heals {e[1:]}")
        elif e == "dv":
            words.append("lose 1 Divinity")
        elif e == "bk":
            words.append("a die breaks")
        elif e == "nb":
            words.append("no shields")
        elif e == "adv":
            words.append("the others move again")
    return ", ".join(words) or "a quiet space"


def _reward(view: LaborsState, legal: list[Action]) -> Decision:
    scored = [(reward_value(view.data, a.card, view), a) for a in legal]
    worth, a = max(scored, key=lambda x: x[0])
    r = view.data.rewards[a.card]
    bits = []
    if r.dice:
        bits.append("a die")
    if r.divinity:
        bits.append(f"{r.divinity} Divinity")
    bits += [f"a blue {b.kind.replace('_', ' ')} space" for b in r.blue]
    bits += [f"a gold space for {g.gain}" for g in r.gold]
    what = ", ".join(bits) or "its bonus"
    return Decision(
        a, _why("reward", f"Take {names.card(a.card)} ({a.card}): {what}.", card=a.card), worth
    )


def _remove(view: LaborsState, legal: list[Action]) -> Decision:
    a = min(legal, key=lambda x: (owned_value(view.data, x.card, view, view.dice), x.card))
    english = f"Give up {names.card(a.card)} ({a.card}): its abilities help least now."
    return Decision(a, _why("remove", english, card=a.card), 0.0)


def _mood(view: LaborsState, legal: list[Action]) -> Decision:
    now = _MOOD_WORTH.get(view.mood, 0.0)
    deck = [m for m in view.mood_deck]
    mean = sum(_MOOD_WORTH.get(m, 0.0) for m in deck) / len(deck) if deck else now
    choice = "redraw" if mean > now + 0.25 else "keep"
    a = Action(MOOD, card=choice)
    if a not in legal:
        a = legal[0]
    mood = names.MOODS.get(view.mood, view.mood)
    if a.card == "redraw":
        english = f"Redraw: {mood} is worse than the Mood deck on average."
        return Decision(a, _why("redraw", english, mood=view.mood), mean)
    english = f"Keep {mood}: the Mood deck is no better on average."
    return Decision(a, _why("keep_mood", english, mood=view.mood), now)


def _abderus(view: LaborsState, legal: list[Action], ev: Evaluator) -> Decision:
    trial = tuple((t.health, t.node) for t in view.trial)
    mood = view.data.moods[view.mood]
    assert mood.choice is not None
    dice_loss, courage_loss = mood.choice
    options = []
    for a in legal:
        if a.card == "dice":
            pos = Position(
                view.labour,
                view.courage,
                view.divinity,
                view.trial_dice() + dice_loss,
                trial,
                blues=_blues(view),
            )
        else:
            pos = Position(
                view.labour,
                view.courage + courage_loss,
                view.divinity,
                view.trial_dice(),
                trial,
                blues=_blues(view),
            )
        options.append((ev.value(pos), a))
    value, a = max(options, key=lambda x: x[0])
    if a.card == "dice":
        english = f"Lose a die for this trial: it costs less than {-courage_loss} Courage."
        return Decision(a, _why("abderus_dice", english, courage=-courage_loss), value)
    english = f"Lose {-courage_loss} Courage: this trial needs every die."
    return Decision(a, _why("abderus_courage", english, courage=-courage_loss), value)


def _pholus(view: LaborsState, legal: list[Action]) -> Decision:
    a = min(legal, key=lambda x: (owned_value(view.data, x.card, view, view.trial_dice()), x.card))
    english = f"Cover {names.card(a.card)} ({a.card}): it would help least."
    return Decision(a, _why("cover", english, card=a.card), 0.0)


def _restart(view: LaborsState, legal: list[Action]) -> Decision:
    """Keep the best Reward of each earlier labour while the Courage stays at 9 or more."""
    data = view.data
    best_per_labour: dict[int, tuple[float, str]] = {}
    for rid, r in data.rewards.items():
        if r.labour >= view.config.start:
            continue
        worth = 2.5 * r.divinity + W_DIE * r.dice + ability_worth(data, rid) - 1.2 * r.restart
        got = best_per_labour.get(r.labour)
        if got is None or worth > got[0]:
            best_per_labour[r.labour] = (worth, rid)
    wanted = sorted(best_per_labour.values(), key=lambda x: -x[0])
    budget = view.courage
    for worth, rid in wanted:
        r = data.rewards[rid]
        if worth <= 0 or r.labour in view.kept:
            continue
        if budget - r.restart < 9:
            continue
        a = Action(KEEP, card=rid)
        if a in legal:
            english = f"Keep {names.card(rid)} ({rid}) for {r.restart} Courage."
            return Decision(a, _why("keep", english, card=rid, cost=r.restart), worth)
    a = Action(BEGIN) if Action(BEGIN) in legal else legal[0]
    return Decision(a, _why("begin_kept", "Begin with the Rewards kept."), 0.0)

"""The legal actions of every prompt: listed once per state (the kit's memo), so that
a caller's pick and ``apply``'s check share one list."""

from __future__ import annotations

from hercules.games._kit.fast import Legal, LegalMemo
from hercules.games._kit.memo import table_memo

from .actions import (
    ABDERUS,
    ATTACK,
    BEGIN,
    BLUE,
    COVER,
    DRAW,
    GOLD,
    KEEP,
    MOOD,
    MOVE,
    REMOVE,
    RESOLVE,
    REWARD,
    ROLL,
    Action,
)
from .data import Attack
from .methods import canonical, dice_by_value, gold_value_sets, take, value_sets
from .spaces import new_values, spaces_in_play
from .state import (
    FREE,
    P_ABDERUS,
    P_DRAW,
    P_FORK,
    P_MOOD,
    P_OVER,
    P_PHOLUS,
    P_REMOVE,
    P_RESTART,
    P_REWARD,
    P_ROLL,
    LaborsState,
)


def legal_actions(state: LaborsState) -> list[Action]:
    """Every legal action of the state, sorted (chance steps are the only action then)."""
    return list(listed(state).actions)


def _compute_legal(state: LaborsState) -> Legal:
    return Legal.of(_legal_list(state))


#: The legal actions of the state last asked about: ``actor`` and ``apply``'s check read the
#: list its caller has just been given, without computing it again.
listed: LegalMemo[LaborsState, Legal] = LegalMemo(_compute_legal)


def _legal_list(state: LaborsState) -> list[Action]:
    p = state.prompt
    data = state.data
    if p == P_OVER:
        return []
    if p == P_DRAW:
        return [Action(DRAW)]
    if p == P_ROLL:
        return [Action(ROLL)]
    if p == P_RESTART:
        out = [Action(BEGIN)]
        for rid, r in data.rewards.items():
            if r.labour < state.config.start and r.labour not in state.kept:
                if state.courage - r.restart > 0:
                    out.append(Action(KEEP, card=rid))
        return sorted(out)
    if p == P_MOOD:
        return [Action(MOOD, card="keep"), Action(MOOD, card="redraw")]
    if p == P_ABDERUS:
        mood = data.moods[state.mood]
        assert mood.choice is not None
        out = [Action(ABDERUS, card="dice")]
        if state.courage + mood.choice[1] > 0:
            out.append(Action(ABDERUS, card="courage"))
        return sorted(out)  # every prompt's actions are sorted ("courage" < "dice")
    if p == P_PHOLUS:
        return sorted(Action(COVER, card=r) for r in state.rewards)
    if p == P_FORK:
        die = _next_fork(state)
        node = state.trial[die].node
        lab = data.labour(state.labour)
        return sorted(Action(MOVE, target=die, space=n) for n in lab.dice[die].next_spaces(node))
    if p == P_REWARD:
        return sorted(Action(REWARD, card=r) for r in data.labour(state.labour).rewards)
    if p == P_REMOVE:
        return sorted(Action(REMOVE, card=r) for r in state.rewards[:-1])
    # P_PLAY
    out = [_RESOLVE]
    free = _free(state)  # once for the three kinds
    if not state.allocating:
        out += _blue_actions(state, free)
    out += _gold_actions(state, free)
    out += _attack_actions(state, free)
    return sorted(set(out))


_RESOLVE = Action(RESOLVE)


def _free(state: LaborsState) -> list[tuple[int, int]]:
    return [(i, d.value) for i, d in enumerate(state.roll) if d.use == FREE]


def _blue_actions(state: LaborsState, free: list[tuple[int, int]]) -> list[Action]:
    out: list[Action] = []
    # The lowest-numbered die of each value that has not been on a blue space yet.
    firsts: dict[int, int] = {}
    for i, v in free:
        if not state.roll[i].blue:
            firsts.setdefault(v, i)
    ordered = sorted(firsts.items())
    for space in spaces_in_play(state)[0]:
        if space.key in state.used or state.courage - space.ability.cost <= 0:
            continue
        kind = space.ability.kind
        for v, die in ordered:
            if kind == "reroll" or kind == "twin":
                out.append(Action(BLUE, space=space.key, dice=(die,)))
            elif kind == "set_other":
                others: dict[tuple[int, bool], int] = {}
                for j, w in free:
                    if j != die:
                        others.setdefault((w, state.roll[j].blue), j)
                for (w, _), j in others.items():
                    out += [
                        Action(BLUE, space=space.key, dice=(die, j), value=n)
                        for n in range(1, 7)
                        if n != w
                    ]
            elif kind == "reroll_others":
                # Dice of one value are told apart by having been on a blue space: a re-rolled
                # die keeps that mark, so re-rolling the marked 3 or the unmarked one differs.
                rest = [(j, w * 2 + state.roll[j].blue) for j, w in free if j != die]
                for keys in _all_sub_multisets([k for _, k in rest]):
                    chosen = canonical(rest, keys)
                    if chosen:
                        out.append(Action(BLUE, space=space.key, dice=(die, *chosen)))
            else:
                out += [
                    Action(BLUE, space=space.key, dice=(die,), value=n)
                    for n in new_values(space.ability, v)
                ]
    return out


def _all_sub_multisets(values: list[int]) -> list[tuple[int, ...]]:
    subs: set[tuple[int, ...]] = {()}
    for v in sorted(values):
        subs |= {tuple(sorted((*s, v))) for s in subs}
    subs.discard(())
    return sorted(subs)


def _gold_actions(state: LaborsState, free: list[tuple[int, int]]) -> list[Action]:
    out: list[Action] = []
    values = [v for _, v in free]
    pool = dice_by_value(free)
    for space in spaces_in_play(state)[1]:
        if space.key in state.used:
            continue
        for vals in gold_value_sets(space.ability, values):
            dice = take(pool, vals)
            if dice:
                out.append(Action(GOLD, space=space.key, dice=dice))
    return out


def _attack_actions(state: LaborsState, free: list[tuple[int, int]]) -> list[Action]:
    lab = state.data.labour(state.labour)
    targets = tuple((t, lab.dice[t].attack) for t in state.active())
    return list(_attacks(targets, tuple(free)))


@table_memo(maxsize=16384)  # forgotten when a table closes: see hercules.games._kit.memo
def _attacks(
    targets: tuple[tuple[int, Attack], ...], free: tuple[tuple[int, int], ...]
) -> tuple[Action, ...]:
    """The attacks on the live Trial dice (``targets``: each with its method) with the free
    dice ``free`` ((die, value) pairs).

    The same live dice and free faces come back often (about three times in four in random
    play: a roll's attacks leave the same dice for the next), so they are worked out once.
    """
    out: list[Action] = []
    values = [v for _, v in free]
    pool = dice_by_value(free)
    by_method: dict[Attack, list[tuple[int, ...] | None]] = {}
    for t, attack in targets:
        if attack not in by_method:
            by_method[attack] = [take(pool, vals) for vals in value_sets(attack, values)]
        for dice in by_method[attack]:
            if dice:
                out.append(Action(ATTACK, dice=dice, target=t))
    return tuple(out)


def _next_fork(state: LaborsState) -> int:
    """The first Trial die of the advance standing at a fork whose move is not chosen yet."""
    chosen = {d for d, _ in state.moves}
    lab = state.data.labour(state.labour)
    return next(
        d
        for d in state.wave
        if d not in chosen and len(lab.dice[d].next_spaces(state.trial[d].node)) > 1
    )


__all__ = ["legal_actions", "listed"]

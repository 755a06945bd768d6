"""The abilities of Demigod and God cards (and of the print-and-play power rows), as a table.

``ABILITIES`` maps an ability name (``Card.ability``) to an :class:`Ability`: the ways it may
be used now (``options``) and its effect (``apply``). The card game and the print-and-play
sheet both offer and apply abilities through it, and the bots' planner reads ``certain`` and
``face`` from it, so a new ability is one entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import rng as _rng
from .actions import WHITE, Action, Event, new_event
from .state import GameState, PlayerState

#: A way to use an ability: the die indices it acts on and the seat it targets (-1: none).
Option = tuple[tuple[int, ...], int]
Options = Callable[[GameState, int, tuple[int, ...]], list[Option]]
Effect = Callable[[GameState, int, PlayerState, Action, list[Event]], None]

# All non-empty subsets of die indices, for re-rolls: two dice, or three with the white die.
SUBSETS: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((0,), (0, 1), (1,)),
    3: ((0,), (0, 1), (0, 1, 2), (0, 2), (1,), (1, 2), (2,)),
}


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability: how it may be used now, and what it does.

    ``options(state, seat, dice)`` lists every legal use as ``(dice, target)`` pairs for the
    seat whose dice (white die included while held) are ``dice`` (the list may be shared:
    callers only read it). ``apply(state, seat,
    player, action, events)`` applies a use to the draft state (``player`` is the seat's
    player, already mutable; the price is the caller's). ``certain`` abilities have a known
    outcome (a planner may rely on them); ``face`` maps one die's face to its new face (0: not
    allowed) for the abilities that change a single die.
    """

    name: str
    options: Options
    apply: Effect
    certain: bool = False
    face: Callable[[int], int] | None = None


def _dice_changed(
    s: GameState,
    seat: int,
    p: PlayerState,
    how: str,
    act: Action,
    old: list[int],
    dice: list[int],
    events: list[Event],
) -> None:
    p.dice = tuple(dice[:2])
    if len(dice) > WHITE:
        s.white = dice[WHITE]
    events.append(
        new_event(
            ("dice_changed", seat, {"how": how, "dice": list(act.dice), "old": old, "new": dice})
        )
    )


def _one_die(name: str, face: Callable[[int], int]) -> Ability:
    """An ability that changes one die, face by face (``face`` gives 0 where it may not)."""

    known: dict[tuple[int, ...], list[Option]] = {}  # by faces: at most 6^2 + 6^3 entries

    def options(s: GameState, seat: int, dice: tuple[int, ...]) -> list[Option]:
        out = known.get(dice)
        if out is None:
            out = known[dice] = [((i,), -1) for i in range(len(dice)) if face(dice[i])]
        return out

    def apply(s: GameState, seat: int, p: PlayerState, act: Action, events: list[Event]) -> None:
        dice = list(s.dice_of(seat))
        old = list(dice)
        i = act.dice[0]
        dice[i] = face(dice[i])
        _dice_changed(s, seat, p, name, act, old, dice, events)

    return Ability(name, options, apply, certain=True, face=face)


_REROLLS: dict[int, list[Option]] = {n: [(sub, -1) for sub in subs] for n, subs in SUBSETS.items()}


def _reroll_options(s: GameState, seat: int, dice: tuple[int, ...]) -> list[Option]:
    return _REROLLS[len(dice)]


def _reroll(s: GameState, seat: int, p: PlayerState, act: Action, events: list[Event]) -> None:
    dice = list(s.dice_of(seat))
    old = list(dice)
    r = s.rng
    for i in act.dice:
        r, dice[i] = _rng.roll_die(r)
    s.rng = r
    _dice_changed(s, seat, p, "reroll", act, old, dice, events)


def _white_options(s: GameState, seat: int, dice: tuple[int, ...]) -> list[Option]:
    return [((), -1)] if s.white_holder < 0 else []


def _white(s: GameState, seat: int, p: PlayerState, act: Action, events: list[Event]) -> None:
    s.white_holder = seat
    s.rng, s.white = _rng.roll_die(s.rng)
    events.append(new_event(("white_die_taken", seat, {"face": s.white})))


def _copy_options(s: GameState, seat: int, dice: tuple[int, ...]) -> list[Option]:
    return [((), q) for q in range(s.n) if q != seat]


def _copy(s: GameState, seat: int, p: PlayerState, act: Action, events: list[Event]) -> None:
    src = s.dice_of(act.target)[:2]
    old = p.dice
    p.dice = tuple(src)
    events.append(
        new_event(
            ("dice_copied", seat, {"from_player": act.target, "old": list(old), "new": list(src)})
        )
    )


#: Every ability that is used during a turn, by name.
ABILITIES: dict[str, Ability] = {
    a.name: a
    for a in (
        _one_die("plus_one", lambda v: v + 1 if v < 6 else 0),
        _one_die("minus_one", lambda v: v - 1 if v > 1 else 0),
        _one_die("flip", lambda v: 7 - v),
        Ability("reroll", _reroll_options, _reroll),
        Ability("white_die", _white_options, _white),
        Ability("copy", _copy_options, _copy, certain=True),
    )
}


def ability_options(s: GameState, seat: int, ab: str, dice: tuple[int, ...]) -> list[Option]:
    """Every legal way to use ability ``ab`` now, as ``(dice, target)`` pairs ([] if none).

    +1 / -1 on one die that stays within 1-6, flip on any one die, a re-roll of any
    non-empty set of dice, the white die while nobody holds it, a copy of any other seat.
    """
    ability = ABILITIES.get(ab)
    return ability.options(s, seat, dice) if ability is not None else []


def apply_ability(
    s: GameState, seat: int, p: PlayerState, ab: str, act: Action, events: list[Event]
) -> None:
    """The effect of ability ``ab`` on ``seat``'s dice, with ``act``'s dice or target.

    ``p`` is the seat's player, already made mutable in ``s``. Shared by cards (``use``) and
    the print-and-play powers (``power``); the cost (a cube, a god turned down, or circles
    on the sheet) is the caller's.
    """
    ABILITIES[ab].apply(s, seat, p, act, events)

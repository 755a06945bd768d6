"""The turn structure every variant shares: labours by + - x /, turn order and rounds.

A low module: ``rules.py`` (the card game), ``pnp.py`` (the score sheet) and ``hades.py`` build
on it, and it imports none of them.
"""

from __future__ import annotations

from .actions import LABOUR, Action, Event, new_event
from .cards import OPS
from .state import CHANCE, P_ACTION, P_GAME_OVER, P_HADES, P_ROLL, GameState

#: ``used`` at a turn's start (one value, not a new empty set at every turn).
_NOTHING_USED: frozenset[str] = frozenset()
#: The pairs of die indices a labour may combine: two dice, or three with the white die.
PAIRS: dict[int, tuple[tuple[int, int], ...]] = {2: ((0, 1),), 3: ((0, 1), (0, 2), (1, 2))}


def labour_result(op: str, a: int, b: int) -> int:
    """The number ``op`` makes of two faces, or 0 if it is not a labour (1-12, exact)."""
    if op == "add":
        r = a + b
    elif op == "sub":
        r = a - b if a > b else b - a
    elif op == "mul":
        r = a * b
    elif op == "div":
        hi, lo = (a, b) if a >= b else (b, a)
        r = hi // lo if hi % lo == 0 else 0
    else:
        return 0
    return r if 1 <= r <= 12 else 0


def labour_actions(dice: tuple[int, ...], row: int) -> list[Action]:
    """Every labour ``dice`` can perform on a row whose bit c means labour c is still open."""
    out = []
    for i, j in PAIRS[len(dice)]:
        a, b = dice[i], dice[j]
        for op in OPS:
            r = labour_result(op, a, b)
            if r and row >> r & 1:
                out.append(Action(LABOUR, op=op, dice=(i, j)))
    return out


def first_stop(row: int) -> int:
    """Where an Apprentice stands: the column before the first remaining cube (12 if none)."""
    if not row:
        return 12
    return (row & -row).bit_length() - 2


def start_first_round(s: GameState) -> None:
    """Seat 0 holds Pegasus; the game waits for the first roll; nothing used or pending."""
    s.round = 1
    s.pegasus = 0
    s.turn = 0
    s.prompt = P_ROLL
    s.current = CHANCE
    s.white_holder = -1
    s.used = frozenset()
    s.rest_cubes = 0
    s.rest_god = False
    s.pending = ()
    s.ended_by = ()
    s.powers_used = ()


def start_turn(s: GameState, seat: int) -> None:
    """``seat`` begins its turn (Hades' seat plays automatically)."""
    s.current = seat
    s.prompt = P_HADES if s.players[seat].hades else P_ACTION
    s.used = _NOTHING_USED
    s.white_holder = -1
    s.rest_cubes = 0
    s.rest_god = False
    s.pending = ()
    s.powers_used = ()


def end_turn(s: GameState, events: list[Event]) -> None:
    """End the current seat's turn on the draft state ``s`` (next seat, phase 3 or game over)."""
    seat = s.current
    data = {}
    if s.white_holder >= 0:
        data["white_returned"] = s.white
    events.append(new_event(("turn_ended", seat, data)))
    s.turn += 1
    n = len(s.players)  # not the property: this runs at every turn's end
    if s.turn < n:
        start_turn(s, (s.pegasus + s.turn) % n)  # it clears the turn's fields itself
        return
    s.white_holder = -1
    s.used = _NOTHING_USED
    s.pending = ()
    s.rest_cubes = 0
    s.rest_god = False
    s.powers_used = ()
    # Phase 3, or the end of the game once the last round is complete.
    if s.config.variant.game_ends(s):
        s.prompt = P_GAME_OVER
        s.current = CHANCE
        events.append(
            new_event(("game_over", CHANCE, {"ended_by": list(s.ended_by), "round": s.round}))
        )
        return
    old = s.pegasus
    s.pegasus = (old + 1) % s.n
    s.turn = 0
    s.round += 1
    s.prompt = P_ROLL
    s.current = CHANCE
    events.append(new_event(("pegasus_passed", s.pegasus, {"from": old, "to": s.pegasus})))

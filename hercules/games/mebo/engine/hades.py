"""Hades, the solo automaton: his whole turn, played from his two dice."""

from __future__ import annotations

from .actions import Event, new_event
from .board import give_demigod, give_vase, take_god, take_top
from .cards import card_set
from .state import GameState
from .turn import first_stop


def hades_turn(s: GameState, events: list[Event]) -> None:
    """Play Hades' turn on the draft state ``s`` (the current seat is Hades).

    White die: steal the top card of the demigod stack it names (1-6), if any.
    Coloured die: move that many columns, wrapping from 12 to 1, then one of
    the rulebook's three cases: take his cube there; else take the card above;
    else run right to the column before his next cube, with a vase for 3+ spaces.
    """
    seat = s.current
    p = s.mutable_player(seat)
    stack = s.white - 1  # stacks are stored in solo order 1-6
    deck = card_set().decks[stack].id
    events.append(new_event(("hades_white_die", seat, {"face": s.white, "deck": deck})))
    if s.demigod_stacks[stack]:
        give_demigod(s, seat, stack, events, p)
    steps = p.dice[0]
    old = p.pos
    new = (old + steps - 1) % 12 + 1
    p.pos = new
    events.append(
        new_event(("apprentice_moved", seat, {"from": old, "to": new, "wrapped": new <= old}))
    )
    if p.row >> new & 1:
        p.row &= ~(1 << new)
        p.supply += 1
        events.append(
            new_event(("cube_taken", seat, {"column": new, "supply": p.supply, "case": 1}))
        )
        if not p.row and "hades_cubes" not in s.ended_by:
            s.ended_by = s.ended_by + ("hades_cubes",)
            events.append(new_event(("game_end_triggered", seat, {"reason": "hades_cubes"})))
        return
    if new == 12 and s.top:
        take_top(s, p, seat, events)
        return
    if new < 12 and s.columns[new]:
        take_god(s, p, seat, new, events)
        return
    # Case 3: as far right as possible, stopping before his next cube to the right.
    ahead = p.row >> new << new
    stop = first_stop(ahead) if ahead else 12
    if stop > new:
        p.pos = stop
        events.append(
            new_event(("apprentice_moved", seat, {"from": new, "to": stop, "wrapped": False}))
        )
        if stop - new >= 3:
            give_vase(s, p, seat, stop - new, events)

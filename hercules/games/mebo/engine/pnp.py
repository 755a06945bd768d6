"""The print-and-play variant (mode ``pnp``): a pencil-and-paper score sheet per player.

The authority is ``shared/rules/hercules-print-and-play-it.txt`` (Italian); our reading is the
end of ``shared/rules/hercules-components.md``; its numbers are in ``assets/data/pnp.json``.
There are no cubes, gods, vase, Pantheon, Hades or Demigod cards: every card stays in the box
(so "every card in exactly one place" still holds). Each sheet has the twelve labours and six
power rows, one per Demigod (Hestia +1, Hecate -1, Pan third die, Aeolus copy, Tyche re-roll,
Morpheus flip) in deck order 1-6, with ``boxes_per_row`` boxes each.

What the variant does not say, and how we read it:

- **Rounds.** Everyone rolls two dice at the start of each round. Turn order and Pegasus are
  as in the standard game (the holder starts the round, Pegasus passes left after it): the
  variant is silent on both.
- **Labours** are as in the standard game: two of the player's dice by + - x /, a result 1-12
  not crossed yet, each labour once. The Apprentice then stops before the first labour not yet
  crossed ("non possono oltrepassare una Fatica ancora da completare").
- **Earning a power.** After a labour the player crosses one box: the row of the operation
  (Hestia +, Hecate -, Pan x, Aeolus /), or Tyche when a die used shows 1-3, or Morpheus when
  a die used shows 4-6 (the final faces of the two dice combined; there are no top cards, so any
  used die in the range qualifies). A full row cannot be crossed. Several qualifying rows: the
  player chooses (``choose_demigod`` with the row's deck id); one: it is crossed; none: nothing.
- **Using a power** needs a crossed, uncircled box in its row AND a completed, uncircled
  labour: both are circled. Labours all score alike (1 VP when uncircled) and are alike as a
  resource, so the engine circles the lowest completed uncircled labour rather than asking.
  The text sets no per-turn limit: every crossed, uncircled box may be used, so a row can be
  used as often in a turn as it has free boxes (and completed labours remain to circle).
  The third die (Pan) is rolled once per turn, as the white die is in the standard game; the
  other powers work exactly like the matching cards. After a power the player may not rest;
  ``end_turn`` gives up the labour.
- **Resting** erases up to three power circles (the player picks the rows, one ``erase`` at a
  time, as the standard rest returns cubes one by one) and up to three labour circles. Erasing
  a labour circle is never worse (it is 1 VP and a labour to circle again), so the rest erases
  as many as it may automatically (the lowest first) when it ends.
- **Jumps.** An advance of 3+ spaces in one move scores from the jump table (advance = new
  column - old column, as ruling 1 of the standard game).
- **End.** The first Apprentice on labour 12 ends the game after the round (everyone has the
  same number of turns); every Apprentice on 12 at the end scores 5 VP (see ``scoring.py``).
"""

from __future__ import annotations

from . import rng as _rng
from .abilities import ABILITIES
from .actions import CHOOSE_DEMIGOD, END_REST, END_TURN, ERASE, LABOUR, POWER, REST, Action, Event
from .cards import card_set, pnp_rules
from .state import (
    ALL_COLUMNS,
    P_CHOOSE_DEMIGOD,
    P_REST,
    GameConfig,
    GameState,
    PlayerState,
)
from .turn import end_turn, first_stop, labour_actions, labour_result, start_first_round

_CARDS = card_set()
_DECKS = _CARDS.decks
# The numbers come from ``pnp_rules()`` when first needed: like the board data, pnp.json is
# read only by a program that uses it (standard games never open it).

#: The power rows, named by their Demigod deck's id, in deck order 1-6.
ROWS: tuple[str, ...] = tuple(d.id for d in _DECKS)
ROW_INDEX: dict[str, int] = {row: k for k, row in enumerate(ROWS)}
#: Each row's power: the ability of the matching Demigod cards.
ROW_ABILITY: tuple[str, ...] = tuple(d.ability for d in _DECKS)
_ROW_POWER = tuple(ABILITIES[ab] for ab in ROW_ABILITY)
_OP_ROW = {d.op: k for k, d in enumerate(_DECKS) if d.op}
_DIE_ROWS = tuple((k, d.die_low, d.die_high) for k, d in enumerate(_DECKS) if not d.op)

#: Action kinds whose effect differs in this variant (the rest is shared with the other modes).
SHEET_KINDS: frozenset[str] = frozenset({LABOUR, POWER, CHOOSE_DEMIGOD, ERASE, END_REST})


def new_pnp_game(config: GameConfig, seed: int) -> GameState:
    """Set up a print-and-play game: blank sheets, every card in the box, seat 0 has Pegasus."""
    s = GameState.__new__(GameState)
    s._legal = None
    s.config = config
    s.seed = seed
    s.demigod_stacks = tuple(() for _ in _DECKS)
    s.columns = ("",) * 13
    s.top = ()
    s.vase_stacks = tuple(() for _ in _CARDS.vase_spaces)
    s.box = tuple(_CARDS.cards)  # in card-data order
    r = _rng.seed_state(seed)
    r, s.white = _rng.roll_die(r)
    s.rng = r
    s.players = tuple(PlayerState() for _ in range(config.players))
    start_first_round(s)
    return s


def free_labours(p: PlayerState) -> int:
    """Bits of the completed labours that are not circled (what a power may circle)."""
    return ~p.row & ALL_COLUMNS & ~p.circled


def earned_rows(p: PlayerState, op: str, faces: tuple[int, int]) -> list[int]:
    """Rows a labour by ``op`` on ``faces`` lets ``p`` cross (full rows left out)."""
    boxes = pnp_rules().boxes_per_row
    out = []
    k = _OP_ROW[op]
    if p.crosses[k] < boxes:
        out.append(k)
    for k, lo, hi in _DIE_ROWS:
        if p.crosses[k] < boxes and any(lo <= f <= hi for f in faces):
            out.append(k)
    return out


def sheet_actions(s: GameState) -> list[Action]:
    """The legal actions of the ``action`` and ``rest`` prompts (unsorted)."""
    seat = s.current
    p = s.players[seat]
    if s.prompt == P_REST:
        out = [Action(END_REST)]
        if s.rest_cubes < pnp_rules().rest_power_circles:
            out.extend(Action(ERASE, deck=ROWS[k]) for k in range(len(ROWS)) if p.circles[k])
        return out
    dice = s.dice_of(seat)
    out = labour_actions(dice, p.row)
    if free_labours(p):
        for k, deck in enumerate(ROWS):
            if p.crosses[k] > p.circles[k]:
                out.extend(
                    Action(POWER, deck=deck, dice=d, target=q)
                    for d, q in _ROW_POWER[k].options(s, seat, dice)
                )
    out.append(Action(END_TURN) if s.powers_used else Action(REST))
    return out


def apply_sheet(s: GameState, act: Action, events: list[Event]) -> None:
    """Apply a legal ``labour``, ``power``, ``choose_demigod``, ``erase`` or ``end_rest``."""
    kind = act.kind
    if kind == LABOUR:
        _labour(s, act, events)
    elif kind == POWER:
        _power(s, act, events)
    elif kind == CHOOSE_DEMIGOD:
        p = s.mutable_player(s.current)
        _cross(p, s.current, ROW_INDEX[act.deck], events)
        s.pending = ()
        end_turn(s, events)
    elif kind == ERASE:
        p = s.mutable_player(s.current)
        k = ROW_INDEX[act.deck]
        p.circles = _bump(p.circles, k, -1)
        s.rest_cubes += 1
        events.append(
            Event("power_circle_erased", s.current, {"deck": act.deck, "circles": p.circles[k]})
        )
    else:  # END_REST
        _end_rest(s, events)


def _bump(marks: tuple[int, ...], k: int, by: int) -> tuple[int, ...]:
    return marks[:k] + (marks[k] + by,) + marks[k + 1 :]


def _cross(p: PlayerState, seat: int, k: int, events: list[Event]) -> None:
    p.crosses = _bump(p.crosses, k, 1)
    events.append(Event("power_crossed", seat, {"deck": ROWS[k], "crosses": p.crosses[k]}))


def _labour(s: GameState, act: Action, events: list[Event]) -> None:
    seat = s.current
    dice = s.dice_of(seat)
    i, j = act.dice
    a, b = dice[i], dice[j]
    result = labour_result(act.op, a, b)
    p = s.mutable_player(seat)
    p.row &= ~(1 << result)
    events.append(
        Event(
            "labour_performed",
            seat,
            {"op": act.op, "dice": [i, j], "faces": [a, b], "labour": result},
        )
    )
    events.append(Event("labour_crossed", seat, {"labour": result}))
    old = p.pos
    new = first_stop(p.row)
    if new != old:
        p.pos = new
        events.append(Event("apprentice_moved", seat, {"from": old, "to": new}))
        spaces = new - old
        if spaces >= pnp_rules().jump_vp[0][0]:
            p.jumps = p.jumps + (spaces,)
            events.append(
                Event("jump", seat, {"spaces": spaces, "vp": pnp_rules().jump_points(spaces)})
            )
        if new == 12:
            events.append(Event("reached_12", seat, {"vp": pnp_rules().reach_12_vp}))
            if "column_12" not in s.ended_by:
                s.ended_by = s.ended_by + ("column_12",)
                events.append(Event("game_end_triggered", seat, {"reason": "column_12"}))
    rows = earned_rows(p, act.op, (a, b))
    if len(rows) == 1:
        _cross(p, seat, rows[0], events)
    elif rows:
        s.prompt = P_CHOOSE_DEMIGOD
        s.pending = tuple(sorted(ROWS[k] for k in rows))
        return
    end_turn(s, events)


def _power(s: GameState, act: Action, events: list[Event]) -> None:
    seat = s.current
    p = s.mutable_player(seat)
    k = ROW_INDEX[act.deck]
    p.circles = _bump(p.circles, k, 1)
    free = free_labours(p)
    labour = (free & -free).bit_length() - 1  # the lowest: every labour circle is alike
    p.circled |= 1 << labour
    s.powers_used = s.powers_used + (act.deck,)
    events.append(
        Event(
            "power_used",
            seat,
            {"deck": act.deck, "ability": ROW_ABILITY[k], "labour": labour},
        )
    )
    _ROW_POWER[k].apply(s, seat, p, act, events)


def _end_rest(s: GameState, events: list[Event]) -> None:
    seat = s.current
    circled = s.players[seat].circled
    erased: list[int] = []
    while circled and len(erased) < pnp_rules().rest_labour_circles:
        low = circled & -circled
        erased.append(low.bit_length() - 1)
        circled ^= low
    if erased:
        p = s.mutable_player(seat)
        p.circled = circled
        events.append(Event("labour_circles_erased", seat, {"labours": erased}))
    events.append(
        Event(
            "rested",
            seat,
            # "cubes" and "god" as in the other modes, so that readers of any mode keep working.
            {"cubes": 0, "god": False, "circles": s.rest_cubes, "labours": len(erased)},
        )
    )
    end_turn(s, events)

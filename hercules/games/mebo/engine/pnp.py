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
  not crossed yet, each labour once.
- **The Apprentice's move is the player's choice.** "Dopo aver completato una Fatica [...]
  *puoi* muovere il tuo Apprendista verso destra finché non viene fermato da una fatica da
  compiere" and "Gli Apprendisti non possono oltrepassare una Fatica ancora da completare":
  after a labour the Apprentice may move right any number of spaces, from none up to the
  column before the first labour not yet crossed (the full move). It moves only after a labour.
  A jump scores its spaces "IN UN UNICO MOVIMENTO", so a player may stop short to keep the
  spaces for a longer, higher-scoring jump later. The stop is part of the labour action:
  ``target`` is the column the Apprentice stops on, -1 (the form every labour had before the
  choice existed, so older saves replay unchanged) the full move. The one exception is the
  labour that completes all twelve: the text makes reaching labour 12 and completing all
  twelve the same thing ("raggiunge la posizione della 12esima Fatica – ovvero quando un
  giocatore ha completato tutte le 12 fatiche"), and nothing could move the Apprentice
  afterwards, so that move is always the full one.
- **Earning a power.** After a labour the player crosses one box: the row of the operation
  (Hestia +, Hecate -, Pan x, Aeolus /), or Tyche when a die used shows 1-3, or Morpheus when
  a die used shows 4-6 (the final faces of the two dice combined; there are no top cards, so any
  used die in the range qualifies). A full row cannot be crossed. Several qualifying rows: the
  player chooses (``choose_demigod`` with the row's deck id); one: it is crossed; none: nothing.
- **Using a power** needs a crossed, uncircled box in its row AND a completed, uncircled
  labour: both are circled. Labours all score alike (1 VP when uncircled) and are alike as a
  resource, so the engine circles the lowest completed uncircled labour rather than asking.
  The text sets no per-turn limit ("anche più di un potere per turno"): every crossed,
  uncircled box may be used, so a row can be used as often in a turn as it has free boxes
  (and completed labours remain to circle). Pan is no exception: using it again rolls the
  third die again (the sheet holds one third die). The other powers work exactly like the
  matching cards.
- **The end of the turn after powers.** "Importante: Se, anche DOPO aver usato i poteri dei
  Semidei, non riesci a raggiungere il risultato che ti permette di completare una Fatica, il
  tuo turno termina." Using a power is part of completing a labour, so afterwards the player
  may not rest, and the turn ends without a labour (``end_turn``) only when no labour is
  within reach: a labour that can be reached must be performed (or more powers used).
- **Resting** erases up to three power circles (the player picks the rows, one ``erase`` at a
  time, as the standard rest returns cubes one by one) and up to three labour circles. Erasing
  a labour circle is never worse (it is 1 VP and a labour to circle again), so the rest erases
  as many as it may automatically (the lowest first) when it ends.
- **Jumps.** An advance of 3+ spaces in one move scores from the jump table (advance = new
  column - old column, as ruling 1 of the standard game).
- **End.** The first Apprentice on labour 12 ends the game after the round (everyone has the
  same number of turns); every Apprentice on 12 at the end scores 5 VP.
- **Ties.** "Il giocatore con più PV vince il gioco" names no tie-break, so players tied on
  points share the win (``variants/pnp.py``).
"""

from __future__ import annotations

from . import rng as _rng
from .abilities import ABILITIES, Option
from .actions import (
    CHOOSE_DEMIGOD,
    END_REST,
    END_TURN,
    ERASE,
    LABOUR,
    POWER,
    REST,
    Action,
    Event,
    new_event,
)
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


def full_stop(p: PlayerState, labour: int) -> int:
    """Where the Apprentice of ``p`` stops at most once ``labour`` is crossed (the full move)."""
    return first_stop(p.row & ~(1 << labour))


def stops(p: PlayerState, labour: int) -> range:
    """Every column the Apprentice of ``p`` may stop on after performing ``labour``.

    From where it stands (no move) up to the full move; only the full move (to 12) once the
    labour completes all twelve (see the module's notes).
    """
    full = full_stop(p, labour)
    return range(full, full + 1) if full == 12 else range(p.pos, full + 1)


def _white_again(s: GameState, seat: int, dice: tuple[int, ...]) -> list[Option]:
    # Pan on the sheet: no once-per-turn limit; a second use rolls the third die again.
    return [((), -1)]


def sheet_actions(s: GameState) -> list[Action]:
    """The legal actions of the ``action`` and ``rest`` prompts (unsorted).

    Each labour is offered once per column the Apprentice may stop on: the full move as
    ``target`` -1, each shorter stop with its column in ``target``.
    """
    seat = s.current
    p = s.players[seat]
    if s.prompt == P_REST:
        out = [Action(END_REST)]
        if s.rest_cubes < pnp_rules().rest_power_circles:
            out.extend(Action(ERASE, deck=ROWS[k]) for k in range(len(ROWS)) if p.circles[k])
        return out
    dice = s.dice_of(seat)
    out = []
    for a in labour_actions(dice, p.row):
        out.append(a)
        i, j = a.dice
        labour = labour_result(a.op, dice[i], dice[j])
        out.extend(a._replace(target=c) for c in stops(p, labour)[:-1])
    reachable = bool(out)
    if free_labours(p):
        for k, deck in enumerate(ROWS):
            if p.crosses[k] > p.circles[k]:
                options = _white_again if ROW_ABILITY[k] == "white_die" else _ROW_POWER[k].options
                out.extend(
                    Action(POWER, deck=deck, dice=d, target=q) for d, q in options(s, seat, dice)
                )
    if not s.powers_used:
        out.append(Action(REST))
    elif not reachable:  # "Importante": the turn ends only when no labour can be reached
        out.append(Action(END_TURN))
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
            new_event(
                ("power_circle_erased", s.current, {"deck": act.deck, "circles": p.circles[k]})
            )
        )
    else:  # END_REST
        _end_rest(s, events)


def _bump(marks: tuple[int, ...], k: int, by: int) -> tuple[int, ...]:
    return marks[:k] + (marks[k] + by,) + marks[k + 1 :]


def _cross(p: PlayerState, seat: int, k: int, events: list[Event]) -> None:
    p.crosses = _bump(p.crosses, k, 1)
    events.append(new_event(("power_crossed", seat, {"deck": ROWS[k], "crosses": p.crosses[k]})))


def _labour(s: GameState, act: Action, events: list[Event]) -> None:
    seat = s.current
    dice = s.dice_of(seat)
    i, j = act.dice
    a, b = dice[i], dice[j]
    result = labour_result(act.op, a, b)
    p = s.mutable_player(seat)
    p.row &= ~(1 << result)
    events.append(
        new_event(
            (
                "labour_performed",
                seat,
                {"op": act.op, "dice": [i, j], "faces": [a, b], "labour": result},
            )
        )
    )
    events.append(new_event(("labour_crossed", seat, {"labour": result})))
    old = p.pos
    full = first_stop(p.row)  # the row is crossed already
    new = act.target if act.target >= 0 else full
    if new < full:  # "puoi muovere": held back, keeping spaces for a longer jump
        events.append(new_event(("apprentice_held", seat, {"at": new, "full": full})))
    if new != old:
        p.pos = new
        events.append(new_event(("apprentice_moved", seat, {"from": old, "to": new})))
        spaces = new - old
        if spaces >= pnp_rules().jump_vp[0][0]:
            p.jumps = p.jumps + (spaces,)
            events.append(
                new_event(("jump", seat, {"spaces": spaces, "vp": pnp_rules().jump_points(spaces)}))
            )
        if new == 12:
            events.append(new_event(("reached_12", seat, {"vp": pnp_rules().reach_12_vp})))
            if "column_12" not in s.ended_by:
                s.ended_by = s.ended_by + ("column_12",)
                events.append(new_event(("game_end_triggered", seat, {"reason": "column_12"})))
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
        new_event(
            (
                "power_used",
                seat,
                {"deck": act.deck, "ability": ROW_ABILITY[k], "labour": labour},
            )
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
        events.append(new_event(("labour_circles_erased", seat, {"labours": erased})))
    events.append(
        new_event(
            (
                "rested",
                seat,
                # "cubes" and "god" as in the other modes, so that readers of any mode keep working.
                {"cubes": 0, "god": False, "circles": s.rest_cubes, "labours": len(erased)},
            )
        )
    )
    end_turn(s, events)

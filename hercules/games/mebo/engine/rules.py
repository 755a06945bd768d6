"""The rules of Hercules: setup, legal actions, and applying an action.

``legal_actions(state)`` is the single authority on what may be done;
``apply(state, action)`` refuses anything else with a typed reason and returns
a *new* state plus the events that happened. The input state is never changed.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import rng as _rng
from .actions import (
    CHOOSE_DEMIGOD,
    END_REST,
    END_TURN,
    HADES,
    LABOUR,
    REST,
    RETURN_CUBE,
    ROLL,
    TURN_UP,
    USE,
    WHITE,
    Action,
    Event,
    check_action,
)
from .cards import card_set, removed_torches
from .errors import IllegalActionError, Reason
from .state import (
    CHANCE,
    P_ACTION,
    P_CHOOSE_DEMIGOD,
    P_GAME_OVER,
    P_HADES,
    P_REST,
    P_ROLL,
    GameConfig,
    GameState,
    PlayerState,
)

_CARDS = card_set()
_CARD = _CARDS.cards
_DECKS = _CARDS.decks
_DECK_INDEX = {d.id: i for i, d in enumerate(_DECKS)}
_OP_DECK = {d.op: i for i, d in enumerate(_DECKS) if d.op}
_DIE_DECKS = tuple(i for i, d in enumerate(_DECKS) if not d.op)
_MAX_VASE = max(_CARDS.vase_spaces)

# All non-empty subsets of die indices, for re-rolls: two dice, or three with the white die.
_SUBSETS = {
    2: ((0,), (0, 1), (1,)),
    3: ((0,), (0, 1), (0, 1, 2), (0, 2), (1,), (1, 2), (2,)),
}
_PAIRS = {2: ((0, 1),), 3: ((0, 1), (0, 2), (1, 2))}


# --- setup -----------------------------------------------------------------------------------


def new_game(config: GameConfig, seed: int) -> GameState:
    """Set up a game as the rulebook's setup describes, shuffled by ``seed``.

    Seat 0 takes Pegasus and begins (in solo, the hero; seat 1 is Hades). The
    returned state waits for the phase-1 roll.
    """
    if not isinstance(config, GameConfig):
        raise TypeError("config must be a GameConfig")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed must be an int")
    if config.pnp:
        return _pnp.new_pnp_game(config, seed)
    removed = removed_torches(config.players)
    r = _rng.seed_state(seed)
    s = GameState.__new__(GameState)
    s._legal = None
    s.config = config
    s.seed = seed
    box: list[str] = []
    stacks = []
    for deck in _DECKS:
        cards = []
        for c in _CARDS.demigods:
            if c.deck != deck.id:
                continue
            (box if c.torches in removed else cards).append(c.id)
        r, cards = _rng.shuffled(r, cards)
        stacks.append(tuple(cards))
    s.demigod_stacks = tuple(stacks)
    r, gods = _rng.shuffled(r, [g.id for g in _CARDS.gods])
    s.columns = ("", *gods, "")
    pantheon = []
    for p in _CARDS.pantheon:
        (box if p.torches in removed else pantheon).append(p.id)
    # Zeus lies on top of the Pantheon stack; the stack is stored bottom first.
    s.top = (*pantheon, _CARDS.zeus.id)
    vstacks = []
    for spaces in _CARDS.vase_spaces:
        vs = [v for v in _CARDS.vases if v.spaces == spaces]
        keep = [v for v in vs if v.torches not in removed]
        box.extend(v.id for v in vs if v.torches in removed)
        keep.sort(key=lambda v: v.vp)  # most VP on top = last
        vstacks.append(tuple(v.id for v in keep))
    s.vase_stacks = tuple(vstacks)
    if not config.solo:
        box.append(_CARDS.hades.id)
    s.box = tuple(box)
    r, white = _rng.roll_die(r)
    s.white = white
    s.rng = r
    players = []
    for seat in range(config.players):
        hades = config.solo and seat == 1
        player = PlayerState(hades=hades, dice=(1,) if hades else (1, 1))
        if hades:
            player.finals = (_CARDS.hades.id,)  # the Hades card marks the automaton's seat
        players.append(player)
    s.players = tuple(players)
    start_first_round(s)
    return s


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


# --- legal actions ---------------------------------------------------------------------------


def legal_actions(state: GameState) -> list[Action]:
    """Every action allowed now, sorted; empty only when the game is over."""
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    return list(legal)


def _legal(s: GameState) -> tuple[Action, ...]:
    prompt = s.prompt
    if s.config.pnp and prompt in (P_ACTION, P_REST):
        return tuple(sorted(_pnp.sheet_actions(s)))
    if prompt == P_ACTION:
        return tuple(sorted(_turn_actions(s)))
    if prompt == P_ROLL:
        return (Action(ROLL),)
    if prompt == P_HADES:
        return (Action(HADES),)
    if prompt == P_CHOOSE_DEMIGOD:
        return tuple(Action(CHOOSE_DEMIGOD, deck=d) for d in sorted(s.pending))
    if prompt == P_REST:
        p = s.players[s.current]
        out = [Action(END_REST)]
        if s.rest_cubes < 3:
            out.extend(Action(RETURN_CUBE, card=c) for c in p.cubed)
        if not s.rest_god and s.config.gods_active:
            out.extend(Action(TURN_UP, card=g) for g in p.gods_down)
        out.sort()
        return tuple(out)
    return ()


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


def _turn_actions(s: GameState) -> list[Action]:
    seat = s.current
    p = s.players[seat]
    dice = s.dice_of(seat)
    nd = len(dice)
    row = p.row
    out = []
    for i, j in _PAIRS[nd]:
        a, b = dice[i], dice[j]
        for op in ("add", "sub", "mul", "div"):
            r = labour_result(op, a, b)
            if r and row >> r & 1:
                out.append(Action(LABOUR, op=op, dice=(i, j)))
    used = s.used
    usable = [c for c in p.demigods if c not in p.cubed] if p.supply else []
    if s.config.gods_active:
        usable.extend(g for g in p.gods if g not in p.gods_down)
    for cid in usable:
        if cid in used:
            continue
        # As ability_options() says, inlined: this runs for every card on every move.
        ab = _CARD[cid].ability
        if ab == "plus_one":
            out.extend(Action(USE, card=cid, dice=(i,)) for i in range(nd) if dice[i] < 6)
        elif ab == "minus_one":
            out.extend(Action(USE, card=cid, dice=(i,)) for i in range(nd) if dice[i] > 1)
        elif ab == "flip":
            out.extend(Action(USE, card=cid, dice=(i,)) for i in range(nd))
        elif ab == "reroll":
            out.extend(Action(USE, card=cid, dice=sub) for sub in _SUBSETS[nd])
        elif ab == "white_die":
            if s.white_holder < 0:
                out.append(Action(USE, card=cid))
        elif ab == "copy":
            out.extend(Action(USE, card=cid, target=q) for q in range(s.n) if q != seat)
    if used:
        out.append(Action(END_TURN))
    else:
        out.append(Action(REST))
    return out


def ability_options(
    s: GameState, seat: int, ab: str, dice: tuple[int, ...]
) -> list[tuple[tuple[int, ...], int]]:
    """Every legal way to use ability ``ab`` now, as ``(dice, target)`` pairs.

    +1 / -1 on one die that stays within 1-6, flip on any one die, a re-roll of any
    non-empty set of dice, the white die while nobody holds it, a copy of any other seat.
    The print-and-play powers use it; ``_turn_actions`` inlines the same rules for cards
    (tests/engine/test_pnp_rules.py checks that both offer the same).
    """
    nd = len(dice)
    if ab == "plus_one":
        return [((i,), -1) for i in range(nd) if dice[i] < 6]
    if ab == "minus_one":
        return [((i,), -1) for i in range(nd) if dice[i] > 1]
    if ab == "flip":
        return [((i,), -1) for i in range(nd)]
    if ab == "reroll":
        return [(sub, -1) for sub in _SUBSETS[nd]]
    if ab == "white_die":
        return [((), -1)] if s.white_holder < 0 else []
    if ab == "copy":
        return [((), q) for q in range(s.n) if q != seat]
    return []


# --- applying --------------------------------------------------------------------------------


def validate(
    state: GameState, action: object, seat: int | None = None
) -> IllegalActionError | None:
    """Why ``action`` (by ``seat``, if given) would be refused in ``state``, or None if legal."""
    try:
        act = check_action(action)
    except ValueError as exc:
        return IllegalActionError(Reason.MALFORMED, str(exc))
    if act.card and act.card not in _CARD:
        return IllegalActionError(Reason.MALFORMED, f"unknown card id: {act.card!r}")
    if act.deck and act.deck not in _DECK_INDEX:
        return IllegalActionError(Reason.MALFORMED, f"unknown demigod deck: {act.deck!r}")
    if act.op and act.op not in _OP_DECK:
        return IllegalActionError(Reason.MALFORMED, f"unknown operation: {act.op!r}")
    if state.prompt == P_GAME_OVER:
        return IllegalActionError(Reason.GAME_OVER, "the game is over")
    if seat is not None and seat != state.current:
        return IllegalActionError(
            Reason.NOT_YOUR_TURN, f"seat {seat} cannot act now: the game waits for {state.current}"
        )
    legal = state._legal
    if legal is None:
        legal = state._legal = _legal(state)
    if act in legal:
        return None
    want = {a.kind for a in legal}
    if act.kind not in want:
        return IllegalActionError(
            Reason.WRONG_DECISION,
            f"the game waits for {state.prompt} (one of: {', '.join(sorted(want))}), "
            f"not {act.kind}",
        )
    return IllegalActionError(Reason.ILLEGAL, f"{act.kind} is not legal now: {act.to_json()}")


def apply(
    state: GameState, action: Action, seat: int | None = None
) -> tuple[GameState, list[Event]]:
    """Apply one legal action; return the new state and what happened.

    ``seat``, when given, is who is acting: an action from anyone but the seat
    the state waits for is refused with ``Reason.NOT_YOUR_TURN``. Illegal or
    malformed actions raise :class:`IllegalActionError`; ``state`` is unchanged.
    """
    err = validate(state, action, seat)
    if err is not None:
        raise err
    act = check_action(action)
    s = state.copy()
    events: list[Event] = []
    kind = act.kind
    if s.config.pnp and kind in _pnp.SHEET_KINDS:
        _pnp.apply_sheet(s, act, events)
    elif kind == ROLL:
        _roll(s, events)
    elif kind == LABOUR:
        _labour(s, act, events)
    elif kind == USE:
        _use(s, act, events)
    elif kind == CHOOSE_DEMIGOD:
        give_demigod(s, s.current, _DECK_INDEX[act.deck], events)
        s.pending = ()
        _end_turn(s, events)
    elif kind == REST:
        s.prompt = P_REST
        s.rest_cubes = 0
        s.rest_god = False
        events.append(Event("rest_started", s.current, {}))
    elif kind == RETURN_CUBE:
        p = s.mutable_player(s.current)
        p.cubed = p.cubed - {act.card}
        p.supply += 1
        s.rest_cubes += 1
        events.append(Event("cube_returned", s.current, {"card": act.card, "supply": p.supply}))
    elif kind == TURN_UP:
        p = s.mutable_player(s.current)
        p.gods_down = p.gods_down - {act.card}
        s.rest_god = True
        events.append(Event("god_turned_up", s.current, {"card": act.card}))
    elif kind == END_REST:
        events.append(Event("rested", s.current, {"cubes": s.rest_cubes, "god": s.rest_god}))
        _end_turn(s, events)
    elif kind == END_TURN:
        events.append(Event("labour_given_up", s.current, {}))
        _end_turn(s, events)
    elif kind == HADES:
        from .hades import hades_turn

        hades_turn(s, events)
        _end_turn(s, events)
    return s, events


def _roll(s: GameState, events: list[Event]) -> None:
    r = s.rng
    players = []
    faces = []
    for p in s.players:
        q = p.copy()
        if p.hades:
            r, a = _rng.roll_die(r)
            q.dice = (a,)
        else:
            r, a = _rng.roll_die(r)
            r, b = _rng.roll_die(r)
            q.dice = (a, b)
        faces.append(list(q.dice))
        players.append(q)
    s.players = tuple(players)
    data: dict = {"dice": faces, "round": s.round}
    if s.config.solo:
        # Hades rolls the white die with everyone in phase 1 (ruling 12).
        r, s.white = _rng.roll_die(r)
        data["white"] = s.white
    s.rng = r
    events.append(Event("dice_rolled", CHANCE, data))
    _start_turn(s, s.pegasus)


def _start_turn(s: GameState, seat: int) -> None:
    s.current = seat
    s.prompt = P_HADES if s.players[seat].hades else P_ACTION
    s.used = frozenset()
    s.white_holder = -1
    s.rest_cubes = 0
    s.rest_god = False
    s.pending = ()
    s.powers_used = ()


def end_turn(s: GameState, events: list[Event]) -> None:
    """End the current seat's turn on the draft state ``s`` (next seat, phase 3 or game over)."""
    _end_turn(s, events)


def _end_turn(s: GameState, events: list[Event]) -> None:
    seat = s.current
    data = {}
    if s.white_holder >= 0:
        data["white_returned"] = s.white
    s.white_holder = -1
    s.used = frozenset()
    s.pending = ()
    s.rest_cubes = 0
    s.rest_god = False
    s.powers_used = ()
    events.append(Event("turn_ended", seat, data))
    s.turn += 1
    if s.turn < s.n:
        _start_turn(s, (s.pegasus + s.turn) % s.n)
        return
    # Phase 3, or the end of the game once the last round is complete.
    if s.ended_by:
        s.prompt = P_GAME_OVER
        s.current = CHANCE
        events.append(Event("game_over", CHANCE, {"ended_by": list(s.ended_by), "round": s.round}))
        return
    old = s.pegasus
    s.pegasus = (old + 1) % s.n
    s.turn = 0
    s.round += 1
    s.prompt = P_ROLL
    s.current = CHANCE
    events.append(Event("pegasus_passed", s.pegasus, {"from": old, "to": s.pegasus}))


def _use(s: GameState, act: Action, events: list[Event]) -> None:
    seat = s.current
    p = s.mutable_player(seat)
    card = _CARD[act.card]
    if card.kind == "demigod":
        p.supply -= 1
        p.cubed = p.cubed | {card.id}
        cost = "cube"
    else:
        p.gods_down = p.gods_down | {card.id}
        cost = "turn_down"
    s.used = s.used | {card.id}
    events.append(
        Event("ability_used", seat, {"card": card.id, "ability": card.ability, "cost": cost})
    )
    apply_ability(s, seat, p, card.ability, act, events)


def apply_ability(
    s: GameState, seat: int, p: PlayerState, ab: str, act: Action, events: list[Event]
) -> None:
    """The effect of ability ``ab`` on ``seat``'s dice, with ``act``'s dice or target.

    ``p`` is the seat's player, already made mutable in ``s``. Shared by cards (``use``) and
    the print-and-play powers (``power``); the cost (a cube, a god turned down, or circles
    on the sheet) is the caller's.
    """
    if ab == "white_die":
        s.white_holder = seat
        s.rng, s.white = _rng.roll_die(s.rng)
        events.append(Event("white_die_taken", seat, {"face": s.white}))
        return
    if ab == "copy":
        src = s.dice_of(act.target)[:2]
        old = p.dice
        p.dice = tuple(src)
        events.append(
            Event(
                "dice_copied", seat, {"from_player": act.target, "old": list(old), "new": list(src)}
            )
        )
        return
    dice = list(s.dice_of(seat))
    old = list(dice)
    if ab == "reroll":
        r = s.rng
        for i in act.dice:
            r, dice[i] = _rng.roll_die(r)
        s.rng = r
    else:
        i = act.dice[0]
        if ab == "plus_one":
            dice[i] += 1
        elif ab == "minus_one":
            dice[i] -= 1
        else:  # flip
            dice[i] = 7 - dice[i]
    p.dice = tuple(dice[:2])
    if len(dice) > WHITE:
        s.white = dice[WHITE]
    events.append(
        Event(
            "dice_changed",
            seat,
            {"how": ab, "dice": list(act.dice), "old": old, "new": dice},
        )
    )


def first_stop(row: int) -> int:
    """Where an Apprentice stands: the column before the first remaining cube (12 if none)."""
    if not row:
        return 12
    return (row & -row).bit_length() - 2


def _labour(s: GameState, act: Action, events: list[Event]) -> None:
    seat = s.current
    dice = s.dice_of(seat)
    i, j = act.dice
    a, b = dice[i], dice[j]
    result = labour_result(act.op, a, b)
    p = s.mutable_player(seat)
    p.row &= ~(1 << result)
    p.supply += 1
    events.append(
        Event(
            "labour_performed",
            seat,
            {"op": act.op, "dice": [i, j], "faces": [a, b], "labour": result},
        )
    )
    events.append(Event("cube_taken", seat, {"column": result, "supply": p.supply}))
    old = p.pos
    new = first_stop(p.row)
    if new != old:
        p.pos = new
        events.append(Event("apprentice_moved", seat, {"from": old, "to": new}))
        if new - old >= 3:
            give_vase(s, p, seat, new - old, events)
        _arrive(s, p, seat, new, events)
    # Demigod: the operation's deck, or a die deck whose top card shows a used face.
    stacks = s.demigod_stacks
    eligible = []
    k = _OP_DECK[act.op]
    if stacks[k]:
        eligible.append(k)
    for k in _DIE_DECKS:
        st = stacks[k]
        if st and _CARD[st[-1]].die in (a, b):
            eligible.append(k)
    if len(eligible) == 1:
        give_demigod(s, seat, eligible[0], events)
    elif eligible:
        s.prompt = P_CHOOSE_DEMIGOD
        s.pending = tuple(sorted(_DECKS[k].id for k in eligible))
        return
    _end_turn(s, events)


def _arrive(s: GameState, p: PlayerState, seat: int, col: int, events: list[Event]) -> None:
    """A hero's Apprentice stops on ``col``: take the god above it, or Zeus/Pantheon at 12."""
    if col == 12:
        if s.top:
            take_top(s, p, seat, events)
        if "column_12" not in s.ended_by:
            s.ended_by = s.ended_by + ("column_12",)
            events.append(Event("game_end_triggered", seat, {"reason": "column_12"}))
        return
    god = s.columns[col]
    if god:
        take_god(s, p, seat, col, events)


def take_god(s: GameState, p: PlayerState, seat: int, col: int, events: list[Event]) -> None:
    """Move the god above ``col`` into ``p``'s supply."""
    god = s.columns[col]
    cols = list(s.columns)
    cols[col] = ""
    s.columns = tuple(cols)
    p.gods = p.gods + (god,)
    events.append(Event("card_received", seat, {"card": god, "kind": "god", "column": col}))


def take_top(s: GameState, p: PlayerState, seat: int, events: list[Event]) -> None:
    """Take the top card above column 12 (Zeus while it lies there, then Pantheon cards)."""
    cid = s.top[-1]
    s.top = s.top[:-1]
    p.finals = p.finals + (cid,)
    events.append(
        Event("card_received", seat, {"card": cid, "kind": _CARD[cid].kind, "column": 12})
    )


def give_vase(s: GameState, p: PlayerState, seat: int, spaces: int, events: list[Event]) -> None:
    """The vase for ``spaces`` advanced, falling back to the next lower non-empty stack."""
    k = min(spaces, _MAX_VASE) - 3
    stacks = s.vase_stacks
    while k >= 0 and not stacks[k]:
        k -= 1
    if k < 0:
        return
    cid = stacks[k][-1]
    st = list(stacks)
    st[k] = stacks[k][:-1]
    s.vase_stacks = tuple(st)
    p.vases = p.vases + (cid,)
    events.append(Event("card_received", seat, {"card": cid, "kind": "vase", "spaces": spaces}))


def give_demigod(s: GameState, seat: int, k: int, events: list[Event]) -> None:
    """Move the top card of demigod stack ``k`` (0-5) into ``seat``'s supply."""
    st = list(s.demigod_stacks)
    cid = st[k][-1]
    st[k] = st[k][:-1]
    s.demigod_stacks = tuple(st)
    p = s.mutable_player(seat)
    p.demigods = p.demigods + (cid,)
    events.append(
        Event("card_received", seat, {"card": cid, "kind": "demigod", "deck": _DECKS[k].id})
    )


def replay(config: GameConfig, seed: int, actions: Iterable[Action]) -> GameState:
    """Set up with ``seed`` and apply ``actions`` in order (each must be legal)."""
    s = new_game(config, seed)
    for a in actions:
        s, _ = apply(s, a)
    return s


# The print-and-play variant lives in its own module, which uses the helpers above; imported
# last so that it finds them defined.
from . import pnp as _pnp  # noqa: E402

"""The rules of Hercules: setup, legal actions, and applying an action.

``legal_actions(state)`` is the single authority on what may be done;
``apply(state, action)`` refuses anything else with a typed reason and returns
a *new* state plus the events that happened. The input state is never changed.

Both ask the state's variant (``state.config.variant``, see :mod:`.variants`)
what is legal at a prompt and what an action kind does. This module also holds the card
game (cubes, Demigod, God, vase and Pantheon cards) that the standard, simplified and solo
variants play: its set-up, its prompts (``CARD_PROMPTS``) and its action kinds
(``CARD_HANDLERS``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hercules.games._kit import memo as _kit_memo

from . import rng as _rng
from .abilities import ABILITIES, Ability, ability_options, apply_ability
from .actions import (
    CHOOSE_DEMIGOD,
    END_REST,
    END_TURN,
    LABOUR,
    REST,
    RETURN_CUBE,
    ROLL,
    TURN_UP,
    USE,
    Action,
    Event,
    check_action,
    new_event,
)
from .board import (
    give_demigod,
    give_vase,
    setup_card_game,
    take_god,
    take_top,
)
from .cards import card_set
from .errors import IllegalActionError, Reason
from .state import (
    ALL_COLUMNS,
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
from .turn import (
    end_turn,
    first_stop,
    labour_actions,
    labour_result,
    start_first_round,
    start_turn,
)
from .variants.base import Handler, Offer

__all__ = [  # with the shared helpers other modules and tests have always taken from here
    "CARD_HANDLERS",
    "CARD_PROMPTS",
    "ability_options",
    "apply",
    "apply_ability",
    "end_turn",
    "first_stop",
    "give_demigod",
    "give_vase",
    "labour_result",
    "legal_actions",
    "new_game",
    "replay",
    "setup_card_game",
    "start_first_round",
    "take_god",
    "take_top",
    "validate",
]

_CARDS = card_set()
_CARD = _CARDS.cards
_DECKS = _CARDS.decks
_DECK_INDEX = {d.id: i for i, d in enumerate(_DECKS)}
_OP_DECK = {d.op: i for i, d in enumerate(_DECKS) if d.op}
_DIE_DECKS = tuple(i for i, d in enumerate(_DECKS) if not d.op)
#: Each card's ability entry (cards whose ability is not used in a turn are left out).
_ABILITY_OF: dict[str, Ability] = {
    cid: ABILITIES[c.ability] for cid, c in _CARD.items() if c.ability in ABILITIES
}
#: The cards whose ability is used in a turn (offered as ``use`` actions).
_ACTIVE: frozenset[str] = frozenset(_ABILITY_OF)


# --- setup -----------------------------------------------------------------------------------


def new_game(config: GameConfig, seed: int) -> GameState:
    """Set up a game of ``config``'s variant, shuffled by ``seed``.

    Seat 0 takes Pegasus and begins (in solo, the hero; seat 1 is Hades). The
    returned state waits for the phase-1 roll.
    """
    if not isinstance(config, GameConfig):
        raise TypeError("config must be a GameConfig")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed must be an int")
    return config.variant.new_game(config, seed)


# --- legal actions ---------------------------------------------------------------------------


def legal_actions(state: GameState) -> list[Action]:
    """Every action allowed now, sorted; empty only when the game is over."""
    legal = state._legal
    if legal is None:
        # The variant's table of offers read here, not through its ``legal`` method: this
        # runs on every move, and the extra call was about 0.8 % of a random game's work.
        offer = state.config.variant.prompts.get(state.prompt)
        legal = state._legal = offer(state) if offer is not None else ()
    return list(legal)


def roll_actions(s: GameState) -> tuple[Action, ...]:
    """Phase 1: everyone rolls."""
    return _ROLL_OFFER


def choose_demigod_actions(s: GameState) -> tuple[Action, ...]:
    """After a labour that earns several decks: one per deck."""
    offer = _DECK_OFFERS.get(s.pending)
    if offer is None:  # one entry per set of decks earned at once: a few dozen at most
        offer = _DECK_OFFERS[s.pending] = tuple(
            Action(CHOOSE_DEMIGOD, deck=d) for d in sorted(s.pending)
        )
    return offer


def rest_actions(s: GameState) -> tuple[Action, ...]:
    """While resting: return a cube, turn a god up (if gods count), or finish.

    Already in sorted order (end_rest < return_cube < turn_up, then by card), of actions made
    once per card.
    """
    p = s.players[s.current]
    out = [_END_REST]
    if s.rest_cubes < 3 and p.cubed:
        back = _RETURN_CUBE
        out.extend([back[c] for c in sorted(p.cubed)])
    if p.gods_down and not s.rest_god and s.config.variant.gods_count:
        up = _TURN_UP
        out.extend([up[g] for g in sorted(p.gods_down)])
    return tuple(out)


_ROLL_OFFER = (Action(ROLL),)
_END_REST = Action(END_REST)
_RETURN_CUBE = {cid: Action(RETURN_CUBE, card=cid) for cid in _CARD}
_TURN_UP = {cid: Action(TURN_UP, card=cid) for cid in _CARD}
_DECK_OFFERS: dict[tuple[str, ...], tuple[Action, ...]] = {}


def action_actions(s: GameState) -> tuple[Action, ...]:
    """The card game's turn: labours, card abilities, rest or end turn, built in sorted order.

    Sorted order by kind is end_turn < labour < rest < use, and the uses by card id: so the
    pieces (each sorted, each kept from state to state in a memo) are laid end to end
    instead of the whole list being built anew and sorted on every state.
    """
    seat = s.current
    p = s.players[seat]
    # GameState.dice_of written out (this runs at every state of a turn).
    if p.hades:
        dice: tuple[int, ...] = (p.dice[0], s.white)
    elif s.white_holder == seat:
        dice = (*p.dice, s.white)
    else:
        dice = p.dice
    used = s.used
    row = p.row
    labours = _LABOURS.get(dice)
    if labours is None:
        labours = _LABOURS[dice] = _labour_offers(dice)
    out = [END_TURN_ACTION] if used else []
    out.extend([a for r, a in labours if row >> r & 1])
    if not used:
        out.append(REST_ACTION)
    cubed = p.cubed
    active = _ACTIVE  # cards with an ability used in a turn: only they are offered
    usable = (
        [c for c in p.demigods if c in active and c not in cubed and c not in used]
        if p.supply
        else []
    )
    if p.gods and s.config.variant.gods_count:
        down = p.gods_down
        usable.extend([g for g in p.gods if g in active and g not in down and g not in used])
    if usable:
        if len(usable) > 1:
            usable.sort()
        # What each kind of ability's uses depend on (see _USE_KEY).
        rest = (dice, len(dice), s.white_holder < 0, (len(s.players), seat))
        memo = _USES
        which = _USE_KEY
        for cid in usable:
            key = (cid, rest[which[cid]])
            offers = memo.get(key)
            if offers is None:
                if len(memo) >= _MEMO_LIMIT:  # a bound on memory: start again
                    memo.clear()
                offers = memo[key] = _use_offers(s, seat, dice, cid)
            out.extend(offers)
    return tuple(out)


#: The two actions without fields, made once.
END_TURN_ACTION = Action(END_TURN)
REST_ACTION = Action(REST)
#: Memo of the labours a roll can make: dice -> sorted ((labour, action), ...), every labour
#: (the seat's row picks those still open). At most 6^2 + 6^3 entries.
_LABOURS: dict[tuple[int, ...], tuple[tuple[int, Action], ...]] = {}
#: Memo of a card's uses: (card, what its ability's uses depend on) -> sorted actions.
_USES: dict[tuple[str, Any], tuple[Action, ...]] = {}
#: What a card's uses depend on, as an index into ``(dice, number of dice, white die free,
#: (seats, seat))``: the faces for +1, -1 and flip, how many dice for a re-roll, whether
#: the white die is free for it, who else sits at the table for a copy. So the memo holds a
#: few thousand entries at most.
_USE_KEY: dict[str, int] = {
    cid: {"reroll": 1, "white_die": 2, "copy": 3}.get(a.name, 0) for cid, a in _ABILITY_OF.items()
}
_MEMO_LIMIT = 20_000
# A table memo (hercules.games._kit.memo): random play reaches thousands of (card, roll)
# keys over hours, so a closing table lets them go rather than the session keeping them.
_kit_memo.forget_with(__name__, _USES.clear, _USES.__len__)


def _labour_offers(dice: tuple[int, ...]) -> tuple[tuple[int, Action], ...]:
    """Every labour ``dice`` make, with its number, sorted by action (as legal lists are)."""
    offers = [
        (labour_result(a.op, dice[a.dice[0]], dice[a.dice[1]]), a)
        for a in labour_actions(dice, ALL_COLUMNS)
    ]
    return tuple(sorted(offers, key=lambda o: o[1]))


def _use_offers(s: GameState, seat: int, dice: tuple[int, ...], cid: str) -> tuple[Action, ...]:
    """Every use of card ``cid`` now, sorted (``()`` for a card without a turn's ability).

    Depends on the state only through what the memo's key holds: the card, the dice,
    whether the white die is free, the seat count and the seat (see :mod:`.abilities`).
    """
    ability = _ABILITY_OF.get(cid)
    if ability is None:
        return ()
    return tuple(sorted(Action(USE, cid, "", d, q) for d, q in ability.options(s, seat, dice)))


# --- applying --------------------------------------------------------------------------------


def validate(
    state: GameState, action: object, seat: int | None = None
) -> IllegalActionError | None:
    """Why ``action`` (by ``seat``, if given) would be refused in ``state``, or None if legal.

    Any value at all is answered, never by a crash: an ``action`` that is not a well-formed
    :class:`Action` (or its JSON document) and a ``seat`` that is not a whole number are
    refused as ``Reason.MALFORMED``. What this accepts, :func:`apply` applies.
    """
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        # True == 1 and 1.0 == 1 in Python: neither names a seat
        return IllegalActionError(Reason.MALFORMED, f"not a seat: {seat!r}"[:200])
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
    # The seat that acts: the roll and Hades' turn are automatic (the adapter's actor -1).
    acting = CHANCE if state.prompt == P_HADES else state.current
    if seat is not None and seat != acting:
        return IllegalActionError(
            Reason.NOT_YOUR_TURN, f"seat {seat} cannot act now: the game waits for {acting}"
        )
    legal = state._legal
    if legal is None:
        legal = state._legal = state.config.variant.legal(state)
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
    legal = state._legal
    try:
        # The very object the legal list holds (as a caller that picks from it passes): it is
        # well-formed and legal, so the checks below would pass; skipping them halves the cost
        # of a move. An action that only compares equal to a legal one is checked in full.
        # (``index`` inline, not in a helper: this runs on every move.)
        held = (
            legal is not None
            and type(action) is Action
            and legal[legal.index(action)] is action
            and (
                seat is None
                or (type(seat) is int and seat == state.current and state.prompt != P_HADES)
            )
        )
    except ValueError:  # not in the legal list at all
        held = False
    if held:
        act = action
    else:
        err = validate(state, action, seat)
        if err is not None:
            raise err
        act = check_action(action)
    s = state.copy()
    events: list[Event] = []
    s.config.variant.handlers[act.kind](s, act, events)  # its apply_action, without the call
    return s, events


# --- the card game's action kinds (standard, simplified, solo) ---------------------------------


def choose_demigod(s: GameState, act: Action, events: list[Event]) -> None:
    """Take the top card of the chosen deck; the turn ends."""
    give_demigod(s, s.current, _DECK_INDEX[act.deck], events)
    s.pending = ()
    end_turn(s, events)


def rest(s: GameState, act: Action, events: list[Event]) -> None:
    """Begin resting."""
    s.prompt = P_REST
    s.rest_cubes = 0
    s.rest_god = False
    events.append(new_event(("rest_started", s.current, {})))


def return_cube(s: GameState, act: Action, events: list[Event]) -> None:
    """While resting: take the cube off a demigod card back into supply."""
    p = s.mutable_player(s.current)
    p.cubed = p.cubed - {act.card}
    p.supply += 1
    s.rest_cubes += 1
    events.append(new_event(("cube_returned", s.current, {"card": act.card, "supply": p.supply})))


def turn_up(s: GameState, act: Action, events: list[Event]) -> None:
    """While resting: turn a god face up."""
    p = s.mutable_player(s.current)
    p.gods_down = p.gods_down - {act.card}
    s.rest_god = True
    events.append(new_event(("god_turned_up", s.current, {"card": act.card})))


def end_rest(s: GameState, act: Action, events: list[Event]) -> None:
    """Finish resting; the turn ends."""
    events.append(new_event(("rested", s.current, {"cubes": s.rest_cubes, "god": s.rest_god})))
    end_turn(s, events)


def give_up(s: GameState, act: Action, events: list[Event]) -> None:
    """``end_turn`` after abilities: the labour is given up."""
    events.append(new_event(("labour_given_up", s.current, {})))
    end_turn(s, events)


def roll(s: GameState, act: Action, events: list[Event]) -> None:
    """Phase 1: everyone rolls (and the white die too where the variant says so)."""
    r = s.rng
    players = []
    faces = []
    # _rng.roll_die written out (the generator's step, the same faces): every seat's dice,
    # every round.
    mask, golden, m1, m2 = _rng.MASK64, _rng.GOLDEN, _rng.MIX1, _rng.MIX2
    for p in s.players:
        q = p.copy()
        r = (r + golden) & mask
        z = ((r ^ (r >> 30)) * m1) & mask
        z = ((z ^ (z >> 27)) * m2) & mask
        a = (z ^ (z >> 31)) % 6 + 1
        if p.hades:
            q.dice = (a,)
            faces.append([a])
        else:
            r = (r + golden) & mask
            z = ((r ^ (r >> 30)) * m1) & mask
            z = ((z ^ (z >> 27)) * m2) & mask
            b = (z ^ (z >> 31)) % 6 + 1
            q.dice = (a, b)
            faces.append([a, b])
        players.append(q)
    s.players = tuple(players)
    data: dict[str, Any] = {"dice": faces, "round": s.round}
    if s.config.variant.white_in_roll:
        # Solo: Hades rolls the white die with everyone in phase 1 (ruling 12).
        r, s.white = _rng.roll_die(r)
        data["white"] = s.white
    s.rng = r
    events.append(new_event(("dice_rolled", CHANCE, data)))
    start_turn(s, s.pegasus)


def use(s: GameState, act: Action, events: list[Event]) -> None:
    """Use a card's ability: a cube on a demigod, or a god turned face down."""
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
        new_event(("ability_used", seat, {"card": card.id, "ability": card.ability, "cost": cost}))
    )
    # apply_ability's lookup written out: only cards with a turn ability are offered a use.
    _ABILITY_OF[card.id].apply(s, seat, p, act, events)


def labour(s: GameState, act: Action, events: list[Event]) -> None:
    """Perform a labour: take the cube, move, take what lies there, earn a demigod."""
    seat = s.current
    dice = s.dice_of(seat)
    i, j = act.dice
    a, b = dice[i], dice[j]
    result = labour_result(act.op, a, b)
    p = s.mutable_player(seat)
    p.row &= ~(1 << result)
    p.supply += 1
    events.append(
        new_event(
            (
                "labour_performed",
                seat,
                {"op": act.op, "dice": [i, j], "faces": [a, b], "labour": result},
            )
        )
    )
    events.append(new_event(("cube_taken", seat, {"column": result, "supply": p.supply})))
    old = p.pos
    new = first_stop(p.row)
    if new != old:
        p.pos = new
        events.append(new_event(("apprentice_moved", seat, {"from": old, "to": new})))
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
        give_demigod(s, seat, eligible[0], events, p)
    elif eligible:
        s.prompt = P_CHOOSE_DEMIGOD
        s.pending = tuple(sorted(_DECKS[k].id for k in eligible))
        return
    end_turn(s, events)


def _arrive(s: GameState, p: PlayerState, seat: int, col: int, events: list[Event]) -> None:
    """A hero's Apprentice stops on ``col``: take the god above it, or Zeus/Pantheon at 12."""
    if col == 12:
        if s.top:
            take_top(s, p, seat, events)
        if "column_12" not in s.ended_by:
            s.ended_by = s.ended_by + ("column_12",)
            events.append(new_event(("game_end_triggered", seat, {"reason": "column_12"})))
        return
    god = s.columns[col]
    if god:
        take_god(s, p, seat, col, events)


#: The card game's legal actions per prompt (the variants' ``prompts``).
CARD_PROMPTS: dict[str, Offer] = {
    P_ROLL: roll_actions,
    P_ACTION: action_actions,
    P_CHOOSE_DEMIGOD: choose_demigod_actions,
    P_REST: rest_actions,
}
#: The card game's effect of each action kind (the variants' ``handlers``).
CARD_HANDLERS: dict[str, Handler] = {
    ROLL: roll,
    LABOUR: labour,
    USE: use,
    CHOOSE_DEMIGOD: choose_demigod,
    REST: rest,
    RETURN_CUBE: return_cube,
    TURN_UP: turn_up,
    END_REST: end_rest,
    END_TURN: give_up,
}


def replay(config: GameConfig, seed: int, actions: Iterable[Action]) -> GameState:
    """Set up with ``seed`` and apply ``actions`` in order (each must be legal)."""
    s = new_game(config, seed)
    for a in actions:
        s, _ = apply(s, a)
    return s

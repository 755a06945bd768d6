"""The card game's board: its set-up, and cards moving from the board into a seat's supply.

Used by the card-game rules (``rules.py``) and by Hades (``hades.py``); imports neither.
"""

from __future__ import annotations

from functools import lru_cache

from . import rng as _rng
from .actions import Event, new_event
from .cards import card_set, removed_torches
from .state import GameConfig, GameState, PlayerState
from .turn import start_first_round

_CARDS = card_set()
_CARD = _CARDS.cards
_DECKS = _CARDS.decks
_MAX_VASE = max(_CARDS.vase_spaces)


@lru_cache(maxsize=8)  # one entry per seat count (the torch rule's only input)
def _unshuffled(
    players: int,
) -> tuple[
    tuple[tuple[str, ...], ...], tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...]
]:
    """What the set-up lays out for ``players`` seats before anything is shuffled.

    The demigod decks (in deck order, cards in data order), the Pantheon stack (bottom
    first, Zeus on top), the vase stacks (most VP last) and the cards the torch rule puts
    in the box, in the order the rulebook's set-up removes them. Kept per seat count: it
    depends on nothing else, and building it was half of every new game's work.
    """
    removed = removed_torches(players)
    box: list[str] = []
    decks = []
    for deck in _DECKS:
        cards: list[str] = []
        for c in _CARDS.demigods:
            if c.deck != deck.id:
                continue
            (box if c.torches in removed else cards).append(c.id)
        decks.append(tuple(cards))
    pantheon: list[str] = []
    for p in _CARDS.pantheon:
        (box if p.torches in removed else pantheon).append(p.id)
    # Zeus lies on top of the Pantheon stack; the stack is stored bottom first.
    top = (*pantheon, _CARDS.zeus.id)
    vstacks = []
    for spaces in _CARDS.vase_spaces:
        vs = [v for v in _CARDS.vases if v.spaces == spaces]
        keep = [v for v in vs if v.torches not in removed]
        box.extend(v.id for v in vs if v.torches in removed)
        keep.sort(key=lambda v: v.vp)  # most VP on top = last
        vstacks.append(tuple(v.id for v in keep))
    return tuple(decks), top, tuple(box), tuple(vstacks)


_GOD_IDS = [g.id for g in _CARDS.gods]


def setup_card_game(config: GameConfig, seed: int) -> GameState:
    """Set up the card game as the rulebook's setup describes, shuffled by ``seed``.

    The variant's ``hades_seat`` (if any) is the automaton and holds the Hades card.
    """
    decks, top, box, vstacks = _unshuffled(config.players)
    hades_seat = config.variant.hades_seat
    r = _rng.seed_state(seed)
    s = GameState.__new__(GameState)
    s._legal = None
    s.config = config
    s.seed = seed
    stacks = []
    for cards in decks:
        r, shuffled = _rng.shuffled(r, cards)
        stacks.append(tuple(shuffled))
    s.demigod_stacks = tuple(stacks)
    r, gods = _rng.shuffled(r, _GOD_IDS)
    s.columns = ("", *gods, "")
    s.top = top
    s.vase_stacks = vstacks
    s.box = (*box, _CARDS.hades.id) if hades_seat < 0 else box
    r, white = _rng.roll_die(r)
    s.white = white
    s.rng = r
    players = []
    for seat in range(config.players):
        hades = seat == hades_seat
        player = PlayerState(hades=hades, dice=(1,) if hades else (1, 1))
        if hades:
            player.finals = (_CARDS.hades.id,)  # the Hades card marks the automaton's seat
        players.append(player)
    s.players = tuple(players)
    start_first_round(s)
    return s


def take_god(s: GameState, p: PlayerState, seat: int, col: int, events: list[Event]) -> None:
    """Move the god above ``col`` into ``p``'s supply."""
    god = s.columns[col]
    cols = list(s.columns)
    cols[col] = ""
    s.columns = tuple(cols)
    p.gods = p.gods + (god,)
    events.append(new_event(("card_received", seat, {"card": god, "kind": "god", "column": col})))


def take_top(s: GameState, p: PlayerState, seat: int, events: list[Event]) -> None:
    """Take the top card above column 12 (Zeus while it lies there, then Pantheon cards)."""
    cid = s.top[-1]
    s.top = s.top[:-1]
    p.finals = p.finals + (cid,)
    events.append(
        new_event(("card_received", seat, {"card": cid, "kind": _CARD[cid].kind, "column": 12}))
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
    events.append(
        new_event(("card_received", seat, {"card": cid, "kind": "vase", "spaces": spaces}))
    )


def give_demigod(
    s: GameState, seat: int, k: int, events: list[Event], p: PlayerState | None = None
) -> None:
    """Move the top card of demigod stack ``k`` (0-5) into ``seat``'s supply.

    ``p``: the seat's player if the caller has already made it mutable in ``s`` (a labour
    has), so that it is not copied a second time.
    """
    st = list(s.demigod_stacks)
    cid = st[k][-1]
    st[k] = st[k][:-1]
    s.demigod_stacks = tuple(st)
    if p is None:
        p = s.mutable_player(seat)
    p.demigods = p.demigods + (cid,)
    events.append(
        new_event(("card_received", seat, {"card": cid, "kind": "demigod", "deck": _DECKS[k].id}))
    )

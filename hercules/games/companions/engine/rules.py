"""*The Labours of Hercules*: the rules, pure (a draft of issue 25's engine, not yet offered).

States are frozen values; :func:`apply` returns a new one and the events it caused. Every
decision is an :class:`Action` among :func:`legal_actions`; chance (the completion's draws,
the reshuffle, the tokens drawn between journeys) is one automatic step (actor
:data:`AUTOMATIC`) drawn from the state's own generator. Spaces are ``(row, index)``.

The turn (rulebook and ruling 3): an ability (optional, once per game, revealing the
character) → look at one face-down card of each row → swap their places or not (public) →
reveal the higher or not (forced when the lower shows ``alarm`` or either is #1; never #3
beside a face-up ``block`` card, which overrides) → its effects → one claim or silence →
the journey's end checks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, NamedTuple

from hercules.games._kit.errors import IllegalActionError, MalformedActionError
from hercules.games._kit.rng import below, seed_state, shuffled

from .data import load_data

AUTOMATIC = -1
SPECTATOR = -1
HIDDEN = "?"  #: a card, a token or a character a seat may not see

P_PEEK = "peek"  #: journey start: each player looks at one card no one else picked
P_CLAIM = "claim"  #: one claim ("space S holds #n") or silence
P_TURN = "turn"  #: an ability, or the two cards to look at
P_SWAP = "swap"
P_REVEAL = "reveal"
P_FLIP = "flip"  #: the revealer turns a face-up card face down
P_HPEEK = "hpeek"  #: Hercules looks at a card
P_VOTE = "vote"
P_ABILITY = "ability"  #: an ability's target (Theseus, Hera, Deianira)
P_JOURNEY_END = "journey_end"  #: the automatic step: completion, drain, preparation
P_OVER = "over"

HERO, HERA = "hero", "hera"


class Reason(Enum):
    """Why an action is refused (words for the table come later)."""

    NOT_LEGAL = "not_legal"


class Action(NamedTuple):
    """A decision: ``kind`` and the fields it uses (spaces as row and index)."""

    kind: str
    row: int = -1
    col: int = -1
    row2: int = -1
    col2: int = -1
    n: int = 0  #: a claimed number, or a vote (1 up, 0 down), or a swap/reveal (1 yes)
    seat: int = -1

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-ready document (its fields that differ from the defaults)."""
        return {
            k: v for k, v in self._asdict().items() if k == "kind" or v != Action._field_defaults[k]
        }


class Event(NamedTuple):
    """What happened (public facts only; a card is named only when it is face up or the
    event is the seat's own)."""

    kind: str
    seat: int = -1
    row: int = -1
    col: int = -1
    card: str = ""
    n: int = 0


@dataclass(frozen=True)
class Config:
    """A game's rules: how many players, and the variant."""

    players: int
    variant: str = "standard"  #: or "hardship" (the Oracle of Hardship)


@dataclass(frozen=True)
class State:
    """The whole game (hidden parts included)."""

    config: Config
    seed: int
    rng: int
    characters: tuple[int, ...]  #: per seat, its character's number
    revealed: tuple[bool, ...]  #: character cards face up
    used: tuple[bool, ...]  #: abilities used
    tokens: tuple[tuple[str, ...], ...]  #: per seat, its tokens ("N", "B") in draw order
    villain: tuple[bool, ...]
    turned: tuple[int, ...]  #: the journey a seat turned villain in (0: Hera; -1: never)
    bag: tuple[int, int]  #: (normal, betrayal) tokens in the bag
    discard: tuple[int, int]
    rows: tuple[tuple[str, ...], tuple[str, ...]]
    up: tuple[tuple[bool, ...], tuple[bool, ...]]
    front: tuple[str, ...]  #: the items and labours in front of Hercules
    journey: int
    prompt: str
    current: int  #: the seat to act (AUTOMATIC for the journey's end)
    turn_seat: int  #: whose turn it is (a vote's ballots are cast by everyone)
    looked: tuple[tuple[int, int], ...]  #: this turn's two spaces (row 0's first)
    known: tuple[frozenset[str], ...]  #: per seat, face-down cards it has seen this journey
    peeked: tuple[tuple[int, int], ...]  #: the journey-start peeks, in order (public spaces)
    ballots: tuple[int, ...]  #: -1 not cast, else 0 down / 1 up (hidden until all cast)
    vote_after: str  #: where play goes after the vote: "claim" or "turn" ("" no vote)
    stage: str  #: "start" (the journey-start peeks) or "turns"
    ending: bool  #: the journey ends at the end of this turn
    revealed_card: tuple[int, int]  #: the card the turn revealed (-1, -1: none)
    claims: tuple[tuple[int, int, int, int, int], ...]  #: (journey, seat, row, col, number)
    sights: tuple[frozenset[int], ...]  #: per seat, who opened their eyes with it
    outcome: str  #: "", HERO or HERA

    @property
    def n(self) -> int:
        """How many players."""
        return self.config.players

    @property
    def hercules(self) -> int:
        """Hercules' seat (his card is face up from the start)."""
        return self.characters.index(1)

    def order(self) -> list[int]:
        """The journey's turn order: from Hercules, clockwise on odd journeys (R)."""
        step = 1 if self.journey % 2 == 1 else -1
        return [(self.hercules + step * k) % self.n for k in range(self.n)]

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in this journey's direction."""
        step = 1 if self.journey % 2 == 1 else -1
        return (seat + step) % self.n

    def card_at(self, space: tuple[int, int]) -> str:
        """The card at a space."""
        return self.rows[space[0]][space[1]]

    def face_down(self) -> list[tuple[int, int]]:
        """The face-down spaces, row 0's first."""
        return [(r, i) for r in (0, 1) for i, u in enumerate(self.up[r]) if not u]

    def face_up(self) -> list[tuple[int, int]]:
        """The face-up spaces, row 0's first."""
        return [(r, i) for r in (0, 1) for i, u in enumerate(self.up[r]) if u]


def number(card: str) -> int:
    """A task card's number."""
    return load_data().cards[card].number


# --- setup ------------------------------------------------------------------------------------


def new_game(config: Config, seed: int) -> State:
    """Deal the characters, fill the bag, lay the setup cards in two rows (R)."""
    data = load_data()
    lo, hi = data.players
    if not lo <= config.players <= hi or config.variant not in ("standard", "hardship"):
        raise ValueError(f"{lo}-{hi} players, standard or hardship rules")
    n = config.players
    rng = seed_state(seed)
    rng, chars = shuffled(rng, list(range(1, n + 1)))
    normal, betrayal = data.tokens[n]
    if config.variant == "hardship":
        normal += data.hardship_extra
    cards = [data.card_numbered(k, config.variant).id for k in data.setup]
    rng, rows, up = _deal(rng, cards)
    herc = chars.index(1)
    hera = data.characters
    villain = tuple(hera[c].side == "villain" for c in chars)
    state = State(
        config=config,
        seed=seed,
        rng=rng,
        characters=tuple(chars),
        revealed=tuple(c == 1 for c in chars),
        used=(False,) * n,
        tokens=((),) * n,
        villain=villain,
        turned=tuple(0 if v else -1 for v in villain),
        bag=(normal, betrayal),
        discard=(0, 0),
        rows=rows,
        up=up,
        front=(),
        journey=1,
        prompt=P_PEEK,
        current=herc,
        turn_seat=herc,
        looked=(),
        known=(frozenset(),) * n,
        peeked=(),
        ballots=(-1,) * n,
        vote_after="",
        stage="start",
        ending=False,
        revealed_card=(-1, -1),
        claims=(),
        sights=(frozenset(),) * n,
        outcome="",
    )
    return state


def _deal(rng: int, cards: list[str]) -> tuple[int, Any, Any]:
    """Shuffle and lay the cards alternately in the rows, the first taking an odd one."""
    rng, cards = shuffled(rng, cards)
    rows = (tuple(cards[0::2]), tuple(cards[1::2]))
    return rng, rows, (tuple(False for _ in rows[0]), tuple(False for _ in rows[1]))


# --- who acts, what may be done ----------------------------------------------------------------


def actor(s: State) -> int:
    """The seat to act (AUTOMATIC for the journey's end; -1 when the game is over)."""
    return AUTOMATIC if s.prompt == P_JOURNEY_END else (-1 if s.prompt == P_OVER else s.current)


def is_terminal(s: State) -> bool:
    """True once a side has won."""
    return s.prompt == P_OVER


def _higher(s: State) -> tuple[tuple[int, int], tuple[int, int]]:
    """This turn's two spaces as (higher, lower)."""
    a, b = s.looked
    return (a, b) if number(s.card_at(a)) > number(s.card_at(b)) else (b, a)


def reveal_choice(s: State) -> tuple[bool, bool]:
    """(may reveal, must reveal) the higher card of the two looked at."""
    data = load_data()
    hi, lo = _higher(s)
    high, low = data.cards[s.card_at(hi)], data.cards[s.card_at(lo)]
    if high.number == 3 and _blocked(s, hi):
        return False, False  # the block overrides a forced reveal (R)
    must = "alarm" in low.reveal or low.number == 1 or high.number == 1
    return True, must


def _blocked(s: State, space: tuple[int, int]) -> bool:
    r, i = space
    for j in (i - 1, i + 1):
        if (
            0 <= j < len(s.rows[r])
            and s.up[r][j]
            and "block" in load_data().cards[s.rows[r][j]].reveal
        ):
            return True
    return False


def legal_actions(s: State) -> list[Action]:
    """Every legal action now, sorted."""
    return sorted(_legal(s))


def _legal(s: State) -> list[Action]:
    p = s.prompt
    if p in (P_OVER,):
        return []
    if p == P_JOURNEY_END:
        return [Action("next_journey")]
    if p == P_PEEK:
        taken = set(s.peeked)
        return [Action("peek", r, i) for r, i in s.face_down() if (r, i) not in taken]
    if p == P_CLAIM:
        spaces = [(r, i) for r in (0, 1) for i in range(len(s.rows[r]))]
        out = [Action("silent")]
        out += [Action("claim", r, i, n=k) for r, i in spaces for k in range(1, 21)]
        return out
    if p == P_TURN:
        out = _abilities(s)
        row0 = [(0, i) for i, u in enumerate(s.up[0]) if not u]
        row1 = [(1, i) for i, u in enumerate(s.up[1]) if not u]
        out += [Action("look", a[0], a[1], b[0], b[1]) for a in row0 for b in row1]
        return out
    if p == P_SWAP:
        return [Action("swap", n=0), Action("swap", n=1)]
    if p == P_REVEAL:
        may, must = reveal_choice(s)
        return (
            [Action("reveal", n=1)]
            if must and may
            else (
                [Action("reveal", n=0), Action("reveal", n=1)] if may else [Action("reveal", n=0)]
            )
        )
    if p == P_FLIP:
        return [Action("flip", r, i) for r, i in s.face_up() if (r, i) != s.revealed_card]
    if p == P_HPEEK:
        return [Action("hpeek", r, i) for r, i in s.face_down()]
    if p == P_VOTE:
        return [Action("vote", n=0), Action("vote", n=1)]
    if p == P_ABILITY:
        ability = load_data().characters[s.characters[s.current]].ability
        if ability == "swap_up":
            ups = s.face_up()
            return [
                Action("swap_up", a[0], a[1], b[0], b[1])
                for k, a in enumerate(ups)
                for b in ups[k + 1 :]
            ]
        if ability == "make_draw":
            return [Action("make_draw", seat=x) for x in range(s.n) if x != s.hercules]
        if ability == "move_down":
            return [Action("move_down", r, i) for r, i in s.face_down()]
    return []


def _abilities(s: State) -> list[Action]:
    """The seat's ability, if it may use it now (once per game, at the turn's start)."""
    seat = s.current
    if s.used[seat] or s.looked:
        return []
    ability = load_data().characters[s.characters[seat]].ability
    if ability in ("none", "sight"):
        return []  # Hercules has none; #5 may never reveal (R)
    if ability == "return_token" and not s.tokens[seat]:
        return []
    if ability == "swap_up" and len(s.face_up()) < 2:
        return []
    return [Action("ability")]


# --- applying ---------------------------------------------------------------------------------


def apply(s: State, action: Any) -> tuple[State, list[Event]]:
    """The new state and its events; :class:`IllegalActionError` for anything not legal."""
    why = malformed(action)
    if why:
        raise MalformedActionError(why)
    if action not in _legal(s):
        raise IllegalActionError(Reason.NOT_LEGAL, f"not a legal action now: {action}")
    ev: list[Event] = []
    k = action.kind
    seat = s.current
    if k == "next_journey":
        s = _journey_end(s, ev)
    elif k == "peek":
        space = (action.row, action.col)
        s = replace(s, peeked=(*s.peeked, space), known=_learn(s, seat, s.card_at(space)))
        ev.append(Event("peeked", seat, *space))
        s = replace(s, prompt=P_CLAIM)
    elif k in ("claim", "silent"):
        if k == "claim":
            s = replace(s, claims=(*s.claims, (s.journey, seat, action.row, action.col, action.n)))
            ev.append(Event("claim", seat, action.row, action.col, n=action.n))
        else:
            ev.append(Event("silent", seat))
        s = _after_claim(s, ev)
    elif k == "ability":
        s = _ability(s, ev)
    elif k in ("swap_up", "make_draw", "move_down"):
        s = _ability_target(s, action, ev)
    elif k == "look":
        a, b = (action.row, action.col), (action.row2, action.col2)
        known = _learn(s, seat, s.card_at(a))
        s = replace(s, known=known)
        s = replace(s, looked=(a, b), known=_learn(s, seat, s.card_at(b)), prompt=P_SWAP)
        ev.append(Event("looked", seat, a[0], a[1], n=b[1]))
    elif k == "swap":
        if action.n:
            a, b = s.looked
            rows = [list(s.rows[0]), list(s.rows[1])]
            rows[a[0]][a[1]], rows[b[0]][b[1]] = rows[b[0]][b[1]], rows[a[0]][a[1]]
            s = replace(s, rows=(tuple(rows[0]), tuple(rows[1])))
            ev.append(Event("swapped", seat, a[0], a[1], n=b[1]))
        else:
            ev.append(Event("kept", seat))
        s = replace(s, prompt=P_REVEAL)
    elif k == "reveal":
        if action.n:
            s = _reveal(s, _higher(s)[0], ev)
        else:
            ev.append(Event("no_reveal", seat))
            s = replace(s, prompt=P_CLAIM)
    elif k == "flip":
        s = _set_up(s, (action.row, action.col), False)
        ev.append(Event("flipped", seat, action.row, action.col))
        s = _effects_done(s)
    elif k == "hpeek":
        space = (action.row, action.col)
        s = replace(s, known=_learn(s, seat, s.card_at(space)))
        ev.append(Event("hercules_peeked", seat, *space))
        s = _effects_done(s)
    elif k == "vote":
        s = _vote(s, action.n, ev)
    return s, ev


def malformed(action: object) -> str:
    """Why ``action`` is no action value of the game ("" when it is one): an Action whose
    kind is text and whose every other field is a whole number (``True`` would otherwise
    equal 1 and pass for a legal action)."""
    if not isinstance(action, Action):
        return f"not an action of the game: {str(action)[:60]}"
    if type(action.kind) is not str or any(type(v) is not int for v in action[1:]):
        return f"an action's fields are a kind and whole numbers: {str(action)[:80]}"
    return ""


def _learn(s: State, seat: int, card: str) -> tuple[frozenset[str], ...]:
    return tuple(k | {card} if i == seat else k for i, k in enumerate(s.known))


def _set_up(s: State, space: tuple[int, int], up: bool) -> State:
    r, i = space
    row = list(s.up[r])
    row[i] = up
    ups = (tuple(row), s.up[1]) if r == 0 else (s.up[0], tuple(row))
    return replace(s, up=ups)


def _after_claim(s: State, ev: list[Event]) -> State:
    """A claim or silence closes a journey-start peek (the next seat peeks, or the first
    turn begins at Hercules) or a turn (the end checks)."""
    if s.stage == "start":
        free = [x for x in s.face_down() if x not in s.peeked]
        if len(s.peeked) < s.n and free:  # (fewer cards than players: the last peek none)
            nxt = s.next_seat(s.current)
            return replace(s, prompt=P_PEEK, current=nxt, turn_seat=nxt)
        return replace(s, stage="turns", prompt=P_TURN, current=s.hercules, turn_seat=s.hercules)
    return _end_turn(s, ev)


def _end_turn(s: State, ev: list[Event]) -> State:
    """The journey's end checks (ruling 5), then the next seat's turn."""
    rows_done = any(all(u) for u in s.up)
    if s.ending or rows_done or _stalled(s):
        ev.append(Event("journey_ends", n=s.journey))
        return replace(
            s, prompt=P_JOURNEY_END, current=AUTOMATIC, looked=(), revealed_card=(-1, -1)
        )
    nxt = s.next_seat(s.turn_seat)
    return replace(s, prompt=P_TURN, current=nxt, turn_seat=nxt, looked=(), revealed_card=(-1, -1))


def _stalled(s: State) -> bool:
    """True when no look left could ever reveal a card: the last face-down cards are a #3
    beside a face-up block card and cards lower than it (our ruling, the text being silent:
    such a journey ends as a row all revealed does, instead of going on for ever)."""
    for a in [x for x in s.face_down() if x[0] == 0]:
        for b in [x for x in s.face_down() if x[0] == 1]:
            if reveal_choice(replace(s, looked=(a, b)))[0]:
                return False
    return True


def _reveal(s: State, space: tuple[int, int], ev: list[Event]) -> State:
    card = s.card_at(space)
    s = _set_up(s, space, True)
    s = replace(s, revealed_card=space)
    ev.append(Event("revealed", s.current, space[0], space[1], card=card))
    return _run_effects(s, load_data().cards[card].reveal, ev)


def _run_effects(s: State, effects: tuple[str, ...], ev: list[Event]) -> State:
    """A revealed card's effects in order; a choice (flip, peek, vote) waits for its seat."""
    for effect in effects:
        if effect == "end":
            s = replace(s, ending=True)
        elif effect == "lose":
            s = _draw_to_discard(s, 1, ev, chain=False)
            if s.prompt == P_OVER:
                return s
        elif effect == "ret2":
            s = _return_two(s, ev)
    # The choices last (a card shows at most one of them).
    if "flip" in effects and [x for x in s.face_up() if x != s.revealed_card]:
        return replace(s, prompt=P_FLIP)
    if "peek" in effects and s.face_down():
        return replace(s, prompt=P_HPEEK, current=s.hercules)
    if "vote" in effects:
        return _start_vote(s, "claim")
    return replace(s, prompt=P_CLAIM)


def _effects_done(s: State) -> State:
    return replace(s, prompt=P_CLAIM, current=s.turn_seat)


def _start_vote(s: State, after: str) -> State:
    return replace(s, prompt=P_VOTE, ballots=(-1,) * s.n, current=s.order()[0], vote_after=after)


def _vote(s: State, up: int, ev: list[Event]) -> State:
    ballots = list(s.ballots)
    ballots[s.current] = up
    s = replace(s, ballots=tuple(ballots))
    waiting = [x for x in s.order() if s.ballots[x] < 0]
    if waiting:
        return replace(s, current=waiting[0])
    ups = sum(s.ballots)
    passed = ups > s.n - ups  # a majority of all players; a tie continues (R)
    ev.append(Event("vote", n=ups, seat=int(passed)))
    s = replace(s, current=s.turn_seat, ending=s.ending or passed)
    if s.vote_after == "turn":  # CHR-3's call: a vote passed ends the turn (ruling 11)
        s = replace(s, vote_after="")
        return _end_turn(s, ev) if passed else replace(s, prompt=P_TURN)
    return replace(s, prompt=P_CLAIM, vote_after="")


def _ability(s: State, ev: list[Event]) -> State:
    seat = s.current
    ch = load_data().characters[s.characters[seat]]
    s = replace(
        s,
        used=tuple(u or i == seat for i, u in enumerate(s.used)),
        revealed=tuple(r or i == seat for i, r in enumerate(s.revealed)),
    )
    ev.append(Event("ability", seat, n=ch.number))
    if ch.ability == "return_token":
        rng, k = below(s.rng, len(s.tokens[seat]))
        token = s.tokens[seat][k]
        mine = s.tokens[seat][:k] + s.tokens[seat][k + 1 :]
        bag = (s.bag[0] + (token == "N"), s.bag[1] + (token == "B"))
        s = replace(s, rng=rng, bag=bag, tokens=_with(s.tokens, seat, mine))
        ev.append(Event("token_returned", seat))
        return s
    if ch.ability == "vote":
        return _start_vote(s, "turn")
    return replace(s, prompt=P_ABILITY)


def _ability_target(s: State, action: Action, ev: list[Event]) -> State:
    seat = s.current
    if action.kind == "swap_up":
        a, b = (action.row, action.col), (action.row2, action.col2)
        rows = [list(s.rows[0]), list(s.rows[1])]
        rows[a[0]][a[1]], rows[b[0]][b[1]] = rows[b[0]][b[1]], rows[a[0]][a[1]]
        s = replace(s, rows=(tuple(rows[0]), tuple(rows[1])))
        ev.append(Event("swapped_up", seat, a[0], a[1], n=b[1]))
    elif action.kind == "make_draw":
        s = _draw_for(s, action.seat, ev)
        if s.prompt == P_OVER:
            return s
    elif action.kind == "move_down":
        r, i = action.row, action.col
        card = s.rows[r][i]
        rows = [list(s.rows[0]), list(s.rows[1])]
        ups = [list(s.up[0]), list(s.up[1])]
        del rows[r][i]
        del ups[r][i]
        rows[1 - r].append(card)  # to the end of the other row (ruling 7)
        ups[1 - r].append(False)
        s = replace(s, rows=(tuple(rows[0]), tuple(rows[1])), up=(tuple(ups[0]), tuple(ups[1])))
        ev.append(Event("moved", seat, r, i))
    if any(all(u) for u in s.up):  # a row left with no face-down card is all revealed (R)
        return _end_turn(replace(s, ending=True), ev)
    return replace(s, prompt=P_TURN)


def _with(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return tuple(value if k == i else v for k, v in enumerate(seq))


# --- tokens ----------------------------------------------------------------------------------


def _take(s: State) -> tuple[State, str]:
    """One token from the bag at random ("" and the game lost for Hercules if empty (R))."""
    total = s.bag[0] + s.bag[1]
    if total == 0:
        return replace(s, prompt=P_OVER, outcome=HERA, current=-1), ""
    rng, k = below(s.rng, total)
    token = "N" if k < s.bag[0] else "B"
    bag = (s.bag[0] - (token == "N"), s.bag[1] - (token == "B"))
    return replace(s, rng=rng, bag=bag), token


def _draw_to_discard(s: State, count: int, ev: list[Event], chain: bool) -> State:
    """Hercules draws ``count`` tokens to the discard pile; with ``chain`` each betrayal
    token costs one more draw (R); an empty bag ends the game (R)."""
    while count > 0:
        s, token = _take(s)
        if not token:
            ev.append(Event("bag_empty"))
            return s
        s = replace(s, discard=(s.discard[0] + (token == "N"), s.discard[1] + (token == "B")))
        ev.append(Event("discarded", card=token))
        count -= 1
        if chain and token == "B":
            count += 1
    return s


def _return_two(s: State, ev: list[Event]) -> State:
    """Up to 2 random tokens of the discard pile back to the bag (ruling 10)."""
    for _ in range(2):
        total = s.discard[0] + s.discard[1]
        if total == 0:
            break
        rng, k = below(s.rng, total)
        token = "N" if k < s.discard[0] else "B"
        s = replace(
            s,
            rng=rng,
            discard=(s.discard[0] - (token == "N"), s.discard[1] - (token == "B")),
            bag=(s.bag[0] + (token == "N"), s.bag[1] + (token == "B")),
        )
        ev.append(Event("returned", card=token))
    return s


def _draw_for(s: State, seat: int, ev: list[Event]) -> State:
    """``seat`` draws a token and keeps it hidden; past its limit it turns villain (R)."""
    s, token = _take(s)
    if not token:
        ev.append(Event("bag_empty"))
        return s
    s = replace(s, tokens=_with(s.tokens, seat, (*s.tokens[seat], token)))
    ev.append(Event("drew", seat))
    limit = load_data().characters[s.characters[seat]].limit
    if not s.villain[seat] and limit is not None and s.tokens[seat].count("B") > limit:
        s = replace(
            s, villain=_with(s.villain, seat, True), turned=_with(s.turned, seat, s.journey)
        )
    return s


# --- the journey's end -------------------------------------------------------------------------


def _journey_end(s: State, ev: list[Event]) -> State:
    """Completion (R), the win check, the drain (R), then the next journey's preparation."""
    data = load_data()
    cards = data.cards
    three = next((r for r in (0, 1) if any(cards[c].number == 3 for c in s.rows[r])), 0)
    front = list(s.front)
    row = list(s.rows[three])
    for c in [c for c in row if cards[c].kind == "item"]:
        front.append(c)
        row.remove(c)
        ev.append(Event("item", card=c))
    held = {cards[c].number for c in front}
    for c in [c for c in row if cards[c].kind == "labour" and set(cards[c].needs) <= held]:
        front.append(c)
        row.remove(c)
        ev.append(Event("labour", card=c))
    rows = [list(s.rows[0]), list(s.rows[1])]
    rows[three] = row
    # Every task card is face up now (R: "reveal all the task cards").
    up = (tuple(True for _ in rows[0]), tuple(True for _ in rows[1]))
    s = replace(s, front=tuple(front), rows=(tuple(rows[0]), tuple(rows[1])), up=up)
    if sum(cards[c].kind == "labour" for c in front) >= data.win_labours:
        ev.append(Event("labours_done"))
        return replace(s, prompt=P_OVER, outcome=HERO, current=-1)
    icons = sum(
        cards[c].icons
        for r in s.rows
        for c in r
        if cards[c].kind == "labour" or cards[c].number == 1
    )
    s = _draw_to_discard(s, icons, ev, chain=True)
    if s.prompt == P_OVER:
        return s
    # Preparation (R): the remaining cards and the new ones, reshuffled into two rows.
    in_play = {c for r in s.rows for c in r} | set(s.front)
    added: list[str] = []
    for c in s.front:
        for k in cards[c].adds:
            card = data.card_numbered(k, s.config.variant).id
            if card not in in_play and card not in added:
                added.append(card)
    rng, rows2, up = _deal(s.rng, [c for r in s.rows for c in r] + added)
    s = replace(s, rng=rng, rows=rows2, up=up, known=(frozenset(),) * s.n)
    journey = s.journey + 1
    s = replace(s, journey=journey)
    for seat in s.order():
        if seat != s.hercules:
            s = _draw_for(s, seat, ev)
            if s.prompt == P_OVER:
                return s
    if any("idconf" in cards[c].kept for c in s.front):
        s = _identity_confirmation(s, ev)
    ev.append(Event("journey", n=journey))
    herc = s.hercules
    return replace(
        s,
        prompt=P_PEEK,
        current=herc,
        turn_seat=herc,
        peeked=(),
        looked=(),
        ballots=(-1,) * s.n,
        vote_after="",
        stage="start",
        ending=False,
        revealed_card=(-1, -1),
    )


def _identity_confirmation(s: State, ev: list[Event]) -> State:
    """Villains, CHR-5 and (with ``hylas``) CHR-2 open their eyes; each learns who else
    did, not their roles (ruling 12)."""
    cards = load_data().cards
    hylas = any("hylas" in cards[c].kept for c in s.front)
    open_eyes = frozenset(
        i
        for i in range(s.n)
        if s.villain[i] or s.characters[i] == 5 or (hylas and s.characters[i] == 2)
    )
    sights = tuple(open_eyes if i in open_eyes else frozenset() for i in range(s.n))
    ev.append(Event("identity_confirmation"))
    return replace(s, sights=sights)


__all__ = [
    "AUTOMATIC",
    "HERA",
    "HERO",
    "HIDDEN",
    "Action",
    "Config",
    "Event",
    "State",
    "actor",
    "apply",
    "is_terminal",
    "legal_actions",
    "malformed",
    "new_game",
    "reveal_choice",
]


# --- what one seat may see -------------------------------------------------------------------


def view(s: State, seat: int) -> State:
    """The state as ``seat`` may see it (-1: a spectator): its own character, tokens, side,
    the cards it has seen and whom it saw at Identity Confirmation; everything public
    (face-up cards, revealed characters, token counts, the bag's count, the discard pile,
    claims, votes once all are cast). At the game's end everything is shown."""
    if type(seat) is not int or not -1 <= seat < s.n:
        raise ValueError(f"no seat {seat} in a game of {s.n}")
    if s.outcome:
        return replace(s, seed=0, rng=0)
    mine = range(s.n)

    def own(i: int) -> bool:
        return i == seat

    hera_known = [s.revealed[i] and s.characters[i] == 6 for i in mine]
    known = s.known[seat] if seat >= 0 else frozenset()
    rows = tuple(
        tuple(c if s.up[r][i] or c in known else HIDDEN for i, c in enumerate(s.rows[r]))
        for r in (0, 1)
    )
    voting = s.prompt == P_VOTE
    return replace(
        s,
        seed=0,
        rng=0,
        characters=tuple(c if own(i) or s.revealed[i] else 0 for i, c in enumerate(s.characters)),
        tokens=tuple(t if own(i) else (HIDDEN,) * len(t) for i, t in enumerate(s.tokens)),
        villain=tuple(v if own(i) else hera_known[i] for i, v in enumerate(s.villain)),
        turned=tuple(t if own(i) else (0 if hera_known[i] else -1) for i, t in enumerate(s.turned)),
        bag=s.bag if s.bag[1] < 0 else (s.bag[0] + s.bag[1], -1),
        rows=(rows[0], rows[1]),
        known=tuple(k if own(i) else frozenset() for i, k in enumerate(s.known)),
        ballots=tuple(b if own(i) or not voting or b < 0 else 2 for i, b in enumerate(s.ballots)),
        sights=tuple(k if own(i) else frozenset() for i, k in enumerate(s.sights)),
    )

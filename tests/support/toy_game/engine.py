"""The toy game's rules: a two-player dice race with a hidden card (pure: only the kit).

Each seat holds one secret card, dealt from a seeded shuffle of the cards 1-6; the other
four wait face down in the deck. On a turn a die is rolled (a chance step, actor -1), then
the seat to play chooses:

* ``advance``: move the die's value forward;
* ``bonus``: move the die plus its card, lay the card face up and draw the deck's top card
  (none once the deck is empty);
* ``hold``: stay, and swap its card for the deck's top card (the old one goes under).

The first to reach the goal (10; 6 in the ``short`` variant) wins. After 30 rounds the race
stops and each seat scores its square plus its card: the higher wins, a tie is shared.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, NamedTuple

from hercules.games._kit.errors import (
    GameError,
    IllegalActionError,
    InvalidStateError,
    MalformedActionError,
)
from hercules.games._kit.fields import Fields, from_plain, is_whole, plain
from hercules.games._kit.rng import roll_die, seed_state, shuffled
from hercules.games._kit.versions import StateFormat, Step, Upgraded

GAME_ID = "toy"
GOALS: dict[str, int] = {"standard": 10, "short": 6}
VARIANTS: tuple[str, ...] = tuple(GOALS)
PLAYERS = 2
CARDS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
HIDDEN = 0  #: a card a seat may not see (and "no card" once the deck has run out)
MAX_ROUNDS = 30
ROLL, ADVANCE, BONUS, HOLD = "roll", "advance", "bonus", "hold"
KINDS: tuple[str, ...] = (ROLL, ADVANCE, BONUS, HOLD)
AUTOMATIC = -1


class Reason(Enum):
    """Why an action is refused."""

    MALFORMED = "malformed"
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"


class Action(NamedTuple):
    """One step: ``kind`` and the squares it moves (``steps``, 0 for a roll or a hold)."""

    kind: str
    steps: int = 0

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-ready document."""
        return {"kind": self.kind, "steps": self.steps}

    @classmethod
    def from_json(cls, doc: Any) -> Action:
        """An action from its document (:class:`MalformedActionError` otherwise)."""
        f = Fields("action", MalformedActionError)
        f.keys(doc, ("kind", "steps"))
        return cls(f.one_of(doc["kind"], KINDS, "kind"), f.whole(doc["steps"], 0, 12, "steps"))


class Event(NamedTuple):
    """What happened: ``roll``, ``move``, ``spend`` (a card laid face up), ``draw`` (a card
    taken into a hand: only its holder sees ``value``), ``end`` (``seat`` won, -1: shared)."""

    kind: str
    seat: int
    value: int = 0


@dataclass(frozen=True)
class ToyState:
    """The whole game: public squares and spent cards, secret cards and deck, the generator."""

    variant: str
    seed: int
    rng: int
    positions: tuple[int, ...]
    cards: tuple[int, ...]  #: each seat's secret card (HIDDEN: none left)
    deck: tuple[int, ...]  #: face down, top first
    spent: tuple[int, ...]  #: laid face up by a bonus
    current: int
    die: int  #: 0 while the roll is due
    round: int
    over: bool = False
    winner: int = -1  #: -1: nobody yet, or a shared win


def goal(state: ToyState) -> int:
    """The square that wins."""
    return GOALS[state.variant]


def score(state: ToyState, seat: int) -> int:
    """A seat's score: its square, plus its card once the game is over."""
    return state.positions[seat] + (state.cards[seat] if state.over else 0)


def new_game(variant: str, seed: int) -> ToyState:
    """The set-up: two cards dealt from the seeded shuffle, seat 0 to roll."""
    if variant not in GOALS:
        raise InvalidStateError(f"rules: no variant {str(variant)[:30]!r}")
    rng, order = shuffled(seed_state(seed), list(CARDS))
    return ToyState(variant, seed, rng, (0, 0), tuple(order[:2]), tuple(order[2:]), (), 0, 0, 1)


def actor(state: ToyState) -> int:
    """The seat that decides, or -1 for the roll (and once the game is over)."""
    return AUTOMATIC if state.over or state.die == 0 else state.current


def legal_actions(state: ToyState) -> list[Action]:
    """Every legal action now, sorted."""
    if state.over:
        return []
    if state.die == 0:
        return [Action(ROLL)]
    card = state.cards[state.current]
    out = [Action(ADVANCE, state.die)]
    if card != HIDDEN:
        out.append(Action(BONUS, state.die + card))
    if state.deck:
        out.append(Action(HOLD))
    return sorted(out)


def validate(state: ToyState, action: Any, seat: int | None = None) -> Exception | None:
    """Why ``action`` (any value) from ``seat`` would be refused, or None."""
    if type(action) is not Action or type(action.kind) is not str or not is_whole(action.steps):
        return IllegalActionError(Reason.MALFORMED, f"not an action: {str(action)[:60]}")
    if seat is not None and not is_whole(seat):
        return IllegalActionError(Reason.MALFORMED, f"not a seat: {str(seat)[:20]}")
    if state.over:
        return IllegalActionError(Reason.GAME_OVER, "the game is over")
    if seat is not None and seat != actor(state):
        return IllegalActionError(Reason.NOT_YOUR_TURN, f"seat {seat} is not to play")
    if action not in legal_actions(state):
        return IllegalActionError(Reason.ILLEGAL, f"{action.kind} is not legal now")
    return None


def apply(state: ToyState, action: Any, seat: int | None = None) -> tuple[ToyState, list[Event]]:
    """The state after a legal ``action`` and its events (the refusal is raised otherwise)."""
    err = validate(state, action, seat)
    if err is not None:
        raise err
    me = state.current
    if action.kind == ROLL:
        rng, die = roll_die(state.rng)
        return replace(state, rng=rng, die=die), [Event(ROLL, me, die)]
    cards, deck, spent = list(state.cards), state.deck, state.spent
    events = [Event("move", me, action.steps)]
    if action.kind == BONUS:
        spent += (cards[me],)
        events.append(Event("spend", me, cards[me]))
        cards[me], deck = (deck[0], deck[1:]) if deck else (HIDDEN, deck)
        events.append(Event("draw", me, cards[me]))
    elif action.kind == HOLD:
        cards[me], deck = deck[0], (*deck[1:], cards[me])
        events.append(Event("draw", me, cards[me]))
    positions = list(state.positions)
    positions[me] += action.steps
    after = replace(
        state, positions=tuple(positions), cards=tuple(cards), deck=deck, spent=spent, die=0
    )
    if positions[me] >= goal(state):
        events.append(Event("end", me))
        return replace(after, over=True, winner=me), events
    if me == PLAYERS - 1 and state.round == MAX_ROUNDS:
        after = replace(after, over=True)
        scores = [score(after, s) for s in range(PLAYERS)]
        best = max(scores)
        winner = scores.index(best) if scores.count(best) == 1 else -1
        events.append(Event("end", winner))
        return replace(after, winner=winner), events
    nxt = (me + 1) % PLAYERS
    return replace(after, current=nxt, round=state.round + (nxt == 0)), events


# --- what a seat may see ------------------------------------------------------------------------


def check_seat(seat: Any) -> int:
    """``seat`` if it is a seat of the game or -1 (a spectator), else ``ValueError``."""
    if not is_whole(seat) or not -1 <= seat < PLAYERS:
        raise ValueError(f"no seat {str(seat)[:20]} in a game of {PLAYERS}")
    return int(seat)


def view(state: ToyState, seat: int) -> ToyState:
    """The state as ``seat`` sees it: the other card, the deck, the seed and generator hidden."""
    check_seat(seat)
    cards = tuple(c if s == seat else HIDDEN for s, c in enumerate(state.cards))
    return replace(state, seed=0, rng=0, cards=cards, deck=(HIDDEN,) * len(state.deck))


def redact(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` learns of it: another seat's draw shows no card."""
    check_seat(seat)
    if event.kind == "draw" and event.seat != seat:
        return event._replace(value=HIDDEN)
    return event


# --- documents ----------------------------------------------------------------------------------


def _v1_to_v2(fields: dict[str, Any]) -> dict[str, Any]:
    # Version 1 called the squares "squares"; the rules did not change.
    out = {k: v for k, v in fields.items() if k != "squares"}
    out["positions"] = fields["squares"]
    return out


FORMAT = StateFormat(version=2, error=InvalidStateError, steps={1: Step(_v1_to_v2)})
KEYS = (
    "variant",
    "seed",
    "rng",
    "positions",
    "cards",
    "deck",
    "spent",
    "current",
    "die",
    "round",
    "over",
    "winner",
)


def state_to_json(state: ToyState) -> dict[str, Any]:
    """The state as a JSON-ready document with its version."""
    doc = {k: getattr(state, k) for k in KEYS}
    return FORMAT.stamp({k: list(v) if isinstance(v, tuple) else v for k, v in doc.items()})


def state_from_json(doc: Any, view: bool = False) -> ToyState:
    """A state from a current-version document, every field checked (``view``: a seat's
    view, whose hidden cards are :data:`HIDDEN`)."""
    f = Fields("state")
    d = f.keys(FORMAT.check(doc), KEYS)
    variant = f.one_of(d["variant"], GOALS, "variant")
    end = GOALS[variant] + 12

    def whole_list(key: str, lo: int, hi: int, most: int, exactly: int = -1) -> tuple[int, ...]:
        items = f.listed(d[key], key, most, exactly)
        return tuple(f.whole(v, lo, hi, key) for v in items)

    state = ToyState(
        variant=variant,
        seed=f.whole(d["seed"], -(2**63), 2**63 - 1, "seed"),
        rng=f.whole(d["rng"], 0, 2**64 - 1, "rng"),
        positions=whole_list("positions", 0, end, PLAYERS, PLAYERS),
        cards=whole_list("cards", 0, 6, PLAYERS, PLAYERS),
        deck=whole_list("deck", HIDDEN if view else 1, 6, len(CARDS)),
        spent=whole_list("spent", 1, 6, len(CARDS)),
        current=f.whole(d["current"], 0, PLAYERS - 1, "current"),
        die=f.whole(d["die"], 0, 6, "die"),
        round=f.whole(d["round"], 1, MAX_ROUNDS, "round"),
        over=f.flag(d["over"], "over"),
        winner=f.whole(d["winner"], -1, PLAYERS - 1, "winner"),
    )
    held = [c for c in (*state.cards, *state.deck) if c != HIDDEN]
    if len(set(held + list(state.spent))) != len(held) + len(state.spent) or (
        not view and sorted(held + list(state.spent)) != list(CARDS)
    ):
        raise f.bad("the cards must be 1-6, each once")
    if HIDDEN in state.cards and state.deck and not view:
        raise f.bad("a seat without a card while the deck has some")
    reached = [s for s, p in enumerate(state.positions) if p >= goal(state)]
    capped = state.round == MAX_ROUNDS and state.current == PLAYERS - 1
    if state.over and (state.die or not (reached or capped)) or reached and not state.over:
        raise f.bad("the end does not match the squares")
    if len(reached) > 1 or state.winner != (reached[0] if reached else state.winner):
        raise f.bad("the winner does not match the squares")
    if not state.over and state.winner != -1:
        raise f.bad("a winner in a game not over")
    return state


def upgrade_state(doc: Any) -> Upgraded:
    """Any supported document in the current format (see :data:`FORMAT`)."""
    return FORMAT.upgrade(doc)


class ToyRules:
    """The toy game through the box's contract (:class:`hercules.app.contract.GameRules`)."""

    name = GAME_ID
    error_types: tuple[type[Exception], ...] = (GameError,)
    state_version = FORMAT.version

    def legal_actions(self, state: ToyState) -> list[Action]:
        return legal_actions(state)

    def apply(
        self, state: ToyState, action: Action, seat: int | None = None
    ) -> tuple[ToyState, list[Any]]:
        return apply(state, action, seat)

    def validate(self, state: ToyState, action: Any, seat: int | None = None) -> Exception | None:
        return validate(state, action, seat)

    def actor(self, state: ToyState) -> int:
        return actor(state)

    def is_terminal(self, state: ToyState) -> bool:
        return state.over

    def reveals(self, before: ToyState, after: ToyState, events: list[Any]) -> bool:
        return before.rng != after.rng or any(e.kind == "draw" for e in events)

    def view(self, state: ToyState, seat: int) -> ToyState:
        return view(state, seat)

    def redact(self, event: Any, seat: int) -> Any:
        return redact(event, seat)

    def event_to_json(self, event: Event) -> dict[str, Any]:
        doc: dict[str, Any] = plain(event)
        return doc

    def event_from_json(self, doc: Any) -> Event:
        event: Event = from_plain(Event, doc, Fields("event"))
        return event

    def view_from_json(self, doc: Any) -> ToyState:
        return state_from_json(doc, view=True)

    def new_game(self, config_json: Any, seed: int) -> ToyState:
        f = Fields("rules")
        f.keys(config_json, ("variant", "players"))
        f.whole(config_json["players"], PLAYERS, PLAYERS, "players")
        return new_game(config_json["variant"], f.whole(seed, -(2**63), 2**63 - 1, "seed"))

    def seed_of(self, state: ToyState) -> int:
        return state.seed

    def config_to_json(self, state: ToyState) -> dict[str, Any]:
        return {"variant": state.variant, "players": PLAYERS}

    def state_to_json(self, state: ToyState) -> dict[str, Any]:
        return state_to_json(state)

    def upgrade_state(self, doc: Any) -> Upgraded:
        return upgrade_state(doc)

    def state_from_json(self, doc: Any) -> ToyState:
        return state_from_json(doc)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def action_from_json(self, doc: Any) -> Action:
        return Action.from_json(doc)

    def summary(self, state: ToyState) -> dict[str, Any]:
        scores = [score(state, s) for s in range(PLAYERS)]
        lead = scores.index(max(scores))
        return {
            "mode": state.variant,
            "players": PLAYERS,
            "round": state.round,
            "leader": {"seat": lead, "vp": scores[lead]},
            "finished": state.over,
        }


RULES = ToyRules()

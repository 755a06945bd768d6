"""Builders for specific game situations, and small helpers for rule tests.

A :class:`Scenario` starts from a real game (set up and, by default, rolled), edits its
JSON document and rebuilds the state with ``state_from_json``, so every situation a test
uses has passed the engine's own validation and invariants: every card lies in exactly
one place and every seat owns 12 cubes.

Cards are moved, never created: ``give``/``top_of``/``god_at`` take a card from wherever
it lies (a stack, a column, the Pantheon stack or another seat) and put it where asked.
A hero's supply and Apprentice column are derived from the cubes left on the board and
on cards when the state is built (supply = 12 - board - cubed, or 0 in the print-and-play
variant; column = before the first remaining cube), so a scenario only says which labours
are done.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import pytest

from hercules.games.mebo.engine import (
    Action,
    GameConfig,
    GameState,
    IllegalActionError,
    Reason,
    apply,
    card_set,
    legal_actions,
    new_game,
    state_from_json,
)

CARDS = card_set().cards
DECKS: tuple[str, ...] = tuple(d.id for d in card_set().decks)
VASE_SPACES: tuple[int, ...] = card_set().vase_spaces
ZEUS = "GOD-ZEUS"
COLUMN_GODS: tuple[str, ...] = tuple(g.id for g in card_set().gods)

ROLL = Action("roll")
HADES = Action("hades")
REST = Action("rest")
END_REST = Action("end_rest")
END_TURN = Action("end_turn")


# --- actions -------------------------------------------------------------------------------


def labour(op: str, i: int = 0, j: int = 1) -> Action:
    """Perform a labour with ``op`` over dice ``i`` and ``j`` (2 = the white die)."""
    return Action("labour", op=op, dice=(i, j))


def use(card: str, *dice: int, target: int = -1) -> Action:
    """Use ``card``'s ability on ``dice`` (or on ``target``'s dice for a copy)."""
    return Action("use", card=card, dice=tuple(dice), target=target)


def choose(deck: str) -> Action:
    """Take the top card of ``deck`` after a labour that qualified for several decks."""
    return Action("choose_demigod", deck=deck)


def return_cube(card: str) -> Action:
    """While resting, take the cube off ``card``."""
    return Action("return_cube", card=card)


def turn_up(card: str) -> Action:
    """While resting, turn god ``card`` face up."""
    return Action("turn_up", card=card)


# --- building situations -------------------------------------------------------------------


class Scenario:
    """A game document being edited into a chosen situation; :meth:`build` makes the state."""

    def __init__(
        self, players: int = 2, mode: str = "standard", seed: int = 1, rolled: bool = True
    ) -> None:
        state = new_game(GameConfig(players, mode), seed)
        if rolled:
            state, _ = apply(state, ROLL)
        self.doc: dict[str, Any] = state.to_json()

    # -- low-level card moves --

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.doc["players"])

    def seat(self, i: int) -> dict[str, Any]:
        """The document of seat ``i``."""
        return self.doc["players"][i]

    def _remove(self, card: str) -> tuple[Any, ...]:
        """Take ``card`` from wherever it lies; return where that was."""
        d = self.doc
        if card in d["box"]:
            raise ValueError(f"{card} is in the box: it is not used with this player count")
        for k, st in enumerate(d["demigod_stacks"]):
            if card in st:
                i = st.index(card)
                st.pop(i)
                return ("stack", k, i)
        for k, st in enumerate(d["vase_stacks"]):
            if card in st:
                i = st.index(card)
                st.pop(i)
                return ("vase", k, i)
        if card in d["columns"]:
            c = d["columns"].index(card)
            d["columns"][c] = ""
            return ("column", c)
        if card in d["top"]:
            i = d["top"].index(card)
            d["top"].pop(i)
            return ("top", i)
        for s, p in enumerate(d["players"]):
            for field in ("demigods", "gods", "vases", "finals"):
                if card in p[field]:
                    i = p[field].index(card)
                    p[field].pop(i)
                    if card in p["cubed"]:
                        p["cubed"].remove(card)
                    if card in p["gods_down"]:
                        p["gods_down"].remove(card)
                    return ("seat", s, field, i)
        raise ValueError(f"{card} is nowhere")

    def _put(self, where: tuple[Any, ...], card: str) -> None:
        d = self.doc
        if where[0] == "stack":
            d["demigod_stacks"][where[1]].insert(where[2], card)
        elif where[0] == "vase":
            d["vase_stacks"][where[1]].insert(where[2], card)
        elif where[0] == "column":
            d["columns"][where[1]] = card
        elif where[0] == "top":
            d["top"].insert(where[1], card)
        else:
            d["players"][where[1]][where[2]].insert(where[3], card)

    # -- board and pieces --

    def dice(self, seat: int, *faces: int) -> Scenario:
        """Set a seat's coloured dice (Hades has one)."""
        self.seat(seat)["dice"] = list(faces)
        return self

    def white(self, face: int, holder: int = -1, via: str = "") -> Scenario:
        """Set the white die; ``holder`` has taken it this turn with card ``via`` (now used)."""
        self.doc["white"] = face
        self.doc["white_holder"] = holder
        if holder >= 0:
            self.used(holder, via)
        return self

    def done(self, seat: int, *columns: int) -> Scenario:
        """Labours ``columns`` are done by ``seat`` (their cubes left the board); no others."""
        self.seat(seat)["board_cubes"] = [c for c in range(1, 13) if c not in columns]
        return self

    def hades_at(self, column: int) -> Scenario:
        """Put Hades' Apprentice (seat 1 in solo) on ``column``."""
        self.seat(1)["pos"] = column
        return self

    # -- cards --

    def give(
        self,
        seat: int,
        *cards: str,
        cubed: Iterable[str] = (),
        down: Iterable[str] = (),
    ) -> Scenario:
        """Move ``cards`` to ``seat``'s supply; put cubes on ``cubed`` and turn ``down`` down."""
        p = self.seat(seat)
        for card in cards:
            self._remove(card)
            kind = CARDS[card].kind
            if kind == "demigod":
                p["demigods"].append(card)
            elif kind == "vase":
                p["vases"].append(card)
            elif card == ZEUS or kind == "pantheon":
                p["finals"].append(card)
            else:
                p["gods"].append(card)
        for card in cubed:
            assert card in p["demigods"], card
            p["cubed"].append(card)
        for card in down:
            assert card in p["gods"], card
            p["gods_down"].append(card)
        return self

    def used(self, seat: int, *cards: str) -> Scenario:
        """Mark ``cards`` (already cubed or face down at ``seat``) as used this turn."""
        for card in cards:
            if card:
                self.doc["used"].append(card)
        return self

    def top_of(self, *cards: str) -> Scenario:
        """Put each card on top of its demigod or vase stack, the last one given on top."""
        for card in cards:
            c = CARDS[card]
            self._remove(card)
            if c.kind == "demigod":
                self.doc["demigod_stacks"][DECKS.index(c.deck)].append(card)
            elif c.kind == "vase":
                self.doc["vase_stacks"][VASE_SPACES.index(c.spaces)].append(card)
            else:
                raise ValueError(f"{card} does not belong on a stack")
        return self

    def stack(self, deck: str) -> list[str]:
        """The stack of ``deck`` (top card last), as it stands in the document."""
        return self.doc["demigod_stacks"][DECKS.index(deck)]

    def empty_deck(self, deck: str, to_seat: int) -> Scenario:
        """Move every card of ``deck``'s stack to ``to_seat`` (so the stack is empty)."""
        return self.give(to_seat, *list(self.stack(deck)))

    def empty_vases(self, spaces: int, to_seat: int) -> Scenario:
        """Move every vase for ``spaces`` spaces to ``to_seat``."""
        return self.give(to_seat, *list(self.doc["vase_stacks"][VASE_SPACES.index(spaces)]))

    def god_at(self, column: int, god: str) -> Scenario:
        """Lay ``god`` above ``column``; the god that lay there takes ``god``'s old place."""
        if self.doc["columns"][column - 1] == god:
            return self
        where = self._remove(god)
        displaced = self.doc["columns"][column - 1]
        self.doc["columns"][column - 1] = god
        if displaced:
            self._put(where, displaced)
        return self

    def god_above(self, column: int) -> str:
        """The god above ``column`` in the document ("" if taken)."""
        return self.doc["columns"][column - 1]

    def clear_column(self, column: int, to_seat: int) -> Scenario:
        """Give the god above ``column`` to ``to_seat`` so that the column has no card."""
        god = self.god_above(column)
        if god:
            self.give(to_seat, god)
        return self

    # -- whose decision --

    def pegasus(self, seat: int) -> Scenario:
        """Pegasus lies with ``seat`` (it started this round); keeps the acting seat."""
        acting = self.doc["current"]
        self.doc["pegasus"] = seat
        if acting >= 0:
            self.to_act(acting)
        return self

    def to_act(self, seat: int) -> Scenario:
        """It is ``seat``'s turn (after the round's earlier turns)."""
        d = self.doc
        d["current"] = seat
        d["turn"] = (seat - d["pegasus"]) % self.n
        d["prompt"] = "hades" if self.seat(seat)["hades"] else "action"
        return self

    def set(self, **fields: Any) -> Scenario:
        """Set top-level document fields directly (round, ended_by, ...)."""
        self.doc.update(fields)
        return self

    def build(self) -> GameState:
        """The state: supply and Apprentice column derived, then validated by the engine."""
        doc = copy.deepcopy(self.doc)
        pnp = doc["config"]["mode"] == "pnp"  # print-and-play: no cubes, no supply
        for p in doc["players"]:
            board = p["board_cubes"]
            p["supply"] = 0 if pnp else 12 - len(board) - len(p["cubed"])
            if p["supply"] < 0:
                raise ValueError("more cubes on the board and on cards than a seat owns")
            if not p["hades"]:
                p["pos"] = min(board) - 1 if board else 12
        return state_from_json(doc)


# --- inspecting and driving states -------------------------------------------------------


def labour_results(state: GameState) -> set[int]:
    """Labours (1-12) that some legal labour action performs."""
    from hercules.games.mebo.engine import labour_result

    dice = state.dice_of(state.current)
    return {
        labour_result(a.op, dice[a.dice[0]], dice[a.dice[1]])
        for a in legal_actions(state)
        if a.kind == "labour"
    }


def labour_actions(state: GameState) -> set[tuple[str, tuple[int, ...]]]:
    """(op, dice) of every legal labour action."""
    return {(a.op, a.dice) for a in legal_actions(state) if a.kind == "labour"}


def kinds(state: GameState) -> set[str]:
    """Kinds of the legal actions."""
    return {a.kind for a in legal_actions(state)}


def uses(state: GameState, card: str | None = None) -> list[Action]:
    """Legal ``use`` actions (of ``card`` only, if given)."""
    return [a for a in legal_actions(state) if a.kind == "use" and (card is None or a.card == card)]


def play(state: GameState, *actions: Action) -> tuple[GameState, list]:
    """Apply ``actions`` in order; return the last state and all events."""
    events: list = []
    for a in actions:
        state, ev = apply(state, a)
        events.extend(ev)
    return state, events


def events_of(events: list, kind: str) -> list:
    """The events of one type."""
    return [e for e in events if e.type == kind]


def received(events: list, kind: str | None = None) -> list[str]:
    """Card ids received in ``events`` (of card kind ``kind``, if given)."""
    return [
        e.data["card"]
        for e in events
        if e.type == "card_received" and (kind is None or e.data["kind"] == kind)
    ]


def rest_turn(state: GameState) -> GameState:
    """Rest without returning anything: the plainest way to pass a turn."""
    state, _ = play(state, REST, END_REST)
    return state


#: An action refused because of its parameters (ILLEGAL) or because no action of its kind
#: is offered at all (WRONG_DECISION): rule tests that only care that it is refused.
REFUSED: tuple[Reason, ...] = (Reason.ILLEGAL, Reason.WRONG_DECISION)


def assert_rejected(
    state: GameState,
    action: Any,
    reason: Reason | tuple[Reason, ...],
    seat: int | None = None,
) -> IllegalActionError:
    """``action`` is refused with ``reason`` (or one of them) and ``state`` is left unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        apply(state, action, seat)
    allowed = reason if isinstance(reason, tuple) else (reason,)
    assert info.value.reason in allowed, str(info.value)
    assert state.to_json() == before
    return info.value


def play_through(state: GameState, *actions: Action) -> tuple[GameState, list]:
    """Like :func:`play`, then settle a pending demigod choice with the first deck offered."""
    state, events = play(state, *actions)
    if state.prompt == "choose_demigod":
        state, more = play(state, choose(state.pending[0]))
        events.extend(more)
    return state, events


def dice_for(labour_no: int) -> tuple[tuple[int, int], str]:
    """Coloured dice and an operation that make ``labour_no`` (1-12)."""
    if labour_no == 1:
        return (2, 1), "sub"
    return (labour_no - labour_no // 2, labour_no // 2), "add"

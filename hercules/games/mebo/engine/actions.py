"""Actions (what a player or the chance/automaton steps decide) and events (what happened).

Both are immutable, hashable, ordered and JSON-serialisable. An :class:`Action`
is a plain named tuple so that legal-action lists are cheap to build and sort.

The print-and-play variant (mode ``pnp``) has no cards, so it names a power row by its
demigod deck id (``hestia``, ``hecate``, ``pan``, ``aeolus``, ``tyche``, ``morpheus``) in
``deck`` where the other modes name a card in ``card``:

- ``Action("power", deck=row, dice=..., target=...)`` uses that row's power, circling one
  crossed box of the row and one completed labour. ``dice`` and ``target`` are exactly as for
  the matching card's ``use``: one die for +1 (Hestia), -1 (Hecate) and flip (Morpheus), the
  dice to re-roll for Tyche, ``target`` the seat to copy for Aeolus, nothing for Pan (third
  die). It is its own kind, not ``use``, so that code that looks ``use`` actions up by card id
  (bots, the table) never meets an action without a card.
- ``Action("erase", deck=row)``: while resting, erase one power circle in that row (up to
  three per rest); labour circles are erased automatically when the rest ends.
- ``Action("choose_demigod", deck=row)``: several rows qualify after a labour: cross a box
  in ``row``.
- ``Action("labour", op=..., dice=..., target=column)``: a labour as in the other modes, and
  the column its Apprentice stops on ("puoi muovere il tuo Apprendista verso destra..."): from
  where it stands up to the column before the first labour not done. ``target`` -1 is the
  full move, so the labours of saves written before the choice existed read unchanged.
- ``end_turn``, ``rest``, ``end_rest`` and ``roll`` are as in the other modes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple, cast

from .errors import InvalidStateError, MalformedActionError

# Action kinds.
ROLL = "roll"  #: chance step of phase 1: everyone rolls
HADES = "hades"  #: the solo automaton's whole turn
LABOUR = "labour"  #: perform a labour: ``op`` over ``dice`` (two die indices); pnp: ``target``
USE = "use"  #: use ``card``'s ability (``dice`` targets, ``target`` player for copy)
END_TURN = "end_turn"  #: after using abilities, give up the labour
REST = "rest"  #: begin resting (then RETURN_CUBE / TURN_UP / END_REST)
RETURN_CUBE = "return_cube"  #: while resting, take the cube off ``card``
TURN_UP = "turn_up"  #: while resting, turn god ``card`` face up
END_REST = "end_rest"  #: finish resting; the turn ends
CHOOSE_DEMIGOD = "choose_demigod"  #: after a labour, take the top card of ``deck`` (pnp: cross)
POWER = "power"  #: pnp: use the power of row ``deck`` (``dice`` / ``target`` as for USE)
ERASE = "erase"  #: pnp, while resting: erase one power circle in row ``deck``

KINDS: frozenset[str] = frozenset(
    {
        ROLL,
        HADES,
        LABOUR,
        USE,
        END_TURN,
        REST,
        RETURN_CUBE,
        TURN_UP,
        END_REST,
        CHOOSE_DEMIGOD,
        POWER,
        ERASE,
    }
)

#: Die indices: a player's two coloured dice, and the white die while they hold it.
WHITE = 2


class Action(NamedTuple):
    """One decision. Unused fields keep their defaults so that actions sort and compare."""

    kind: str
    card: str = ""
    op: str = ""
    dice: tuple[int, ...] = ()
    target: int = -1
    deck: str = ""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding only the fields that are set."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.card:
            out["card"] = self.card
        if self.op:
            out["op"] = self.op
        if self.dice:
            out["dice"] = list(self.dice)
        if self.target >= 0:
            out["target"] = self.target
        if self.deck:
            out["deck"] = self.deck
        return out

    @staticmethod
    def from_json(data: Any) -> Action:
        """Build an action from :meth:`to_json` output, or raise :class:`MalformedActionError`."""
        if not isinstance(data, dict):
            raise MalformedActionError("an action must be a JSON object")
        unknown = set(data) - {"kind", "card", "op", "dice", "target", "deck"}
        if unknown:
            names = ", ".join(sorted(repr(k) for k in unknown))
            raise MalformedActionError(f"unknown action field(s): {names}")
        kind = data.get("kind")
        if type(kind) is not str or kind not in KINDS:
            raise MalformedActionError(f"unknown action kind: {kind!r}")
        for key in ("card", "op", "deck"):
            if not isinstance(data.get(key, ""), str):
                raise MalformedActionError(f"action field {key!r} must be a string")
        dice = data.get("dice", [])
        if not isinstance(dice, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= WHITE for d in dice
        ):
            raise MalformedActionError("action field 'dice' must be a list of die indices 0-2")
        target = data.get("target", -1)
        if not isinstance(target, int) or isinstance(target, bool) or target < -1:
            raise MalformedActionError("action field 'target' must be a player index")
        return Action(
            kind,
            data.get("card", ""),
            data.get("op", ""),
            tuple(dice),
            target,
            data.get("deck", ""),
        )


def check_action(value: Any) -> Action:
    """Return ``value`` if it is a well-formed Action, else raise MalformedActionError."""
    if type(value) is Action:
        k, card, op, dice, target, deck = value
        if (
            type(k) is str
            and k in KINDS
            and type(card) is str
            and type(op) is str
            and type(dice) is tuple
            and all(type(d) is int and 0 <= d <= WHITE for d in dice)
            and type(target) is int
            and type(deck) is str
        ):
            return value
        raise MalformedActionError(f"malformed action: {value!r}"[:200])
    if isinstance(value, dict):
        return Action.from_json(value)
    raise MalformedActionError(f"not an action: {value!r}"[:200])


class Event(NamedTuple):
    """Something that happened while applying an action (drives animation, log, sound).

    ``type`` names it (``dice_rolled``, ``cube_taken``, ``apprentice_moved``,
    ``card_received``, ``ability_used``, ``die_changed``, ``white_die_taken``,
    ``cubes_returned``, ``god_turned_up``, ``rested``, ``turn_ended``,
    ``pegasus_passed``, ``game_end_triggered``, ``game_over``, ...); ``player``
    is the seat concerned (-1 for none) and ``data`` the details.

    The print-and-play variant adds ``labour_crossed`` (instead of ``cube_taken``),
    ``apprentice_held`` (at, full: the Apprentice stopped short of the full move), ``jump``
    (spaces, vp), ``power_crossed`` (deck, crosses), ``power_used`` (deck,
    ability, labour circled; followed by the same ``dice_changed`` / ``dice_copied`` /
    ``white_die_taken`` as a card), ``power_circle_erased`` (deck) and
    ``labour_circles_erased`` (labours); its ``rested`` event carries ``circles`` and
    ``labours`` erased besides the usual ``cubes`` (0) and ``god`` (false).

    Every event is public: it tells only what the whole table sees happen, so the rules'
    ``redact(event, seat)`` returns it unchanged (``view.PUBLIC_EVENTS`` lists the kinds).
    """

    type: str
    player: int
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"type": self.type, "player": self.player, **self.data}

    @classmethod
    def from_json(cls, doc: Any) -> Event:
        """An event from :meth:`to_json`'s document; :class:`InvalidStateError` for one
        that is not (a ``type`` text, a ``player`` seat, details of JSON values)."""
        if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
            raise InvalidStateError("event: expected an object with a 'type'")
        player = doc.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or not -1 <= player < 8:
            raise InvalidStateError("event: 'player' must be a seat or -1")
        data = {k: v for k, v in doc.items() if k not in ("type", "player")}
        if len(data) > 32 or not all(isinstance(k, str) for k in data):
            raise InvalidStateError("event: too many details")
        return cls(doc["type"][:60], player, data)


#: ``new_event((type, player, data))`` is ``Event(type, player, data)``, made in C: a
#: NamedTuple's own constructor is a Python function, and the engine makes about two events
#: a move (the constructor was about 2 % of a random game's instructions).
new_event = cast(Callable[[tuple[str, int, dict[str, Any]]], Event], partial(tuple.__new__, Event))

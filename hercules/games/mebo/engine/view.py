"""What one seat may see of a game: :func:`view` and :func:`redact`.

Everything of MEBO lies open on the table but two things:

* **the order of each Demigod stack beneath its top card.** The rulebook's setup (step 7)
  shuffles every deck separately and lays it *face up*: the top card shows, and which cards
  lie beneath is known (the decks' contents and the torches removed for the player count
  are printed), but not in what order. A view sorts the cards beneath the top, keeping the
  top card last (on top), so that two games that differ only in that order look the same.
* **the seed and the generator**, which would tell every roll and re-roll to come: a view
  has ``seed`` and ``rng`` 0.

What stays as it is, because the rules make it public:

* the stack above column 12 (``top``): it is not shuffled (setup step 8: the Pantheon cards
  are laid out and Zeus is put on top; which Pantheon cards stay follows from the player
  count and the cards are alike, 5 VP each), so its order follows from the rules;
* the vase stacks (setup step 10: sorted, the card with most VP on top);
* the gods above columns 1-11 (face up; in the simplified variant "face down" is the card's
  back without its ability, which still shows the god and its VP);
* the cards put back in the box at setup (by their torches, from the player count);
* every seat's cards, cubes, dice and score sheet (all lie face up in front of the players).

So every seat, and a spectator, sees the same: a view is the same for any seat of the game.
"""

from __future__ import annotations

from .actions import Event
from .state import GameState

#: The seat of a view for someone who plays no seat.
SPECTATOR = -1

#: Every kind of event the engine makes; each tells only what the whole table sees happen
#: (see :func:`redact`; a test plays games and checks that no other kind turns up).
PUBLIC_EVENTS: frozenset[str] = frozenset(
    {
        "ability_used",
        "apprentice_held",
        "apprentice_moved",
        "card_received",
        "cube_returned",
        "cube_taken",
        "dice_changed",
        "dice_copied",
        "dice_rolled",
        "game_end_triggered",
        "game_over",
        "god_turned_up",
        "hades_white_die",
        "jump",
        "labour_circles_erased",
        "labour_crossed",
        "labour_given_up",
        "labour_performed",
        "pegasus_passed",
        "power_circle_erased",
        "power_crossed",
        "power_used",
        "reached_12",
        "rest_started",
        "rested",
        "turn_ended",
        "white_die_taken",
    }
)


def check_seat(state: GameState, seat: object) -> int:
    """``seat`` if it is one of the game's seats or :data:`SPECTATOR`, else ``ValueError``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not SPECTATOR <= seat < state.n:
        raise ValueError(
            f"seat {seat!r} is not a seat of this {state.n}-seat game (nor {SPECTATOR}, "
            "a spectator)"
        )
    return seat


def hide_order(stack: tuple[str, ...]) -> tuple[str, ...]:
    """A face-up stack (top card last) as anyone sees it: the top card, the rest sorted."""
    if len(stack) < 3:  # one card beneath the top at most: no order to hide
        return stack
    return (*sorted(stack[:-1]), stack[-1])


def view(state: GameState, seat: int) -> GameState:
    """The state as ``seat`` may see it (:data:`SPECTATOR`: someone at no seat).

    The same :class:`GameState` type, for looking and for deciding: its legal actions are
    the state's, and a bot chooses on it as on the state. The seed and the generator are 0
    and the Demigod stacks beneath their top cards are sorted (see the module's text for
    why nothing else is hidden). Raises ``ValueError`` for a seat the game does not have.
    """
    check_seat(state, seat)
    v = state.copy()
    v.seed = 0
    v.rng = 0
    v.demigod_stacks = tuple(hide_order(stack) for stack in state.demigod_stacks)
    v._legal = state._legal  # the same actions: hiding the order changes none of them
    return v


def redact(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may learn of it: in MEBO, the very same event.

    Every event kind of the engine tells only what the whole table sees happen:
    ``dice_rolled`` (the faces everyone rolled, and the white die), ``labour_performed``,
    ``cube_taken``, ``apprentice_moved``, ``card_received`` (the card taken was face up: a
    god above a column, the top of a face-up Demigod stack, of a vase stack or of the stack
    above column 12), ``ability_used``, ``dice_changed``, ``dice_copied`` and
    ``white_die_taken`` (faces on dice in the open), ``rest_started``, ``cube_returned``,
    ``god_turned_up``, ``rested``, ``labour_given_up``, ``turn_ended``, ``pegasus_passed``,
    ``game_end_triggered``, ``game_over``, Hades' ``hades_white_die``; and the print-and-play
    sheet's ``labour_crossed``, ``apprentice_held``, ``jump``, ``power_crossed``,
    ``power_used``, ``power_circle_erased``, ``labour_circles_erased`` and ``reached_12``
    (marks on a sheet everyone can read): :data:`PUBLIC_EVENTS`. No event names a card
    beneath a stack's top, nor the generator.
    ``ValueError`` for a seat that is neither a seat number nor :data:`SPECTATOR` (the
    event carries no game, so any seat number is taken).
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < SPECTATOR:
        raise ValueError(f"seat {seat!r} is not a seat (nor {SPECTATOR}, a spectator)")
    return event


__all__ = ["PUBLIC_EVENTS", "SPECTATOR", "check_seat", "hide_order", "redact", "view"]

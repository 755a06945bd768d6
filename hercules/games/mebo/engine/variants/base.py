"""What a rule variant is, and the registry of them (as python-chess's ``VARIANTS``).

A :class:`Variant` holds every point where the rules of one mode differ from another: the
set-up, the legal actions at each prompt, the effect of each action kind, the seat layout,
whether gods count, the phase-1 roll, the end of the game, scoring, invariants and what a
state document carries. The engine never asks which mode it plays: it calls these hooks on
``state.config.variant``. The built-in variants (``standard``, ``simplified``, ``solo``,
``pnp``) are registered when the engine package is imported; a new one is a subclass of
one of them (or of this class) passed to :func:`register_variant`.

The registry itself (``VARIANTS``, ``find_variant``) and the protocol a state sees of its
variant (``VariantRules``) live in ``state.py``, below this module, so that the state names
its variant and this module names the state without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..actions import Action, Event
from ..results import ScoreResult
from ..scoring import TIEBREAKS as CARD_TIEBREAKS  # the rulebook's order
from ..state import VARIANTS, GameConfig, GameState, VariantRules, find_variant

#: Applies one legal action of a kind to the draft state (the new state is built in place).
Handler = Callable[[GameState, Action, list[Event]], None]
#: The legal actions at one prompt, sorted.
Offer = Callable[[GameState], tuple[Action, ...]]

#: The card game's scoring categories (fields of ``PlayerScore``).
CARD_CATEGORIES: tuple[str, ...] = (
    "cards",
    "vases",
    "zeus_pantheon",
    "majorities",
    "sets",
    "cubes",
)
#: End conditions a card game's ``ended_by`` may hold.
CARD_END_CONDITIONS: tuple[str, ...] = ("column_12", "hades_cubes")


class Variant:
    """One set of rules. Subclass a built-in variant and override what differs.

    Attributes (capabilities):

    - ``name``: the mode string stored in ``GameConfig.mode`` and every save.
    - ``description``: the UI string key describing the variant.
    - ``player_counts``: the seat counts allowed; ``players_error`` says so when refused.
    - ``hades_seat``: the seat of the solo automaton, or -1 for none.
    - ``gods_count``: gods' abilities and symbols count (False: God cards are VP only).
    - ``white_in_roll``: the white die is rolled with everyone's dice in phase 1.
    - ``sheet``: seats keep a print-and-play score sheet (power rows instead of cards);
      state documents carry the sheet fields.
    - ``tiebreaks``, ``score_categories``: what :func:`hercules.games.mebo.engine.score` reports.
    - ``end_conditions``: the values ``GameState.ended_by`` may hold.
    - ``prompts``: the legal actions at each prompt (a prompt not listed offers nothing).
    - ``handlers``: the effect of each action kind.
    """

    name: str = ""
    description: str = ""
    player_counts: tuple[int, ...] = (2, 3, 4)
    players_error: str = "Hercules is played by 2 to 4 players"
    hades_seat: int = -1
    gods_count: bool = True
    white_in_roll: bool = False
    sheet: bool = False
    tiebreaks: tuple[str, ...] = CARD_TIEBREAKS
    score_categories: tuple[str, ...] = CARD_CATEGORIES
    end_conditions: tuple[str, ...] = CARD_END_CONDITIONS
    prompts: Mapping[str, Offer] = {}
    handlers: Mapping[str, Handler] = {}

    def check_players(self, players: int) -> None:
        """Raise ``ValueError`` unless ``players`` seats may play this variant."""
        if players not in self.player_counts:
            raise ValueError(self.players_error)

    def new_game(self, config: GameConfig, seed: int) -> GameState:
        """Set up a game shuffled by ``seed``; it waits for the first roll."""
        raise NotImplementedError

    def legal(self, s: GameState) -> tuple[Action, ...]:
        """Every legal action at the state's prompt, sorted."""
        offer = self.prompts.get(s.prompt)
        return offer(s) if offer is not None else ()

    def apply_action(self, s: GameState, act: Action, events: list[Event]) -> None:
        """Apply the legal action ``act`` to the draft state ``s``, appending to ``events``."""
        self.handlers[act.kind](s, act, events)

    def game_ends(self, s: GameState) -> bool:
        """At the end of a round (draft state ``s``): is the game over?

        A variant may record an end condition in ``s.ended_by`` here; the default ends the
        game once any end condition was met during the round.
        """
        return bool(s.ended_by)

    def score(self, state: GameState) -> ScoreResult:
        """Everyone's score (mid-game: the running score)."""
        raise NotImplementedError

    def check_invariants(self, s: GameState) -> None:
        """Raise ``InvalidStateError`` naming the first broken invariant of ``s``."""
        raise NotImplementedError

    def rest_limit(self) -> int:
        """How many cubes (pnp: power circles) one rest may take back."""
        return 3

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

    def __reduce__(self) -> tuple[Callable[[str], VariantRules], tuple[str]]:
        # A pickled GameConfig comes back with the registered variant object itself.
        return find_variant, (self.name,)


def register_variant(variant: Variant) -> Variant:
    """Register ``variant`` under its name; refuse an empty or already registered name."""
    if not isinstance(variant, Variant):
        raise TypeError("register_variant() takes a Variant instance")
    if not variant.name or not isinstance(variant.name, str):
        raise ValueError("a variant needs a non-empty name")
    if variant.name in VARIANTS:
        raise ValueError(
            f"a variant named {variant.name!r} is already registered "
            f"({type(VARIANTS[variant.name]).__name__}); choose another name"
        )
    VARIANTS[variant.name] = variant
    return variant

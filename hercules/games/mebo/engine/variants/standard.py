"""The standard game: the card game of the rulebook for two to four players."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..invariants import check_card_game
from ..rules import CARD_HANDLERS, CARD_PROMPTS, setup_card_game
from ..scoring import score_cards
from .base import Variant

if TYPE_CHECKING:
    from ..results import ScoreResult
    from ..state import GameConfig, GameState


class StandardVariant(Variant):
    """Cubes, Demigod, God, vase and Pantheon cards; gods' abilities and symbols count.

    The base of the other card-game variants (simplified, solo): subclass it and override
    the capabilities, ``prompts``/``handlers`` entries or hooks that differ.
    """

    name = "standard"
    description = "mode.help.standard"
    prompts = CARD_PROMPTS
    handlers = CARD_HANDLERS

    def new_game(self, config: GameConfig, seed: int) -> GameState:
        """The rulebook's set-up (Hades' seat, if the variant has one, holds his card)."""
        return setup_card_game(config, seed)

    def score(self, state: GameState) -> ScoreResult:
        """Cards, vases, Zeus/Pantheon, majorities, sets and cubes in supply."""
        return score_cards(state)

    def check_invariants(self, s: GameState) -> None:
        """Cubes, cards and the pending decision (see :func:`check_card_game`)."""
        check_card_game(s)


STANDARD = StandardVariant()

"""What every bot shares (reasons, how often a labour can be made) and the two simplest:
Random, which picks any legal action, and Easy, which takes a labour when it can.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hercules.games.mebo.engine import Action, card_set, labour_result
from hercules.games.mebo.engine.actions import (
    END_REST,
    END_TURN,
    LABOUR,
    REST,
    RETURN_CUBE,
    TURN_UP,
)

CARDS = card_set()
OPS = ("add", "sub", "mul", "div")


def _ways() -> dict[int, int]:
    """How many of the 36 rolls can make each labour (by any operation)."""
    out = dict.fromkeys(range(1, 13), 0)
    for a in range(1, 7):
        for b in range(1, 7):
            made = {labour_result(op, a, b) for op in OPS} - {0}
            for r in made:
                out[r] += 1
    return out


WAYS = _ways()

#: One Demigod card of each deck, so that a reason about a pnp power row names it the way the
#: table names a card (``card_name`` of a Demigod card is its deck's name).
ROW_CARD = {
    d.id: min(c.id for c in CARDS.cards.values() if c.kind == "demigod" and c.deck == d.id)
    for d in CARDS.decks
}


def reason(key: str, text: str, **params: object) -> str:
    """A bot's reason: ``"bot.<key>|name=value|...|<English sentence>"``.

    The table translates the key and its parameters (``hercules.games.mebo.ui.describe``);
    the English sentence at the end is for readers that do not know the keys.
    Values are numbers and ids, never containing ``|``.
    """
    fields = "".join(f"|{k}={v}" for k, v in params.items())
    return f"bot.{key}{fields}|{text}"


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"
    threaded = False

    def __init__(self) -> None:
        self.reason = ""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one legal action with the bot's own generator."""
        self.reason = reason("random", "chosen at random")
        return legal[rng.randrange(len(legal))]

    def explain(self) -> str:
        """Why the last action was chosen, in one line."""
        return self.reason


class EasyBot(RandomBot):
    """Plays legally, takes a labour when it can (any one), no foresight, no abilities."""

    name = "easy"

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """A random labour if there is one; otherwise rest (or end the turn)."""
        # pnp: the labour as its full move (target -1), as a beginner would move the pencil.
        labours = [a for a in legal if a.kind == LABOUR and a.target < 0]
        if labours:
            self.reason = reason("easy_labour", "takes a labour its dice allow")
            return labours[rng.randrange(len(labours))]
        for kind in (RETURN_CUBE, TURN_UP, END_REST, REST, END_TURN):
            for a in legal:
                if a.kind == kind:
                    self.reason = reason("easy_rest", "no labour: rests")
                    return a
        self.reason = reason("easy_card", "picks a card")
        return legal[rng.randrange(len(legal))]

"""The bots' reasons as data: a key, its parameters and an English sentence, in one string.

A reason reads ``"ly.bot.<kind>|name=value|...|<English sentence>"``: the kind names what was
decided, the parameters carry what a translation needs (card, space and seat ids, numbers;
never words), and the English sentence comes last, for tools and as the fallback of a table
that cannot render the kind. Every reason states public facts only: the card bid on (never
the face-down one), the amount, a board space and its fee, a seat, a count.

The kinds and their parameters are :data:`KINDS`; ``card`` is a card id (``CAPTURE-07``),
``space`` a space id (``SP-CAPTURE-TEMPLE``), ``seat`` a seat number, the rest numbers.
"""

from __future__ import annotations

from hercules.games._kit.reasons import ReasonFormat

from .. import engine

PREFIX = "ly.bot."

#: Every kind of reason the bots give, with the parameters it always has.
KINDS: dict[str, tuple[str, ...]] = {
    "only": (),  # the only legal move
    "random": (),  # the random bot's (and Easy's noise)
    "bid": ("slot", "card", "amount", "space", "fee"),  # for the card's best task
    "bid_chain": ("slot", "card", "amount", "space"),  # the task would extend a chain
    "bid_deny": ("slot", "card", "amount", "seat"),  # kept from a rival who needs it
    "bid_blind": ("slot", "amount"),  # the face-down card
    "bid_cheap": ("slot", "card", "amount"),  # the cheapest card left
    "raise": ("slot", "card", "amount", "seat"),  # outbids ``seat``
    "bid_beyond": ("slot", "card", "amount", "seat", "money"),  # more than ``seat`` can pay
    "task": ("space", "fee"),
    "task_chain": ("space", "fee", "chains"),  # completes a chain: ``chains`` now
    "task_towards": ("space", "fee"),  # a step towards a chain
    "draw": ("card", "n"),  # plays a Draw card for ``n`` cards
    "end": ("cards",),  # ends its plays holding ``cards`` cards
}


#: The bots' reason format (the kit's, shared with every game): a value holds no ``|`` nor
#: ``=`` (the table's own parser splits on both).
FORMAT = ReasonFormat(PREFIX, KINDS, forbidden="=")
#: ``encode(kind, english, **params)``: the reason string of ``kind`` (``ValueError`` if bad).
encode = FORMAT.encode
#: ``parse(reason)``: ``(kind, parameters, English)`` of a reason string (any value), or None.
parse = FORMAT.parse


# --- the English words of ids (the table has its own, in every language) ----------------------


def card_name(card: str) -> str:
    """``Capture (double)`` for ``CAPTURE-11``."""
    data = engine.load_data()
    kind = data.type_of(card)
    units = data.cards[card].units
    mark = {2: " (double)", 3: " (triple)"}.get(units, "")
    return f"{kind.name}{mark}"


def space_name(space: str) -> str:
    """``Capture the Temple`` for ``SP-CAPTURE-TEMPLE``."""
    data = engine.load_data()
    sp = data.space(space)
    return f"{data.types[sp.action].name} the {data.types[sp.object].name}"


__all__ = ["FORMAT", "KINDS", "PREFIX", "card_name", "encode", "parse", "space_name"]

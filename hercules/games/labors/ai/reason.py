"""The solver's reasons as data: a key, its parameters and the English sentence, in one string.

A reason reads ``"lab.hint.<kind>|name=value|...|<English sentence>"``: the key names what was
decided, the parameters carry what the sentence needs (ids and numbers, never words), and the
English sentence comes last, for tools and as the fallback of a version that cannot render the
key. The table renders it in the player's language (``ui/reasons.py``); the controller stores it
as a record's ``reason`` and saves keep it. Bots import the engine only, so the words live in
the UI and the string tables.

A roll's plan (``lab.hint.plan``) lists its steps in one parameter, ``steps``: steps joined by
``;``, each ``kind:field:field...`` (see :data:`STEP_FIELDS`); a list of faces inside a step
is joined by ``,``. Ids (``RWD-01``, ``BOW.b0``) never hold ``| = ; : ,``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hercules.games._kit.reasons import ReasonFormat

PREFIX = "lab.hint."

#: Every kind of reason the solver gives, with the parameters it always has.
KINDS: dict[str, tuple[str, ...]] = {
    "draw": (),
    "roll": (),
    "begin": (),
    "nothing": (),  # nothing can be placed: the roll ends
    "only": (),  # the only legal choice
    "go_on": (),
    "random": (),  # the random bot's
    "plan": ("labour", "steps"),  # a roll's plan: blue changes, attacks, gold spaces
    "idle": ("coming",),  # no die helps: end the roll (the next spaces cost ``coming``)
    "reroll": ("space", "face"),
    "reroll_others": ("space", "faces"),
    "fork": ("labour", "target", "space"),
    "reward": ("card",),
    "remove": ("card",),
    "cover": ("card",),
    "redraw": ("mood",),
    "keep_mood": ("mood",),
    "abderus_dice": ("courage",),
    "abderus_courage": ("courage",),
    "keep": ("card", "cost"),
    "begin_kept": (),
}

#: A plan's steps: their kind and fields, in order.
STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "turn": ("space", "face", "to", "cost"),  # a blue change of one die's face
    "twin": ("space", "face", "cost"),  # a die counted twice
    "set": ("space", "face", "other", "to"),  # a die spent to set another die's face
    "attack": ("target", "faces", "left"),  # sets against one Trial die: its health after
    "shield": ("n", "saved"),  # shields taken, and the Courage they save
    "courage": ("n",),
    "divinity": ("n",),
}

Step = tuple[str, dict[str, str]]


#: The solver's reason format (the kit's, shared with every game): encodes and parses.
FORMAT = ReasonFormat(PREFIX, KINDS)
#: ``encode(kind, english, **params)``: the reason string of ``kind`` (``ValueError`` if bad).
encode = FORMAT.encode
#: ``parse(reason)``: ``(kind, parameters, English)`` of a reason string, or None.
parse = FORMAT.parse


def encode_steps(steps: Sequence[Step]) -> str:
    """A plan's steps as the ``steps`` parameter."""
    out = []
    for kind, fields in steps:
        names = STEP_FIELDS[kind]
        out.append(":".join([kind, *(fields[n] for n in names)]))
    return ";".join(out)


def parse_steps(text: str) -> list[Step]:
    """The ``steps`` parameter back as steps; ValueError if it is not well formed."""
    out: list[Step] = []
    for chunk in text.split(";") if text else []:
        kind, *values = chunk.split(":")
        names = STEP_FIELDS.get(kind)
        if names is None or len(values) != len(names):
            raise ValueError(f"bad plan step {chunk!r}")
        out.append((kind, dict(zip(names, values, strict=True))))
    return out


def faces_param(values: Sequence[int]) -> str:
    """Faces as a parameter: ``"5,6"``."""
    return ",".join(str(v) for v in values)


def faces_of(text: str) -> tuple[int, ...]:
    """A faces parameter back as faces (each 1-6); ValueError otherwise."""
    faces = tuple(int(v) for v in text.split(",")) if text else ()
    if not faces or any(not 1 <= v <= 6 for v in faces):
        raise ValueError(f"bad faces {text!r}")
    return faces


__all__ = [
    "FORMAT",
    "KINDS",
    "PREFIX",
    "STEP_FIELDS",
    "encode",
    "encode_steps",
    "faces_of",
    "faces_param",
    "parse",
    "parse_steps",
]

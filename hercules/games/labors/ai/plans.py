"""A roll's plan: its steps, and the one sentence a Labors bot or hint gives for it.

The solver (:mod:`.solver`) finds the plan, made of these steps; this module says it: its
blue changes, attacks and gold spaces, or the re-roll it prefers, as an English sentence and
the coded reason that the table renders in the player's language (:mod:`.reason`). It reads
only the player's view (``rules.view``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from hercules.games.labors.engine.data import GoldDef, LabourDef
from hercules.games.labors.engine.state import LaborsState

from . import names
from . import reason as reason_mod
from .worth import _why

__all__ = ["BlueStep", "Die", "Step", "coming_loss", "plan_reason", "reroll_reason"]

Die = tuple[int, bool]  #: a free die of the roll: (face, has been on a blue space)
Step = tuple[str, str, int, tuple[int, ...]]  #: ("attack"|"gold", space key, target, faces)


@dataclass(frozen=True)
class BlueStep:
    """A blue change of the abstract roll: ``space``, the die's face, a face set, a target."""

    space: str
    kind: str
    face: int
    value: int = 0
    other: Die | None = None  #: the die a set_other changes
    others: tuple[int, ...] = ()  #: the faces a reroll_others re-rolls
    cost: int = 0


def reroll_reason(step: BlueStep) -> str:
    """The reason of a re-roll (of one die, or of the dice that do nothing)."""
    where = names.card(step.space)
    if step.kind == "reroll":
        return _why(
            "reroll",
            f"Reroll the {step.face} with {where}: "
            "a new face is worth more on average than any fixed plan.",
            space=step.space,
            face=step.face,
        )
    return _why(
        "reroll_others",
        f"Reroll {names.faces(step.others)} with {where}: "
        "they do nothing as they are, and a new roll is worth more on average.",
        space=step.space,
        faces=reason_mod.faces_param(step.others),
    )


def plan_reason(
    view: LaborsState,
    lab: LabourDef,
    golds: Sequence[tuple[str, GoldDef]],
    blue: Sequence[BlueStep],
    steps: tuple[Step, ...],
) -> str:
    """The plan's reason: its blue changes, attacks and gold spaces (or an idle roll)."""
    parts: list[str] = []
    coded: list[reason_mod.Step] = []
    for b in blue:
        where = names.card(b.space)
        paid = f" ({b.cost} Courage)" if b.cost else ""
        if b.kind == "twin":
            parts.append(f"count the {b.face} twice with {where}{paid}")
            coded.append(("twin", {"space": b.space, "face": str(b.face), "cost": str(b.cost)}))
        elif b.kind == "set_other":
            assert b.other is not None
            parts.append(f"spend the {b.face} on {where} to turn a {b.other[0]} into a {b.value}")
            coded.append(
                (
                    "set",
                    {
                        "space": b.space,
                        "face": str(b.face),
                        "other": str(b.other[0]),
                        "to": str(b.value),
                    },
                )
            )
        else:
            parts.append(f"turn the {b.face} into a {b.value} with {where}{paid}")
            coded.append(
                (
                    "turn",
                    {
                        "space": b.space,
                        "face": str(b.face),
                        "to": str(b.value),
                        "cost": str(b.cost),
                    },
                )
            )
    healths = [t.health for t in view.trial]
    by_target: dict[int, list[tuple[int, ...]]] = {}
    gains: Counter[str] = Counter()
    for kind, key, target, faces in steps:
        if kind == "attack":
            by_target.setdefault(target, []).append(faces)
        else:
            g = next(g for k, g in golds if k == key)
            gains[g.gain] += g.amount
    for target, sets in by_target.items():
        healths[target] -= len(sets)
        flat = [v for s in sets for v in s]
        left = healths[target]
        result = "it falls" if left <= 0 else f"it drops to {left}"
        who = names.trial_die(view.labour, target)
        parts.append(f"attack {who} with {names.faces(flat)}: {result}")
        coded.append(
            (
                "attack",
                {
                    "target": str(target),
                    "faces": reason_mod.faces_param(flat),
                    "left": str(max(0, left)),
                },
            )
        )
    c, d, s = gains["courage"], gains["divinity"], gains["shield"]
    coming = coming_loss(view, lab, healths)
    if s:
        saved = 0 if view.no_shield else min(s + view.shields, coming)
        parts.append(
            f"the shield{'s' if s > 1 else ''} save{'' if s > 1 else 's'} {saved} Courage"
            if saved
            else f"take {s} shield{'s' if s > 1 else ''}"
        )
        coded.append(("shield", {"n": str(s), "saved": str(saved)}))
    if c:
        parts.append(f"gain {c} Courage")
        coded.append(("courage", {"n": str(c)}))
    if d:
        parts.append(f"gain {d} Divinity")
        coded.append(("divinity", {"n": str(d)}))
    if not parts:
        if coming:
            english = (
                f"No die can help this roll: end it; the trial's next spaces cost {coming} Courage."
            )
        else:
            english = "No die can help this roll: end it."
        return _why("idle", english, coming=coming)
    text = "; ".join(parts)
    return _why(
        "plan",
        text[0].upper() + text[1:] + ".",
        labour=view.labour,
        steps=reason_mod.encode_steps(coded),
    )


def coming_loss(view: LaborsState, lab: LabourDef, healths: Sequence[int]) -> int:
    """Courage the live dice's next spaces take (the gentlest fork)."""
    total = 0
    for i, h in enumerate(healths):
        if h <= 0:
            continue
        die = lab.dice[i]
        losses = []
        for nxt in die.next_spaces(view.trial[i].node):
            effects = die.track[nxt].effects
            losses.append(sum(int(e[1:]) for e in effects if e.startswith("-")))
        total += min(losses) if losses else 0
    return total

"""Engine events to animation, and what the animations make the table show meanwhile.

:class:`EventAnimator` is the table's :class:`~hercules.ui.anim.Animator` that also
knows the game's events; :class:`AnimationView` is a frame's read-only look at it
(the faces of tumbling dice, Apprentices mid-walk, cards and cubes in flight...).
"""

from __future__ import annotations

from typing import Any

import pygame

from hercules.games.mebo.engine import Event, card_set
from hercules.ui.anim import Anim, Animator, ease_in_out, lerp, tumble

from ..layout import TableLayout

#: Animations of pieces moving over the table (drawn on top of everything but the tooltip).
FLYING = ("cube", "card", "cube_on_card", "cube_off_card", "pegasus")


def card_source(d: dict[str, Any], layout: TableLayout) -> pygame.Rect:
    """Where a received card comes from on the table (``d``: the event's data)."""
    kind = d.get("kind")
    if kind == "demigod":
        k = [x.id for x in card_set().decks].index(d["deck"])
        return layout.demigod_slots[k].copy()
    if kind == "vase":
        spaces = min(d.get("spaces", 3), 7)
        return pygame.Rect(layout.vase_slots[spaces - 3])
    col = d.get("column", 12)
    return pygame.Rect(layout.god_slots[col])


#: How long a die rolled tumbles: the round's roll, a re-roll and the white die alike.
ROLL_SECONDS = 0.9


class EventAnimator(Animator):
    """An animator fed with engine events (see :meth:`queue`)."""

    def queue(self, ev: Event, layout: TableLayout) -> None:
        """Turn one engine event into animation (``layout``: where cards come from)."""
        d = ev.data
        typ = ev.type
        if typ == "dice_rolled":
            dice: dict[tuple[Any, int], int] = {}
            for seat, faces in enumerate(d["dice"]):
                for i in range(len(faces)):
                    dice[(seat, i)] = faces[i]
            if "white" in d:
                dice[("white", 0)] = d["white"]
            self.then("dice", ROLL_SECONDS, dice=dice)
        elif typ == "dice_changed":
            idx = d["dice"]
            changed = {(ev.player, i): d["new"][i] for i in idx}
            rolled = d["how"] == "reroll"  # a re-roll tumbles as the round's roll does
            self.then("dice", ROLL_SECONDS if rolled else 0.3, dice=changed, soft=not rolled)
        elif typ == "dice_copied":
            changed = {(ev.player, i): d["new"][i] for i in range(2)}
            self.then("dice", 0.3, dice=changed, soft=True)
        elif typ == "white_die_taken":
            self.then("dice", ROLL_SECONDS, dice={(ev.player, 2): d["face"]})  # rolled too
        elif typ == "labour_performed":
            self.then("flash", 0.35, column=d["labour"], seat=ev.player)
        elif typ == "cube_taken":
            self.then("cube", 0.45, seat=ev.player, column=d["column"])
        elif typ == "apprentice_moved":
            steps = abs(d["to"] - d["from"]) if not d.get("wrapped") else 12 - d["from"] + d["to"]
            walk = self.then(
                "walk",
                0.16 * max(1, steps) + 0.1,
                seat=ev.player,
                frm=d["from"],
                to=d["to"],
                wrapped=d.get("wrapped", False),
            )
            # One footfall per column (nothing to draw: the table's sounds hear them start).
            for k in range(max(1, steps)):
                at = walk.delay + walk.duration * k / max(1, steps)
                self._add("step", 0.0, at, {"seat": ev.player}, advance=False)
        elif typ == "card_received":
            self.then("card", 0.5, seat=ev.player, card=d["card"], src=card_source(d, layout))
        elif typ == "ability_used":
            if d["cost"] == "turn_down":
                self.then("flip", 0.35, seat=ev.player, card=d["card"])
            else:
                self.then("cube_on_card", 0.35, seat=ev.player, card=d["card"])
        elif typ == "god_turned_up":
            self.then("flip", 0.35, seat=ev.player, card=d["card"])
        elif typ == "cube_returned":
            self.then("cube_off_card", 0.35, seat=ev.player, card=d["card"])
        elif typ == "pegasus_passed":
            self.then("pegasus", 0.5, frm=d["from"], to=d["to"])

    @staticmethod
    def cue_key(a: Anim) -> str:
        """An animation's name in the game's cue table: its kind; a die turned by hand (not
        rolled) is ``"dice.soft"``."""
        return "dice.soft" if a.kind == "dice" and a.data.get("soft") else a.kind

    def snapshot(self) -> AnimationView:
        """What the animations show now, for one frame's drawing."""
        return AnimationView(tuple(self.anims))


class AnimationView:
    """A read-only look at the animations playing or waiting (taken once per frame)."""

    def __init__(self, anims: tuple[Anim, ...]) -> None:
        self._anims = anims

    def of_kind(self, kind: str) -> list[Anim]:
        """Animations of one kind, playing or waiting."""
        return [a for a in self._anims if a.kind == kind]

    def flying(self) -> list[Anim]:
        """Pieces in flight that have started, in the order they were queued."""
        return [a for a in self._anims if a.started and a.kind in FLYING]

    def flashes(self) -> list[Anim]:
        """Labour columns flashing now."""
        return [a for a in self.of_kind("flash") if a.started]

    def flips(self) -> dict[str, Anim]:
        """Cards turning over, by card id."""
        return {a.data["card"]: a for a in self.of_kind("flip")}

    def pegasus_queued(self) -> bool:
        """True while Pegasus is to move or moving."""
        return bool(self.of_kind("pegasus"))

    def pegasus_moving(self) -> bool:
        """True while Pegasus is in the air."""
        return any(a.started for a in self.of_kind("pegasus"))

    def hidden_cards(self) -> set[str]:
        """Cards sliding into a hand: not drawn in place until they arrive."""
        return {a.data["card"] for a in self.of_kind("card")}

    def cubes_in_flight(self, seat: int) -> set[int]:
        """Columns whose cube is flying to the supply (shown on neither side yet)."""
        return {a.data["column"] for a in self.of_kind("cube") if a.data["seat"] == seat}

    def cube_started(self, seat: int, column: int) -> bool:
        """True once the cube of ``column`` has left the board."""
        for a in self.of_kind("cube"):
            if a.data["seat"] == seat and a.data["column"] == column:
                return a.started
        return False

    def shown_pos(self, seat: int, pos: int) -> float:
        """The Apprentice's column as shown (mid-walk while animating); ``pos``: where it is."""
        walks = [a for a in self.of_kind("walk") if a.data["seat"] == seat]
        if walks:
            a = walks[0]
            frm, to = a.data["frm"], a.data["to"]
            if a.data["wrapped"]:
                to = to + 12
            k = ease_in_out(a.progress)
            v = lerp(frm, to, k)
            return v - 12 if v > 12 else v
        return float(pos)

    def shown_face(self, key: tuple[Any, int], face: int) -> tuple[int, float, float]:
        """A die's face, rotation and lift while it tumbles (``face``: its face now)."""
        for a in self.of_kind("dice"):
            if key in a.data["dice"]:
                if not a.started:
                    return face, 0.0, 0.0
                p = a.progress
                final: int = a.data["dice"][key]
                if p >= 1:
                    return final, 0.0, 0.0
                if a.data.get("soft"):
                    return (final if p > 0.5 else face), 0.0, -6 * (1 - abs(2 * p - 1))
                return tumble(key, p, final)
        return face, 0.0, 0.0

"""Targeting: from what the mouse clicked to the action to submit.

A click on a labour column performs it (or offers the ways to make it); a click on
a card (or a print-and-play power row) either uses it at once or starts aiming it:
at one of the player's dice (+1, -1, flip...), at dice to re-roll (then confirmed),
or at another seat to copy. In the print-and-play variant a labour whose Apprentice
may stop short first aims at the columns it may stop on (the player clicks one).
This module keeps that aim and never draws, so it does not import pygame: the scene
hit-tests the screen and hands over a plain :class:`Target`, and shows whatever
:class:`Outcome` comes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from hercules.games.mebo.engine import Action, card_set, labour_result
from hercules.games.mebo.engine.actions import LABOUR, POWER, USE
from hercules.games.mebo.engine.pnp import ROW_ABILITY, ROWS, full_stop

#: Why a click did nothing (the scene says it in words).
NOT_YOUR_TURN = "not_your_turn"
LABOUR_UNREACHABLE = "labour_unreachable"
CARD_UNUSABLE = "card_unusable"
DIE_NOT_ALLOWED = "die_not_allowed"


@dataclass(frozen=True)
class Target:
    """Something on the table the mouse can point at.

    ``kind`` is one of column, hand_card, die, opp_die, god, zeus, deck, vase, white,
    pegasus, panel; ``rect`` is where it is on screen (a ``pygame.Rect`` in the UI,
    never read here).
    """

    rect: Any
    kind: str
    seat: int = -1
    value: Any = None


class Aim(NamedTuple):
    """The targeting mode: what is aimed (``kind``: die, reroll, copy or stop) and from where.

    ``source`` is a card id or a power row (``row:<deck>``), or for ``stop`` the labour
    performed (``labour:<column>``); ``selected`` holds the dice chosen so far for a re-roll.
    """

    kind: str
    source: str
    selected: frozenset[int] = frozenset()


class Way(NamedTuple):
    """One distinct way to perform a labour: ``high op low`` (faces sorted)."""

    op: str
    low: int
    high: int
    action: Action


@dataclass(frozen=True)
class Outcome:
    """What a click comes to.

    ``action``: submit it. ``ways``: several ways to perform ``column``, ask which.
    ``notice``: why nothing happened (one of the module's constants), about ``column``
    or ``source``. All empty: nothing to do (the aim may have changed).
    """

    action: Action | None = None
    ways: tuple[Way, ...] = ()
    notice: str = ""
    column: int = 0
    source: str = ""


NOTHING = Outcome()


def labour_ways(state: Any, legal: list[Action]) -> dict[int, list[Action]]:
    """Legal labour actions grouped by the labour they perform."""
    out: dict[int, list[Action]] = {}
    if state.current < 0:
        return out
    dice = state.dice_of(state.current)
    for a in legal:
        if a.kind == LABOUR:
            r = labour_result(a.op, dice[a.dice[0]], dice[a.dice[1]])
            out.setdefault(r, []).append(a)
    return out


def stop_options(state: Any, legal: list[Action], labour: int) -> dict[int, list[Action]]:
    """pnp: the legal forms of ``labour`` by the column the Apprentice stops on (the full
    move, ``target`` -1, under its column); empty or one entry when there is no choice."""
    out: dict[int, list[Action]] = {}
    if state.current < 0:
        return out
    full = full_stop(state.players[state.current], labour)
    for a in labour_ways(state, legal).get(labour, []):
        out.setdefault(a.target if a.target >= 0 else full, []).append(a)
    return out


def aimed_stops(state: Any, legal: list[Action], aim: Aim | None) -> tuple[list[int], int]:
    """pnp, while aiming a stop: the columns the Apprentice may stop on, and the full move's."""
    if aim is None or aim.kind != "stop":
        return [], -1
    labour = int(aim.source.removeprefix("labour:"))
    stops = stop_options(state, legal, labour)
    return sorted(stops), full_stop(state.players[state.current], labour) if stops else -1


def uses_of(source: str, legal: list[Action]) -> list[Action]:
    """Legal uses of a card, or of a print-and-play power row (``row:<deck>``)."""
    if source.startswith("row:"):
        return [a for a in legal if a.kind == POWER and a.deck == source[4:]]
    return [a for a in legal if a.kind == USE and a.card == source]


def ability_of(source: str) -> str:
    """The ability of a card or of a power row."""
    if source.startswith("row:"):
        return ROW_ABILITY[ROWS.index(source[4:])]
    return card_set().card(source).ability


class Targeting:
    """The targeting state machine of the human to act.

    It only reads the state and the legal actions it is given; the scene submits the
    action an :class:`Outcome` names and calls :meth:`reset` once any action is applied.
    """

    def __init__(self) -> None:
        self._aim: Aim | None = None

    @property
    def aim(self) -> Aim | None:
        """What is being aimed now, or None."""
        return self._aim

    @property
    def can_confirm(self) -> bool:
        """True while a re-roll has dice selected (Enter or the confirm button sends it)."""
        return self._aim is not None and self._aim.kind == "reroll" and bool(self._aim.selected)

    def reset(self) -> None:
        """Stop aiming (an action was applied or taken back)."""
        self._aim = None

    def cancel(self) -> Outcome:
        """Stop aiming without doing anything (right click, Esc)."""
        self._aim = None
        return NOTHING

    def targetable_dice(self, legal: list[Action]) -> frozenset[int]:
        """The dice of the player to act that the aimed card can be used on."""
        if self._aim is None:
            return frozenset()
        return frozenset(i for a in uses_of(self._aim.source, legal) for i in a.dice)

    def click(self, state: Any, legal: list[Action], target: Target | None, seat: int) -> Outcome:
        """``target`` clicked while ``seat`` (-1: nobody here) is to act."""
        if target is None or seat < 0:
            if target is not None and target.kind in ("column", "hand_card", "die"):
                return Outcome(notice=NOT_YOUR_TURN)
            return NOTHING
        if self._aim is not None and self._aim.kind == "stop":
            return self._click_stop(state, self._aim, target, legal)
        if self._aim is not None:
            return self._click_aiming(self._aim, target, legal, seat)
        if target.kind == "column":
            return self._click_column(state, target.value, legal)
        if target.kind == "hand_card" and target.seat == seat:
            return self._click_source(target.value, legal)
        return NOTHING

    def confirm(self, legal: list[Action]) -> Outcome:
        """Re-roll the selected dice."""
        aim = self._aim
        if aim is None or aim.kind != "reroll" or not aim.selected:
            return NOTHING
        want = tuple(sorted(aim.selected))
        for a in uses_of(aim.source, legal):
            if a.dice == want:
                return Outcome(action=a)
        return self.cancel()

    def _click_column(self, state: Any, column: int, legal: list[Action]) -> Outcome:
        """Perform the labour of this column (the ways, if it can be made several ways).

        pnp: if its Apprentice may stop short, aim at the stops first.
        """
        if column == 0:  # the start space (a stop to aim at, never a labour)
            return NOTHING
        ways = labour_ways(state, legal).get(column, [])
        if not ways:
            return Outcome(notice=LABOUR_UNREACHABLE, column=column)
        if any(a.target >= 0 for a in ways):
            self._aim = Aim("stop", f"labour:{column}")
            return NOTHING
        return self._perform(state, column, ways)

    def _click_stop(self, state: Any, aim: Aim, target: Target, legal: list[Action]) -> Outcome:
        """While aiming a stop: a glowing column performs the labour stopping there.

        The labour's own column again is the full move; any other column keeps the aim (a
        stray click should not lose the labour chosen); right click or Esc cancels.
        """
        if target.kind != "column":
            return NOTHING
        labour = int(aim.source.removeprefix("labour:"))
        stops = stop_options(state, legal, labour)
        if not stops:
            return self.cancel()
        column = target.value
        if column == labour and column not in stops:
            column = full_stop(state.players[state.current], labour)
        if column not in stops:
            return NOTHING
        return self._perform(state, labour, stops[column])

    def _perform(self, state: Any, column: int, ways: list[Action]) -> Outcome:
        """Submit one of ``ways`` (all performing ``column``), or ask which when they differ."""
        distinct: dict[tuple[str, tuple[int, ...]], Action] = {}
        dice = state.dice_of(state.current)
        for a in ways:
            faces = tuple(sorted(dice[i] for i in a.dice))
            distinct.setdefault((a.op, faces), a)
        if len(distinct) == 1:
            return Outcome(action=next(iter(distinct.values())))
        options = tuple(
            Way(op, faces[0], faces[1], a) for (op, faces), a in sorted(distinct.items())
        )
        return Outcome(ways=options, column=column)

    def _click_source(self, source: str, legal: list[Action]) -> Outcome:
        """Use a card (or a power of the sheet): at once, or start aiming it."""
        uses = uses_of(source, legal)
        if not uses:
            return Outcome(notice=CARD_UNUSABLE, source=source)
        ability = ability_of(source)
        if len(uses) == 1 and ability in ("white_die", "copy"):
            return Outcome(action=uses[0])
        if ability == "reroll":
            self._aim = Aim("reroll", source)
        elif ability == "copy":
            self._aim = Aim("copy", source)
        else:
            self._aim = Aim("die", source)
        return NOTHING

    def _click_aiming(self, aim: Aim, target: Target, legal: list[Action], seat: int) -> Outcome:
        """A click while aiming ``aim``."""
        kind, source, selected = aim
        if target.kind == "hand_card" and target.value == source:
            if kind == "reroll" and selected:
                return self.confirm(legal)
            return self.cancel()
        uses = uses_of(source, legal)
        if kind == "die" and target.kind == "die" and target.seat == seat:
            for a in uses:
                if a.dice == (target.value,):
                    return Outcome(action=a)
            return Outcome(notice=DIE_NOT_ALLOWED)
        if kind == "reroll" and target.kind == "die" and target.seat == seat:
            self._aim = aim._replace(selected=selected ^ {target.value})
            return NOTHING
        if kind == "copy" and target.kind in ("opp_die", "panel") and target.seat != seat:
            for a in uses:
                if a.target == target.seat:
                    return Outcome(action=a)
            return NOTHING
        return self.cancel()


def keyboard_targets(
    state: Any, legal: list[Action], aim: Aim | None, seat: int, targets: list[Target]
) -> list[Target]:
    """The targets on the table a click would act on now, for the keys to cycle: reachable
    labour columns and usable cards (or, while aiming, the dice, stops or seats the aim can
    take, and its card to confirm or cancel). Read from ``legal`` alone."""
    if seat < 0:
        return []
    if aim is None:
        ways = labour_ways(state, legal)
        return [
            tg
            for tg in targets
            if (tg.kind == "column" and tg.value in ways)
            or (tg.kind == "hand_card" and tg.seat == seat and uses_of(tg.value, legal))
        ]
    if aim.kind == "stop":
        stops, _full = aimed_stops(state, legal, aim)
        return [tg for tg in targets if tg.kind == "column" and tg.value in stops]
    uses = uses_of(aim.source, legal)
    source = [tg for tg in targets if tg.kind == "hand_card" and tg.value == aim.source]
    if aim.kind == "copy":
        seats = {a.target for a in uses}
        return [tg for tg in targets if tg.kind == "panel" and tg.seat in seats] + source
    dice = {i for a in uses for i in a.dice}
    return [
        tg for tg in targets if tg.kind == "die" and tg.seat == seat and tg.value in dice
    ] + source

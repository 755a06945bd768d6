"""What a move would do, told before it is made: a labour's gains, a card's effect on the dice.

A preview applies the move to the state (the engine is pure: the state shown is untouched)
and reads the events it produces. Only what the player may already see is reported: the
cards a labour hands over are the face-up tops of the board's stacks, God row and Zeus /
Pantheon pile; an ability whose outcome is random (a re-roll) is told as such, never with
the faces the generator would give, so hovering can never peek at a roll to come.

Nothing here draws: the table turns the previews into tooltip lines (:func:`labour_lines`,
:func:`ability_lines`) and the labour-way choice into button texts (:func:`way_line`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hercules.games.mebo.engine import Action, apply, card_set, labour_result, legal_actions
from hercules.games.mebo.engine.abilities import ABILITIES
from hercules.games.mebo.engine.actions import CHOOSE_DEMIGOD, LABOUR, USE
from hercules.ui.strings import t

from .describe import arithmetic, card_name


@dataclass(frozen=True)
class LabourPreview:
    """What performing one labour would do for the seat performing it."""

    labour: int  #: the labour's number (the column)
    start: int  #: the Apprentice's column now
    stop: int  #: the column it would stop on (== start: it would not move)
    cards: tuple[str, ...] = ()  #: cards received for sure (vase, god, Zeus/Pantheon, demigod)
    decks: tuple[str, ...] = ()  #: Demigod decks to choose one card from, after the labour
    jump_vp: int = 0  #: print-and-play: the jump's points
    ends_game: bool = False  #: the Apprentice would reach column 12

    @property
    def advance(self) -> int:
        """How many columns the Apprentice would advance."""
        return self.stop - self.start


def preview_labour(state: Any, action: Action) -> LabourPreview:
    """What ``action`` (a legal labour of the player to act) would do."""
    if action.kind != LABOUR:
        raise ValueError(f"not a labour: {action!r}")
    seat = state.current
    start = state.players[seat].pos
    after, events = apply(state, action)
    stop = start
    cards: list[str] = []
    jump_vp = 0
    ends = False
    for ev in events:
        if ev.player != seat:
            continue
        if ev.type == "apprentice_moved":
            stop = ev.data["to"]
        elif ev.type == "card_received":
            cards.append(ev.data["card"])
        elif ev.type == "jump":
            jump_vp += int(ev.data["vp"])
        elif ev.type in ("game_end_triggered", "reached_12"):
            ends = True
    decks: tuple[str, ...] = ()
    if not after.is_terminal and after.current == seat:
        decks = tuple(
            sorted({a.deck for a in legal_actions(after) if a.kind == CHOOSE_DEMIGOD and a.deck})
        )
    labour = action_labour(state, action)
    return LabourPreview(labour, start, stop, tuple(cards), decks, jump_vp, ends)


def action_labour(state: Any, action: Action) -> int:
    """The labour a labour action performs (the result of its arithmetic)."""
    dice = state.dice_of(state.current)
    return labour_result(action.op, dice[action.dice[0]], dice[action.dice[1]])


def column_name(col: int) -> str:
    """A column as a player names it: "Start" for 0, else its number."""
    return t("board.start") if col == 0 else str(col)


def labour_lines(p: LabourPreview) -> list[str]:
    """The preview in words, a line each: the move, then what it earns."""
    lines = []
    if p.advance > 0:
        lines.append(
            t("preview.moves", frm=column_name(p.start), to=column_name(p.stop), n=p.advance)
        )
    else:
        lines.append(t("preview.stays", at=column_name(p.start)))
    for cid in p.cards:
        lines.append(t("preview.earns", card=card_name(cid)))
    if p.jump_vp:
        lines.append(t("preview.jump", vp=p.jump_vp))
    if p.decks:
        lines.append(
            t("preview.choose", decks=t("preview.or").join(t(f"deck.{d}") for d in p.decks))
        )
    if p.ends_game:
        lines.append(t("preview.ends"))
    return lines


def labour_tooltip(state: Any, ways: Sequence[Action]) -> list[str]:
    """What performing a labour would do, for its tooltip (``ways``: its legal labour actions).

    When every way to reach it earns the same, one preview; when the operation decides
    the Demigod deck, the move once and then a line per way.
    """
    if not ways:
        return []
    # Print-and-play offers each way with every stop short of the full move: preview the full
    # move of each way, and say that a shorter one may be chosen.
    full = [a for a in ways if a.target < 0] or list(ways)
    shorter = len(full) < len(ways)
    lines = _ways_lines(state, full)
    if shorter:
        lines.insert(1, t("preview.may_stop"))
    return lines


def _ways_lines(state: Any, ways: Sequence[Action]) -> list[str]:
    previews = [preview_labour(state, a) for a in ways]
    if all(p == previews[0] for p in previews):
        return labour_lines(previews[0])
    common = [c for c in previews[0].cards if all(c in p.cards for p in previews)]
    first = previews[0]
    lines = labour_lines(
        LabourPreview(first.labour, first.start, first.stop, tuple(common), (), first.jump_vp)
    )
    dice = state.dice_of(state.current)
    for a, p in zip(ways, previews, strict=True):
        own = LabourPreview(
            p.labour, p.start, p.stop, tuple(c for c in p.cards if c not in common), p.decks
        )
        sum_ = arithmetic(a.op, dice[a.dice[0]], dice[a.dice[1]], p.labour)
        lines.append(t("preview.way", sum=sum_, gains=way_line(own)))
    if first.ends_game:
        lines.append(t("preview.ends"))
    return lines


def way_line(p: LabourPreview) -> str:
    """One labour way's gains in a few words (for the choice of operation)."""
    parts = [card_name(cid) for cid in p.cards]
    if p.decks:
        parts.append(t("preview.or").join(t(f"deck.{d}") for d in p.decks))
    return ", ".join(parts) if parts else t("preview.nothing")


Dice = tuple[int, ...]


def ability_outcomes(state: Any, seat: int, card_id: str) -> list[tuple[Dice, Dice]]:
    """Each distinct way ``card_id``'s ability would change the seat's dice now: (before, after).

    Empty when the card cannot be used now or its outcome is random (see the module text).
    """
    card = card_set().card(card_id)
    ability = ABILITIES.get(card.ability) if card.ability else None
    if ability is None or not ability.certain or state.current != seat:
        return []
    before = tuple(state.dice_of(seat))
    out: dict[Dice, None] = {}
    for a in legal_actions(state):
        if a.kind == USE and a.card == card_id:
            after, _ = apply(state, a)
            out[tuple(after.dice_of(seat))] = None
    return [(before, dice) for dice in out if dice != before]


def ability_lines(state: Any, seat: int, card_id: str) -> list[str]:
    """The effect of a card's ability on the dice now, in words (empty: nothing to say)."""
    card = card_set().card(card_id)
    ability = ABILITIES.get(card.ability) if card.ability else None
    if ability is None or state.current != seat:
        return []
    if not any(a.kind == USE and a.card == card_id for a in legal_actions(state)):
        return []
    if not ability.certain:
        return [t("preview.random")]
    outcomes = ability_outcomes(state, seat, card_id)
    if not outcomes:
        return []
    shown = [dice_text(before) + " → " + dice_text(after) for before, after in outcomes]
    return [t("preview.dice_now", outcomes=_clip(shown))]


def dice_text(dice: Sequence[int]) -> str:
    """Dice as the log writes them: 4-2 (4-2-5 with the white die)."""
    return "-".join(map(str, dice))


def _clip(items: list[str], most: int = 4) -> str:
    """At most ``most`` items, then "…"."""
    return ", ".join(items[:most]) + (", …" if len(items) > most else "")


#: Score categories a seat keeps whatever happens (cards and sheet crosses never leave it).
SECURED = ("cards", "vases", "zeus_pantheon", "sets", "jumps", "reached_12")
#: Categories that may still fall: another player can take a majority away, and a seat
#: spends its cubes (print-and-play: circles its completed labours) to use abilities.
PROVISIONAL = ("majorities", "cubes", "labours")


def vp_split(ps: Any) -> tuple[int, int]:
    """A seat's running score (a ``PlayerScore``) as (secured, provisional) victory points."""
    secured = sum(int(getattr(ps, c)) for c in SECURED)
    return secured, int(ps.total) - secured


def score_lines(ps: Any, sheet: bool = False) -> list[str]:
    """The running score explained: secured and provisional, then every category that counts."""
    secured, provisional = vp_split(ps)
    lines = [t("preview.vp_total", vp=ps.total, secured=secured, provisional=provisional)]
    order = (
        ("jumps", "reached_12", "sets", "majorities", "labours")
        if sheet
        else ("cards", "vases", "zeus_pantheon", "sets", "majorities", "cubes")
    )
    for cat in order:
        vp = int(getattr(ps, cat))
        if not vp:
            continue
        key = "preview.vp_secured" if cat in SECURED else "preview.vp_provisional"
        lines.append(t(key, category=t(f"over.cat.{cat}"), vp=vp))
    if any(int(getattr(ps, c)) for c in PROVISIONAL):
        lines.append(t("preview.vp_why"))
    return lines

"""The table in words: the prompt for the player to act, notices, tooltips."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hercules.games.mebo.engine import Action, card_set
from hercules.ui.names import seat_name
from hercules.ui.strings import t, tn

from ..describe import arithmetic, card_tooltip, labour_title
from ..targeting import (
    CARD_UNUSABLE,
    DIE_NOT_ALLOWED,
    LABOUR_UNREACHABLE,
    NOT_YOUR_TURN,
    Aim,
    Outcome,
    Target,
    labour_ways,
)
from .frame import TableFrame, source_name


def prompt_text(
    state: Any, seat: int, aim: Aim | None, legal: Callable[[], list[Action]], sheet: bool
) -> list[str]:
    """What the player to act (``seat``, -1: nobody here) can do now, in words."""
    s = state
    if s.is_terminal:
        return [t("prompt.see_scores")]
    if seat < 0:
        if s.current >= 0 and s.players[s.current].hades:
            return [t("prompt.hades")]
        return [t("prompt.wait")]
    if aim is not None and aim.kind == "stop":  # pnp: where the Apprentice stops
        return [t("prompt.mode.stop", labour=labour_title(int(aim.source.split(":")[1])))]
    if aim is not None:
        return [t(f"prompt.mode.{aim.kind}", card=source_name(aim.source))]
    if s.prompt == "action":
        ways = labour_ways(s, legal())
        if ways:
            return [
                t("prompt.choose_labour_pnp" if sheet else "prompt.choose_labour"),
                t("prompt.reachable", labours=", ".join(str(c) for c in sorted(ways))),
            ]
        return [t("prompt.no_labour")]
    return [t(f"prompt.{s.prompt}")]


def notice_text(out: Outcome) -> str:
    """Why a click did nothing, in words (empty: no notice)."""
    if out.notice == NOT_YOUR_TURN:
        return t("msg.not_your_turn")
    if out.notice == LABOUR_UNREACHABLE:
        return t("msg.labour_unreachable", labour=labour_title(out.column))
    if out.notice == CARD_UNUSABLE:
        return t("msg.card_unusable", card=source_name(out.source))
    if out.notice == DIE_NOT_ALLOWED:
        return t("msg.die_not_allowed")
    return ""


def tooltip_lines(tg: Target, f: TableFrame) -> list[str]:
    """Tooltip lines for a target of the standard table (none: no tooltip)."""
    s = f.state
    simplified = not s.config.variant.gods_count
    if tg.kind == "column":
        lines = [labour_title(tg.value)]
        seat = f.human_seat
        if seat >= 0:
            ways = labour_ways(s, f.legal).get(tg.value, [])
            dice = s.dice_of(seat)
            for a in ways:
                lines.append(arithmetic(a.op, dice[a.dice[0]], dice[a.dice[1]], tg.value))
        return list(dict.fromkeys(lines))
    if tg.kind in ("god", "zeus", "hand_card"):
        lines = card_tooltip(tg.value, simplified)
        if tg.kind == "hand_card":
            p = s.players[tg.seat]
            if tg.value in p.cubed:
                lines.append(t("tip.used_cube"))
            if tg.value in p.gods_down:
                lines.append(t("tip.used_god"))
        return lines
    if tg.kind == "deck":
        deck = card_set().decks[tg.value]
        st = s.demigod_stacks[tg.value]
        lines = [t(f"deck.{deck.id}"), t(f"deck.earn.{deck.id}"), tn("tip.left", len(st))]
        if st:
            lines.append(t("tip.top_card"))
            lines.extend(card_tooltip(st[-1])[1:])
        return lines
    if tg.kind == "vase":
        st = s.vase_stacks[tg.value]
        lines = [t("tip.vase_stack", spaces=tg.value + 3), tn("tip.left", len(st))]
        if st:
            lines.append(t("tip.vp", vp=card_set().card(st[-1]).vp))
        return lines
    if tg.kind == "white":
        return [t("tip.white_die"), t("tip.white_die_2")]
    if tg.kind == "pegasus":
        return [t("pegasus"), t("tip.pegasus", who=seat_name(f.names, s.pegasus))]
    if tg.kind in ("die", "opp_die"):
        dice = s.dice_of(tg.seat)
        return [t("tip.die", who=seat_name(f.names, tg.seat), face=dice[tg.value])]
    return []

"""Tooltip text: what the mouse points at, in words."""

from __future__ import annotations

from hercules.games.mebo.engine import card_set
from hercules.ui.names import seat_name
from hercules.ui.strings import t

from ..describe import arithmetic, card_tooltip, labour_title
from .frame import TableFrame
from .targeting import Target, labour_ways


def tooltip_lines(tg: Target, f: TableFrame) -> list[str]:
    """Tooltip lines for a target of the standard table (none: no tooltip)."""
    s = f.state
    simplified = not s.config.gods_active
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
        lines = [t(f"deck.{deck.id}"), t(f"deck.earn.{deck.id}"), t("tip.left", n=len(st))]
        if st:
            lines.append(t("tip.top_card"))
            lines.extend(card_tooltip(st[-1])[1:])
        return lines
    if tg.kind == "vase":
        st = s.vase_stacks[tg.value]
        lines = [t("tip.vase_stack", spaces=tg.value + 3), t("tip.left", n=len(st))]
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

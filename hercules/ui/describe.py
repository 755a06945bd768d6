"""Words for what happened and for what things are: log lines and tooltips, all via strings."""

from __future__ import annotations

from hercules.engine import Card, card_set

from .draw import OP_GLYPH
from .strings import t


def seat_name(names: list[str], seat: int) -> str:
    """A seat's display name."""
    if 0 <= seat < len(names):
        return names[seat]
    return t("seat.nobody")


def card_name(card_id: str) -> str:
    """A card's display name."""
    card = card_set().card(card_id)
    if card.kind == "god":
        return t(f"god.{card.id}")
    if card.kind == "demigod":
        return t(f"deck.{card.deck}")
    if card.kind == "vase":
        return t("card.vase_name", spaces=card.spaces, vp=card.vp)
    if card.kind == "pantheon":
        return t("card.pantheon")
    return t("card.hades")


def ability_text(card: Card, simplified: bool = False) -> str:
    """What a card does, in one line."""
    if card.kind == "god" and simplified:
        return t("ability.face_down")
    return t(f"ability.{card.ability}")


def card_tooltip(card_id: str, simplified: bool = False) -> list[str]:
    """Tooltip lines for a card: name, ability, VP, symbols, torches."""
    card = card_set().card(card_id)
    lines = [card_name(card_id)]
    if card.kind in ("demigod", "god"):
        lines.append(ability_text(card, simplified))
        if card.kind == "demigod" and card.active:
            lines.append(t("tip.cost_cube"))
        elif card.kind == "god" and card.active and not simplified:
            lines.append(t("tip.cost_turn"))
    if card.die:
        lines.append(t("tip.die_number", n=card.die))
    if card.symbols and not (card.kind == "god" and simplified):
        lines.append(t("tip.symbols", symbols=" ".join(symbol_name(s) for s in card.symbols)))
    lines.append(t("tip.vp", vp=card.vp))
    if card.torches:
        lines.append(t("tip.torches", n=card.torches))
    return lines


def symbol_name(sym: str) -> str:
    """A symbol's short printed name."""
    return OP_GLYPH.get(sym, t("symbol.die"))


def labour_title(column: int) -> str:
    """ "Labour 7: the Cretan Bull"."""
    return t("labour.title", n=column, name=t(f"labour.{column}"))


def arithmetic(op: str, a: int, b: int, result: int) -> str:
    """ "6 ÷ 3 = 2" with the larger face first where order matters."""
    if op in ("sub", "div") and b > a:
        a, b = b, a
    return f"{a} {OP_GLYPH[op]} {b} = {result}"


def describe_events(events: list, names: list[str]) -> list[str]:
    """Log lines for one applied action's events."""
    out: list[str] = []
    for ev in events:
        who = seat_name(names, ev.player)
        d = ev.data
        typ = ev.type
        if typ == "dice_rolled":
            parts = []
            for seat, faces in enumerate(d["dice"]):
                parts.append(f"{seat_name(names, seat)} {'-'.join(map(str, faces))}")
            line = t("log.rolled", round=d["round"], dice=", ".join(parts))
            if "white" in d:
                line += " " + t("log.white", face=d["white"])
            out.append(line)
        elif typ == "labour_performed":
            a, b = d["faces"]
            out.append(
                t(
                    "log.labour",
                    who=who,
                    sum=arithmetic(d["op"], a, b, d["labour"]),
                    labour=labour_title(d["labour"]),
                )
            )
        elif typ == "apprentice_moved":
            out.append(t("log.moved", who=who, frm=d["from"], to=d["to"]))
        elif typ == "card_received":
            out.append(t("log.card", who=who, card=card_name(d["card"])))
        elif typ == "ability_used":
            out.append(
                t(
                    "log.ability",
                    who=who,
                    card=card_name(d["card"]),
                    ability=t(f"ability.{d['ability']}"),
                )
            )
        elif typ == "dice_changed":
            out.append(
                t(
                    "log.dice_changed",
                    who=who,
                    old="-".join(map(str, d["old"])),
                    new="-".join(map(str, d["new"])),
                )
            )
        elif typ == "dice_copied":
            out.append(
                t(
                    "log.copied",
                    who=who,
                    other=seat_name(names, d["from_player"]),
                    new="-".join(map(str, d["new"])),
                )
            )
        elif typ == "white_die_taken":
            out.append(t("log.white_taken", who=who, face=d["face"]))
        elif typ == "rested":
            out.append(
                t(
                    "log.rested",
                    who=who,
                    cubes=d["cubes"],
                    god=t("log.rest_god") if d["god"] else "",
                )
            )
        elif typ == "labour_given_up":
            out.append(t("log.gave_up", who=who))
        elif typ == "hades_white_die":
            out.append(t("log.hades_white", face=d["face"], deck=t(f"deck.{d['deck']}")))
        elif typ == "cube_taken" and d.get("case") == 1:
            out.append(t("log.hades_cube", column=d["column"]))
        elif typ == "pegasus_passed":
            out.append(t("log.pegasus", who=who))
        elif typ == "game_end_triggered":
            out.append(t(f"log.end.{d['reason']}", who=who))
        elif typ == "game_over":
            out.append(t("log.game_over"))
    return out

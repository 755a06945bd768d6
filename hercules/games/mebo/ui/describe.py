"""Words for what happened and for what things are: log lines and tooltips, all via strings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hercules.games.mebo.engine import Card, Event, card_set
from hercules.ui.names import seat_name
from hercules.ui.strings import number, t

from .art import OP_GLYPH


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


# --- bot reasons -------------------------------------------------------------------------------

#: Reasons with no parameters: the key says it all.
_PLAIN_REASONS = ("random", "easy_labour", "easy_rest", "easy_card", "only", "give_up", "rest_done")


def parse_reason(reason: str) -> tuple[str, dict[str, str], str] | None:
    """``"bot.aims|labour=7|...|English"`` as (key, parameters, English), or None if not one."""
    parts = reason.split("|")
    if not parts[0].startswith("bot.") or any(c.isspace() for c in parts[0]):
        return None
    params: dict[str, str] = {}
    text = ""
    for i, seg in enumerate(parts[1:], start=1):
        name, eq, value = seg.partition("=")
        if eq and name.isidentifier():
            params[name] = value
        elif i == len(parts) - 1:
            text = seg
        else:
            return None
    return parts[0], params, text


def reason_text(reason: str) -> str:
    """A bot's reason in the current language.

    Bots give a key and parameters (see :func:`parse_reason`); a reason in any
    other form (older saves, other bots) is shown as it is, and one whose key or
    parameters this version does not know falls back to its English sentence.
    """
    parsed = parse_reason(reason)
    if parsed is None:
        return reason
    key, params, english = parsed
    try:
        return _reason(key, params)
    except (KeyError, ValueError, IndexError):
        return english or reason


def _reason(key: str, p: dict[str, str]) -> str:
    name = key.removeprefix("bot.")
    if name in _PLAIN_REASONS:
        return t(key)
    if name in ("rest", "hard_rest"):
        if "circles" in p:  # the print-and-play sheet: circles erased instead of cubes
            summary = t("bot.rest.circles", circles=int(p["circles"]), labours=int(p["labours"]))
            return t(key, summary=summary)
        return t(key, summary=_rest_summary(int(p["cubes"]), int(p["god"])))
    if name == "aims":
        cards = int(p["cards"])
        variant = "bot.aims" if cards == 0 else "bot.aims_card" if cards == 1 else "bot.aims_cards"
        a, b, op, labour = int(p["a"]), int(p["b"]), OP_GLYPH[p["op"]], int(p["labour"])
        if not 1 <= labour <= 12:
            raise ValueError(labour)
        text = t(
            variant,
            labour=labour,
            sum=f"{a} {op} {b}",
            cards=cards,
            value=number(float(p["value"])),
        )
        return t("bot.ahead", why=text) if p.get("ahead", "0") == "1" else text
    if name in ("gamble", "frees", "turns_up"):
        return t(key, card=card_name(p["card"]))
    if name == "chance":
        return t(key, card=card_name(p["card"]), value=number(float(p["value"])))
    if name in ("deck", "deck_row"):
        if p["deck"] not in {d.id for d in card_set().decks}:
            raise KeyError(p["deck"])
        return t(key, deck=t(f"deck.{p['deck']}"))
    raise KeyError(key)


def _rest_summary(cubes: int, god: int) -> str:
    if cubes and god:
        return t("bot.rest.cube_god" if cubes == 1 else "bot.rest.cubes_god", n=cubes)
    if cubes:
        return t("bot.rest.cube" if cubes == 1 else "bot.rest.cubes", n=cubes)
    return t("bot.rest.god") if god else t("bot.rest.nothing")


#: Every key a bot's reason may be rendered with.
REASON_KEYS = (
    *(f"bot.{k}" for k in _PLAIN_REASONS),
    "bot.rest",
    "bot.hard_rest",
    "bot.aims",
    "bot.aims_card",
    "bot.aims_cards",
    "bot.ahead",
    "bot.gamble",
    "bot.frees",
    "bot.turns_up",
    "bot.chance",
    "bot.deck",
    "bot.deck_row",
    "bot.rest.circles",
    "bot.rest.cube_god",
    "bot.rest.cubes_god",
    "bot.rest.cube",
    "bot.rest.cubes",
    "bot.rest.god",
    "bot.rest.nothing",
)


def describe_record(rec: Any, names: list[str]) -> list[str]:
    """Log lines for one applied action: the bot's reason, if any, then what happened."""
    out = []
    if rec.reason and rec.seat >= 0:
        out.append(t("log.bot_reason", who=seat_name(names, rec.seat), why=reason_text(rec.reason)))
    out.extend(describe_events(rec.events, names))
    return out


def describe_events(events: Sequence[Event], names: list[str]) -> list[str]:
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
        # The print-and-play sheet.
        elif typ == "power_crossed":
            out.append(t("log.pnp.power_crossed", who=who, power=t(f"deck.{d['deck']}")))
        elif typ == "power_used":
            out.append(
                t(
                    "log.pnp.power_used",
                    who=who,
                    power=t(f"deck.{d['deck']}"),
                    ability=t(f"ability.{d['ability']}"),
                    labour=d["labour"],
                )
            )
        elif typ == "power_circle_erased":
            out.append(t("log.pnp.power_erased", who=who, power=t(f"deck.{d['deck']}")))
        elif typ == "labour_circles_erased":
            out.append(t("log.pnp.labours_erased", who=who, n=len(d["labours"])))
        elif typ == "jump":
            out.append(t("log.pnp.jump", who=who, spaces=d["spaces"], vp=d["vp"]))
        elif typ == "apprentice_held":
            out.append(t("log.pnp.held", who=who, at=d["at"], kept=d["full"] - d["at"]))
        elif typ == "reached_12":
            out.append(t("log.pnp.reached_12", who=who, vp=d["vp"]))
    return out

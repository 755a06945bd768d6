"""Words for what happened and for what things are: log lines and tooltips, all via strings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hercules.games.mebo.engine import Card, Event, card_set
from hercules.ui.names import seat_name
from hercules.ui.strings import number, t, tn

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


def reason_text(reason: str, sheet: bool = False) -> str:
    """A bot's reason in the current language (``sheet``: in print-and-play words).

    Bots give a key and parameters (see :func:`parse_reason`); a reason in any
    other form (older saves, other bots) is shown as it is, and one whose key or
    parameters this version does not know falls back to its English sentence.
    """
    parsed = parse_reason(reason)
    if parsed is None:
        return reason
    key, params, english = parsed
    try:
        return _reason(key, params, sheet)
    except (KeyError, ValueError, IndexError):
        return english or reason


#: Reasons said otherwise on the print-and-play sheet, which has powers, not cards.
_SHEET_REASONS = {"bot.easy_card": "bot.easy_power"}


def _reason(key: str, p: dict[str, str], sheet: bool = False) -> str:
    name = key.removeprefix("bot.")
    if name in _PLAIN_REASONS:
        return t(_SHEET_REASONS.get(key, key) if sheet else key)
    if name in ("rest", "hard_rest"):
        if "circles" in p:  # the print-and-play sheet: circles erased instead of cubes
            summary = t(
                "bot.rest.circles",
                circles=tn("bot.rest.power_circles", int(p["circles"])),
                labours=tn("bot.rest.labour_circles", int(p["labours"])),
            )
            return t(key, summary=summary)
        return t(key, summary=_rest_summary(int(p["cubes"]), int(p["god"])))
    if name == "aims":
        cards = int(p["cards"])
        a, b, op, labour = int(p["a"]), int(p["b"]), OP_GLYPH[p["op"]], int(p["labour"])
        if not 1 <= labour <= 12:
            raise ValueError(labour)
        value = number(float(p["value"]))
        if cards == 0:
            text = t("bot.aims", labour=labour, sum=f"{a} {op} {b}", value=value)
        else:
            text = tn(
                "bot.aims_powers" if sheet else "bot.aims_cards",
                cards,
                labour=labour,
                sum=f"{a} {op} {b}",
                cards=cards,
                value=value,
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
    "bot.aims_cards.one",
    "bot.aims_cards.other",
    "bot.aims_powers.one",
    "bot.aims_powers.other",
    "bot.easy_power",
    "bot.ahead",
    "bot.gamble",
    "bot.frees",
    "bot.turns_up",
    "bot.chance",
    "bot.deck",
    "bot.deck_row",
    "bot.why.deck",
    "bot.why.deck_row",
    "bot.rest.circles",
    "bot.rest.power_circles.one",
    "bot.rest.power_circles.other",
    "bot.rest.labour_circles.one",
    "bot.rest.labour_circles.other",
    "bot.rest.cube_god",
    "bot.rest.cubes_god",
    "bot.rest.cube",
    "bot.rest.cubes",
    "bot.rest.god",
    "bot.rest.nothing",
)


@dataclass(frozen=True)
class LogItem:
    """One thing the log says: a line, a round's header (with its dice) or a bot's reasoning."""

    text: str
    kind: str = "line"  #: "line", "round" or "reason"
    dice: tuple[tuple[int, tuple[int, ...]], ...] = ()  #: a round's dice: (seat, faces)
    white: int = 0  #: a round's white die (solo), 0 if none
    round: int = 0  #: a round header's number


def describe_record(
    rec: Any, names: list[str], *, reasoning: bool = False, sheet: bool = False
) -> list[str]:
    """Log lines for one applied action (see :func:`record_items`)."""
    return [item.text for item in record_items(rec, names, reasoning=reasoning, sheet=sheet)]


#: Reasons that only say what was done, which the record's own lines (or the rest's line)
#: say too ("rests: takes back 2 cubes", then "rests: 2 cubes back"; "frees Morpheus" once
#: per card freed): not told even when the reasoning is shown.
_RESTATED = frozenset(
    {
        "bot.rest",
        "bot.only",
        "bot.easy_card",
        "bot.give_up",
        "bot.easy_rest",
        "bot.frees",
        "bot.turns_up",
        "bot.rest_done",
    }
)
#: Reasons whose "why" is added to the line that says what was done, as its explanation.
_WHY = {"bot.deck": "bot.why.deck", "bot.deck_row": "bot.why.deck_row"}


def record_items(
    rec: Any, names: list[str], *, reasoning: bool = False, sheet: bool = False
) -> list[LogItem]:
    """What the log says about one applied action.

    The events say what happened in plain words. A bot's reason (with its figures: what a
    labour is "worth", what the next roll may do) is told only when ``reasoning`` is on
    (the "Show bot reasoning" setting), and never twice: a reason that restates the
    record's lines is left out, and "takes Hestia: the most useful card" is one line, not a
    reason followed by "takes Hestia". ``sheet``: the print-and-play variant's words
    (powers and circles rather than cards and cubes).
    """
    out = event_items(rec.events, names)
    if not (reasoning and rec.reason and rec.seat >= 0):
        return out
    parsed = parse_reason(rec.reason)
    key = parsed[0] if parsed is not None else ""
    if key in _RESTATED:
        return out
    if key in _WHY and out and out[0].kind == "line":
        what = out[0].text.rstrip(".")
        out[0] = LogItem(t("log.with_reason", what=what, why=t(_WHY[key])), "line")
        return out
    why = reason_text(rec.reason, sheet)
    note = LogItem(t("log.bot_reason", who=seat_name(names, rec.seat), why=why), "reason")
    return [note, *out]


def describe_events(events: Sequence[Event], names: list[str]) -> list[str]:
    """Log lines for one applied action's events."""
    return [item.text for item in event_items(events, names)]


def space_name(column: int) -> str:
    """A column as the log names it: "Start" for the start space, else "labour 6"."""
    return t("board.start") if column == 0 else t("log.space", n=column)


def event_items(events: Sequence[Event], names: list[str]) -> list[LogItem]:
    """What the log says about one applied action's events."""
    out: list[LogItem] = []
    for ev in events:
        if ev.type == "dice_rolled":
            d = ev.data
            parts = [
                f"{seat_name(names, seat)} {'-'.join(map(str, faces))}"
                for seat, faces in enumerate(d["dice"])
            ]
            line = t("log.rolled", round=d["round"], dice=", ".join(parts))
            if "white" in d:
                line += " " + t("log.white", face=d["white"])
            dice = tuple((seat, tuple(faces)) for seat, faces in enumerate(d["dice"]))
            out.append(LogItem(line, "round", dice, int(d.get("white", 0)), int(d["round"])))
            continue
        text = _event_line(ev, names)
        if text:
            out.append(LogItem(text))
    return out


def _event_line(ev: Event, names: list[str]) -> str:
    """The line for one event ("" for events the log does not tell).

    Not told: what animation alone shows (cubes taken and returned), and each power circle
    erased while resting on the print-and-play sheet (one action each: "erases a circle of
    Morpheus" twice running), which the rest's own line counts ("erases 2 power circles").
    """
    who = seat_name(names, ev.player)
    d = ev.data
    typ = ev.type
    if typ == "labour_performed":
        a, b = d["faces"]
        return t(
            "log.labour",
            who=who,
            sum=arithmetic(d["op"], a, b, d["labour"]),
            labour=labour_title(d["labour"]),
        )
    if typ == "apprentice_moved":
        return t("log.moved", who=who, frm=space_name(d["from"]), to=space_name(d["to"]))
    if typ == "card_received":
        return t("log.card", who=who, card=card_name(d["card"]))
    if typ == "ability_used":
        return t(
            "log.ability", who=who, card=card_name(d["card"]), ability=t(f"ability.{d['ability']}")
        )
    if typ == "dice_changed":
        old = "-".join(map(str, d["old"]))
        return t("log.dice_changed", who=who, old=old, new="-".join(map(str, d["new"])))
    if typ == "dice_copied":
        other = seat_name(names, d["from_player"])
        return t("log.copied", who=who, other=other, new="-".join(map(str, d["new"])))
    if typ == "white_die_taken":
        return t("log.white_taken", who=who, face=d["face"])
    if typ == "rested":
        if "circles" in d:  # the print-and-play sheet: power circles erased, no cubes
            return tn("log.pnp.rested", int(d["circles"]), who=who)
        line = tn("log.rested", int(d["cubes"]), who=who)
        return f"{line} {t('log.rest_god')}" if d["god"] else line
    if typ == "labour_given_up":
        return t("log.gave_up", who=who)
    if typ == "hades_white_die":
        return t("log.hades_white", face=d["face"], deck=t(f"deck.{d['deck']}"))
    if typ == "cube_taken" and d.get("case") == 1:
        return t("log.hades_cube", labour=space_name(d["column"]))
    if typ == "pegasus_passed":
        return t("log.pegasus", who=who)
    if typ == "game_end_triggered":
        return t(f"log.end.{d['reason']}", who=who)
    if typ == "game_over":
        return t("log.game_over")
    # The print-and-play sheet.
    if typ == "power_crossed":
        return t("log.pnp.power_crossed", who=who, power=t(f"deck.{d['deck']}"))
    if typ == "power_used":
        return t(
            "log.pnp.power_used",
            who=who,
            power=t(f"deck.{d['deck']}"),
            ability=t(f"ability.{d['ability']}"),
            labour=d["labour"],
        )
    if typ == "labour_circles_erased":
        return tn("log.pnp.labours_erased", len(d["labours"]), who=who)
    if typ == "jump":
        return tn("log.pnp.jump", int(d["spaces"]), who=who, vp=d["vp"])
    if typ == "apprentice_held":
        kept = int(d["full"]) - int(d["at"])
        return tn("log.pnp.held", kept, who=who, at=space_name(int(d["at"])))
    if typ == "reached_12":
        return t("log.pnp.reached_12", who=who, vp=d["vp"])
    return ""

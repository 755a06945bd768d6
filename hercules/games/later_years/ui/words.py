"""The Later Years table in words: cards, tasks, seats, refusals, what to do now, and the log.

Every word comes through the string tables (``assets/games/later_years/strings``, keys
``ly.*``), so the table speaks English and Italian alike. The log is built from the engine's
events, which carry public facts only: a card nobody else may see is never named. No pygame.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from hercules.games.later_years.engine import Event, load_data
from hercules.games.later_years.engine.data import ACTION, DRAW, OBJECT
from hercules.games.later_years.engine.state import (
    HIDDEN,
    P_BID,
    P_DRAW,
    P_OVER,
    P_PLAY,
    LaterYearsState,
)
from hercules.ui.log import HEADER, LINE, NOTE, LogEntry
from hercules.ui.strings import has, languages, t, tn, tr
from hercules.ui.theme import player_style, theme_data

from .reasons import reason_text

Colour = tuple[int, ...]
#: The order cards are shown in a hand: actions, objects (each by value), then Draw cards.
KIND_ORDER = {ACTION: 0, OBJECT: 1, DRAW: 2}


@cache
def table_data() -> dict[str, Any]:
    """The table's drawing data (``data/table.json``), shipped as package data."""
    text = (
        resources.files("hercules.assets")
        .joinpath("games", "later_years", "data", "table.json")
        .read_text(encoding="utf-8")
    )
    doc: dict[str, Any] = json.loads(text)
    return doc


def tint(name: str) -> Colour:
    """A colour of the Later Years table."""
    return tuple(int(v) for v in table_data()["colours"][name])


def _palette() -> str:
    """The box's palette in use, read from the first seat's colour (the shell keeps its name)."""
    first = player_style(0)["colour"]
    for name, seats in theme_data()["palettes"].items():
        if tuple(seats[0]["colour"]) == tuple(first):
            return str(name)
    return "classic"


def seat_style(seat: int) -> dict[str, Any]:
    """Colour, dark shade, shape and colour name of a seat: the box's four, then a fifth.

    The box's palettes have four seats; a fifth player gets its own colour and shape here
    (``table.json``), per palette, so that no two seats look alike.
    """
    if seat < 4:
        return player_style(seat)
    raw = table_data()["fifth_seat"].get(_palette(), table_data()["fifth_seat"]["classic"])
    return {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()}


# --- names -----------------------------------------------------------------------------------


def default_name(seat: int, kind: str, lang: str | None = None) -> str:
    """The name the game gives a seat: its colour for a human, "<colour> bot" for a bot."""
    key = seat_style(seat)["name_key"]
    if lang is None:
        col = t(key)
        return col if kind == "human" else t("seat.bot", colour=col)
    col = tr(lang, key)
    return col if kind == "human" else tr(lang, "seat.bot", colour=col)


def localise(name: str, seat: int) -> str:
    """A saved name in the current language if it is one the game gave (in any language)."""
    for lang in languages():
        for kind in ("human", "bot"):
            if name == default_name(seat, kind, lang):
                return default_name(seat, kind)
    return name


def names_for(seats: Sequence[Any], config: dict[str, Any], saved: Sequence[str] = ()) -> list[str]:
    """Seats' display names: the ``saved`` ones (in the current language where the game gave
    them), else each seat's colour, marked as a bot where one plays."""
    out = []
    for i, seat in enumerate(seats):
        name = saved[i] if i < len(saved) else ""
        kind = "human" if getattr(seat, "kind", "human") == "human" else "bot"
        out.append(localise(name, i) if name else default_name(i, kind))
    return out


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's display name (or "nobody")."""
    return names[seat] if 0 <= seat < len(names) else t("seat.nobody")


# --- cards and tasks -------------------------------------------------------------------------


def type_name(type_id: str) -> str:
    """An action's, object's or Draw card's name ("Capture")."""
    return t(f"ly.type.{type_id}")


def card_name(card: str) -> str:
    """A card's name, with its mark if it counts double or triple ("Capture ×2")."""
    if card == HIDDEN or not card:
        return t("ly.card.hidden")
    c = load_data().cards[card]
    name = type_name(c.type)
    return t("ly.card.units", name=name, n=c.units) if c.units > 1 else name


def cards_text(cards: Sequence[str]) -> str:
    """Cards as a list in words ("Capture, Capture ×2 and Temple")."""
    names = [card_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return t("ly.list", head=", ".join(names[:-1]), last=names[-1])


def task_name(space_id: str) -> str:
    """A task in words ("Capture the Temple")."""
    sp = load_data().space(space_id)
    return t("ly.task", action=type_name(sp.action), object=t(f"ly.the.{sp.object}"))


def card_sort_key(card: str) -> tuple[int, int, int, str]:
    """Where a card goes in a shown hand: actions, objects, Draw cards; by value; marks last."""
    if card == HIDDEN:
        return (9, 0, 0, card)
    data = load_data()
    c = data.cards[card]
    ct = data.types[c.type]
    return (KIND_ORDER[ct.kind], ct.value, c.units, card)


def refusal(err: Exception) -> str:
    """Why the engine refused an action, in words."""
    reason = getattr(err, "reason", None)
    key = f"ly.refused.{reason}"
    return t(key) if reason is not None and has(key) else str(err)


# --- what to do now --------------------------------------------------------------------------


def prompt_lines(
    state: LaterYearsState, names: Sequence[str], human: bool, replay: bool = False
) -> list[str]:
    """What the game waits for, in a line or two (the player's options when they act)."""
    who = seat_name(names, state.current)
    p = state.prompt
    if p == P_OVER:
        return [t("ly.prompt.over")]
    if replay:
        return [t("ly.prompt.replay")]
    if p == P_BID:
        if human:
            return [t("ly.prompt.bid_you", name=who), t("ly.prompt.bid_how")]
        return [t("ly.prompt.bid_other", name=who)]
    if p in (P_PLAY, P_DRAW):
        if human:
            return [t("ly.prompt.play_you", name=who), t("ly.prompt.play_how")]
        return [t("ly.prompt.play_other", name=who)]
    return [t("ly.prompt.deal")]


# --- the log ---------------------------------------------------------------------------------


class LogContext:
    """What the log remembers between records: the round and the auction row's public cards.

    The log is written from the events alone (so a resumed game's history reads the same as
    a game played here): a bid names its card from the row the last deal showed.
    """

    def __init__(self) -> None:
        self.round = 0
        self.row: list[str] = []  #: the face-up cards dealt, then HIDDEN for the face-down one

    def card_at(self, slot: int) -> str:
        """The card at ``slot`` of the auction row, in words (the face-down one unnamed)."""
        if not 0 <= slot < len(self.row) or self.row[slot] == HIDDEN:
            return t("ly.card.face_down")
        return card_name(self.row[slot])


def record_entries(
    events: Sequence[Event], names: Sequence[str], ctx: LogContext, reason: str = ""
) -> list[LogEntry]:
    """The log's entries for one record's events; ``ctx`` is updated as the log goes on.

    Only public facts are written: the face-down card and drawn cards are never named.
    """
    out: list[LogEntry] = []
    for ev in events:
        who = seat_name(names, ev.seat)
        k = ev.kind
        if k == "dealt":
            ctx.round += 1
            ctx.row = [*ev.cards, HIDDEN]
            n = ctx.round
            up = cards_text(list(ev.cards))
            out.append(
                LogEntry(t("ly.log.dealt", n=n, cards=up), HEADER, title=t("ly.log.round", n=n))
            )
        elif k == "bid":
            out.append(LogEntry(tn("ly.log.bid", ev.n, name=who, card=ctx.card_at(ev.slot))))
        elif k == "outbid":
            out.append(LogEntry(tn("ly.log.outbid", ev.n, name=who)))
        elif k == "won":
            card = card_name(ev.card) if ev.card else t("ly.card.face_down")
            out.append(LogEntry(tn("ly.log.won", ev.n, name=who, card=card)))
        elif k == "task":
            out.append(
                LogEntry(
                    tn(
                        "ly.log.task",
                        ev.n,
                        name=who,
                        task=task_name(ev.space),
                        cards=cards_text(list(ev.cards)),
                    )
                )
            )
        elif k == "play_draw":
            out.append(LogEntry(t("ly.log.play_draw", name=who, card=card_name(ev.card))))
        elif k == "drew":
            out.append(LogEntry(tn("ly.log.drew", ev.n, name=who)))
        elif k == "end":
            out.append(LogEntry(t("ly.log.end", name=who)))
        elif k == "pawn":
            out.append(LogEntry(t("ly.log.pawn", name=who)))
        elif k == "over":
            out.append(LogEntry(tn("ly.log.over", ev.n)))
    if reason:
        out.append(LogEntry(reason_text(reason, names), NOTE))
    return out


def entry_lines(entries: Sequence[LogEntry]) -> list[str]:
    """The entries' words (tests read the log as text)."""
    return [e.text for e in entries if e.kind in (LINE, HEADER, NOTE)]


def save_line(meta: dict[str, Any], names: Sequence[str]) -> str:
    """A saved game on the load screen: round, players and the leader, or who won."""
    n = meta.get("players", len(names))
    if meta.get("finished"):
        winners = [seat_name(names, w) for w in meta.get("winners", []) if isinstance(w, int)]
        return t("ly.save.over", players=n, names=", ".join(winners) or "?")
    lead = meta.get("leader") or {}
    seat = lead.get("seat", -1) if isinstance(lead, dict) else -1
    vp = lead.get("vp", 0) if isinstance(lead, dict) else 0
    return t(
        "ly.save.line",
        round=meta.get("round", 0),
        players=n,
        name=seat_name(names, seat if isinstance(seat, int) else -1),
        vp=vp,
    )

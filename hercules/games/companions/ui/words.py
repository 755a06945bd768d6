"""*The Labours of Hercules*' table in words: seats, cards, characters, what to do now, the log.

Every word comes through the string tables (``assets/games/companions/strings``, keys
``co.*``), so the table speaks English and Italian alike. The log is written from the
engine's events, which name public facts only (a space looked at, never its card). No pygame.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from hercules.app.registry import assets_path
from hercules.ui.log import HEADER, LINE, NOTE, LogEntry
from hercules.ui.names import default_names, localise_name
from hercules.ui.strings import has, language, languages, t, tn, tr
from hercules.ui.theme import palette_name, player_style, theme_data

from ..engine import rules as E
from ..engine.data import load_data
from ..spec import SPEC

Colour = tuple[int, ...]
#: A seat's kinds as its name tells them.
KINDS = ("human", "bot")
#: The rows' letters (a space is named "A3": row A, third card).
ROW_LETTERS = ("A", "B")


@cache
def table_data() -> dict[str, Any]:
    """The table's drawing data (``data/table.json``), shipped as package data."""
    text = assets_path(SPEC.assets, "data", "table.json").read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def tint(name: str) -> Colour:
    """A colour of the table (``table.json``)."""
    return tuple(int(v) for v in table_data()["colours"][name])


def seconds(name: str) -> float:
    """A length of time of the table (``night_seconds``, ``vote_seconds``)."""
    return float(table_data()[name])


def seat_style(seat: int) -> dict[str, Any]:
    """Colour, dark shade, shape and colour name of a seat: the box's five, then two more.

    The box's palettes have five seats; the sixth and seventh get theirs from ``table.json``,
    per palette, so that no two seats look alike."""
    box = len(theme_data()["palettes"][palette_name()])
    if seat < box:
        return player_style(seat)
    extra = table_data()["extra_seats"]
    raw = extra.get(palette_name(), extra["classic"])[(seat - box) % 2]
    return {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items()}


# --- names -----------------------------------------------------------------------------------


def _box_seats() -> int:
    """How many seats the box's palette colours (the rest are the table's own)."""
    return len(theme_data()["palettes"][palette_name()])


def default_name(seat: int, kind: str, lang: str | None = None) -> str:
    """The name the game gives a seat: its colour for a human, "<colour> bot" for a bot (the
    box's names for its palette's seats, the table's colours past them)."""
    if seat < _box_seats():
        return default_names(seat, lang)[kind]
    lang = lang or language()
    col = tr(lang, seat_style(seat)["name_key"])
    return col if kind == "human" else tr(lang, "seat.bot", colour=col)


def localise(name: str, seat: int) -> str:
    """A saved name in the current language if it is one the game gave (in any language)."""
    if seat < _box_seats():
        return localise_name(name, seat)
    given = {(lang, kind): default_name(seat, kind, lang) for lang in languages() for kind in KINDS}
    kind = next((k for (_, k), text in given.items() if text == name), "")
    return default_name(seat, kind) if kind else name


def names_for(seats: Sequence[Any], config: dict[str, Any], saved: Sequence[str] = ()) -> list[str]:
    """Seats' display names: the ``saved`` ones (in the current language where the game gave
    them), else each seat's colour, marked as a bot where one plays."""
    kinds = ["human" if getattr(s, "kind", "human") == "human" else "bot" for s in seats]
    return [
        localise(saved[i], i) if i < len(saved) and saved[i] else default_name(i, kind)
        for i, kind in enumerate(kinds)
    ]


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's display name (or "nobody")."""
    return names[seat] if 0 <= seat < len(names) else t("seat.nobody")


# --- cards, characters, spaces ---------------------------------------------------------------


def space_name(row: int, col: int) -> str:
    """A space in words: its row's letter and place from 1 ("A3")."""
    return f"{ROW_LETTERS[row] if 0 <= row < 2 else '?'}{col + 1}"


def card_name(card: str) -> str:
    """A task card's number and name ("#7 Lernaean Hydra"), or "a face-down card"."""
    if card == E.HIDDEN or not card:
        return t("co.card.hidden")
    c = load_data().cards[card]
    return t("co.card.name", n=c.number, name=t(f"co.task.{c.id}"))


def task_title(card: str) -> str:
    """A task card's own name ("Lernaean Hydra")."""
    return t(f"co.task.{card}")


def char_name(number: int) -> str:
    """A character's name ("Theseus"); 0: a hidden character."""
    return t(f"co.char.{number}") if number > 0 else t("co.char.hidden")


def effect_name(effect: str) -> str:
    """A card effect's short name ("alarm", "vote")."""
    return t(f"co.effect.{effect}")


def ability_text(number: int) -> str:
    """What a character's card lets it do, in a line."""
    return t(f"co.ability.{load_data().characters[number].ability}")


def token_words(normal: int, betrayal: int) -> str:
    """Tokens in words ("2 normal · 1 betrayal")."""
    return t("co.tokens.split", n=normal, b=betrayal)


def refusal(err: Exception | None) -> str:
    """Why the engine refused an action, in words."""
    reason = getattr(err, "reason", None)
    value = getattr(reason, "value", reason)
    key = f"co.refused.{value}"
    return t(key) if value is not None and has(key) else t("co.refused.not_legal")


# --- what to do now --------------------------------------------------------------------------


def prompt_lines(v: E.State, names: Sequence[str], viewer: int, human: bool) -> list[str]:
    """What the game waits for, in a line or two (the options when the viewer acts)."""
    p = v.prompt
    who = seat_name(names, v.current)
    if p == E.P_OVER:
        return [t("co.prompt.over")]
    if p == E.P_JOURNEY_END:
        return [t("co.prompt.journey_end", n=v.journey)]
    if not human:
        if p == E.P_VOTE:
            cast = sum(b >= 0 for b in v.ballots)
            return [t("co.prompt.vote_other", name=who), tn("co.prompt.cast", cast, total=v.n)]
        return [t(f"co.prompt.{p}_other", name=who)]
    if p == E.P_REVEAL:
        may, must = E.reveal_choice(v)
        key = "reveal_must" if must and may else ("reveal_never" if not may else "reveal_you")
        return [t(f"co.prompt.{key}"), t("co.prompt.reveal_how")]
    if p == E.P_ABILITY:
        ability = load_data().characters[v.characters[viewer]].ability
        return [t(f"co.prompt.ability_{ability}")]
    return [t(f"co.prompt.{p}_you"), t(f"co.prompt.{p}_how")]


# --- the log ---------------------------------------------------------------------------------


def record_entries(
    events: Sequence[E.Event], names: Sequence[str], first: bool = False
) -> list[LogEntry]:
    """The log's entries for one record's events (public facts only; ``first``: the game's
    first record, which opens the first journey's heading). Draws and discards of one record
    are told together."""
    out: list[LogEntry] = []
    if first:
        out.append(LogEntry(t("co.log.journey", n=1), HEADER, title=t("co.log.journey_title", n=1)))
    drew = [e.seat for e in events if e.kind == "drew"]
    gone = [e.card for e in events if e.kind == "discarded"]
    back = [e.card for e in events if e.kind == "returned"]
    for ev in events:
        who = seat_name(names, ev.seat)
        k = ev.kind
        at = space_name(ev.row, ev.col)
        if k == "journey":
            out.append(
                LogEntry(
                    t("co.log.journey", n=ev.n), HEADER, title=t("co.log.journey_title", n=ev.n)
                )
            )
        elif k in ("looked", "swapped"):
            out.append(LogEntry(t(f"co.log.{k}", name=who, a=at, b=space_name(1, ev.n))))
        elif k in ("peeked", "hercules_peeked", "flipped", "moved"):
            out.append(LogEntry(t(f"co.log.{k}", name=who, at=at)))
        elif k == "claim":
            out.append(LogEntry(t("co.log.claim", name=who, at=at, n=ev.n)))
        elif k in ("silent", "kept", "no_reveal", "token_returned"):
            out.append(LogEntry(t(f"co.log.{k}", name=who)))
        elif k == "revealed":
            out.append(LogEntry(t("co.log.revealed", name=who, at=at, card=card_name(ev.card))))
        elif k == "ability":
            out.append(LogEntry(t("co.log.ability", name=who, char=char_name(ev.n))))
        elif k == "swapped_up":
            out.append(LogEntry(t("co.log.swapped_up", name=who, at=at)))
        elif k == "vote":
            words = t("co.log.passed" if ev.seat else "co.log.failed")
            out.append(LogEntry(tn("co.log.vote", ev.n, what=words)))
        elif k in ("item", "labour"):
            out.append(LogEntry(t(f"co.log.{k}", card=card_name(ev.card))))
        elif k in ("journey_ends", "labours_done", "bag_empty", "identity_confirmation"):
            out.append(LogEntry(t(f"co.log.{k}", n=ev.n), NOTE if k != "journey_ends" else LINE))
    if drew:
        who_drew = ", ".join(seat_name(names, s) for s in drew)
        out.append(LogEntry(tn("co.log.drew", len(drew), names=who_drew)))
    if gone:
        out.append(LogEntry(tn("co.log.discarded", len(gone), what=_tokens_text(gone))))
    if back:
        out.append(LogEntry(tn("co.log.returned", len(back), what=_tokens_text(back))))
    return out


def _tokens_text(tokens: Sequence[str]) -> str:
    return token_words(sum(x == "N" for x in tokens), sum(x == "B" for x in tokens))


def entry_lines(entries: Sequence[LogEntry]) -> list[str]:
    """The entries' words (tests read the log as text)."""
    return [e.text for e in entries if e.kind in (LINE, HEADER, NOTE)]


def save_line(meta: dict[str, Any], names: Sequence[str]) -> str:
    """A saved game on the load screen: its journey, players and labours, or who won."""
    n = meta.get("players", len(names))
    total = load_data().win_labours
    if meta.get("finished"):
        side = "hero" if meta.get("winner") == E.HERO else "hera"
        return t(f"co.save.over_{side}", players=n)
    return t(
        "co.save.line",
        journey=meta.get("round", 1),
        players=n,
        labours=meta.get("labours", 0),
        total=total,
    )


def card_tip(card: str) -> list[str]:
    """A task card explained, a line each: its name and kind, what a labour needs, each
    effect, its bravery icons, the cards it adds."""
    c = load_data().cards[card]
    lines = [t("co.tip.head", card=card_name(card), kind=t(f"co.kind.{c.kind}"))]
    if c.needs:
        lines.append(t("co.tip.needs", items=" ".join(f"#{n}" for n in c.needs)))
    lines += [t(f"co.tip.effect.{e}") for e in (*c.reveal, *c.kept)]
    if c.icons and (c.kind == "labour" or c.number == 1):
        lines.append(tn("co.tip.icons", c.icons))
    if c.adds:
        lines.append(t("co.tip.adds", cards=" ".join(f"#{n}" for n in c.adds)))
    return lines

"""The Labors table in words: names, attack methods, what to do now, and the log.

Every word comes through the string tables (``assets/games/labors/strings``), so the table
speaks English and Italian alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from hercules.games.labors.engine import Event, load_data
from hercules.games.labors.engine.data import Attack
from hercules.games.labors.engine.state import (
    P_ABDERUS,
    P_FORK,
    P_MOOD,
    P_OVER,
    P_PHOLUS,
    P_PLAY,
    P_REMOVE,
    P_RESTART,
    P_REWARD,
    LaborsState,
)
from hercules.ui.log import HEADER, LINE, NOTE, LogDice, LogEntry
from hercules.ui.strings import has, t

from . import words
from .layout import tint
from .words import labour_name as labour_name
from .words import reward_name as reward_name


def mood_name(mid: str) -> str:
    """A Mood's name ("" before the first is drawn)."""
    return words.mood_name(mid) if mid else t("lab.mood.none")


def sentence(text: str) -> str:
    """A phrase as a sentence: capital first, full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def card_name(card: str) -> str:
    """The name of the card holding a space: the Bow, a Reward or a Mood."""
    if card == "BOW":
        return t("lab.card.BOW")
    if card.startswith("MOOD-"):
        return mood_name(card)
    return reward_name(card)


def die_name(labour: int, k: int) -> str:
    """A Trial die: "the Nemean Lion", or "the Augean Stables (die 2)" when it has several."""
    lab = load_data().labour(labour)
    if len(lab.dice) == 1:
        return t("lab.die.one", name=labour_name(labour))
    return t("lab.die.many", name=labour_name(labour), k=k + 1)


def method_text(attack: Attack) -> str:
    """An attack method in words, as a label ("Dice adding up to exactly 18")."""
    text = words.attack_text(attack)
    return text[:1].upper() + text[1:]


def faces_text(values: Iterable[int]) -> str:
    """Dice faces as "5, 6"."""
    return ", ".join(str(v) for v in values)


def mood_effect(mid: str) -> str:
    """What a Mood does, in one line."""
    mood = load_data().moods.get(mid)
    if mood is None:
        return ""
    if mood.roll:
        return t("lab.mood.effect.roll_down" if mood.roll < 0 else "lab.mood.effect.roll_up")
    if mood.dice:
        return t("lab.mood.effect.dice", n=f"{mood.dice:+d}")
    if mood.courage:
        return t("lab.mood.effect.courage", n=-mood.courage)
    if mood.blue is not None:
        return t("lab.mood.effect.blue")
    if mood.choice is not None:
        return t("lab.mood.effect.choice")
    if mood.aside:
        return t("lab.mood.effect.aside")
    return t("lab.mood.effect.cover") if mood.cover else ""


def prompt_lines(state: LaborsState, picked: Sequence[int], human: bool, busy: bool) -> list[str]:
    """What the player can do now."""
    p = state.prompt
    if p == P_OVER:
        return [t("lab.prompt.over")]
    if busy:
        return [t("lab.prompt.wait")]
    if not human:
        return [t("lab.prompt.autoplay")]
    if p == P_PLAY:
        if picked:
            return [t("lab.prompt.selected", faces=faces_text(state.roll[i].value for i in picked))]
        return [t("lab.prompt.play")]
    key = {
        P_RESTART: "lab.prompt.restart",
        P_MOOD: "lab.prompt.mood",
        P_ABDERUS: "lab.prompt.abderus",
        P_PHOLUS: "lab.prompt.pholus",
        P_FORK: "lab.prompt.fork",
        P_REWARD: "lab.prompt.reward",
        P_REMOVE: "lab.prompt.remove",
    }.get(p)
    return [t(key, n=state.config.start)] if key else []


def reward_text(r: Any) -> str:
    """A Reward without spaces in a line: what it lets the player do."""
    if r.redraw_mood:
        return t("lab.reward.redraw")
    return ""


def refusal(err: Exception) -> str:
    """Why the engine refused an action, in words."""
    reason = getattr(err, "reason", None)
    key = f"lab.refused.{reason}"
    return t(key) if reason is not None and has(key) else str(err)


# --- the log -------------------------------------------------------------------------------


def record_entries(
    events: Sequence[Event], before: LaborsState, reason: str = ""
) -> list[LogEntry]:
    """The log's entries for one record's events (``before``: the state it was applied to)."""
    out: list[LogEntry] = []
    labour = before.labour
    card = ""
    for ev in events:
        k = ev.kind
        if k == "trial":
            labour = ev.n
            out.append(
                LogEntry(
                    t("lab.log.trial", n=ev.n, name=labour_name(ev.n)),
                    HEADER,
                    title=labour_name(ev.n),
                )
            )
        elif k == "mood":
            out.append(LogEntry(t("lab.log.mood", mood=mood_name(ev.card))))
        elif k == "redraw":
            out.append(LogEntry(t("lab.log.redraw", mood=mood_name(ev.card))))
        elif k == "rolled":
            if ev.values:
                dice = (LogDice(tuple(ev.values), tint("hercules_die"), tint("hercules_pip")),)
                text = t("lab.log.rolled", n=ev.n, faces=faces_text(ev.values))
                out.append(LogEntry(text, HEADER, dice, t("lab.log.roll", n=ev.n)))
            else:
                out.append(LogEntry(t("lab.log.rolled_none", n=ev.n)))
        elif k == "aside":
            out.append(LogEntry(t("lab.log.aside")))
        elif k == "blue":
            card = card_name(ev.card)
        elif k == "set":
            out.append(LogEntry(t("lab.log.set", card=card, v=ev.values[0])))
        elif k == "rerolled":
            out.append(LogEntry(t("lab.log.rerolled", card=card, faces=faces_text(ev.values))))
        elif k == "twin":
            out.append(LogEntry(t("lab.log.twin", card=card, v=ev.values[0])))
        elif k == "gold":
            faces = faces_text(before.roll[d].value for d in ev.dice if d < len(before.roll))
            out.append(LogEntry(t("lab.log.gold", card=card_name(ev.card), faces=faces)))
        elif k == "attack":
            faces = faces_text(
                sorted(before.roll[d].value for d in ev.dice if d < len(before.roll))
            )
            target = die_name(labour, ev.target)
            out.append(LogEntry(t("lab.log.attack", faces=faces, target=target, n=ev.n)))
        elif k == "hurt":
            saved = ev.values[1] if len(ev.values) > 1 else 0
            if saved:
                out.append(LogEntry(t("lab.log.hurt_saved", n=ev.n, saved=saved)))
            elif ev.n:
                out.append(LogEntry(t("lab.log.hurt", n=ev.n)))
        elif k == "courage":
            out.append(LogEntry(t("lab.log.courage", n=f"{ev.n:+d}")))
        elif k == "divinity":
            out.append(LogEntry(t("lab.log.divinity", n=f"{ev.n:+d}")))
        elif k == "heal":
            out.append(LogEntry(t("lab.log.heal", target=die_name(labour, ev.target), n=ev.n)))
        elif k == "broken":
            out.append(LogEntry(t("lab.log.broken")))
        elif k == "adv":
            out.append(LogEntry(t("lab.log.adv")))
        elif k == "beaten":
            out.append(LogEntry(t("lab.log.beaten", name=labour_name(ev.n))))
        elif k == "reward":
            out.append(LogEntry(t("lab.log.reward", name=reward_name(ev.card))))
        elif k == "removed":
            out.append(LogEntry(t("lab.log.removed", name=reward_name(ev.card))))
        elif k == "kept":
            out.append(LogEntry(t("lab.log.kept", name=reward_name(ev.card), n=ev.n)))
        elif k == "covered":
            out.append(LogEntry(t("lab.log.covered", name=reward_name(ev.card))))
        elif k == "abderus":
            out.append(LogEntry(t(f"lab.log.abderus_{ev.card}")))
        elif k == "endless":
            out.append(LogEntry(t("lab.log.endless")))
        elif k == "skull":
            out.append(LogEntry(t("lab.log.skull")))
        elif k == "over":
            out.append(LogEntry(t(f"lab.log.over.{ev.card}")))
    if reason:
        out.append(LogEntry(reason, NOTE))
    return out


def entry_lines(entries: Sequence[LogEntry]) -> list[str]:
    """The entries' words (tests and tools read the log as text)."""
    return [e.text for e in entries if e.kind in (LINE, HEADER, NOTE)]


def save_line(meta: dict[str, Any], names: Sequence[str]) -> str:
    """A saved run on the load screen: difficulty, trial, Courage and Divinity, or its end."""
    mode = t(f"mode.{meta.get('mode', 'hero')}")
    n = meta.get("labour", 1)
    if meta.get("finished"):
        key = "lab.save.won" if meta.get("outcome") == "won" else "lab.save.lost"
        return t(
            key,
            mode=mode,
            n=n,
            name=labour_name(int(n)) if isinstance(n, int) and 1 <= n <= 12 else "",
        )
    return t(
        "lab.save.line",
        mode=mode,
        n=n,
        courage=meta.get("courage", 0),
        divinity=meta.get("divinity", 0),
    )

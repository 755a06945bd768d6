"""The Labors game's components in words: labours, Rewards, Moods, abilities and tracks.

Everything here is built from the engine's data and the string tables (``lab.rules.*`` keys,
English and Italian), so the rules screen's reference, the run-over screen and the table's
tooltips all say the same thing the same way. No pygame here.
"""

from __future__ import annotations

from collections import Counter, deque

from hercules.games.labors.engine.data import (
    SKULL,
    START,
    Attack,
    BlueDef,
    GoldDef,
    LaborsData,
    MoodDef,
    RewardDef,
    TrialDieDef,
    load_data,
)
from hercules.ui.strings import t, text_file, tn

#: The game's assets folder (its spec's ``assets``; the spec is not imported here, to stay light).
ASSETS = "games/labors"

#: Roman numerals of the twelve labours (the box's Greek look numbers them so).
NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")


#: How the parts of a description are joined (the same punctuation in both languages).
LIST_SEP = ", "
SENTENCE_SEP = "; "


def numeral(n: int) -> str:
    """Labour ``n`` (1-12) as a Roman numeral; other numbers as they are."""
    return NUMERALS[n - 1] if 1 <= n <= len(NUMERALS) else str(n)


def labour_name(n: int) -> str:
    """The name of labour ``n`` (1-12), e.g. "Nemean Lion"."""
    return t(f"lab.rules.labour.{n}")


def labour_title(n: int) -> str:
    """Labour ``n`` with its numeral: "I · Nemean Lion"."""
    return f"{numeral(n)} \u00b7 {labour_name(n)}"


def reward_name(reward_id: str, data: LaborsData | None = None) -> str:
    """A Reward's name ("RWD-04B" -> "Regret"); the variants of one labour share it."""
    data = data or load_data()
    reward = data.rewards.get(reward_id)
    if reward is None:
        return reward_id
    return t(f"lab.rules.reward.{reward.labour}")


def reward_variant(reward_id: str) -> str:
    """The letter telling apart the Rewards of one labour ("RWD-04B" -> "B"; none: "")."""
    tail = reward_id.rsplit("-", 1)[-1]
    return tail[-1] if tail and tail[-1].isalpha() else ""


def mood_name(mood_id: str) -> str:
    """A Mood's name ("MOOD-SORROWFUL" -> "You Are Sorrowful")."""
    return t(f"lab.rules.mood.{mood_id}")


def game_text(name: str) -> str:
    """This game's text ``text/<name>.<lang>.txt`` in the current language, else in English
    (from the game's own folder: the box's first game has a ``rules`` text too)."""
    return text_file(name, ASSETS)


# --- abilities ---------------------------------------------------------------------------------


def attack_text(attack: Attack) -> str:
    """An attack method in words: what one set of dice must show to deal 1 damage."""
    kind, values = attack.kind, attack.values
    if kind == "either":
        return t("lab.rules.attack.either", a=values[0], b=values[1])
    if kind == "eq":
        return t("lab.rules.attack.eq", v=values[0])
    if kind in ("sum", "run"):
        return t(f"lab.rules.attack.{kind}", n=values[0])
    return t(f"lab.rules.attack.{kind}")


def blue_text(blue: BlueDef) -> str:
    """A blue ability in words, with its Courage cost if it has one."""
    key = "pm1_wrap" if blue.kind == "pm1" and blue.wrap else blue.kind
    what = t(f"lab.rules.blue.{key}")
    return t("lab.rules.blue.cost", n=blue.cost, what=what) if blue.cost else what


def need_text(need: tuple[int | str, ...]) -> str:
    """The dice a gold space takes, in words ("a 6 and a 3", "two 4s", "a pair")."""
    counts = Counter(need)
    parts: list[str] = []
    for item, k in counts.items():
        if item == "same":
            parts.append(t("lab.rules.need.same") if k == 2 else tn("lab.rules.need.same_n", k))
        elif isinstance(item, int):
            parts.append(
                t("lab.rules.need.value", v=item)
                if k == 1
                else t("lab.rules.need.values", n=k, v=item)
            )
        else:
            parts += [t(f"lab.rules.need.{item}")] * k
    text = parts[0]
    for part in parts[1:]:
        text = t("lab.rules.need.and", a=text, b=part)
    return text


def gain_text(gain: str, amount: int) -> str:
    """What a gold space gives: shields, Courage or Divinity."""
    return tn(f"lab.rules.gain.{gain}", amount)


def gold_text(gold: GoldDef) -> str:
    """A gold ability in words: the dice it takes and what it gives."""
    return t("lab.rules.gold", need=need_text(gold.need), gain=gain_text(gold.gain, gold.amount))


def spaces_text(texts: list[str]) -> str:
    """Several spaces of one colour: alike ones said once with their number."""
    out = []
    for text, k in Counter(texts).items():
        out.append(text if k == 1 else t("lab.rules.spaces", n=k, what=text))
    return LIST_SEP.join(out)


def bonus_text(reward: RewardDef, with_courage: bool = True) -> str:
    """A Reward's bonus, gained once when it is taken ("+2 Courage, +1 Hercules die")."""
    parts = []
    if reward.courage and with_courage:
        parts.append(tn("lab.rules.gain.courage", reward.courage))
    if reward.divinity:
        parts.append(tn("lab.rules.gain.divinity", reward.divinity))
    if reward.dice:
        parts.append(tn("lab.rules.bonus.dice", reward.dice))
    return LIST_SEP.join(parts) if parts else t("lab.rules.bonus.none")


def reward_text(reward: RewardDef, data: LaborsData | None = None) -> str:
    """Everything a Reward does, in one sentence: bonus, blue and gold spaces, cost, Moods."""
    data = data or load_data()
    parts = [t("lab.rules.r.bonus", what=bonus_text(reward))]
    if reward.blue:
        parts.append(t("lab.rules.r.blue", what=spaces_text([blue_text(b) for b in reward.blue])))
    if reward.gold:
        parts.append(t("lab.rules.r.gold", what=spaces_text([gold_text(g) for g in reward.gold])))
    if reward.redraw_mood:
        parts.append(t("lab.rules.r.redraw"))
    if reward.remove_prior:
        parts.append(t("lab.rules.r.remove_prior"))
    if reward.mood_add and reward.mood_remove:
        parts.append(
            t(
                "lab.rules.r.moods",
                add=mood_name(reward.mood_add),
                remove=mood_name(reward.mood_remove),
            )
        )
    parts.append(tn("lab.rules.r.restart", reward.restart))
    return SENTENCE_SEP.join(parts)


def mood_text(mood: MoodDef, data: LaborsData | None = None) -> str:
    """What a Mood does to the trial it opens, and how it enters or leaves the deck."""
    data = data or load_data()
    parts = []
    if mood.roll:
        parts.append(t("lab.rules.m.roll_down" if mood.roll < 0 else "lab.rules.m.roll_up"))
    if mood.dice:
        key = "lab.rules.m.dice_less" if mood.dice < 0 else "lab.rules.m.dice_more"
        parts.append(tn(key, abs(mood.dice)))
    if mood.courage:
        parts.append(tn("lab.rules.m.courage", -mood.courage))
    if mood.blue is not None:
        parts.append(t("lab.rules.m.blue", what=blue_text(mood.blue)))
    if mood.choice is not None:
        dice, courage = mood.choice
        parts.append(tn("lab.rules.m.choice", abs(dice), courage=abs(courage)))
    if mood.aside:
        parts.append(t("lab.rules.m.aside", v=mood.aside))
    if mood.cover:
        parts.append(t("lab.rules.m.cover"))
    for labour in sorted({r.labour for r in data.rewards.values() if r.mood_add == mood.id}):
        parts.append(t("lab.rules.m.enters", reward=t(f"lab.rules.reward.{labour}")))
    for labour in sorted({r.labour for r in data.rewards.values() if r.mood_remove == mood.id}):
        parts.append(t("lab.rules.m.leaves", reward=t(f"lab.rules.reward.{labour}")))
    if any(mood.id in out for _, out in data.difficulties.values()):
        gone = [d for d, (_, out) in data.difficulties.items() if mood.id in out]
        parts.append(t("lab.rules.m.left_out", difficulty=t(f"mode.{gone[0]}")))
    return SENTENCE_SEP.join(parts)


# --- trials ------------------------------------------------------------------------------------


def skull_distance(die: TrialDieDef) -> int | None:
    """The fewest moves from the start to the skull (None: the track never reaches one)."""
    seen = {START: 0}
    queue = deque([START])
    while queue:
        node = queue.popleft()
        if die.track[node].skull:
            return seen[node]
        for nxt in die.track[node].next:
            if nxt not in seen:
                seen[nxt] = seen[node] + 1
                queue.append(nxt)
    return None


def is_row(die: TrialDieDef) -> bool:
    """True for a printed row of spaces (no forks): its effects can be added up."""
    return all(len(space.next) <= 1 for space in die.track.values())


def row_effects(die: TrialDieDef) -> list[str]:
    """The effects along a row, from the start to the skull (or round its loop once)."""
    out: list[str] = []
    node, seen = START, set()
    while node not in seen:
        seen.add(node)
        space = die.track[node]
        out += [e for e in space.effects if e != SKULL]
        if not space.next:
            break
        node = space.next[0]
    return out


def track_text(die: TrialDieDef) -> str:
    """A Trial die's track in short: how far the skull is and what waits on the way."""
    far = skull_distance(die)
    if far is None:
        head = t("lab.rules.t.loop")
    elif is_row(die):
        head = tn("lab.rules.t.skull", far)
    else:
        head = tn("lab.rules.t.skull_fork", far)
    effects = (
        row_effects(die)
        if is_row(die)
        else [e for s in die.track.values() for e in s.effects if e != SKULL]
    )
    courage = sum(int(e[1:]) for e in effects if e.startswith("-"))
    heal = sum(int(e[1:]) for e in effects if e.startswith("h"))
    counts = Counter(effects)
    parts = []
    if is_row(die):
        if courage:
            parts.append(tn("lab.rules.t.courage", courage))
        if heal:
            parts.append(tn("lab.rules.t.heal", heal))
        for code, key in (("bk", "break"), ("dv", "divinity"), ("nb", "no_shield"), ("adv", "adv")):
            if counts[code]:
                parts.append(tn(f"lab.rules.t.{key}", counts[code]))
    else:  # forks: the way chosen decides the totals, so only what may happen is said
        for present, key in (
            (courage, "courage"),
            (heal, "heal"),
            (counts["bk"], "break"),
            (counts["dv"], "divinity"),
            (counts["nb"], "no_shield"),
            (counts["adv"], "adv"),
        ):
            if present:
                parts.append(t(f"lab.rules.t.may.{key}"))
    if not parts:
        return head
    return t("lab.rules.t.on_way", track=head, effects=LIST_SEP.join(parts))


def trial_die_text(die: TrialDieDef) -> str:
    """A Trial die in short: its health, its attack method and its track."""
    return t(
        "lab.rules.t.die",
        health=die.start,
        attack=attack_text(die.attack),
        track=track_text(die),
    )


__all__ = [
    "NUMERALS",
    "attack_text",
    "blue_text",
    "bonus_text",
    "gain_text",
    "game_text",
    "gold_text",
    "is_row",
    "labour_name",
    "labour_title",
    "mood_name",
    "mood_text",
    "need_text",
    "numeral",
    "reward_name",
    "reward_text",
    "reward_variant",
    "row_effects",
    "skull_distance",
    "spaces_text",
    "track_text",
    "trial_die_text",
]

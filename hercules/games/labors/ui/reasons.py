"""The solver's reasons in the player's language: hints and the log's notes.

The solver gives structured reasons (``ai/reason.py``: ``"lab.hint.<kind>|name=value|...|
English"``); here they become sentences through the string tables (``lab.hint.*`` keys), naming
trials, Trial dice, cards and Moods with the game's own words. A reason this version cannot
read (an older save, a damaged record) is shown as its English sentence, or as it is: never an
error. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable

from hercules.games.labors.ai import hint_decision
from hercules.games.labors.ai import reason as codec
from hercules.games.labors.engine import Action, LaborsState, legal_actions
from hercules.games.labors.engine.data import SKULL, LaborsData, load_data
from hercules.ui.strings import t, tn

from .texts import card_name, die_name, faces_text, sentence
from .words import LIST_SEP, SENTENCE_SEP, blue_text, bonus_text, gold_text, mood_name, reward_name
from .words import reward_variant as variant_of

#: Reasons that take no parameters, and their sentences.
_PLAIN: dict[str, Callable[[], str]] = {
    "draw": lambda: t("lab.hint.draw"),
    "roll": lambda: t("lab.hint.roll"),
    "begin": lambda: t("lab.hint.begin"),
    "nothing": lambda: t("lab.hint.nothing"),
    "only": lambda: t("lab.hint.only"),
    "go_on": lambda: t("lab.hint.go_on"),
    "random": lambda: t("lab.hint.random"),
    "begin_kept": lambda: t("lab.hint.begin_kept"),
}


def reason_text(reason: str) -> str:
    """A reason of the solver (or of the random bot) in the current language.

    A reason in another form is shown as it is; one whose kind or parameters this version does
    not know falls back to its English sentence.
    """
    parsed = codec.parse(reason)
    if parsed is None:
        return reason
    kind, params, english = parsed
    try:
        return _render(kind, params)
    except (KeyError, ValueError, IndexError, TypeError):
        return english or reason


def hint_text(state: LaborsState) -> tuple[Action | None, str]:
    """The solver's next action for ``state`` (its public view) and why, in the current
    language; ``(None, "")`` when there is nothing to decide (the run is over)."""
    if state.is_terminal or not legal_actions(state):
        return None, ""
    decision = hint_decision(state)
    return decision.action, reason_text(decision.reason)


# --- rendering -------------------------------------------------------------------------------


def _render(kind: str, p: dict[str, str]) -> str:
    data = load_data()
    plain = _PLAIN.get(kind)
    if plain is not None:
        return plain()
    if kind == "plan":
        return _plan(data, _labour(p), codec.parse_steps(p["steps"]))
    if kind == "idle":
        coming = _count(p["coming"])
        return t("lab.hint.idle_coming", n=coming) if coming else t("lab.hint.idle")
    if kind == "reroll":
        return t("lab.hint.reroll", face=_face(p["face"]), card=_space(data, p["space"]))
    if kind == "reroll_others":
        faces = faces_text(codec.faces_of(p["faces"]))
        return t("lab.hint.reroll_others", faces=faces, card=_space(data, p["space"]))
    if kind == "fork":
        labour = _labour(p)
        target = _target(data, labour, p["target"])
        die = data.labour(labour).dice[target]
        effects = die.track[p["space"]].effects
        what = _effects(effects)
        return t("lab.hint.fork", target=die_name(labour, target), what=what)
    if kind == "reward":
        rid = _reward(data, p["card"])
        return t("lab.hint.reward", name=_reward_name(rid), what=_reward_what(data, rid))
    if kind == "remove":
        return t("lab.hint.remove", name=_reward_name(_reward(data, p["card"])))
    if kind == "cover":
        return t("lab.hint.cover", name=_reward_name(_reward(data, p["card"])))
    if kind == "keep":
        rid = _reward(data, p["card"])
        return t("lab.hint.keep", name=_reward_name(rid), n=_count(p["cost"]))
    if kind in ("redraw", "keep_mood"):
        mood = p["mood"]
        if mood not in data.moods:
            raise KeyError(mood)
        key = "lab.hint.redraw" if kind == "redraw" else "lab.hint.keep_mood"
        return t(key, mood=mood_name(mood))
    if kind == "abderus_dice":
        return t("lab.hint.abderus_dice", n=_count(p["courage"]))
    if kind == "abderus_courage":
        return t("lab.hint.abderus_courage", n=_count(p["courage"]))
    raise KeyError(kind)


def _plan(data: LaborsData, labour: int, steps: list[codec.Step]) -> str:
    if not steps:
        raise ValueError("a plan without steps")
    parts = [_step(data, labour, kind, f) for kind, f in steps]
    return sentence(SENTENCE_SEP.join(parts))


def _step(data: LaborsData, labour: int, kind: str, f: dict[str, str]) -> str:
    if kind == "turn":
        card, face, to, cost = _space(data, f["space"]), _face(f["face"]), _face(f["to"]), 0
        cost = _count(f["cost"])
        if cost:
            return t("lab.hint.step.turn_paid", face=face, to=to, card=card, cost=cost)
        return t("lab.hint.step.turn", face=face, to=to, card=card)
    if kind == "twin":
        card, face, cost = _space(data, f["space"]), _face(f["face"]), _count(f["cost"])
        if cost:
            return t("lab.hint.step.twin_paid", face=face, card=card, cost=cost)
        return t("lab.hint.step.twin", face=face, card=card)
    if kind == "set":
        return t(
            "lab.hint.step.set",
            face=_face(f["face"]),
            card=_space(data, f["space"]),
            other=_face(f["other"]),
            to=_face(f["to"]),
        )
    if kind == "attack":
        target = _target(data, labour, f["target"])
        name = die_name(labour, target)
        faces = faces_text(codec.faces_of(f["faces"]))
        left = _count(f["left"])
        if left:
            return t("lab.hint.step.attack", target=name, faces=faces, n=left)
        return t("lab.hint.step.attack_falls", target=name, faces=faces)
    if kind == "shield":
        n, saved = _count(f["n"]), _count(f["saved"])
        if saved:
            return tn("lab.hint.step.shield_saves", n, saved=saved)
        return tn("lab.hint.step.shield", n)
    if kind == "courage":
        return t("lab.hint.step.courage", n=_count(f["n"]))
    if kind == "divinity":
        return t("lab.hint.step.divinity", n=_count(f["n"]))
    raise KeyError(kind)


#: A track space's effects in words (the skull never: the solver does not walk into it).
_EFFECTS: dict[str, Callable[[int], str]] = {
    "-": lambda n: t("lab.hint.effect.courage", n=n),
    "h": lambda n: t("lab.hint.effect.heal", n=n),
    "dv": lambda n: t("lab.hint.effect.divinity"),
    "bk": lambda n: t("lab.hint.effect.break"),
    "nb": lambda n: t("lab.hint.effect.no_shield"),
    "adv": lambda n: t("lab.hint.effect.adv"),
}


def _effects(effects: tuple[str, ...]) -> str:
    words = []
    for e in effects:
        if e == SKULL:
            continue
        if e[0] in "-h":
            words.append(_EFFECTS[e[0]](int(e[1:])))
        else:
            words.append(_EFFECTS[e](0))
    return LIST_SEP.join(words) or t("lab.hint.effect.quiet")


def _reward_name(rid: str) -> str:
    v = variant_of(rid)
    name = reward_name(rid)
    return t("lab.hint.card_variant", name=name, v=v) if v else name


def _reward_what(data: LaborsData, rid: str) -> str:
    r = data.rewards[rid]
    parts = []
    if r.courage or r.divinity or r.dice:
        parts.append(bonus_text(r))
    parts += [blue_text(b) for b in r.blue]
    parts += [gold_text(g) for g in r.gold]
    return LIST_SEP.join(parts) or bonus_text(r)


# --- checked parameters ----------------------------------------------------------------------


def _count(text: str) -> int:
    n = int(text)
    if not 0 <= n <= 99:
        raise ValueError(text)
    return n


def _face(text: str) -> int:
    v = int(text)
    if not 1 <= v <= 6:
        raise ValueError(text)
    return v


def _labour(p: dict[str, str]) -> int:
    n = int(p["labour"])
    if not 1 <= n <= 12:
        raise ValueError(n)
    return n


def _target(data: LaborsData, labour: int, text: str) -> int:
    k = int(text)
    if not 0 <= k < len(data.labour(labour).dice):
        raise IndexError(k)
    return k


def _reward(data: LaborsData, rid: str) -> str:
    if rid not in data.rewards:
        raise KeyError(rid)
    return rid


def _space(data: LaborsData, key: str) -> str:
    """The name of the card holding a blue space (``"BOW.b0"``, ``"RWD-02.b1"``)."""
    card = key.partition(".")[0]
    if card != "BOW" and card not in data.rewards and card not in data.moods:
        raise KeyError(card)
    return card_name(card)


__all__ = ["hint_text", "reason_text"]

"""The game's components as data: Moods, trials with their tracks, Rewards with their abilities.

Everything is read from ``hercules/assets/games/labors/data/labors.json`` (package data) and
validated on load, so that a wrong file fails at start-up with the place it is wrong, never in
the middle of a game. Values that no source gives are flagged ``assumed`` in the file.

A trial die's track becomes a graph of :class:`Space` nodes: ``"S"`` (its start), then ``"1"``,
``"2"`` ... for a printed row of spaces, or the named nodes of a drawn graph (the Cretan Bull's
forks, the Apples' web). A space's effects are the components file's notation: ``-n`` lose n
Courage, ``dv`` lose 1 Divinity, ``hn`` heal the die by n, ``bk`` break a Hercules die, ``nb``
damage cannot be cancelled, ``adv`` the other dice advance, ``SK`` the skull.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from .errors import LaborsDataError

START = "S"
SKULL = "SK"
#: Attack methods and how many values they name.
ATTACKS = ("eq", "either", "pair", "triple", "sum", "one_two_three", "run", "add", "prod", "bull")
#: Blue abilities (see ``abilities.py``).
BLUE_KINDS = (
    "pm1",
    "plus1",
    "flip",
    "six_three",
    "parity",
    "any_value",
    "set_other",
    "reroll",
    "reroll_others",
    "twin",
)
GAINS = ("shield", "courage", "divinity")
_EFFECT = re.compile(r"^(-[1-9]|h[1-9]|dv|bk|nb|adv)$")
_REPEAT = re.compile(r"^\(?(.+?)\)?x([1-9])$")


@dataclass(frozen=True)
class Attack:
    """An attack method: ``kind`` (one of ATTACKS) and its numbers (a value, two values)."""

    kind: str
    values: tuple[int, ...] = ()


@dataclass(frozen=True)
class Space:
    """One space of a track: its effects (e.g. ``("-1", "h1")``) and the spaces after it."""

    effects: tuple[str, ...]
    next: tuple[str, ...]

    @property
    def skull(self) -> bool:
        """True for the skull: a die that reaches it loses the game."""
        return SKULL in self.effects


@dataclass(frozen=True)
class TrialDieDef:
    """A gold Trial die of a trial card: its starting health, attack method and track."""

    id: str
    start: int
    attack: Attack
    track: dict[str, Space]

    def next_spaces(self, node: str) -> tuple[str, ...]:
        """The spaces a die on ``node`` may move to (several at a fork)."""
        return self.track[node].next


@dataclass(frozen=True)
class LabourDef:
    """One of the twelve labours: its trial dice and the Rewards on the back of its cards."""

    id: str
    n: int
    dice: tuple[TrialDieDef, ...]
    rewards: tuple[str, ...]
    assumed: tuple[str, ...] = ()


@dataclass(frozen=True)
class BlueDef:
    """A blue space: ``kind`` (BLUE_KINDS), its Courage cost and whether ±1 wraps 6↔1."""

    kind: str
    cost: int = 0
    wrap: bool = False


@dataclass(frozen=True)
class GoldDef:
    """A gold space: the dice it needs (values, ``any``, ``same``, ``even``/``odd``) and gain."""

    need: tuple[int | str, ...]
    gain: str
    amount: int


@dataclass(frozen=True)
class RewardDef:
    """A Reward card: its bonus, blue and gold spaces, restart cost and Mood swap."""

    id: str
    labour: int
    courage: int = 0
    divinity: int = 0
    dice: int = 0
    blue: tuple[BlueDef, ...] = ()
    gold: tuple[GoldDef, ...] = ()
    restart: int = 0
    remove_prior: bool = False
    redraw_mood: bool = False
    mood_add: str = ""
    mood_remove: str = ""
    assumed: tuple[str, ...] = ()


@dataclass(frozen=True)
class MoodDef:
    """A Mood card and its effect on the trial it opens."""

    id: str
    special: bool
    roll: int = 0  #: added to every normal roll (Sorrowful -1, Enraged +1)
    dice: int = 0  #: Hercules dice added or removed for the trial
    courage: int = 0  #: Courage lost when drawn (the Haunted cards)
    blue: BlueDef | None = None  #: a blue space for the trial (Ferocious)
    choice: tuple[int, int] | None = None  #: Abderus: (dice, courage) — the player picks one
    aside: int = 0  #: Hippolyta: every rolled die showing this is set aside
    cover: bool = False  #: Pholus: cover one owned Reward for the trial


@dataclass(frozen=True)
class LaborsData:
    """Every component of the game, validated."""

    difficulties: dict[str, tuple[int, tuple[str, ...]]]
    courage_start: int
    courage_max: int
    divinity_start: int
    divinity_top: int
    max_dice: int
    mood_deck_max: int
    bow: tuple[BlueDef, ...]
    moods: dict[str, MoodDef]
    labours: tuple[LabourDef, ...]
    rewards: dict[str, RewardDef]
    #: What no source gives (the file's ``assumed`` notes), by the field they concern.
    assumed: dict[str, str] = field(default_factory=dict)

    def labour(self, n: int) -> LabourDef:
        """Labour ``n`` (1-12)."""
        return self.labours[n - 1]

    def normal_moods(self) -> list[str]:
        """The opening Mood deck's cards (the special ones enter with Rewards)."""
        return [m.id for m in self.moods.values() if not m.special]


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise LaborsDataError(f"labors data, {where}: {what}")


def _int(
    doc: Any, key: str, where: str, lo: int = 0, hi: int = 99, default: int | None = None
) -> int:
    value = doc.get(key, default)
    _need(
        isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi,
        where,
        f"{key} must be a whole number {lo}-{hi}, got {value!r}",
    )
    return int(value)


def parse_space(text: str, where: str) -> tuple[str, ...]:
    """The effects of one printed space (``"-1+h1"`` -> ``("-1", "h1")``)."""
    if text == SKULL:
        return (SKULL,)
    parts = tuple(text.split("+"))
    for part in parts:
        _need(bool(_EFFECT.match(part)), where, f"unknown effect {part!r} in {text!r}")
    return parts


def expand_row(row: list[Any], where: str) -> list[tuple[str, ...]]:
    """A printed row of spaces with ``x n`` repeats written out (``"(-1+h1)x3"``)."""
    out: list[tuple[str, ...]] = []
    for item in row:
        _need(isinstance(item, str) and 0 < len(item) <= 20, where, f"bad space {item!r}")
        m = _REPEAT.match(item)
        if m and item != SKULL:
            out += [parse_space(m.group(1), where)] * int(m.group(2))
        else:
            out.append(parse_space(item, where))
    return out


def _row_track(doc: dict[str, Any], where: str) -> dict[str, Space]:
    spaces = expand_row(doc.get("track", []), where)
    _need(len(spaces) >= 2, where, "a track needs at least two spaces")
    loop = doc.get("loop_to")
    track: dict[str, Space] = {START: Space((), ("1",))}
    for i, effects in enumerate(spaces, start=1):
        last = i == len(spaces)
        if SKULL in effects:
            _need(last, where, "the skull must be the last space")
            track[str(i)] = Space(effects, ())
        elif last:
            _need(
                isinstance(loop, int) and 1 <= loop < i, where, "a track ends at the skull or loops"
            )
            track[str(i)] = Space(effects, (str(loop),))
        else:
            track[str(i)] = Space(effects, (str(i + 1),))
    return track


def _graph_track(graph: dict[str, Any], enter: str | None, where: str) -> dict[str, Space]:
    _need(isinstance(graph, dict) and bool(graph), where, "a graph must be an object of nodes")
    track: dict[str, Space] = {}
    for node, item in graph.items():
        _need(
            isinstance(item, list) and len(item) == 2 and isinstance(item[1], list),
            where,
            f"node {node!r} must be [effects, [next...]]",
        )
        effects = parse_space(item[0], f"{where} {node}") if item[0] else ()
        track[node] = Space(effects, tuple(item[1]))
    if enter is not None:
        _need(enter in track and START not in track, where, f"cannot enter at {enter!r}")
        track[START] = Space((), (enter,))
    _need(START in track, where, "a graph needs a start node S or an 'enter' node")
    for node, space in track.items():
        for nxt in space.next:
            _need(nxt in track, where, f"{node} leads to unknown node {nxt!r}")
        _need(bool(space.next) == (not space.skull), where, f"{node}: only the skull is a dead end")
    return track


def _attack(doc: Any, where: str) -> Attack:
    _need(isinstance(doc, dict) and doc.get("kind") in ATTACKS, where, f"bad attack {doc!r}")
    kind = doc["kind"]
    if kind == "either":
        values = doc.get("values")
        _need(
            isinstance(values, list) and len(values) == 2 and all(v in range(1, 7) for v in values),
            where,
            "either needs two values 1-6",
        )
        return Attack(kind, tuple(values))
    if kind in ("eq", "sum", "run"):
        lo, hi = {"eq": (1, 6), "sum": (2, 36), "run": (3, 6)}[kind]
        return Attack(kind, (_int(doc, "value", where, lo, hi),))
    return Attack(kind)


def _blue(doc: Any, where: str) -> BlueDef:
    _need(isinstance(doc, dict) and doc.get("kind") in BLUE_KINDS, where, f"bad blue {doc!r}")
    return BlueDef(doc["kind"], _int(doc, "cost", where, 0, 5, 0), bool(doc.get("wrap", False)))


def _gold(doc: Any, where: str) -> GoldDef:
    _need(isinstance(doc, dict), where, "a gold space must be an object")
    need = doc.get("need")
    _need(
        isinstance(need, list)
        and 1 <= len(need) <= 3
        and all(n in ("any", "same", "even", "odd") or n in range(1, 7) for n in need),
        where,
        f"bad gold need {need!r}",
    )
    gain = doc.get("gain")
    _need(
        isinstance(gain, dict) and len(gain) == 1 and next(iter(gain)) in GAINS,
        where,
        f"bad gold gain {gain!r}",
    )
    kind, amount = next(iter(gain.items()))
    _need(isinstance(amount, int) and 1 <= amount <= 5, where, "gain amount 1-5")
    return GoldDef(tuple(need), kind, amount)


def parse_data(doc: Any) -> LaborsData:
    """Validate the data document and build the game's components."""
    _need(isinstance(doc, dict) and doc.get("format") == "labors-data", "file", "not labors data")
    moods: dict[str, MoodDef] = {}
    for m in doc["moods"]:
        where = f"mood {m.get('id')!r}"
        choice = m.get("choice")
        moods[m["id"]] = MoodDef(
            id=m["id"],
            special=bool(m["special"]),
            roll=_int(m, "roll", where, -1, 1, 0),
            dice=_int(m, "dice", where, -3, 3, 0),
            courage=_int(m, "courage", where, -5, 0, 0),
            blue=_blue(m["blue"], where) if "blue" in m else None,
            choice=(int(choice["dice"]), int(choice["courage"])) if choice else None,
            aside=_int(m, "aside", where, 0, 6, 0),
            cover=bool(m.get("cover", False)),
        )
    rewards: dict[str, RewardDef] = {}
    for r in doc["rewards"]:
        where = f"reward {r.get('id')!r}"
        bonus = r.get("bonus", {})
        swap = r.get("moods", {})
        for key in ("add", "remove"):
            _need(swap.get(key, "") in ("", *moods), where, f"unknown mood {swap.get(key)!r}")
        _need(r["id"] not in rewards, where, "duplicate id")
        rewards[r["id"]] = RewardDef(
            id=r["id"],
            labour=_int(r, "labour", where, 1, 11),
            courage=_int(bonus, "courage", where, 0, 5, 0),
            divinity=_int(bonus, "divinity", where, 0, 5, 0),
            dice=_int(bonus, "dice", where, 0, 2, 0),
            blue=tuple(_blue(b, where) for b in r.get("blue", [])),
            gold=tuple(_gold(g, where) for g in r.get("gold", [])),
            restart=_int(r, "restart", where, 0, 10),
            remove_prior=bool(r.get("remove_prior", False)),
            redraw_mood=bool(r.get("redraw_mood", False)),
            mood_add=swap.get("add", ""),
            mood_remove=swap.get("remove", ""),
            assumed=tuple(r.get("assumed", ())),
        )
    labours: list[LabourDef] = []
    for n, lab in enumerate(doc["labours"], start=1):
        where = f"labour {lab.get('id')!r}"
        _need(lab.get("n") == n, where, f"labours must be in order, expected {n}")
        graphs = lab.get("graphs", {})
        dice = []
        for d in lab["dice"]:
            dw = f"{where} die {d.get('id')!r}"
            if "graph" in d:
                _need(d["graph"] in graphs, dw, f"unknown graph {d['graph']!r}")
                track = _graph_track(graphs[d["graph"]], d.get("enter"), dw)
            else:
                track = _row_track(d, dw)
            dice.append(
                TrialDieDef(d["id"], _int(d, "start", dw, 1, 12), _attack(d["attack"], dw), track)
            )
        for rid in lab["rewards"]:
            _need(
                rid in rewards and rewards[rid].labour == n, where, f"reward {rid!r} is not its own"
            )
        labours.append(
            LabourDef(
                lab["id"], n, tuple(dice), tuple(lab["rewards"]), tuple(lab.get("assumed", ()))
            )
        )
    _need(len(labours) == 12, "labours", "there are twelve labours")
    _need(not labours[-1].rewards, "LAB-12", "Cerberus has no Reward")
    diffs: dict[str, tuple[int, tuple[str, ...]]] = {}
    for name, d in doc["difficulties"].items():
        out = tuple(d.get("remove_moods", ()))
        _need(all(m in moods for m in out), f"difficulty {name}", "unknown mood")
        diffs[name] = (_int(d, "dice", f"difficulty {name}", 1, 11), out)
    courage = doc["courage"]
    divinity = doc["divinity"]
    data = LaborsData(
        difficulties=diffs,
        courage_start=_int(courage, "start", "courage", 1, 40),
        courage_max=_int(courage, "max", "courage", 1, 40),
        divinity_start=_int(divinity, "start", "divinity", 0, 40),
        divinity_top=_int(divinity, "top", "divinity", 1, 40),
        max_dice=_int(doc, "max_dice", "file", 1, 20),
        mood_deck_max=_int(doc, "mood_deck_max", "file", 1, 20),
        bow=tuple(_blue(b, "bow") for b in doc["bow"]["blue"]),
        moods=moods,
        labours=tuple(labours),
        rewards=rewards,
        assumed={str(k): str(v) for k, v in doc.get("assumed", {}).items()},
    )
    _need(len(data.normal_moods()) <= data.mood_deck_max, "moods", "too many normal moods")
    return data


@cache
def load_data() -> LaborsData:
    """The shipped components (read once)."""
    text = (
        resources.files("hercules.assets")
        .joinpath("games", "labors", "data", "labors.json")
        .read_text(encoding="utf-8")
    )
    try:
        return parse_data(json.loads(text))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, LaborsDataError):
            raise
        raise LaborsDataError(f"labors data: {type(exc).__name__}: {exc}") from None

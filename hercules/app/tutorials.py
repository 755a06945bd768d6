"""Guided first games: a game's tutorial script, read and checked (no pygame here).

A script is data, one per game (``<assets>/data/tutorial.json``, named by the spec's
``tutorial``): the fixed game it plays (variant, seats, seed), the first real game offered at
its end, and its steps. Each step says words (a string key of the game's tables, so English and
Italian), points at a *target* and waits for the player::

    {"say": "tut.mebo.labour",
     "target": {"stop": ["column", -1, "*"]},    # focus stops of the table ("*": any)
     "wait": {"action": {"kind": "labour"}}}     # an action of the human seat like this

A target is ``{"stop": key}`` (a key of the table's ``focus_stops``, lists for tuples, ``"*"``
matching anything), ``{"stops": [key, ...]}`` (any of several), ``{"region": name}`` (a named
region of the table: its ``tutorial_regions(seat)``) or absent (the words alone, in the
middle). ``wait`` is ``"next"`` (the player reads, then Next), ``"click"`` (a click or Enter on
the target) or ``{"action": pattern}`` (the human seat performs an action whose JSON holds
``pattern``). ``when`` (an action pattern) holds the step back until such an action is legal:
meanwhile the player plays freely (e.g. bids again after being outbid). ``show`` names regions
lit beside the target, to look at, not to click (the Trial die the picked dice will strike).
The tutorial never changes the game itself: the player acts, the controller applies.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .registry import GameSpec, assets_path

FORMAT = "hercules-tutorial"
VERSION = 1
#: How a step can wait for the player.
WAITS: tuple[str, ...] = ("next", "click", "action")
#: What a step's target can name.
TARGETS: tuple[str, ...] = ("stop", "stops", "region")
#: Anything goes in this place of a stop's key or an action's pattern.
ANY = "*"
#: A script longer than this is not a *short* guided game (and not a script of ours).
MAX_STEPS = 40
MAX_BYTES = 64 * 1024


class ScriptError(ValueError):
    """A tutorial script is missing or malformed: the message says which and why."""


@dataclass(frozen=True)
class Step:
    """One step: its words, what it points at, what it waits for."""

    id: str
    say: str  #: the string key of its words
    target: tuple[str, Any] | None = None  #: ("stop", key) or ("region", name), or None
    wait: str = "next"  #: one of :data:`WAITS`
    pattern: Mapping[str, Any] = field(default_factory=dict)  #: for wait "action"
    #: Shown only once an action like this is legal (empty: at the player's turn).
    when: Mapping[str, Any] = field(default_factory=dict)
    #: Regions lit beside the target (to look at: clicks there are the target's or refused).
    show: tuple[str, ...] = ()

    def stop_patterns(self) -> tuple[Any, ...]:
        """The stop keys its target accepts (none for a region or no target)."""
        if self.target is None or self.target[0] == "region":
            return ()
        kind, what = self.target
        return tuple(what) if kind == "stops" else (what,)


@dataclass(frozen=True)
class Script:
    """A whole guided game."""

    game: str
    variant: str
    seats: tuple[str, ...]
    seed: int
    steps: tuple[Step, ...]
    #: The first real game offered at the end: variant and seats (e.g. one Easy bot).
    first_variant: str
    first_seats: tuple[str, ...]
    #: Words said at the end (the offer), a string key.
    done: str

    def keys(self) -> list[str]:
        """Every string key the script uses (each must be in every language's table)."""
        return [s.say for s in self.steps] + [self.done]


def as_key(value: Any) -> Hashable:
    """A JSON value as a focus stop's key: lists become tuples (all the way down)."""
    if isinstance(value, list):
        return tuple(as_key(v) for v in value)
    return value  # type: ignore[no-any-return]


def key_matches(pattern: Any, key: Any) -> bool:
    """True if a stop's ``key`` fits ``pattern`` (tuples place by place, ``"*"`` any)."""
    if pattern == ANY:
        return True
    if isinstance(pattern, tuple):
        return (
            isinstance(key, tuple)
            and len(key) == len(pattern)
            and all(key_matches(p, k) for p, k in zip(pattern, key, strict=True))
        )
    return bool(pattern == key)


def action_matches(pattern: Mapping[str, Any], doc: Any) -> bool:
    """True if an action's JSON ``doc`` holds every field of ``pattern`` (``"*"``: any)."""
    if not isinstance(doc, Mapping):
        return False
    for name, want in pattern.items():
        if name not in doc:
            return False
        if want != ANY and doc[name] != want:
            return False
    return True


def _text(doc: Mapping[str, Any], name: str, where: str) -> str:
    value = doc.get(name)
    if not isinstance(value, str) or not value:
        raise ScriptError(f"{where}: {name!r} must be a text")
    return value


def _seats(value: Any, where: str, spec: GameSpec[Any, Any, Any]) -> tuple[str, ...]:
    lo, hi = spec.players
    kinds = ("human", *spec.bot_levels)
    if (
        not isinstance(value, list)
        or not lo <= len(value) <= hi
        or not all(isinstance(k, str) and k in kinds for k in value)
        or value.count("human") != 1
        or value[0] != "human"
    ):
        raise ScriptError(
            f"{where}: seats must be {lo}-{hi} of {', '.join(kinds)}, the human first and alone"
        )
    return tuple(value)


def _target(value: Any, where: str) -> tuple[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or len(value) != 1:
        raise ScriptError(f"{where}: a target is one of {', '.join(TARGETS)}")
    (kind, what), *_ = value.items()
    if kind not in TARGETS:
        raise ScriptError(f"{where}: unknown target kind {kind!r} (not {', '.join(TARGETS)})")
    if kind == "stop" and not isinstance(what, list):
        raise ScriptError(f"{where}: a stop target is a list (the stop's key)")
    if kind == "stops" and (
        not isinstance(what, list) or not what or not all(isinstance(k, list) for k in what)
    ):
        raise ScriptError(f"{where}: a stops target is a list of stop keys")
    if kind == "region" and (not isinstance(what, str) or not what):
        raise ScriptError(f"{where}: a region target is a name")
    return kind, as_key(what)


def _step(doc: Any, i: int) -> Step:
    where = f"step {i + 1}"
    if not isinstance(doc, dict):
        raise ScriptError(f"{where}: a step is an object")
    unknown = set(doc) - {"id", "say", "target", "wait", "when", "show"}
    if unknown:
        raise ScriptError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    step_id = doc.get("id", str(i + 1))
    where = f"step {i + 1} ({step_id})"
    say = _text(doc, "say", where)
    target = _target(doc.get("target"), where)
    wait = doc.get("wait", "next")
    pattern: dict[str, Any] = {}
    if isinstance(wait, dict):
        if set(wait) != {"action"} or not isinstance(wait["action"], dict) or not wait["action"]:
            raise ScriptError(f"{where}: wait is 'next', 'click' or {{'action': {{...}}}}")
        pattern = dict(wait["action"])
        wait = "action"
    elif wait not in ("next", "click"):
        raise ScriptError(f"{where}: unknown wait {wait!r} (not {', '.join(WAITS)})")
    if wait == "click" and (target is None or target[0] == "region"):
        raise ScriptError(f"{where}: a step waiting for a click needs a stop to click")
    if wait != "next" and target is None:
        raise ScriptError(f"{where}: a step waiting for the player needs a target")
    when = doc.get("when", {})
    if not isinstance(when, dict):
        raise ScriptError(f"{where}: when is an action pattern")
    show = doc.get("show", [])
    if not isinstance(show, list) or not all(isinstance(r, str) and r for r in show):
        raise ScriptError(f"{where}: show is a list of region names")
    return Step(str(step_id), say, target, wait, pattern, dict(when), tuple(show))


def parse_script(doc: Any, spec: GameSpec[Any, Any, Any]) -> Script:
    """A script from its parsed JSON, checked against ``spec``; :class:`ScriptError` if not."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ScriptError(f"not a tutorial script (its format must be {FORMAT!r})")
    if doc.get("version") != VERSION:
        raise ScriptError(f"tutorial version {doc.get('version')!r} is not {VERSION}")
    variant = _text(doc, "variant", "the script")
    if variant not in spec.variants:
        raise ScriptError(f"the game has no variant {variant!r}")
    seed = doc.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ScriptError("seed must be a whole number")
    first = doc.get("first_game")
    if not isinstance(first, dict):
        raise ScriptError("first_game must say the variant and seats of the game offered")
    first_variant = _text(first, "variant", "first_game")
    if first_variant not in spec.variants:
        raise ScriptError(f"first_game: the game has no variant {first_variant!r}")
    steps = doc.get("steps")
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        raise ScriptError(f"steps must be a list of 1 to {MAX_STEPS} steps")
    return Script(
        game=spec.id,
        variant=variant,
        seats=_seats(doc.get("seats"), "the script", spec),
        seed=seed,
        steps=tuple(_step(s, i) for i, s in enumerate(steps)),
        first_variant=first_variant,
        first_seats=_seats(first.get("seats"), "first_game", spec),
        done=_text(doc, "done", "the script"),
    )


def load_script(spec: GameSpec[Any, Any, Any]) -> Script:
    """The guided game of ``spec``; :class:`ScriptError` saying why it cannot be had."""
    if not spec.guided:
        raise ScriptError(f"{spec.id} has no guided game")
    path = assets_path(spec.assets, *spec.tutorial.split("/"))
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ScriptError(f"{spec.assets}/{spec.tutorial}: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ScriptError(f"{spec.assets}/{spec.tutorial}: too large for a script")
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScriptError(f"{spec.assets}/{spec.tutorial}: not JSON ({exc})") from None
    try:
        return parse_script(doc, spec)
    except ScriptError as exc:
        raise ScriptError(f"{spec.assets}/{spec.tutorial}: {exc}") from None


def stop_targets(seq: Sequence[Any], pattern: Any) -> list[Any]:
    """The stops of ``seq`` whose key fits ``pattern``."""
    return [s for s in seq if key_matches(pattern, s.key)]

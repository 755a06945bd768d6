"""A run's state as a JSON document, and back, with every field checked.

``state_from_json`` accepts exactly what ``state_to_json`` writes for a state the rules can
reach: any other document raises :class:`InvalidStateError` saying where it is wrong. The
document says its version (:data:`FORMAT`); ``upgrade_state`` brings an older one forward.
"""

from __future__ import annotations

from typing import Any

from hercules.games._kit.fields import Fields
from hercules.games._kit.rng import MASK64
from hercules.games._kit.versions import StateFormat, Step, Upgraded

from .data import START, LaborsData, load_data
from .errors import InvalidStateError
from .spaces import blue_spaces, gold_spaces
from .state import (
    FREE,
    OUTCOMES,
    P_ABDERUS,
    P_DRAW,
    P_FORK,
    P_MOOD,
    P_OVER,
    P_PHOLUS,
    P_PLAY,
    P_REMOVE,
    P_RESTART,
    P_REWARD,
    PROMPTS,
    USES,
    Die,
    LaborsConfig,
    LaborsState,
    TrialDie,
)

_KEYS = (
    "config",
    "seed",
    "rng",
    "prompt",
    "labour",
    "courage",
    "divinity",
    "dice",
    "rewards",
    "kept",
    "mood_deck",
    "moods_out",
    "mood",
    "mood_dice",
    "covered",
    "redrawn",
    "broken",
    "trial",
    "round",
    "roll",
    "used",
    "allocating",
    "shields",
    "courage_surplus",
    "divinity_surplus",
    "no_shield",
    "wave",
    "moves",
    "second",
    "beaten",
    "outcome",
)


def state_to_json(state: LaborsState) -> dict[str, Any]:
    """The state as a JSON-ready document, ``"version"`` first."""
    return FORMAT.stamp(
        {
            "config": state.config.to_json(),
            "seed": state.seed,
            "rng": state.rng,
            "prompt": state.prompt,
            "labour": state.labour,
            "courage": state.courage,
            "divinity": state.divinity,
            "dice": state.dice,
            "rewards": list(state.rewards),
            "kept": list(state.kept),
            "mood_deck": list(state.mood_deck),
            "moods_out": list(state.moods_out),
            "mood": state.mood,
            "mood_dice": state.mood_dice,
            "covered": state.covered,
            "redrawn": state.redrawn,
            "broken": state.broken,
            "trial": [[t.health, t.node] for t in state.trial],
            "round": state.round,
            "roll": [[d.value, d.blue, d.use, d.twin] for d in state.roll],
            "used": list(state.used),
            "allocating": state.allocating,
            "shields": state.shields,
            "courage_surplus": state.courage_surplus,
            "divinity_surplus": state.divinity_surplus,
            "no_shield": state.no_shield,
            "wave": list(state.wave),
            "moves": [[d, n] for d, n in state.moves],
            "second": state.second,
            "beaten": list(state.beaten),
            "outcome": state.outcome,
        }
    )


#: Checks of a state document's fields, refusing with "state: ..." as InvalidStateError.
_F = Fields("state", InvalidStateError)


def _upgrade_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (no ``"version"``) to 2: the same fields and the round's surplus, none.

    A version-1 snapshot taken after a gold gain at the bound lost what the bound cut off
    (the rules then capped it at once): the save's log replayed under version 2's rules
    is the truth (``rules_changed``), the snapshot only its old record.
    """
    if "courage_surplus" in doc or "divinity_surplus" in doc:
        raise ValueError("a version-1 state has no surplus")
    return {**doc, "courage_surplus": 0, "divinity_surplus": 0}


#: The state document's versions: 1 before the rules fix of issue 22, 2 since.
FORMAT = StateFormat(
    version=2,
    error=InvalidStateError,
    steps={
        1: Step(
            upgrade=_upgrade_v1,
            rules_changed=(
                "gold Courage and Divinity net with the round's losses before their bounds"
            ),
        )
    },
)
STATE_VERSION = FORMAT.version


def upgrade_state(doc: Any) -> Upgraded:
    """A state document of any version this game reads, in the current format; the rules
    fixes made since it was written are in ``rules_changed`` (raises InvalidStateError)."""
    return FORMAT.upgrade(doc)


def state_from_json(doc: Any, data: LaborsData | None = None) -> LaborsState:
    """Rebuild a state from its document; :class:`InvalidStateError` if it is not one."""
    data = data or load_data()
    doc = _F.keys(FORMAT.check(doc), _KEYS, "the state's fields")
    cfg = doc["config"]
    if not isinstance(cfg, dict) or set(cfg) != {"difficulty", "start"}:
        raise _F.bad("config must hold difficulty and start")
    try:
        config = LaborsConfig(cfg["difficulty"], cfg["start"])
    except (ValueError, TypeError) as exc:
        raise _F.bad(f"config: {exc}") from None
    labour = _F.whole(doc["labour"], config.start, 12, "labour")
    lab = data.labour(labour)
    rewards = [
        _F.one_of(r, data.rewards, "reward") for r in _F.listed(doc["rewards"], "rewards", 11)
    ]
    moods = [
        _F.one_of(m, data.moods, "mood")
        for m in _F.listed(doc["mood_deck"], "mood_deck", data.mood_deck_max)
    ]
    out = [
        _F.one_of(m, data.moods, "mood")
        for m in _F.listed(doc["moods_out"], "moods_out", len(data.moods))
    ]
    mood = doc["mood"]
    if mood != "":
        _F.one_of(mood, data.moods, "mood")
    covered = doc["covered"]
    if covered != "" and covered not in rewards:
        raise _F.bad("the covered Reward is not owned")
    trial = []
    for i, item in enumerate(_F.listed(doc["trial"], "trial", 8)):
        if not isinstance(item, list) or len(item) != 2 or i >= len(lab.dice):
            raise _F.bad("trial must list [health, space] for each of the labour's dice")
        health = _F.whole(item[0], 0, lab.dice[i].start, "a Trial die's health")
        node = _F.one_of(item[1], lab.dice[i].track, "track space")
        trial.append(TrialDie(health, node))
    if len(trial) not in (0, len(lab.dice)):
        raise _F.bad("trial must list each of the labour's dice")
    roll = []
    for item in _F.listed(doc["roll"], "roll", 24):
        if not isinstance(item, list) or len(item) != 4:
            raise _F.bad("a rolled die is [value, blue, use, twin]")
        value = _F.whole(item[0], 1, 6, "a die's value")
        if not isinstance(item[1], bool) or not isinstance(item[3], bool):
            raise _F.bad("a die's blue and twin are true or false")
        roll.append(Die(value, item[1], _F.one_of(item[2], USES, "die use"), item[3]))
    moves = []
    for item in _F.listed(doc["moves"], "moves", 8):
        if not isinstance(item, list) or len(item) != 2:
            raise _F.bad("a move is [die, space]")
        d = _F.whole(item[0], 0, len(trial) - 1, "a moved die")
        moves.append((d, _F.one_of(item[1], lab.dice[d].track, "track space")))
    seed = doc["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > 2**63:
        raise _F.bad("seed must be a whole number")
    state = LaborsState(
        config=config,
        seed=seed,
        rng=_F.whole(doc["rng"], 0, MASK64, "rng"),
        prompt=_F.one_of(doc["prompt"], PROMPTS, "prompt"),
        labour=labour,
        courage=_F.whole(doc["courage"], 0, data.courage_max, "courage"),
        divinity=_F.whole(doc["divinity"], 0, data.divinity_top, "divinity"),
        dice=_F.whole(doc["dice"], 1, data.max_dice, "dice"),
        rewards=tuple(rewards),
        kept=tuple(_F.whole(k, 1, 11, "a kept labour") for k in _F.listed(doc["kept"], "kept", 11)),
        mood_deck=tuple(moods),
        moods_out=tuple(out),
        mood=mood,
        mood_dice=_F.whole(doc["mood_dice"], -3, 3, "mood_dice"),
        covered=covered,
        redrawn=_F.flag(doc["redrawn"], "redrawn"),
        broken=_F.whole(doc["broken"], 0, 24, "broken"),
        trial=tuple(trial),
        round=_F.whole(doc["round"], 0, 10_000, "round"),
        roll=tuple(roll),
        used=tuple(str(u)[:40] for u in _F.listed(doc["used"], "used", 40)),
        allocating=_F.flag(doc["allocating"], "allocating"),
        shields=_F.whole(doc["shields"], 0, 99, "shields"),
        courage_surplus=_F.whole(doc["courage_surplus"], 0, 99, "courage_surplus"),
        divinity_surplus=_F.whole(doc["divinity_surplus"], 0, 99, "divinity_surplus"),
        no_shield=_F.flag(doc["no_shield"], "no_shield"),
        wave=tuple(
            _F.whole(w, 0, max(0, len(trial) - 1), "a moving die")
            for w in _F.listed(doc["wave"], "wave", 8)
        ),
        moves=tuple(moves),
        second=_F.flag(doc["second"], "second"),
        beaten=tuple(
            _F.whole(b, 1, 12, "a beaten labour") for b in _F.listed(doc["beaten"], "beaten", 12)
        ),
        outcome=_F.one_of(doc["outcome"], OUTCOMES, "outcome"),
        data=data,
    )
    _consistent(state)
    return state


def _consistent(s: LaborsState) -> None:
    """What the fields say together must be a state the rules can reach."""
    data = s.data
    labours = [data.rewards[r].labour for r in s.rewards]
    if len(set(labours)) != len(labours) or len(set(s.rewards)) != len(s.rewards):
        raise _F.bad("at most one Reward per labour")
    last = s.labour if s.prompt in (P_REMOVE,) else s.labour - 1
    if any(n > last for n in labours):
        raise _F.bad("a Reward of a labour not beaten yet")
    if s.kept != tuple(sorted(set(s.kept))) or any(k >= s.config.start for k in s.kept):
        raise _F.bad("kept labours must come before the start")
    if set(s.mood_deck) & set(s.moods_out) or len(set(s.mood_deck)) != len(s.mood_deck):
        raise _F.bad("the Mood deck holds a removed or repeated Mood")
    if s.mood in s.mood_deck:
        raise _F.bad("the Mood in play is also in the deck")
    # A Reward's Mood swap is simultaneous (ruling 10): the Moods in the game, the deck and the
    # one in play, stay as many as the opening deck's. Fewer would let a draw find none.
    dropped = data.difficulties[s.config.difficulty][1]
    if not set(dropped) <= set(s.moods_out):
        raise _F.bad("a Mood the difficulty removes is back")
    in_game = len(s.mood_deck) + (1 if s.mood and s.mood not in s.moods_out else 0)
    if in_game != len([m for m in data.normal_moods() if m not in dropped]):
        raise _F.bad("the Mood deck and the Mood in play must hold the opening deck's count")
    if (s.prompt == P_OVER) != bool(s.outcome):
        raise _F.bad("only a finished run has an outcome")
    if s.prompt == P_RESTART and (s.trial or s.labour != s.config.start or s.mood):
        raise _F.bad("a run choosing its Rewards has not begun")
    if s.prompt not in (P_RESTART, P_OVER) and len(s.trial) != len(data.labour(s.labour).dice):
        raise _F.bad("the trial's dice are missing")
    # A die on the skull has ended the run; in play it would have nowhere to move.
    lab_dice = data.labour(s.labour).dice
    if s.prompt != P_OVER and any(lab_dice[i].track[t.node].skull for i, t in enumerate(s.trial)):
        raise _F.bad("a Trial die stands on the skull of a run still going")
    need_mood = {P_MOOD: "redraw", P_ABDERUS: "choice", P_PHOLUS: "cover"}
    if s.prompt in need_mood:
        mood = data.moods.get(s.mood)
        if mood is None or (s.prompt == P_ABDERUS and mood.choice is None):
            raise _F.bad("the prompt does not match the Mood")
        if s.prompt == P_PHOLUS and (not mood.cover or not s.rewards):
            raise _F.bad("the prompt does not match the Mood")
    if s.prompt == P_REMOVE and not (s.rewards and data.rewards[s.rewards[-1]].remove_prior):
        raise _F.bad("nothing asks to remove a Reward")
    if s.prompt == P_REWARD and (s.labour == 12 or any(t.health for t in s.trial)):
        raise _F.bad("a Reward is taken once the trial is beaten")
    # What a bound cut off this round waits for the round's advance (rulings 6, 9): only
    # while placing dice or choosing forks, and only with the marker at its bound.
    if (s.courage_surplus or s.divinity_surplus) and s.prompt not in (P_PLAY, P_FORK):
        raise _F.bad("a surplus of Courage or Divinity outside a round")
    if s.courage_surplus and s.courage != data.courage_max:
        raise _F.bad("a Courage surplus below the top of the track")
    if s.divinity_surplus and s.divinity != data.divinity_top:
        raise _F.bad("a Divinity surplus below the top of the track")
    if s.prompt != P_PLAY and (s.used or s.allocating):
        raise _F.bad("spaces are used only while placing dice")
    if s.prompt == P_PLAY:
        keys = {b.key for b in blue_spaces(s)} | {g.key for g in gold_spaces(s)}
        if not set(s.used) <= keys or len(set(s.used)) != len(s.used):
            raise _F.bad("a used space that is not in play")
        if not s.roll and s.trial_dice():
            raise _F.bad("placing dice without a roll")
    elif s.roll and s.prompt != P_FORK and s.prompt != P_OVER:
        raise _F.bad("dice rolled outside a round")
    if s.prompt == P_FORK:
        chosen = {d for d, _ in s.moves}
        lab = data.labour(s.labour)
        if (
            not s.wave
            or not set(chosen) <= set(s.wave)
            or not any(
                d not in chosen and len(lab.dice[d].next_spaces(s.trial[d].node)) > 1
                for d in s.wave
            )
        ):
            raise _F.bad("no Trial die waits at a fork")
        for d, node in s.moves:
            if node not in lab.dice[d].next_spaces(s.trial[d].node):
                raise _F.bad("a move to a space that does not follow")
    elif s.wave or s.moves:
        raise _F.bad("Trial dice moving outside an advance")
    if any(d.use == FREE and d.twin and not d.blue for d in s.roll):
        raise _F.bad("a twin die is born on a blue space")
    if (
        s.prompt == P_DRAW
        and s.trial
        and any(
            t != TrialDie(d.start, START)
            for t, d in zip(s.trial, data.labour(s.labour).dice, strict=True)
        )
    ):
        raise _F.bad("a trial waiting for its Mood has its dice on their start")

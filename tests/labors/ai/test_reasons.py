"""The solver's reasons: structured, parseable, and said in English and Italian with no gap."""

from __future__ import annotations

import random

import pytest

from hercules.games.labors.ai import Solver, make_bot
from hercules.games.labors.ai import reason as codec
from hercules.games.labors.engine import (
    Action,
    LaborsConfig,
    apply,
    legal_actions,
    new_game,
    view,
)
from hercules.games.labors.engine.actions import KEEP, RESOLVE
from hercules.games.labors.engine.state import (
    P_ABDERUS,
    P_FORK,
    P_MOOD,
    P_PHOLUS,
    P_PLAY,
    P_REMOVE,
    P_REWARD,
    LaborsState,
    TrialDie,
)
from hercules.games.labors.ui.reasons import hint_text, reason_text
from hercules.ui import strings

LANGS = ("en", "it")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    strings.set_language("en")


def settle(state: LaborsState) -> LaborsState:
    while not state.is_terminal:
        legal = legal_actions(state)
        if len(legal) != 1 or legal[0].kind not in ("draw", "roll"):
            return state
        state, _ = apply(state, legal[0])
    return state


def play_state(labour: int, **changes: object) -> LaborsState:
    state = new_game(LaborsConfig("hero", start=labour), seed=5)
    if labour > 1:
        state, _ = apply(state, Action("begin"))
    state = settle(state)
    while state.prompt != P_PLAY:
        state, _ = apply(state, legal_actions(state)[0])
        state = settle(state)
    return state.with_(**changes)


def prompt_states() -> list[LaborsState]:
    """A state of every prompt a player answers."""
    restart = new_game(LaborsConfig("hero", start=9), seed=3)
    zeus, _ = apply(restart, Action(KEEP, card="RWD-08B"))
    zeus, _ = apply(zeus, Action("begin"))
    zeus, _ = apply(zeus, Action("draw"))
    base = play_state(2, rewards=("RWD-01", "RWD-02"))
    bull = play_state(7)
    fork, _ = apply(bull, Action(RESOLVE))
    won = play_state(5, rewards=("RWD-01", "RWD-02", "RWD-03"))
    won, _ = apply(won.with_(trial=(TrialDie(0), TrialDie(0))), Action(RESOLVE))
    removing, _ = apply(won, Action("reward", card="RWD-05A"))
    states = [
        restart,
        zeus,
        base,
        base.with_(prompt=P_ABDERUS, mood="MOOD-ABDERUS", roll=()),
        base.with_(prompt=P_PHOLUS, mood="MOOD-PHOLUS", roll=()),
        fork,
        won,
        removing,
    ]
    prompts = {s.prompt for s in states}
    assert {P_MOOD, P_ABDERUS, P_PHOLUS, P_PLAY, P_FORK, P_REWARD, P_REMOVE} <= prompts
    return states


def solver_reasons() -> set[str]:
    """The reasons the solver and the random bot give over whole runs and at every prompt."""
    found: set[str] = set()
    solver = Solver()
    for state in prompt_states():
        found.add(solver.decide(view(state, 0), legal_actions(state)).reason)
    for difficulty, seed in (("mortal", 11), ("hero", 12), ("god", 13)):
        bot = make_bot("solver")
        state = new_game(LaborsConfig(difficulty), seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            action = bot.choose(state, legal_actions(state), rng)
            found.add(bot.explain())
            state, _ = apply(state, action)
    randomer = make_bot("random")
    randomer.choose(prompt_states()[2], legal_actions(prompt_states()[2]), random.Random(1))
    found.add(randomer.explain())
    return found


def synthetic_reasons() -> list[str]:
    """One reason of every kind and every plan step, built through the codec."""
    steps: list[codec.Step] = [
        ("turn", {"space": "BOW.b0", "face": "5", "to": "6", "cost": "1"}),
        ("turn", {"space": "RWD-01.b0", "face": "3", "to": "6", "cost": "0"}),
        ("twin", {"space": "RWD-04B.b0", "face": "6", "cost": "2"}),
        ("twin", {"space": "RWD-09A.b0", "face": "4", "cost": "0"}),
        ("set", {"space": "RWD-05A.b0", "face": "2", "other": "1", "to": "6"}),
        ("attack", {"target": "1", "faces": "1", "left": "3"}),
        ("attack", {"target": "0", "faces": "1,1", "left": "0"}),
        ("shield", {"n": "1", "saved": "1"}),
        ("shield", {"n": "2", "saved": "2"}),
        ("shield", {"n": "1", "saved": "0"}),
        ("shield", {"n": "2", "saved": "0"}),
        ("courage", {"n": "2"}),
        ("divinity", {"n": "1"}),
    ]
    params: dict[str, dict[str, object]] = {
        "plan": {"labour": 5, "steps": codec.encode_steps(steps)},
        "idle": {"coming": 2},
        "reroll": {"space": "RWD-02.b1", "face": 4},
        "reroll_others": {"space": "RWD-05B.b0", "faces": "1,2,2"},
        "fork": {"labour": 7, "target": 0, "space": "R1"},
        "reward": {"card": "RWD-06A"},
        "remove": {"card": "RWD-03"},
        "cover": {"card": "RWD-04B"},
        "redraw": {"mood": "MOOD-ATLAS"},
        "keep_mood": {"mood": "MOOD-RESOLUTE"},
        "abderus_dice": {"courage": 5},
        "abderus_courage": {"courage": 5},
        "keep": {"card": "RWD-08B", "cost": 3},
    }
    out = [codec.encode(kind, "English.", **params.get(kind, {})) for kind in codec.KINDS]
    out.append(codec.encode("idle", "English.", coming=0))
    out.append(codec.encode("plan", "English.", labour=6, steps=codec.encode_steps(steps[5:7])))
    return out


@pytest.fixture(scope="module")
def every_reason() -> list[str]:
    return sorted(solver_reasons()) + synthetic_reasons()


def test_every_kind_and_step_is_covered(every_reason: list[str]) -> None:
    kinds = set()
    step_kinds = set()
    for reason in every_reason:
        parsed = codec.parse(reason)
        assert parsed is not None, reason
        kinds.add(parsed[0])
        if parsed[0] == "plan":
            step_kinds |= {k for k, _ in codec.parse_steps(parsed[1]["steps"])}
    assert kinds == set(codec.KINDS)
    assert step_kinds == set(codec.STEP_FIELDS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_renders_with_no_missing_key(lang: str, every_reason: list[str]) -> None:
    strings.set_language(lang)
    for reason in every_reason:
        english = codec.parse(reason)
        assert english is not None
        text = reason_text(reason)
        assert text and "[" not in text and "lab.hint" not in text and "{" not in text, (
            reason,
            text,
        )
        assert text[0].isupper() and text.endswith("."), text
        if lang == "it" and english[0] not in ("random",):
            assert text != english[2] or english[2] == "English.", text


def test_in_english_the_rendering_is_the_solvers_own_sentence(every_reason: list[str]) -> None:
    strings.set_language("en")
    same = 0
    for reason in every_reason:
        parsed = codec.parse(reason)
        assert parsed is not None
        # The solver's English names cards its own way; sentences without names agree.
        if parsed[2] != "English." and parsed[0] in NAMELESS:
            assert reason_text(reason) == parsed[2]
            same += 1
    assert same >= 4


NAMELESS = ("draw", "roll", "begin", "nothing", "only", "go_on", "random", "idle", "begin_kept")
NAMELESS += ("abderus_dice", "abderus_courage")


def test_italian_names_the_game_in_italian() -> None:
    strings.set_language("it")
    plan = synthetic_reasons()[list(codec.KINDS).index("plan")]
    text = reason_text(plan)
    assert "Arco di Ercole" in text and "Coraggio" in text and "Stalle di Augia" in text, text


def test_reasons_round_trip() -> None:
    reason = codec.encode("fork", "Send it.", labour=7, target=0, space="R1")
    assert codec.parse(reason) == (
        "fork",
        {"labour": "7", "target": "0", "space": "R1"},
        "Send it.",
    )
    steps: list[codec.Step] = [
        ("turn", {"space": "BOW.b0", "face": "1", "to": "6", "cost": "1"}),
        ("attack", {"target": "0", "faces": "6,6", "left": "2"}),
    ]
    assert codec.parse_steps(codec.encode_steps(steps)) == steps
    assert codec.faces_of(codec.faces_param((1, 5, 6))) == (1, 5, 6)
    assert codec.parse(codec.encode("draw", "a|b")) == ("draw", {}, "a/b")
    with pytest.raises(ValueError):
        codec.encode("plan", "x", labour=1)  # steps missing
    with pytest.raises(ValueError):
        codec.encode("nope", "x")


@pytest.mark.parametrize(
    ("reason", "shown"),
    [
        ("", ""),
        ("Attack the Hydra with the 6.", "Attack the Hydra with the 6."),  # an old save's text
        ("lab.hint.plan", "lab.hint.plan"),
        ("lab.hint.plan|steps=zzz|labour=2|Fallback.", "Fallback."),
        ("lab.hint.plan|labour=2|steps=attack:9:6:0|Fallback.", "Fallback."),
        ("lab.hint.plan|labour=2|steps=attack:0:7:0|Fallback.", "Fallback."),
        ("lab.hint.plan|labour=2|steps=|Fallback.", "Fallback."),
        ("lab.hint.fork|labour=99|target=0|space=1|Fallback.", "Fallback."),
        ("lab.hint.fork|labour=7|target=0|space=ZZ|Fallback.", "Fallback."),
        ("lab.hint.reward|card=RWD-99|Fallback.", "Fallback."),
        ("lab.hint.reroll|space=NOPE.b0|face=3|Fallback.", "Fallback."),
        ("lab.hint.someday|x=1|Fallback.", "Fallback."),
        ("lab.hint.idle|coming=lots|Fallback.", "Fallback."),
        ("lab.hint.idle|Fallback.", "Fallback."),
        ("lab.hint.redraw|mood=MOOD-NONE|", "lab.hint.redraw|mood=MOOD-NONE|"),
        ("lab.hint.draw|not a param|Fallback.", "lab.hint.draw|not a param|Fallback."),
        ("bot.aims|labour=7|English", "bot.aims|labour=7|English"),
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_garbage_and_old_reasons_fall_back_safely(reason: str, shown: str, lang: str) -> None:
    strings.set_language(lang)
    assert reason_text(reason) == shown


@pytest.mark.parametrize("lang", LANGS)
def test_hint_text_is_the_solvers_action_in_the_current_language(lang: str) -> None:
    strings.set_language(lang)
    state = play_state(2, rewards=("RWD-01",))
    action, text = hint_text(state)
    assert action in legal_actions(state)
    assert text and "[" not in text
    decision = Solver().decide(view(state, 0), legal_actions(state))
    assert action == decision.action
    assert text == reason_text(decision.reason)


def test_hint_text_over_is_nothing() -> None:
    state = play_state(1).with_(prompt="over", outcome="skull")
    assert hint_text(state) == (None, "")

"""The Labors solver: legal, sensible, explained, deterministic, and blind to hidden things."""

from __future__ import annotations

import random

import pytest
from labors.engine.helpers import playing

from hercules.games.labors.ai import BOT_LEVELS, Solver, SolverBot, hint, make_bot
from hercules.games.labors.ai.reason import parse
from hercules.games.labors.engine import (
    Action,
    LaborsConfig,
    apply,
    legal_actions,
    new_game,
    view,
)
from hercules.games.labors.engine.actions import ATTACK, GOLD, KEEP, RESOLVE
from hercules.games.labors.engine.state import (
    OUTCOMES,
    P_ABDERUS,
    P_FORK,
    P_MOOD,
    P_PHOLUS,
    P_PLAY,
    P_REMOVE,
    P_RESTART,
    P_REWARD,
    Die,
    LaborsState,
    TrialDie,
)

MAX_STEPS = 5_000


def settle(state: LaborsState) -> LaborsState:
    """Take the chance steps (draw, roll) until a decision is due."""
    while not state.is_terminal:
        legal = legal_actions(state)
        if len(legal) != 1 or legal[0].kind not in ("draw", "roll"):
            return state
        state, _ = apply(state, legal[0])
    return state


def play_state(labour: int = 1, **changes: object) -> LaborsState:
    """A roll of trial ``labour`` (started there), then ``changes``."""
    state = new_game(LaborsConfig("hero", start=labour), seed=5)
    if labour > 1:
        state, _ = apply(state, Action("begin"))
    state = settle(state)
    while state.prompt != P_PLAY:  # a Mood may ask something first
        state, _ = apply(state, legal_actions(state)[0])
        state = settle(state)
    return state.with_(**changes)


def prompt_states() -> dict[str, LaborsState]:
    """A seeded state of every prompt a player answers."""
    out: dict[str, LaborsState] = {}
    restart = new_game(LaborsConfig("hero", start=9), seed=3)
    out[P_RESTART] = restart
    zeus, _ = apply(restart, Action(KEEP, card="RWD-08B"))
    zeus, _ = apply(zeus, Action("begin"))
    zeus, _ = apply(zeus, Action("draw"))
    out[P_MOOD] = zeus
    base = play_state(2, rewards=("RWD-01", "RWD-02"))
    out[P_PLAY] = base
    out[P_ABDERUS] = base.with_(prompt=P_ABDERUS, mood="MOOD-ABDERUS", roll=())
    out[P_PHOLUS] = base.with_(prompt=P_PHOLUS, mood="MOOD-PHOLUS", roll=())
    bull = play_state(7)
    fork, _ = apply(bull, Action(RESOLVE))
    out[P_FORK] = fork
    won = play_state(5, rewards=("RWD-01", "RWD-02", "RWD-03"))
    won, _ = apply(won.with_(trial=(TrialDie(0), TrialDie(0))), Action(RESOLVE))
    out[P_REWARD] = won
    removing, _ = apply(won, Action("reward", card="RWD-05A"))
    out[P_REMOVE] = removing
    return out


PROMPTS = prompt_states()


@pytest.mark.parametrize("prompt", sorted(PROMPTS))
def test_every_prompt_gets_a_legal_explained_choice(prompt: str) -> None:
    state = PROMPTS[prompt]
    assert state.prompt == prompt
    legal = legal_actions(state)
    assert len(legal) > 1
    decision = Solver().decide(view(state, 0), legal)
    assert decision.action in legal
    assert_one_sentence(decision.sentence)


def assert_one_sentence(text: str) -> None:
    assert text and text[0].isupper() and text.endswith("."), text
    assert ". " not in text and "\n" not in text, text


def test_a_killing_attack_beats_a_gold_courage_before_the_skull() -> None:
    # The Lion on its -2 space: the next one is the skull. One die, a 5: kill it or +1 Courage.
    state = play_state(
        1,
        rewards=("RWD-06C",),
        trial=(TrialDie(1, "4"),),
        roll=(Die(5),),
        courage=5,
    )
    legal = legal_actions(state)
    assert {ATTACK, GOLD, RESOLVE} <= {a.kind for a in legal}
    decision = Solver().decide(view(state, 0), legal)
    assert decision.action.kind == ATTACK
    assert "falls" in decision.sentence


def test_shields_when_the_next_space_hurts_courage_when_it_does_not() -> None:
    # One die that cannot attack the Lion (a 2), two gold spaces: 2 shields or 1 Courage.
    hurt = play_state(
        1, rewards=("RWD-06C", "RWD-11C"), trial=(TrialDie(6, "3"),), roll=(Die(2),), courage=9
    )
    decision = Solver().decide(view(hurt, 0), legal_actions(hurt))
    assert decision.action == Action(GOLD, space="RWD-11C.g0", dice=(0,))
    assert "save 2 Courage" in decision.sentence
    # Its next space only heals it: the Courage is worth more than shields.
    calm = hurt.with_(trial=(TrialDie(5, "2"),))
    decision = Solver().decide(view(calm, 0), legal_actions(calm))
    assert decision.action == Action(GOLD, space="RWD-06C.g0", dice=(0,))


def test_cerberus_is_not_finished_below_the_top_of_divinity() -> None:
    # Beating Cerberus with Divinity under 10 loses: the solver waits (no attack).
    state = play_state(
        12,
        trial=(TrialDie(1), TrialDie(0), TrialDie(0)),
        roll=(Die(6), Die(6), Die(6)),
        divinity=6,
        courage=15,
    )
    legal = legal_actions(state)
    assert any(a.kind == ATTACK for a in legal)
    assert Solver().decide(view(state, 0), legal).action.kind != ATTACK
    # At the top it finishes the run.
    top = state.with_(divinity=10)
    assert Solver().decide(view(top, 0), legal_actions(top)).action.kind == ATTACK


def test_the_same_view_gives_the_same_choice() -> None:
    for state in PROMPTS.values():
        legal = legal_actions(state)
        first = Solver().decide(view(state, 0), legal)
        again = Solver().decide(view(state, 0), legal)
        assert (first.action, first.sentence) == (again.action, again.sentence)
        bot = SolverBot()
        picks = {bot.choose(state, legal, random.Random(seed)) for seed in range(3)}
        assert picks == {first.action}


def test_it_never_peeks_at_the_mood_deck_order_or_the_generator() -> None:
    for state in PROMPTS.values():
        legal = legal_actions(state)
        other = state.with_(mood_deck=tuple(reversed(state.mood_deck)), rng=state.rng ^ 0xBEEF)
        a = SolverBot()
        b = SolverBot()
        assert a.choose(state, legal, random.Random(1)) == b.choose(other, legal, random.Random(2))
        assert a.explain() == b.explain()
        assert a.choose(view(state, 0), legal, random.Random(1)) == a.choose(
            state, legal, random.Random(1)
        )


@pytest.mark.parametrize(("difficulty", "seed"), [("mortal", 1), ("hero", 2), ("god", 3)])
def test_whole_games_reach_the_end_with_legal_explained_moves(difficulty: str, seed: int) -> None:
    state = new_game(LaborsConfig(difficulty), seed)
    bot = make_bot("solver")
    rng = random.Random(seed)
    prompts = set()
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            break
        legal = legal_actions(state)
        action = bot.choose(state, legal, rng)
        assert action in legal
        parsed = parse(bot.explain())
        assert parsed is not None, bot.explain()
        assert_one_sentence(parsed[2])
        prompts.add(state.prompt)
        state, _ = apply(state, action)
    assert state.is_terminal and state.outcome in OUTCOMES[1:]
    assert P_PLAY in prompts
    if difficulty == "mortal":
        assert state.beaten, "the solver beats the first trials in mortal"


def test_hint_gives_a_legal_action_and_a_sentence() -> None:
    state = PROMPTS[P_PLAY]
    action, sentence = hint(state)
    assert action in legal_actions(state)
    assert_one_sentence(sentence)


def test_bot_levels() -> None:
    assert BOT_LEVELS == ("solver", "random")
    for level in BOT_LEVELS:
        bot = make_bot(level)
        state = PROMPTS[P_PLAY]
        legal = legal_actions(state)
        assert bot.choose(state, legal, random.Random(0)) in legal
        assert bot.explain()
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("oracle")


def test_a_gold_courage_gain_at_the_top_is_worth_placing_when_the_advance_hurts() -> None:
    # Courage 17, RWD-04A's gold (a pair -> +2C), the Bull's start: every next space is -1.
    # The gain nets with that loss (rulings 6, 9): placing the pair keeps 17, not 16.
    state = playing(7, [2, 2], rewards=("RWD-04A",), courage=17)
    decision = Solver().decide(view(state, 0), legal_actions(state))
    assert decision.action == Action(GOLD, space="RWD-04A.g0", dice=(0, 1))

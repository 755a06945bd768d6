"""The Later Years bots: legal at every prompt, deterministic, blind to what their seat may not
see, and explaining each move in one encoded sentence. No timing assertions."""

from __future__ import annotations

import random

import pytest

from hercules.games.later_years.ai import BOT_LEVELS, KINDS, make_bot, parse
from hercules.games.later_years.ai.bots import RandomBot
from hercules.games.later_years.engine import (
    HIDDEN,
    LaterYearsConfig,
    LaterYearsState,
    actor,
    apply,
    legal_actions,
    load_data,
    new_game,
    view_for,
)
from hercules.games.later_years.engine.state import P_BID, P_PLAY

LEVELS = (*BOT_LEVELS, "random")


def play(
    levels: tuple[str, ...], seed: int, check: bool = True
) -> list[tuple[LaterYearsState, str]]:
    """Play a whole game; every decision's state and the reason given."""
    bots = [make_bot(level) for level in levels]
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(levels))]
    state = new_game(LaterYearsConfig(len(levels)), seed)
    seen = []
    while not state.is_terminal:
        legal = legal_actions(state)
        seat = actor(state)
        if seat < 0:
            action = legal[0]
        else:
            action = bots[seat].choose(state, legal, rngs[seat])
            if check:
                assert action in legal, (levels[seat], action)
                seen.append((state, bots[seat].explain()))
        state, _ = apply(state, action)
    return seen


def check_reason(reason: str) -> None:
    parsed = parse(reason)
    assert parsed is not None, reason
    kind, params, english = parsed
    assert kind in KINDS, reason
    assert set(params) == set(KINDS[kind]), reason
    assert english and english.endswith(".") and "\n" not in english, reason
    assert english.count(". ") == 0, f"one sentence: {reason}"
    data = load_data()
    if "card" in params:
        assert params["card"] in data.cards
    if "space" in params:
        assert params["space"] in data.space_at
    for key in ("slot", "amount", "fee", "seat", "chains", "cards", "n"):
        if key in params:
            assert params[key].isdigit(), reason


def test_the_levels() -> None:
    assert BOT_LEVELS == ("easy", "normal", "hard")
    for level in LEVELS:
        bot = make_bot(level)
        assert bot.name == level and bot.threaded is False
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("genius")


@pytest.mark.parametrize(
    ("levels", "seed"),
    [
        (("easy", "normal", "hard"), 1),
        (("hard", "hard"), 2),
        (("normal", "easy", "hard", "normal", "easy"), 3),
        (("hard", "random", "normal", "easy"), 4),
    ],
)
def test_legal_at_every_prompt_with_a_reason(levels: tuple[str, ...], seed: int) -> None:
    decisions = play(levels, seed)
    prompts = {state.prompt for state, _ in decisions}
    assert prompts == {P_BID, P_PLAY}
    for state, reason in decisions:
        check_reason(reason)
        if state.prompt == P_BID:
            parsed = parse(reason)
            assert parsed is not None
            # The face-down card is never named (the bidder cannot know it anyway).
            assert parsed[1].get("card") != state.row[-1]


def mid_game(seed: int, prompt: str, players: int = 3, skip: int = 6) -> LaterYearsState:
    """A state at ``prompt`` some rounds in, reached by Normal bots."""
    bots = [make_bot("normal") for _ in range(players)]
    rng = random.Random(seed)
    state = new_game(LaterYearsConfig(players), seed)
    while True:
        legal = legal_actions(state)
        seat = actor(state)
        if state.round > skip and state.prompt == prompt and len(legal) > 1:
            if prompt != P_PLAY or any(a.kind == "task" for a in legal):
                return state
        action = legal[0] if seat < 0 else bots[seat].choose(state, legal, rng)
        state, _ = apply(state, action)
        assert not state.is_terminal


def reshuffle_hidden(state: LaterYearsState, seat: int, seed: int) -> LaterYearsState:
    """The same game as ``seat`` sees it, but every card it may not see dealt anew: the other
    hands' hidden cards, the deck (contents and order) and the face-down auction card."""
    hidden: list[str] = list(state.deck)
    hands = [list(h) for h in state.hands]
    for s, hand in enumerate(state.hands):
        if s != seat:
            unshown = [c for c in hand if c not in state.shown[s]]
            hidden += unshown
            hands[s] = list(state.shown[s])
    row = list(state.row)
    if row and state.prompt == P_BID:
        hidden.append(row.pop())
    rng = random.Random(seed)
    rng.shuffle(hidden)
    for s, hand in enumerate(state.hands):
        if s != seat:
            k = len(hand) - len(state.shown[s])
            hands[s] += [hidden.pop() for _ in range(k)]
    if state.prompt == P_BID and state.row:
        row.append(hidden.pop())
    return state.with_(
        deck=tuple(hidden),
        hands=tuple(tuple(sorted(h)) for h in hands),
        row=tuple(row),
        rng=rng.getrandbits(32),
        seed=seed,
    )


def test_a_view_hides_what_the_test_reshuffles() -> None:
    state = mid_game(31, P_BID)
    view = view_for(state, actor(state))
    assert view.row[-1] == HIDDEN and set(view.deck) == {HIDDEN}


def test_the_only_move_is_taken_without_thinking() -> None:
    state = new_game(LaterYearsConfig(3), 1)
    state, _ = apply(state, legal_actions(state)[0])
    for level in BOT_LEVELS:
        bot = make_bot(level)
        only = [legal_actions(state)[0]]
        assert bot.choose(state, only, random.Random(0)) == only[0]
        assert bot.explain().startswith("ly.bot.only|")


def test_random_bot_uses_its_generator() -> None:
    state = mid_game(41, P_BID)
    legal = legal_actions(state)
    bot = RandomBot()
    picks = {bot.choose(state, legal, random.Random(k)) for k in range(20)}
    assert len(picks) > 1 and picks <= set(legal)

"""hercules.games.mebo.ai.bots: every level plays legally, deterministically, and as its code says.

Legality is fuzzed two ways: whole bot games through the arena (which refuses an illegal
action), and states reached by random play, where each bot is asked directly at every
action, rest and demigod-choice prompt. Behaviour tests assert what the code decides:
Easy takes any labour; Normal follows its best plan unless resting is worth more; Hard
weighs its lookahead. Hard is slow (milliseconds a decision), so its games are few and short.
"""

from __future__ import annotations

import functools
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import pytest
from support.oracles import Recorder
from support.scenario import Scenario

from hercules.games.mebo.ai import (
    BOT_LEVELS,
    EasyBot,
    HardBot,
    MasterBot,
    NormalBot,
    RandomBot,
    make_bot,
)
from hercules.games.mebo.ai.arena import play_game
from hercules.games.mebo.ai.bots import Weights
from hercules.games.mebo.ai.planner import plan_labours
from hercules.games.mebo.engine import (
    Action,
    GameConfig,
    GameState,
    apply,
    card_set,
    legal_actions,
    new_game,
)

CARDS = card_set().cards
LEVELS = ("random", "easy", "normal", "hard")
CONFIGS = [
    GameConfig(2, "standard"),
    GameConfig(3, "standard"),
    GameConfig(4, "standard"),
    GameConfig(2, "simplified"),
    GameConfig(4, "simplified"),
    GameConfig(2, "solo"),
]
DECIDED = ("action", "rest", "choose_demigod")


def cfg_id(config: GameConfig) -> str:
    return f"{config.players}p-{config.mode}"


def play(
    config: GameConfig, levels: Sequence[str], seed: int, bot_seed: int | None = None
) -> tuple[list, tuple[int, ...]]:
    """A whole arena game: every decision taken (seat, prompt, action) and the final VP."""
    log: list = []
    bots: list[Any] = []
    for seat in range(config.players):
        if config.solo and seat == 1:
            bots.append(None)
        else:
            bots.append(Recorder(make_bot(levels[seat % len(levels)]), log))
    record = play_game(config, bots, seed, bot_seed)
    return log, tuple(s.vp for s in record.seats)


@functools.cache
def random_play_states(config: GameConfig, games: int = 8) -> tuple[GameState, ...]:
    """States at which a bot must decide, reached by random play (seeded)."""
    out = []
    for g in range(games):
        seed = 1000 * g + 17 * config.players + len(config.mode)
        rng = random.Random(seed)
        state = new_game(config, seed)
        while not state.is_terminal:
            legal = legal_actions(state)
            if state.prompt in DECIDED:
                out.append(state)
            state, _ = apply(state, legal[rng.randrange(len(legal))])
    return tuple(out)


def all_random_play_states() -> list[GameState]:
    return [s for c in CONFIGS for s in random_play_states(c)]


# --- the interface -----------------------------------------------------------------------------


def test_make_bot_makes_every_level() -> None:
    assert BOT_LEVELS == ("easy", "normal", "hard", "master")
    kinds = {
        "random": RandomBot,
        "easy": EasyBot,
        "normal": NormalBot,
        "hard": HardBot,
        "master": MasterBot,
    }
    for level, cls in kinds.items():
        bot = make_bot(level)
        assert type(bot) is cls
        assert bot.name == level
        assert bot.threaded is (level in ("hard", "master"))
        assert make_bot(level) is not bot  # a new bot each time


@pytest.mark.parametrize("level", ["", "expert", "Hard", " normal", "hades"])
def test_make_bot_rejects_unknown_levels(level: str) -> None:
    with pytest.raises(ValueError) as info:
        make_bot(level)
    assert repr(level) in str(info.value)


# --- legality ----------------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=cfg_id)
def test_whole_games_are_legal_and_explained(config: GameConfig) -> None:
    # Every level, alone and mixed; Hard in one game per configuration.
    line_ups = [("random",), ("easy",), ("normal",), ("easy", "normal", "random")]
    if config.players <= 3:
        line_ups.append(("hard", "normal", "easy"))
    seen: set[str] = set()
    for k, levels in enumerate(line_ups):
        for seed in (1, 2) if "hard" not in levels else (3,):
            log, _ = play(config, levels, 100 * k + seed)
            seen |= {prompt for _, prompt, _, _ in log}
    assert seen == set(DECIDED)


def test_hard_plays_legal_solo_and_four_player_games() -> None:
    for config in (GameConfig(2, "solo"), GameConfig(4, "standard")):
        log, _ = play(config, ("hard",), 7)
        assert {p for _, p, _, _ in log} >= {"action", "rest"}


@pytest.mark.parametrize("config", CONFIGS, ids=cfg_id)
def test_bots_answer_legally_in_random_play_states(config: GameConfig) -> None:
    states = random_play_states(config)
    bots = {level: make_bot(level) for level in LEVELS}
    asked = {level: 0 for level in LEVELS}
    prompts: set[str] = set()
    for k, state in enumerate(states):
        legal = legal_actions(state)
        prompts.add(state.prompt)
        for level, bot in bots.items():
            if level == "hard" and k % 2:
                continue  # Hard is slow: every other state
            before = state.to_json() if k % 10 == 0 else None
            action = bot.choose(state, legal, random.Random(k))
            assert action in legal, (level, state.prompt, action)
            assert bot.explain().strip(), (level, state.prompt, action)
            if before is not None:
                assert state.to_json() == before
            asked[level] += 1
    assert prompts == set(DECIDED)
    assert asked["hard"] > 100


# --- determinism -------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level: str) -> None:
    configs = [GameConfig(3), GameConfig(2, "solo")]
    if level == "hard":
        configs = [GameConfig(2, "solo")]
    for config in configs:
        first = play(config, (level,), 21)
        again = play(config, (level,), 21)
        assert first == again
        other = play(config, (level,), 22)
        assert other[0] != first[0]


def test_random_and_easy_draw_on_their_own_generator() -> None:
    # Same deal, other bot seed: random and easy bots play differently.
    for level in ("random", "easy"):
        a = play(GameConfig(3), (level,), 5, bot_seed=1)
        b = play(GameConfig(3), (level,), 5, bot_seed=2)
        assert a[0] != b[0]


def test_normal_and_hard_decide_from_the_state_alone() -> None:
    # They never draw on their generator: the bot seed does not change their game.
    for level, config in (("normal", GameConfig(3)), ("hard", GameConfig(2, "solo"))):
        a = play(config, (level,), 5, bot_seed=1)
        b = play(config, (level,), 5, bot_seed=2)
        assert a == b
    for state in all_random_play_states()[::25]:
        rng = random.Random(3)
        before = rng.getstate()
        make_bot("normal").choose(state, legal_actions(state), rng)
        assert rng.getstate() == before


_PROBE = """
import hashlib, json
from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.ai.arena import play_game
from hercules.games.mebo.engine import GameConfig
out = []
for level in ("random", "easy", "normal"):
    for config in (GameConfig(3), GameConfig(2, "solo")):
        bots = [make_bot(level), None] if config.solo else [make_bot(level) for _ in range(3)]
        out.append(play_game(config, bots, 31).to_json(timings=False))
bots = [make_bot("hard"), None]
out.append(play_game(GameConfig(2, "solo"), bots, 31).to_json(timings=False))
print(hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest())
"""


def test_games_do_not_depend_on_hash_randomisation() -> None:
    digests = set()
    for hashseed in ("1", "2"):
        run = subprocess.run(
            [sys.executable, "-P", "-c", _PROBE],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": hashseed},
            timeout=120,
            check=True,
        )
        digests.add(run.stdout.strip())
    assert len(digests) == 1


# --- Easy --------------------------------------------------------------------------------------


def test_easy_takes_a_labour_whenever_one_is_legal() -> None:
    bot = make_bot("easy")
    labours = rests = 0
    for k, state in enumerate(all_random_play_states()):
        legal = legal_actions(state)
        action = bot.choose(state, legal, random.Random(k))
        kinds = {a.kind for a in legal}
        if state.prompt == "action":
            if "labour" in kinds:
                assert action.kind == "labour"
                labours += 1
            else:  # no abilities: rest, or end the turn once a card was used
                assert action.kind == ("rest" if "rest" in kinds else "end_turn")
                rests += 1
        elif state.prompt == "rest":
            for kind in ("return_cube", "turn_up", "end_rest"):
                if kind in kinds:
                    assert action.kind == kind
                    break
    assert labours > 100 and rests > 100


def test_easy_picks_among_labours_at_random() -> None:
    state = Scenario(2, "standard", seed=1).dice(0, 2, 4).to_act(0).build()
    legal = legal_actions(state)
    labours = {a for a in legal if a.kind == "labour"}
    assert len(labours) >= 3
    bot = make_bot("easy")
    rng = random.Random(0)
    picked = {bot.choose(state, legal, rng) for _ in range(200)}
    assert picked == labours


# --- Normal ------------------------------------------------------------------------------------


def test_normal_follows_its_best_plan_unless_resting_is_worth_more() -> None:
    bot = make_bot("normal")
    assert isinstance(bot, NormalBot)
    followed = rested = gambled = 0
    for k, state in enumerate(all_random_play_states()):
        legal = legal_actions(state)
        action = bot.choose(state, legal, random.Random(k))
        if state.prompt != "action":
            continue
        plans = plan_labours(state)
        can_rest = any(a.kind == "rest" for a in legal)
        if plans:
            values = {r: bot.plan_value(state, p) for r, p in plans.items()}
            best = max(values.values())
            assert action.kind != "end_turn"
            if action.kind == "rest":
                assert bot.rest_value(state) > best
                rested += 1
            else:
                firsts = {plans[r].actions[0] for r, v in values.items() if v == best}
                assert action in firsts
                followed += 1
            if not can_rest or best >= bot.rest_value(state):
                assert action.kind != "rest"
        elif action.kind == "use":
            # No sure labour: only a chance card (the white die or a re-roll of every die).
            assert CARDS[action.card].ability in ("white_die", "reroll")
            gambled += 1
        else:
            assert action.kind == ("rest" if can_rest else "end_turn")
    assert followed > 200 and gambled > 10 and rested > 0


def test_normal_chooses_the_best_deck_and_rests_usefully() -> None:
    bot = make_bot("normal")
    assert isinstance(bot, NormalBot)
    chose = rest_steps = 0
    for state in all_random_play_states():
        legal = legal_actions(state)
        if state.prompt == "choose_demigod":
            action = bot.choose(state, legal, random.Random(0))
            best = max(bot.deck_value(state, d) for d in state.pending)
            assert bot.deck_value(state, action.deck) == best
            chose += 1
        elif state.prompt == "rest":
            action = bot.choose(state, legal, random.Random(0))
            kinds = {a.kind for a in legal}
            # Cubes back first, then a god face up, then done: never stops a rest early.
            want = next(k for k in ("return_cube", "turn_up", "end_rest") if k in kinds)
            assert action.kind == want
            rest_steps += 1
    assert chose > 10 and rest_steps > 50


def two_labours(god_on_column_2: bool) -> GameState:
    # Dice 4 4 make labour 8 (4 + 4) and labour 1 (4 / 4). Labour 2 is done, so labour 1
    # moves the Apprentice two columns, onto column 2.
    sc = Scenario(2, "standard", seed=1).dice(0, 4, 4).done(0, 2)
    if not god_on_column_2:
        sc.clear_column(2, 1)
    return sc.to_act(0).build()


def test_normal_takes_the_more_valuable_labour() -> None:
    with_god = two_labours(True)
    without = two_labours(False)
    assert with_god.columns[2] and not without.columns[2]
    bot = make_bot("normal")
    assert isinstance(bot, NormalBot)
    plans = plan_labours(with_god)
    assert set(plans) == {1, 8}
    one, eight = bot.plan_value(with_god, plans[1]), bot.plan_value(with_god, plans[8])
    assert one > eight + 3
    action = bot.choose(with_god, legal_actions(with_god), random.Random(0))
    assert action == Action("labour", op="div", dice=(0, 1))
    assert "labour 1" in bot.explain()
    # The god above column 2 is what labour 1 is worth more for; labour 8 does not care.
    plans2 = plan_labours(without)
    assert bot.plan_value(without, plans2[8]) == pytest.approx(eight)
    assert bot.plan_value(without, plans2[1]) < one - 3
    # And applying it does take the god.
    after, events = apply(with_god, action)
    assert with_god.columns[2] in after.players[0].gods


def resting_situation(cubed: int) -> GameState:
    # Dice 3 5 and only labour 2 (5 - 3) within reach; it earns no demigod (the Hecate
    # deck is empty, the die decks show other faces) and moves nothing (cube on column 1).
    sc = Scenario(2, "standard", seed=1).dice(0, 3, 5)
    sc.empty_deck("hecate", 1).top_of("TYC-01", "MOR-03")
    cards = ["HES-01", "HES-02", "MOR-01"][:cubed]
    sc.give(0, *cards, cubed=cards).done(0, *range(3, 13))
    return sc.to_act(0).build()


def test_normal_rests_instead_of_a_plan_worth_less_than_resting() -> None:
    bot = make_bot("normal")
    assert isinstance(bot, NormalBot)
    three = resting_situation(3)
    plans = plan_labours(three)
    assert set(plans) == {2} and plans[2].decks == ()
    value = bot.plan_value(three, plans[2])
    # A labour of positive value, yet resting takes back three cubes and is worth more.
    assert 0 < value < bot.rest_value(three)
    assert bot.choose(three, legal_actions(three), random.Random(0)) == Action("rest")
    assert "rests" in bot.explain()
    one = resting_situation(1)
    assert bot.rest_value(one) < value
    assert bot.choose(one, legal_actions(one), random.Random(0)) == plans[2].finish


def gamble_situation(*cards: str) -> GameState:
    # Dice 1 1 and only labour 12 left: no certain ability reaches it.
    sc = Scenario(2, "standard", seed=2).dice(0, 1, 1).give(0, *cards)
    return sc.done(0, *range(1, 12)).to_act(0).build()


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_sure_labour_tries_a_chance_card(level: str) -> None:
    bot = make_bot(level)
    state = gamble_situation("TYC-01", "PAN-01")
    assert plan_labours(state) == {}
    action = bot.choose(state, legal_actions(state), random.Random(0))
    assert action == Action("use", card="PAN-01")  # the white die before a re-roll
    assert "tries its luck" in bot.explain()
    state = gamble_situation("TYC-01", "PAN-01", "GOD-APOLLO")
    action = bot.choose(state, legal_actions(state), random.Random(0))
    assert action == Action("use", card="GOD-APOLLO", dice=(0, 1))  # a god costs no cube
    state = gamble_situation()
    assert bot.choose(state, legal_actions(state), random.Random(0)) == Action("rest")


# --- Hard --------------------------------------------------------------------------------------


def hard_with_future(prefer: Any) -> HardBot:
    """A Hard bot whose lookahead is ``prefer(after_state, seat)`` (a fixed valuation)."""
    bot = make_bot("hard")
    assert isinstance(bot, HardBot)
    bot.future = prefer  # type: ignore[method-assign]
    return bot


def test_hard_prefers_what_its_lookahead_says() -> None:
    state = two_labours(True)
    legal = legal_actions(state)
    take_one = Action("labour", op="div", dice=(0, 1))
    take_eight = Action("labour", op="add", dice=(0, 1))

    def done(after: GameState, labour: int) -> bool:
        return not after.players[0].row >> labour & 1

    # Its own lookahead agrees with the immediate value here.
    assert make_bot("hard").choose(state, legal, random.Random(0)) == take_one
    # Told that only labour 8 leads anywhere, it takes 8 despite its lower immediate value.
    bot = hard_with_future(lambda after, seat: 100.0 if done(after, 8) else 0.0)
    assert bot.choose(state, legal, random.Random(0)) == take_eight
    assert "counting what its next roll can do" in bot.explain()
    # Told that resting sets up the next turn best, it rests.
    bot = hard_with_future(lambda after, seat: 0.0 if done(after, 1) or done(after, 8) else 100)
    assert bot.choose(state, legal, random.Random(0)) == Action("rest")
    assert "rests" in bot.explain()
    # With no lookahead at all it decides by the immediate value alone.
    bot = hard_with_future(lambda after, seat: 0.0)
    assert bot.choose(state, legal, random.Random(0)) == take_one


def test_hard_choice_maximises_value_plus_lookahead() -> None:
    # On action prompts of random play, Hard's choice is the option its own evaluation rates
    # best: immediate value plus ``lookahead`` times the expected next turn.
    checked = 0
    for state in all_random_play_states()[::40]:
        if state.prompt != "action":
            continue
        bot = make_bot("hard")
        assert isinstance(bot, HardBot)
        legal = legal_actions(state)
        action = bot.choose(state, legal, random.Random(0))
        plans = plan_labours(state)
        if not plans:
            continue
        seat = state.current
        # Hard looks ahead only for its best few plans: the same ranking here.
        ranked = sorted(plans.values(), key=lambda p: (-bot.plan_value(state, p), p.labour))
        totals: dict[Any, float] = {}
        for plan in ranked[: bot.candidates]:
            future = bot.expected_future(state, bot.after_plan(state, plan), seat)
            total = bot.plan_value(state, plan) + bot.lookahead * future
            totals[plan.actions[0]] = max(totals.get(plan.actions[0], float("-inf")), total)
        if any(a.kind == "rest" for a in legal):
            after = bot.after_rest(state)
            future = bot.expected_future(state, after, seat)
            totals[Action("rest")] = bot.rest_value(state) + bot.lookahead * future
        chosen = totals.get(action)
        if chosen is None:  # a chance card: judged by its expected best plan
            assert CARDS[action.card].ability in ("white_die", "reroll")
            continue
        assert chosen == pytest.approx(max(totals.values()))
        checked += 1
    assert checked >= 10


def test_hard_survives_solo_with_white_die_and_copy() -> None:
    # Hero 4 2 + white 5 (taken with PAN-01), Hades shows 1 (+ the white die); only labour
    # 11 is left. The planner turns Hera (+1) on the white die, then copies Hades: 1 6 + 6.
    sc = Scenario(2, "solo", seed=3)
    sc.give(0, "PAN-01", "AEO-01", "HEC-01", "GOD-HERA", cubed=["PAN-01"])
    sc.white(5, holder=0, via="PAN-01").done(0, *[c for c in range(1, 13) if c != 11])
    state = sc.dice(0, 4, 2).dice(1, 1).to_act(0).build()
    legal = legal_actions(state)
    assert make_bot("normal").choose(state, legal, random.Random(0)) in legal
    assert make_bot("hard").choose(state, legal, random.Random(0)) in legal


def test_hard_weights_and_bounds() -> None:
    hard, normal = make_bot("hard"), make_bot("normal")
    assert isinstance(hard, HardBot) and isinstance(normal, NormalBot)
    assert hard.w == Weights(rarity=2.5)
    assert normal.w == Weights()
    assert hard.candidates >= 1 and 0 < hard.lookahead and hard.future_uses >= 1

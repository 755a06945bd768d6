"""The MEBO planner: ``plan_labours`` against a brute force that plays the engine itself.

The oracle knows nothing of the planner's search: from a state it applies every legal ``use``
of a card whose ability is one of ``planner.CERTAIN``, depth first, and at every state reached
records each legal labour with the cheapest (cubes, gods, steps) that reached it, where a
demigod use costs a cube and a god use turns a god. The planner must find exactly those
labours at exactly those costs, and each plan's actions must replay through ``apply``.

Situations come from seeded random games in every mode, and from hand-made rich ones (many
ability cards, cubes in supply, the white die held) built through the engine's own JSON
validation, so that every card lies in exactly one place and every seat owns 12 cubes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from support.oracles import assert_matches_brute_force, brute_force, check_plan
from support.scenario import Scenario

from hercules.games.mebo.ai.planner import CERTAIN, Plan, plan_labours
from hercules.games.mebo.engine import (
    Action,
    GameConfig,
    GameState,
    apply,
    card_set,
    labour_result,
    legal_actions,
    new_game,
)

CARDS = card_set().cards

CONFIGS = [
    GameConfig(2, "standard"),
    GameConfig(3, "standard"),
    GameConfig(4, "standard"),
    GameConfig(2, "simplified"),
    GameConfig(3, "simplified"),
    GameConfig(4, "simplified"),
    GameConfig(2, "solo"),
]


def cfg_id(config: GameConfig) -> str:
    return f"{config.players}p-{config.mode}"


#: Cards whose ability the planner relies on, and chance cards it must leave alone.
CERTAIN_CARDS = tuple(
    c.id for c in CARDS.values() if c.kind in ("demigod", "god") and c.ability in CERTAIN
)
CHANCE_CARDS = tuple(
    c.id
    for c in CARDS.values()
    if c.kind in ("demigod", "god") and c.ability in ("reroll", "white_die")
)
WHITE_CARDS = tuple(c.id for c in CARDS.values() if c.ability == "white_die")


# --- situations ------------------------------------------------------------------------------


def random_game_prompts(config: GameConfig, seed: int, every: int = 1) -> Iterator[GameState]:
    """Every ``every``-th action prompt of a random game (random.Random(seed) picks moves)."""
    rng = random.Random(seed)
    state = new_game(config, seed)
    k = 0
    while not state.is_terminal:
        legal = legal_actions(state)
        if state.prompt == "action":
            k += 1
            if k % every == 0:
                yield state
        state, _ = apply(state, legal[rng.randrange(len(legal))])


def rich_state(
    rng: random.Random,
    config: GameConfig,
    *,
    hold_white: bool | None = None,
    copy_cards: bool = True,
    min_cards: int = 3,
    max_cards: int = 6,
    extra: tuple[str, ...] = (),
) -> GameState:
    """A seat to act with many ability cards, some cubed, used or face down, maybe the white die."""
    sc = Scenario(config.players, config.mode, seed=rng.randrange(1 << 30))
    n = config.players
    sc.pegasus(rng.randrange(n))
    seat = 0 if config.solo else rng.randrange(n)
    box = set(sc.doc["box"])
    active = config.gods_active
    if hold_white is None:
        hold_white = rng.random() < 0.4
    via = ""
    if hold_white:
        via = rng.choice([c for c in WHITE_CARDS if c not in box and (active or "GOD" not in c)])
    pool = [
        c
        for c in CERTAIN_CARDS
        if c not in box and c not in extra and (copy_cards or CARDS[c].ability != "copy")
    ]
    cards = [*extra, *rng.sample(pool, rng.randint(min_cards, max_cards))]
    # Chance cards (re-rolls, the white die) are held too: legal, but never planned.
    chance = [c for c in CHANCE_CARDS if c not in box and c != via]
    cards += rng.sample(chance, rng.randint(0, 2))
    demigods = [c for c in cards if CARDS[c].kind == "demigod"]
    gods = [c for c in cards if CARDS[c].kind == "god"]
    cubed = [c for c in demigods if rng.random() < 0.2]
    down = [c for c in gods if active and rng.random() < 0.2]
    if via:
        (cubed if CARDS[via].kind == "demigod" else down).append(via)
        cards.append(via)
    sc.give(seat, *cards, cubed=cubed, down=down)
    used = [c for c in cubed + down if c != via and rng.random() < 0.3]
    sc.used(seat, *used)
    # Labours done: at least one per cube on a card, and at least one labour left.
    k = rng.randint(min(len(cubed), 11), 11)
    k = max(k, len(cubed))
    sc.done(seat, *rng.sample(range(1, 13), k))
    for q in range(n):
        if sc.seat(q)["hades"]:
            sc.dice(q, rng.randint(1, 6))
        else:
            sc.dice(q, rng.randint(1, 6), rng.randint(1, 6))
    if via:
        sc.white(rng.randint(1, 6), holder=seat, via=via)
    else:
        sc.white(rng.randint(1, 6))
    sc.to_act(seat)
    state = sc.build()
    assert state.prompt == "action" and state.current == seat
    return state


# --- tests -----------------------------------------------------------------------------------


def plan_features(plans: dict[int, Plan]) -> set[str]:
    """What the plans exercise: long chains, each ability, the white die."""
    out: set[str] = set()
    for plan in plans.values():
        if len(plan.uses) >= 3:
            out.add("chain3")
        if 2 in plan.finish.dice:
            out.add("white")
        if plan.cubes and plan.gods:
            out.add("mixed")
        out.update(CARDS[a.card].ability for a in plan.uses)
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=cfg_id)
def test_matches_brute_force_in_random_games(config: GameConfig) -> None:
    prompts = mid_turn = 0
    features: set[str] = set()
    for seed in range(16):
        for state in random_game_prompts(config, seed * 7919 + config.players):
            features |= plan_features(assert_matches_brute_force(state))
            prompts += 1
            mid_turn += bool(state.used)
    assert prompts > 500
    assert mid_turn > 200  # states after some abilities were used this turn are covered too
    assert {"plus_one", "minus_one", "flip", "copy"} <= features


#: Rich situations per configuration.
RICH = 60


@pytest.mark.parametrize("config", CONFIGS, ids=cfg_id)
def test_matches_brute_force_in_rich_situations(config: GameConfig) -> None:
    rng = random.Random(f"rich:{config.players}:{config.mode}")
    features: set[str] = set()
    held = 0
    for _ in range(RICH):
        hold = rng.random() < 0.4
        state = rich_state(rng, config, hold_white=hold, copy_cards=True)
        held += state.white_holder >= 0
        features |= plan_features(assert_matches_brute_force(state))
    assert held >= 5
    expected = {"chain3", "white", "plus_one", "minus_one", "flip", "copy"}
    if config.gods_active:
        expected.add("mixed")
    assert expected <= features


def test_matches_brute_force_in_solo_with_white_die_and_copy() -> None:
    rng = random.Random("rich:solo:white+copy")
    config = GameConfig(2, "solo")
    for _ in range(100):
        state = rich_state(
            rng, config, hold_white=True, extra=("AEO-01", "GOD-HERA"), min_cards=1, max_cards=3
        )
        assert_matches_brute_force(state)


def solo_white_and_copy(
    hero: tuple[int, int], white: int, hades: int, left: tuple[int, ...], *cards: str
) -> GameState:
    """Solo: the hero holds the white die (taken with PAN-01) and ``cards``."""
    sc = Scenario(2, "solo", seed=3)
    sc.give(0, "PAN-01", *cards, cubed=["PAN-01"]).white(white, holder=0, via="PAN-01")
    sc.done(0, *[c for c in range(1, 13) if c not in left])
    return sc.dice(0, *hero).dice(1, hades).to_act(0).build()


def test_copy_of_hades_sees_the_changed_white_die() -> None:
    # Hero 1 1 + white 1, Hades shows 1 (and the white die). Flip the white die to 6, then
    # copy Hades: 1 6 + white 6, and 6 + 6 = 12. No other way reaches 12.
    state = solo_white_and_copy((1, 1), 1, 1, (12,), "AEO-01", "MOR-01")
    assert brute_force(state) == {12: (2, 0, 2)}
    assert set(plan_labours(state)) == {12}


def test_solo_plan_with_white_die_and_copy_replays() -> None:
    # Hero 4 2 + white 5, Hades 1 (+ white 5); only labour 11 left. Copy first (1 5 + 5),
    # then +1 on the white die: 5 + 6 = 11. The other order gives 1 6 + 6: no 11.
    state = solo_white_and_copy((4, 2), 5, 1, (11,), "AEO-01", "HEC-01", "GOD-HERA")
    assert brute_force(state) == {11: (1, 1, 2)}
    plans = plan_labours(state)
    assert set(plans) == {11}
    check_plan(state, plans[11])


# --- max_uses ----------------------------------------------------------------------------------


def max_uses_situations() -> Iterator[GameState]:
    rng = random.Random("max_uses")
    for config in CONFIGS:
        for _ in range(6):
            yield rich_state(rng, config, copy_cards=True, min_cards=4)


def test_max_uses_bounds_the_chain() -> None:
    longest = 0
    for state in max_uses_situations():
        full = plan_labours(state)
        assert plan_labours(state, max_uses=None) == full
        assert plan_labours(state, max_uses=50) == full
        longest = max(longest, *(len(p.uses) for p in full.values()), 0)
        previous: set[int] = set()
        for m in range(4):
            plans = assert_matches_brute_force(state, max_uses=m)
            assert all(len(p.uses) <= m for p in plans.values())
            assert previous <= set(plans)  # a longer bound never loses a labour
            for r, plan in plans.items():
                if r in full:  # a bound can only make a labour dearer
                    assert plan.cost >= full[r].cost
            previous = set(plans)
        assert previous <= set(full)
    assert longest >= 3


def test_max_uses_zero_is_the_labours_the_dice_allow_now() -> None:
    for state in max_uses_situations():
        plans = plan_labours(state, max_uses=0)
        dice = state.dice_of(state.current)
        now = {
            labour_result(a.op, dice[a.dice[0]], dice[a.dice[1]])
            for a in legal_actions(state)
            if a.kind == "labour"
        }
        assert set(plans) == now
        assert all(p.uses == () and p.cost == (0, 0, 0) for p in plans.values())


# --- hand-built chains ---------------------------------------------------------------------------


def test_long_chain_with_copy_flip_and_white_die() -> None:
    # Standard, 2 players. Seat 0 holds the white die (1) with dice 1 1; seat 1 shows 2 2.
    # Only labour 9 is left. Copy (2 2 + white 1), flip the white die (6), +1 on a 2: 3 + 6.
    sc = Scenario(2, "standard", seed=5)
    sc.give(0, "PAN-01", "AEO-01", "MOR-01", "HES-01", cubed=["PAN-01"])
    sc.white(1, holder=0, via="PAN-01").done(0, *[c for c in range(1, 13) if c != 9])
    state = sc.dice(0, 1, 1).dice(1, 2, 2).to_act(0).build()
    plans = assert_matches_brute_force(state)
    assert set(plans) == {9}
    plan = plans[9]
    assert plan.cost == (3, 0, 3)
    assert plan.uses[0] == Action("use", card="AEO-01", target=1)
    assert {CARDS[a.card].ability for a in plan.uses} == {"copy", "flip", "plus_one"}
    assert 2 in plan.finish.dice  # the white die takes part in the labour
    assert plan_labours(state, max_uses=2) == {}
    assert brute_force(state, max_uses=2) == {}


def test_chain_of_three_uses_is_found_and_cheapest() -> None:
    # Dice 1 1, no white die; only labour 9 left: 3 x 3 needs +1 +1 on one die and +1 +1 on
    # the other (4 uses), 4 + 5 needs many; flip turns 1 into 6: 6 + 3 (flip, +1, +1) = 3 uses.
    sc = Scenario(2, "standard", seed=6)
    sc.give(0, "MOR-01", "HES-01", "HES-02", "HES-03", "GOD-HERA")
    sc.done(0, *[c for c in range(1, 13) if c != 9])
    state = sc.dice(0, 1, 1).to_act(0).build()
    plans = assert_matches_brute_force(state)
    assert set(plans) == {9}
    plan = plans[9]
    assert len(plan.uses) == 3
    assert sorted(CARDS[a.card].ability for a in plan.uses) == ["flip", "plus_one", "plus_one"]
    # A god is free of cubes: the cheapest plan uses Hera for one +1, not a third cube.
    assert plan.cost == (2, 1, 3)


def supply_situation(done: tuple[int, ...]) -> GameState:
    sc = Scenario(2, "standard", seed=6)
    sc.give(0, "HES-01", "HES-02", "HES-03").done(0, *done)
    return sc.dice(0, 1, 1).to_act(0).build()


def test_supply_limits_demigod_uses() -> None:
    # Dice 1 1 and three +1 cards: each cube in supply allows one more +1.
    reach = {1: {1, 2, 3}, 2: {1, 2, 3, 4}, 3: {1, 2, 3, 4, 5, 6}}
    for cubes, labours in reach.items():
        state = supply_situation(tuple(range(13 - cubes, 13)))
        assert state.players[0].supply == cubes
        plans = assert_matches_brute_force(state)
        assert set(plans) == labours & set(range(1, 13 - cubes))
        assert max(p.cubes for p in plans.values()) == cubes


def chance_situation(used: bool) -> GameState:
    sc = Scenario(2, "standard", seed=6)
    sc.give(
        0, "TYC-01", "PAN-02", "GOD-APOLLO", "HES-01", "MOR-01", cubed=["MOR-01"] if used else []
    )
    if used:
        sc.used(0, "MOR-01")
    sc.done(0, *[c for c in range(1, 13) if c not in (9, 10)])
    return sc.dice(0, 2, 2).to_act(0).build()


def test_chance_cards_and_used_cards_are_not_planned() -> None:
    # Dice 2 2, labours 9 and 10 left. +1 gives 3 2 (no 9, no 10); flipping a 2 gives 5 2: 10.
    free = chance_situation(used=False)
    plans = assert_matches_brute_force(free)
    assert set(plans) == {10}
    assert [a.card for a in plans[10].uses] == ["MOR-01"]
    # MOR-01 already used this turn: nothing is certain any more; re-rolls and the white
    # die are legal but never planned.
    spent = chance_situation(used=True)
    chance = {a.card for a in legal_actions(spent) if a.kind == "use"}
    assert {"TYC-01", "PAN-02", "GOD-APOLLO"} <= chance
    assert assert_matches_brute_force(spent) == {}


def test_simplified_mode_ignores_gods() -> None:
    sc = Scenario(3, "simplified", seed=2)
    sc.give(0, "GOD-HERA", "GOD-ATHENA", "GOD-HERMES").done(0, *range(1, 12))
    state = sc.dice(0, 1, 1).dice(1, 6, 6).dice(2, 6, 2).to_act(0).build()
    assert plan_labours(state) == {}
    sc2 = Scenario(3, "standard", seed=2)
    sc2.give(0, "GOD-HERA", "GOD-ATHENA", "GOD-HERMES").done(0, *range(1, 12))
    state2 = sc2.dice(0, 1, 1).dice(1, 6, 6).dice(2, 6, 2).to_act(0).build()
    plans = assert_matches_brute_force(state2)
    assert plans[12].cost == (0, 1, 1)  # copy 6 2 (or 6 6): 6 x 2 = 12 or 6 + 6 = 12
    assert plans[12].uses[0].card == "GOD-HERMES"


def test_demigod_choice_is_the_engines() -> None:
    # 2 x 3 = 6: the mul deck (Pan) and whichever die deck shows 2 or 3 on top.
    sc = Scenario(2, "standard", seed=9)
    sc.top_of("TYC-02").done(0, *[c for c in range(1, 13) if c != 6])
    state = sc.dice(0, 2, 3).to_act(0).build()
    plans = assert_matches_brute_force(state)
    assert plans[6].decks == ("pan", "tyche")
    after = state
    for a in plans[6].actions:
        after, _ = apply(after, a)
    assert after.prompt == "choose_demigod" and after.pending == ("pan", "tyche")


# --- when there is nothing to plan ---------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=cfg_id)
def test_empty_unless_waiting_for_that_seats_action(config: GameConfig) -> None:
    seen: set[str] = set()
    rng = random.Random(f"prompts:{cfg_id(config)}")
    for seed in range(3):
        state = new_game(config, seed)
        while True:
            seen.add(state.prompt)
            for seat in range(config.players):
                plans = plan_labours(state, seat)
                if state.prompt == "action" and seat == state.current:
                    assert plans == plan_labours(state)
                else:
                    assert plans == {}
            assert plan_labours(state, -1) == {}
            if state.prompt != "action":
                assert plan_labours(state) == {}
            if state.is_terminal:
                break
            legal = legal_actions(state)
            state, _ = apply(state, legal[rng.randrange(len(legal))])
    expected = {"roll", "action", "rest", "choose_demigod", "game_over"}
    if config.solo:
        expected.add("hades")
    assert expected <= seen


def test_plans_reach_labours_the_dice_make_without_cards() -> None:
    # No cards at all: the plans are exactly the legal labour actions, with no cost.
    state = new_game(GameConfig(2), 4)
    state, _ = apply(state, Action("roll"))
    plans = assert_matches_brute_force(state)
    assert plans
    assert all(p.uses == () for p in plans.values())

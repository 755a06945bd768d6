"""Random-play conformance, in the style of OpenSpiel's ``random_sim_test``.

Seeded random games in every mode and player count, checked at every step by
:func:`support.fuzzing.play_checked` (the same checker ``tools/fuzz.py`` runs over many games
and processes): the legal actions are non-empty, sorted, duplicate-free and all accepted;
actions and the state round-trip through JSON; the invariants hold; ``apply`` leaves its input
alone and is deterministic; a random illegal action is refused with the right :class:`Reason`;
the score breakdown adds up. At the end, the action log replays to the final state. A separate
test replays the same games and counts what they exercised (choices, rests, vases, Hades' three
cases, Pantheon cards, every ability; in the print-and-play variant every power, erasing, jumps
and full rows), so the fuzz also proves its own coverage.

``pytest --fuzz-games N`` sets the number of games (see ``tests/conftest.py``).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from support.fuzzing import (
    ABILITIES,
    CARDS,
    CONFIG_IDS,
    CONFIGS,
    DECK_IDS,
    KINDS,
    OPS,
    ZEUS,
    assert_refused,
    game_seeds,
    per_config,
    play_checked,
    random_game,
)

from hercules.games.mebo.engine import (
    Action,
    Event,
    GameConfig,
    GameState,
    Reason,
    apply,
    legal_actions,
    new_game,
    pnp_rules,
    score,
)

# --- the tests ---------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("config_index", range(len(CONFIGS)), ids=CONFIG_IDS)
def test_random_games_conform(config_index: int, fuzz_games: int) -> None:
    config = CONFIGS[config_index]
    for seed in game_seeds(config_index, per_config(fuzz_games)):
        play_checked(config, seed)


def test_different_seeds_give_different_setups() -> None:
    for config in CONFIGS:
        if config.mode == "pnp":
            # Nothing to shuffle (every card stays in the box): the seed sets the dice.
            rolled = [apply(new_game(config, seed), Action("roll"))[0] for seed in range(8)]
            rolls = {json.dumps([p.dice for p in s.players]) for s in rolled}
            assert len(rolls) > 1, f"{config}: the seed does not change the dice"
            continue
        setups = {
            json.dumps(new_game(config, seed).to_json()["demigod_stacks"]) for seed in range(8)
        }
        assert len(setups) > 1, f"{config}: the seed does not shuffle the decks"


def test_terminal_state_refuses_everything() -> None:
    config = CONFIGS[2]
    *_, (_, _, final) = random_game(config, 30_000)
    assert final.is_terminal and legal_actions(final) == []
    for kind in KINDS:
        assert_refused(final, Action(kind), Reason.GAME_OVER)
    assert_refused(final, Action("roll"), Reason.GAME_OVER, seat=0)


# --- coverage ----------------------------------------------------------------------------------


def hades_case(events: list[Event]) -> str:
    """Which of the rulebook's three cases Hades' turn was."""
    if any(e.type == "cube_taken" for e in events):
        return "hades_case_1_cube"
    if any(e.type == "card_received" and e.data.get("kind") != "demigod" for e in events):
        return "hades_case_2_card"
    return "hades_case_3_run"


def count_game(config: GameConfig, seed: int, counts: Counter) -> None:
    """Count what one fuzz game exercised (the same game ``play_checked`` plays)."""
    final = None
    for state, action, nxt in random_game(config, seed):
        final = nxt
        counts[f"prompt:{state.prompt}"] += 1
        counts[f"action:{action.kind}"] += 1
        if action.kind == "labour":
            counts[f"labour_op:{action.op}"] += 1
            if 2 in action.dice:
                counts["labour_with_white_die"] += 1
        # The events are recomputed here (apply is deterministic, checked by the fuzz).
        _, events = apply(state, action)
        seat = state.current
        hero = seat >= 0 and not state.players[seat].hades
        if config.mode == "pnp":
            count_pnp_step(state, action, events, counts)
            continue
        for e in events:
            if e.type == "ability_used":
                counts[f"ability:{e.data['ability']}:{e.data['cost']}"] += 1
            elif e.type == "card_received":
                kind = e.data["kind"]
                who = "hero" if hero else "hades"
                counts[f"card:{kind}:{who}"] += 1
                if e.data["card"] == ZEUS:
                    counts[f"zeus:{who}"] += 1
                if kind == "vase" and CARDS[e.data["card"]].spaces != min(e.data["spaces"], 7):
                    counts["vase_fallback"] += 1
            elif e.type == "rested":
                counts["rest"] += 1
                if e.data["cubes"]:
                    counts["rest_returned_cubes"] += 1
                if e.data["god"]:
                    counts["rest_turned_god_up"] += 1
            elif e.type == "apprentice_moved" and e.data.get("wrapped"):
                counts["hades_wrapped"] += 1
        if action.kind == "hades":
            counts[hades_case(events)] += 1
    assert final is not None and final.is_terminal
    prefix = "pnp:" if config.mode == "pnp" else ""
    for reason in final.ended_by:
        counts[f"{prefix}end:{reason}"] += 1
    counts[f"{prefix}tiebreak:{score(final).tiebreak or 'none'}"] += 1
    if config.mode == "pnp":
        reached = sum(p.pos == 12 for p in final.players)
        counts["pnp:reached_12:several" if reached > 1 else "pnp:reached_12:one"] += 1
        if any(score(final).players[i].complete_sets for i in range(final.n)):
            counts["pnp:complete_set"] += 1


def count_pnp_step(state: GameState, action: Action, events: list[Event], counts: Counter) -> None:
    """Count what one print-and-play step exercised."""
    # Two rules random play practically never reaches, left to the rule tests: a labour that
    # earns no power (it needs the operation's row and the dice's rows full), and a power
    # blocked for want of a labour to circle (never reachable: each cross comes from a labour,
    # and resting erases labour circles at least as fast as power circles).
    p = state.players[state.current] if state.current >= 0 else None
    if action.kind == "labour":
        assert p is not None
        counts[f"pnp:labour_op:{action.op}"] += 1
        if 2 in action.dice:
            counts["pnp:labour_with_third_die"] += 1
        if max(p.crosses) >= pnp_rules().boxes_per_row:
            counts["pnp:labour_with_a_full_row"] += 1
        if action.target >= 0:  # "puoi muovere": the Apprentice stopped short
            counts["pnp:apprentice_stopped_short"] += 1
    elif action.kind == "power":
        counts[f"pnp:power:{action.deck}"] += 1
        if action.deck in state.powers_used:
            counts["pnp:same_row_twice_in_a_turn"] += 1
    elif action.kind == "choose_demigod":
        counts["pnp:choose_power_row"] += 1
    elif action.kind == "end_turn":
        counts["pnp:end_turn_after_power"] += 1
    for e in events:
        if e.type == "jump":
            counts["pnp:jump"] += 1
            counts[f"pnp:jump:{min(e.data['spaces'], 7)}"] += 1
        elif e.type == "power_crossed":
            counts[f"pnp:crossed:{e.data['deck']}"] += 1
        elif e.type == "labour_circles_erased":
            counts["pnp:labour_circles_erased"] += 1
        elif e.type == "power_circle_erased":
            counts["pnp:power_circle_erased"] += 1
        elif e.type == "rested":
            counts["pnp:rest"] += 1


EXPECTED_COVERAGE = (
    "prompt:choose_demigod",
    "action:choose_demigod",
    "action:rest",
    "action:return_cube",
    "action:turn_up",
    "action:end_rest",
    "action:end_turn",
    "rest_returned_cubes",
    "rest_turned_god_up",
    *(f"labour_op:{op}" for op in OPS),
    "labour_with_white_die",
    "card:vase:hero",
    "card:vase:hades",
    "card:god:hero",
    "card:god:hades",
    "card:demigod:hades",
    "card:pantheon:hero",
    "card:pantheon:hades",
    "zeus:hero",
    "zeus:hades",
    "vase_fallback",
    "hades_case_1_cube",
    "hades_case_2_card",
    "hades_case_3_run",
    "hades_wrapped",
    *(f"ability:{ab}:cube" for ab in ABILITIES),
    *(f"ability:{ab}:turn_down" for ab in ABILITIES),
    "end:column_12",
    "end:hades_cubes",
    "tiebreak:none",
    # The print-and-play variant.
    *(f"pnp:labour_op:{op}" for op in OPS),
    "pnp:labour_with_third_die",
    *(f"pnp:power:{deck}" for deck in DECK_IDS),
    *(f"pnp:crossed:{deck}" for deck in DECK_IDS),
    "pnp:choose_power_row",
    "pnp:same_row_twice_in_a_turn",
    "pnp:labour_with_a_full_row",
    "pnp:apprentice_stopped_short",
    "pnp:end_turn_after_power",
    "pnp:rest",
    "pnp:power_circle_erased",
    "pnp:labour_circles_erased",
    "pnp:jump",
    *(f"pnp:jump:{k}" for k in range(3, 8)),
    "pnp:end:column_12",
    # "pnp:reached_12:several" (a second Apprentice on 12 in the final round) comes in about
    # one random game in twenty (9 of 180 with seeds 0-59 at 2-4 seats): too rare for the
    # few pnp games here to be sure of, so it is left to the rule test
    # test_anyone_else_reaching_12_in_the_final_round_also_scores_5_vp.
    "pnp:tiebreak:none",
)


@pytest.mark.slow
def test_fuzz_games_exercise_every_rule(fuzz_games: int) -> None:
    counts: Counter = Counter()
    for index, config in enumerate(CONFIGS):
        for seed in game_seeds(index, per_config(fuzz_games)):
            count_game(config, seed, counts)
    missing = [key for key in EXPECTED_COVERAGE if counts[key] <= 0]
    assert not missing, f"the fuzz games never exercised: {missing}\n{sorted(counts.items())}"
    # The simplified variant never uses gods' abilities.
    simplified: Counter = Counter()
    for index, config in enumerate(CONFIGS):
        if config.mode == "simplified":
            for seed in game_seeds(index, per_config(fuzz_games)):
                count_game(config, seed, simplified)
    assert not [k for k in simplified if k.endswith(":turn_down")]
    assert simplified["action:turn_up"] == 0

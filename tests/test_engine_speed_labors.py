"""The Labors engine's quick paths give what the plain rules give.

The remembered parts (spaces in play, value sets, gold sets, blue faces, attacks by free
dice) are checked against their first computation on every state of many random runs at
every difficulty; the one-state memo never answers for another state; actor and validate
agree with the legal list; an action equal to a legal one is accepted, one that only
compares equal is refused.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations

import pytest

from hercules.games.labors.engine import (
    DIFFICULTIES,
    Action,
    IllegalActionError,
    LaborsConfig,
    LaborsState,
    Reason,
    apply,
    legal_actions,
    load_data,
    new_game,
    validate,
)
from hercules.games.labors.engine import legal as L
from hercules.games.labors.engine import rules as R
from hercules.games.labors.engine.actions import ATTACK
from hercules.games.labors.engine.methods import (
    canonical,
    gold_meets,
    gold_value_sets,
    meets,
    value_sets,
)
from hercules.games.labors.engine.spaces import (
    BOW,
    BlueSpace,
    GoldSpace,
    blue_spaces,
    gold_spaces,
    new_values,
)
from hercules.games.labors.engine.state import P_PLAY


def random_states(difficulty: str, runs: int, seed: int) -> list[LaborsState]:
    chooser = random.Random(seed)
    states = []
    for g in range(runs):
        state = new_game(LaborsConfig(difficulty, 1 + g % 12), seed + g)
        while not state.is_terminal:
            states.append(state)
            state, _ = apply(state, chooser.choice(legal_actions(state)))
    return states


def plain_blue_spaces(state: LaborsState) -> list[BlueSpace]:
    data = state.data
    out = [BlueSpace(f"{BOW}.b{i}", BOW, b) for i, b in enumerate(data.bow)]
    for rid in state.working_rewards():
        out += [BlueSpace(f"{rid}.b{i}", rid, b) for i, b in enumerate(data.rewards[rid].blue)]
    mood = data.moods.get(state.mood)
    if mood is not None and mood.blue is not None:
        out.append(BlueSpace(f"{mood.id}.b0", mood.id, mood.blue))
    return out


def plain_gold_spaces(state: LaborsState) -> list[GoldSpace]:
    data = state.data
    out: list[GoldSpace] = []
    for rid in state.working_rewards():
        out += [GoldSpace(f"{rid}.g{i}", rid, g) for i, g in enumerate(data.rewards[rid].gold)]
    return out


def plain_attacks(state: LaborsState) -> list[Action]:
    free = [(i, d.value) for i, d in enumerate(state.roll) if d.use == ""]
    lab = state.data.labour(state.labour)
    out = []
    for t in state.active():
        for vals in value_sets(lab.dice[t].attack, [v for _, v in free]):
            dice = canonical(free, vals)
            if dice:
                out.append(Action(ATTACK, dice=dice, target=t))
    return out


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_remembered_parts_are_the_plain_rules_on_random_runs(difficulty: str) -> None:
    plays = 0
    for state in random_states(difficulty, 60, 700):
        assert blue_spaces(state) == plain_blue_spaces(state)
        assert gold_spaces(state) == plain_gold_spaces(state)
        if state.prompt != P_PLAY:
            continue
        plays += 1
        free = L._free(state)
        assert L._attack_actions(state, free) == plain_attacks(state)
        legal = legal_actions(state)
        assert legal == sorted(set(legal))
        assert set(plain_attacks(state)) <= set(legal)
    assert plays > 100


def test_value_sets_are_the_full_enumeration_whatever_the_order_of_the_faces() -> None:
    rng = random.Random(3)
    data = load_data()
    attacks = {d.attack for lab in data.labours for d in lab.dice}
    golds = {g for r in data.rewards.values() for g in r.gold}
    for _ in range(150):
        faces = [rng.randint(1, 6) for _ in range(rng.randint(0, 7))]
        for attack in attacks:
            found = value_sets(attack, faces)
            # The plain way: every sub-multiset of the faces that meets the method.
            plain = set()
            for k in range(1, len(faces) + 1):
                for combo in combinations(faces, k):
                    if meets(attack, combo):
                        plain.add(tuple(sorted(combo)))
            assert found == sorted(plain), (attack, faces)
            assert value_sets(attack, list(reversed(faces))) == found
        for gold in golds:
            want = sorted(
                {
                    tuple(sorted(c))
                    for c in permutations(faces, len(gold.need))
                    if gold_meets(gold, c)
                }
            )
            assert gold_value_sets(gold, faces) == want


def test_remembered_lists_are_new_each_time() -> None:
    state = new_game(LaborsConfig("hero", 1), 4)
    blue = blue_spaces(state)
    blue.clear()
    assert blue_spaces(state) == plain_blue_spaces(state)
    faces = new_values(state.data.bow[0], 3)
    faces.append(99)
    assert 99 not in new_values(state.data.bow[0], 3)


def _a_play_state() -> LaborsState:
    state = new_game(LaborsConfig("hero", 1), 11)
    while state.prompt != P_PLAY:
        state, _ = apply(state, legal_actions(state)[0])
    return state


def test_the_memo_never_answers_for_another_state() -> None:
    state = _a_play_state()
    first = legal_actions(state)
    # Equal but for the faces: another legal list, and the first still right afterwards.
    other = state.with_(roll=tuple(d._replace(value=6) for d in state.roll))
    assert legal_actions(other) != first
    assert legal_actions(state) == first
    mine = legal_actions(state)
    mine.clear()
    assert legal_actions(state) == first
    assert R.actor(state) == 0 and R.actor(other) == 0


def test_an_equal_action_is_accepted_and_one_that_only_compares_equal_is_refused() -> None:
    state = _a_play_state()
    listed = next(a for a in legal_actions(state) if a.dice)
    rebuilt = Action.from_json(listed.to_json())
    assert rebuilt == listed and rebuilt is not listed
    assert validate(state, rebuilt) is None
    assert apply(state, rebuilt)[0] == apply(state, listed)[0]
    fake = listed._replace(dice=tuple(float(d) for d in listed.dice))  # type: ignore[misc]
    assert fake == listed
    err = validate(state, fake)
    assert isinstance(err, IllegalActionError) and err.reason == Reason.MALFORMED


def test_a_listed_action_at_the_wrong_seat_is_still_refused() -> None:
    state = _a_play_state()
    listed = legal_actions(state)[0]
    err = validate(state, listed, -1)  # the player's step, claimed as the game's own
    assert isinstance(err, IllegalActionError) and err.reason == Reason.ILLEGAL
    assert validate(state, listed, 0) is None
    with pytest.raises(IllegalActionError):
        apply(state, listed, 1)

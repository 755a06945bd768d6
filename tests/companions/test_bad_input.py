"""Bad input to the fourth game (issue 25): an action out of turn or not legal, a claim about
a space that does not exist, a vote cast twice, a damaged or tampered save — each refused
with a reason, nothing changed, nothing revealed."""

from __future__ import annotations

import copy
import json
import random

import pytest
from support.damaged_saves import reseal

from hercules.app import saves
from hercules.games._kit.errors import GameError, InvalidStateError
from hercules.games.companions.engine import rules as E
from hercules.games.companions.engine.adapter import RULES, state_to_json
from hercules.games.companions.spec import new_controller


def played(players: int = 5, steps: int = 60, seed: int = 4) -> E.State:
    s = E.new_game(E.Config(players), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if E.is_terminal(s):
            break
        s, _ = E.apply(s, rng.choice(E.legal_actions(s)))
    return s


def at_prompt(prompt: str, players: int = 5) -> E.State:
    for seed in range(200):
        s = E.new_game(E.Config(players), seed)
        rng = random.Random(seed)
        while not E.is_terminal(s):
            if s.prompt == prompt:
                return s
            s, _ = E.apply(s, rng.choice(E.legal_actions(s)))
    raise AssertionError(f"no game reached {prompt}")


def test_an_action_out_of_turn_is_refused_with_its_reason_and_changes_nothing():
    s = at_prompt(E.P_TURN)
    other = (s.current + 1) % s.n
    action = E.legal_actions(s)[-1]
    why = RULES.validate(s, action, other)
    assert why is not None and "turn" in str(why)
    with pytest.raises(GameError):
        RULES.apply(s, action, other)
    assert RULES.validate(s, action, s.current) is None


@pytest.mark.parametrize(
    "claim",
    [
        E.Action("claim", 2, 0, n=3),  # no third row
        E.Action("claim", 0, 99, n=3),  # no such place in the row
        E.Action("claim", 0, -1, n=3),
        E.Action("claim", 0, 0, n=21),  # no card #21
        E.Action("claim", 0, 0, n=0),
    ],
)
def test_a_claim_about_a_space_or_a_card_that_does_not_exist_is_refused(claim):
    s = at_prompt(E.P_CLAIM)
    before = state_to_json(s)
    why = RULES.validate(s, claim, s.current)
    assert why is not None and "not a legal action" in str(why)
    assert state_to_json(s) == before


def test_a_vote_cast_twice_is_refused_and_the_first_ballot_stands():
    s = at_prompt(E.P_VOTE)
    voter = s.current
    s2, _ = RULES.apply(s, E.Action("vote", n=1), voter)
    assert s2.prompt == E.P_VOTE and s2.ballots[voter] == 1  # others still to vote
    why = RULES.validate(s2, E.Action("vote", n=0), voter)
    assert why is not None and "turn" in str(why)
    assert s2.ballots[voter] == 1


def test_a_controller_refuses_a_bad_click_with_its_reason_and_nothing_changes():
    ctl = new_controller("standard", ["human", "random", "random", "random"], 8)
    try:
        while not ctl.human_to_act():
            ctl.step(wait=True)
        before = state_to_json(ctl.state)
        history = len(ctl.history)
        assert ctl.submit(E.Action("claim", 5, 5, n=40), 0) is not None
        assert ctl.submit(E.Action("look", 0, 0, 0, 1), 0) is not None  # both in one row
        assert state_to_json(ctl.state) == before and len(ctl.history) == history
    finally:
        ctl.close()


def tampered(edit) -> str:
    doc = state_to_json(played())
    edit(doc)
    with pytest.raises(InvalidStateError) as info:
        RULES.state_from_json(json.loads(json.dumps(doc)))
    return str(info.value)


def test_a_state_that_turns_a_loyal_seat_or_hides_a_villain_is_refused():
    s = played()
    loyal = next(i for i in range(s.n) if not s.villain[i])

    def turn(doc):
        doc["villain"][loyal] = True
        doc["turned"][loyal] = 1

    assert "side" in tampered(turn)


def test_a_state_that_says_the_game_is_over_early_is_refused_since_the_end_shows_every_secret():
    def won(doc):
        doc["prompt"] = E.P_OVER
        doc["outcome"] = E.HERO

    def lost(doc):
        doc["prompt"] = E.P_OVER
        doc["outcome"] = E.HERA

    assert "labours" in tampered(won)
    assert "bag" in tampered(lost)


def test_a_state_whose_seat_has_seen_a_card_not_in_play_or_whose_tokens_do_not_add_up_is_refused():
    def seen(doc):
        doc["known"][1] = ["TSK-20"]  # not dealt at the first journeys

    def extra(doc):
        doc["tokens"][(doc["characters"].index(1) + 1) % 5].append("B")

    s = played()
    if "TSK-20" not in {c for r in s.rows for c in r}:
        assert "not in play" in tampered(seen)
    assert "add up" in tampered(extra)


def test_a_seats_view_is_never_read_as_a_whole_game():
    s = played()
    doc = json.loads(json.dumps(state_to_json(E.view(s, 1))))
    with pytest.raises(InvalidStateError):
        RULES.state_from_json(doc)


def test_a_tampered_save_even_resealed_is_refused_and_reveals_nothing(tmp_path):
    ctl = new_controller("standard", ["human", "random", "random", "random", "random"], 6)
    try:
        for _ in range(80):
            if ctl.is_over:
                break
            if ctl.human_to_act():
                ctl.submit(ctl.legal()[0], ctl.actor)
            else:
                ctl.step(wait=True)
        doc = saves.game_document(ctl, ["A", "B", "C", "D", "E"])
    finally:
        ctl.close()
    forged = copy.deepcopy(doc)
    text = json.dumps(forged)
    # The forger swaps two seats' characters in the snapshot and seals it again.
    chars = forged["snapshot"]["characters"]
    a, b = [i for i, c in enumerate(chars) if c != 1][:2]
    chars[a], chars[b] = chars[b], chars[a]
    reseal(forged)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged), encoding="utf-8")
    with pytest.raises(saves.SaveError) as info:
        saves.load_save(path, RULES)
    reason = str(info.value)
    assert reason and "Hylas" not in reason and "villain" not in reason
    assert json.loads(text) == doc  # the original is untouched


@pytest.mark.parametrize(
    "forged",
    [
        E.Action("claim", False, 0, n=1),  # False == 0, but no row is a truth value
        E.Action("claim", 0, 0, n=True),
        E.Action("silent", seat=1.0),  # type: ignore[arg-type]
    ],
)
def test_an_action_whose_fields_only_compare_equal_to_a_legal_one_is_refused(forged):
    s = at_prompt(E.P_CLAIM)
    why = RULES.validate(s, forged, s.current)
    assert why is not None and "whole numbers" in str(why)
    with pytest.raises(GameError):
        E.apply(s, forged)

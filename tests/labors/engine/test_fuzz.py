"""Seeded fuzz: random legal play and an attack-preferring player, every difficulty and start
trial, with the engine's contract and the game's invariants checked at every step."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from labors.engine.helpers import round_trip

from hercules.games.labors.engine import (
    DIFFICULTIES,
    Action,
    LaborsConfig,
    LaborsState,
    apply,
    legal_actions,
    load_data,
    new_game,
    state_to_json,
    validate,
    view,
)
from hercules.games.labors.engine.actions import ATTACK, BLUE, GOLD, RESOLVE
from hercules.games.labors.engine.state import OUTCOMES, P_OVER, PROMPTS

DATA = load_data()
#: Games per player kind (x3) in the normal suite: every difficulty and start 1-12.
GAMES = 60
#: Games of the strong player (long: trials fall).
STRONG_GAMES = 36
#: Of those, games whose every legal action is applied at every step (slower).
DEEP_EVERY = 6
#: The most legal actions such a step applies.
DEEP_MOST = 40


def check_invariants(s: LaborsState) -> None:
    data = s.data
    assert 0 <= s.courage <= data.courage_max
    assert 0 <= s.divinity <= data.divinity_top
    assert 1 <= s.dice <= data.max_dice
    assert len(s.mood_deck) <= data.mood_deck_max
    assert len(set(s.mood_deck)) == len(s.mood_deck)
    assert not set(s.mood_deck) & set(s.moods_out)
    assert s.mood not in s.mood_deck
    in_game = len(s.mood_deck) + (1 if s.mood and s.mood not in s.moods_out else 0)
    assert in_game == (8 if s.config.difficulty == "god" else 9)
    lab = data.labour(s.labour)
    for t, d in zip(s.trial, lab.dice, strict=False):
        assert 0 <= t.health <= d.start
        assert t.node in d.track
    labours = [data.rewards[r].labour for r in s.rewards]
    assert len(labours) == len(set(labours))
    assert s.outcome in OUTCOMES and (s.prompt == P_OVER) == bool(s.outcome)
    assert s.broken <= max(0, s.dice + s.mood_dice)
    if s.outcome == "won":
        assert s.divinity == data.divinity_top and 12 in s.beaten


def attacker(rng: random.Random, legal: list[Action]) -> Action:
    """Attacks whenever it can, else gold, else anything."""
    for kinds in ((ATTACK,), (GOLD,)):
        pick = [a for a in legal if a.kind in kinds]
        if pick:
            return rng.choice(pick)
    non_resolve = [a for a in legal if a.kind != RESOLVE]
    if non_resolve and rng.random() < 0.3:
        return rng.choice(non_resolve)
    return rng.choice(legal)


def randomly(rng: random.Random, legal: list[Action]) -> Action:
    return rng.choice(legal)


def strong(rng: random.Random, legal: list[Action]) -> Action:
    """Attacks, fills gold spaces, and seldom spends a blue ability."""
    for kind in (ATTACK, GOLD):
        pick = [a for a in legal if a.kind == kind]
        if pick:
            return rng.choice(pick)
    plain = [a for a in legal if a.kind != BLUE]
    return rng.choice(plain if plain and rng.random() < 0.8 else legal)


#: The players: random, attack-preferring, and attack-preferring with all 11 dice (a state
#: the rules allow, so that trials fall and the Reward prompts are met often).
PLAYERS = ("random", "attacker", "strong")


def play(
    n: int, chooser: str, deep: bool, prompts: Counter[str] | None = None
) -> tuple[LaborsState, list[Action]]:
    rng = random.Random(n * 7919 + PLAYERS.index(chooser))
    config = LaborsConfig(DIFFICULTIES[n % 3], n % 12 + 1)
    s = new_game(config, seed=n)
    if chooser == "strong":
        s = s.with_(dice=DATA.max_dice)
    start = s
    log: list[Action] = []
    choose = {"random": randomly, "attacker": attacker, "strong": strong}[chooser]
    while True:
        if prompts is not None:
            prompts[s.prompt] += 1
        check_invariants(s)
        assert round_trip(s) == s
        legal = legal_actions(s)
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        if s.is_terminal:
            assert legal == []
            break
        assert legal
        before = state_to_json(s)
        if deep:
            # Every legal action applies (a seeded sample when a big roll offers hundreds of
            # re-roll choices: each apply re-derives the legal actions).
            some = legal if len(legal) <= DEEP_MOST else rng.sample(legal, DEEP_MOST)
            for a in some:
                assert validate(s, a) is None
                apply(s, a)
        a = choose(rng, legal)
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
        s2, events = apply(s, a)
        assert state_to_json(s) == before  # apply is pure
        s3, events3 = apply(s, a)
        assert s3 == s2 and events3 == events  # and deterministic
        assert view(s2, 0).rng == view(s2, 0).seed == 0
        log.append(a)
        s = s2
        assert len(log) < 5000
    # Replaying the log from the seed gives the same run.
    r = new_game(config, seed=n)
    assert r == start.with_(dice=r.dice)
    r = start
    for a in log:
        r, _ = apply(r, a)
    assert r == s
    return s, log


@pytest.mark.parametrize("chooser", PLAYERS)
def test_fuzz_random_and_attacking_players_keep_every_invariant(chooser: str) -> None:
    outcomes: Counter[str] = Counter()
    labours: Counter[int] = Counter()
    prompts: Counter[str] = Counter()
    strong_ = chooser == "strong"
    # The strong player's rolls of 11 dice offer thousands of re-roll choices: no deep games.
    for n in range(STRONG_GAMES if strong_ else GAMES):
        deep = not strong_ and n % DEEP_EVERY == 0
        s, _ = play(n, chooser, deep=deep, prompts=prompts)
        outcomes[s.outcome] += 1
        labours[s.labour] += 1
    assert set(outcomes) <= {"won", "skull", "courage", "divinity"}
    if strong_:  # trials fall: every prompt is met
        assert set(prompts) == set(PROMPTS)
    else:
        assert len(labours) == 12  # a run ended in every trial


@pytest.mark.slow
def test_fuzz_long(fuzz_games: int) -> None:
    for n in range(GAMES, GAMES + fuzz_games):
        play(n, PLAYERS[n % 3], deep=False)

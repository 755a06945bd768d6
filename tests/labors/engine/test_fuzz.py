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
    public_view,
    state_to_json,
    validate,
)
from hercules.games.labors.engine.actions import ATTACK, GOLD, RESOLVE
from hercules.games.labors.engine.state import OUTCOMES, P_OVER

DATA = load_data()
#: Games per player kind (x2) in the normal suite: every difficulty and start 1-12.
GAMES = 72
#: Of those, games whose every legal action is applied at every step (slower).
DEEP_EVERY = 6


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


def play(n: int, chooser: str, deep: bool) -> tuple[LaborsState, list[Action]]:
    rng = random.Random(n * 7919 + (chooser == "attacker"))
    config = LaborsConfig(DIFFICULTIES[n % 3], n % 12 + 1)
    s = new_game(config, seed=n)
    start = s
    log: list[Action] = []
    choose = attacker if chooser == "attacker" else randomly
    while True:
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
            for a in legal:
                assert validate(s, a) is None
                apply(s, a)
        a = choose(rng, legal)
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
        s2, events = apply(s, a)
        assert state_to_json(s) == before  # apply is pure
        s3, events3 = apply(s, a)
        assert s3 == s2 and events3 == events  # and deterministic
        assert public_view(s2).rng == 0
        log.append(a)
        s = s2
        assert len(log) < 5000
    # Replaying the log from the seed gives the same run.
    r = new_game(config, seed=n)
    assert r == start
    for a in log:
        r, _ = apply(r, a)
    assert r == s
    return s, log


@pytest.mark.parametrize("chooser", ["random", "attacker"])
def test_fuzz_random_and_attacking_players_keep_every_invariant(chooser: str) -> None:
    outcomes: Counter[str] = Counter()
    labours: Counter[int] = Counter()
    for n in range(GAMES):
        s, _ = play(n, chooser, deep=n % DEEP_EVERY == 0)
        outcomes[s.outcome] += 1
        labours[s.labour] += 1
    assert set(outcomes) <= {"won", "skull", "courage", "divinity"}
    assert len(labours) == 12  # every trial was played


@pytest.mark.slow
def test_fuzz_long(fuzz_games: int) -> None:
    for n in range(GAMES, GAMES + fuzz_games):
        play(n, "attacker" if n % 2 else "random", deep=False)

"""The conformance suite: every registered game (and the tests' toy game), every variant and
player count, checked through the contract alone (see :mod:`support.conformance`).

A game gets all of this by registering. Each test names the property it checks; a case id
reads ``<game>-<variant>-<players>p-s<seed>``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from support import conformance as c
from support.toy_game.spec import SPEC as TOY_SPEC

from hercules.app.contract import SPECTATOR, GameRules, missing_members

Case = tuple[str, str, int, int]
#: Steps of the short bot game compared across processes.
DIGEST_STEPS = 60


def spec_of(game_id: str) -> c.Spec:
    return c.spec_of(game_id, (TOY_SPEC,))


@functools.cache
def played(case: Case) -> c.Game:
    """The case's random game, played once per session with the per-step checks."""
    game_id, variant, players, seed = case
    return c.play_checked(spec_of(game_id), variant, players, seed)


# --- per game ---------------------------------------------------------------------------------


def test_the_game_registers(game_id: str) -> None:
    c.registers(spec_of(game_id))


def test_the_rules_meet_the_contract(game_id: str) -> None:
    rules = spec_of(game_id).rules
    assert missing_members(rules) == []
    assert isinstance(rules, GameRules)
    assert rules.name == game_id
    assert rules.error_types and all(issubclass(e, Exception) for e in rules.error_types)


@pytest.mark.parametrize(
    "doc", [None, [], "event", {}, {"kind": 5, "type": 5}, {"no such field": 1}, {"type": []}]
)
def test_a_malformed_event_or_view_document_is_refused_with_the_games_error(
    game_id: str, doc: Any
) -> None:
    rules = spec_of(game_id).rules
    for read in (rules.event_from_json, rules.view_from_json):
        with pytest.raises(rules.error_types):
            read(doc)


def test_every_variant_sets_up_some_player_count(game_id: str) -> None:
    spec = spec_of(game_id)
    found = c.configurations(spec)
    assert {v for v, _ in found} == set(spec.variants)
    assert all(spec.players[0] <= n <= spec.players[1] for _, n in found)


def test_every_bot_level_makes_a_bot(game_id: str) -> None:
    spec = spec_of(game_id)
    assert spec.bot_levels
    for level in spec.bot_levels:
        assert callable(spec.make_bot(level).choose)


def test_the_engine_loads_no_window_nor_other_package_and_calls_no_global_random(
    game_id: str,
) -> None:
    spec = spec_of(game_id)
    module = type(spec.rules).__module__
    variant, players = c.configurations(spec)[-1]
    config = spec.rules.config_to_json(c.start(spec, variant, players, 3)[0])
    probe = c.engine_probe(spec.rules, config)
    assert module in probe["modules"]
    assert c.impure_modules(module, probe["modules"]) == []
    assert probe["random_calls"] == []


def test_a_game_is_the_same_in_another_process(game_id: str) -> None:
    spec = spec_of(game_id)
    variant, players = c.configurations(spec)[-1]
    here = c.game_digest(game_id, variant, players, 7, DIGEST_STEPS)
    other = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    code = (
        "from support.conformance import game_digest; "
        f"print(game_digest({game_id!r}, {variant!r}, {players}, 7, {DIGEST_STEPS}))"
    )
    assert c.run_python(code, hash_seed=other).strip() == here


def test_a_bot_that_reads_the_whole_state_is_caught(game_id: str) -> None:
    spec = spec_of(game_id)
    variant, players = c.configurations(spec)[0]
    game = played((game_id, variant, players, 1))
    rules = spec.rules
    caught = tried = 0
    rng = random.Random(5)
    for state in game.samples:
        seat = rules.actor(state)
        for other in c.hidden_twins(rules, state, seat, rng):
            tried += 1
            try:
                c.check_hidden(rules, state, other, seat, lambda _: c.PeekingBot(rules), ["peek"])
            except AssertionError:
                caught += 1
    assert tried, "no state with something hidden to re-deal"
    assert caught, f"a bot reading the whole state passed {tried} hidden-information checks"


class _TellingSummary:
    """A game's rules whose summary tells a digest of the whole state (a secret)."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def summary(self, state: Any) -> dict[str, Any]:
        text = json.dumps(self.rules.state_to_json(state), sort_keys=True)
        return {**self.rules.summary(state), "digest": hashlib.sha256(text.encode()).hexdigest()}


def test_a_summary_that_tells_a_secret_is_caught(game_id: str) -> None:
    spec = spec_of(game_id)
    variant, players = c.configurations(spec)[0]
    game = played((game_id, variant, players, 1))
    rules, telling = spec.rules, _TellingSummary(spec.rules)
    rng = random.Random(5)
    caught = 0
    for state in game.samples:
        for other in c.hidden_twins(rules, state, SPECTATOR, rng):
            c.check_summary_is_public(rules, state, other)  # the game's own summary holds
            try:
                c.check_summary_is_public(telling, state, other)
            except AssertionError:
                caught += 1
    assert caught, "a summary reading the whole state passed every check"


# --- per game, variant, player count and seed ---------------------------------------------------


def test_random_play_reaches_the_end_with_every_step_checked(case: Case) -> None:
    game = played(case)
    assert game.spec.rules.is_terminal(game.states[-1])
    assert len(game.states) == len(game.actions) + 1


def test_the_same_seed_and_actions_give_the_same_game(case: Case) -> None:
    game = played(case)
    assert c.replay(game) == game.states
    again = c.play_checked(game.spec, game.variant, game.players, game.seed, checked=False)
    assert again.actions == game.actions and again.states == game.states


def test_illegal_and_malformed_actions_are_refused_the_state_unchanged(case: Case) -> None:
    c.check_game_refusals(played(case))


def test_wrong_and_malformed_seats_are_refused(case: Case) -> None:
    c.check_game_refusals(played(case), seat_checks=True)


def test_save_load_and_replay_give_the_same_game(case: Case, tmp_path: Path) -> None:
    c.check_game_saves(played(case), tmp_path / "game.json")


def test_every_state_document_carries_its_version_and_upgrades_to_itself(case: Case) -> None:
    c.check_game_versions(played(case))


def test_every_seat_and_the_spectator_get_a_view(case: Case) -> None:
    c.check_game_views(played(case))


def test_every_event_is_redacted_for_every_seat(case: Case) -> None:
    c.check_game_redaction(played(case))


def test_what_a_seat_cannot_see_changes_nothing_it_gets(case: Case) -> None:
    game = played(case)
    spec = game.spec
    checked = c.hidden_checks(game, spec.make_bot, spec.bot_levels, seed=game.seed)
    if not game.samples:
        pytest.skip("the random game met no decision between two actions")
    assert checked, "no state whose hidden part could be re-dealt"

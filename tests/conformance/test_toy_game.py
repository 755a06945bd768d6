"""The toy game (``support.toy_game``) and the suite's own teeth: each check is shown to fail on
a game that breaks what it checks (a bot that peeks, a lax seat check, a view that shows the
seed, a document without its version, a lenient action reader)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from support import conformance as c
from support.toy_game import engine as toy
from support.toy_game.bots import SteadyBot
from support.toy_game.spec import SPEC, register_toy

from hercules.app.registry import REGISTRY


def mid_game(seed: int, steps: int = 4) -> toy.ToyState:
    """A state a few steps in (every seat advances), the die rolled for a decision."""
    state = toy.new_game("standard", seed)
    for _ in range(steps):
        state, _ = toy.apply(state, toy.legal_actions(state)[0])  # roll, then advance
    state, _ = toy.apply(state, toy.Action(toy.ROLL))
    assert not state.over and toy.actor(state) >= 0
    return state


def test_register_toy_adds_the_game_and_removes_it_after() -> None:
    REGISTRY.unregister(toy.GAME_ID)  # the suite's fixture registered it: start without
    with register_toy() as spec:
        assert REGISTRY.get(toy.GAME_ID) is spec is SPEC
        with register_toy() as again:  # nested: the same registration, left in place
            assert again is spec
        assert toy.GAME_ID in REGISTRY
    assert toy.GAME_ID not in REGISTRY


def test_a_bot_game_through_the_controller_ends_with_a_winner_or_a_tie() -> None:
    for seed in range(20):
        ctl = SPEC.new_controller("standard", ["steady", "random"], seed)
        while not ctl.is_over:
            assert ctl.step(wait=True) is not None
        assert ctl.state.winner in (-1, 0, 1)
        assert all(r.reason.startswith("toy.bot.") for r in ctl.history if r.seat == 0)


def test_the_view_hides_the_other_card_the_deck_and_the_generator() -> None:
    state = mid_game(3)
    for seat in (0, 1):
        view = toy.view(state, seat)
        assert view.cards[seat] == state.cards[seat]
        assert view.cards[1 - seat] == toy.HIDDEN
        assert set(view.deck) == {toy.HIDDEN} and len(view.deck) == len(state.deck)
        assert view.seed == view.rng == 0 and view.positions == state.positions
    assert toy.view(state, -1).cards == (toy.HIDDEN, toy.HIDDEN)
    with pytest.raises(ValueError):
        toy.view(state, 2)


def test_another_seats_draw_is_redacted() -> None:
    event = toy.Event("draw", 0, 5)
    assert toy.redact(event, 0) == event
    assert toy.redact(event, 1).value == toy.redact(event, -1).value == toy.HIDDEN


def test_a_version_1_document_moves_forward_without_a_rules_change() -> None:
    doc = toy.state_to_json(mid_game(4))
    old = {k: v for k, v in doc.items() if k not in ("version", "positions")}
    old["squares"] = doc["positions"]
    up = toy.upgrade_state(old)
    assert (up.doc, up.version, up.rules_changed) == (doc, 1, ())
    with pytest.raises(toy.InvalidStateError, match="version 1"):
        toy.state_from_json(old)


def test_twins_re_deal_the_other_card_and_the_deck_and_keep_the_seats_own() -> None:
    state = mid_game(5)
    seat = toy.actor(state)
    twins = c.hidden_twins(toy.RULES, state, seat, random.Random(1), most=8)
    assert twins
    assert all(t.cards[seat] == state.cards[seat] and t.positions == state.positions for t in twins)
    assert any(t.cards[1 - seat] != state.cards[1 - seat] for t in twins)
    assert any(t.seed != state.seed for t in twins)


class CardPeeker:
    """A cheat that plays by the other seat's secret card."""

    name = "card-peeker"
    threaded = False

    def explain(self) -> str:
        return ""

    def choose(self, view: toy.ToyState, legal: Any, rng: random.Random) -> toy.Action:
        me = toy.actor(view)
        return legal[view.cards[1 - me] % len(legal)]


def test_a_bot_that_peeks_at_the_other_card_is_caught() -> None:
    caught = 0
    for seed in range(10):
        state = mid_game(seed)
        seat = toy.actor(state)
        for other in c.hidden_twins(toy.RULES, state, seat, random.Random(seed)):
            try:
                c.check_hidden(toy.RULES, state, other, seat, lambda _: CardPeeker(), ["peek"])
            except AssertionError as exc:
                assert "bot 'peek' at seat" in str(exc) and "chose" in str(exc)
                caught += 1
    assert caught


def test_a_bot_that_reads_only_its_view_passes() -> None:
    for seed in range(10):
        state = mid_game(seed)
        seat = toy.actor(state)
        for other in c.hidden_twins(toy.RULES, state, seat, random.Random(seed)):
            c.check_hidden(toy.RULES, state, other, seat, lambda _: SteadyBot(), ["steady"])


# --- the checks have teeth ------------------------------------------------------------------------


class LaxSeats(toy.ToyRules):
    """Takes a step from any seat."""

    def validate(self, state: toy.ToyState, action: Any, seat: int | None = None) -> Any:
        return toy.validate(state, action, None)

    def apply(self, state: toy.ToyState, action: Any, seat: int | None = None) -> Any:
        return toy.apply(state, action, None)


class BoolSeat(toy.ToyRules):
    """Takes ``True`` for seat 1."""

    def validate(self, state: toy.ToyState, action: Any, seat: Any = None) -> Any:
        return toy.validate(state, action, int(seat) if isinstance(seat, bool) else seat)

    def apply(self, state: toy.ToyState, action: Any, seat: Any = None) -> Any:
        return toy.apply(state, action, int(seat) if isinstance(seat, bool) else seat)


class SeedInView(toy.ToyRules):
    """A view that forgets to remove the seed."""

    def view(self, state: toy.ToyState, seat: int) -> toy.ToyState:
        return replace(toy.view(state, seat), seed=state.seed)


class NoVersion(toy.ToyRules):
    """A state document without its version."""

    def state_to_json(self, state: toy.ToyState) -> dict[str, Any]:
        return {k: v for k, v in toy.state_to_json(state).items() if k != "version"}


class LenientActions(toy.ToyRules):
    """Reads ``true`` as a number of steps."""

    def action_from_json(self, doc: Any) -> toy.Action:
        if isinstance(doc, dict) and isinstance(doc.get("steps"), bool):
            return toy.Action(doc["kind"], int(doc["steps"]))
        return toy.Action.from_json(doc)


@pytest.mark.parametrize("rules", [LaxSeats(), BoolSeat()], ids=["any-seat", "bool-seat"])
def test_the_seat_check_catches_a_lax_engine(rules: toy.ToyRules) -> None:
    state = mid_game(6)
    while toy.actor(state) != 1:
        state, _ = toy.apply(state, toy.legal_actions(state)[0])
    with pytest.raises(AssertionError, match="from seat"):
        c.check_seats(
            rules,
            state,
            rules.legal_actions(state),
            2,
            toy.state_from_json(toy.state_to_json(state)),
        )


def test_the_view_check_catches_a_view_that_shows_the_seed() -> None:
    with pytest.raises(AssertionError, match="seed"):
        c.check_views(SeedInView(), mid_game(7), 2)


def test_the_version_check_catches_a_document_without_its_version() -> None:
    with pytest.raises(AssertionError, match="version"):
        c.check_version(NoVersion(), mid_game(8))


def test_the_action_document_check_catches_a_lenient_reader() -> None:
    with pytest.raises(AssertionError, match="writes otherwise"):
        c.check_action_documents(LenientActions(), toy.Action(toy.ADVANCE, 1))


class LeakyRedact(toy.ToyRules):
    """Tells every seat the card another seat drew."""

    def redact(self, event: Any, seat: int) -> Any:
        return event


def test_the_event_check_catches_a_redaction_that_names_another_seats_card() -> None:
    rules = LeakyRedact()
    caught = 0
    for seed in range(10):
        state = mid_game(seed)
        watcher = 1 - toy.actor(state)
        for other in c.hidden_twins(rules, state, watcher, random.Random(seed), most=4):
            try:
                c.check_events_tell_no_more(rules, state, other, watcher, random.Random(0))
            except AssertionError as exc:
                assert "names something it may not see" in str(exc)
                caught += 1
    assert caught
    for seed in range(10):  # the toy's own redaction passes the same check
        state = mid_game(seed)
        watcher = 1 - toy.actor(state)
        for other in c.hidden_twins(toy.RULES, state, watcher, random.Random(seed), most=4):
            c.check_events_tell_no_more(toy.RULES, state, other, watcher, random.Random(0))

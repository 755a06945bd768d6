"""The player's view (``RULES.view``): what it hides, what it keeps, and bots that decide on it.

Hidden from the player (and a spectator): the Mood deck's order, the seed and the generator.
Two states that differ only there give equal views, equal legal actions and equal choices
and reasons from every bot; the solver chooses on the view exactly as it did on the old
``public_view`` (which kept the seed).
"""

from __future__ import annotations

import inspect
import random
import re

import pytest

from hercules.games.labors.ai import make_bot, solver
from hercules.games.labors.engine import RULES, Event, LaborsConfig, LaborsState, rules
from hercules.games.labors.engine.actions import CHANCE

MASK64 = (1 << 64) - 1


def _played(games: int = 30, steps: int = 160) -> tuple[list[LaborsState], list[Event]]:
    """States due a decision (more than one legal action) and every event, seeded play."""
    states: list[LaborsState] = []
    events: list[Event] = []
    for g in range(games):
        rng = random.Random(g)
        start = 1 if g % 3 else 1 + g % 12
        s = rules.new_game(LaborsConfig(("hero", "mortal", "god")[g % 3], start), 1000 + g)
        for _ in range(steps):
            legal = rules.legal_actions(s)
            if not legal:
                break
            if len(legal) > 1:
                states.append(s)
            strong = [a for a in legal if a.kind in ("attack", "gold")]
            a = rng.choice(strong) if strong and rng.random() < 0.7 else rng.choice(legal)
            s, ev = rules.apply(s, a)
            events += ev
    # The solver's own play reaches what random play seldom does: Rewards, later trials.
    bot = make_bot("solver")
    for g in range(2):
        s = rules.new_game(LaborsConfig("mortal", 1), 2000 + g)
        for k in range(400):
            legal = rules.legal_actions(s)
            if not legal:
                break
            if len(legal) > 1:
                states.append(s)
                a = bot.choose(rules.view(s, 0), legal, random.Random(k))
            else:
                a = legal[0]
            s, ev = rules.apply(s, a)
            events += ev
    return states, events


STATES, EVENTS = _played()


def _rerandomised(s: LaborsState, rng: random.Random) -> LaborsState:
    """``s`` with what the player cannot see drawn again: the deck's order, seed, generator."""
    deck = list(s.mood_deck)
    rng.shuffle(deck)
    return s.with_(mood_deck=tuple(deck), seed=rng.randrange(1 << 62), rng=rng.getrandbits(64))


def test_the_samples_are_many_states_due_a_decision() -> None:
    assert len(STATES) >= 300
    assert {s.prompt for s in STATES} >= {"play", "fork", "reward", "restart", "mood"}


def test_the_view_hides_the_deck_order_seed_and_generator_and_keeps_the_rest() -> None:
    for s in STATES[:50]:
        v = RULES.view(s, 0)
        assert (v.seed, v.rng) == (0, 0) and v.mood_deck == tuple(sorted(s.mood_deck))
        assert v == s.with_(mood_deck=v.mood_deck, seed=0, rng=0)
        assert RULES.view(v, 0) == v  # a view of a view is itself
        assert RULES.view(s, -1) == v  # a spectator sees what the player sees


@pytest.mark.parametrize("seat", [1, -2, 2, True, False, 0.0, "0", None])
def test_a_seat_the_run_does_not_have_is_a_value_error(seat: object) -> None:
    with pytest.raises(ValueError, match="seat"):
        RULES.view(STATES[0], seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        RULES.redact(EVENTS[0], seat)  # type: ignore[arg-type]


def test_every_event_kind_the_rules_emit_is_public_and_redacted_to_itself() -> None:
    emitted = set(re.findall(r'Event\("(\w+)"', inspect.getsource(rules)))
    assert emitted == rules.PUBLIC_EVENTS  # a new kind must be weighed here
    assert {e.kind for e in EVENTS} <= rules.PUBLIC_EVENTS
    for e in EVENTS:
        assert RULES.redact(e, 0) == e and RULES.redact(e, -1) == e


def test_hidden_information_rerandomised_gives_equal_views_legal_actions_and_choices() -> None:
    rng = random.Random(22)
    for k, s in enumerate(STATES):
        other = _rerandomised(s, rng)
        assert RULES.view(other, 0) == RULES.view(s, 0)
        assert RULES.view(other, -1) == RULES.view(s, -1)
        legal = RULES.legal_actions(s)
        assert RULES.legal_actions(other) == legal
        assert RULES.legal_actions(RULES.view(s, 0)) == legal
        if k % 2:  # the solver's search is the slow part: every other state
            continue
        for level in ("solver", "random"):
            a, b = make_bot(level), make_bot(level)
            got_a = a.choose(RULES.view(s, 0), legal, random.Random(k))
            got_b = b.choose(RULES.view(other, 0), legal, random.Random(k))
            assert (got_a, a.explain()) == (got_b, b.explain())


def _old_public_view(state: LaborsState, seat: int = 0) -> LaborsState:
    """What bots were handed before views had seats: the deck sorted, the generator 0, the
    seed kept."""
    return state.with_(mood_deck=tuple(sorted(state.mood_deck)), rng=0)


def test_the_solver_chooses_on_the_view_as_it_did_on_the_old_public_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    decisions = [s for s in STATES if not (len(RULES.legal_actions(s)) == 1)][::2]
    assert len(decisions) >= 150
    new = [solver.Solver().decide(RULES.view(s, 0), RULES.legal_actions(s)) for s in decisions]
    monkeypatch.setattr(solver, "_view", _old_public_view)
    old = [solver.Solver().decide(_old_public_view(s), RULES.legal_actions(s)) for s in decisions]
    assert [(d.action, d.reason) for d in new] == [(d.action, d.reason) for d in old]


def test_a_bot_handed_the_whole_state_chooses_as_on_the_view() -> None:
    for k, s in enumerate(STATES[::7]):
        legal = RULES.legal_actions(s)
        if all(a.kind in CHANCE for a in legal):
            continue
        a, b = make_bot("solver"), make_bot("solver")
        assert a.choose(s, legal, random.Random(k)) == b.choose(
            RULES.view(s, 0), legal, random.Random(k)
        )
        assert a.explain() == b.explain()

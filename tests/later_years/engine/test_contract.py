"""The contract's views and redaction (``RULES.view``, ``RULES.redact``), and hostile action
values: every malformed value refused by ``validate`` and ``apply`` alike, with the engine's
own error, never a crash."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from hercules.games._kit.errors import GameError
from hercules.games.later_years.engine import (
    HIDDEN,
    RULES,
    Action,
    Event,
    IllegalActionError,
    LaterYearsConfig,
    LaterYearsState,
    Reason,
    apply,
    legal_actions,
    new_game,
    state_to_json,
    validate,
)
from hercules.games.later_years.engine.view import EVENT_KINDS, PUBLIC_CARDS, redact

Step = tuple[LaterYearsState, Action, list[Event], LaterYearsState]


@cache
def steps(seed: int, players: int) -> tuple[Step, ...]:
    """Every step of a seeded game (random plays, tasks and Draw cards preferred)."""
    rng = random.Random(seed)
    s = new_game(LaterYearsConfig(players, ("stack", "top")[seed % 2]), seed)
    out: list[Step] = []
    while not s.is_terminal:
        legal = legal_actions(s)
        plays = [a for a in legal if a.kind in ("task", "play_draw")]
        action = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
        after, events = apply(s, action)
        out.append((s, action, events, after))
        s = after
    return tuple(out)


GAMES = [(seed, 2 + seed % 4) for seed in range(8)]


def hidden_from(state: LaterYearsState, seat: int) -> set[str]:
    """The cards of ``state`` that ``seat``'s view does not show."""
    view = RULES.view(state, seat)

    def cards(s: LaterYearsState) -> Counter[str]:
        return Counter((*s.deck, *s.row, *(c for h in s.hands for c in h), *s.discard))

    shown = cards(view)
    return {c for c in cards(state) if not shown[c]}


def named(event: Event) -> set[str]:
    """The card ids an event names."""
    return {c for c in (event.card, *event.cards) if c and c != HIDDEN}


# --- views -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_a_views_view_is_the_view(seed: int, players: int) -> None:
    for before, _, _, after in steps(seed, players)[::3]:
        for s in (before, after):
            for seat in range(-1, players):
                v = RULES.view(s, seat)
                assert RULES.view(v, seat) == v
                assert v.seed == 0 and v.rng == 0


@pytest.mark.parametrize("seat", [-2, 5, 3, 10**9, 1.0, True, "0", None])
def test_a_view_for_a_seat_the_game_lacks_is_refused(seat: Any) -> None:
    s = steps(3, 3)[10][0]
    with pytest.raises(ValueError):
        RULES.view(s, seat)


# --- events ----------------------------------------------------------------------------------


def test_seeded_games_meet_every_kind_of_event_and_no_other() -> None:
    met = {e.kind for seed, n in GAMES for _, _, events, _ in steps(seed, n) for e in events}
    assert met == EVENT_KINDS


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_a_redacted_event_names_no_card_the_seats_view_hides(seed: int, players: int) -> None:
    checked = 0
    for before, _, events, after in steps(seed, players):
        for seat in range(-1, players):
            hidden = hidden_from(before, seat) & hidden_from(after, seat)
            for e in events:
                r = RULES.redact(e, seat)
                assert not named(r) & hidden, (e, seat)
                # The engine's events are public: every seat learns of them as they are.
                assert r == e
                checked += bool(named(e))
    assert checked > 0


def test_the_face_down_card_is_named_by_no_event() -> None:
    for seed, n in GAMES:
        for before, action, events, _ in steps(seed, n):
            if before.prompt == "bid" and any(e.kind == "won" for e in events):
                blind = before.row[-1]
                assert all(blind not in named(e) for e in events)
                won = [e for e in events if e.kind == "won" and e.slot == len(before.row) - 1]
                assert len(won) == 1 and won[0].card == ""
            if action.kind == "draw":
                assert all(not named(e) for e in events)


def test_an_event_of_a_kind_the_rules_do_not_write_is_hidden_from_the_other_seats() -> None:
    secret = Event("peek", seat=1, card="CAPTURE-01", cards=("TEMPLE-01", "TEMPLE-02"))
    assert RULES.redact(secret, 1) == secret
    for seat in (-1, 0, 2):
        assert RULES.redact(secret, seat) == secret._replace(card=HIDDEN, cards=(HIDDEN, HIDDEN))


@pytest.mark.parametrize("seat", [-2, 5, 1.0, True, None])
def test_redacting_for_a_seat_no_game_has_is_refused(seat: Any) -> None:
    with pytest.raises(ValueError):
        RULES.redact(Event("end", seat=0), seat)


def test_redacting_a_value_that_is_not_an_event_is_refused() -> None:
    with pytest.raises(TypeError):
        redact(("won", 0, 0, 1, "CAPTURE-01"), 0)  # type: ignore[arg-type]


def test_public_card_kinds_are_the_ones_naming_cards() -> None:
    kinds = {
        e.kind for seed, n in GAMES for _, _, evs, _ in steps(seed, n) for e in evs if named(e)
    }
    assert kinds == PUBLIC_CARDS


@pytest.mark.parametrize(("seed", "players"), GAMES[:4])
def test_the_tables_log_of_redacted_events_names_no_hidden_card(
    seed: int, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table's log (``ui/words.record_entries``) written from redacted events: every
    card it names (each through ``card_name``, here written as its id) is one the seat sees.
    The string tables are replaced by their keys and parameters (no registry needed)."""
    from hercules.games.later_years.ui import words

    def say(key: str, *args: Any, **params: Any) -> str:
        return " ".join([key, *map(str, args), *(f"{k}={v}" for k, v in sorted(params.items()))])

    monkeypatch.setattr(words, "card_name", lambda card: f"<{card}>")
    monkeypatch.setattr(words, "t", say)
    monkeypatch.setattr(words, "tn", say)
    names = [f"P{s}" for s in range(players)]
    written = 0
    for seat in range(-1, players):
        ctx = words.LogContext()
        for before, _, events, after in steps(seed, players):
            entries = words.record_entries([RULES.redact(e, seat) for e in events], names, ctx)
            text = " ".join(words.entry_lines(entries))
            hidden = hidden_from(before, seat) & hidden_from(after, seat)
            assert not [c for c in hidden if f"<{c}>" in text], (seat, events)
            written += text.count("<") - text.count(f"<{HIDDEN}>")
    assert written > 0  # the log does name cards: the check above means something


# --- hostile action values -------------------------------------------------------------------


@cache
def _at(prompt: str) -> LaterYearsState:
    """A state at ``prompt`` with the most legal actions met (tasks and a Draw card to play)."""
    states = [s for seed, n in GAMES[:4] for s, _, _, _ in steps(seed, n) if s.prompt == prompt]
    return max(states, key=lambda s: len(legal_actions(s)))


HOSTILE = [None, "1", "", 1.0, 0.0, True, False, -1, -(10**30), 10**30, 2**64, [], (), {}, [1]]
FIELDS = {
    "bid": ("kind", "slot", "amount"),
    "play": ("kind", "space", "card", "cards"),
    "deal": ("kind",),
}


def _cases() -> list[tuple[str, str, Any]]:
    return [(p, f, v) for p, fields in FIELDS.items() for f in fields for v in HOSTILE]


@pytest.mark.parametrize(("prompt", "field", "value"), _cases())
def test_a_hostile_field_is_refused_alike_by_validate_and_apply(
    prompt: str, field: str, value: Any
) -> None:
    state = _at(prompt)
    before = state_to_json(state)
    legal = legal_actions(state)
    for good in legal[:: max(1, len(legal) // 6)]:
        action = good._replace(**{field: value})
        err = validate(state, action)
        if action in legal and all(type(x) is type(y) for x, y in zip(action, good, strict=True)):
            assert err is None  # the same value, well typed: still legal
            continue
        assert isinstance(err, IllegalActionError) and isinstance(err, GameError)
        assert RULES.validate(state, action, state.current) is not None
        with pytest.raises(IllegalActionError) as info:
            apply(state, action)
        assert info.value.reason == err.reason
        with pytest.raises(RULES.error_types):
            RULES.apply(state, action, state.current)
        assert state_to_json(state) == before


@pytest.mark.parametrize("value", [1.0, True, "1", None])
def test_a_bid_that_only_compares_equal_to_a_legal_one_is_malformed(value: Any) -> None:
    state = _at("bid")
    good = next(a for a in legal_actions(state) if a.slot == 1 and a.amount == 1)
    for field in ("slot", "amount"):
        err = validate(state, good._replace(**{field: value}))
        assert isinstance(err, IllegalActionError) and err.reason == Reason.MALFORMED


@pytest.mark.parametrize("seat", [1.0, True, "0", [], 10**30, -5])
def test_a_hostile_seat_is_refused(seat: Any) -> None:
    state = _at("bid")
    action = legal_actions(state)[0]
    err = validate(state, action, seat)
    assert isinstance(err, IllegalActionError)
    with pytest.raises(IllegalActionError):
        apply(state, action, seat)


@pytest.mark.parametrize(
    "value", [None, "bid", 3, ("bid", 0, 0), {"kind": "end"}, Event("end"), [Action("end")]]
)
def test_a_value_that_is_no_action_is_refused_as_malformed(value: Any) -> None:
    state = _at("play")
    err = RULES.validate(state, value)
    assert isinstance(err, IllegalActionError) and err.reason == Reason.MALFORMED
    with pytest.raises(IllegalActionError):
        RULES.apply(state, value)

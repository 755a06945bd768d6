"""hercules.games.mebo.ai.arena: whole headless games between bots.

Random and easy bots only, so that the file stays fast. No timing assertions: the decision
times are only checked to be there, one per decision, and not negative.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Sequence
from typing import Any

import pytest

from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.ai.arena import (
    HADES_NAME,
    GameRecord,
    IllegalBotActionError,
    percentile,
    play_game,
    seat_rng,
    wilson_interval,
)
from hercules.games.mebo.engine import (
    Action,
    GameConfig,
    IllegalActionError,
    Reason,
    apply,
    legal_actions,
    new_game,
    score,
)

CONFIGS = [
    GameConfig(2, "standard"),
    GameConfig(3, "standard"),
    GameConfig(4, "standard"),
    GameConfig(3, "simplified"),
    GameConfig(4, "simplified"),
    GameConfig(2, "solo"),
]


def bots_for(config: GameConfig, levels: Sequence[str] = ("random", "easy")) -> list[Any]:
    """A bot per hero seat (levels cycled) and None for Hades."""
    if config.solo:
        return [make_bot(levels[0]), None]
    return [make_bot(levels[i % len(levels)]) for i in range(config.players)]


class ScriptedBot:
    """Plays the first legal action, except where ``override`` returns something else."""

    threaded = False

    def __init__(self, name: str = "scripted", override: Any = None) -> None:
        self.name = name
        self.override = override
        self.calls: list[tuple[Any, list[Any], random.Random]] = []

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        self.calls.append((view, list(legal), rng))
        if self.override is not None:
            action = self.override(view, legal)
            if action is not None:
                return action
        return legal[rng.randrange(len(legal))]

    def explain(self) -> str:
        return "scripted"


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.mode}")
def test_games_finish_in_every_mode(config: GameConfig) -> None:
    for seed in (1, 2):
        record = play_game(config, bots_for(config), seed)
        assert isinstance(record, GameRecord)
        assert (record.players, record.mode, record.seed, record.bot_seed) == (
            config.players,
            config.mode,
            seed,
            seed,
        )
        assert record.ended_by and set(record.ended_by) <= {"column_12", "hades_cubes"}
        if not config.solo:
            assert "hades_cubes" not in record.ended_by
        assert record.rounds >= 1
        assert len(record.seats) == config.players
        assert [s.seat for s in record.seats] == list(range(config.players))
        decisions = sum(s.decisions for s in record.seats)
        assert 0 < decisions <= record.actions
        for seat in record.seats:
            assert 1 <= seat.place <= config.players
            assert seat.decisions == len(seat.decision_times)
            assert all(t >= 0.0 for t in seat.decision_times)
            if seat.bot != HADES_NAME:
                assert seat.decisions > 0
        assert record.seconds >= 0.0
        assert set(record.winners) == {s.seat for s in record.seats if s.place == 1}


def test_the_record_matches_the_engine_score() -> None:
    # Replaying the same choices by hand gives the same final score as the record.
    config = GameConfig(3, "standard")
    record = play_game(config, bots_for(config, ("random",)), 5)
    state = new_game(config, 5)
    rngs = [seat_rng(5, seat) for seat in range(3)]
    while not state.is_terminal:
        legal = legal_actions(state)
        if state.prompt in ("roll", "hades"):
            action = legal[0]
        else:
            bot = make_bot(record.seats[state.current].bot)
            action = bot.choose(state, legal, rngs[state.current])
        state, _ = apply(state, action)
    result = score(state)
    assert [s.vp for s in record.seats] == [p.total for p in result.players]
    assert [s.place for s in record.seats] == [p.place for p in result.players]
    assert record.rounds == state.round and record.ended_by == state.ended_by
    assert record.tiebreak == result.tiebreak


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.mode}")
def test_win_shares_sum_to_one(config: GameConfig) -> None:
    for seed in range(6):
        record = play_game(config, bots_for(config), seed)
        shares = [s.win_share for s in record.seats]
        assert sum(shares) == pytest.approx(1.0)
        k = len(record.winners)
        assert k >= 1
        for seat in record.seats:
            expected = 1.0 / k if seat.place == 1 else 0.0
            assert seat.win_share == pytest.approx(expected)


def test_a_shared_first_place_splits_the_win(monkeypatch: pytest.MonkeyPatch) -> None:
    import hercules.games.mebo.ai.arena as arena

    real_score = arena.score

    def tied(state: Any) -> Any:
        result = real_score(state)
        players = tuple(dataclasses.replace(p, place=1) for p in result.players)
        return type(result)(players, tuple(range(len(players))), "shared")

    monkeypatch.setattr(arena, "score", tied)
    record = play_game(GameConfig(4), bots_for(GameConfig(4)), 3)
    assert [s.win_share for s in record.seats] == [0.25] * 4
    assert record.tiebreak == "shared"


@pytest.mark.parametrize("config", CONFIGS[::2] + [CONFIGS[-1]], ids=str)
def test_deterministic_for_a_seed(config: GameConfig) -> None:
    first = play_game(config, bots_for(config), 17)
    random.seed(12345)  # the global generator must not matter
    random.random()
    second = play_game(config, bots_for(config), 17)
    assert first.to_json(timings=False) == second.to_json(timings=False)
    assert "seconds" not in first.to_json(timings=False)
    assert "decision_times" in first.to_json()["seats"][0]
    # bot_seed defaults to the game seed
    explicit = play_game(config, bots_for(config), 17, bot_seed=17)
    assert explicit.to_json(timings=False) == first.to_json(timings=False)


def test_bot_seed_changes_the_bots_not_the_deal() -> None:
    config = GameConfig(2)
    games = [
        play_game(config, [make_bot("random"), make_bot("random")], 4, bot_seed=b).to_json(
            timings=False
        )
        for b in range(8)
    ]
    assert all(g["seed"] == 4 for g in games)
    assert [g["bot_seed"] for g in games] == list(range(8))
    assert len({repr(g["seats"]) + repr(g["actions"]) for g in games}) > 1
    assert play_game(config, [make_bot("random")] * 2, 4, bot_seed=0).bot_seed == 0


def test_each_seat_has_its_own_generator() -> None:
    bots = [ScriptedBot("a"), ScriptedBot("b"), ScriptedBot("c")]
    play_game(GameConfig(3), bots, 9)
    rngs = [{id(call[2]) for call in bot.calls} for bot in bots]
    assert all(len(r) == 1 for r in rngs), "one generator per seat for the whole game"
    assert len(set.union(*rngs)) == 3, "no two seats share a generator"
    for bot in bots:
        assert isinstance(bot.calls[0][2], random.Random)
        assert bot.calls[0][2] is not random._inst  # never the global module generator


def test_bots_are_asked_only_on_their_own_turn() -> None:
    bots = [ScriptedBot("a"), ScriptedBot("b")]
    record = play_game(GameConfig(2), bots, 21)
    for seat, bot in enumerate(bots):
        assert len(bot.calls) == record.seats[seat].decisions
        for view, legal, _ in bot.calls:
            assert view.current == seat
            assert view.prompt in ("action", "choose_demigod", "rest")
            assert legal == legal_actions(view)


def test_the_hades_seat_is_automatic() -> None:
    hero = ScriptedBot("hero")
    record = play_game(GameConfig(2, "solo"), [hero, None], 8)
    assert hero.calls, "the hero decided"
    assert all(view.current == 0 for view, _, _ in hero.calls)
    assert all(view.prompt not in ("hades", "roll") for view, _, _ in hero.calls)
    hades = record.seats[1]
    assert hades.bot == HADES_NAME and hades.decisions == 0 and hades.decision_times == ()
    assert record.actions > record.seats[0].decisions  # rolls and Hades' turns were applied


def test_seats_must_fit_the_game() -> None:
    with pytest.raises(ValueError, match="Hades"):
        play_game(GameConfig(2, "solo"), [make_bot("random"), make_bot("random")], 1)
    with pytest.raises(ValueError, match="needs a bot"):
        play_game(GameConfig(2, "solo"), [None, None], 1)
    with pytest.raises(ValueError, match="needs a bot"):
        play_game(GameConfig(2), [make_bot("random"), None], 1)
    with pytest.raises(ValueError, match="one per seat"):
        play_game(GameConfig(3), [make_bot("random")] * 2, 1)
    with pytest.raises(TypeError):
        play_game({"players": 2}, [make_bot("random")] * 2, 1)  # type: ignore[arg-type]


def _wrong_decision(view: Any, legal: Sequence[Any]) -> Any:
    return Action("end_rest") if view.prompt == "action" else None


def _not_in_legal(view: Any, legal: Sequence[Any]) -> Any:
    # A labour on a column this seat has already done, or with dice it does not have.
    return Action("labour", op="add", dice=(0, 2)) if view.prompt == "action" else None


@pytest.mark.parametrize(
    ("override", "reason"),
    [
        (_wrong_decision, Reason.WRONG_DECISION),
        (_not_in_legal, Reason.ILLEGAL),
        (lambda view, legal: "rest", Reason.MALFORMED),
        (lambda view, legal: legal[0].to_json(), Reason.MALFORMED),  # a dict is not an Action
    ],
    ids=["wrong-decision", "not-legal", "not-an-action", "json-not-action"],
)
def test_an_illegal_bot_action_is_refused(override: Any, reason: Reason) -> None:
    cheat = ScriptedBot("cheat", override)
    with pytest.raises(IllegalBotActionError) as info:
        play_game(GameConfig(2), [make_bot("random"), cheat], 2)
    err = info.value
    assert isinstance(err, IllegalActionError)  # callers catching the engine's error see it too
    assert err.reason == reason
    assert (err.bot, err.seat) == ("cheat", 1)
    text = str(err)
    assert "'cheat'" in text and "seat 1" in text and "illegal action" in text
    assert "seed 2" in text
    # It survives pickling (tournaments run games in worker processes).
    copy = pickle.loads(pickle.dumps(err))
    assert (copy.reason, copy.bot, copy.seat, str(copy)) == (reason, "cheat", 1, text)


def test_a_bot_that_mutates_legal_cannot_sneak_in_an_action() -> None:
    def sneaky(view: Any, legal: Any) -> Any:
        if view.prompt != "action":
            return None
        bogus = Action("labour", op="mul", dice=(0, 1))
        legal.append(bogus)  # the list is the bot's own copy: the engine is the authority
        return bogus if bogus not in legal_actions(view) else None

    with pytest.raises(IllegalBotActionError):
        play_game(GameConfig(2), [ScriptedBot("sneaky", sneaky), make_bot("random")], 6)


def test_a_bot_error_names_the_bot() -> None:
    def boom(view: Any, legal: Sequence[Any]) -> Any:
        raise ZeroDivisionError("planner bug")

    with pytest.raises(ZeroDivisionError) as info:
        play_game(GameConfig(2), [make_bot("random"), ScriptedBot("boom", boom)], 3)
    assert any("'boom' (seat 1)" in note for note in info.value.__notes__)


def test_a_game_that_never_ends_is_stopped() -> None:
    def always_rest(view: Any, legal: Sequence[Any]) -> Any:
        for kind in ("rest", "end_rest"):
            for action in legal:
                if action.kind == kind:
                    return action
        return None

    bots = [ScriptedBot("rester", always_rest), ScriptedBot("rester", always_rest)]
    with pytest.raises(RuntimeError, match="did not end within 500 actions"):
        play_game(GameConfig(2), bots, 1, max_actions=500)


def test_percentile_and_wilson() -> None:
    assert percentile([], 50) == 0.0
    assert percentile([3.0], 95) == 3.0
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50) == 3.0
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 100) == 5.0
    assert percentile([5.0, 1.0, 4.0, 2.0, 3.0], 0) == 1.0
    assert percentile([0.0, 10.0], 95) == pytest.approx(9.5)
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(2.5, 10)  # shared wins are fractional
    assert lo < 0.25 < hi

"""The MEBO Master bot: a seat level, legal, deterministic from the seat's view alone, and
its search samples only what the view hides. Its strength and its speed are measured by the
tools (``tools/tournament.py --bots master,hard``, ``tools/master_bench.py``), not here."""

from __future__ import annotations

import random

from hercules.app.registry import games
from hercules.games.mebo.ai import BOT_LEVELS, MasterBot, make_bot
from hercules.games.mebo.ai.master import sample_world, view_digest
from hercules.games.mebo.engine import GameConfig, apply, legal_actions, new_game
from hercules.games.mebo.engine.adapter import RULES
from hercules.games.mebo.engine.state import GameState


def small(bot: MasterBot) -> MasterBot:
    """A Master bot with a small search (the same code; fewer worlds), for quick tests."""
    bot.budget = 300
    bot.min_worlds = 2
    bot.max_worlds = 3
    bot.two_seat_limits = (300, 3)
    return bot


def midgame(seed: int = 4, players: int = 2, decisions: int = 14) -> GameState:
    """A state at a turn's decision some way into a game played by Normal bots."""
    bot = make_bot("normal")
    rng = random.Random(seed)
    s = new_game(GameConfig(players), seed)
    made = 0
    while True:
        legal = legal_actions(s)
        if s.prompt == "action" and len(legal) > 2:
            made += 1
            if made >= decisions:
                return s
        action = legal[0] if s.current < 0 else bot.choose(RULES.view(s, s.current), legal, rng)
        s, _ = apply(s, action)


def test_master_is_a_seat_level_of_the_game_and_thinks_off_the_frame_loop() -> None:
    assert "master" in BOT_LEVELS
    spec = next(g for g in games() if g.id == "hercules")
    assert "master" in spec.bot_levels
    bot = spec.make_bot("master")
    assert isinstance(bot, MasterBot) and bot.name == "master"
    assert bot.threaded  # the controller asks it on its worker thread


def test_the_same_view_gets_the_same_move_and_reason_whatever_the_global_generator() -> None:
    s = midgame()
    view = RULES.view(s, s.current)
    legal = legal_actions(s)
    answers = []
    for global_seed in (1, 2):
        random.seed(global_seed)  # the search never draws on the global generator
        bot = small(MasterBot())
        action = bot.choose(view, legal, random.Random(global_seed))  # nor on the seat's one
        answers.append((action, bot.explain(), bot.last_search["means"]))
    assert answers[0] == answers[1]
    assert answers[0][0] in legal


def test_states_that_differ_only_in_what_the_seat_cannot_see_get_the_same_move() -> None:
    s = midgame()
    other = s.copy()
    other.rng = s.rng ^ 0x5DEECE66D  # other dice to come
    other.seed = s.seed + 1
    # Another order beneath each Demigod stack's top card.
    other.demigod_stacks = tuple(
        (*reversed(st[:-1]), st[-1]) if len(st) >= 3 else st for st in s.demigod_stacks
    )
    assert other != s
    seat = s.current
    assert RULES.view(s, seat) == RULES.view(other, seat)
    assert view_digest(RULES.view(s, seat)) == view_digest(RULES.view(other, seat))
    legal = legal_actions(s)
    a = small(MasterBot()).choose(RULES.view(s, seat), legal, random.Random(0))
    b = small(MasterBot()).choose(RULES.view(other, seat), legal, random.Random(0))
    assert a == b


def test_a_different_view_seeds_a_different_search() -> None:
    s = midgame()
    later = midgame(decisions=15)
    assert view_digest(RULES.view(s, s.current)) != view_digest(RULES.view(later, later.current))


def test_a_sampled_world_fills_in_only_what_the_view_hides() -> None:
    s = midgame()
    view = RULES.view(s, s.current)
    before = view.to_json()
    rng = random.Random(3)
    worlds = [sample_world(view, rng) for _ in range(6)]
    assert view.to_json() == before  # the view itself is left alone
    for w in worlds:
        for seen, sampled in zip(view.demigod_stacks, w.demigod_stacks, strict=True):
            assert sorted(seen) == sorted(sampled)  # the same cards
            if seen:
                assert sampled[-1] == seen[-1]  # the top card stays on top
        plain = w.copy()
        plain.rng, plain.demigod_stacks = view.rng, view.demigod_stacks
        assert plain == view  # nothing else differs
    assert len({w.rng for w in worlds}) == len(worlds)  # dice to come, drawn anew per world


def play_legally(s: GameState, bots: list, seed: int, limit: int) -> GameState:
    """Play up to ``limit`` actions, each bot on its seat's view; every choice must be legal."""
    rng = random.Random(seed)
    for _ in range(limit):
        if s.is_terminal:
            break
        legal = legal_actions(s)
        if s.current < 0:
            action = legal[0]
        else:
            action = bots[s.current].choose(RULES.view(s, s.current), legal, rng)
            assert action in legal
        s, _ = apply(s, action)
    return s


def test_master_plays_whole_games_legally_at_two_and_four_seats() -> None:
    for players, seed in ((2, 11), (4, 12)):
        bots = [small(MasterBot())] + [make_bot("normal") for _ in range(players - 1)]
        assert play_legally(new_game(GameConfig(players), seed), bots, seed, 2_000).is_terminal


def test_master_plays_the_print_and_play_sheet_legally() -> None:
    play_legally(new_game(GameConfig(2, "pnp"), 5), [small(MasterBot()), make_bot("hard")], 5, 60)


def test_the_rest_of_a_chosen_plan_is_played_only_on_the_view_it_led_to() -> None:
    bot = small(MasterBot())
    s = midgame()
    view = RULES.view(s, s.current)
    legal = legal_actions(s)
    action = bot.choose(view, legal, random.Random(0))
    if bot._rest_of_plan:  # a plan of several steps: the next step waits for its view
        after, _ = apply(s, action)
        assert bot._expect == RULES.view(after, after.current)
    # A view the plan did not lead to is searched afresh: its own legal move, not the plan's.
    other = midgame(seed=9)
    legal_other = legal_actions(other)
    assert bot.choose(RULES.view(other, other.current), legal_other, random.Random(0)) in (
        legal_other
    )


def test_master_keeps_hards_choice_unless_another_beats_it_beyond_the_noise() -> None:
    bot = MasterBot()
    hard = [0.5, 0.5, 0.5, 0.5]
    # Better on average by 0.225 but only thanks to one world in four: the noise explains it.
    lucky = [0.5, 0.5, 0.4, 1.5]
    assert bot.pick([hard, lucky]) == 0
    # Better in every world by 0.1: it replaces Hard's choice.
    steady = [0.6, 0.6, 0.6, 0.6]
    assert bot.pick([hard, lucky, steady]) == 2
    # Better in every world, but by less than the margin: Hard's choice stands.
    close = [r + bot.margin / 2 for r in hard]
    assert bot.pick([hard, close]) == 0
    # Of two options that pass, the better on average.
    best = [0.8, 0.8, 0.7, 0.8]
    assert bot.pick([hard, steady, best]) == 2


def test_two_seats_search_more_worlds_than_four_within_their_own_bounds() -> None:
    # At two seats the search is bounded by ``two_seat_limits``, at three or four by the
    # class's budget and most worlds.
    for players, worlds in ((2, 5), (4, 3)):
        bot = small(make_bot("master"))
        bot.budget = 10**6
        bot.two_seat_limits = (10**6, 5)
        s = midgame(seed=6, players=players, decisions=4)
        bot.search(RULES.view(s, s.current), ["rest", "rest"])
        assert bot.last_search["worlds"] == worlds, players

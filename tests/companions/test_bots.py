"""The fourth game's bots (issue 25): every level plays whole games from its seat's view,
decides on that view alone, explains itself in public words, and believes what the public
counts and the facts allow."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from hercules.games.companions.ai.belief import (
    Belief,
    Evidence,
    World,
    prior_marginals,
    sample_world,
    villain_in,
)
from hercules.games.companions.ai.bots import BOT_LEVELS, RandomBot, make_bot
from hercules.games.companions.ai.policy import (
    REASONS,
    CompanionsBot,
    level_params,
    load_params,
)
from hercules.games.companions.engine import rules as E
from hercules.games.companions.engine.data import load_data


def play(players: int, seed: int, levels: tuple[str, ...], check=None) -> E.State:
    """A whole game, each seat's bot handed its view only."""
    s = E.new_game(E.Config(players), seed)
    bots = [make_bot(levels[k % len(levels)]) for k in range(players)]
    rngs = [random.Random(seed * 10 + k) for k in range(players)]
    for _ in range(20_000):
        if E.is_terminal(s):
            return s
        who, legal = E.actor(s), E.legal_actions(s)
        if who < 0:
            s, _ = E.apply(s, legal[0])
            continue
        view = E.view(s, who)
        action = bots[who].choose(view, legal, rngs[who])
        assert action in legal
        if check is not None:
            check(s, who, bots[who])
        s, _ = E.apply(s, action)
    raise AssertionError("the game did not end")


def test_the_levels_offered_and_the_random_one_for_tools():
    assert BOT_LEVELS == ("easy", "normal", "hard")
    assert isinstance(make_bot("random"), RandomBot)
    for level in BOT_LEVELS:
        bot = make_bot(level)
        assert isinstance(bot, CompanionsBot) and bot.name == level and not bot.threaded
    with pytest.raises(ValueError):
        make_bot("genius")
    assert set(load_params()) >= set(BOT_LEVELS)


def test_a_levels_table_size_values_name_real_tables_and_real_parameters():
    for level in BOT_LEVELS:
        raw = load_params()[level]
        base = level_params(level, 0)
        assert "by_players" not in base
        for players, values in raw.get("by_players", {}).items():
            assert int(players) in range(4, 8), (level, players)
            assert values and set(values) <= set(base), (level, players)  # no typo'd key
            at = level_params(level, int(players))
            assert {k: at[k] for k in values} == values
            assert {k: v for k, v in at.items() if k not in values} == {
                k: v for k, v in base.items() if k not in values
            }
    assert load_params()["normal"]["by_players"], "the Normal level is tuned per table size"


def test_a_bot_takes_its_tables_values_at_its_first_decision_and_overrides_win():
    raw = load_params()["normal"]["by_players"]
    players = int(min(raw))
    key = sorted(raw[str(players)])[0]
    s = E.new_game(E.Config(players), 3)
    who = E.actor(s)
    bot = CompanionsBot("normal")
    assert bot.params == level_params("normal", 0)
    bot.choose(E.view(s, who), E.legal_actions(s), random.Random(0))
    assert bot.params[key] == raw[str(players)][key]
    assert bot.params == level_params("normal", players)
    mine = CompanionsBot("normal", {key: -7.5})
    mine.choose(E.view(s, who), E.legal_actions(s), random.Random(0))
    assert mine.params[key] == -7.5  # what a tool or test asks for wins over the table's


@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_every_level_plays_whole_games_from_its_view(level, players):
    s = play(players, players * 3 + len(level), (level,))
    assert s.outcome in (E.HERO, E.HERA)


def test_mixed_tables_play_to_the_end():
    for seed in range(3):
        assert E.is_terminal(play(6, seed, ("easy", "normal", "hard", "random")))


def _twin(s: E.State, seat: int) -> E.State:
    """``s`` with what ``seat`` may not see dealt otherwise: the other seats' tokens (same
    counts, other kinds) and the face-down cards it has not seen, shuffled among their places."""
    rng = random.Random(7)
    hidden = [
        (r, i)
        for r in (0, 1)
        for i, c in enumerate(s.rows[r])
        if not s.up[r][i] and c not in s.known[seat]
    ]
    cards = [s.rows[r][i] for r, i in hidden]
    rng.shuffle(cards)
    rows = [list(s.rows[0]), list(s.rows[1])]
    for (r, i), c in zip(hidden, cards, strict=True):
        rows[r][i] = c
    known = tuple(
        k if i == seat else frozenset(c for c in k if c in s.known[seat])
        for i, k in enumerate(s.known)
    )
    return replace(
        s, rows=(tuple(rows[0]), tuple(rows[1])), known=known, rng=s.rng ^ 12345, seed=s.seed + 1
    )


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_decisions_depend_only_on_the_view(level):
    """Two states that look the same to the seat give the same action and reason, with the
    same generator; and the bot handed the whole state decides as on its view."""
    checked = 0
    for seed in range(3):
        s = E.new_game(E.Config(5), seed)
        rng = random.Random(seed)
        for _ in range(400):
            if E.is_terminal(s):
                break
            who, legal = E.actor(s), E.legal_actions(s)
            if who >= 0 and len(legal) > 1 and rng.random() < 0.3:
                twin = _twin(s, who)
                if E.view(twin, who) == E.view(s, who) and twin != s:
                    picks = []
                    for shown in (s, twin, E.view(s, who)):
                        bot = make_bot(level)
                        picks.append((bot.choose(shown, legal, random.Random(3)), bot.explain()))
                    assert picks[0] == picks[1] == picks[2]
                    checked += 1
            s, _ = E.apply(s, legal[0] if who < 0 else rng.choice(legal))
    assert checked > 10


def test_explanations_name_no_hidden_fact():
    """A reason is in the bots' format and never names another seat's character or side,
    nor a face-down card's number the seat has not seen (claims aside: they are said)."""
    names = {c.name.lower() for c in load_data().characters.values()}
    words = re.compile(r"\b(villain|traitor|loyal|hera|betray)", re.I)

    def check(s: E.State, who: int, bot) -> None:
        reason = bot.explain()
        if not isinstance(bot, CompanionsBot):
            return
        kind, params, english = REASONS.parse(reason)
        assert kind in REASONS.kinds
        assert not words.search(english), english
        for name in names:
            assert name not in english.lower(), english
        if kind == "reveal":
            card = params["card"]
            assert any(card == c for r in s.rows for c in r)

    for seed in range(4):
        play(4 + seed, seed, ("normal", "hard", "easy"), check)


def test_the_prior_matches_the_public_counts():
    """P(villain) from the counts: no tokens yet, nobody but Hera; later the sampled worlds'
    share agrees with the exact hypergeometric prior."""
    s = E.new_game(E.Config(6), 2)
    me = next(i for i in range(6) if s.characters[i] not in (1, 6))
    v = E.view(s, me)
    prior = prior_marginals(v, me)
    herc = s.hercules
    assert prior[herc] == 0.0 and prior[me] == 0.0
    # Hera is one of the four unknown characters: 1/4 for each other seat.
    assert all(prior[i] == pytest.approx(0.25) for i in range(6) if i not in (herc, me))
    # Three journeys on: two tokens each (the exact prior against 4000 sampled worlds).
    tokens = tuple(() if i == herc else ("B", "N") if i == me else ("?", "?") for i in range(6))
    later = replace(v, journey=3, tokens=tokens, bag=(27 - 10, -1))
    exact = prior_marginals(later, me)
    sampled = Belief(later, me, [], 4000, seed=1).marginals()
    for i in range(6):
        assert sampled[i] == pytest.approx(exact[i], abs=0.03)
    world = sample_world(later, me, random.Random(1))
    pool = [t for i, ts in enumerate(world.tokens) if i != me for t in ts]
    assert len(pool) == 8 and world.tokens[me] == ("B", "N")
    assert sorted(c for c in world.characters) == [1, 2, 3, 4, 5, 6]


def test_a_liar_caught_by_a_reveal_is_a_villain_in_every_world_left():
    """A claim that a revealed card contradicts gives weight 0 to the worlds where the
    claimant was loyal that journey; a turn-coat's loyal journeys before stay unjudged."""
    s = E.new_game(E.Config(5), 4)
    me = next(i for i in range(5) if s.characters[i] != 1)
    liar = next(i for i in range(5) if i not in (me, s.hercules))
    mine = ("N", "B", "N", "N", "N")
    tokens = tuple(() if i == s.hercules else mine for i in range(5))
    v = replace(
        E.view(s, me),
        journey=6,
        tokens=tuple(t if i == me else ("?",) * len(t) for i, t in enumerate(tokens)),
        bag=(23 - 20, -1),
    )
    hard = [Evidence(liar, 6, 0.0, 1.0)]
    b = Belief(v, me, hard, 400, seed=3)
    assert sum(b.weights) > 0  # some sampled worlds agree with the fact
    for w, world in zip(b.weights, b.worlds, strict=True):
        if w:
            assert villain_in(world, liar, 6)
        if not villain_in(world, liar, 6):
            assert w == 0.0
    assert b.p_villain(liar) == 1.0
    assert b.p_villain(next(i for i in range(5) if i not in (me, liar, s.hercules))) < 1.0
    # Villainy by journey: the same seat may have been loyal in journey 2.
    # (Hylas' limit is an assumed value, so the tokens are built from it.)
    limit = load_data().characters[2].limit or 0
    tokens = ("N",) + ("B",) * (limit + 1)
    world = World(characters=(1, 2, 3, 4, 5), tokens=((), tokens, (), (), ()))
    turn = limit + 3  # the journey after the token that passes the limit was drawn
    assert not villain_in(world, 1, 2) and not villain_in(world, 1, turn - 1)
    assert villain_in(world, 1, turn)


def test_the_bot_catches_a_lie_its_own_peek_contradicts():
    """At the journey's start no card moves: a claim about the space the bot peeked at that
    names another card makes the claimant a villain in its belief."""
    s = E.new_game(E.Config(5), 9)
    order = s.order()
    herc, me, liar = order[0], order[1], order[2]
    bot = make_bot("normal")
    assert isinstance(bot, CompanionsBot)
    s, _ = E.apply(s, E.Action("peek", 0, 0))  # Hercules
    s, _ = E.apply(s, E.Action("silent"))
    s, _ = E.apply(s, E.legal_actions(s)[0])  # me: the first free space
    mine = s.peeked[-1]
    truth = E.number(s.card_at(mine))
    s, _ = E.apply(s, bot.choose(E.view(s, me), E.legal_actions(s), random.Random(1)))
    assert s.current == liar
    s, _ = E.apply(s, E.legal_actions(s)[0])
    wrong = next(n for n in (2, 4, 5, 6, 7, 8, 16, 17) if n != truth)
    s, _ = E.apply(s, E.Action("claim", mine[0], mine[1], n=wrong))
    assert herc != liar
    # The bot's next decision sees the claim.
    while s.current != me or s.prompt not in (E.P_PEEK, E.P_TURN, E.P_CLAIM, E.P_VOTE):
        s, _ = E.apply(s, E.legal_actions(s)[0] if s.prompt != E.P_CLAIM else E.Action("silent"))
    view = E.view(s, me)
    bot.choose(view, E.legal_actions(s), random.Random(2))
    assert any(e.seat == liar and e.if_loyal == 0.0 for e in bot.memory.evidence)
    assert bot.p_villain(view, me)[liar] == 1.0


def test_hera_keeps_her_ability_for_the_empty_bag():
    s = E.new_game(E.Config(6), 5)
    hera = s.characters.index(6)
    while not (s.prompt == E.P_TURN and s.current == hera):
        legal = E.legal_actions(s)
        s, _ = E.apply(s, E.Action("silent") if s.prompt == E.P_CLAIM else legal[0])
    legal = E.legal_actions(s)
    assert E.Action("ability") in legal
    bot = make_bot("normal")
    assert bot.choose(E.view(s, hera), legal, random.Random(1)) != E.Action("ability")
    empty = replace(s, bag=(0, 0), discard=(s.discard[0] + s.bag[0], s.discard[1] + s.bag[1]))
    assert bot.choose(E.view(empty, hera), legal, random.Random(1)) == E.Action("ability")


def _villain_choices(overrides: dict[str, float], seeds: range) -> dict[str, list[int]]:
    """Whole 7-player Normal games (Hera is always a villain) with ``overrides`` on every
    bot; per prompt, what the villain seats chose when they had a choice (1 swap / reveal,
    or whether the ballot was the one a loyal player would cast)."""
    made: dict[str, list[int]] = {"swap": [], "reveal": [], "vote_loyal": []}
    made |= {"up_on_good": [], "up_on_bad": []}
    for seed in seeds:
        s = E.new_game(E.Config(7), seed)
        bots = [CompanionsBot("normal", overrides) for _ in range(7)]
        rngs = [random.Random(seed * 10 + k) for k in range(7)]
        for _ in range(20_000):
            if E.is_terminal(s):
                break
            who, legal = E.actor(s), E.legal_actions(s)
            if who < 0:
                s, _ = E.apply(s, legal[0])
                continue
            action = bots[who].choose(E.view(s, who), legal, rngs[who])
            if s.villain[who] and who != s.hercules and len(legal) > 1:
                if s.prompt == E.P_SWAP:
                    made["swap"].append(int(action.n == 1))
                elif s.prompt == E.P_REVEAL:
                    made["reveal"].append(int(action.n == 1))
                elif s.prompt == E.P_VOTE:
                    g = bots[who].memory.vote_pending
                    made["vote_loyal"].append(int((action.n == 1) == (g >= 0.5)))
                    made["up_on_good" if g >= 0.5 else "up_on_bad"].append(int(action.n == 1))
            s, _ = E.apply(s, action)
    return made


def test_a_villain_leaves_small_harms_alone_as_cover():
    # No cover turns (a cover turn is played as a loyal player's, for loyal reasons).
    eager = {"villain_swap": 1.0, "villain_reveal": 1.0, "villain_cover_reveal": 0.0}
    eager |= {"cover": 0.0, "hera_cover": 0.0}
    loud = _villain_choices(
        eager | {"villain_swap_margin": 0.0, "villain_reveal_margin": -5.0},
        range(12),
    )
    quiet = _villain_choices(
        eager | {"villain_swap_margin": 1e9, "villain_reveal_margin": 1e9},
        range(12),
    )
    loud = loud | {
        "vote_loyal": _villain_choices(eager | {"villain_vote_margin": 0.0}, range(12))[
            "vote_loyal"
        ]
    }
    quiet = quiet | {
        "vote_loyal": _villain_choices(eager | {"villain_vote_margin": 1.0}, range(12))[
            "vote_loyal"
        ]
    }
    # Some villain had a choice in these games, and with no margin it acted on it.
    assert loud["swap"] and sum(loud["swap"]) > 0
    assert loud["reveal"] and sum(loud["reveal"]) > 0
    assert loud["vote_loyal"] and not all(loud["vote_loyal"])
    # With margins no harm can exceed, it never swaps or reveals, and it votes loyally.
    assert quiet["swap"] and sum(quiet["swap"]) == 0
    assert quiet["reveal"] and sum(quiet["reveal"]) == 0
    assert quiet["vote_loyal"] and all(quiet["vote_loyal"])


def test_a_villains_dissent_in_each_direction_follows_its_own_rate():
    eager = {"cover": 0.0, "hera_cover": 0.0, "villain_vote_margin": 0.0}
    # Dissent only against good rows: a villain never votes to end a journey.
    down = _villain_choices(eager | {"villain_vote_up": 0.0, "villain_vote_down": 1.0}, range(8))
    assert down["up_on_bad"] and down["up_on_good"]
    assert sum(down["up_on_bad"]) == 0 and sum(down["up_on_good"]) == 0
    # Dissent only against bad rows: it always votes to end it.
    up = _villain_choices(eager | {"villain_vote_up": 1.0, "villain_vote_down": 0.0}, range(8))
    assert up["up_on_bad"] and all(up["up_on_bad"]) and all(up["up_on_good"])
    # Half the bad rows: some of each.
    half = _villain_choices(eager | {"villain_vote_up": 0.5, "villain_vote_down": 0.0}, range(8))
    assert 0 < sum(half["up_on_bad"]) < len(half["up_on_bad"])


def test_every_level_names_its_villain_margins():
    for level in BOT_LEVELS:
        params = load_params()[level]
        for key in ("villain_swap_margin", "villain_reveal_margin", "villain_vote_margin"):
            assert isinstance(params[key], float), (level, key)

"""Scoring (ruling 10): tasks, the most-money bonus and its ties, chains, the tie-breakers."""

from __future__ import annotations

from later_years.engine.helpers import DATA, game, playing

from hercules.games.later_years.engine import RULES, coin_counts, score

COLUMN = [DATA.spaces[r * 4 + 1].id for r in range(4)]  # the Temple column, N to S
ROW = [DATA.spaces[4 + c].id for c in range(4)]  # the Clean Out row, W to E


def test_one_point_per_task_three_per_chain_two_for_the_most_coins() -> None:
    board = {sp: (0,) for sp in COLUMN}
    board["SP-CONQUER-POLITICIAN"] = (1,)
    s = playing(2, {}, board=board)
    result = score(s)
    me, other = result.seats
    # Seat 0: 4 tasks + 1 chain; fees 2+4+6+8 = 20 -> 30 coins; seat 1: 16 -> 26 coins.
    assert (me.tasks, me.chains, me.money_bonus, me.total) == (4, 1, 2, 4 + 3 + 2)
    assert (other.tasks, other.chains, other.money_bonus, other.total) == (1, 0, 0, 1)
    assert result.winners == (0,)


def test_every_player_tied_for_the_most_coins_scores_the_two_points() -> None:
    s = playing(3, {}).with_(money=(12, 12, 7), spent=(0, 0, 5))
    assert [p.money_bonus for p in score(s).seats] == [2, 2, 0]
    s = game(4)
    assert [p.money_bonus for p in score(s).seats] == [2, 2, 2, 2]


def test_ties_on_points_go_to_the_most_coins_then_the_most_cards_then_are_shared() -> None:
    base = playing(3, {0: ["DRAW-01"], 1: ["DRAW-02", "DRAW-03"], 2: ["DRAW-04", "DRAW-05"]})
    # Same points (all tie on coins: 2 each); then cards: seats 1 and 2 share the win.
    assert score(base).winners == (1, 2)
    # The most coins alone: seat 0 scores 2 and wins.
    s = base.with_(money=(10, 9, 9))
    result = score(s)
    assert [p.total for p in result.seats] == [2, 0, 0] and result.winners == (0,)
    s = base.with_(money=(9, 9, 8))
    result = score(s)
    # Seats 0 and 1 score 2 with equal coins; seat 1 wins on cards (2 > 1).
    assert [p.total for p in result.seats] == [2, 2, 0] and result.winners == (1,)


def test_the_top_coin_option_counts_only_each_stacks_top_coin() -> None:
    board = {sp: (0, 1) for sp in COLUMN}
    s = playing(2, {}, board=board)
    assert score(s).seats[0].chains == 1 and score(s).seats[1].chains == 1
    top = s.with_(config=type(s.config)(2, "top"))
    assert coin_counts(top, 0) == (0,) * 16
    assert score(top).seats[0].chains == 0 and score(top).seats[1].chains == 1


def test_chains_of_both_directions_add_up() -> None:
    board = {sp: (0,) for sp in COLUMN}
    board.update({sp: (0,) for sp in ROW})
    board[ROW[1]] = (0, 0)  # the crossing space holds two of seat 0's coins
    s = playing(2, {}, board=board)
    assert score(s).seats[0].chains == 2 and score(s).seats[0].tasks == 8


def test_the_summary_names_the_leader_for_the_load_screen() -> None:
    board = {sp: (1,) for sp in ROW}
    s = playing(3, {}, board=board)
    summary = RULES.summary(s)
    assert summary["players"] == 3 and summary["round"] == 1 and summary["finished"] is False
    assert summary["leader"] == {"seat": 1, "vp": 4 + 3 + 2}
    assert summary["winners"] == []

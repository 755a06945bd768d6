"""End of the game: Zeus, finishing the round, Pantheon cards, game over."""

from __future__ import annotations

import pytest
from support.scenario import (
    HADES,
    ROLL,
    Scenario,
    assert_rejected,
    events_of,
    labour,
    play,
    play_through,
    received,
    rest_turn,
)

from hercules.games.mebo.engine import Action, Reason, legal_actions, score


def at_11(sc: Scenario, *seats: int) -> Scenario:
    """``seats`` have done labours 1-11 and rolled 6 and 6 (labour 12 next)."""
    for seat in seats:
        sc.done(seat, *range(1, 12)).dice(seat, 6, 6)
    return sc.top_of("MOR-01")


def test_the_first_apprentice_to_reach_column_12_receives_zeus_worth_5_vp():
    state = at_11(Scenario(3), 0).build()
    after, events = play_through(state, labour("add"))
    assert after.players[0].pos == 12
    assert after.players[0].finals == ("GOD-ZEUS",)
    assert "GOD-ZEUS" not in after.top
    assert received(events).count("GOD-ZEUS") == 1
    trig = events_of(events, "game_end_triggered")
    assert [(e.player, e.data) for e in trig] == [(0, {"reason": "column_12"})]
    assert after.ended_by == ("column_12",)
    assert score(after).players[0].zeus_pantheon == 5


@pytest.mark.parametrize(("players", "trigger"), [(2, 0), (3, 0), (3, 1), (4, 0), (4, 1), (4, 2)])
def test_the_round_is_finished_by_everyone_who_has_not_yet_had_a_turn(players, trigger):
    state = at_11(Scenario(players), trigger).to_act(trigger).build()
    state, _ = play_through(state, labour("add"))
    later = []
    while state.prompt != "game_over":
        later.append(state.current)
        state = rest_turn(state)
    assert later == list(range(trigger + 1, players))
    assert state.round == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_is_over_at_once_when_the_last_player_of_the_round_reaches_12(players):
    last = players - 1
    state = at_11(Scenario(players), last).to_act(last).build()
    after, events = play_through(state, labour("add"))
    assert after.prompt == "game_over"
    assert after.is_terminal
    assert after.current == -1
    assert events_of(events, "game_over")[0].data == {"ended_by": ["column_12"], "round": 1}
    assert events_of(events, "pegasus_passed") == []


def test_the_round_order_starts_at_the_pegasus_holder_when_finishing():
    sc = at_11(Scenario(4).pegasus(3), 0).to_act(0)  # order 3, 0, 1, 2: seat 0 is second
    state, _ = play_through(sc.build(), labour("add"))
    later = []
    while not state.is_terminal:
        later.append(state.current)
        state = rest_turn(state)
    assert later == [1, 2]


def test_later_arrivals_in_the_final_round_receive_pantheon_cards():
    state = at_11(Scenario(4), 0, 1, 2, 3).build()
    assert state.top == ("PANTHEON-1", "PANTHEON-3", "PANTHEON-4", "GOD-ZEUS")
    for _ in range(4):
        state, _ = play_through(state, labour("add"))
    assert state.is_terminal
    assert [p.finals for p in state.players] == [
        ("GOD-ZEUS",),
        ("PANTHEON-4",),
        ("PANTHEON-3",),
        ("PANTHEON-1",),
    ]
    assert [p.zeus_pantheon for p in score(state).players] == [5, 5, 5, 5]
    assert state.ended_by == ("column_12",)


def test_a_later_arrival_when_no_pantheon_card_remains_receives_nothing():
    # Solo: Hades has already taken Zeus and the only Pantheon card from column 12.
    sc = Scenario(2, "solo").give(1, "GOD-ZEUS", "PANTHEON-1").done(0, *range(1, 12)).dice(0, 6, 6)
    state = sc.top_of("MOR-01").build()
    assert state.top == ()
    after, events = play_through(state, labour("add"))
    assert after.players[0].pos == 12
    assert after.players[0].finals == ()
    assert after.ended_by == ("column_12",)
    assert after.prompt == "hades"  # Hades still finishes the round
    done, _ = play(after, HADES)
    assert done.is_terminal


def test_players_who_do_not_reach_12_in_the_final_round_get_no_pantheon_card():
    state = at_11(Scenario(3), 0).dice(1, 6, 5).build()
    state, _ = play_through(state, labour("add"))
    state, _ = play_through(state, labour("add"))  # seat 1: labour 11, far from 12
    state = rest_turn(state)
    assert state.is_terminal
    assert state.players[1].finals == state.players[2].finals == ()
    assert state.top == ("PANTHEON-1", "PANTHEON-3")


def test_after_the_game_is_over_no_action_is_accepted():
    state = at_11(Scenario(2), 1).to_act(1).build()
    state, _ = play_through(state, labour("add"))
    assert state.is_terminal
    assert legal_actions(state) == []
    for action in (ROLL, Action("rest"), labour("add"), HADES):
        assert_rejected(state, action, Reason.GAME_OVER)
    assert score(state).winners  # scoring works on the final state


def test_the_game_goes_on_while_no_one_has_reached_12():
    state = Scenario(2).done(0, *range(1, 11)).dice(0, 6, 5).top_of("MOR-01").to_act(1).build()
    state = rest_turn(state)
    assert state.prompt == "roll" and state.round == 2 and not state.ended_by

"""Phase II, playing cards: tasks and their costs, repeats, doubles and triples, overpaying,
Draw cards, the order of play, the pawn, and the end of the game."""

from __future__ import annotations

from later_years.engine.helpers import DATA, game, go, playing, refused, round_trip, step, task

from hercules.games.later_years.engine import RULES, Action, Reason, actor, legal_actions
from hercules.games.later_years.engine.state import P_DEAL, P_DRAW, P_OVER, P_PLAY

CT = "SP-CAPTURE-TEMPLE"


def _tasks(s, space: str) -> list[tuple[str, ...]]:
    return [a.cards for a in legal_actions(s) if a.kind == "task" and a.space == space]


def test_the_rulebook_fee_capturing_the_temple_pays_3_x_2_coins() -> None:
    s = playing(3, {0: ["CAPTURE-01", "TEMPLE-01"]})
    s, events = step(s, task(CT, "CAPTURE-01", "TEMPLE-01"))
    assert s.money[0] == 16 and events[0].n == 6
    assert s.board[DATA.space_at[CT]] == (0,)
    assert s.hands[0] == () and s.discard[-2:] == ("CAPTURE-01", "TEMPLE-01")
    assert s.prompt == P_PLAY and actor(s) == 0  # any number of plays
    assert round_trip(s) == s


def test_the_first_completion_takes_one_action_and_one_object_card() -> None:
    s = playing(3, {0: ["CAPTURE-01", "CAPTURE-02", "TEMPLE-01", "TEMPLE-02"]})
    assert _tasks(s, CT) == [("CAPTURE-01", "TEMPLE-01")]  # alike cards: one way, not four


def test_the_rulebook_repeat_the_second_endorsing_of_a_politician_takes_two_of_each() -> None:
    sp = "SP-ENDORSE-POLITICIAN"
    hand = ["ENDORSE-01", "ENDORSE-02", "POLITICIAN-01", "POLITICIAN-02"]
    s = playing(3, {0: hand}, board={sp: (1,)})
    assert _tasks(s, sp) == [tuple(sorted(hand))]
    s2, events = step(s, task(sp, *hand))
    assert s2.money[0] == s.money[0] + 4  # the fee never changes
    assert s2.board[DATA.space_at[sp]] == (1, 0)  # on top of the earlier coin
    refused(
        playing(3, {0: hand[:3]}, board={sp: (1,)}), task(sp, *hand[:3]), Reason.NOT_ENOUGH_CARDS
    )


def test_the_third_completion_takes_three_and_a_player_may_repeat_her_own_task() -> None:
    hand = ["CAPTURE-01", "CAPTURE-02", "CAPTURE-03", "TEMPLE-01", "TEMPLE-02", "TEMPLE-03"]
    s = playing(3, {0: hand}, board={CT: (0, 0)})
    assert _tasks(s, CT) == [tuple(sorted(hand))]
    s = go(s, task(CT, *hand))
    assert s.board[DATA.space_at[CT]] == (0, 0, 0)


def test_a_double_counts_as_two_cards_and_a_triple_as_three() -> None:
    s = playing(3, {0: ["CAPTURE-10", "TEMPLE-12"]}, board={CT: (1,)})
    assert _tasks(s, CT) == [("CAPTURE-10", "TEMPLE-12")]  # 2 of 2 needed, and 3 of 2: overpaid
    s = playing(3, {0: ["CAPTURE-12", "TEMPLE-12"]}, board={CT: (1, 2)})
    assert _tasks(s, CT) == [("CAPTURE-12", "TEMPLE-12")]
    s = playing(3, {0: ["CAPTURE-12", "TEMPLE-10"]}, board={CT: (1, 2)})
    assert _tasks(s, CT) == []
    refused(s, task(CT, "CAPTURE-12", "TEMPLE-10"), Reason.NOT_ENOUGH_CARDS)


def test_overpaying_is_allowed_but_never_with_a_card_that_is_not_needed() -> None:
    s = playing(3, {0: ["CAPTURE-01", "CAPTURE-12", "TEMPLE-01"]})
    # Either the single (exact) or the triple (overpaid); never both.
    assert _tasks(s, CT) == [("CAPTURE-01", "TEMPLE-01"), ("CAPTURE-12", "TEMPLE-01")]
    refused(s, task(CT, "CAPTURE-01", "CAPTURE-12", "TEMPLE-01"), Reason.ILLEGAL)
    s2 = go(s, task(CT, "CAPTURE-12", "TEMPLE-01"))
    assert s2.money[0] == s.money[0] + 6  # the fee stays; no change is given
    # A need of 3 from 2 doubles and a single: two doubles (4) or a double and the single (3).
    s = playing(3, {0: ["CAPTURE-01", "CAPTURE-10", "CAPTURE-11", "TEMPLE-12"]}, board={CT: (1, 1)})
    ways = sorted(c for c in _tasks(s, CT))
    assert ways == [
        ("CAPTURE-01", "CAPTURE-10", "TEMPLE-12"),
        ("CAPTURE-10", "CAPTURE-11", "TEMPLE-12"),
    ]


def test_alike_cards_are_played_seen_ones_first_so_a_play_reveals_nothing_hidden() -> None:
    s = playing(3, {0: ["CAPTURE-01", "CAPTURE-05", "TEMPLE-01"]}, shown={0: ["CAPTURE-05"]})
    assert _tasks(s, CT) == [("CAPTURE-05", "TEMPLE-01")]
    s = go(s, task(CT, "CAPTURE-05", "TEMPLE-01"))
    assert s.shown[0] == () and s.hands[0] == ("CAPTURE-01",)


def test_tasks_without_the_cards_are_refused_with_reasons() -> None:
    s = playing(3, {0: ["CAPTURE-01", "TEMPLE-01", "HYDRA-01"]})
    refused(s, task(CT, "CAPTURE-02", "TEMPLE-01"), Reason.NOT_IN_HAND)
    refused(s, task(CT, "CAPTURE-01", "HYDRA-01"), Reason.WRONG_CARDS)
    refused(s, task("SP-CAPTURE-HYDRA", "CAPTURE-01"), Reason.NOT_ENOUGH_CARDS)
    refused(s, task("SP-FLY-TEMPLE", "CAPTURE-01"), Reason.NO_SUCH_SPACE)
    refused(s, task(CT, "CAPTURE-01", "TEMPLE-01"), Reason.NOT_YOUR_TURN, seat=1)
    refused(s, Action("deal"), Reason.WRONG_DECISION)


def test_with_all_twenty_marker_coins_on_the_board_no_task_is_possible() -> None:
    full = {sp.id: (0,) for sp in DATA.spaces[:10]}
    full.update({sp.id: (0,) for sp in DATA.spaces[10:]})
    full["SP-ENDORSE-DEALER"] = (0,) * 5
    s = playing(3, {0: ["CAPTURE-01", "TEMPLE-01"]}, board=full)
    assert s.markers_used(0) == DATA.markers == 20
    assert _tasks(s, CT) == []
    refused(s, task(CT, "CAPTURE-01", "TEMPLE-01"), Reason.NO_MARKERS)


def test_a_draw_card_is_discarded_and_the_controller_draws_two_cards() -> None:
    s = playing(3, {0: ["DRAW-03", "DRAW-01"]})
    assert Action("play_draw", card="DRAW-01") in legal_actions(s)
    assert Action("play_draw", card="DRAW-03") not in legal_actions(s)  # alike: one way
    refused(s, Action("play_draw", card="DRAW-05"), Reason.NOT_IN_HAND)
    s, _ = step(s, Action("play_draw", card="DRAW-01"))
    assert s.prompt == P_DRAW and actor(s) == -1 and legal_actions(s) == [Action("draw")]
    top = s.deck[:2]
    s2, events = step(s, Action("draw"))
    assert s2.prompt == P_PLAY and actor(s2) == 0
    assert set(top) <= set(s2.hands[0]) and len(s2.hands[0]) == 3 and s2.shown[0] == ()
    assert events == [events[0]] and events[0].n == 2 and not events[0].cards  # unnamed
    assert RULES.reveals(s, s2, events)
    assert round_trip(s) == s and round_trip(s2) == s2


def test_a_short_deck_gives_what_is_left() -> None:
    s = playing(3, {0: ["DRAW-01"]})
    rest = s.deck[:1]
    s = s.with_(deck=rest, discard=s.discard + s.deck[1:])
    s = go(s, Action("play_draw", card="DRAW-01"), Action("draw"))
    assert s.deck == () and s.hands[0] == rest
    s = s.with_(hands=(("DRAW-02",), (), ()))
    s, events = step(go(s, Action("play_draw", card="DRAW-02")), Action("draw"))
    assert s.hands[0] == () and events[0].n == 0  # an empty deck gives nothing


def test_play_goes_left_from_the_pawn_then_the_pawn_passes_left_and_an_auction_follows() -> None:
    s = playing(4, {}, pawn=2, current=2)
    order = []
    for _ in range(4):
        order.append(actor(s))
        s, events = step(s, Action("end"))
    assert order == [2, 3, 0, 1]
    assert s.prompt == P_DEAL and s.pawn == 3 and s.current == 3
    assert [e.kind for e in events] == ["end", "pawn"]


def test_the_game_ends_when_the_deck_cannot_supply_a_full_auction() -> None:
    s = playing(4, {}, pawn=0, current=3)
    moved = s.deck[4:]
    exact = s.with_(deck=s.deck[:4], discard=s.discard + moved)
    s2 = go(exact, Action("end"))
    assert s2.prompt == P_DEAL  # 4 cards: a full auction
    short = s.with_(deck=s.deck[:3], discard=s.discard + s.deck[3:])
    s3, events = step(short, Action("end"))
    assert s3.prompt == P_OVER and s3.is_terminal and legal_actions(s3) == []
    assert events[-1].kind == "over" and actor(s3) == -1
    refused(s3, Action("end"), Reason.GAME_OVER)


def test_a_card_won_in_the_auction_may_be_played_in_the_same_round() -> None:
    s = game(2, seed=5).with_(pawn=0, current=0)
    s = go(s, Action("deal"))
    # Give seat 0 a Capture in hand and put a Temple up for auction (scenario set-up).
    s = s.with_(row=("TEMPLE-01", s.row[1]), deck=tuple(c for c in s.deck if c != "TEMPLE-01"))
    s = s.with_(hands=(("CAPTURE-01",), ()), deck=tuple(c for c in s.deck if c != "CAPTURE-01"))
    s = go(s, Action("bid", slot=0, amount=1), Action("bid", slot=1, amount=0))
    assert task(CT, "CAPTURE-01", "TEMPLE-01") in legal_actions(s)


def test_end_is_always_possible_in_the_play_phase() -> None:
    s = playing(2, {})
    assert legal_actions(s) == [Action("end")]

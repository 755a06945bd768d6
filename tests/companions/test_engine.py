"""*The Labours of Hercules* (issue 25, a draft engine not yet in the box): every rule of the
rulebook and every ruling built so far, each a test named after what it checks, and seeded
random play with invariants at every step."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hercules.games.companions.engine import rules as E
from hercules.games.companions.engine.data import load_data
from hercules.games.companions.engine.rules import Action, Config, new_game


def card(n: int, variant: str = "standard") -> str:
    return load_data().card_numbered(n, variant).id


def laid(s: E.State, row0: list[int], row1: list[int]) -> E.State:
    """``s`` with the rows holding the cards of these numbers, all face down."""
    rows = (tuple(card(n) for n in row0), tuple(card(n) for n in row1))
    return replace(s, rows=rows, up=(tuple(False for _ in row0), tuple(False for _ in row1)))


def at_turn(players: int = 5, seed: int = 1) -> E.State:
    """A game at the first turn (the journey-start peeks done, everyone silent)."""
    s = new_game(Config(players), seed)
    while s.prompt in (E.P_PEEK, E.P_CLAIM):
        s, _ = E.apply(s, E.legal_actions(s)[0] if s.prompt == E.P_PEEK else Action("silent"))
    assert s.prompt == E.P_TURN
    return s


def looking(row0: list[int], row1: list[int], a: int, b: int) -> E.State:
    """The current player looked at row 0's card ``a`` and row 1's card ``b``."""
    s = laid(at_turn(), row0, row1)
    s, _ = E.apply(s, Action("look", 0, row0.index(a), 1, row1.index(b)))
    s, _ = E.apply(s, Action("swap", n=0))
    return s


# --- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "normal", "betrayal"), [(4, 12, 6), (5, 15, 8), (6, 18, 9), (7, 22, 10)]
)
def test_setup_follows_the_rulebooks_table(players, normal, betrayal):
    s = new_game(Config(players), 3)
    assert sorted(s.characters) == list(range(1, players + 1))
    assert s.bag == (normal, betrayal)
    assert s.revealed[s.hercules] and sum(s.revealed) == 1  # only Hercules shows his card
    numbers = sorted(E.number(c) for r in s.rows for c in r)
    assert numbers == [1, 2, 3, 4, 5, 6, 7, 8, 16, 17]
    assert [len(r) for r in s.rows] == [5, 5] and not any(any(u) for u in s.up)


def test_hera_is_a_villain_from_the_start_and_only_at_six_or_seven():
    for players in (4, 5):
        assert 6 not in new_game(Config(players), 1).characters
    s = new_game(Config(6), 1)
    hera = s.characters.index(6)
    assert s.villain[hera] and s.turned[hera] == 0 and sum(s.villain) == 1


def test_the_oracle_of_hardship_replaces_the_oracle_and_adds_two_normal_tokens():
    s = new_game(Config(4, "hardship"), 2)
    ids = {c for r in s.rows for c in r}
    assert "TSK-01H" in ids and "TSK-01" not in ids
    assert s.bag == (14, 6)


# --- the journey's start and the turn order -------------------------------------------------------


def test_journey_start_peeks_each_a_different_card_from_hercules_in_turn_order():
    s = new_game(Config(5), 4)
    seen = []
    while s.prompt in (E.P_PEEK, E.P_CLAIM):
        if s.prompt == E.P_PEEK:
            seen.append(s.current)
            legal = E.legal_actions(s)
            assert all((a.row, a.col) not in s.peeked for a in legal)
            s, _ = E.apply(s, legal[-1])
        else:
            s, _ = E.apply(s, Action("silent"))
    assert seen == s.order() and len(set(s.peeked)) == 5
    assert s.current == s.hercules  # the first turn is Hercules'


def test_the_order_of_play_reverses_from_journey_to_journey():
    s = new_game(Config(5), 1)
    h = s.hercules
    assert s.order() == [(h + k) % 5 for k in range(5)]
    assert replace(s, journey=2).order() == [(h - k) % 5 for k in range(5)]
    assert replace(s, journey=3).order() == s.order()


# --- revealing (the rulebook's examples) ----------------------------------------------------------


def test_lisa_3_and_5_must_reveal_the_5_because_the_lower_3_shows_an_alarm():
    s = looking([3, 1, 2, 4, 5], [5, 6, 7, 8, 16], 3, 5)
    assert E.legal_actions(s) == [Action("reveal", n=1)]
    s, ev = E.apply(s, Action("reveal", n=1))
    assert ev[0].kind == "revealed" and E.number(ev[0].card) == 5


def test_lisa_3_and_8_must_reveal_the_8_the_higher_card():
    s = looking([3, 1, 2, 4, 5], [8, 6, 7, 16, 17], 3, 8)
    assert E.legal_actions(s) == [Action("reveal", n=1)]
    _, ev = E.apply(s, Action("reveal", n=1))
    assert E.number(ev[0].card) == 8


def test_lisa_3_and_2_may_reveal_the_3_or_not():
    s = looking([3, 1, 4, 5, 6], [2, 7, 8, 16, 17], 3, 2)
    assert E.legal_actions(s) == [Action("reveal", n=0), Action("reveal", n=1)]
    _, ev = E.apply(s, Action("reveal", n=1))
    assert E.number(ev[0].card) == 3  # never the lower card


def test_a_1_forces_the_higher_card_to_be_revealed():
    s = looking([1, 3, 4, 5, 6], [7, 2, 8, 16, 17], 1, 7)
    assert E.legal_actions(s) == [Action("reveal", n=1)]


def test_fearless_hercules_beside_a_face_up_block_card_is_never_revealed_even_when_forced():
    s = laid(at_turn(), [12, 3, 4, 5, 6], [1, 2, 7, 8, 16])
    s = replace(s, up=((True, False, False, False, False), s.up[1]))
    s, _ = E.apply(s, Action("look", 0, 1, 1, 0))  # the 3 (beside the 12) and the 1
    s, _ = E.apply(s, Action("swap", n=0))
    assert E.legal_actions(s) == [Action("reveal", n=0)]


def test_revealing_fearless_hercules_ends_the_journey_after_the_claim():
    s = looking([3, 1, 4, 5, 6], [2, 7, 8, 16, 17], 3, 2)
    s, _ = E.apply(s, Action("reveal", n=1))
    assert s.prompt == E.P_CLAIM and s.ending
    s, ev = E.apply(s, Action("silent"))
    assert s.prompt == E.P_JOURNEY_END and ev[-1].kind == "journey_ends"


def test_a_swap_is_public_and_moves_the_two_cards():
    s = laid(at_turn(), [5, 1, 2, 3, 4], [6, 7, 8, 16, 17])
    s, _ = E.apply(s, Action("look", 0, 0, 1, 0))
    s, ev = E.apply(s, Action("swap", n=1))
    assert E.number(s.rows[0][0]) == 6 and E.number(s.rows[1][0]) == 5
    assert ev == [E.Event("swapped", s.current, 0, 0, n=0)]


# --- votes ----------------------------------------------------------------------------------------


def vote_with(s: E.State, ups: int) -> tuple[E.State, list[E.Event]]:
    ev: list[E.Event] = []
    k = 0
    while s.prompt == E.P_VOTE:
        s, ev = E.apply(s, Action("vote", n=1 if k < ups else 0))
        k += 1
    return s, ev


@pytest.mark.parametrize(("ups", "passes"), [(3, True), (2, False), (5, True), (0, False)])
def test_a_vote_passes_on_a_majority_of_all_players(ups, passes):
    s = looking([1, 2, 3, 5, 6], [4, 7, 8, 16, 17], 2, 4)  # the 4 is higher: a vote (R)
    s, _ = E.apply(s, Action("reveal", n=1))
    assert s.prompt == E.P_VOTE and s.current == s.order()[0]
    s, ev = vote_with(s, ups)
    assert ev[-1] == E.Event("vote", n=ups, seat=int(passes))
    assert s.ending == passes and s.prompt == E.P_CLAIM


def test_ballots_stay_secret_until_all_are_cast():
    s = E._start_vote(at_turn(5), "claim")
    first = s.current
    s, _ = E.apply(s, Action("vote", n=1))
    other = s.current
    seen = E.view(s, other)
    assert seen.ballots[first] == 2 and E.view(s, first).ballots[first] == 1


# --- the journey's end: completion, the drain, preparation ----------------------------------------


def ended(row0: list[int], row1: list[int], s: E.State | None = None) -> E.State:
    s = s or at_turn()
    s = laid(s, row0, row1)
    return replace(s, prompt=E.P_JOURNEY_END, current=E.AUTOMATIC)


def test_hercules_takes_the_items_and_completable_labours_of_fearless_hercules_row_only():
    s = ended([3, 6, 7, 16, 4], [2, 5, 17, 8, 1])  # #3's row: Club, Hydra (needs Club), Hind
    s, ev = E.apply(s, Action("next_journey"))
    front = {E.number(c) for c in s.front}
    assert front == {6, 7}  # the Club, then the Hydra it completes; the Hind needs the Bow
    assert {E.number(c) for c in {*s.rows[0], *s.rows[1]}} >= {2, 5, 16, 17}


def test_unfinished_labours_in_both_rows_drain_the_bag_and_each_betrayal_draws_again():
    s = ended([3, 1, 2, 4, 8], [5, 6, 7, 16, 17])
    s = replace(s, bag=(3, 2))  # the labours 5, 7, 16, 17 cost 4 draws (the 3's row holds none)
    s, ev = E.apply(s, Action("next_journey"))
    drawn = [e.card for e in ev if e.kind == "discarded"]
    assert len(drawn) == 4 + drawn.count("B") or s.outcome == E.HERA


def test_a_draw_that_finds_the_bag_empty_loses_the_game_for_hercules():
    s = ended([3, 1, 2, 4, 8], [5, 6, 7, 16, 17])
    s, ev = E.apply(replace(s, bag=(1, 0)), Action("next_journey"))
    assert s.outcome == E.HERA and E.is_terminal(s) and ev[-1].kind == "bag_empty"


def test_twelve_labours_win_before_the_drain():
    labours = [c.id for c in load_data().cards.values() if c.kind == "labour" and c.number != 20]
    assert len(labours) == 11
    s = ended([3, 20, 6, 1, 4], [2, 8, 12, 11], replace(at_turn(), front=tuple(labours)))
    s = replace(s, bag=(0, 0))  # a drain would lose: the win comes first (R)
    s, ev = E.apply(s, Action("next_journey"))
    assert s.outcome == E.HERO


def test_preparation_reshuffles_adds_the_new_cards_and_every_player_but_hercules_draws():
    s = ended([3, 2, 1, 4, 8], [5, 6, 7, 16, 17])  # the Bow is taken: +9 10
    s = replace(s, bag=(40, 0))
    s, ev = E.apply(s, Action("next_journey"))
    numbers = sorted(E.number(c) for r in s.rows for c in r)
    assert 9 in numbers and 10 in numbers and 2 not in numbers
    assert abs(len(s.rows[0]) - len(s.rows[1])) <= 1 and len(s.rows[0]) >= len(s.rows[1])
    assert [len(t) for t in s.tokens] == [0 if i == s.hercules else 1 for i in range(s.n)]
    assert s.journey == 2 and s.prompt == E.P_PEEK and s.current == s.hercules


def test_a_player_past_the_betrayal_limit_turns_villain_at_once_and_for_good():
    s = at_turn(5)
    hylas = s.characters.index(2)  # limit 1 (assumed)
    s = replace(s, bag=(0, 5), tokens=E._with(s.tokens, hylas, ("B",)))
    s = E._draw_for(s, hylas, [])
    assert s.villain[hylas] and s.turned[hylas] == s.journey
    s = replace(s, current=hylas, turn_seat=hylas, prompt=E.P_TURN)
    s, _ = E.apply(s, Action("ability"))  # CHR-2 returns a token: the change stays
    assert s.villain[hylas] and len(s.tokens[hylas]) == 1


def test_identity_confirmation_with_the_boar_shows_the_villains_and_tiresias_each_other():
    s = at_turn(6)
    boar = card(13)
    s = ended([3, 1, 2, 4, 8], [5, 6, 7, 16, 17], replace(s, front=(card(6), boar)))
    s, ev = E.apply(replace(s, bag=(40, 0)), Action("next_journey"))
    hera, tiresias = s.characters.index(6), s.characters.index(5)
    assert s.sights[hera] == s.sights[tiresias] == frozenset({hera, tiresias})
    assert all(not s.sights[i] for i in range(6) if i not in (hera, tiresias))
    assert any(e.kind == "identity_confirmation" for e in ev)


# --- abilities ------------------------------------------------------------------------------------


def turn_of(character: int, players: int = 7) -> E.State:
    s = at_turn(players)
    seat = s.characters.index(character)
    return replace(s, current=seat, turn_seat=seat)


def test_an_ability_reveals_the_character_and_is_used_once_per_game():
    s = turn_of(7)
    seat = s.current
    assert Action("ability") in E.legal_actions(s)
    s, _ = E.apply(s, Action("ability"))
    assert s.revealed[seat] and s.used[seat] and s.prompt == E.P_ABILITY
    s, _ = E.apply(s, E.legal_actions(s)[0])
    assert Action("ability") not in E.legal_actions(s)


def test_deianira_moves_a_face_down_card_to_the_end_of_the_other_row():
    s = turn_of(7)
    s, _ = E.apply(s, Action("ability"))
    moved = s.rows[0][0]
    s, _ = E.apply(s, Action("move_down", 0, 0))
    assert s.rows[1][-1] == moved and len(s.rows[0]) == 4 and len(s.rows[1]) == 6


def test_theseus_swaps_two_face_up_cards():
    s = turn_of(4)
    s = replace(s, up=((True, False, False, False, False), (True, False, False, False, False)))
    a, b = s.rows[0][0], s.rows[1][0]
    s, _ = E.apply(s, Action("ability"))
    s, _ = E.apply(s, Action("swap_up", 0, 0, 1, 0))
    assert s.rows[0][0] == b and s.rows[1][0] == a


def test_iolaus_calls_a_vote_that_ends_the_turn_and_the_journey_when_it_passes():
    s = turn_of(3)
    s, _ = E.apply(s, Action("ability"))
    s, _ = vote_with(s, 7)
    assert s.prompt == E.P_JOURNEY_END


def test_hera_makes_another_player_draw_and_gives_herself_away():
    s = turn_of(6)
    seat = s.current
    s, _ = E.apply(s, Action("ability"))
    targets = {a.seat for a in E.legal_actions(s)}
    assert s.hercules not in targets
    other = next(iter(targets - {seat}))
    s, _ = E.apply(s, Action("make_draw", seat=other))
    assert len(s.tokens[other]) == 1
    watcher = next(i for i in range(7) if i not in (seat, other))
    assert E.view(s, watcher).villain[seat]  # her card is face up: everyone knows


def test_tiresias_may_never_reveal_his_card():
    assert Action("ability") not in E.legal_actions(turn_of(5))


# --- views ----------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_character_tokens_and_cards_and_nothing_else_hidden():
    s = at_turn(6)
    s = replace(s, tokens=tuple(("B",) if i != s.hercules else () for i in range(6)))
    for seat in range(6):
        v = E.view(s, seat)
        assert v.seed == v.rng == 0 and v.characters[seat] == s.characters[seat]
        for other in range(6):
            if other != seat and not s.revealed[other]:
                assert v.characters[other] == 0 and v.tokens[other] == ("?",) * len(s.tokens[other])
        shown = {c for r in v.rows for c in r if c != E.HIDDEN}
        assert shown == set(s.known[seat]) | {
            c for r, u in zip(s.rows, s.up, strict=True) for c, x in zip(r, u, strict=True) if x
        }
        assert E.view(v, seat) == v


def test_random_play_keeps_tokens_and_cards_and_the_actors_view_gives_its_legal_actions():
    data = load_data()
    for seed in range(40):
        players = 4 + seed % 4
        s = new_game(Config(players, "hardship" if seed % 3 == 0 else "standard"), seed)
        normal, betrayal = s.bag
        rng = random.Random(seed)
        for _ in range(3000):
            if E.is_terminal(s):
                break
            who = E.actor(s)
            legal = E.legal_actions(s)
            if who >= 0:
                assert E.legal_actions(E.view(s, who)) == legal
            s, _ = E.apply(s, rng.choice(legal))
            held = [t for ts in s.tokens for t in ts]
            assert s.bag[0] + s.discard[0] + held.count("N") == normal
            assert s.bag[1] + s.discard[1] + held.count("B") == betrayal
            everywhere = [c for r in s.rows for c in r] + list(s.front)
            assert len(everywhere) == len(set(everywhere))
            assert all(c in data.cards for c in everywhere)
        assert E.is_terminal(s), f"seed {seed}: no end"


def test_a_journey_where_no_card_can_be_revealed_any_more_ends():
    """Our ruling: the last face-down cards a #3 beside a face-up block card and a #1 (whose
    forced reveal the block forbids): the journey ends instead of going on for ever."""
    s = laid(at_turn(), [14, 12, 3, 11, 15], [16, 1, 8, 4, 9])
    s = replace(s, up=((True, True, False, True, True), (True, False, True, True, True)))
    s, _ = E.apply(s, Action("look", 0, 2, 1, 1))
    s, _ = E.apply(s, Action("swap", n=0))
    assert E.legal_actions(s) == [Action("reveal", n=0)]
    s, _ = E.apply(s, Action("reveal", n=0))
    s, ev = E.apply(s, Action("silent"))
    assert s.prompt == E.P_JOURNEY_END and ev[-1].kind == "journey_ends"

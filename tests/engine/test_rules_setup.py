"""Setup: components per player count and mode, shuffling, layout, who starts."""

from __future__ import annotations

import pytest
from support.scenario import CARDS, COLUMN_GODS, DECKS, ROLL, ZEUS

from hercules.games.mebo.engine import Action, GameConfig, apply, legal_actions, new_game

#: (players, mode) -> demigod cards in play per deck, in the stacks' order
DECK_SIZES = {
    2: {"hestia": 6, "hecate": 3, "pan": 5, "aeolus": 3, "tyche": 4, "morpheus": 3},
    3: {"hestia": 9, "hecate": 4, "pan": 7, "aeolus": 5, "tyche": 6, "morpheus": 5},
    4: {"hestia": 12, "hecate": 5, "pan": 10, "aeolus": 6, "tyche": 8, "morpheus": 7},
}
SETUPS = [
    # players, mode, demigods, pantheon cards, vases, torch marks in play
    (2, "standard", 24, 1, 5, {0}),
    (3, "standard", 36, 2, 10, {0, 3}),
    (4, "standard", 48, 3, 10, {0, 3, 4}),
    (2, "simplified", 24, 1, 5, {0}),
    (3, "simplified", 36, 2, 10, {0, 3}),
    (4, "simplified", 48, 3, 10, {0, 3, 4}),
    (2, "solo", 24, 1, 5, {0}),
]
IDS = [f"{p}p-{m}" for p, m, *_ in SETUPS]


def in_play(state) -> list[str]:
    cards = [c for st in state.demigod_stacks for c in st]
    cards += [c for st in state.vase_stacks for c in st]
    cards += [c for c in state.columns if c] + list(state.top)
    for p in state.players:
        cards += list(p.cards())
    return cards


@pytest.mark.parametrize(
    ("players", "mode", "demigods", "pantheon", "vases", "torches"), SETUPS, ids=IDS
)
def test_torch_removals_leave_the_right_number_of_demigod_pantheon_and_vase_cards(
    players, mode, demigods, pantheon, vases, torches
):
    state = new_game(GameConfig(players, mode), seed=11)
    assert sum(len(st) for st in state.demigod_stacks) == demigods
    assert [len(st) for st in state.demigod_stacks] == list(DECK_SIZES[players].values())
    assert len(state.top) == pantheon + 1  # Pantheon cards and Zeus
    assert sum(len(st) for st in state.vase_stacks) == vases
    marks = {
        CARDS[c].torches for c in in_play(state) if CARDS[c].kind in ("demigod", "vase", "pantheon")
    }
    assert marks == torches
    # Everything with a removed torch is back in the box, and nothing else but Hades outside solo.
    removed = {c for c, card in CARDS.items() if card.torches and card.torches not in torches}
    box = set(state.box)
    assert box - {"HADES"} == removed
    assert ("HADES" in box) == (mode != "solo")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_demigod_stack_holds_only_its_own_deck_in_the_order_hestia_to_morpheus(players):
    state = new_game(GameConfig(players), seed=3)
    for deck, st in zip(DECKS, state.demigod_stacks, strict=True):
        assert {CARDS[c].deck for c in st} == {deck}
    assert DECKS == ("hestia", "hecate", "pan", "aeolus", "tyche", "morpheus")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_demigod_deck_is_shuffled_separately(players):
    orders = [new_game(GameConfig(players), seed=s).demigod_stacks for s in range(40)]
    for k in range(6):
        distinct = {o[k] for o in orders}
        assert len(distinct) >= 3, DECKS[k]
        # Same cards every game, only their order changes.
        assert len({frozenset(o[k]) for o in orders}) == 1


@pytest.mark.parametrize(
    ("players", "mode"), [(2, "standard"), (3, "simplified"), (4, "standard"), (2, "solo")]
)
def test_eleven_column_gods_lie_one_above_each_of_columns_1_to_11_in_random_order(players, mode):
    layouts = set()
    for seed in range(20):
        state = new_game(GameConfig(players, mode), seed=seed)
        assert state.columns[0] == "" and state.columns[12] == ""
        above = state.columns[1:12]
        assert sorted(above) == sorted(COLUMN_GODS)
        assert ZEUS not in above and "HADES" not in above
        layouts.add(above)
    assert len(layouts) > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_zeus_lies_on_top_of_the_pantheon_stack_above_column_12(players):
    state = new_game(GameConfig(players), seed=5)
    assert state.top[-1] == ZEUS
    assert all(CARDS[c].kind == "pantheon" for c in state.top[:-1])
    expected = {
        2: ["PANTHEON-1"],
        3: ["PANTHEON-1", "PANTHEON-3"],
        4: ["PANTHEON-1", "PANTHEON-3", "PANTHEON-4"],
    }
    assert sorted(state.top[:-1]) == expected[players]


@pytest.mark.parametrize(("players", "per_stack"), [(2, 1), (3, 2), (4, 2)])
def test_vase_stacks_for_3_to_7_spaces_have_the_most_vp_on_top(players, per_stack):
    state = new_game(GameConfig(players), seed=9)
    assert len(state.vase_stacks) == 5
    for spaces, st in zip((3, 4, 5, 6, 7), state.vase_stacks, strict=True):
        assert len(st) == per_stack
        assert {CARDS[c].spaces for c in st} == {spaces}
        vps = [CARDS[c].vp for c in st]
        assert vps == sorted(vps)  # bottom first: the top (last) card has the most VP
    assert [CARDS[st[-1]].vp for st in state.vase_stacks] == [6, 8, 10, 12, 14]
    if per_stack == 2:
        assert [CARDS[st[0]].vp for st in state.vase_stacks] == [4, 6, 8, 10, 12]


@pytest.mark.parametrize(
    ("players", "mode"), [(2, "standard"), (3, "standard"), (4, "simplified"), (2, "solo")]
)
def test_every_player_starts_with_12_cubes_on_the_row_the_apprentice_on_start_and_nothing_else(
    players, mode
):
    state = new_game(GameConfig(players, mode), seed=2)
    for p in state.players:
        assert p.labours_done() == ()
        assert bin(p.row).count("1") == 12
        assert p.pos == 0
        assert p.supply == 0
        assert p.demigods == p.gods == p.vases == ()
        assert p.cubed == p.gods_down == frozenset()
    heroes = [p for p in state.players if not p.hades]
    assert all(len(p.dice) == 2 for p in heroes)
    assert state.white_holder == -1  # the white die lies on its spot
    assert 1 <= state.white <= 6


@pytest.mark.parametrize(
    ("players", "mode"), [(2, "standard"), (3, "standard"), (4, "standard"), (2, "solo")]
)
def test_the_pegasus_holder_seat_0_begins_after_the_phase_1_roll(players, mode):
    state = new_game(GameConfig(players, mode), seed=4)
    assert state.pegasus == 0
    assert state.round == 1
    assert state.prompt == "roll"
    assert state.current == -1
    assert legal_actions(state) == [ROLL]
    state, _ = apply(state, Action("roll"))
    assert state.current == 0
    assert state.prompt == "action"


def test_solo_setup_gives_hades_seat_1_one_die_the_hades_card_and_the_hero_pegasus():
    state = new_game(GameConfig(2, "solo"), seed=6)
    hero, hades = state.players
    assert not hero.hades and hades.hades
    assert hades.finals == ("HADES",)
    assert len(hades.dice) == 1
    assert hades.pos == 0 and bin(hades.row).count("1") == 12
    assert state.pegasus == 0
    assert "HADES" not in state.box


def test_setup_is_reproducible_from_the_seed_and_differs_between_seeds():
    a = new_game(GameConfig(4), seed=123).to_json()
    b = new_game(GameConfig(4), seed=123).to_json()
    c = new_game(GameConfig(4), seed=124).to_json()
    assert a == b
    assert (a["columns"], a["demigod_stacks"]) != (c["columns"], c["demigod_stacks"])


@pytest.mark.parametrize(
    ("players", "mode"), [(1, "standard"), (5, "standard"), (3, "solo"), (4, "solo"), (2, "expert")]
)
def test_configurations_outside_the_rules_are_refused(players, mode):
    with pytest.raises(ValueError):
        GameConfig(players, mode)

"""Hands read at any point of the game: alike cards grouped, the panel filled, clicks kept.

Pure geometry (no window): the layouts of real late-game states and of crowded ones
(four seats of 20+ cards, more than the box holds, so the seats share a pool).
"""

from __future__ import annotations

import random

import pytest

from hercules.games.mebo.engine import GameConfig, apply, card_set, legal_actions, new_game
from hercules.games.mebo.engine.actions import USE
from hercules.games.mebo.ui.layout import TableLayout
from hercules.games.mebo.ui.table.geometry import TableGeometry
from hercules.games.mebo.ui.table.hands import (
    CARD_RATIO,
    MIN_OVERLAP_H,
    MIN_PEEK,
    group_cards,
    hand_cards_of,
    layout_for,
)
from hercules.games.mebo.ui.targeting import Targeting, ability_of

SIZES = [(1280, 720), (1600, 900)]


def crowd_hands(state, per_seat: int, seed: int):
    """A copy of ``state`` in which every seat holds ``per_seat`` cards, some used."""
    cs = card_set()
    rng = random.Random(seed)
    s = state.copy()
    for seat in range(s.n):
        p = s.mutable_player(seat)
        gods = rng.sample([g.id for g in cs.gods], max(1, per_seat // 6))
        vases = rng.sample([v.id for v in cs.vases], 2)
        demis = rng.sample([d.id for d in cs.demigods], per_seat - len(gods) - 2)
        p.demigods = tuple(demis)
        p.gods = tuple(gods)
        p.vases = tuple(vases)
        p.cubed = frozenset(c for c in demis if rng.random() < 0.3)
        p.gods_down = frozenset(g for g in gods if rng.random() < 0.5)
        p.supply = max(p.supply, 3)
    return s


def late_game(players: int, seed: int, until_round: int = 9):
    """A seeded game played with random legal moves until the given round's first action."""
    rng = random.Random(seed)
    s = new_game(GameConfig(players), seed)
    while not (s.round >= until_round and s.prompt == "action") and not s.is_terminal:
        legal = legal_actions(s)
        s, _ = apply(s, legal[rng.randrange(len(legal))])
    return s


@pytest.fixture(scope="module")
def crowded():
    return crowd_hands(late_game(4, 3), 22, seed=7)


@pytest.mark.parametrize("size", SIZES)
def test_count_badges_add_up_to_the_hand_size(crowded, size):
    geo = TableGeometry(TableLayout(size, 4), crowded)
    for seat in range(4):
        hand = geo.hand(seat)
        cards = hand_cards_of(crowded.players[seat])
        assert len(cards) >= 20
        assert sum(g.count for g in hand.groups) == len(cards)
        assert sorted(c for g in hand.groups for c in g.cards) == sorted(cards)


def test_groups_keep_the_cube_face_down_and_used_state_of_every_card(crowded):
    for p in crowded.players:
        for g in group_cards(hand_cards_of(p), p.cubed, p.gods_down, crowded.used):
            for c in g.cards:
                assert (c in p.cubed) == g.cubed
                assert (c in p.gods_down) == g.down
                assert (c in crowded.used) == g.used


def test_alike_cards_share_a_group_unless_their_state_differs():
    alike = ("HES-01", "HES-02", "HES-07")  # +1 Hestia (torches only matter at setup)
    groups = group_cards(alike, frozenset(), frozenset(), frozenset())
    assert [g.count for g in groups] == [3]
    groups = group_cards(alike, frozenset({"HES-02"}), frozenset(), frozenset())
    assert sorted(g.count for g in groups) == [1, 2]
    # A bonus card is not a +1 card, even of the same deck.
    assert len(group_cards(("HES-01", "HES-04"), frozenset(), frozenset(), frozenset())) == 2


@pytest.mark.parametrize("size", SIZES)
def test_every_group_of_twenty_card_hands_is_readable(crowded, size):
    geo = TableGeometry(TableLayout(size, 4), crowded)
    min_w = int(MIN_OVERLAP_H * CARD_RATIO)
    for seat in range(4):
        hand = geo.hand(seat)
        assert hand.card_h >= MIN_OVERLAP_H
        for r, vis in zip(hand.rects, hand.visible, strict=True):
            assert vis.w >= min_w
            assert vis.h >= int(MIN_PEEK * hand.card_h), (size, seat, vis, hand.card_h)
            assert vis.topleft == r.topleft  # the top (kind, ability, state) is in view


@pytest.mark.parametrize("size", SIZES)
def test_groups_neither_overlap_in_view_nor_leave_the_panel(crowded, size):
    layout = TableLayout(size, 4)
    geo = TableGeometry(layout, crowded)
    for seat in range(4):
        hand = geo.hand(seat)
        panel = layout.panels[seat]
        for i, vis in enumerate(hand.visible):
            assert panel.contains(hand.rects[i])
            for other in hand.visible[i + 1 :]:
                assert not vis.colliderect(other)


def test_a_hand_with_room_uses_full_size_cards_without_overlap():
    s = late_game(2, 4, until_round=3)
    geo = TableGeometry(TableLayout((1600, 900), 2), s)
    for seat in range(2):
        hand = geo.hand(seat)
        if hand.groups:
            assert not hand.overlapped
            assert not hand.compact


def test_an_unchanged_hand_is_laid_out_once(crowded):
    geo = TableGeometry(TableLayout((1280, 720), 4), crowded)
    area = geo.hand_area(0)
    assert layout_for(crowded.players[0], crowded, area) is geo.hand(0)


def _click(geo, tgt, state, legal, seat, pos):
    return tgt.click(state, legal, geo.target_at(pos), seat)


def reach(geo, state, legal, seat, action):
    """Click the hand (and then dice or a panel) as a player would to make ``action``."""
    hand = geo.hand(seat)
    i = hand.group_of(action.card)
    assert i >= 0, action
    tgt = Targeting()
    out = _click(geo, tgt, state, legal, seat, hand.visible[i].center)
    if out.action is not None:
        return out.action
    aim = tgt.aim
    assert aim is not None, action
    if aim.kind == "die":
        return _click(
            geo, tgt, state, legal, seat, geo.die_rects(seat)[action.dice[0]].center
        ).action
    if aim.kind == "reroll":
        for d in action.dice:
            _click(geo, tgt, state, legal, seat, geo.die_rects(seat)[d].center)
        return tgt.confirm(legal).action
    return _click(geo, tgt, state, legal, seat, geo.die_rects(action.target)[0].center).action


def effect(action):
    """What an action does, whichever of alike cards it uses."""
    return (action.kind, ability_of(action.card), action.dice, action.target)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("crowd", [False, True])
def test_every_legal_card_use_of_a_late_game_is_reachable_by_a_click(size, crowd):
    found = 0
    for seed in range(1, 40):
        s = late_game(4, seed)
        if crowd:
            s = crowd_hands(s, 22, seed)
        legal = legal_actions(s)
        uses = [a for a in legal if a.kind == USE]
        if len(uses) < 4:
            continue
        geo = TableGeometry(TableLayout(size, 4), s)
        for a in uses:
            got = reach(geo, s, legal, s.current, a)
            assert got in legal, (a, got)
            assert effect(got) == effect(a)
        found += 1
        if found >= 3:
            break
    assert found >= 3

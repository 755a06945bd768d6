"""Dice that are rolled tumble alike: the round's roll, a re-roll and the white die."""

from __future__ import annotations

import pygame

from hercules.games.mebo.engine import Event
from hercules.games.mebo.ui.layout import TableLayout
from hercules.games.mebo.ui.table.animations import ROLL_SECONDS, EventAnimator


def queued(ev: Event):
    anim = EventAnimator()
    anim.queue(ev, TableLayout((1600, 900), 2))
    (a,) = anim.anims
    return a


def tumble(a, key, face: int) -> tuple[int, float, float]:
    a.elapsed = a.delay + a.duration * 0.3
    anim = EventAnimator()
    anim.anims = [a]
    return anim.snapshot().shown_face(key, face)


def test_a_re_roll_tumbles_as_long_and_as_high_as_the_round_s_roll():
    pygame.init()
    roll = queued(Event("dice_rolled", -1, {"round": 2, "dice": [[3, 4], [1, 6]]}))
    reroll = queued(
        Event("dice_changed", 0, {"how": "reroll", "dice": [0], "old": [3, 4], "new": [5, 4]})
    )
    white = queued(Event("white_die_taken", 0, {"face": 2}))
    assert roll.duration == reroll.duration == white.duration == ROLL_SECONDS
    assert not reroll.data.get("soft") and not roll.data.get("soft")
    _, angle_roll, lift_roll = tumble(roll, (0, 0), 3)
    _, angle_re, lift_re = tumble(reroll, (0, 0), 3)
    assert angle_re == angle_roll != 0 and lift_re == lift_roll != 0


def test_a_card_that_nudges_a_die_just_turns_it_softly():
    plus = queued(
        Event("dice_changed", 0, {"how": "plus_one", "dice": [1], "old": [3, 4], "new": [3, 5]})
    )
    assert plus.data["soft"] and plus.duration < ROLL_SECONDS

"""Targeting without a screen: clicks (plain Targets) on real engine states to actions."""

from __future__ import annotations

import subprocess
import sys

from support.scenario import Scenario, play, use

from hercules.games.mebo.engine import Action, legal_actions, state_from_json
from hercules.games.mebo.ui.targeting import (
    CARD_UNUSABLE,
    DIE_NOT_ALLOWED,
    LABOUR_UNREACHABLE,
    NOT_YOUR_TURN,
    NOTHING,
    Aim,
    Target,
    Targeting,
    aimed_stops,
    labour_ways,
)

DONE = (1, 2, 3)


def column(c: int) -> Target:
    return Target(None, "column", value=c)


def card(seat: int, card_id: str) -> Target:
    return Target(None, "hand_card", seat=seat, value=card_id)


def die(seat: int, i: int, kind: str = "die") -> Target:
    return Target(None, kind, seat=seat, value=i)


def test_importing_targeting_does_not_load_pygame():
    code = (
        "import sys\n"
        "import hercules.games.mebo.ui.targeting\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
    )
    # -P: the installed package, never a checkout that happens to be the working folder.
    subprocess.run([sys.executable, "-P", "-c", code], check=True)


def test_a_labour_made_one_way_is_performed_at_once():
    state = Scenario(2).done(0, *DONE).dice(0, 3, 4).build()
    legal = legal_actions(state)
    tg = Targeting()
    out = tg.click(state, legal, column(7), 0)
    assert out.action == Action("labour", op="add", dice=(0, 1))
    assert out.action in legal and tg.aim is None
    assert tg.click(state, legal, column(12), 0).action == Action("labour", op="mul", dice=(0, 1))


def test_a_labour_made_several_ways_offers_the_ways():
    state = Scenario(2).done(0, *DONE).dice(0, 2, 2).build()
    legal = legal_actions(state)
    out = Targeting().click(state, legal, column(4), 0)
    assert out.action is None and out.column == 4
    assert [(w.op, w.low, w.high) for w in out.ways] == [("add", 2, 2), ("mul", 2, 2)]
    assert {w.action for w in out.ways} == set(labour_ways(state, legal)[4])


def test_unreachable_labour_and_not_your_turn_are_noticed():
    state = Scenario(2).done(0, *DONE).dice(0, 3, 4).build()
    legal = legal_actions(state)
    tg = Targeting()
    out = tg.click(state, legal, column(5), 0)
    assert (out.action, out.notice, out.column) == (None, LABOUR_UNREACHABLE, 5)
    assert tg.click(state, [], column(7), -1).notice == NOT_YOUR_TURN
    assert tg.click(state, legal, None, 0).notice == ""


def test_plus_one_card_is_aimed_then_used_on_a_die():
    state = Scenario(2).done(0, *DONE).dice(0, 3, 5).give(0, "HES-01").build()
    legal = legal_actions(state)
    tg = Targeting()
    out = tg.click(state, legal, card(0, "HES-01"), 0)
    assert out.action is None and tg.aim == Aim("die", "HES-01")
    assert tg.targetable_dice(legal) == {0, 1}
    out = tg.click(state, legal, die(0, 1), 0)
    assert out.action == use("HES-01", 1)
    after, _ = play(state, out.action)
    assert after.players[0].dice == (3, 6)


def test_plus_one_cannot_raise_a_six():
    state = Scenario(2).done(0, *DONE).dice(0, 6, 1).give(0, "HES-01").build()
    legal = legal_actions(state)
    tg = Targeting()
    tg.click(state, legal, card(0, "HES-01"), 0)
    assert tg.targetable_dice(legal) == {1}
    out = tg.click(state, legal, die(0, 0), 0)
    assert out.action is None and out.notice == DIE_NOT_ALLOWED
    assert tg.aim == Aim("die", "HES-01")  # still aiming


def test_reroll_selects_dice_then_confirms():
    state = Scenario(2).done(0, *DONE).dice(0, 3, 4).give(0, "TYC-01").build()
    legal = legal_actions(state)
    tg = Targeting()
    tg.click(state, legal, card(0, "TYC-01"), 0)
    assert tg.aim == Aim("reroll", "TYC-01") and not tg.can_confirm
    assert tg.confirm(legal).action is None  # nothing selected yet
    tg.click(state, legal, die(0, 0), 0)
    tg.click(state, legal, die(0, 1), 0)
    tg.click(state, legal, die(0, 0), 0)  # a second click deselects
    assert tg.aim == Aim("reroll", "TYC-01", frozenset({1})) and tg.can_confirm
    tg.click(state, legal, die(0, 0), 0)
    assert tg.confirm(legal).action == use("TYC-01", 0, 1)
    # Clicking the card again also confirms.
    assert tg.click(state, legal, card(0, "TYC-01"), 0).action == use("TYC-01", 0, 1)


def test_copy_aims_at_another_seat():
    sc = Scenario(3).done(0, *DONE).dice(0, 1, 2).dice(1, 6, 6).dice(2, 4, 5).give(0, "AEO-01")
    state = sc.build()
    legal = legal_actions(state)
    tg = Targeting()
    assert tg.click(state, legal, card(0, "AEO-01"), 0).action is None
    assert tg.aim == Aim("copy", "AEO-01")
    assert tg.click(state, legal, Target(None, "panel", seat=0), 0).action is None  # yourself
    assert tg.aim is None  # ... a click elsewhere cancels
    tg.click(state, legal, card(0, "AEO-01"), 0)
    out = tg.click(state, legal, die(2, 0, "opp_die"), 0)
    assert out.action == use("AEO-01", target=2)
    after, _ = play(state, out.action)
    assert after.players[0].dice == (4, 5)
    assert tg.click(state, legal, Target(None, "panel", seat=1), 0).action == use(
        "AEO-01", target=1
    )


def test_cancel_and_reset_stop_aiming():
    state = Scenario(2).done(0, *DONE).dice(0, 3, 5).give(0, "HES-01").build()
    legal = legal_actions(state)
    tg = Targeting()
    tg.click(state, legal, card(0, "HES-01"), 0)
    assert tg.cancel().action is None and tg.aim is None
    tg.click(state, legal, card(0, "HES-01"), 0)
    assert tg.click(state, legal, card(0, "HES-01"), 0).action is None  # the card again
    assert tg.aim is None
    tg.click(state, legal, card(0, "HES-01"), 0)
    tg.reset()
    assert tg.aim is None and tg.targetable_dice(legal) == frozenset()


def test_a_card_with_no_use_now_is_noticed():
    state = Scenario(2).done(0, *DONE).dice(0, 6, 6).give(0, "HES-01").build()
    tg = Targeting()
    out = tg.click(state, legal_actions(state), card(0, "HES-01"), 0)
    assert (out.notice, out.source) == (CARD_UNUSABLE, "HES-01") and tg.aim is None


def test_print_and_play_power_rows_are_aimed_like_cards():
    sc = Scenario(2, "pnp").done(0, *DONE).dice(0, 3, 5)
    sc.seat(0)["crosses"] = [1, 1, 1, 0, 0, 0]  # hestia (+1), hecate (-1), pan (white die)
    state = sc.build()
    legal = legal_actions(state)
    tg = Targeting()
    out = tg.click(state, legal, card(0, "row:pan"), 0)
    assert out.action == Action("power", deck="pan") and tg.aim is None  # one use: at once
    assert tg.click(state, legal, card(0, "row:hestia"), 0).action is None
    assert tg.aim == Aim("die", "row:hestia") and tg.targetable_dice(legal) == {0, 1}
    assert tg.click(state, legal, die(0, 0), 0).action == Action("power", dice=(0,), deck="hestia")


def held_pnp(pos: int, *done: int, dice: tuple[int, int]):
    """A pnp state: seat 0 has ``done`` labours, its Apprentice held on ``pos``."""
    doc = Scenario(2, "pnp").done(0, *done).dice(0, *dice).build().to_json()
    doc["players"][0]["pos"] = pos
    return state_from_json(doc)


def test_print_and_play_a_labour_that_may_stop_short_aims_at_its_stops():
    # "puoi muovere": at 0 with 2-5 done, labour 1 (2 - 1) may stop on 0-5; 5 is the full move.
    state = held_pnp(0, 2, 3, 4, 5, dice=(2, 1))
    legal = legal_actions(state)
    tg = Targeting()
    assert tg.click(state, legal, column(1), 0) == NOTHING and tg.aim == Aim("stop", "labour:1")
    assert aimed_stops(state, legal, tg.aim) == ([0, 1, 2, 3, 4, 5], 5)
    assert tg.click(state, legal, column(9), 0) == NOTHING, "a column it cannot stop on"
    assert tg.aim == Aim("stop", "labour:1"), "a stray click keeps the labour chosen"
    out = tg.click(state, legal, column(3), 0)
    assert out.action == Action("labour", op="sub", dice=(0, 1), target=3) and out.action in legal
    tg.reset()
    tg.click(state, legal, column(1), 0)
    full = tg.click(state, legal, column(5), 0).action
    assert full == Action("labour", op="sub", dice=(0, 1)), "the full move: target -1"
    tg.click(state, legal, column(1), 0)
    assert tg.click(state, legal, column(0), 0).action == Action(
        "labour", op="sub", dice=(0, 1), target=0
    ), "the start space: no move at all"


def test_print_and_play_a_labour_with_one_stop_is_performed_at_once_and_esc_cancels():
    state = held_pnp(0, dice=(6, 3))  # labour 9: labour 1 not done, the Apprentice stays on 0
    legal = legal_actions(state)
    tg = Targeting()
    assert tg.click(state, legal, column(9), 0).action == Action("labour", op="add", dice=(0, 1))
    state = held_pnp(0, 2, 3, dice=(2, 1))
    tg.click(state, legal_actions(state), column(1), 0)
    assert tg.aim is not None and tg.cancel() == NOTHING and tg.aim is None
    assert tg.click(state, legal_actions(state), column(0), 0) == NOTHING, "no labour 0"

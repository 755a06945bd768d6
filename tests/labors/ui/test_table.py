"""The Labors table played with the mouse, headless: picks, placements, refusals, forks,
Rewards, undo, and whole runs to their end by synthetic clicks only."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from support.mouse import click, frames  # noqa: E402

from hercules.app.controller import Controller, Seat  # noqa: E402
from hercules.games.labors.engine import RULES, Action, LaborsConfig, new_game  # noqa: E402
from hercules.games.labors.engine.state import (  # noqa: E402
    P_FORK,
    P_PLAY,
    Die,
    TrialDie,
)
from hercules.games.labors.spec import GAME_ID, new_controller  # noqa: E402
from hercules.games.labors.ui.layout import LaborsLayout  # noqa: E402
from hercules.ui.scenes.overlays import ChoiceOverlay, ConfirmOverlay  # noqa: E402
from hercules.ui.strings import t  # noqa: E402


def table_for(app, state):
    """A table on a controller holding ``state`` (a human plays)."""
    ctl = Controller(RULES, state, [Seat("human")])
    table = app.nav.play(GAME_ID, ctl, ["Hercules"])
    frames(app, 2)
    return table


def playing(seed: int = 3, **changes):
    """A Hero run at its first roll, with ``changes`` applied to the state."""
    s = new_game(LaborsConfig("hero"), seed)
    while s.prompt != P_PLAY:
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    return s.with_(**changes)


def test_picking_dice_and_clicking_the_trial_strikes_it(app):
    s = playing(roll=(Die(5), Die(2), Die(3), Die(6)), used=(), allocating=False)
    table = table_for(app, s)
    click(app, table.die_rects()[0].center)
    assert table.picked == [0]
    assert table.attack_targets() == {0}  # a 5 meets the Lion's "5 or 6"
    click(app, table.trial_die_rect(0).center)
    assert table.state.trial[0].health == 5
    assert table.state.roll[0].use == "trial"
    assert table.picked == []


def test_a_die_that_does_not_meet_the_method_is_refused_next_to_it(app):
    s = playing(roll=(Die(2), Die(3), Die(4), Die(1)), used=(), allocating=False)
    table = table_for(app, s)
    before = table.state
    click(app, table.die_rects()[1].center)
    click(app, table.trial_die_rect(0).center)
    assert table.state == before
    assert table.message.startswith("3")  # "3 does not meet: A die showing 5 or 6."
    assert table.message_at is not None
    die = table.die_rects()[1]
    assert abs(table.message_at[0] - die.centerx) < die.w and table.message_at[1] <= die.y + 1


def test_a_click_with_no_dice_picked_says_to_pick_dice_first(app):
    table = table_for(app, playing(roll=(Die(6),), used=(), allocating=False))
    click(app, table.trial_die_rect(0).center)
    assert table.message == t("lab.refused.pick_dice")
    assert table.state.trial[0].health == 6


def test_the_bow_asks_which_face_and_costs_one_courage(app):
    table = table_for(app, playing(roll=(Die(4), Die(1)), used=(), allocating=False))
    click(app, table.die_rects()[0].center)
    bow = next(r for slot in table.layout.cards for sp, r in slot.blue if sp.key == "BOW.b0")
    click(app, bow.center)
    overlay = app.top
    assert isinstance(overlay, ChoiceOverlay)
    five = next(b for b in overlay.actions if b.text == t("lab.choose.face_to", v=5))
    click(app, five.rect.center)
    assert table.state.roll[0].value == 5 and table.state.roll[0].blue
    assert table.state.courage == 16


def test_a_blue_space_after_an_attack_is_refused_with_its_reason(app):
    table = table_for(app, playing(roll=(Die(6), Die(4)), used=(), allocating=False))
    click(app, table.die_rects()[0].center)
    click(app, table.trial_die_rect(0).center)
    click(app, table.die_rects()[1].center)
    bow = next(r for slot in table.layout.cards for sp, r in slot.blue if sp.key == "BOW.b0")
    click(app, bow.center)
    assert table.message == t("lab.refused.blue_after_gold")
    assert not table.state.roll[1].blue


def test_a_gold_space_takes_the_dice_it_needs(app):
    s = playing(roll=(Die(4), Die(4), Die(2)), rewards=("RWD-03",), used=(), allocating=False)
    table = table_for(app, s)
    click(app, table.die_rects()[0].center)
    click(app, table.die_rects()[1].center)
    assert "RWD-03.g0" in table.usable_spaces()
    gold = next(r for slot in table.layout.cards for sp, r in slot.gold if sp.key == "RWD-03.g0")
    click(app, gold.center)
    assert table.state.divinity == 1
    assert [d.use for d in table.state.roll] == ["gold", "gold", ""]


def test_undo_takes_back_a_placement_but_not_the_roll(app):
    table = table_for(app, playing(roll=(Die(6), Die(5)), used=(), allocating=False))
    click(app, table.die_rects()[0].center)
    click(app, table.trial_die_rect(0).center)
    assert table.state.trial[0].health == 5
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL))
    pygame.key.set_mods(pygame.KMOD_CTRL)
    frames(app, 2)
    pygame.key.set_mods(0)
    assert table.state.trial[0].health == 6
    assert table.state.roll[0].use == ""


def test_end_roll_with_an_attack_left_asks_first(app):
    table = table_for(app, playing(roll=(Die(6), Die(2)), used=(), allocating=False))
    end = next(b for b, k in table.buttons.items() if k == "resolve")
    click(app, end.rect.center)
    assert isinstance(app.top, ConfirmOverlay)
    assert table.state.prompt == P_PLAY


def test_at_the_bulls_fork_the_glowing_spaces_are_clicked(app):
    s, _ = RULES.apply(new_game(LaborsConfig("hero", 7), 1), Action("begin"))
    while s.prompt != P_PLAY:
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    s, _ = RULES.apply(s.with_(roll=(Die(1),)), Action("resolve"))
    assert s.prompt == P_FORK
    table = table_for(app, s)
    assert table.fork_choices() == {(0, "R1"), (0, "L1")}
    click(app, table.tracks.spaces[(0, "L1")].center)
    assert table.state.trial[0] == TrialDie(12, "L1")
    assert table.state.courage == s.courage - 1  # L1 costs 1 Courage


def test_the_reward_dialog_shows_each_card_and_takes_one(app):
    s = playing(trial=(TrialDie(1, "1"),), roll=(Die(6),), used=(), allocating=False)
    table = table_for(app, s)
    click(app, table.die_rects()[0].center)
    click(app, table.trial_die_rect(0).center)
    end = next(b for b, k in table.buttons.items() if k == "resolve")
    click(app, end.rect.center)
    frames(app, 2)
    overlay = app.top
    assert overlay.__class__.__name__ == "RewardOverlay"
    assert overlay.rewards == ["RWD-01"]
    take = next(iter(overlay.actions))
    click(app, take.rect.center)
    frames(app, 2)
    assert table.state.rewards == ("RWD-01",)
    assert table.state.labour == 2


def _blue_face_option(app, value: int):
    overlay = app.top
    if isinstance(overlay, ChoiceOverlay):
        return next(b for b in overlay.actions if b.text == t("lab.choose.face_to", v=value))
    return None


#: The overlays without buttons met by :func:`play_by_mouse` (the legends), in order.
legends: list[str] = []


def play_by_mouse(app, table, rng: random.Random, limit: int = 4000) -> int:
    """Play the run to its end with clicks only; returns the number of actions sent."""
    sent = 0
    legends.clear()
    for _ in range(limit):
        frames(app, 1)
        if table.ctl.is_over:
            return sent
        top = app.top
        if top is not table:
            buttons = [b for b in getattr(top, "actions", {}) if b.is_enabled]
            if top.__class__.__name__ == "RestartOverlay":
                begin = [b for b in buttons if b.text == t("lab.restart.begin")]
                click(app, (begin or buttons)[0].rect.center)
            elif buttons:
                choice = [b for b in buttons if b.text != t("btn.cancel")] or buttons
                click(app, rng.choice(choice).rect.center)
            else:  # a legend: a click anywhere closes it
                legends.append(top.__class__.__name__)
                click(app, (app.size[0] // 2, app.size[1] // 2))
            continue
        s = table.state
        before = len(table.ctl.history)
        if s.prompt == P_FORK:
            die, node = sorted(table.fork_choices())[0]
            click(app, table.tracks.spaces[(die, node)].center)
        elif s.prompt == P_PLAY:
            legal = table.ctl.legal()
            attacks = [a for a in legal if a.kind == "attack"]
            golds = [a for a in legal if a.kind == "gold"]
            action = attacks[0] if attacks else (golds[0] if golds else None)
            if action is None:
                end = next(b for b, k in table.buttons.items() if k == "resolve")
                click(app, end.rect.center)
            else:
                for d in action.dice:
                    click(app, table.die_rects()[d].center, settle=0)
                if action.kind == "attack":
                    click(app, table.trial_die_rect(action.target).center)
                else:
                    spaces = [(sp.key, r) for c in table.layout.cards for sp, r in c.gold]
                    click(app, next(r for key, r in spaces if key == action.space).center)
        else:
            click(app, table.layout.board.center)
        frames(app, 1)
        sent += len(table.ctl.history) - before
    raise AssertionError(f"the run did not end in {limit} steps ({table.state.prompt})")


@pytest.mark.parametrize(
    "difficulty,seed,start", [("hero", 1, 1), ("mortal", 7, 1), ("god", 3, 10)]
)
def test_a_whole_run_is_played_to_its_end_by_mouse(app, difficulty, seed, start):
    ctl = new_controller(difficulty, ["human"], seed, start=start)
    table = app.nav.play(GAME_ID, ctl, ["Hercules"])
    sent = play_by_mouse(app, table, random.Random(seed))
    assert ctl.is_over and ctl.state.outcome
    assert sent > 5
    assert all(rec.seat in (0, -1) for rec in ctl.history)
    assert len(table.log_entries) > sent  # every step said in the chronicle
    # Each trial reached opened with its legend, once.
    assert legends == ["LegendOverlay"] * len(table.legends_shown)
    assert table.legends_shown == set(range(start, ctl.state.labour + 1))


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_the_table_parts_never_overlap(size):
    one_per_labour = ("RWD-01", "RWD-02", "RWD-03", "RWD-04A", "RWD-05A", "RWD-06A")
    s = playing(rewards=(*one_per_labour, "RWD-07A", "RWD-08A", "RWD-09A", "RWD-10A", "RWD-11A"))
    L = LaborsLayout(size, s)
    parts = [L.title, L.board, L.tray, L.cards_box, L.sidebar]
    for i, a in enumerate(parts):
        assert pygame.Rect((0, 0), size).contains(a)
        for b in parts[i + 1 :]:
            assert not a.colliderect(b), (a, b)
    for slot in L.cards:
        assert L.cards_box.contains(slot.rect)
        for _, r in [*slot.blue, *slot.gold]:
            assert slot.rect.contains(r)


def drag(app, start, end) -> None:
    """Press at ``start``, move to ``end``, release there."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (mid, end):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def test_a_die_dragged_onto_the_trial_strikes_it(app):
    table = table_for(app, playing(roll=(Die(2), Die(6)), used=(), allocating=False))
    drag(app, table.die_rects()[1].center, table.trial_die_rect(0).center)
    assert table.state.trial[0].health == 5
    assert table.state.roll[1].use == "trial"


def test_picked_dice_dragged_onto_a_gold_space_go_together(app):
    s = playing(roll=(Die(4), Die(4), Die(1)), rewards=("RWD-03",), used=(), allocating=False)
    table = table_for(app, s)
    click(app, table.die_rects()[0].center)
    gold = next(r for slot in table.layout.cards for sp, r in slot.gold if sp.key == "RWD-03.g0")
    drag(app, table.die_rects()[1].center, gold.center)
    assert [d.use for d in table.state.roll] == ["gold", "gold", ""]


def test_a_picked_die_clicked_again_leaves_the_pick_and_a_drag_back_keeps_it(app):
    table = table_for(app, playing(roll=(Die(2), Die(6)), used=(), allocating=False))
    click(app, table.die_rects()[0].center)
    assert table.picked == [0]
    drag(app, table.die_rects()[0].center, (table.layout.tray.x + 8, table.layout.tray.centery))
    assert table.picked == [0]  # dropped back in the tray: still picked
    click(app, table.die_rects()[0].center)
    assert table.picked == []


def test_the_hint_picks_the_solvers_dice_and_says_why_in_the_players_language(app):
    s = playing(roll=(Die(2), Die(6), Die(5)), used=(), allocating=False)
    table = table_for(app, s)
    app.set_language("it")
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0))
    frames(app, 2)
    assert table.picked  # the dice it would use, picked
    assert table.message and "[" not in table.message and table.message_at is not None
    assert "Leone" in table.message or "Arco" in table.message  # Italian names
    assert table.state == s  # a hint changes nothing


def test_with_nothing_picked_the_dice_that_can_strike_are_marked(app):
    table = table_for(
        app, playing(roll=(Die(5), Die(2), Die(6), Die(5)), used=(), allocating=False)
    )
    assert table.striking_dice() == {0, 2, 3}  # the Lion takes a 5 or a 6
    click(app, table.die_rects()[1].center)
    assert table.striking_dice() == set()  # once dice are picked, their targets light instead

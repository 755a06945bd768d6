"""Undo before confirm: only your own moves this turn, never past a roll."""

from __future__ import annotations

from support.scenario import Scenario

from hercules.app.controller import Controller, Seat
from hercules.games.mebo.engine.adapter import RULES


def controller_for(state, kinds=("human", "human")):
    return Controller(RULES, state, [Seat(k) for k in kinds])


def rich_turn():
    """Seat 0 to act with +1, flip and white-die cards and cubes in supply."""
    sc = Scenario(2).dice(0, 2, 3)
    for card in ("HES-01", "MOR-01", "PAN-01"):
        sc.give(0, card)
    sc.done(0, 1, 2)
    return sc.build()


def use(ctl, card, **kw):
    return next(
        a
        for a in ctl.legal()
        if a.kind == "use" and a.card == card and all(getattr(a, k) == v for k, v in kw.items())
    )


def test_undo_takes_back_a_sure_ability_and_restores_the_state_exactly():
    ctl = controller_for(rich_turn())
    before = ctl.state.to_json()
    assert not ctl.can_undo()
    assert ctl.submit(use(ctl, "HES-01", dice=(0,)), 0) is None
    assert ctl.can_undo()
    rec = ctl.undo()
    assert rec.action.card == "HES-01"
    assert ctl.state.to_json() == before
    assert ctl.history == []


def test_undo_never_goes_past_the_white_die_or_a_reroll():
    ctl = controller_for(rich_turn())
    assert ctl.submit(use(ctl, "PAN-01"), 0) is None  # rolls the white die
    assert not ctl.can_undo()
    assert ctl.undo() is None
    assert ctl.submit(use(ctl, "HES-01", dice=(0,)), 0) is None
    assert ctl.undo() is not None  # the +1 after the roll may go
    assert ctl.undo() is None  # but not the roll itself
    assert ctl.state.white_holder == 0


def test_undo_never_touches_another_players_turn():
    ctl = controller_for(rich_turn())
    labour = next(a for a in ctl.legal() if a.kind == "labour")
    ctl.submit(labour, 0)
    while ctl.state.prompt == "choose_demigod":
        ctl.submit(ctl.legal()[0], 0)
    assert ctl.actor == 1
    assert not ctl.can_undo()
    assert ctl.undo() is None


def test_undo_is_refused_to_bots_and_when_the_game_waits_for_chance():
    state = rich_turn()
    ctl = controller_for(state, ("bot", "human"))
    assert not ctl.can_undo()


def test_undo_listeners_hear_what_was_taken_back():
    ctl = controller_for(rich_turn())
    heard = []
    ctl.on_undo(heard.append)
    ctl.submit(use(ctl, "MOR-01", dice=(1,)), 0)
    ctl.undo()
    assert [r.action.card for r in heard] == ["MOR-01"]


def test_a_resumed_game_can_still_undo_the_last_move_of_the_turn(tmp_path):
    import random

    from hercules.app.saves import load_save, restore_controller, save_game
    from hercules.games.mebo.ai import make_bot
    from hercules.games.mebo.engine import GameConfig, card_set, new_game

    ctl = controller_for(new_game(GameConfig(2), 12))
    rng = random.Random(12)
    sure = {"plus_one", "minus_one", "flip"}
    for _ in range(3000):  # random play until a sure ability is at hand
        if not ctl.human_to_act():
            ctl.step()
            continue
        uses = [
            a for a in ctl.legal() if a.kind == "use" and card_set().card(a.card).ability in sure
        ]
        if uses:
            break
        legal = ctl.legal()
        ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
    before = ctl.state.to_json()
    ctl.submit(uses[0], ctl.actor)
    path = tmp_path / "slot.json"
    save_game(path, ctl, ["A", "B"])
    resumed = restore_controller(load_save(path, RULES), RULES, make_bot)
    assert resumed.state == ctl.state
    assert resumed.can_undo()
    resumed.undo()
    assert resumed.state.to_json() == before

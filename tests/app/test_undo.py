"""Undo before confirm: only your own moves this turn, never past a roll."""

from __future__ import annotations

from support.scenario import Scenario

from hercules.app.controller import UNDO_REFUSALS, Controller, Seat
from hercules.app.saves import load_save, restore_controller, save_game
from hercules.games.mebo.ai import make_bot
from hercules.games.mebo.engine import Action
from hercules.games.mebo.engine.adapter import RULES


def controller_for(state, kinds=("human", "human")):
    bots = {i: make_bot("easy") for i, k in enumerate(kinds) if k == "bot"}
    seats = [Seat(k, level="easy" if k == "bot" else "") for k in kinds]
    return Controller(RULES, state, seats, bots)


ADD = Action("labour", op="add", dice=(0, 1))  # 2 + 3 = labour 5: no move, no god, no vase


def demigod_choice(*, tyche_alone: bool = False, hestia_alone: bool = False):
    """Seat 0 rolled 2 and 3: labour 5 by + earns Hestia (+) or Tyche (its top shows a 2).

    ``tyche_alone``/``hestia_alone``: that deck holds one card only, so taking it turns
    nothing up.
    """
    sc = Scenario(2).dice(0, 2, 3)
    if tyche_alone:
        sc.empty_deck("tyche", 1)
    sc.top_of("TYC-02")
    if hestia_alone:
        sc.empty_deck("hestia", 1).top_of("HES-05")
    return sc.build()


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


def test_a_labour_is_undone_while_its_demigod_choice_is_open():
    state = demigod_choice()
    ctl = controller_for(state)
    assert ctl.submit(ADD, 0) is None
    assert ctl.state.prompt == "choose_demigod"
    assert ctl.undo_refusal() == ""
    assert ctl.undo().action == ADD
    assert ctl.state == state and ctl.history == []


def test_a_labour_and_its_demigod_choice_are_undone_when_nothing_was_turned_up():
    state = demigod_choice(tyche_alone=True)
    ctl = controller_for(state, ("human", "bot"))
    assert ctl.submit(ADD, 0) is None
    assert ctl.submit(Action("choose_demigod", deck="tyche"), 0) is None
    assert ctl.actor == 1  # the turn ended; the bot has not moved yet
    assert ctl.undo().action.kind == "choose_demigod"
    assert ctl.state.prompt == "choose_demigod" and ctl.actor == 0
    assert ctl.undo().action == ADD
    assert ctl.state == state
    assert ctl.undo_refusal() == "nothing" and ctl.undo() is None


def test_a_demigod_choice_that_turns_up_the_next_card_cannot_be_undone():
    ctl = controller_for(demigod_choice(), ("human", "bot"))
    ctl.submit(ADD, 0)
    ctl.submit(Action("choose_demigod", deck="hestia"), 0)  # the next Hestia card shows
    assert ctl.undo_refusal() == "revealed"
    assert ctl.undo() is None
    assert len(ctl.history) == 2


def test_a_labour_that_takes_a_demigod_and_turns_the_next_up_cannot_be_undone():
    ctl = controller_for(Scenario(2).dice(0, 2, 3).build(), ("human", "bot"))
    ctl.submit(ADD, 0)  # only Hestia is earned: taken at once, its next card turned up
    assert ctl.actor == 1
    assert ctl.undo_refusal() == "revealed"


def test_undo_is_refused_once_the_next_seat_has_acted():
    ctl = controller_for(demigod_choice(tyche_alone=True), ("human", "bot"))
    ctl.submit(ADD, 0)
    ctl.submit(Action("choose_demigod", deck="tyche"), 0)
    assert ctl.step(wait=True) is not None  # the bot plays
    assert ctl.undo_refusal() in ("not_yours", "revealed")
    assert ctl.undo() is None


def test_undo_is_refused_for_another_human_at_this_machine():
    ctl = controller_for(demigod_choice(tyche_alone=True))
    ctl.submit(ADD, 0)
    ctl.submit(Action("choose_demigod", deck="tyche"), 0)
    assert ctl.human_to_act() and ctl.actor == 1
    assert ctl.undo_refusal() == "not_yours"


def test_undo_right_after_the_roll_does_nothing_and_says_revealed():
    from hercules.games.mebo.engine import GameConfig, new_game

    ctl = controller_for(new_game(GameConfig(2), 5))
    assert ctl.step() is not None  # the phase-1 roll
    assert ctl.undo_refusal() == "revealed"
    assert ctl.undo() is None


def test_every_refusal_is_one_of_the_named_reasons():
    ctl = controller_for(rich_turn())
    assert ctl.undo_refusal() in UNDO_REFUSALS


def rolled_game(kinds=("human", "bot")):
    """A real game (its log replays from the seed) just after the first roll."""
    from hercules.games.mebo.engine import GameConfig, new_game

    ctl = controller_for(new_game(GameConfig(2), 7), kinds)
    ctl.step()
    assert ctl.human_to_act()
    return ctl


REST = Action("rest")


def test_a_resumed_game_starts_at_an_undo_barrier(tmp_path):
    ctl = rolled_game()
    path = tmp_path / "slot.json"
    save_game(path, ctl, ["A", "B"])
    resumed = restore_controller(load_save(path, RULES), RULES, make_bot)
    assert resumed.state == ctl.state
    assert resumed.undo_refusal() == "resumed"
    assert resumed.undo() is None and resumed.state == ctl.state
    assert resumed.submit(REST, 0) is None  # a new decision may go again
    assert resumed.undo().action == REST
    assert resumed.undo_refusal() == "resumed"


def test_a_save_after_an_undo_holds_no_undone_action_and_reloads_the_same_state(tmp_path):
    ctl = rolled_game()
    assert ctl.submit(REST, 0) is None
    assert ctl.undo().action == REST
    labour = next(a for a in ctl.legal() if a.kind == "labour")
    assert ctl.submit(labour, 0) is None
    path = tmp_path / "slot.json"
    save_game(path, ctl, ["A", "B"])
    loaded = load_save(path, RULES)
    assert [r.action for r in loaded.history] == ctl.actions
    assert REST not in ctl.actions and labour in ctl.actions
    assert loaded.state == ctl.state
    assert restore_controller(loaded, RULES, make_bot).state == ctl.state

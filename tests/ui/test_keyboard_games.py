"""A whole game of each kind played by keys alone, from the title screen through the setup to
the game-over screen, against Easy bots: Tab / Shift+Tab to a focus stop, Enter on it. No
mouse event is posted; every action the human takes is checked legal when it is submitted."""

from __future__ import annotations

import random

import pygame
from support.keys import choose, key, labelled
from support.mouse import frames

from hercules.ui.scenes.title import TitleScene

CANCEL = ("Cancel", "Annulla", "No")


def _from_title_to_setup(app, game_id):
    app.nav.title()
    frames(app, 2)
    choose(app, labelled("New game"))
    games = app.top
    choose(app, lambda s: games.buttons.get(s.widget) == game_id)
    assert type(app.top).__name__ == "SetupScene"
    return app.top


def _pick_option(app, menu_of, text):
    """Open a drop-down (``menu_of(scene)``: the setup may build its widgets again) by keys
    and choose the option ``text``."""
    menu = menu_of(app.top)
    if menu.selected_option[0] == text:
        return
    choose(app, lambda s: s.widget is menu)
    choose(app, labelled(text))
    assert menu_of(app.top).selected_option[0] == text


def _watch_legality(ctl, humans):
    """Check every action the human seats submit against the legal actions of that moment."""
    taken = []
    real = ctl.submit

    def submit(action, seat):
        if seat in humans:
            legal = ctl.legal()
            taken.append((action, action in legal))
        return real(action, seat)

    ctl.submit = submit
    return taken


def _no_mouse(monkeypatch):
    """Fail the test if anything posts a mouse event."""
    real = pygame.event.post
    mouse = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)

    def post(event):
        assert event.type not in mouse, "a mouse event in a keyboard-only game"
        return real(event)

    monkeypatch.setattr(pygame.event, "post", post)


def _answer_dialog(app, rng):
    """A dialog over the table: any of its stops but Cancel."""
    stops = [s for s in app.top.focus_stops() if s.label not in CANCEL]
    wanted = rng.choice(stops)
    choose(app, lambda s: s.key == wanted.key, settle=2)


def _play_by_keys(app, table, over, turn, rng, limit=6000):
    """Play the human's seat by keys until the game-over screen: dialogs answered by their
    stops (Enter on one without: a legend or a hand-over), the table by ``turn(app, table,
    rng, stuck)`` (``stuck``: decisions since the last action). Returns the human's actions,
    each with whether it was legal when submitted."""
    ctl = table.ctl
    taken = _watch_legality(ctl, {0})
    stuck, seen = 0, len(ctl.history)
    for _ in range(limit):
        top = app.top
        if isinstance(top, over) or ctl.is_over:
            break
        if len(ctl.history) != seen:
            seen, stuck = len(ctl.history), 0
        if top is not table:
            if [s for s in top.focus_stops() if s.label not in CANCEL]:
                _answer_dialog(app, rng)
            else:
                key(app, pygame.K_RETURN, settle=2)
            continue
        if not ctl.human_to_act() or table.anim.busy:
            frames(app, 1)
            continue
        stuck += 1
        turn(app, table, rng, stuck)
    frames(app, 5)
    assert ctl.is_over
    assert isinstance(app.top, over)
    assert taken and all(ok for _, ok in taken)
    return {a.kind for a, _ in taken}


def _human_against_one_easy_bot(app, setup):
    """Seat 1 human, seat 2 an Easy bot, the rest empty, then Start: all by keys."""
    _pick_option(app, lambda sc: sc.seat_menus[0], "Human")
    _pick_option(app, lambda sc: sc.seat_menus[1], "Bot — easy")
    for i in range(2, len(setup.seat_menus)):
        _pick_option(app, lambda sc, i=i: sc.seat_menus[i], "Empty")
    choose(app, labelled("Start"), settle=3)


def _leave_game_over(app):
    """The game-over screen is operable by keys too: its Title button, by Tab and Enter."""
    choose(app, lambda s: s.label in ("Title screen", "Title"), settle=3)
    assert isinstance(app.top, TitleScene)


# --- Hercules (mebo) --------------------------------------------------------------------------
def test_hercules_a_whole_game_by_keys_against_an_easy_bot(app, monkeypatch):
    from hercules.games.mebo.ui.gameover import GameOverScene
    from hercules.games.mebo.ui.table import TableScene

    _no_mouse(monkeypatch)
    setup = _from_title_to_setup(app, "hercules")
    _human_against_one_easy_bot(app, setup)
    table = app.top
    assert isinstance(table, TableScene)
    kinds = _play_by_keys(app, table, GameOverScene, _mebo_turn, random.Random(3))
    assert "labour" in kinds and "use" in kinds, kinds
    _leave_game_over(app)


def _mebo_turn(app, table, rng, stuck):
    """One keyboard decision on the Hercules table."""
    stops = table.focus_stops()
    kind_of = {s.key: s.key[0] if isinstance(s.key, tuple) else "" for s in stops}
    board = [s for s in stops if kind_of[s.key]]
    if table.mode is not None:
        aimed = [s for s in board if kind_of[s.key] != "hand_card"]
        source = [s for s in board if kind_of[s.key] == "hand_card"]
        if table.mode.kind == "reroll" and table.mode.selected and source:
            choose(app, lambda s: s.key == source[0].key, settle=2)  # again: confirm
        elif aimed:
            pick = rng.choice(aimed)
            choose(app, lambda s: s.key == pick.key, settle=2)
        else:
            key(app, pygame.K_ESCAPE)
        return
    cards = [s for s in board if kind_of[s.key] == "hand_card"]
    columns = [s for s in board if kind_of[s.key] == "column"]
    if cards and rng.random() < 0.3:
        pick = rng.choice(cards)
    elif columns:
        pick = rng.choice(columns)
    else:
        rest = [s for s in stops if s.widget is table.btn_rest]
        end = [s for s in stops if s.widget is table.btn_end]
        pick = (rest or end)[0]
    choose(app, lambda s: s.key == pick.key, settle=2)


# --- The Labors (solo) ------------------------------------------------------------------------
LABORS_SEED = 1  #: the run's seed (the setup's draw, fixed)


def test_labors_a_whole_run_by_keys(app, monkeypatch):
    from hercules.games.labors.ui.gameover import GameOverScene
    from hercules.games.labors.ui.table import TableScene

    _no_mouse(monkeypatch)
    # The setup draws a new run's seed from the system: fixed here, so that the run is always
    # the same (with some seeds a run dies before its dice ever strike).
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(LABORS_SEED))
    _from_title_to_setup(app, "labors")
    choose(app, lambda s: s.key == ("difficulty", "hero"))
    choose(app, lambda s: s.key == ("start", 11))  # the last two trials: a short run
    choose(app, lambda s: s.key == ("player", "human"))
    choose(app, labelled("Start"), settle=3)
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    kinds = _play_by_keys(app, table, GameOverScene, _labors_turn, random.Random(4))
    assert "resolve" in kinds and ({"attack", "gold", "blue"} & kinds), kinds
    _leave_game_over(app)


def _labors_turn(app, table, rng, stuck):
    """One keyboard decision on the Labors table."""
    stops = table.focus_stops()
    kind = {s.key: s.key[0] if isinstance(s.key, tuple) else "" for s in stops}
    board = [s for s in stops if kind[s.key] in ("fork", "trial", "blue", "gold", "dialog")]
    dice = [s for s in stops if kind[s.key] == "die"]
    resolve = [s for s in stops if table.buttons.get(s.widget) == "resolve"]
    if board and stuck < 12:
        pick = rng.choice(board)
    elif table.picked and (stuck >= 12 or len(table.picked) >= 3 or rng.random() < 0.4):
        key(app, pygame.K_ESCAPE)  # drop the pick
        return
    elif dice and stuck < 12 and (table.striking_dice() or rng.random() < 0.5):
        striking = [s for s in dice if s.key[1] in table.striking_dice()]
        pick = rng.choice(striking or dice)
    elif resolve:
        pick = resolve[0]
    else:
        frames(app, 1)
        return
    choose(app, lambda s: s.key == pick.key, settle=2)


# --- Later Years (auction) --------------------------------------------------------------------
def test_later_years_a_whole_game_by_keys_against_an_easy_bot(app, monkeypatch):
    from hercules.games.later_years.ui.gameover import GameOverScene
    from hercules.games.later_years.ui.table import TableScene

    _no_mouse(monkeypatch)
    setup = _from_title_to_setup(app, "later_years")
    _human_against_one_easy_bot(app, setup)
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    assert len(table.ctl.seats) == 2
    kinds = _play_by_keys(app, table, GameOverScene, _later_years_turn, random.Random(6))
    assert {"bid", "task", "end"} <= kinds, kinds
    _leave_game_over(app)


def _later_years_turn(app, table, rng, stuck):
    """One keyboard decision on the Later Years table."""
    stops = table.focus_stops()
    kind = {s.key: s.key[0] if isinstance(s.key, tuple) else "" for s in stops}
    if table.state.prompt == "bid":
        if table.bid_slot is None:
            pick = rng.choice([s for s in stops if kind[s.key] == "slot"])
        else:
            for _ in range(rng.randrange(3)):
                key(app, pygame.K_RIGHT)  # the stepper: one coin more
            pick = next(s for s in stops if s.key == ("step", "bid"))
        choose(app, lambda s: s.key == pick.key, settle=2)
        return
    payable = table.payable()
    spaces = [s for s in stops if kind[s.key] == "space" and s.key[1] in payable]
    cards = [s for s in stops if kind[s.key] == "card" and s.key[1] not in table.selected]
    end = [s for s in stops if table.buttons.get(s.widget) == "end"]
    if spaces:
        pick = rng.choice(spaces)
    elif table.in_reach() and cards and stuck < 12:
        pick = rng.choice(cards)
    elif end:
        pick = end[0]
    else:
        frames(app, 1)
        return
    choose(app, lambda s: s.key == pick.key, settle=2)

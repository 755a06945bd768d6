"""Consequences before commitment: a labour's and a card's preview tells what would happen."""

from __future__ import annotations

import random

import pygame
import pytest
from support.mouse import frames, table_when

from hercules.games.mebo.engine import apply, legal_actions, score
from hercules.games.mebo.engine.actions import LABOUR
from hercules.games.mebo.ui.preview import (
    ability_lines,
    ability_outcomes,
    labour_lines,
    labour_tooltip,
    preview_labour,
    score_lines,
    vp_split,
    way_line,
)
from hercules.games.mebo.ui.setup import start_game
from hercules.games.mebo.ui.table import TableScene
from hercules.games.mebo.ui.targeting import labour_ways
from hercules.ui.scenes.overlays import ChoiceOverlay
from hercules.ui.strings import set_language
from tests.support.scenario import (
    Scenario,
    dice_for,
    events_of,
    labour,
    play,
    play_through,
    received,
)


def test_a_labour_preview_says_where_the_apprentice_stops_and_what_it_earns_as_the_move_does():
    faces, op = dice_for(3)
    state = Scenario(2).done(0, 1, 2, 4, 5).dice(0, *faces).top_of("MOR-01", "TYC-03").build()
    before = state.to_json()
    p = preview_labour(state, labour(op))
    assert state.to_json() == before  # the state shown is untouched
    after, events = play(state, labour(op))
    moved = events_of(events, "apprentice_moved")[0].data
    assert (p.start, p.stop, p.advance) == (moved["from"], moved["to"], moved["to"] - moved["from"])
    assert (p.start, p.stop) == (2, 5)  # three spaces: a vase
    assert set(p.cards) == set(received(events))
    assert any(c.startswith("VAS-3") for c in p.cards)


def test_a_labour_that_leaves_a_choice_of_demigod_decks_names_every_deck():
    state = Scenario(2).dice(0, 6, 5).build()
    for a in legal_actions(state):
        if a.kind != LABOUR:
            continue
        p = preview_labour(state, a)
        after, _ = play(state, a)
        offered = sorted(x.deck for x in legal_actions(after) if x.kind == "choose_demigod")
        if after.current == 0 and offered:
            assert list(p.decks) == offered
        else:
            assert p.decks == ()


def test_the_labour_preview_in_words_says_start_not_column_0_and_names_the_cards():
    set_language("en")
    faces, op = dice_for(1)
    state = Scenario(2).dice(0, *faces).top_of("MOR-01", "TYC-03").build()
    p = preview_labour(state, labour(op))
    lines = labour_lines(p)
    assert lines[0] == "Apprentice: Start → 1 (+1)"
    assert "column 0" not in " ".join(lines)
    assert way_line(p)


def test_reaching_column_12_is_announced_as_ending_the_game():
    faces, op = dice_for(12)
    state = Scenario(2).done(0, *range(1, 12)).dice(0, *faces).build()
    p = preview_labour(state, labour(op))
    after, _ = play_through(state, labour(op))
    assert p.stop == 12 and p.ends_game
    assert after.players[0].pos == 12


def test_a_certain_ability_shows_the_dice_it_would_make_and_they_are_the_real_outcomes():
    state = Scenario(2).done(0, 7, 9).dice(0, 3, 4).give(0, "HES-01").build()  # 2 cubes
    outcomes = ability_outcomes(state, 0, "HES-01")
    assert outcomes
    real = set()
    for a in legal_actions(state):
        if a.kind == "use" and a.card == "HES-01":
            after, _ = play(state, a)
            real.add(tuple(after.dice_of(0)))
    assert {o[1] for o in outcomes} == real - {(3, 4)}
    set_language("en")
    assert "3-4 →" in ability_lines(state, 0, "HES-01")[0]


@pytest.mark.parametrize("seed", range(6))
def test_a_random_ability_preview_never_tells_the_faces_a_roll_would_give(seed):
    set_language("en")
    state = Scenario(2, seed=seed).done(0, 7).dice(0, 3, 4).give(0, "GOD-ARTEMIS").build()
    lines = ability_lines(state, 0, "GOD-ARTEMIS")
    assert ability_outcomes(state, 0, "GOD-ARTEMIS") == []
    assert lines == ["Random: the dice you choose are rolled again"]
    assert not any(ch.isdigit() for ch in " ".join(lines))


def test_another_seat_s_card_or_an_unusable_card_gets_no_preview():
    state = Scenario(2).done(1, 7).dice(0, 3, 4).give(1, "HES-01").build()
    assert ability_lines(state, 1, "HES-01") == []  # not seat 1's turn
    assert ability_outcomes(state, 1, "HES-01") == []


@pytest.mark.parametrize("mode", ["standard", "simplified", "solo", "pnp"])
def test_the_running_score_splits_into_secured_and_provisional_parts_that_add_up(mode):
    set_language("en")
    state = Scenario(2 if mode == "solo" else 4, mode=mode, seed=3, rolled=False).build()
    rng = random.Random(3)
    for _ in range(400):
        if state.is_terminal:
            break
        state, _ = apply(state, rng.choice(legal_actions(state)))
    for ps in score(state).players:
        secured, provisional = vp_split(ps)
        assert secured + provisional == ps.total and provisional >= 0
        lines = score_lines(ps, sheet=mode == "pnp")
        assert lines[0].startswith(f"{ps.total} VP: {secured} secured, {provisional}")
        shown = sum(int(line.split(": ")[1].split()[0]) for line in lines[1:] if ": " in line)
        assert shown == ps.total  # every VP is in one line of the breakdown


# --- on the table: the tooltips carry the previews ------------------------------------------


@pytest.fixture
def table(app):
    """A two-player table with the human (seat 0) to act and a labour in reach."""
    return table_when(
        app,
        lambda c: any(a.kind == LABOUR for a in c.legal()) and c.state.players[0].pos > 0,
        pick=lambda legal: next((a for a in legal if a.kind == LABOUR), legal[0]),
    )


def hover(app, pos) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)


def test_hovering_a_reachable_labour_shows_what_performing_it_would_do(app, table):
    set_language("en")
    state = table.state
    ways = labour_ways(state, table.ctl.legal())
    col = next(iter(ways))
    hover(app, table.layout.columns[col].center)
    frame = table.frame()
    assert frame.hover is not None and frame.hover.kind == "column"
    lines = table.painter.tooltip(frame.hover, frame)
    assert any(line.startswith("Apprentice") for line in lines)
    assert labour_tooltip(state, ways[col])[0] in lines
    assert table.state is state  # hovering changed nothing


def test_hovering_a_score_explains_it_secured_and_provisional(app, table):
    set_language("en")
    hover(app, table.geometry.score_rect(1).center)
    frame = table.frame()
    assert frame.hover is not None and frame.hover.kind == "score"
    lines = table.painter.tooltip(frame.hover, frame)
    total = score(table.state).players[1].total
    assert lines[0].startswith(f"{total} VP: ")


def test_a_print_and_play_labour_previews_its_full_move_and_says_a_shorter_stop_is_possible():
    set_language("en")
    faces, op = dice_for(3)
    state = Scenario(2, mode="pnp").done(0, 1, 2, 4, 5).dice(0, *faces).build()
    ways = [
        a for a in legal_actions(state) if a.kind == LABOUR and preview_labour(state, a).labour == 3
    ]
    assert len(ways) > 1  # the full move and the stops short of it
    lines = labour_tooltip(state, ways)
    assert lines[0] == "Apprentice: 2 → 5 (+3)"
    assert lines[1].startswith("(or stop earlier")
    assert any(line.startswith("Jump: ") for line in lines)


def test_the_labour_way_choice_says_which_deck_each_way_earns_and_its_title_fits(app):
    set_language("en")
    ctl, names = start_game("standard", ["human", "easy"], seed=5)
    ctl.state = Scenario(2, seed=5).done(0, 7).dice(0, 2, 2).build()  # 2 + 2 and 2 × 2 make 4
    scene = TableScene(app, ctl, names)
    app.push(scene)
    frames(app, 2)
    scene.dismiss_recap()
    scene.anim.skip()
    scene.click(scene.layout.columns[4].center)
    frames(app, 1)
    dialog = app.top
    assert isinstance(dialog, ChoiceOverlay)
    texts = [text for text, _ in dialog.options]
    assert any("2 + 2 = 4: earns" in x and "Hestia" in x for x in texts)
    assert any("2 × 2 = 4: earns" in x and "Pan" in x for x in texts)
    for button in dialog.actions:
        assert button.font.size(button.text)[0] <= button.rect.w - 6  # every option fits
        assert dialog.box.contains(button.rect)
    ctl.close()

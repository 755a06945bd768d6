"""Synthetic mouse and keyboard input for headless UI tests."""

from __future__ import annotations

import random
import time

import pygame

DT = 1 / 60


def frames(app, n: int = 1, dt: float = DT) -> None:
    """Run ``n`` frames of the real loop (events, update, draw) with a fixed clock.

    Each frame sleeps a moment, as the real loop does while it waits for the next
    frame: without that, a bot thinking on its worker thread would rarely get the GIL.
    """
    for _ in range(n):
        app.frame(dt)
        time.sleep(0.0005)


def click(app, pos, button: int = 1, settle: int = 2) -> None:
    """Move to ``pos``, press and release a mouse button, then run a few frames."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, settle)


def click_widget(app, widget, settle: int = 2) -> None:
    """Click the centre of a pygame_gui widget."""
    click(app, widget.rect.center, settle=settle)


def key(app, k: int, settle: int = 1) -> None:
    """Press and release a key."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    frames(app, settle)


def mouse_turn(
    app,
    table,
    rng,
    *,
    use_chance: float = 0.35,
    rest_tile_chance: float = 0.7,
    labour_chance: float = 1.0,
) -> None:
    """Make one decision for the human to act by clicking what a player would click.

    Cards are clicked in the hand, print-and-play powers on the sheet; targets are
    dice (for +1/−1/flip/re-roll) or another player's dice (copy).
    """
    from hercules.games.mebo.ui.dialogs import ChooseDeckOverlay, RestOverlay
    from hercules.ui.scenes.overlays import ChoiceOverlay

    top = app.top
    if isinstance(top, ChoiceOverlay | ChooseDeckOverlay):
        buttons = [b for b in top.actions if b.text not in ("Cancel", "Annulla")]
        click_widget(app, rng.choice(buttons))
        return
    if isinstance(top, RestOverlay):
        tiles = [(cid, act, rect) for cid, act, rect in top.layout_cards() if act is not None]
        if tiles and rng.random() < rest_tile_chance:
            click(app, rng.choice(tiles)[2].center)
        else:
            click_widget(app, next(iter(top.actions)))
        return
    assert top is table
    legal = table.ctl.legal()
    seat = table.state.current
    if table.mode is not None and table.mode.kind == "stop":  # pnp: where the Apprentice stops
        from hercules.games.mebo.ui.targeting import aimed_stops

        stops, _full = aimed_stops(table.state, legal, table.mode)
        click(app, table.layout.columns[rng.choice(stops)].center)
        return
    uses = [a for a in legal if a.kind in ("use", "power")]
    ways = table.labour_ways(legal)
    if uses and rng.random() < use_chance:
        chosen = rng.choice(uses)
        if chosen.kind == "power":
            rect = dict(table.sheet_layout(seat)[1])[f"row:{chosen.deck}"]
        else:
            rect = next(r for cid, r in table.hand_cards(seat) if cid == chosen.card)
        click(app, rect.center)
        if table.mode is None:
            return
        kind = table.mode[0]
        if kind in ("die", "reroll"):
            targets = [
                i for i in range(len(table.die_rects(seat))) if table.die_targetable(seat, i)
            ]
            click(app, table.die_rects(seat)[rng.choice(targets)].center)
            if kind == "reroll":
                click_widget(app, table.btn_confirm)
        elif kind == "copy":
            click(app, table.die_rects(1 - seat)[0].center)
        return
    if ways and (labour_chance >= 1 or rng.random() < labour_chance):
        click(app, table.layout.columns[rng.choice(sorted(ways))].center)
    elif table.btn_rest.is_enabled:
        click_widget(app, table.btn_rest)
    else:
        click_widget(app, table.btn_end)


def play_some_turns(app, table, turns: int, seed: int = 1) -> None:
    """Random human moves (and the bots') until ``turns`` turns have ended."""
    rng = random.Random(seed)
    ctl = table.ctl
    for _ in range(5000):
        ended = sum(1 for r in ctl.history for e in r.events if e.type == "turn_ended")
        if ended >= turns and ctl.human_to_act() and ctl.state.prompt == "action":
            return
        if ctl.human_to_act():
            legal = ctl.legal()
            ctl.submit(legal[rng.randrange(len(legal))], ctl.actor)
        frames(app, 1)  # dialogs the table opened close themselves once answered
    raise AssertionError("the game did not get that far")


def table_when(app, until, kinds=("human", "normal"), seed: int = 11, pick=None):
    """A table of a standard game played on (the human's picks: ``pick(legal)``, by default
    the first legal action) until ``until(ctl)`` holds with the human to act; animation
    skipped and the recap closed, ready for the test's own clicks."""
    from hercules.games.mebo.ui.setup import start_game
    from hercules.games.mebo.ui.table import TableScene

    ctl, names = start_game("standard", list(kinds), seed=seed)
    scene = TableScene(app, ctl, names)
    app.push(scene)
    frames(app, 2)
    for _ in range(3000):
        if ctl.human_to_act() and ctl.state.prompt == "action" and until(ctl):
            break
        if ctl.human_to_act():
            legal = ctl.legal()
            ctl.submit(pick(legal) if pick else legal[0], ctl.actor)
        frames(app, 1)
    scene.anim.skip()
    scene.dismiss_recap()
    frames(app, 1)
    return scene

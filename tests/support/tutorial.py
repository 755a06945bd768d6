"""Play a guided game's script to its end by synthetic mouse clicks, as a player would.

Each step shown is checked first (its target is on the table, inside the window); then Next
is clicked, or the first of its target's stops. Dialogs the game opens on the way are answered
by their first button that is not Cancel (a rest takes one cube back, then finishes).
"""

from __future__ import annotations

import random

from hercules.app.registry import get_game
from hercules.ui.tutorial import GUIDE
from support.mouse import click, frames

CANCEL = ("Cancel", "Annulla", "No")


def button(coach, name, size=None):
    """The rect of the callout's button ``name`` (next, skip, leave, first, play_on)."""
    size = size or coach.app.size
    for found, rect, _words in coach.callout(size).buttons:
        if found == name:
            return rect
    raise AssertionError(f"no {name!r} button on the callout")


def answer_dialog(app, top, state):
    """Answer a dialog over the table (its first button that is not Cancel)."""
    from hercules.games.mebo.ui.dialogs import RestOverlay

    if isinstance(top, RestOverlay):
        tiles = [rect for _cid, act, rect in top.layout_cards() if act is not None]
        if tiles and not state.get("rested"):
            state["rested"] = True
            click(app, tiles[0].center)
            return
    actions = [b for b in getattr(top, "actions", {}) if b.text not in CANCEL and b.is_enabled]
    if actions:
        click(app, actions[0].rect.center)
        return
    stops = [s for s in top.focus_stops() if s.label not in CANCEL]
    if stops:
        stops[0].act()
        frames(app, 2)
    else:
        frames(app, 1)


def clicks_for(coach, step):
    """Where a player clicks to do what ``step`` asks (points, or keys of stops that show
    after the clicks before them): the first of its target's stops (a
    bid's Bid button; for a task of The Later Years, the cards of a legal payment, then its
    space; in an auction the card with the lowest bid, then Bid)."""
    stops = coach.target_stops()
    assert stops, f"step {step.id}: nothing to click"
    table = coach.table
    if step.pattern.get("kind") == "task":
        task = next(a for a in table.legal() if a.kind == "task")
        hand = dict(table.hand_cards())
        points = [(hand[c].x + 6, hand[c].centery) for c in task.cards]
        return [*points, ("space", task.space)]
    kind = step.pattern.get("kind")
    if kind in ("blue", "gold", "attack"):  # the Labors: pick the dice, then where they go
        act = next(a for a in table.legal() if a.kind == kind)
        keyed = {s.key: s for s in stops}
        where = ("trial", act.target) if kind == "attack" else (kind, act.space)
        return [*(keyed[("die", d)].rect.center for d in act.dice), where]
    bid = [s for s in stops if s.key == ("step", "bid")]
    if bid:
        return [bid[0].rect.center]
    slots = [s for s in stops if isinstance(s.key, tuple) and s.key[0] == "slot"]
    if slots:  # the card nobody bid on: the auction ends with this bid
        return [min(slots, key=lambda s: table.bid_range(s.key[1])[0]).rect.center]
    return [stops[0].rect.center]


def free_move(coach):
    """A move of the player's own while a step waits for its part (outbid, a trial to win
    first): the game's first bot level decides it, submitted as the table would."""
    spec = get_game(coach.script.game)
    ctl = coach.table.ctl
    bot = spec.make_bot(spec.bot_levels[0])
    # A bot decides on its seat's view, never the whole game (the box's rule: a seat sees
    # only its own; the fourth game's bots would learn every secret from the state).
    view = spec.rules.view(ctl.state, ctl.actor)
    action = bot.choose(view, ctl.legal(), random.Random(len(ctl.history)))
    assert ctl.submit(action, ctl.actor) is None


def play_script(app, coach, limit: int = 3000, on_step=None):
    """Play every step of ``coach``'s script by clicks; the ids of the steps shown, in order.

    ``on_step(coach)`` is called at each step shown, before it is played (screenshots,
    extra checks)."""
    table = coach.table
    shown: list[str] = []
    state: dict[str, bool] = {}
    for _ in range(limit):
        if coach.phase != GUIDE:
            return shown
        top = app.top
        if top is not table:
            answer_dialog(app, top, state)
            continue
        if not coach.waiting():
            ctl = table.ctl
            step = coach.step
            if step is not None and step.when and ctl.human_to_act() and not table.anim.busy:
                free_move(coach)  # the step waits for its part: the player plays on
            frames(app, 1)
            continue
        assert coach.problem() == "", coach.problem()
        step = coach.step
        if not shown or shown[-1] != step.id:
            shown.append(step.id)
            if on_step is not None:
                on_step(coach)
        if step.wait == "next":
            click(app, button(coach, "next").center)
        else:
            for place in clicks_for(coach, step):
                if isinstance(place[0], str):  # a stop that shows once the dice are picked
                    place = next(s for s in coach.target_stops() if s.key == place).rect.center
                click(app, place)
    raise AssertionError(f"the script did not end; last steps {shown[-3:]}")

"""The rules: set-up, the legal actions of every prompt, and what each action does.

A trial (ruling 1 of the components file): draw a Mood (and settle it), then rounds of
roll -> blue abilities -> gold abilities and attacks -> resolve: every Trial die at 0 beats the
trial (pick a Reward), otherwise the dice still alive advance together (the player picks at
forks) and their spaces hit Hercules. A skull or Courage 0 loses at once.
"""

from __future__ import annotations

from typing import Any

from hercules.games._kit import rng as _rng
from hercules.games._kit.fields import is_whole

from .actions import (
    ABDERUS,
    ATTACK,
    BEGIN,
    BLUE,
    CHANCE,
    COVER,
    DRAW,
    GOLD,
    KEEP,
    MOOD,
    MOVE,
    REMOVE,
    RESOLVE,
    REWARD,
    ROLL,
    Action,
    Event,
    malformed,
    shown,
)
from .data import SKULL, START, LaborsData, load_data
from .errors import IllegalActionError, Reason
from .legal import legal_actions, listed
from .methods import min_dice
from .spaces import BOW, BlueSpace, blue_spaces, gold_spaces, spaces_in_play
from .state import (
    ASIDE,
    FREE,
    LOST_COURAGE,
    LOST_DIVINITY,
    LOST_SKULL,
    ON_GOLD,
    ON_TRIAL,
    P_ABDERUS,
    P_DRAW,
    P_FORK,
    P_MOOD,
    P_OVER,
    P_PHOLUS,
    P_PLAY,
    P_REMOVE,
    P_RESTART,
    P_REWARD,
    P_ROLL,
    SPENT,
    WON,
    Die,
    LaborsConfig,
    LaborsState,
    TrialDie,
)
from .view import PLAYER, PUBLIC_EVENTS, SPECTATOR, redact, view

Events = list[Event]

AUTOMATIC = -1  #: the seat of a step the game takes itself (the Mood draw, the roll)


# --- set-up ----------------------------------------------------------------------------------


def new_game(config: LaborsConfig, seed: int, data: LaborsData | None = None) -> LaborsState:
    """A new run: Courage and Divinity at their start, the opening Mood deck, trial ``start``."""
    data = data or load_data()
    dice, out = data.difficulties[config.difficulty]
    deck = tuple(m for m in data.normal_moods() if m not in out)
    state = LaborsState(
        config=config,
        seed=seed,
        rng=_rng.seed_state(seed),
        prompt=P_RESTART if config.start > 1 else P_DRAW,
        labour=config.start,
        courage=data.courage_start,
        divinity=data.divinity_start,
        dice=min(dice, data.max_dice),
        mood_deck=deck,
        moods_out=out,
        data=data,
    )
    return _fresh_trial(state) if config.start == 1 else state


def _fresh_trial(state: LaborsState) -> LaborsState:
    """The current labour's Trial dice on their start, waiting for the Mood."""
    lab = state.data.labour(state.labour)
    return state.with_(
        prompt=P_DRAW,
        trial=tuple(TrialDie(d.start, START) for d in lab.dice),
        mood_dice=0,
        covered="",
        redrawn=False,
        broken=0,
        round=0,
        roll=(),
        used=(),
        allocating=False,
        shields=0,
        no_shield=False,
        wave=(),
        moves=(),
        second=False,
    )


# --- legal actions: legal.py ----------------------------------------------------------


# --- refusals --------------------------------------------------------------------------------


def validate(state: LaborsState, action: object, seat: int | None = None) -> Exception | None:
    """Why ``action`` would be refused (an :class:`IllegalActionError`), or None if legal.

    Any value at all is answered, never by a crash: one that is not a well-formed
    :class:`Action` (a field of the wrong type or range: ``None``, ``"0"``, ``1.0``,
    ``True``) is :attr:`Reason.MALFORMED`; from a seat other than the step's
    (:func:`actor`: 0 for the player's decisions, -1 for the Mood draw and the roll; None
    for any, the controller's own steps) :attr:`Reason.ILLEGAL`. What this accepts,
    :func:`apply` applies.
    """
    if (seat is None or (type(seat) is int and seat == actor(state))) and listed(state).holds(
        action
    ):
        return None  # one of the very actions listed for this state: legal and well formed
    if not isinstance(action, Action):
        return IllegalActionError(Reason.MALFORMED, f"not an action: {shown(action, 60)}")
    why = malformed(action)
    if why:
        return IllegalActionError(Reason.MALFORMED, f"malformed action: {why}")
    if state.prompt == P_OVER:
        return IllegalActionError(Reason.GAME_OVER, "the run is over")
    if seat is not None and not (is_whole(seat) and seat == actor(state)):
        if not is_whole(seat) or seat not in (PLAYER, AUTOMATIC):
            return IllegalActionError(Reason.ILLEGAL, "a run has one player")
        if seat == PLAYER:
            return IllegalActionError(Reason.ILLEGAL, "the game takes this step itself")
        return IllegalActionError(Reason.ILLEGAL, "the player decides this")
    if action in listed(state).actions:
        return None
    # The kinds that answer the prompt, not only those with a legal action now: a gold action
    # once every gold space is used is refused as SPACE_USED, a blue one after an attack as
    # BLUE_AFTER_GOLD, an attack that nothing meets as NOT_MET (not WRONG_DECISION).
    if action.kind not in _ANSWERS[state.prompt]:
        return IllegalActionError(
            Reason.WRONG_DECISION, f"the game waits for {state.prompt}, not {action.kind}"
        )
    reason, why = _why(state, action)
    return IllegalActionError(reason, why)


def actor(state: LaborsState) -> int:
    """The seat that decides now: the player (0), or :data:`AUTOMATIC` (-1) when the game
    takes the step itself (the Mood draw, the roll) and once the run is over."""
    if state.prompt == P_OVER:
        return AUTOMATIC
    legal = listed(state).actions
    if len(legal) == 1 and legal[0].kind in CHANCE:
        return AUTOMATIC
    return PLAYER


#: The action kinds that answer each prompt.
_ANSWERS: dict[str, frozenset[str]] = {
    P_RESTART: frozenset({KEEP, BEGIN}),
    P_DRAW: frozenset({DRAW}),
    P_MOOD: frozenset({MOOD}),
    P_ABDERUS: frozenset({ABDERUS}),
    P_PHOLUS: frozenset({COVER}),
    P_ROLL: frozenset({ROLL}),
    P_PLAY: frozenset({BLUE, GOLD, ATTACK, RESOLVE}),
    P_FORK: frozenset({MOVE}),
    P_REWARD: frozenset({REWARD}),
    P_REMOVE: frozenset({REMOVE}),
    P_OVER: frozenset(),
}


def _why(state: LaborsState, action: Action) -> tuple[Reason, str]:
    """The most useful reason an action of a legal kind is refused."""
    data = state.data
    if action.kind == KEEP and action.card in data.rewards:
        r = data.rewards[action.card]
        if r.labour < state.config.start and r.labour not in state.kept:
            if state.courage - r.restart <= 0:
                return Reason.NO_COURAGE, "paying would bring Courage to 0"
    if action.kind == ABDERUS and action.card == "courage":
        return Reason.NO_COURAGE, "losing 5 Courage would bring Courage to 0"
    if action.kind not in (BLUE, GOLD, ATTACK):
        return Reason.ILLEGAL, f"{action.kind} {action.card or action.space} is not possible now"
    for d in action.dice:
        if not 0 <= d < len(state.roll) or state.roll[d].use != FREE:
            return Reason.NO_DIE, f"die {d + 1} is not free"
    if len(set(action.dice)) != len(action.dice):
        return Reason.NO_DIE, "a die is named twice"
    if action.kind == ATTACK:
        if not 0 <= action.target < len(state.trial):
            return Reason.ILLEGAL, "no such Trial die"
        if state.trial[action.target].health <= 0:
            return Reason.BEATEN, "that Trial die is already at 0"
        return Reason.NOT_MET, "these dice do not meet the attack method"
    if action.space in state.used:
        return Reason.SPACE_USED, "that space is used this roll"
    if action.kind == BLUE:
        if state.allocating:
            return Reason.BLUE_AFTER_GOLD, "blue abilities come before gold ones and attacks"
        space = next((s for s in blue_spaces(state) if s.key == action.space), None)
        if space is None:
            return _missing(state, action.space)
        if action.dice and state.roll[action.dice[0]].blue:
            return Reason.DIE_USED_BLUE, "this die has been on a blue space this roll"
        if state.courage - space.ability.cost <= 0:
            return Reason.NO_COURAGE, "paying would bring Courage to 0"
        return Reason.NOT_MET, "this ability cannot give that face"
    if not any(s.key == action.space for s in gold_spaces(state)):
        return _missing(state, action.space)
    return Reason.NOT_MET, "these dice do not fill that gold space"


def _missing(state: LaborsState, key: str) -> tuple[Reason, str]:
    card = key.partition(".")[0]
    if card == state.covered:
        return Reason.COVERED, "the Ghost of Pholus covers that Reward"
    return Reason.ILLEGAL, "no such space in play"


def _check(state: LaborsState, action: Action) -> None:
    err = validate(state, action)
    if err is not None:
        raise err


# --- applying --------------------------------------------------------------------------------


def apply(
    state: LaborsState, action: Action, seat: int | None = None
) -> tuple[LaborsState, Events]:
    """Apply a legal action: the new state and what happened. Refused: IllegalActionError."""
    err = validate(state, action, seat)
    if err is not None:
        raise err
    ev: Events = []
    k = action.kind
    if k == KEEP:
        state = _keep(state, action.card, ev)
    elif k == BEGIN:
        state = _fresh_trial(state)
        ev.append(Event("trial", n=state.labour))
    elif k == DRAW:
        state = _draw(state, ev)
    elif k == MOOD:
        if action.card == "redraw":
            state = _redraw(state, ev)
        state = _settle_mood(state, ev)
    elif k == ABDERUS:
        state = _abderus(state, action.card, ev)
    elif k == COVER:
        state = state.with_(covered=action.card, prompt=P_ROLL)
        ev.append(Event("covered", card=action.card))
    elif k == ROLL:
        state = _roll(state, ev)
    elif k == BLUE:
        state = _blue(state, action, ev)
    elif k == GOLD:
        state = _gold(state, action, ev)
    elif k == ATTACK:
        state = _attack(state, action, ev)
    elif k == RESOLVE:
        state = _resolve(state, ev)
    elif k == MOVE:
        state = _advance(state.with_(moves=(*state.moves, (action.target, action.space))), ev)
    elif k == REWARD:
        state = _reward(state, action.card, ev)
    elif k == REMOVE:
        state = state.with_(rewards=tuple(r for r in state.rewards if r != action.card))
        ev.append(Event("removed", card=action.card))
        state = _next_trial(state, ev)
    return state, ev


def _gain(
    state: LaborsState, courage: int = 0, divinity: int = 0, *, in_round: bool = False
) -> LaborsState:
    """Courage and Divinity changed, within their bounds (ruling 9).

    A round's gains and losses (``in_round``: its gold gains, its advance's losses) net
    before the bounds (ruling 6): a gold gain the bound cuts off is kept as the state's
    surplus, and the round's later losses take it first (at Courage 16, a gold +2 then a -2
    space leaves 16, not 15). The surplus goes when the round ends (:func:`_end_round`);
    outside a round (a Mood, a Reward's bonus, a blue cost, which comes before any gold
    gain) it is 0 and the bounds apply at once.
    """
    data = state.data
    c = state.courage + state.courage_surplus + courage
    d = state.divinity + state.divinity_surplus + divinity
    return state.with_(
        courage=max(0, min(data.courage_max, c)),
        divinity=max(0, min(data.divinity_top, d)),
        courage_surplus=max(0, c - data.courage_max) if in_round else 0,
        divinity_surplus=max(0, d - data.divinity_top) if in_round else 0,
    )


def _end_round(state: LaborsState, **also: Any) -> LaborsState:
    """The round is over: what the bounds cut off this round is gone (and the fields
    ``also`` changed, in the same copy)."""
    return state.with_(courage_surplus=0, divinity_surplus=0, **also)


def _swap_moods(state: LaborsState, rid: str) -> LaborsState:
    """A Reward's Mood change: its special Mood enters the deck as its paired Mood leaves."""
    r = state.data.rewards[rid]
    deck = list(state.mood_deck)
    out = list(state.moods_out)
    if r.mood_remove and r.mood_remove not in out:
        out.append(r.mood_remove)
        if r.mood_remove in deck:
            deck.remove(r.mood_remove)
    if r.mood_add and r.mood_add not in deck and r.mood_add != state.mood:
        deck.append(r.mood_add)
    return state.with_(mood_deck=tuple(deck), moods_out=tuple(out))


def _keep(state: LaborsState, rid: str, ev: Events) -> LaborsState:
    """Starting later: keep a Reward, paying its restart cost; dice and Divinity, no Courage."""
    r = state.data.rewards[rid]
    state = state.with_(
        courage=state.courage - r.restart,
        dice=min(state.data.max_dice, state.dice + r.dice),
        rewards=(*state.rewards, rid),
        kept=tuple(sorted((*state.kept, r.labour))),
    )
    state = _swap_moods(_gain(state, divinity=r.divinity), rid)
    ev.append(Event("kept", card=rid, n=r.restart))
    return state


def _draw(state: LaborsState, ev: Events) -> LaborsState:
    """Shuffle the Mood deck (the last trial's Mood back in, unless removed) and draw one."""
    deck = list(state.mood_deck)
    if state.mood and state.mood not in state.moods_out and state.mood not in deck:
        deck.append(state.mood)
    seed, deck = _rng.shuffled(state.rng, sorted(deck))
    mood, rest = deck[0], tuple(deck[1:])
    state = state.with_(rng=seed, mood=mood, mood_deck=rest)
    ev.append(Event("mood", card=mood, n=state.labour))
    if not state.redrawn and any(state.data.rewards[r].redraw_mood for r in state.rewards):
        return state.with_(prompt=P_MOOD)
    return _settle_mood(state, ev)


def _redraw(state: LaborsState, ev: Events) -> LaborsState:
    """Zeus' Disregard: the Mood goes under the deck and the next is drawn."""
    deck = (*state.mood_deck, state.mood)
    ev.append(Event("redraw", card=state.mood))
    state = state.with_(mood=deck[0], mood_deck=deck[1:], redrawn=True)
    ev.append(Event("mood", card=state.mood, n=state.labour))
    return state


def _settle_mood(state: LaborsState, ev: Events) -> LaborsState:
    """Apply the Mood's effect on drawing it (its lasting effects are read from ``mood``)."""
    mood = state.data.moods[state.mood]
    state = state.with_(mood_dice=mood.dice, prompt=P_ROLL)
    if mood.courage:
        state = _gain(state, courage=mood.courage)
        ev.append(Event("courage", card=mood.id, n=mood.courage))
        if state.courage <= 0:
            return _over(state, LOST_COURAGE, ev)
    if mood.choice is not None:
        return state.with_(prompt=P_ABDERUS)
    if mood.cover and state.rewards:
        return state.with_(prompt=P_PHOLUS)
    return state


def _abderus(state: LaborsState, choice: str, ev: Events) -> LaborsState:
    mood = state.data.moods[state.mood]
    assert mood.choice is not None
    if choice == "dice":
        ev.append(Event("abderus", card="dice", n=mood.choice[0]))
        return state.with_(mood_dice=state.mood_dice + mood.choice[0], prompt=P_ROLL)
    ev.append(Event("abderus", card="courage", n=mood.choice[1]))
    return _gain(state, courage=mood.choice[1]).with_(prompt=P_ROLL)


def _can_never_attack(state: LaborsState) -> bool:
    """Ruling 8: a trial without a skull (the Hind) whose method needs more dice than there are.

    Its rounds would go round the loop for ever; every loop costs Courage, so the run ends at
    Courage 0 whatever happens: the engine goes there at once.
    """
    lab = state.data.labour(state.labour)
    twin = any(s.ability.kind == "twin" for s in spaces_in_play(state)[0])
    have = state.trial_dice() + (1 if twin else 0)
    for t in state.active():
        die = lab.dice[t]
        # The dice count first: it is cheap, and it rules out nearly every roll before the
        # track is looked through for a skull.
        if have < min_dice(die.attack) and not any(s.skull for s in die.track.values()):
            return True
    return False


def _roll(state: LaborsState, ev: Events) -> LaborsState:
    """Roll the trial's dice (the Mood bends them); no usable die: the round resolves itself."""
    if _can_never_attack(state):
        ev.append(Event("endless", n=state.courage))
        return _over(state.with_(courage=0), LOST_COURAGE, ev)
    data = state.data
    mood = data.moods.get(state.mood)
    shift = mood.roll if mood else 0
    aside = mood.aside if mood else 0
    seed = state.rng
    dice: list[Die] = []
    for _ in range(state.trial_dice()):
        seed, face = _rng.roll_die(seed)
        face = max(1, min(6, face + shift))
        dice.append(Die(face, use=ASIDE if aside and face == aside else FREE))
    lab = data.labour(state.labour)
    no_shield = any("nb" in lab.dice[t].track[state.trial[t].node].effects for t in state.active())
    state = state.with_(
        rng=seed,
        roll=tuple(dice),
        round=state.round + 1,
        used=(),
        allocating=False,
        shields=0,
        no_shield=no_shield,
        prompt=P_PLAY,
    )
    ev.append(Event("rolled", values=tuple(d.value for d in dice), n=state.round))
    set_aside = tuple(i for i, d in enumerate(dice) if d.use == ASIDE)
    if set_aside:
        ev.append(Event("aside", dice=set_aside))
    if not state.usable():
        return _resolve(state, ev)
    return state


def _set(roll: tuple[Die, ...], i: int, die: Die) -> tuple[Die, ...]:
    return (*roll[:i], die, *roll[i + 1 :])


def _blue(state: LaborsState, action: Action, ev: Events) -> LaborsState:
    space: BlueSpace = next(s for s in spaces_in_play(state)[0] if s.key == action.space)
    ab = space.ability
    die = action.dice[0]
    roll = state.roll
    seed = state.rng
    roll = _set(roll, die, roll[die]._replace(blue=True))
    if ab.kind == "reroll":
        seed, face = _rng.roll_die(seed)
        roll = _reroll(state, roll, die, face)
        ev.append(Event("rerolled", dice=(die,), values=(face,)))
    elif ab.kind == "reroll_others":
        faces = []
        for other in action.dice[1:]:
            seed, face = _rng.roll_die(seed)
            faces.append(face)
            roll = _reroll(state, roll, other, face)
        ev.append(Event("rerolled", dice=action.dice[1:], values=tuple(faces)))
    elif ab.kind == "set_other":
        roll = _set(roll, die, roll[die]._replace(use=SPENT))
        other = action.dice[1]
        roll = _reroll(state, roll, other, action.value)
        ev.append(Event("set", dice=(other,), values=(action.value,)))
    elif ab.kind == "twin":
        roll = (*roll, Die(roll[die].value, blue=True, twin=True))
        ev.append(Event("twin", dice=(die, len(roll) - 1), values=(roll[die].value,)))
    else:
        roll = _reroll(state, roll, die, action.value)
        ev.append(Event("set", dice=(die,), values=(action.value,)))
    state = state.with_(rng=seed, roll=roll, used=(*state.used, space.key))
    if ab.cost:
        state = _gain(state, courage=-ab.cost)
        ev.append(Event("courage", card=space.card, n=-ab.cost))
    ev.insert(0, Event("blue", card=space.card, dice=action.dice, node=space.key))
    return state


def _reroll(state: LaborsState, roll: tuple[Die, ...], i: int, face: int) -> tuple[Die, ...]:
    """A die re-rolled or changed to ``face``: no Mood shift (rulebook), but the Ghost of
    Hippolyta takes its 1: the rulebook says "whenever a die shows a 1", so a 1 made by a
    blue ability goes aside too (the components file's "every rolled 1" is narrower; the
    text wins)."""
    mood = state.data.moods.get(state.mood)
    use = ASIDE if mood is not None and mood.aside and face == mood.aside else FREE
    return _set(roll, i, roll[i]._replace(value=face, use=use))


def _gold(state: LaborsState, action: Action, ev: Events) -> LaborsState:
    space = next(s for s in spaces_in_play(state)[1] if s.key == action.space)
    roll = state.roll
    for d in action.dice:
        roll = _set(roll, d, roll[d]._replace(use=ON_GOLD))
    state = state.with_(roll=roll, used=(*state.used, space.key), allocating=True)
    g = space.ability
    ev.append(Event("gold", card=space.card, dice=action.dice, node=space.key, n=g.amount))
    if g.gain == "shield":
        return state.with_(shields=state.shields + g.amount)
    if g.gain == "courage":
        ev.append(Event("courage", card=space.card, n=g.amount))
        return _gain(state, courage=g.amount, in_round=True)
    ev.append(Event("divinity", card=space.card, n=g.amount))
    return _gain(state, divinity=g.amount, in_round=True)


def _attack(state: LaborsState, action: Action, ev: Events) -> LaborsState:
    roll = state.roll
    for d in action.dice:
        roll = _set(roll, d, roll[d]._replace(use=ON_TRIAL))
    t = state.trial[action.target]
    trial = (
        *state.trial[: action.target],
        t._replace(health=t.health - 1),
        *state.trial[action.target + 1 :],
    )
    ev.append(Event("attack", dice=action.dice, target=action.target, n=t.health - 1))
    return state.with_(roll=roll, trial=trial, allocating=True)


def _resolve(state: LaborsState, ev: Events) -> LaborsState:
    """The dice are committed: the trial is beaten, or its live dice advance."""
    ev.append(Event("resolve", n=state.round))
    active = state.active()
    if not active:
        return _beaten(state.with_(used=(), allocating=False), ev)
    # One copy for both steps (a state is copied whole each time).
    return _advance(
        state.with_(used=(), allocating=False, wave=tuple(active), moves=(), second=False), ev
    )


def _advance(state: LaborsState, ev: Events) -> LaborsState:
    """Move the wave's dice once every fork is chosen, then apply the spaces they reach."""
    lab = state.data.labour(state.labour)
    chosen = dict(state.moves)
    for d in state.wave:
        if d in chosen:
            continue
        nexts = lab.dice[d].next_spaces(state.trial[d].node)
        if len(nexts) > 1:
            return state.with_(prompt=P_FORK)
        chosen[d] = nexts[0]
    trial = list(state.trial)
    loss = dv = bk = 0
    adv: list[int] = []
    skull = False
    for d in state.wave:
        node = chosen[d]
        ev.append(Event("moved", target=d, node=node, values=()))
        space = lab.dice[d].track[node]
        health = trial[d].health
        for eff in space.effects:
            if eff == SKULL:
                skull = True
            elif eff.startswith("-"):
                loss += int(eff[1:])
            elif eff.startswith("h"):
                healed = min(lab.dice[d].start, health + int(eff[1:]))
                if healed != health:
                    ev.append(Event("heal", target=d, n=healed - health))
                health = healed
            elif eff == "dv":
                dv += 1
            elif eff == "bk":
                bk += 1
            elif eff == "adv":
                adv.append(d)
        trial[d] = TrialDie(health, node)
    state = state.with_(trial=tuple(trial), wave=(), moves=())
    if skull:
        ev.append(Event("skull"))
        return _over(state, LOST_SKULL, ev)
    if loss:
        cancelled = 0 if state.no_shield else min(state.shields, loss)
        state = _gain(
            state.with_(shields=state.shields - cancelled),
            courage=cancelled - loss,
            in_round=True,
        )
        ev.append(Event("hurt", n=loss - cancelled, values=(loss, cancelled)))
    if dv:
        state = _gain(state, divinity=-dv, in_round=True)
        ev.append(Event("divinity", n=-dv))
    if bk:
        room = max(0, state.dice + state.mood_dice - state.broken)
        state = state.with_(broken=state.broken + min(bk, room))
        ev.append(Event("broken", n=min(bk, room)))
    if state.courage <= 0:
        return _over(state, LOST_COURAGE, ev)
    if adv and not state.second:
        others = tuple(d for d in state.active() if d not in adv)
        if others:
            ev.append(Event("adv", dice=tuple(adv)))
            return _advance(state.with_(wave=others, moves=(), second=True), ev)
    return _end_round(state, prompt=P_ROLL, roll=(), used=(), allocating=False, second=False)


def _beaten(state: LaborsState, ev: Events) -> LaborsState:
    ev.append(Event("beaten", n=state.labour))
    state = _end_round(state, beaten=(*state.beaten, state.labour), roll=())
    if state.labour == 12:
        top = state.divinity >= state.data.divinity_top
        return _over(state, WON if top else LOST_DIVINITY, ev)
    return state.with_(prompt=P_REWARD)


def _reward(state: LaborsState, rid: str, ev: Events) -> LaborsState:
    r = state.data.rewards[rid]
    state = state.with_(
        rewards=(*state.rewards, rid), dice=min(state.data.max_dice, state.dice + r.dice)
    )
    state = _swap_moods(_gain(state, courage=r.courage, divinity=r.divinity), rid)
    ev.append(Event("reward", card=rid))
    if r.remove_prior and len(state.rewards) > 1:
        return state.with_(prompt=P_REMOVE)
    return _next_trial(state, ev)


def _next_trial(state: LaborsState, ev: Events) -> LaborsState:
    state = _fresh_trial(state.with_(labour=state.labour + 1))
    ev.append(Event("trial", n=state.labour))
    return state


def _over(state: LaborsState, outcome: str, ev: Events) -> LaborsState:
    ev.append(Event("over", card=outcome))
    return _end_round(state, prompt=P_OVER, outcome=outcome, wave=(), moves=())


__all__ = [
    "AUTOMATIC",
    "BOW",
    "PLAYER",
    "PUBLIC_EVENTS",
    "SPECTATOR",
    "actor",
    "apply",
    "legal_actions",
    "new_game",
    "redact",
    "validate",
    "view",
]

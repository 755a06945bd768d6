"""The engine fuzz's per-game checks, shared by ``tests/engine/test_fuzz.py`` and ``tools/fuzz.py``.

Random-play conformance, in the style of OpenSpiel's ``random_sim_test``: :func:`play_checked`
plays the seeded random game of one configuration and checks, at every step, that the legal
actions are non-empty, sorted, duplicate-free and all accepted; that actions and the state
round-trip through JSON; that the invariants hold; that ``apply`` leaves its input alone and is
deterministic; that a random illegal action is refused with the right :class:`Reason`; and that
the score breakdown adds up. At the end, the action log replays to the final state. A failed
check raises ``AssertionError`` (or the engine's own error).

Test code, not product code: it lives beside the tests and imports only the engine and the
standard library (no pytest), so the command-line tool can run it in worker processes.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from operator import attrgetter

from hercules.games.mebo.engine import (
    CHANCE,
    Action,
    Event,
    GameConfig,
    GameState,
    IllegalActionError,
    Reason,
    apply,
    card_set,
    check_invariants,
    legal_actions,
    new_game,
    pnp_rules,
    replay,
    score,
    state_from_json,
    validate,
)
from hercules.games.mebo.engine.adapter import RULES

CONFIGS: tuple[GameConfig, ...] = (
    GameConfig(2, "standard"),
    GameConfig(3, "standard"),
    GameConfig(4, "standard"),
    GameConfig(2, "simplified"),
    GameConfig(3, "simplified"),
    GameConfig(4, "simplified"),
    GameConfig(2, "solo"),
    GameConfig(2, "pnp"),
    GameConfig(3, "pnp"),
    GameConfig(4, "pnp"),
)
CONFIG_IDS = [f"{c.mode}-{c.players}p" for c in CONFIGS]

#: A random game that has not ended after this many actions is a failure (games take ~100-400).
MAX_ACTIONS = 5000

#: Every action kind, and which of them answer each prompt (the README's list).
KINDS: tuple[str, ...] = (
    "choose_demigod",
    "end_rest",
    "end_turn",
    "erase",
    "hades",
    "labour",
    "power",
    "rest",
    "return_cube",
    "roll",
    "turn_up",
    "use",
)
#: Print-and-play kinds: a sheet has no cards, and cards are not used in that variant.
PNP_ONLY_KINDS = frozenset({"power", "erase"})
CARD_KINDS = frozenset({"use", "return_cube", "turn_up", "hades"})
PROMPT_KINDS: dict[str, frozenset[str]] = {
    "roll": frozenset({"roll"}),
    "action": frozenset({"labour", "use", "power", "end_turn", "rest"}),
    "choose_demigod": frozenset({"choose_demigod"}),
    "rest": frozenset({"return_cube", "turn_up", "erase", "end_rest"}),
    "hades": frozenset({"hades"}),
    "game_over": frozenset(),
}
ABILITIES: tuple[str, ...] = ("plus_one", "minus_one", "white_die", "copy", "reroll", "flip")
OPS: tuple[str, ...] = ("add", "sub", "mul", "div")
SYMBOLS: tuple[str, ...] = ("add", "sub", "mul", "div", "die")

CARDS = card_set().cards
CARD_IDS: tuple[str, ...] = tuple(sorted(CARDS))
DECK_IDS: tuple[str, ...] = tuple(d.id for d in card_set().decks)
ZEUS = card_set().zeus.id
HADES_CARD = card_set().hades.id
DICE_CHOICES: tuple[tuple[int, ...], ...] = (
    (),
    (0,),
    (1,),
    (2,),
    (0, 1),
    (1, 0),
    (0, 2),
    (1, 2),
    (0, 0),
    (0, 1, 2),
)


def game_seeds(config_index: int, games: int) -> list[int]:
    """Seeds of the fuzz games of one configuration: distinct over all configurations."""
    return [g * len(CONFIGS) + config_index for g in range(games)]


def per_config(total: int) -> int:
    """Split the ``--fuzz-games`` total over the configurations (at least one game each)."""
    return max(1, -(-total // len(CONFIGS)))


def random_game(config: GameConfig, seed: int) -> Iterator[tuple[GameState, Action, GameState]]:
    """The fuzz's game for ``seed``: uniformly random legal actions from ``Random(seed)``.

    A print-and-play labour is offered once per column its Apprentice may stop on; the fuzz
    picks the labour as one action, then one of its stops, so that the many stops do not
    crowd out powers and rests (the other modes, with one form per labour, draw as before).
    Yields ``(state, action, next_state)``; the coverage test replays exactly these games.
    """
    chooser = random.Random(seed)
    state = new_game(config, seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            return
        legal = legal_actions(state)
        forms: dict[Action, list[Action]] = {}
        for a in legal:
            forms.setdefault(a._replace(target=-1) if a.kind == "labour" else a, []).append(a)
        action = chooser.choice(list(forms))
        if len(forms[action]) > 1:
            action = chooser.choice(forms[action])
        nxt, _ = apply(state, action)
        yield state, action, nxt
        state = nxt
    raise AssertionError(f"{config} seed {seed}: no end after {MAX_ACTIONS} actions")


# --- checks ----------------------------------------------------------------------------------


def rerandomised(state: GameState, rng: random.Random) -> GameState:
    """``state`` changed in all that no seat sees: seed, generator, order beneath the tops."""
    t = state.copy()
    t.seed = rng.randrange(-(1 << 40), 1 << 40)
    t.rng = rng.randrange(1 << 64)
    t.demigod_stacks = tuple(
        (*rng.sample(st[:-1], len(st) - 1), st[-1]) if st else st for st in state.demigod_stacks
    )
    return t


def json_round_trip(state: GameState) -> GameState:
    """Check the state survives JSON text exactly; return the state read back.

    ``state_from_json`` also runs the variant's invariants (``check_invariants``) on what it
    reads, and the result equals ``state`` field by field, so the invariants hold for ``state``.
    The copy shares no mutable object with ``state``, so ``state == copy`` later proves that
    ``state`` was not changed: that is how the fuzz checks ``apply`` leaves its input alone,
    without serialising the state again. (``copy.to_json() == doc`` follows from the equality,
    ``to_json`` being a function of the compared fields; the fuzz checks it once per game.)
    """
    doc = state.to_json()
    text = json.dumps(doc, allow_nan=False)
    loaded = json.loads(text)
    assert loaded == doc, "to_json must produce plain JSON values (lists, not tuples)"
    back = state_from_json(loaded)
    assert back == state
    return back


def check_legal(state: GameState, legal: list[Action]) -> None:
    """The legal actions: typed, sorted, unique, answering the prompt, stable and valid."""
    if state.is_terminal:
        assert legal == []
        return
    assert legal, f"no legal action in a live state: {state!r}"
    assert all(type(a) is Action for a in legal)
    assert legal == sorted(legal), "legal actions must be sorted"
    assert len(set(legal)) == len(legal), "legal actions must be duplicate-free"
    kinds = {a.kind for a in legal}
    assert kinds <= PROMPT_KINDS[state.prompt], (state.prompt, kinds)
    if state.config.mode == "pnp":
        assert not kinds & CARD_KINDS, kinds
        assert all(not a.card for a in legal), "the print-and-play variant names no card"
    else:
        assert not kinds & PNP_ONLY_KINDS, kinds
    assert (state.current == CHANCE) == (state.prompt == "roll")
    # The returned list is the caller's: changing it does not change the state's answer.
    legal.append(Action("roll"))
    legal.pop()
    assert legal_actions(state) == legal
    # Every action through JSON text: one document for the whole list, each read back alone.
    docs = json.loads(json.dumps([a.to_json() for a in legal]))
    assert [Action.from_json(doc) for doc in docs] == legal
    for a in legal:
        assert validate(state, a) is None


def p_pos(state: GameState) -> int:
    """Where the Apprentice of the seat to act stands."""
    return state.players[state.current].pos


def check_reachable_pnp(state: GameState) -> None:
    """Print-and-play facts every reachable state keeps beyond ``check_invariants``."""
    assert sorted(state.box) == sorted(CARD_IDS), "every card stays in the box"
    assert not any(state.demigod_stacks) and not any(state.vase_stacks) and not state.top
    assert not any(state.columns)
    boxes = pnp_rules().boxes_per_row
    for p in state.players:
        assert p.supply == 0 and not p.cubed and not p.cards()
        assert all(0 <= o <= x <= boxes for x, o in zip(p.crosses, p.circles, strict=True))
        assert not p.circled & p.row, "only completed labours are circled"
        assert sum(p.jumps) <= p.pos and all(j >= 3 for j in p.jumps)
    if state.prompt == "action":
        legal = legal_actions(state)
        kinds = {a.kind for a in legal}
        # "Importante": after a power the turn ends only with no labour in reach.
        assert ("end_turn" in kinds) == (bool(state.powers_used) and "labour" not in kinds)
        assert ("rest" in kinds) == (not state.powers_used)
        # Every labour is offered once per column its Apprentice may stop on.
        for a in legal:
            if a.kind == "labour" and a.target >= 0:
                assert p_pos(state) <= a.target, "an Apprentice never moves back"
        p = state.players[state.current]
        free_labour = bool(~p.row & 0b1_1111_1111_1110 & ~p.circled)
        rows = {a.deck for a in legal if a.kind == "power"}
        for k, deck in enumerate(DECK_IDS):
            if deck in rows:
                assert free_labour and p.crosses[k] > p.circles[k], deck
        if not free_labour:
            assert not rows, "no completed, uncircled labour: no power"
    if state.prompt == "rest":
        legal = legal_actions(state)
        assert Action("end_rest") in legal
        p = state.players[state.current]
        erasable = {DECK_IDS[k] for k in range(6) if p.circles[k]}
        if state.rest_cubes >= 3:
            erasable = set()
        assert {a.deck for a in legal if a.kind == "erase"} == erasable
    if state.is_terminal:
        assert state.ended_by == ("column_12",)
        assert state.current == CHANCE


def check_reachable(state: GameState) -> None:
    """Facts every reachable state keeps beyond ``check_invariants``'s own list."""
    n = state.n
    assert state.pegasus == (state.round - 1) % n, "Pegasus passes left every round"
    if state.config.mode == "pnp":
        check_reachable_pnp(state)
        return
    zeus_held = [i for i, p in enumerate(state.players) if ZEUS in p.finals]
    if state.top and state.top[-1] == ZEUS:
        assert not zeus_held
    else:
        assert len(zeus_held) == 1, "Zeus lies on the Pantheon stack or in one seat's supply"
        assert ZEUS not in state.top
    for p in state.players:
        assert ZEUS not in p.gods
        assert HADES_CARD not in p.finals or p.hades
    if state.config.solo:
        assert HADES_CARD in state.players[1].finals
    else:
        assert HADES_CARD in state.box
    for p in state.players:
        if p.hades:
            continue
        if 1 <= p.pos <= 11:
            assert state.columns[p.pos] == "", "a hero stopping on a column takes its god"
        if p.pos == 12:
            assert not state.top or state.top[-1] != ZEUS, "the first hero on 12 takes Zeus"
        if p.finals:
            assert p.pos == 12, "heroes take Zeus and Pantheon cards only on column 12"
    pantheon_held = any(CARDS[c].kind == "pantheon" for p in state.players for c in p.finals)
    if pantheon_held:
        assert ZEUS not in state.top, "Pantheon cards lie under Zeus"
    if state.prompt == "action":
        kinds = {a.kind for a in legal_actions(state)}
        assert ("end_turn" in kinds) == bool(state.used)
        assert ("rest" in kinds) == (not state.used)
    if state.prompt == "rest":
        assert Action("end_rest") in legal_actions(state)
    if state.is_terminal:
        assert state.ended_by
        assert state.current == CHANCE


#: Every category of the score breakdown; ``total`` is their sum in every mode.
CATEGORIES: tuple[str, ...] = (
    "cards",
    "vases",
    "zeus_pantheon",
    "majorities",
    "sets",
    "cubes",
    "jumps",
    "reached_12",
    "labours",
)
#: A seat's categories then its total, read in one call (the score is checked at every step).
_BREAKDOWN_KEYS: tuple[str, ...] = (*CATEGORIES, "total")
_BREAKDOWN = attrgetter(*_BREAKDOWN_KEYS)


def reference_score_pnp(state: GameState) -> list[dict]:
    """The print-and-play scoring as the Italian text describes it, computed independently."""
    table = dict(pnp_rules().jump_vp)
    longest = max(table)
    rows = []
    for p in state.players:
        done = [c for c in range(1, 13) if not p.row >> c & 1]
        free = [c for c in done if not p.circled >> c & 1]
        rows.append(
            {
                **dict.fromkeys(CATEGORIES, 0),
                "jumps": sum(table[min(j, longest)] for j in p.jumps),
                "reached_12": 5 if p.pos == 12 else 0,
                "sets": 5 * min(p.crosses),
                "labours": len(free),
                "free": len(free),
                "won": 0,
            }
        )
    for k in range(6):
        best = max(p.crosses[k] for p in state.players)
        for r, p in zip(rows, state.players, strict=True):
            if best >= 1 and p.crosses[k] == best:
                r["won"] += 1
    for r in rows:
        r["majorities"] = 5 * r["won"]
        r["total"] = sum(r[k] for k in CATEGORIES)
    return rows


def reference_score(state: GameState) -> list[dict]:
    """Scoring as the rulebook describes it, computed independently of the engine."""
    if state.config.mode == "pnp":
        return reference_score_pnp(state)
    rows = []
    for p in state.players:
        holds = p.demigods + p.gods if state.config.gods_active else p.demigods
        symbols = Counter(sym for cid in holds for sym in CARDS[cid].symbols)
        rows.append(
            {
                "cards": sum(CARDS[c].vp for c in p.demigods + p.gods),
                "vases": sum(CARDS[c].vp for c in p.vases),
                "zeus_pantheon": sum(CARDS[c].vp for c in p.finals),
                "symbols": symbols,
                "sets": 5 * min(symbols[s] for s in SYMBOLS),
                "cubes": p.supply,
                "jumps": 0,
                "reached_12": 0,
                "labours": 0,
                "free": p.supply,
            }
        )
    for sym in SYMBOLS:
        best = max(r["symbols"][sym] for r in rows)
        for r in rows:
            r.setdefault("won", 0)
            if best >= 1 and r["symbols"][sym] == best:
                r["won"] += 1
    for r in rows:
        r["majorities"] = 5 * r["won"]
        r["total"] = sum(r[k] for k in CATEGORIES)
    return rows


def check_score(state: GameState) -> str:
    """The breakdown adds up and matches the rulebook; places follow totals and tie-breaks."""
    result = score(state)
    ref = reference_score(state)
    assert [ps.seat for ps in result.players] == list(range(state.n))
    keys = []
    for ps, want in zip(result.players, ref, strict=True):
        got = _BREAKDOWN(ps)
        parts = sum(got[:-1])
        assert parts == ps.total, f"seat {ps.seat}: breakdown {parts} != total {ps.total}"
        if got != tuple(want[k] for k in _BREAKDOWN_KEYS):
            raise AssertionError((ps.seat, dict(zip(_BREAKDOWN_KEYS, got, strict=True)), want))
        p = state.players[ps.seat]
        if state.config.variant.sheet:  # "Il giocatore con più PV vince": points only
            keys.append((ps.total,))
            continue
        keys.append((ps.total, p.pos, want["won"], want["free"]))
    best = max(keys)
    winners = tuple(i for i, k in enumerate(keys) if k == best)
    assert result.winners == winners
    for ps, k in zip(result.players, keys, strict=True):
        assert ps.place == 1 + sum(1 for other in keys if other > k)
    leaders = [k for k in keys if k[0] == best[0]]
    if len(leaders) == 1:
        want_tb = ""
    elif len(winners) > 1:
        want_tb = "shared"
    else:
        level = next(
            lvl
            for lvl in (1, 2, 3)
            if sum(1 for k in leaders if k[: lvl + 1] == best[: lvl + 1]) == 1
        )
        want_tb = ("apprentice_column", "majorities", "cubes_in_supply")[level - 1]
    assert result.tiebreak == want_tb
    json.dumps(result.to_json(), allow_nan=False)
    return result.tiebreak


def non_legal_action(state: GameState, legal: list[Action], rng: random.Random) -> Action:
    """A well-formed action that is not legal now: usually a near miss of a legal one."""
    legal_set = set(legal)
    for _ in range(50):
        if legal and rng.random() < 0.7:
            base = rng.choice(legal)
            field = rng.choice(("kind", "card", "op", "dice", "target", "deck"))
            value = {
                "kind": lambda: rng.choice(KINDS),
                "card": lambda: rng.choice(CARD_IDS),
                "op": lambda: rng.choice(OPS + ("",)),
                "dice": lambda: rng.choice(DICE_CHOICES),
                "target": lambda: rng.randrange(-1, state.n + 1),
                "deck": lambda: rng.choice(DECK_IDS + ("",)),
            }[field]()
            action = base._replace(**{field: value})
        else:
            action = Action(
                rng.choice(KINDS),
                card=rng.choice(("",) + CARD_IDS),
                op=rng.choice(("",) + OPS),
                dice=rng.choice(DICE_CHOICES),
                target=rng.randrange(-1, state.n),
                deck=rng.choice(("",) + DECK_IDS),
            )
        if action not in legal_set:
            return action
    raise AssertionError("could not find a non-legal action")


def expected_reason(state: GameState, legal: list[Action], action: Action) -> Reason:
    """Why a well-formed, non-legal action (naming real cards and decks) must be refused."""
    if state.is_terminal:
        return Reason.GAME_OVER
    if action.kind not in {a.kind for a in legal}:
        return Reason.WRONG_DECISION
    return Reason.ILLEGAL


def assert_refused(
    state: GameState,
    action: object,
    reason: Reason,
    seat: int | None = None,
    unchanged: GameState | None = None,
) -> None:
    """``apply`` refuses ``action`` with ``reason`` and leaves ``state`` as it was.

    ``unchanged`` is an equal copy of ``state`` sharing nothing with it (the fuzz passes the
    one :func:`json_round_trip` read back); by default one is read back from its JSON.
    """
    before = unchanged if unchanged is not None else state_from_json(state.to_json())
    legal_before = legal_actions(state)
    try:
        apply(state, action, seat)  # type: ignore[arg-type]
    except IllegalActionError as exc:
        refusal = exc
    else:
        raise AssertionError(f"apply accepted {action!r} (seat {seat}): {reason} expected")
    assert refusal.reason is reason, (action, seat, refusal.reason, str(refusal))
    assert str(refusal), "a refusal carries a message"
    err = validate(state, action, seat)
    assert isinstance(err, IllegalActionError) and err.reason is reason
    assert state == before, f"a refused {action!r} changed the state"
    assert legal_actions(state) == legal_before


def probe_refusals(
    state: GameState, legal: list[Action], rng: random.Random, unchanged: GameState
) -> None:
    """Refusals: a random non-legal action, a wrong seat, an unknown card id.

    ``unchanged``: an equal copy of ``state`` sharing nothing with it (see ``assert_refused``).
    """
    bad = non_legal_action(state, legal, rng)
    assert_refused(state, bad, expected_reason(state, legal, bad), unchanged=unchanged)
    assert_refused(state, Action("use", card="NO-SUCH-CARD"), Reason.MALFORMED, None, unchanged)
    if not state.is_terminal:
        good = rng.choice(legal)
        acting = RULES.actor(state)  # -1 for the roll and Hades' turn
        wrong_seat = rng.choice([s for s in range(-1, state.n) if s != acting])
        assert_refused(state, good, Reason.NOT_YOUR_TURN, wrong_seat, unchanged)


def events_json(events: list[Event]) -> str:
    assert all(type(e) is Event for e in events)
    return json.dumps([e.to_json() for e in events], allow_nan=False)


def play_checked(
    config: GameConfig, seed: int, replay_every_step: bool = False
) -> tuple[GameState, list[Action]]:
    """Play the fuzz game for ``seed`` with every per-step check; return the end and the log.

    The result is the final state and the actions played to reach it.

    Every check runs at every step; none is sampled. Two are proved through cheaper equal
    facts: the invariants by ``state_from_json`` (it checks them on the state read back, which
    equals ``state``), and "``apply`` leaves its input alone" by comparing the input with that
    read-back copy field by field instead of serialising it again (see :func:`json_round_trip`).
    """
    chooser = random.Random(seed)
    prober = random.Random(seed * 7919 + 1)  # refusal probes never disturb the game's choices
    state = new_game(config, seed)
    assert state == new_game(config, seed)
    log: list[Action] = []
    for _ in range(MAX_ACTIONS):
        legal = legal_actions(state)
        check_legal(state, legal)
        unchanged = json_round_trip(state)  # also checks the invariants
        check_reachable(state)
        check_score(state)
        probe_refusals(state, legal, prober, unchanged)
        if replay_every_step:
            assert replay(config, seed, log) == state
        if state.is_terminal:
            break
        action = chooser.choice(legal)
        nxt, events = apply(state, action)
        assert state == unchanged, f"apply changed its input state ({action})"
        # The seat that acts (Hades' turn and the roll are automatic: the adapter's actor -1).
        again, events_again = apply(state, action, seat=RULES.actor(state))
        assert again == nxt and events_again == events, f"apply is not deterministic ({action})"
        assert state == unchanged
        events_json(events)
        log.append(action)
        state = nxt
    else:
        raise AssertionError(f"{config} seed {seed}: no end after {MAX_ACTIONS} actions")
    # Once a game, explicitly: the copy read back serialises to the very same document.
    check_invariants(state)
    assert state_from_json(state.to_json()).to_json() == state.to_json()
    assert state.ended_by and set(state.ended_by) <= {"column_12", "hades_cubes"}
    if config.mode == "pnp":
        assert state.ended_by == ("column_12",)
    assert len(set(state.ended_by)) == len(state.ended_by)
    assert replay(config, seed, log) == state
    assert replay(config, seed, [Action.from_json(a.to_json()) for a in log]) == state
    return state, log

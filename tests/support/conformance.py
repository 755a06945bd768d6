"""The conformance suite's checks, for any game of the box (as OpenSpiel's ``api_test``).

Everything here reaches a game only through its registered :class:`GameSpec` and the
contract :class:`hercules.app.contract.GameRules`: ``spec.rules``, ``spec.variants``,
``spec.players``, ``spec.new_controller``, ``spec.make_bot`` and ``spec.bot_levels``. No game
package is imported by name, so a game gets every check by registering.

* :func:`play_checked` plays one seeded random game to the end and checks at every step what
  needs nothing new of the contract: the actor, the legal actions (:func:`check_legal`:
  non-empty, sorted, each accepted), the state's JSON round trip (:func:`check_json`), the
  summary, and that ``apply`` leaves its input alone, is deterministic and applies any legal
  action. The played :class:`Game` keeps every state, action and event, and the
  ``check_game_*`` functions check each of them: refusals (:func:`probe_refusals`: illegal and
  malformed actions refused with the game's error, the state unchanged; :func:`check_seats`:
  wrong and malformed seats), saves (:func:`check_save`: save, load, replay through the
  shell's save module), versions (:func:`check_version`), views (:func:`check_views`) and
  redaction (:func:`check_redact`).
* :func:`check_hidden` is the hidden-information test: two states that differ only in what a
  seat may not see (:func:`hidden_twins` builds them) give that seat equal views, equal legal
  actions and equal bot choices and reasons. :class:`PeekingBot` reads the whole state, and
  the check catches it.
* :func:`game_digest` and :func:`imported_modules` run in a fresh process for the
  determinism across processes and the engine's purity.

Test code, not product code: no pytest here. A failed check raises ``AssertionError``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

from hercules.app import saves
from hercules.app.contract import SPECTATOR
from hercules.app.controller import Controller, Record, Seat
from hercules.app.registry import (
    REGISTRY,
    GameSpec,
    RegistryError,
    check_spec,
    discover,
    load_games,
)
from support.toy_game.spec import SPEC as TOY_SPEC

#: A registered game of any state and action types.
Spec: TypeAlias = GameSpec[Any, Any, Any]
#: A random game that has not ended after this many steps is a failure.
MAX_STEPS = 5000
#: A save is written, read back and replayed every this many steps (and at the end).
SAVE_EVERY = 60
#: States kept per game for the hidden-information test (decision states, spread over it).
HIDDEN_SAMPLES = 4
#: The tests' own directory (``tests/``), put on a child process's path.
TESTS_DIR = Path(__file__).resolve().parent.parent
#: Modules an engine must never load (the window, its widgets, the user's folders).
FORBIDDEN_MODULES: tuple[str, ...] = ("pygame", "pygame_gui", "platformdirs")
KIT = "hercules.games._kit"
#: The box's data package: an engine reads its components there (``importlib.resources``).
DATA = "hercules.assets"

#: Stand-ins for one field of an action (or of its document) that the game never writes.
BAD_VALUES: tuple[Any, ...] = (None, "\x00no such thing", 0.5, True, False, 10**30, -(10**30))


def is_whole(value: Any) -> bool:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON text (so ``1.0`` is not ``1`` and ``true`` is not ``1``)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


# --- the games and their configurations ---------------------------------------------------------


def registered_games(extra: Sequence[Spec] = ()) -> list[Spec]:
    """Every game of the box, then ``extra`` (a test's own games) not registered already.

    A box whose registry refuses a game (``RegistryError``) still has every game checked:
    its specs are found as the registry finds them (``discover``), and the suite's
    registration test names the refusal.
    """
    try:
        specs = load_games().games()
    except RegistryError:
        specs = discover()
    ids = {s.id for s in specs}
    return specs + [s for s in extra if s.id not in ids]


def spec_of(game_id: str, extra: Sequence[Spec] = ()) -> Spec:
    """A game by id, registered or among ``extra``."""
    for spec in registered_games(extra):
        if spec.id == game_id:
            return spec
    raise KeyError(game_id)


def configurations(spec: Spec) -> list[tuple[str, int]]:
    """Every (variant, player count) the game sets up: a variant that refuses a count
    (``ValueError``: solo has two seats) does not offer it."""
    lo, hi = spec.players
    out = []
    for variant in spec.variants:
        for players in range(lo, hi + 1):
            try:
                spec.new_controller(variant, ["human"] * players, 0).close()
            except ValueError:
                continue
            out.append((variant, players))
    return out


def start(spec: Spec, variant: str, players: int, seed: int) -> tuple[Any, list[Seat]]:
    """The initial state and the seats of a new game with a human at every seat (an
    automaton keeps the seat its variant gives it)."""
    ctl = spec.new_controller(variant, ["human"] * players, seed)
    try:
        return ctl.state, list(ctl.seats)
    finally:
        ctl.close()


def next_action(rules: Any, state: Any, legal: list[Any], chooser: random.Random) -> Any:
    """The random game's choice: any legal action for a seat, the first one for an automatic
    step (what the controller takes)."""
    return legal[0] if rules.actor(state) < 0 else chooser.choice(legal)


@dataclass
class Game:
    """One played game: ``states[i]`` before ``actions[i]``, which made ``events[i]`` and was
    taken by ``actors[i]``; ``states[-1]`` is the end."""

    spec: Spec
    variant: str
    players: int
    seed: int
    seats: list[Seat]
    states: list[Any] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    events: list[list[Any]] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)
    #: decision states kept for the hidden-information test
    samples: list[Any] = field(default_factory=list)
    saves_checked: int = 0


# --- the checks of one state ----------------------------------------------------------------------


def check_json(rules: Any, state: Any, players: int) -> Any:
    """The invariants of one state that need no view; an equal copy read back from its JSON.

    The actor is -1 or a seat; the document is plain JSON, reads back to an equal state that
    writes the same document; the summary is JSON with the seat count.
    """
    who = rules.actor(state)
    assert is_whole(who) and -1 <= who < players, f"actor {who!r} is neither -1 nor a seat"
    assert isinstance(rules.is_terminal(state), bool)
    doc = rules.state_to_json(state)
    assert isinstance(doc, dict), "state_to_json must give a JSON object"
    loaded = json.loads(json.dumps(doc, allow_nan=False))
    assert loaded == doc, "state_to_json must give plain JSON values (lists, not tuples)"
    back = rules.state_from_json(loaded)
    assert back == state, "the state read back from its JSON differs"
    assert rules.state_to_json(back) == doc, "the state read back writes another document"
    meta = rules.summary(state)
    assert json.loads(json.dumps(meta, allow_nan=False)) == meta
    assert meta["players"] == players and "round" in meta
    assert meta["finished"] == rules.is_terminal(state)
    return back


def check_version(rules: Any, state: Any) -> None:
    """The state's document carries ``"version" == state_version`` and upgrades to itself
    with no rules change to report."""
    assert is_whole(rules.state_version) and rules.state_version >= 1
    doc = rules.state_to_json(state)
    assert is_whole(doc.get("version")), "a state document carries its version"
    assert doc["version"] == rules.state_version, (doc["version"], rules.state_version)
    up = rules.upgrade_state(json.loads(json.dumps(doc)))
    assert up.doc == doc, "upgrading a current document changed it"
    assert up.version == rules.state_version
    assert tuple(up.rules_changed) == (), "a current document has no rules change to report"


def check_legal(rules: Any, state: Any, legal: list[Any]) -> None:
    """The legal actions: none at the end, else non-empty, sorted, unique, each accepted, each
    action's document plain JSON that reads back."""
    if rules.is_terminal(state):
        assert legal == [], "a finished game has no legal action"
        return
    assert legal, "a live state has no legal action"
    assert legal == sorted(legal), "legal actions must be sorted"
    assert len(set(legal)) == len(legal), "legal actions must be duplicate-free"
    legal.append(None)  # the list is the caller's: changing it changes nothing of the game's
    legal.pop()
    assert rules.legal_actions(state) == legal
    for action in legal:
        assert rules.validate(state, action) is None, f"validate refuses legal {action!r}"
        doc = rules.action_to_json(action)
        text = json.dumps(doc, allow_nan=False)
        back = rules.action_from_json(json.loads(text))
        assert back == action and type(back) is type(action), (action, back)


def check_views(rules: Any, state: Any, players: int) -> None:
    """Every seat's view and the spectator's: the same type, no seed or generator, a view of
    a view is itself; the actor's view gives its legal actions; other seats are refused."""
    before = rules.state_to_json(state)
    who = rules.actor(state)
    for seat in (SPECTATOR, *range(players)):
        v = rules.view(state, seat)
        assert type(v) is type(state), f"view for {seat} is a {type(v).__name__}"
        assert rules.seed_of(v) == 0, f"the view for seat {seat} shows the seed"
        vdoc = rules.state_to_json(v)
        for key in ("seed", "rng"):  # the box's games keep the generator as "rng"
            if key in vdoc:
                assert vdoc[key] == 0, f"the view for seat {seat} shows {key!r}"
        assert rules.view(v, seat) == v, f"the view for seat {seat} of its own view differs"
        # What a client of the table server is sent, it reads back as the view itself.
        back = rules.view_from_json(json.loads(json.dumps(vdoc)))
        assert back == v, f"the view for seat {seat} does not read back (view_from_json)"
        assert rules.actor(v) == who and rules.is_terminal(v) == rules.is_terminal(state)
        if seat == who:
            assert rules.legal_actions(v) == rules.legal_actions(state), "the actor's view "
    for seat in (players, -2):
        try:
            rules.view(state, seat)
        except ValueError:
            continue
        raise AssertionError(f"view for seat {seat} of a {players}-seat game is not refused")
    assert rules.state_to_json(state) == before, "a view changed the state"


def check_redact(rules: Any, events: list[Any], players: int) -> None:
    """Every event redacted for every seat and the spectator: an event of the same type, and
    redacting it again changes nothing."""
    for event in events:
        for seat in (SPECTATOR, *range(players)):
            out = rules.redact(event, seat)
            assert type(out) is type(event), f"redact({event!r}, {seat}) is a {type(out)}"
            assert rules.redact(out, seat) == out, f"redacting {event!r} twice differs"
            doc = rules.event_to_json(out)
            assert isinstance(doc, dict), f"event_to_json({out!r}) is not an object"
            # A client of the server is sent exactly this, and reads it back as the event.
            back = rules.event_from_json(json.loads(json.dumps(doc)))
            assert back == out, f"event {out!r} reads back as {back!r} (event_from_json)"


# --- refusals -------------------------------------------------------------------------------------


def _replaced(action: Any, name: str, value: Any) -> Any:
    if hasattr(action, "_replace"):
        return action._replace(**{name: value})
    return dataclasses.replace(action, **{name: value})


def action_fields(action: Any) -> tuple[str, ...]:
    """The fields of an action value (a named tuple or a dataclass; none for anything else)."""
    if hasattr(action, "_fields"):
        return tuple(action._fields)
    if dataclasses.is_dataclass(action):
        return tuple(f.name for f in dataclasses.fields(action))
    return ()


def malformed_actions(action: Any, legal: list[Any]) -> Iterator[Any]:
    """Values near ``action`` that are no legal action: each field replaced by a value of
    another type (``True`` for ``1`` is malformed, not equal) or by one the game never has."""
    for name in action_fields(action):
        old = getattr(action, name)
        for value in BAD_VALUES:
            if type(value) is type(old) and value == old:
                continue
            bad = _replaced(action, name, value)
            strictly_legal = type(value) is type(old) and bad in legal
            if not strictly_legal:
                yield bad


def wrong_seats(who: int, players: int) -> list[Any]:
    """Seats that may not take a step of ``who``: every other seat and -1, one past the last,
    ``True`` and ``False`` (never seats, even where equal to one), and ``who`` itself as a
    float and as a text."""
    out: list[Any] = [s for s in range(-1, players + 1) if s != who]
    return [*out, True, False, float(who), str(who)]


def assert_refused(rules: Any, state: Any, action: Any, seat: Any, unchanged: Any) -> None:
    """``validate`` refuses ``action`` from ``seat`` with one of the game's errors, ``apply``
    raises one, and the state is as it was (``unchanged``: an equal copy)."""
    what = f"{action!r} from seat {seat!r}"[:200]
    try:
        err = rules.validate(state, action, seat)
    except Exception as exc:  # noqa: BLE001 - a crash is the finding
        raise AssertionError(f"validate crashed on {what}: {type(exc).__name__}: {exc}") from exc
    assert isinstance(err, rules.error_types), f"validate gave {err!r} for {what}"
    try:
        rules.apply(state, action, seat)
    except rules.error_types:
        pass
    except Exception as exc:  # noqa: BLE001
        raise AssertionError(f"apply crashed on {what}: {type(exc).__name__}: {exc}") from exc
    else:
        raise AssertionError(f"apply took {what}, which validate refuses")
    assert state == unchanged, f"refusing {what} changed the state"


def check_action_documents(rules: Any, action: Any) -> None:
    """A damaged action document is refused with one of the game's errors, or (if read) it is
    exactly what the game writes for the action it reads."""
    doc = rules.action_to_json(action)
    bad_docs: list[Any] = [None, "roll", 3, [], [doc], {}]
    if isinstance(doc, dict):
        bad_docs.append({**doc, "extra": 1})
        for key in doc:
            bad_docs.append({k: v for k, v in doc.items() if k != key})
            bad_docs += [{**doc, key: value} for value in BAD_VALUES]
    for bad in bad_docs:
        try:
            read = rules.action_from_json(bad)
        except rules.error_types:
            continue
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(
                f"action_from_json crashed on {bad!r:.120}: {type(exc).__name__}: {exc}"
            ) from exc
        assert same_json(rules.action_to_json(read), bad), (
            f"action_from_json read {bad!r:.120} as {read!r}, which writes otherwise"
        )


def probe_refusals(
    rules: Any,
    state: Any,
    legal: list[Any],
    unchanged: Any,
    prober: random.Random,
    foreign: Sequence[Any] = (),
    probes: int = 6,
) -> None:
    """Refusals at one state: ``probes`` picked at random from every kind (so that a long
    game tries them all): values that are no action, legal actions of other states
    (``foreign``), actions with a field made malformed. Each must be refused with the game's
    error, the state unchanged; a damaged action document is refused too."""
    legal_set = set(legal)
    cases: list[Any] = [None, "roll", 0, (), {}, object()]
    cases += [a for a in foreign if a not in legal_set]
    if legal:
        cases += malformed_actions(prober.choice(legal), legal)
    for action in prober.sample(cases, min(probes, len(cases))):
        assert_refused(rules, state, action, None, unchanged)
    if legal:
        check_action_documents(rules, prober.choice(legal))


def check_seats(rules: Any, state: Any, legal: list[Any], players: int, unchanged: Any) -> None:
    """A legal action is accepted from the actor's seat (-1 for an automatic step) and refused
    from every other seat and every malformed one, the state unchanged."""
    who = rules.actor(state)
    for action in legal[:1] + legal[-1:]:
        err = rules.validate(state, action, who)
        assert err is None, f"validate refuses {action!r} from the actor's seat {who}: {err}"
        for seat in wrong_seats(who, players):
            assert_refused(rules, state, action, seat, unchanged)


# --- saves ----------------------------------------------------------------------------------------


def check_save(game: Game, upto: int, path: Path | None = None) -> None:
    """Save the game after ``upto`` actions through the shell's save module, read it back
    (from ``path`` when given, else from the document's text) and check the loaded game
    replays to the very same states, actions and seats, and resumes in a controller."""
    rules = game.spec.rules
    state = game.states[upto]
    records = [
        Record(a, who, list(ev))
        for a, who, ev in zip(game.actions[:upto], game.actors, game.events, strict=False)
    ]
    ctl = Controller(rules, state, game.seats)
    ctl.restore(records, game.states[:upto])
    names = [f"P{i}" for i in range(len(game.seats))]
    if path is not None:
        saves.save_game(path, ctl, names, label="conformance")
        loaded = saves.load_save(path, rules)
    else:
        doc = saves.game_document(ctl, names, label="conformance")
        loaded = saves.read_document(saves.parse_json(saves.dumps(doc).encode("utf-8")), rules)
    ctl.close()
    assert loaded.state == state, "the loaded game is not the saved state"
    assert rules.state_to_json(loaded.state) == rules.state_to_json(state)
    assert list(loaded.actions) == game.actions[:upto]
    assert list(loaded.states) == game.states[: upto + 1], "the replay passes other states"
    assert [s.kind for s in loaded.seats] == [s.kind for s in game.seats]
    assert loaded.seed == rules.seed_of(state)
    resumed = saves.restore_controller(loaded, rules, game.spec.make_bot)
    try:
        assert resumed.state == state and resumed.actions == game.actions[:upto]
    finally:
        resumed.close()
    game.saves_checked += 1


# --- one game, every step checked ---------------------------------------------------------------


def play_checked(
    spec: Spec, variant: str, players: int, seed: int, *, checked: bool = True
) -> Game:
    """Play the seeded random game of one configuration to the end, checking every step what
    needs no view nor version: the actor, the legal actions (:func:`check_legal`), the state's
    JSON (:func:`check_json`), the summary, and that ``apply`` leaves its input alone, is
    deterministic, and applies any legal action; the played :class:`Game`, with decision
    states kept for the hidden-information test. ``checked=False`` only plays (the same
    game, faster)."""
    rules = spec.rules
    chooser = random.Random(seed)
    prober = random.Random(seed * 7919 + 1)  # the checks' own choices never disturb the game's
    state, seats = start(spec, variant, players, seed)
    config = rules.config_to_json(state)
    assert json.loads(json.dumps(config)) == config
    assert rules.new_game(config, seed) == state, "new_game from the config gives another game"
    assert start(spec, variant, players, seed)[0] == state, "the same seed set up another game"
    assert rules.seed_of(state) == seed
    game = Game(spec, variant, players, seed, seats, states=[state])
    decisions: list[Any] = []
    for _ in range(MAX_STEPS):
        legal = rules.legal_actions(state)
        if checked:
            check_legal(rules, state, legal)
            unchanged = check_json(rules, state, players)
            assert rules.config_to_json(state) == config and rules.seed_of(state) == seed
        if rules.is_terminal(state):
            return _sampled(game, decisions, prober)
        who = rules.actor(state)
        if who >= 0 and len(legal) > 1:
            decisions.append(state)
        action = next_action(rules, state, legal, chooser)
        nxt, events = rules.apply(state, action)
        other = prober.choice(legal)  # what validate accepts, apply applies: any legal one
        if checked:
            assert state == unchanged, f"apply changed its input ({action!r})"
            again, events_again = rules.apply(state, action)
            assert (again, events_again) == (nxt, events), (
                f"apply is not deterministic ({action!r})"
            )
            rules.apply(state, other)
            assert state == unchanged
            assert rules.reveals(state, nxt, events) in (True, False)
        game.actions.append(action)
        game.events.append(events)
        game.actors.append(who)
        game.states.append(nxt)
        state = nxt
    raise AssertionError(f"{spec.id} {variant} {players}p seed {seed}: no end in {MAX_STEPS}")


def _sampled(game: Game, decisions: list[Any], rng: random.Random) -> Game:
    if decisions:
        picks = sorted(rng.sample(range(len(decisions)), min(HIDDEN_SAMPLES, len(decisions))))
        game.samples = [decisions[i] for i in picks]
    return game


def check_game_refusals(game: Game, seat_checks: bool = False) -> None:
    """At every state of a played game, :func:`probe_refusals` (the legal actions of earlier
    states among the probes), or with ``seat_checks`` :func:`check_seats`; at the end, the
    last action and earlier ones are refused too, from no seat and from the last actor's."""
    rules = game.spec.rules
    prober = random.Random(game.seed * 104729 + 3)
    for i, state in enumerate(game.states):
        legal = rules.legal_actions(state)
        unchanged = rules.state_from_json(rules.state_to_json(state))
        if seat_checks:
            check_seats(rules, state, legal, game.players, unchanged)
            continue
        earlier = game.actions[max(0, i - 12) : i]
        probe_refusals(rules, state, legal, unchanged, prober, prober.sample(earlier, min(3, i)))
    end = game.states[-1]
    unchanged = rules.state_from_json(rules.state_to_json(end))
    for action in [*game.actions[-1:], *prober.sample(game.actions, min(4, len(game.actions)))]:
        for seat in (None, *game.actors[-1:]):
            assert_refused(rules, end, action, seat, unchanged)


def check_game_saves(game: Game, path: Path, every: int = SAVE_EVERY) -> None:
    """The game saved every ``every`` actions (in memory) and at its end (to ``path``), each
    read back and replayed (:func:`check_save`)."""
    for upto in range(every, len(game.actions), every):
        check_save(game, upto)
    check_save(game, len(game.actions), path)


def check_game_versions(game: Game) -> None:
    """:func:`check_version` at every state of a played game."""
    for state in game.states:
        check_version(game.spec.rules, state)


def check_game_views(game: Game) -> None:
    """:func:`check_views` at every state of a played game."""
    for state in game.states:
        check_views(game.spec.rules, state, game.players)


def check_game_redaction(game: Game) -> None:
    """:func:`check_redact` on every event of a played game."""
    for events in game.events:
        check_redact(game.spec.rules, events, game.players)


def replay(game: Game) -> list[Any]:
    """Every state the game's action log gives when replayed from its configuration and seed."""
    rules = game.spec.rules
    state = rules.new_game(rules.config_to_json(game.states[0]), game.seed)
    states = [state]
    for action in game.actions:
        state, _ = rules.apply(state, action)
        states.append(state)
    return states


# --- the hidden-information test ----------------------------------------------------------------


@dataclass
class _Slot:
    """Where a state's document holds something a view replaced."""

    path: tuple[Any, ...]
    index: int = -1  #: an item of a list (-1: the value at ``path`` itself)


def _hidden_slots(doc: Any, vdoc: Any, path: tuple[Any, ...] = ()) -> Iterator[_Slot]:
    """The places of ``doc`` that the view's document ``vdoc`` does not show.

    A scalar that differs is hidden; in a list of scalars that differs, the items the view's
    list does not hold (as a multiset: a hand that shows one card and hides two); lists of
    objects of one length and objects of the same keys are compared item by item.
    """
    if isinstance(doc, dict) and isinstance(vdoc, dict) and set(doc) == set(vdoc):
        for key in doc:
            yield from _hidden_slots(doc[key], vdoc[key], (*path, key))
    elif isinstance(doc, list) and isinstance(vdoc, list):
        if all(not isinstance(x, dict | list) for x in doc):
            if doc != vdoc:
                shown = Counter(x for x in vdoc if not isinstance(x, dict | list))
                for i, item in enumerate(doc):
                    if shown[item] > 0:
                        shown[item] -= 1
                    else:
                        yield _Slot(path, i)
        elif len(doc) == len(vdoc):
            for i, (a, b) in enumerate(zip(doc, vdoc, strict=True)):
                yield from _hidden_slots(a, b, (*path, i))
    elif not isinstance(doc, dict | list) and doc != vdoc:
        yield _Slot(path)


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _put(doc: Any, slot: _Slot, value: Any) -> None:
    if slot.index >= 0:
        _at(doc, slot.path)[slot.index] = value
    else:
        _at(doc, slot.path[:-1])[slot.path[-1]] = value


def _candidates(doc: dict[str, Any], slots: list[_Slot], rng: random.Random) -> Iterator[Any]:
    """Documents with the hidden places re-dealt: the hidden items of the lists shuffled
    across all lists (of one item type), or within each list, or left; the hidden whole
    numbers (the seed, the generator) drawn anew, all or one at a time, and hidden flags
    flipped. Lists that were sorted are sorted again."""
    items = [s for s in slots if s.index >= 0]
    numbers = [s for s in slots if s.index < 0 and is_whole(_at(doc, s.path))]
    flags = [s for s in slots if s.index < 0 and isinstance(_at(doc, s.path), bool)]
    was_sorted = {s.path for s in items if _at(doc, s.path) == sorted(_at(doc, s.path))}

    def dealt(shuffle: str, renumber: Sequence[_Slot], flip: bool = False) -> Any:
        out = json.loads(json.dumps(doc))
        groups: dict[Any, list[_Slot]] = {}
        for s in items if shuffle else ():
            kind = type(_at(doc, s.path)[s.index]).__name__
            groups.setdefault((kind,) if shuffle == "across" else (kind, s.path), []).append(s)
        for group in groups.values():
            values = [_at(doc, s.path)[s.index] for s in group]
            rng.shuffle(values)
            for s, v in zip(group, values, strict=True):
                _put(out, s, v)
        for p in was_sorted:
            _at(out, p).sort()
        for s in renumber:
            _put(out, s, rng.randrange(1, 2**32))
        for s in flags if flip else ():
            _put(out, s, not _at(doc, s.path))
        return out

    for shuffle in ("across", "across", "within", ""):
        yield dealt(shuffle, numbers)
        yield dealt(shuffle, numbers, flip=True)
        yield dealt(shuffle, ())
        for s in numbers:
            yield dealt(shuffle, [s])


def hidden_twins(rules: Any, state: Any, seat: int, rng: random.Random, most: int = 2) -> list[Any]:
    """States that differ from ``state`` only in what ``seat`` may not see (at most ``most``).

    Generic: the places where ``state_to_json`` of the state and of its view differ are what
    the view hides; they are re-dealt (:func:`_candidates`) and a document the game reads back
    (``state_from_json`` checks it is a possible game) whose view for ``seat`` is the same
    view is a twin. None may be found (every re-deal refused): the caller counts them.
    """
    doc = rules.state_to_json(state)
    slots = list(_hidden_slots(doc, rules.state_to_json(rules.view(state, seat))))
    if not slots:
        return []
    mine = rules.view(state, seat)
    twins: list[Any] = []
    for candidate in _candidates(doc, slots, rng):
        try:
            other = rules.state_from_json(candidate)
        except rules.error_types:
            continue
        if other != state and other not in twins and rules.view(other, seat) == mine:
            twins.append(other)
            if len(twins) >= most:
                break
    return twins


def _explain(bot: Any) -> Any:
    explain = getattr(bot, "explain", None)
    return explain() if callable(explain) else None


def check_hidden(
    rules: Any,
    state: Any,
    other: Any,
    seat: int,
    make_bot: Callable[[str], Any],
    levels: Sequence[str],
    tries: int = 1,
) -> None:
    """``state`` and ``other`` differ only in what ``seat`` may not see: its views are equal,
    and at its turn its legal actions and every bot level's choice and reason are the same
    on both states and on the view (each bot with the same generator seeds)."""
    mine = rules.view(state, seat)
    assert rules.view(other, seat) == mine, f"seat {seat}: the views differ"
    if rules.actor(state) != seat:
        return
    assert rules.actor(other) == seat, f"seat {seat}: another seat acts in the twin"
    legal = rules.legal_actions(state)
    assert rules.legal_actions(other) == legal, f"seat {seat}: other legal actions in the twin"
    for level in levels:
        for k in range(tries):
            picks = []
            for shown in (state, other, mine):
                bot = make_bot(level)
                picks.append((bot.choose(shown, list(legal), random.Random(k)), _explain(bot)))
            assert picks[0] == picks[1], (
                f"bot {level!r} at seat {seat} chose {picks[0]} on the state but {picks[1]} on a "
                "state that differs only in what it may not see: it reads hidden things"
            )
            assert picks[0] == picks[2], (
                f"bot {level!r} at seat {seat} chose {picks[0]} on the state but {picks[2]} on "
                "its view"
            )


class PeekingBot:
    """A cheat: picks by a digest of the whole state it is handed (the seed, the generator,
    every hidden card), as a bot that reads the state instead of its view would."""

    name = "peeking"
    threaded = False

    def explain(self) -> str:
        return ""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        text = json.dumps(self.rules.state_to_json(view), sort_keys=True)
        return legal[int(hashlib.sha256(text.encode()).hexdigest(), 16) % len(legal)]


def check_events_tell_no_more(
    rules: Any, state: Any, other: Any, seat: int, rng: random.Random, most: int = 3
) -> int:
    """An event tells ``seat`` no more than its view after it: for actions legal in both
    twins, when the two states after them give ``seat`` equal views, the events redacted for
    ``seat`` are equal too. Returns how many actions were compared."""
    if rules.actor(state) != rules.actor(other):
        return 0
    shared = [a for a in rules.legal_actions(state) if a in set(rules.legal_actions(other))]
    compared = 0
    for action in rng.sample(shared, min(most, len(shared))):
        after, events = rules.apply(state, action)
        after2, events2 = rules.apply(other, action)
        if rules.view(after, seat) != rules.view(after2, seat):
            continue  # the step showed the seat something the twins differ in: fair
        told = [rules.redact(e, seat) for e in events]
        told2 = [rules.redact(e, seat) for e in events2]
        assert told == told2, (
            f"after {action!r} seat {seat} is told {told} in one twin and {told2} in the other, "
            "though its views are equal: an event names something it may not see"
        )
        compared += 1
    return compared


def hidden_checks(
    game: Game, make_bot: Callable[[str], Any], levels: Sequence[str], seed: int = 0
) -> int:
    """The hidden-information test on a game's sampled states, for the actor and every other
    seat and the spectator (:func:`check_hidden`, :func:`check_events_tell_no_more`);
    returns how many twins were checked."""
    rules = game.spec.rules
    rng = random.Random(seed)
    checked = 0
    for state in game.samples:
        for seat in dict.fromkeys((rules.actor(state), SPECTATOR, *range(game.players))):
            for other in hidden_twins(rules, state, seat, rng):
                check_hidden(rules, state, other, seat, make_bot, levels)
                check_events_tell_no_more(rules, state, other, seat, rng)
                if seat == SPECTATOR:
                    check_summary_is_public(rules, state, other)
                checked += 1
    return checked


def check_summary_is_public(rules: Any, state: Any, other: Any) -> None:
    """``state`` and ``other`` differ only in what no seat's onlooker may see: their
    summaries are equal. The summary is what the load screen shows of a save to whoever sits
    at the screen, and ``--check-save`` prints, before the game is over."""
    if rules.is_terminal(state):
        return
    assert rules.summary(state) == rules.summary(other), (
        f"the summary {rules.summary(state)} becomes {rules.summary(other)} on a state that "
        "differs only in what a spectator may not see: the load screen would tell a secret"
    )


# --- in another process -------------------------------------------------------------------------


def game_digest(game_id: str, variant: str, players: int, seed: int, steps: int) -> str:
    """A digest of a short game played by the game's bots (every level, seat by seat)
    through the controller: every state's document, action and reason."""
    spec = spec_of(game_id, (TOY_SPEC,))
    levels = list(spec.bot_levels)
    kinds = [levels[i % len(levels)] for i in range(players)]
    ctl = spec.new_controller(variant, kinds, seed)
    rules = spec.rules
    h = hashlib.sha256()
    try:
        for _ in range(steps):
            record = ctl.step(wait=True)
            if record is None:
                break
            line = [rules.action_to_json(record.action), record.reason, repr(record.events)]
            h.update(json.dumps([line, rules.state_to_json(ctl.state)], sort_keys=True).encode())
    finally:
        ctl.close()
    return h.hexdigest()


def run_python(code: str, hash_seed: str = "0") -> str:
    """Run ``code`` in a fresh interpreter (``support`` importable, headless, the given hash
    seed); its standard output."""
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = hash_seed
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(TESTS_DIR), env.get("PYTHONPATH")) if p)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    # -P: not the working directory first on the path, or a checkout's own hercules/ (which
    # has no assets: they ship inside the wheel) would hide the installed package.
    done = subprocess.run(
        [sys.executable, "-P", "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


#: A child process's probe of an engine: import its rules module alone (the global
#: ``random`` functions watched), find the rules object, play a short game, and report the
#: modules loaded and the global ``random`` calls made.
_PURITY_PROBE = """
import importlib, json, random, sys
calls = []
def watch(name, real):
    def watched(*args, **kwargs):
        calls.append(name)
        return real(*args, **kwargs)
    return watched
for name in ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
             "uniform", "getrandbits", "seed"):
    setattr(random, name, watch(name, getattr(random, name)))
module = importlib.import_module(MODULE)
rules = next(v for v in vars(module).values() if type(v).__qualname__ == KIND)
state = rules.new_game(CONFIG, 3)
for step in range(300):
    if rules.is_terminal(state):
        break
    legal = rules.legal_actions(state)
    state, events = rules.apply(state, legal[step % len(legal)])
    rules.state_to_json(state)
    if hasattr(rules, "view"):
        rules.view(state, -1)
print(json.dumps({"modules": sorted(sys.modules), "random_calls": calls}))
"""


def engine_probe(rules: Any, config: dict[str, Any]) -> dict[str, Any]:
    """What a fresh interpreter loads and calls importing the ``rules`` object's module alone
    and playing a short game of ``config`` with it: ``modules`` and ``random_calls``."""
    kind = type(rules)
    head = f"MODULE = {kind.__module__!r}\nKIND = {kind.__qualname__!r}\n"
    head += f"CONFIG = json.loads({json.dumps(config)!r})\nimport json\n"
    code = "import json\n" + head + _PURITY_PROBE
    out: dict[str, Any] = json.loads(run_python(code).strip().splitlines()[-1])
    return out


def impure_modules(module: str, loaded: Sequence[str]) -> list[str]:
    """What importing the rules ``module`` loaded that an engine may not: the window's
    modules, or any of the box's modules but its own package, its parents, the kit and the
    data package."""
    package = module.rpartition(".")[0] or module
    allowed_roots = (package, KIT, DATA)
    parents = {p[:i] for p in allowed_roots for i in range(len(p)) if p[i] == "."}
    bad = []
    for name in loaded:
        top = name.partition(".")[0]
        if top in FORBIDDEN_MODULES:
            bad.append(name)
        elif top == "hercules" and name not in parents:
            if not any(name == r or name.startswith(r + ".") for r in allowed_roots):
                bad.append(name)
    return bad


def registers(spec: Spec) -> None:
    """``spec`` passes the registry's checks (``RegistryError`` saying why not)."""
    check_spec(spec)
    if spec.id in REGISTRY:
        assert REGISTRY.get(spec.id) is spec, f"another game has the id {spec.id!r}"


__all__ = [
    "Game",
    "PeekingBot",
    "check_hidden",
    "check_summary_is_public",
    "check_save",
    "configurations",
    "game_digest",
    "hidden_checks",
    "hidden_twins",
    "engine_probe",
    "impure_modules",
    "play_checked",
    "registered_games",
    "registers",
    "run_python",
]

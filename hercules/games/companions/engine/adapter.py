"""The draft game through the box's contract (:class:`hercules.app.contract.GameRules`), and
its state document (issue 25). Not registered yet: ``tests/companions`` runs the conformance
suite's checks on it directly."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from hercules.games._kit.errors import (
    GameError,
    IllegalActionError,
    InvalidStateError,
    MalformedActionError,
)
from hercules.games._kit.fields import Fields, from_plain, is_whole, plain
from hercules.games._kit.rng import MASK64
from hercules.games._kit.versions import StateFormat, Upgraded

from . import rules as E
from .data import load_data

GAME_ID = "companions"
FORMAT = StateFormat(version=1, error=InvalidStateError)
_F = Fields("state", InvalidStateError)
_EVENTS = Fields("event", InvalidStateError)
_ACTIONS = Fields("action", MalformedActionError)
_FIELDS = tuple(f.name for f in fields(E.State))
#: The prompts, and the tokens a hand or a view may hold.
PROMPTS = (
    E.P_PEEK,
    E.P_CLAIM,
    E.P_TURN,
    E.P_SWAP,
    E.P_REVEAL,
    E.P_FLIP,
    E.P_HPEEK,
    E.P_VOTE,
    E.P_ABILITY,
    E.P_JOURNEY_END,
    E.P_OVER,
)


def state_to_json(s: E.State) -> dict[str, Any]:
    """The state as a JSON document (``"version"`` first; sets as sorted lists)."""
    doc: dict[str, Any] = {}
    for name in _FIELDS:
        value = getattr(s, name)
        if name == "config":
            value = {"players": value.players, "variant": value.variant}
        elif name in ("known", "sights"):
            value = [sorted(k) for k in value]
        doc[name] = plain(value)
    return FORMAT.stamp(doc)


def _read(doc: Any, view: bool) -> E.State:
    d = _F.keys(FORMAT.check(doc), _FIELDS, "the state's fields")
    cfg = _F.keys(d["config"], ("players", "variant"), "config")
    data = load_data()
    n = _F.whole(cfg["players"], data.players[0], data.players[1], "players")
    variant = _F.one_of(cfg["variant"], ("standard", "hardship"), "variant")
    cards = set(data.cards) | ({E.HIDDEN} if view else set())

    def seats(key: str, read: Any) -> tuple[Any, ...]:
        return tuple(read(v) for v in _F.listed(d[key], key, n, n))

    def flag(v: Any) -> bool:
        return _F.flag(v, "a flag")

    def space(v: Any) -> tuple[int, int]:
        r, i = _F.listed(v, "a space", 2, 2)
        return _F.whole(r, -1, 1, "a row"), _F.whole(i, -1, 40, "an index")

    def pair(key: str) -> tuple[int, int]:
        a, b = _F.listed(d[key], key, 2, 2)
        return _F.whole(a, 0, 99, key), _F.whole(b, -1, 99, key)

    rows = tuple(
        tuple(_F.one_of(c, cards, "a card") for c in _F.listed(r, "a row", 30))
        for r in _F.listed(d["rows"], "rows", 2, 2)
    )
    up = tuple(
        tuple(flag(u) for u in _F.listed(r, "face-up flags", 30))
        for r in _F.listed(d["up"], "up", 2, 2)
    )
    if [len(r) for r in rows] != [len(u) for u in up]:
        raise _F.bad("one face-up flag per card")
    chars = seats("characters", lambda v: _F.whole(v, 0 if view else 1, n, "a character"))
    if not view and sorted(chars) != list(range(1, n + 1)):
        raise _F.bad("each character once")
    tokens_ok = ("N", "B", E.HIDDEN) if view else ("N", "B")
    state = E.State(
        config=E.Config(n, variant),
        seed=_F.whole(d["seed"], -(2**63), 2**63, "seed"),
        rng=_F.whole(d["rng"], 0, MASK64, "rng"),
        characters=chars,
        revealed=seats("revealed", flag),
        used=seats("used", flag),
        tokens=seats(
            "tokens",
            lambda v: tuple(_F.one_of(t, tokens_ok, "a token") for t in _F.listed(v, "tokens", 40)),
        ),
        villain=seats("villain", flag),
        turned=seats("turned", lambda v: _F.whole(v, -1, 99, "a journey")),
        bag=pair("bag"),
        discard=pair("discard"),
        rows=(rows[0], rows[1]),
        up=(up[0], up[1]),
        front=tuple(_F.one_of(c, data.cards, "a card") for c in _F.listed(d["front"], "front", 30)),
        journey=_F.whole(d["journey"], 1, 999, "journey"),
        prompt=_F.one_of(d["prompt"], PROMPTS, "prompt"),
        current=_F.whole(d["current"], -1, n - 1, "current"),
        turn_seat=_F.whole(d["turn_seat"], 0, n - 1, "turn_seat"),
        looked=tuple(space(v) for v in _F.listed(d["looked"], "looked", 2)),
        known=seats(
            "known",
            lambda v: frozenset(
                _F.one_of(c, data.cards, "a card") for c in _F.listed(v, "known", 30)
            ),
        ),
        peeked=tuple(space(v) for v in _F.listed(d["peeked"], "peeked", 7)),
        ballots=seats("ballots", lambda v: _F.whole(v, -1, 2 if view else 1, "a ballot")),
        vote_after=_F.one_of(d["vote_after"], ("", "claim", "turn"), "vote_after"),
        stage=_F.one_of(d["stage"], ("start", "turns"), "stage"),
        ending=_F.flag(d["ending"], "ending"),
        revealed_card=space(d["revealed_card"]),
        claims=tuple(
            tuple(_F.whole(x, -1, 999, "a claim") for x in _F.listed(c, "a claim", 5, 5))  # type: ignore[misc]
            for c in _F.listed(d["claims"], "claims", 2000)
        ),
        sights=seats(
            "sights",
            lambda v: frozenset(_F.whole(x, 0, n - 1, "a seat") for x in _F.listed(v, "sights", n)),
        ),
        outcome=_F.one_of(d["outcome"], ("", E.HERO, E.HERA), "outcome"),
    )
    if not view:
        _consistent(state)
    return state


def _consistent(s: E.State) -> None:
    """What the fields say together must be a state the rules can reach."""
    data = load_data()
    normal, betrayal = data.tokens[s.n]
    if s.config.variant == "hardship":
        normal += data.hardship_extra
    held = [t for ts in s.tokens for t in ts]
    if (
        s.bag[0] + s.discard[0] + held.count("N") != normal
        or s.bag[1] + s.discard[1] + held.count("B") != betrayal
    ):
        raise _F.bad("the tokens in the bag, the discard pile and the hands do not add up")
    everywhere = [c for r in s.rows for c in r] + list(s.front)
    if len(set(everywhere)) != len(everywhere):
        raise _F.bad("a card in two places")
    if s.tokens[s.hercules] or not s.revealed[s.hercules]:
        raise _F.bad("Hercules holds no token and shows his card")
    # A side is what the tokens make it: a save may not turn a seat, or keep one loyal past
    # its limit (the end screen and the seat's own view would tell a lie).
    for i, c in enumerate(s.characters):
        card = data.characters[c]
        past = card.limit is not None and s.tokens[i].count("B") > card.limit
        # (Turning is for good: Hylas may have sent a betrayal token back since, ruling 11.)
        gave_back = card.ability == "return_token" and s.used[i]
        if s.villain[i] != (card.side == "villain" or past) and not (s.villain[i] and gave_back):
            raise _F.bad(f"seat {i + 1}'s side does not follow from its character and tokens")
        if (s.turned[i] >= 0) != s.villain[i] or s.turned[i] > s.journey:
            raise _F.bad(f"seat {i + 1}'s turning journey does not fit its side")
    # The game is over only when a side has won, and only as the rules end it: a save that
    # said so early would show every secret (the end reveals everything).
    labours = sum(data.cards[c].kind == "labour" for c in s.front)
    if (s.prompt == E.P_OVER) != bool(s.outcome):
        raise _F.bad("a game is over exactly when a side has won")
    if s.outcome == E.HERO and labours < data.win_labours:
        raise _F.bad("Hercules' side won with fewer labours than the rules ask")
    if s.outcome == E.HERA and s.bag[0] + s.bag[1] > 0:
        raise _F.bad("Hera's side won with tokens left in the bag")
    if s.outcome == "" and labours >= data.win_labours:
        raise _F.bad("Hercules has every labour but the game goes on")
    seen = set(everywhere)
    if any(not k <= seen for k in s.known):
        raise _F.bad("a seat has seen a card that is not in play")


class CompanionsRules:
    """*The Labours of Hercules* through the box's contract."""

    name = GAME_ID
    error_types: tuple[type[Exception], ...] = (GameError,)
    state_version = FORMAT.version

    def legal_actions(self, state: E.State) -> list[E.Action]:
        """Every legal action now, sorted."""
        return E.legal_actions(state)

    def apply(
        self, state: E.State, action: E.Action, seat: int | None = None
    ) -> tuple[E.State, list[E.Event]]:
        """The new state and its events (an action of another seat is refused)."""
        why = self.validate(state, action, seat)
        if why is not None:
            raise why
        return E.apply(state, action)

    def validate(self, state: E.State, action: object, seat: int | None = None) -> Exception | None:
        """Why ``action`` would be refused (from ``seat``), or None."""
        why = E.malformed(action)
        if why:
            return MalformedActionError(why)
        if seat is not None and (not is_whole(seat) or seat != E.actor(state)):
            return IllegalActionError(E.Reason.NOT_LEGAL, "it is not this seat's turn")
        if action not in E.legal_actions(state):
            return IllegalActionError(E.Reason.NOT_LEGAL, f"not a legal action now: {action}")
        return None

    def actor(self, state: E.State) -> int:
        """The seat to act (-1: the journey's end, or the game over)."""
        return E.actor(state)

    def is_terminal(self, state: E.State) -> bool:
        """True once a side has won."""
        return E.is_terminal(state)

    def reveals(self, before: E.State, after: E.State, events: list[E.Event]) -> bool:
        """Something random or hidden came to light: a draw, a look, a reveal, a reshuffle."""
        return before.rng != after.rng or any(
            e.kind in ("peeked", "looked", "revealed", "hercules_peeked", "vote") for e in events
        )

    def view(self, state: E.State, seat: int) -> E.State:
        """The state as ``seat`` may see it (see :func:`.engine.view`)."""
        return E.view(state, seat)

    def redact(self, event: E.Event, seat: int) -> E.Event:
        """Every event names public facts only (a space looked at, never its card)."""
        if not isinstance(event, E.Event):
            raise TypeError("not an event of the game")
        return event

    def event_to_json(self, event: E.Event) -> dict[str, Any]:
        """An event as a JSON document."""
        doc: dict[str, Any] = plain(event)
        return doc

    def event_from_json(self, doc: object) -> E.Event:
        """An event from its document."""
        event: E.Event = from_plain(E.Event, doc, _EVENTS)
        return event

    def view_from_json(self, doc: object) -> E.State:
        """A seat's view from its document (hidden things as ``"?"``, 0 or -1)."""
        return _read(doc, view=True)

    def new_game(self, config_json: object, seed: int) -> E.State:
        """A new game from ``{"players", "variant"}`` and a seed."""
        cfg = _F.keys(config_json, ("players", "variant"), "the rules")
        if not is_whole(seed):
            raise InvalidStateError("seed must be a whole number")
        try:
            return E.new_game(E.Config(cfg["players"], cfg["variant"]), seed)
        except (ValueError, TypeError) as exc:
            raise InvalidStateError(f"rules: {exc}") from None

    def seed_of(self, state: E.State) -> int:
        """The seed of the game."""
        return state.seed

    def config_to_json(self, state: E.State) -> dict[str, Any]:
        """The game's rules."""
        return {"players": state.config.players, "variant": state.config.variant}

    def state_to_json(self, state: E.State) -> dict[str, Any]:
        """The state's document."""
        return state_to_json(state)

    def upgrade_state(self, doc: object) -> Upgraded:
        """Version 1 is the only one."""
        return FORMAT.upgrade(doc)

    def state_from_json(self, doc: object) -> E.State:
        """A state from its document, every field checked."""
        return _read(doc, view=False)

    def action_to_json(self, action: E.Action) -> dict[str, Any]:
        """An action's document."""
        return action.to_json()

    def action_from_json(self, doc: object) -> E.Action:
        """An action from its document, every field checked."""
        action: E.Action = from_plain(E.Action, doc, _ACTIONS)
        return action

    def summary(self, state: E.State) -> dict[str, Any]:
        """What a list of saves shows (nothing hidden: the journey, the labours done)."""
        cards = load_data().cards
        return {
            "players": state.n,
            "round": state.journey,
            "labours": sum(cards[c].kind == "labour" for c in state.front),
            "finished": E.is_terminal(state),
            "winner": state.outcome,
        }


RULES = CompanionsRules()

__all__ = ["FORMAT", "GAME_ID", "RULES", "CompanionsRules", "state_to_json"]

"""Reading a state back from its JSON document, checking every field and the invariants.

:func:`state_from_json` is the inverse of :meth:`~.state.GameState.to_json`: exact, and strict
about what it accepts (a malformed or impossible document raises ``InvalidStateError``).
"""

from __future__ import annotations

from typing import Any

from .cards import card_set, pnp_rules
from .errors import InvalidStateError
from .state import (
    NO_MARKS,
    PROMPTS,
    STATE_FORMAT,
    STATE_VERSION,
    GameConfig,
    GameState,
    PlayerState,
)


def _get(d: Any, key: str, typ: type, where: str) -> Any:
    if not isinstance(d, dict):
        raise InvalidStateError(f"{where}: expected an object")
    if key not in d:
        raise InvalidStateError(f"{where}: missing field {key!r}")
    v = d[key]
    ok = isinstance(v, typ) and not (typ is int and isinstance(v, bool))
    if not ok:
        raise InvalidStateError(f"{where}: field {key!r} must be {typ.__name__}")
    return v


def _int_in(d: Any, key: str, lo: int, hi: int, where: str) -> int:
    v: int = _get(d, key, int, where)
    if not lo <= v <= hi:
        raise InvalidStateError(f"{where}: field {key!r} = {v} is outside {lo}..{hi}")
    return v


def _ids(d: Any, key: str, where: str, kinds: tuple[str, ...]) -> tuple[str, ...]:
    v = _get(d, key, list, where)
    cards = card_set().cards
    for cid in v:
        if not isinstance(cid, str):
            raise InvalidStateError(f"{where}: {key!r} must hold card ids")
        card = cards.get(cid)
        if card is None:
            raise InvalidStateError(f"{where}: unknown card id {cid!r} in {key!r}")
        if card.kind not in kinds:
            raise InvalidStateError(f"{where}: {cid} ({card.kind}) cannot be in {key!r}")
    return tuple(v)


#: Top-level and per-player fields that only print-and-play documents carry.
_SHEET_STATE_FIELDS: tuple[str, ...] = ("powers_used",)
_SHEET_PLAYER_FIELDS: tuple[str, ...] = ("crosses", "circles", "circled_labours", "jumps")


def _read_sheet(p: PlayerState, rp: dict[str, Any], where: str, sheet: bool) -> None:
    """Read a seat's print-and-play sheet (pnp documents only; the other modes have none)."""
    if not sheet:
        stray = [k for k in _SHEET_PLAYER_FIELDS if k in rp]
        if stray:
            raise InvalidStateError(
                f"{where}: {', '.join(stray)} belong(s) to the print-and-play variant only"
            )
    p.crosses = NO_MARKS
    p.circles = NO_MARKS
    p.circled = 0
    p.jumps = ()
    if not sheet:
        return
    boxes = pnp_rules().boxes_per_row
    for key in ("crosses", "circles"):
        marks = _get(rp, key, list, where)
        if len(marks) != len(NO_MARKS) or not all(
            type(x) is int and 0 <= x <= boxes for x in marks
        ):
            raise InvalidStateError(
                f"{where}: {key} must give six counts 0-{boxes}, one per power row"
            )
        setattr(p, key, tuple(marks))
    circled = _get(rp, "circled_labours", list, where)
    if not all(type(c) is int and 1 <= c <= 12 for c in circled) or len(set(circled)) != len(
        circled
    ):
        raise InvalidStateError(f"{where}: circled_labours must be distinct labours 1-12")
    p.circled = sum(1 << c for c in circled)
    jumps = _get(rp, "jumps", list, where)
    if not all(type(j) is int and 3 <= j <= 12 for j in jumps):
        raise InvalidStateError(f"{where}: jumps must be advances of 3-12 spaces")
    p.jumps = tuple(jumps)


def state_from_json(doc: Any) -> GameState:
    """Rebuild a state from :meth:`GameState.to_json` output.

    Validates types, ranges and card ids field by field, then checks the game's
    invariants (the variant's ``check_invariants``); anything wrong raises
    :class:`InvalidStateError` with the reason
    and no state is returned.
    """
    try:
        if _get(doc, "format", str, "state") != STATE_FORMAT:
            raise InvalidStateError("state: not a hercules-state document")
        version = _get(doc, "version", int, "state")
        if version != STATE_VERSION:
            raise InvalidStateError(
                f"state: version {version} is not supported (this build reads {STATE_VERSION})"
            )
        known = set(GameState.__slots__[:-1]) | {"format", "version"}
        extra = set(doc) - known
        if extra:
            raise InvalidStateError(f"state: unknown field(s) {', '.join(sorted(extra))}")
        cfg = _get(doc, "config", dict, "state")
        try:
            config = GameConfig(
                players=_get(cfg, "players", int, "config"), mode=_get(cfg, "mode", str, "config")
            )
        except ValueError as exc:
            raise InvalidStateError(f"config: {exc}") from None
        variant = config.variant
        sheet = variant.sheet
        stray = [k for k in _SHEET_STATE_FIELDS if k in doc and not sheet]
        if stray:
            raise InvalidStateError(
                f"state: {', '.join(stray)} belong(s) to the print-and-play variant only"
            )
        s = GameState.__new__(GameState)
        s._legal = None
        s.config = config
        s.seed = _get(doc, "seed", int, "state")
        s.rng = _int_in(doc, "rng", 0, (1 << 64) - 1, "state")
        s.round = _int_in(doc, "round", 1, 10**6, "state")
        s.prompt = _get(doc, "prompt", str, "state")
        if s.prompt not in PROMPTS:
            raise InvalidStateError(f"state: unknown prompt {s.prompt!r}")
        n = config.players
        s.current = _int_in(doc, "current", -1, n - 1, "state")
        s.pegasus = _int_in(doc, "pegasus", 0, n - 1, "state")
        s.turn = _int_in(doc, "turn", 0, n, "state")
        raw_players = _get(doc, "players", list, "state")
        if len(raw_players) != n:
            raise InvalidStateError(f"state: {len(raw_players)} players for a {n}-seat game")
        players = []
        for i, rp in enumerate(raw_players):
            where = f"player {i}"
            p = PlayerState.__new__(PlayerState)
            p.hades = _get(rp, "hades", bool, where)
            dice = _get(rp, "dice", list, where)
            if len(dice) != (1 if p.hades else 2) or not all(
                type(x) is int and 1 <= x <= 6 for x in dice
            ):
                raise InvalidStateError(f"{where}: dice must be faces 1-6 (two, Hades one)")
            p.dice = tuple(dice)
            p.pos = _int_in(rp, "pos", 0, 12, where)
            cubes = _get(rp, "board_cubes", list, where)
            if not all(type(c) is int and 1 <= c <= 12 for c in cubes) or len(set(cubes)) != len(
                cubes
            ):
                raise InvalidStateError(f"{where}: board_cubes must be distinct columns 1-12")
            p.row = sum(1 << c for c in cubes)
            p.supply = _int_in(rp, "supply", 0, 12, where)
            p.demigods = _ids(rp, "demigods", where, ("demigod",))
            p.cubed = frozenset(_ids(rp, "cubed", where, ("demigod",)))
            p.gods = _ids(rp, "gods", where, ("god",))
            p.gods_down = frozenset(_ids(rp, "gods_down", where, ("god",)))
            p.vases = _ids(rp, "vases", where, ("vase",))
            p.finals = _ids(rp, "finals", where, ("god", "pantheon", "hades"))
            _read_sheet(p, rp, where, sheet)
            players.append(p)
        s.players = tuple(players)
        s.white = _int_in(doc, "white", 1, 6, "state")
        s.white_holder = _int_in(doc, "white_holder", -1, n - 1, "state")
        cols = _get(doc, "columns", list, "state")
        if len(cols) != 11:
            raise InvalidStateError("state: columns must list the gods above columns 1-11")
        for c in cols:
            if c != "" and (not isinstance(c, str) or card_set().cards.get(c) is None):
                raise InvalidStateError(f"state: unknown god above a column: {c!r}")
        s.columns = ("", *cols, "")
        s.top = _ids(doc, "top", "state", ("god", "pantheon"))
        stacks = _get(doc, "demigod_stacks", list, "state")
        if len(stacks) != len(card_set().decks):
            raise InvalidStateError("state: there must be six demigod stacks")
        s.demigod_stacks = tuple(
            _ids({"stack": st}, "stack", f"demigod stack {i + 1}", ("demigod",))
            for i, st in enumerate(stacks)
        )
        vstacks = _get(doc, "vase_stacks", list, "state")
        if len(vstacks) != len(card_set().vase_spaces):
            raise InvalidStateError("state: there must be one vase stack per number of spaces")
        s.vase_stacks = tuple(
            _ids({"stack": st}, "stack", f"vase stack {i}", ("vase",))
            for i, st in enumerate(vstacks)
        )
        s.box = _ids(doc, "box", "state", ("demigod", "god", "vase", "pantheon", "hades"))
        s.used = frozenset(_ids(doc, "used", "state", ("demigod", "god")))
        s.rest_cubes = _int_in(doc, "rest_cubes", 0, variant.rest_limit(), "state")
        s.rest_god = _get(doc, "rest_god", bool, "state")
        pending = _get(doc, "pending", list, "state")
        deck_ids = {d.id for d in card_set().decks}
        if not all(isinstance(d, str) and d in deck_ids for d in pending):
            raise InvalidStateError("state: pending must list demigod deck ids")
        s.pending = tuple(pending)
        ended = _get(doc, "ended_by", list, "state")
        if not all(e in variant.end_conditions for e in ended):
            raise InvalidStateError("state: unknown end condition in ended_by")
        s.ended_by = tuple(ended)
        s.powers_used = ()
        if sheet:
            used = _get(doc, "powers_used", list, "state")
            if not all(isinstance(d, str) and d in deck_ids for d in used):
                raise InvalidStateError("state: powers_used must list demigod deck ids")
            s.powers_used = tuple(used)
    except InvalidStateError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise InvalidStateError(f"state: malformed document ({exc})") from None
    variant.check_invariants(s)
    return s

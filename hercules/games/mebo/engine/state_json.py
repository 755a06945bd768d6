"""Reading a state back from its JSON document, checking every field and the invariants.

:func:`state_from_json` is the inverse of :meth:`~.state.GameState.to_json`: exact, and strict
about what it accepts (a malformed or impossible document raises ``InvalidStateError``).
"""

from __future__ import annotations

from typing import Any

from hercules.games._kit.fields import Fields, is_whole
from hercules.games._kit.versions import StateFormat

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

#: The state document's versions (one so far): ``state_from_json`` reads the current one,
#: the adapter's ``upgrade_state`` brings an older one forward (none yet).
FORMAT = StateFormat(version=STATE_VERSION, error=InvalidStateError)


def _fields(where: str) -> Fields:
    """The kit's field checks, refusing with this engine's error as ``"<where>: ..."``."""
    return Fields(where, InvalidStateError)


def _field(d: Any, key: str, where: str) -> Any:
    """``d[key]``, refused unless ``d`` is an object that holds ``key``."""
    if not isinstance(d, dict):
        raise _fields(where).bad("expected an object")
    if key not in d:
        raise _fields(where).bad(f"missing field {key!r}")
    return d[key]


def _int_in(d: Any, key: str, lo: int, hi: int, where: str) -> int:
    return _fields(where).whole(_field(d, key, where), lo, hi, f"field {key!r}")


def _flag(d: Any, key: str, where: str) -> bool:
    return _fields(where).flag(_field(d, key, where), f"field {key!r}")


def _typed(d: Any, key: str, typ: type, where: str) -> Any:
    """``d[key]`` if it is a ``typ`` (never a bool for ``int``): the lists, texts and objects
    whose items the reader checks itself (the kit's ``listed`` would bound their lengths,
    refusing long lists of repeated ids that the set-valued fields accept)."""
    v = _field(d, key, where)
    if not isinstance(v, typ) or (typ is int and not is_whole(v)):
        raise _fields(where).bad(f"field {key!r} must be {typ.__name__}")
    return v


def _ids(d: Any, key: str, where: str, kinds: tuple[str, ...]) -> tuple[str, ...]:
    v = _typed(d, key, list, where)
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
        marks = _typed(rp, key, list, where)
        if len(marks) != len(NO_MARKS) or not all(
            type(x) is int and 0 <= x <= boxes for x in marks
        ):
            raise InvalidStateError(
                f"{where}: {key} must give six counts 0-{boxes}, one per power row"
            )
        setattr(p, key, tuple(marks))
    circled = _typed(rp, "circled_labours", list, where)
    if not all(type(c) is int and 1 <= c <= 12 for c in circled) or len(set(circled)) != len(
        circled
    ):
        raise InvalidStateError(f"{where}: circled_labours must be distinct labours 1-12")
    p.circled = sum(1 << c for c in circled)
    jumps = _typed(rp, "jumps", list, where)
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
        if _typed(doc, "format", str, "state") != STATE_FORMAT:
            raise InvalidStateError("state: not a hercules-state document")
        _typed(doc, "version", int, "state")
        FORMAT.check(doc)  # the current version only: older ones go through upgrade_state
        known = set(GameState.__slots__[:-1]) | {"format", "version"}
        extra = set(doc) - known
        if extra:
            raise InvalidStateError(f"state: unknown field(s) {', '.join(sorted(extra))}")
        cfg = _typed(doc, "config", dict, "state")
        try:
            config = GameConfig(
                players=_typed(cfg, "players", int, "config"),
                mode=_typed(cfg, "mode", str, "config"),
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
        s.seed = _typed(doc, "seed", int, "state")
        s.rng = _int_in(doc, "rng", 0, (1 << 64) - 1, "state")
        s.round = _int_in(doc, "round", 1, 10**6, "state")
        s.prompt = _fields("state").one_of(_field(doc, "prompt", "state"), PROMPTS, "prompt")
        n = config.players
        s.current = _int_in(doc, "current", -1, n - 1, "state")
        s.pegasus = _int_in(doc, "pegasus", 0, n - 1, "state")
        s.turn = _int_in(doc, "turn", 0, n, "state")
        raw_players = _typed(doc, "players", list, "state")
        if len(raw_players) != n:
            raise InvalidStateError(f"state: {len(raw_players)} players for a {n}-seat game")
        players = []
        for i, rp in enumerate(raw_players):
            where = f"player {i}"
            p = PlayerState.__new__(PlayerState)
            p.hades = _flag(rp, "hades", where)
            dice = _typed(rp, "dice", list, where)
            if len(dice) != (1 if p.hades else 2) or not all(
                type(x) is int and 1 <= x <= 6 for x in dice
            ):
                raise InvalidStateError(f"{where}: dice must be faces 1-6 (two, Hades one)")
            p.dice = tuple(dice)
            p.pos = _int_in(rp, "pos", 0, 12, where)
            cubes = _typed(rp, "board_cubes", list, where)
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
        cols = _typed(doc, "columns", list, "state")
        if len(cols) != 11:
            raise InvalidStateError("state: columns must list the gods above columns 1-11")
        for c in cols:
            if c != "" and (not isinstance(c, str) or card_set().cards.get(c) is None):
                raise InvalidStateError(f"state: unknown god above a column: {c!r}")
        s.columns = ("", *cols, "")
        s.top = _ids(doc, "top", "state", ("god", "pantheon"))
        stacks = _typed(doc, "demigod_stacks", list, "state")
        if len(stacks) != len(card_set().decks):
            raise InvalidStateError("state: there must be six demigod stacks")
        s.demigod_stacks = tuple(
            _ids({"stack": st}, "stack", f"demigod stack {i + 1}", ("demigod",))
            for i, st in enumerate(stacks)
        )
        vstacks = _typed(doc, "vase_stacks", list, "state")
        if len(vstacks) != len(card_set().vase_spaces):
            raise InvalidStateError("state: there must be one vase stack per number of spaces")
        s.vase_stacks = tuple(
            _ids({"stack": st}, "stack", f"vase stack {i}", ("vase",))
            for i, st in enumerate(vstacks)
        )
        s.box = _ids(doc, "box", "state", ("demigod", "god", "vase", "pantheon", "hades"))
        s.used = frozenset(_ids(doc, "used", "state", ("demigod", "god")))
        s.rest_cubes = _int_in(doc, "rest_cubes", 0, variant.rest_limit(), "state")
        s.rest_god = _flag(doc, "rest_god", "state")
        pending = _typed(doc, "pending", list, "state")
        deck_ids = {d.id for d in card_set().decks}
        if not all(isinstance(d, str) and d in deck_ids for d in pending):
            raise InvalidStateError("state: pending must list demigod deck ids")
        s.pending = tuple(pending)
        ended = _typed(doc, "ended_by", list, "state")
        if not all(e in variant.end_conditions for e in ended):
            raise InvalidStateError("state: unknown end condition in ended_by")
        s.ended_by = tuple(ended)
        s.powers_used = ()
        if sheet:
            used = _typed(doc, "powers_used", list, "state")
            if not all(isinstance(d, str) and d in deck_ids for d in used):
                raise InvalidStateError("state: powers_used must list demigod deck ids")
            s.powers_used = tuple(used)
    except InvalidStateError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise InvalidStateError(f"state: malformed document ({exc})") from None
    variant.check_invariants(s)
    return s

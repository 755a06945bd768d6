"""The game state: plain values, cheap to copy, exact to serialise.

A :class:`GameState` is never changed once ``apply`` has returned it: the rules
work on a fresh copy (:meth:`GameState.copy`) and every container inside is an
immutable tuple or frozenset, so copies share them safely.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import card_set, pnp_rules
from .errors import InvalidStateError
from .variants.base import Variant, find_variant

if TYPE_CHECKING:
    from .actions import Action

STANDARD = "standard"
SIMPLIFIED = "simplified"
SOLO = "solo"
PNP = "pnp"  #: the print-and-play variant: a score sheet instead of cubes and cards
#: The built-in modes (``variants.VARIANTS`` holds these and any registered).
MODES: tuple[str, ...] = (STANDARD, SIMPLIFIED, SOLO, PNP)

# What the state is waiting for.
P_ROLL = "roll"  #: chance: everyone rolls (phase 1)
P_ACTION = "action"  #: the current player chooses a labour, an ability, rest or end turn
P_CHOOSE_DEMIGOD = "choose_demigod"  #: several demigod decks (pnp: power rows) qualify: pick one
P_REST = "rest"  #: resting: return cubes / turn a god up (pnp: erase power circles) / finish
P_HADES = "hades"  #: the solo automaton takes its turn
P_GAME_OVER = "game_over"
PROMPTS: tuple[str, ...] = (P_ROLL, P_ACTION, P_CHOOSE_DEMIGOD, P_REST, P_HADES, P_GAME_OVER)

CHANCE = -1  #: ``current`` while the state waits for a chance step (or the game is over)
ALL_COLUMNS = 0b1_1111_1111_1110  # bits 1..12: one cube per column
NO_MARKS: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  #: an empty row of power marks per deck

STATE_FORMAT = "hercules-state"
STATE_VERSION = 1


@dataclass(frozen=True, slots=True)
class GameConfig:
    """The rules in force: seat count and mode (the name of a registered variant).

    ``variant`` is the :class:`~.variants.Variant` object of ``mode``. Solo
    always has two seats (hero 0, Hades 1).
    """

    players: int
    mode: str = STANDARD
    variant: Variant = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        variant = find_variant(self.mode)
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ValueError("players must be a whole number")
        variant.check_players(self.players)
        object.__setattr__(self, "variant", variant)

    @property
    def solo(self) -> bool:
        """True when a seat is the solo automaton (seat 1 is Hades)."""
        return self.variant.hades_seat >= 0

    @property
    def pnp(self) -> bool:
        """True when seats keep a print-and-play score sheet (no cubes or cards)."""
        return self.variant.sheet

    @property
    def gods_active(self) -> bool:
        """God abilities and symbols count (standard and solo; not simplified or pnp)."""
        return self.variant.gods_count

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"players": self.players, "mode": self.mode}


class PlayerState:
    """One seat's pieces. Fields hold immutable values only."""

    __slots__ = (
        "hades",
        "dice",
        "pos",
        "row",
        "supply",
        "demigods",
        "cubed",
        "gods",
        "gods_down",
        "vases",
        "finals",
        "crosses",
        "circles",
        "circled",
        "jumps",
    )

    hades: bool  #: this seat is the solo automaton
    dice: tuple[int, ...]  #: coloured dice faces (two; Hades has one)
    pos: int  #: the Apprentice's column, 0 = start space
    row: int  #: bit c set = this seat's cube still on column c (labour c not done)
    supply: int  #: cubes in front of the player
    demigods: tuple[str, ...]  #: demigod cards held, in the order received
    cubed: frozenset[str]  #: demigod cards carrying a cube
    gods: tuple[str, ...]  #: column gods held
    gods_down: frozenset[str]  #: gods turned face down (used)
    vases: tuple[str, ...]
    finals: tuple[str, ...]  #: Zeus and Pantheon cards
    # The print-and-play score sheet (always empty in the other modes). In pnp ``row`` holds
    # the labours not crossed yet (there are no cubes: ``supply`` stays 0).
    crosses: tuple[int, ...]  #: crossed boxes in each power row, in deck order 1-6
    circles: tuple[int, ...]  #: of those, circled (used) boxes per row
    circled: int  #: bit c set = completed labour c is circled
    jumps: tuple[int, ...]  #: spaces of each scoring jump (3+ in one move), in order

    def __init__(self, hades: bool = False, dice: tuple[int, ...] = (1, 1)) -> None:
        self.hades = hades
        self.dice = dice
        self.pos = 0
        self.row = ALL_COLUMNS
        self.supply = 0
        self.demigods = ()
        self.cubed = frozenset()
        self.gods = ()
        self.gods_down = frozenset()
        self.vases = ()
        self.finals = ()
        self.crosses = NO_MARKS
        self.circles = NO_MARKS
        self.circled = 0
        self.jumps = ()

    def copy(self) -> PlayerState:
        """A shallow copy (fields are immutable, so it is a full one).

        Field by field rather than a loop over ``__slots__``: this runs on every move.
        """
        p = PlayerState.__new__(PlayerState)
        p.hades = self.hades
        p.dice = self.dice
        p.pos = self.pos
        p.row = self.row
        p.supply = self.supply
        p.demigods = self.demigods
        p.cubed = self.cubed
        p.gods = self.gods
        p.gods_down = self.gods_down
        p.vases = self.vases
        p.finals = self.finals
        p.crosses = self.crosses
        p.circles = self.circles
        p.circled = self.circled
        p.jumps = self.jumps
        return p

    def cards(self) -> tuple[str, ...]:
        """Every card this seat holds."""
        return self.demigods + self.gods + self.vases + self.finals

    def labours_done(self) -> tuple[int, ...]:
        """Columns whose cube this seat has taken."""
        return tuple(c for c in range(1, 13) if not self.row >> c & 1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in PlayerState.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def to_json(self, sheet: bool = False) -> dict[str, Any]:
        """A JSON-ready dict (sets sorted, so equal states give equal documents).

        ``sheet`` adds the print-and-play score sheet (only pnp documents carry it).
        """
        out = {
            "hades": self.hades,
            "dice": list(self.dice),
            "pos": self.pos,
            "board_cubes": [c for c in range(1, 13) if self.row >> c & 1],
            "supply": self.supply,
            "demigods": list(self.demigods),
            "cubed": sorted(self.cubed),
            "gods": list(self.gods),
            "gods_down": sorted(self.gods_down),
            "vases": list(self.vases),
            "finals": list(self.finals),
        }
        if sheet:
            out["crosses"] = list(self.crosses)
            out["circles"] = list(self.circles)
            out["circled_labours"] = [c for c in range(1, 13) if self.circled >> c & 1]
            out["jumps"] = list(self.jumps)
        return out


class GameState:
    """A whole game at one moment, including the random generator and the pending decision."""

    __slots__ = (
        "config",
        "seed",
        "rng",
        "round",
        "prompt",
        "current",
        "pegasus",
        "turn",
        "players",
        "white",
        "white_holder",
        "columns",
        "top",
        "demigod_stacks",
        "vase_stacks",
        "box",
        "used",
        "rest_cubes",
        "rest_god",
        "pending",
        "ended_by",
        "powers_used",
        "_legal",
    )

    config: GameConfig
    seed: int  #: the seed the game was set up with
    rng: int  #: the generator state now
    round: int  #: 1-based round number
    prompt: str  #: what the state waits for (one of PROMPTS)
    current: int  #: seat that must decide, or CHANCE
    pegasus: int  #: seat holding Pegasus (starts the round)
    turn: int  #: turns already finished in this round
    players: tuple[PlayerState, ...]
    white: int  #: face of the white die
    white_holder: int  #: seat using the white die this turn, or -1
    columns: tuple[str, ...]  #: god card above columns 1-11 ("" when taken); index 0 and 12 unused
    top: tuple[str, ...]  #: the stack above column 12, bottom first (Zeus on top while there)
    demigod_stacks: tuple[tuple[str, ...], ...]  #: in deck order 1-6, top card last
    vase_stacks: tuple[tuple[str, ...], ...]  #: for 3, 4, 5, 6, 7 spaces, top card last
    box: tuple[str, ...]  #: cards put back in the box at setup
    used: frozenset[str]  #: cards whose ability was used this turn
    rest_cubes: int  #: cubes returned (pnp: power circles erased) in the rest under way
    rest_god: bool  #: a god was turned up in the rest under way
    pending: tuple[str, ...]  #: decks the current player may choose from
    ended_by: tuple[str, ...]  #: end conditions met, in the order they happened
    powers_used: tuple[str, ...]  #: pnp: power rows (deck ids) used this turn, in order
    _legal: tuple[Action, ...] | None  #: the legal actions, once asked (not part of the state)

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.players)

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.prompt == P_GAME_OVER

    @property
    def end_triggered(self) -> bool:
        """True once an end condition has been met (the round is being finished)."""
        return bool(self.ended_by)

    def copy(self) -> GameState:
        """A copy sharing the immutable insides; players are copied by ``mutable_player``."""
        s = GameState.__new__(GameState)
        for name in GameState.__slots__[:-1]:
            setattr(s, name, getattr(self, name))
        s._legal = None
        return s

    def mutable_player(self, seat: int) -> PlayerState:
        """Copy one seat so that a draft state may change it (copy-on-write)."""
        p = self.players[seat].copy()
        players = list(self.players)
        players[seat] = p
        self.players = tuple(players)
        return p

    def dice_of(self, seat: int) -> tuple[int, ...]:
        """The dice a seat may combine now: its coloured dice, plus the white die while held."""
        p = self.players[seat]
        if p.hades:
            return (p.dice[0], self.white)
        if self.white_holder == seat:
            return p.dice + (self.white,)
        return p.dice

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in GameState.__slots__[:-1])

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<GameState {self.config.mode} {self.n}p round {self.round} "
            f"{self.prompt} seat {self.current}>"
        )

    def to_json(self) -> dict[str, Any]:
        """The whole state as a JSON-ready dict; :func:`state_from_json` restores it exactly.

        Print-and-play documents add the score sheets (``crosses``, ``circles``,
        ``circled_labours``, ``jumps`` per player) and ``powers_used``; the other modes'
        documents are exactly as they always were.
        """
        sheet = self.config.variant.sheet
        out = {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "config": self.config.to_json(),
            "seed": self.seed,
            "rng": self.rng,
            "round": self.round,
            "prompt": self.prompt,
            "current": self.current,
            "pegasus": self.pegasus,
            "turn": self.turn,
            "players": [p.to_json(sheet) for p in self.players],
            "white": self.white,
            "white_holder": self.white_holder,
            "columns": list(self.columns[1:12]),
            "top": list(self.top),
            "demigod_stacks": [list(s) for s in self.demigod_stacks],
            "vase_stacks": [list(s) for s in self.vase_stacks],
            "box": list(self.box),
            "used": sorted(self.used),
            "rest_cubes": self.rest_cubes,
            "rest_god": self.rest_god,
            "pending": list(self.pending),
            "ended_by": list(self.ended_by),
        }
        if sheet:
            out["powers_used"] = list(self.powers_used)
        return out


# --- reading a state document -------------------------------------------------------------


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

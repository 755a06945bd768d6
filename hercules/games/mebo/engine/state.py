"""The game state: plain values, cheap to copy, exact to serialise.

A :class:`GameState` is never changed once ``apply`` has returned it: the rules
work on a fresh copy (:meth:`GameState.copy`) and every container inside is an
immutable tuple or frozenset, so copies share them safely.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .actions import Action, Event
    from .results import ScoreResult

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


class VariantRules(Protocol):
    """What the engine, bots and tables ask of a rule variant (``GameConfig.variant``).

    Implemented by :class:`~.variants.base.Variant`; declared here, beside the state its
    hooks work on, so that the state names its variant without an import circle.
    """

    name: str
    description: str
    player_counts: tuple[int, ...]
    hades_seat: int
    gods_count: bool
    white_in_roll: bool
    sheet: bool
    tiebreaks: tuple[str, ...]
    score_categories: tuple[str, ...]
    end_conditions: tuple[str, ...]

    def check_players(self, players: int) -> None:
        """Raise ``ValueError`` unless ``players`` seats may play this variant."""

    def new_game(self, config: GameConfig, seed: int) -> GameState:
        """Set up a game shuffled by ``seed``."""

    #: The legal actions' offer for each prompt, and the effect of each action kind: the
    #: engine reads these tables itself on every move (``legal`` and ``apply_action`` are
    #: what they do, for other callers).
    prompts: Mapping[str, Callable[[GameState], tuple[Action, ...]]]
    handlers: Mapping[str, Callable[[GameState, Action, list[Event]], None]]

    def legal(self, s: GameState) -> tuple[Action, ...]:
        """Every legal action at the state's prompt, sorted."""

    def apply_action(self, s: GameState, act: Action, events: list[Event]) -> None:
        """Apply a legal action to the draft state ``s``."""

    def game_ends(self, s: GameState) -> bool:
        """At the end of a round: is the game over?"""

    def score(self, state: GameState) -> ScoreResult:
        """Everyone's score."""

    def check_invariants(self, s: GameState) -> None:
        """Raise ``InvalidStateError`` naming the first broken invariant."""

    def rest_limit(self) -> int:
        """How many cubes (pnp: power circles) one rest may take back."""


#: Every registered variant by name, in registration order (``variants.register_variant``
#: adds to it; the built-in ones are registered when the engine package is imported).
VARIANTS: dict[str, VariantRules] = {}


def find_variant(name: str) -> VariantRules:
    """The registered variant called ``name``; ``ValueError`` naming the known ones if none."""
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown mode {name!r}; choose one of {', '.join(VARIANTS)}") from None


@dataclass(frozen=True, slots=True)
class GameConfig:
    """The rules in force: seat count and mode (the name of a registered variant).

    ``variant`` is the :class:`~.variants.Variant` object of ``mode``. Solo
    always has two seats (hero 0, Hades 1).
    """

    players: int
    mode: str = STANDARD
    variant: VariantRules = field(init=False, repr=False, compare=False)

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
        # All fields as two tuples, gathered in C: states are compared often (replays, tests).
        return _PLAYER_FIELDS(self) == _PLAYER_FIELDS(other)

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
        """A copy sharing the immutable insides; players are copied by ``mutable_player``.

        Field by field rather than a loop over ``__slots__``: this runs on every move.
        """
        s = GameState.__new__(GameState)
        s.config = self.config
        s.seed = self.seed
        s.rng = self.rng
        s.round = self.round
        s.prompt = self.prompt
        s.current = self.current
        s.pegasus = self.pegasus
        s.turn = self.turn
        s.players = self.players
        s.white = self.white
        s.white_holder = self.white_holder
        s.columns = self.columns
        s.top = self.top
        s.demigod_stacks = self.demigod_stacks
        s.vase_stacks = self.vase_stacks
        s.box = self.box
        s.used = self.used
        s.rest_cubes = self.rest_cubes
        s.rest_god = self.rest_god
        s.pending = self.pending
        s.ended_by = self.ended_by
        s.powers_used = self.powers_used
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
        # Every field but the cached legal actions, as two tuples gathered in C.
        return _STATE_FIELDS(self) == _STATE_FIELDS(other)

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


#: The compared fields of a seat and of a state (``__eq__``); the state leaves out ``_legal``.
_PLAYER_FIELDS = attrgetter(*PlayerState.__slots__)
_STATE_FIELDS = attrgetter(*GameState.__slots__[:-1])


# --- reading a state document -------------------------------------------------------------

"""The arena: bots play whole games headless, for tournaments, benchmarks and tests.

::

    from hercules.games.mebo.ai import make_bot
    from hercules.games.mebo.ai.arena import play_game
    from hercules.games.mebo.engine import GameConfig

    record = play_game(GameConfig(2), [make_bot("hard"), make_bot("normal")], seed=7)
    record.seats[0].vp, record.seats[0].place, record.seats[0].win_share

Chance steps (the phase-1 roll) and Hades' turns are applied automatically; every other
decision goes to the bot of ``state.current``, with that seat's own ``random.Random``. A bot
is handed that seat's view of the state (``engine.view``: no seed, no generator, the order of
the Demigod stacks hidden), as the box's controller hands it, and the legal actions of the
real state. The
same ``seed`` (and ``bot_seed``) always gives the same game; only the recorded timings vary.
A bot that returns an action the rules do not allow stops the game with
:class:`IllegalBotActionError`.

Depends on the engine only (never on app or ui).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

# The seat generators and the statistics the tools share live in the games' kit; they are
# named here too, where the MEBO tools and tests have always found them.
from hercules.games._kit.figures import percentile, seat_rng, wilson_interval
from hercules.games.mebo.engine import (
    Action,
    GameConfig,
    IllegalActionError,
    Reason,
    apply,
    legal_actions,
    new_game,
    score,
    validate,
)
from hercules.games.mebo.engine.view import view

#: Prompts the arena answers itself: the only legal action is applied without a bot.
AUTOMATIC_PROMPTS: frozenset[str] = frozenset({"roll", "hades"})
#: Name recorded for the solo automaton's seat.
HADES_NAME = "hades"
#: A game still running after this many actions is stuck (a bot that never progresses).
MAX_ACTIONS = 100_000


@runtime_checkable
class Bot(Protocol):
    """What the arena needs of a computer player (the interface of this game's bots)."""

    name: str
    threaded: bool

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Pick one of ``legal`` for the state ``view``, drawing only on ``rng``."""
        ...

    def explain(self) -> str:
        """Why the last action was chosen, in one line."""
        ...


class IllegalBotActionError(IllegalActionError):
    """A bot returned an action the rules do not allow now (a bug in that bot).

    ``bot`` is the bot's name, ``seat`` its seat, ``action`` what it returned and
    ``reason`` the engine's :class:`~hercules.games.mebo.engine.Reason`.
    """

    def __init__(self, reason: Reason, message: str, bot: str, seat: int, action: Any) -> None:
        super().__init__(reason, message)
        self.bot = bot
        self.seat = seat
        self.action = action

    def __reduce__(self) -> tuple[Any, ...]:
        # Picklable with every field, so that it crosses process boundaries intact.
        return (type(self), (self.reason, str(self), self.bot, self.seat, self.action))


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """How one seat did in one game."""

    seat: int
    bot: str  #: the bot's name, or ``"hades"`` for the solo automaton
    vp: int  #: total victory points
    place: int  #: 1 = first; tied seats share a place
    win_share: float  #: 1/k if this seat is one of k seats in first place, else 0
    #: seconds spent in ``choose`` for each of this seat's decisions, in order (empty for Hades)
    decision_times: tuple[float, ...]

    @property
    def decisions(self) -> int:
        """How many decisions this seat's bot made."""
        return len(self.decision_times)

    def to_json(self, timings: bool = True) -> dict[str, Any]:
        """A JSON-ready dict; ``timings=False`` leaves out the (non-deterministic) timings."""
        doc: dict[str, Any] = {
            "seat": self.seat,
            "bot": self.bot,
            "vp": self.vp,
            "place": self.place,
            "win_share": self.win_share,
            "decisions": self.decisions,
        }
        if timings:
            doc["decision_times"] = list(self.decision_times)
        return doc


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game: the set-up, every seat's result, and how the game went."""

    players: int
    mode: str
    seed: int  #: the engine seed (dice and shuffles)
    bot_seed: int  #: the seed the bots' generators were derived from
    seats: tuple[SeatRecord, ...]
    rounds: int  #: the round the game ended in
    actions: int  #: every action applied, automatic steps included
    ended_by: tuple[str, ...]  #: end conditions met, in order (``column_12``, ``hades_cubes``)
    winners: tuple[int, ...]  #: seats in first place
    tiebreak: str  #: what decided first place ("" = the totals; see ``ScoreResult.tiebreak``)
    seconds: float  #: wall time of the whole game (set-up, bots and rules)

    @property
    def bots(self) -> tuple[str, ...]:
        """The bot name of each seat, in seat order."""
        return tuple(s.bot for s in self.seats)

    def to_json(self, timings: bool = True) -> dict[str, Any]:
        """A JSON-ready dict; ``timings=False`` leaves out the (non-deterministic) timings."""
        doc: dict[str, Any] = {
            "players": self.players,
            "mode": self.mode,
            "seed": self.seed,
            "bot_seed": self.bot_seed,
            "seats": [s.to_json(timings) for s in self.seats],
            "rounds": self.rounds,
            "actions": self.actions,
            "ended_by": list(self.ended_by),
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
        }
        if timings:
            doc["seconds"] = self.seconds
        return doc


def play_game(
    config: GameConfig,
    bots: Sequence[Bot | None],
    seed: int,
    bot_seed: int | None = None,
    *,
    max_actions: int = MAX_ACTIONS,
) -> GameRecord:
    """Play one whole game headless and record how every seat did.

    ``bots`` holds one bot per seat; in solo mode seat 1 is Hades and must be ``None``
    (and only there). ``seed`` sets up the game; each seat's bot draws on its own
    ``random.Random`` derived from ``(bot_seed, seat)``, where ``bot_seed`` defaults to
    ``seed``. The same arguments give the same game, whatever else runs in the process.

    Raises :class:`IllegalBotActionError` if a bot returns an action that is not legal,
    ``ValueError`` if ``bots`` does not fit ``config``, and ``RuntimeError`` if the game
    has not ended after ``max_actions`` actions.
    """
    if not isinstance(config, GameConfig):
        raise TypeError("config must be a GameConfig")
    bots = list(bots)
    if len(bots) != config.players:
        raise ValueError(f"{len(bots)} bots for a {config.players}-seat game: give one per seat")
    clock = time.perf_counter
    start = clock()
    state = new_game(config, seed)
    for seat, (bot, player) in enumerate(zip(bots, state.players, strict=True)):
        if player.hades and bot is not None:
            raise ValueError(f"seat {seat} is Hades, who plays automatically: pass None there")
        if not player.hades and bot is None:
            raise ValueError(f"seat {seat} needs a bot (None is only for the Hades seat)")
    base = seed if bot_seed is None else bot_seed
    rngs = [seat_rng(base, seat) for seat in range(config.players)]
    times: list[list[float]] = [[] for _ in bots]
    actions = 0
    while not state.is_terminal:
        if actions >= max_actions:
            raise RuntimeError(
                f"game with seed {seed} did not end within {max_actions} actions "
                f"(round {state.round}): a bot may never be making progress"
            )
        legal = legal_actions(state)
        if state.prompt in AUTOMATIC_PROMPTS:
            action = legal[0]
        else:
            seat = state.current
            bot = bots[seat]
            if bot is None:  # unreachable while the engine keeps Hades automatic
                raise RuntimeError(f"seat {seat} must decide ({state.prompt}) but has no bot")
            t0 = clock()
            try:
                action = bot.choose(view(state, seat), legal, rngs[seat])
            except Exception as exc:
                exc.add_note(
                    f"raised by bot {bot.name!r} (seat {seat}) in round {state.round}, "
                    f"prompt {state.prompt}, game seed {seed}, bot seed {base}"
                )
                raise
            times[seat].append(clock() - t0)
            _check(state, action, bot, seat, seed)
        state, _ = apply(state, action)
        actions += 1
    seconds = clock() - start
    result = score(state)
    k = len(result.winners)
    seats = tuple(
        SeatRecord(
            seat=p.seat,
            bot=_bot_name(bots[p.seat]),
            vp=p.total,
            place=p.place,
            win_share=1.0 / k if p.seat in result.winners else 0.0,
            decision_times=tuple(times[p.seat]),
        )
        for p in result.players
    )
    return GameRecord(
        players=config.players,
        mode=config.mode,
        seed=seed,
        bot_seed=base,
        seats=seats,
        rounds=state.round,
        actions=actions,
        ended_by=tuple(state.ended_by),
        winners=tuple(result.winners),
        tiebreak=result.tiebreak,
        seconds=seconds,
    )


def _bot_name(bot: Bot | None) -> str:
    """A seat's bot name in the record (Hades' seat has no bot)."""
    return HADES_NAME if bot is None else str(bot.name)


def _check(state: Any, action: Any, bot: Bot, seat: int, seed: int) -> None:
    """Refuse, loudly, an action the bot of ``seat`` may not take now."""
    err = validate(state, action, seat)
    if err is None and isinstance(action, Action):
        return
    if err is None:  # a plain tuple or dict the engine would accept: still a bot bug
        err = IllegalActionError(Reason.MALFORMED, f"not an Action: {type(action).__name__}")
    shown = action.to_json() if isinstance(action, Action) else repr(action)[:200]
    raise IllegalBotActionError(
        err.reason,
        f"bot {bot.name!r} (seat {seat}) returned an illegal action in round {state.round} "
        f"(prompt {state.prompt}, game seed {seed}): {shown}: {err}",
        bot=str(bot.name),
        seat=seat,
        action=action,
    )


__all__ = [
    "AUTOMATIC_PROMPTS",
    "HADES_NAME",
    "MAX_ACTIONS",
    "Bot",
    "GameRecord",
    "IllegalBotActionError",
    "SeatRecord",
    "percentile",
    "play_game",
    "seat_rng",
    "wilson_interval",
]

"""The print-and-play variant (mode ``pnp``): a score sheet per seat instead of cubes and cards.

Its turn (labours that cross power rows, powers, erasing circles) is :mod:`..pnp`;
this module wires it into the engine and holds its scoring and invariants.
"""

from __future__ import annotations

from .. import pnp as sheet_rules
from ..actions import CHOOSE_DEMIGOD, END_REST, END_TURN, ERASE, LABOUR, POWER, REST, ROLL, Action
from ..cards import card_set, pnp_rules
from ..invariants import check_turn_common, check_turn_order, fail
from ..results import PlayerScore, ScoreResult
from ..rules import CARD_HANDLERS, CARD_PROMPTS
from ..scoring import tiebreak_used
from ..state import (
    ALL_COLUMNS,
    P_ACTION,
    P_CHOOSE_DEMIGOD,
    P_REST,
    P_ROLL,
    GameConfig,
    GameState,
)
from .base import Handler, Offer, Variant


def sheet_actions(s: GameState) -> tuple[Action, ...]:
    """The turn and the rest on the sheet (see :func:`..pnp.sheet_actions`)."""
    return tuple(sorted(sheet_rules.sheet_actions(s)))


class PnpVariant(Variant):
    """Labours cross power rows; powers circle a box and a labour; no cards, cubes or gods."""

    name = "pnp"
    description = "mode.help.pnp"
    gods_count = False
    sheet = True
    #: "Il giocatore con più PV vince il gioco": the text names no tie-break, so a tie on
    #: points is shared (``ScoreResult.tiebreak`` is then "shared").
    tiebreaks: tuple[str, ...] = ()
    score_categories = ("jumps", "reached_12", "majorities", "sets", "labours")
    prompts: dict[str, Offer] = {
        P_ROLL: CARD_PROMPTS[P_ROLL],
        P_ACTION: sheet_actions,
        P_CHOOSE_DEMIGOD: CARD_PROMPTS[P_CHOOSE_DEMIGOD],
        P_REST: sheet_actions,
    }
    handlers: dict[str, Handler] = {
        ROLL: CARD_HANDLERS[ROLL],
        REST: CARD_HANDLERS[REST],
        END_TURN: CARD_HANDLERS[END_TURN],
        **dict.fromkeys((LABOUR, POWER, CHOOSE_DEMIGOD, ERASE, END_REST), sheet_rules.apply_sheet),
    }

    def new_game(self, config: GameConfig, seed: int) -> GameState:
        """Blank sheets, every card in the box, seat 0 has Pegasus."""
        return sheet_rules.new_pnp_game(config, seed)

    def score(self, state: GameState) -> ScoreResult:
        """Jumps, labour 12, power-row majorities and sets, uncircled labours."""
        return score_sheet(state)

    def check_invariants(self, s: GameState) -> None:
        """The sheet's invariants (see :func:`check_sheet_game`)."""
        check_sheet_game(s)

    def rest_limit(self) -> int:
        """A rest erases up to ``rest_power_circles`` power circles."""
        return pnp_rules().rest_power_circles


PNP = PnpVariant()


def score_sheet(state: GameState) -> ScoreResult:
    """The print-and-play scoring: jumps, labour 12, power majorities and sets, labours."""
    rules = pnp_rules()
    decks = [d.id for d in card_set().decks]
    n = state.n
    players = state.players
    won: list[list[str]] = [[] for _ in range(n)]
    for k, deck in enumerate(decks):
        best = max(p.crosses[k] for p in players)
        if best >= 1:
            for i, p in enumerate(players):
                if p.crosses[k] == best:
                    won[i].append(deck)
    rows = []
    for i, p in enumerate(players):
        jumps = sum(rules.jump_points(j) for j in p.jumps)
        reached = rules.reach_12_vp if p.pos == 12 else 0
        maj = rules.majority_vp * len(won[i])
        sets = min(p.crosses)
        free = bin(~p.row & ALL_COLUMNS & ~p.circled).count("1")
        labours = rules.labour_vp * free
        total = jumps + reached + maj + rules.set_vp * sets + labours
        rows.append((i, jumps, reached, maj, sets, free, labours, total))
    keys = [(r[7],) for r in rows]  # points only: the text names no tie-break
    places = [1 + sum(1 for k in keys if k > keys[i]) for i in range(n)]
    scores = tuple(
        PlayerScore(
            seat=i,
            cards=0,
            vases=0,
            zeus_pantheon=0,
            majorities=maj,
            sets=rules.set_vp * sets,
            cubes=0,
            total=total,
            symbols=dict(zip(decks, players[i].crosses, strict=True)),
            majorities_won=tuple(won[i]),
            complete_sets=sets,
            apprentice=players[i].pos,
            place=places[i],
            jumps=jumps,
            reached_12=reached,
            labours=labours,
        )
        for (i, jumps, reached, maj, sets, _free, labours, total) in rows
    )
    winners = tuple(i for i in range(n) if places[i] == 1)
    return ScoreResult(scores, winners, tiebreak_used(keys, PnpVariant.tiebreaks))


def check_sheet_game(s: GameState) -> None:
    """The print-and-play variant's invariants.

    No cubes and no cards in play (every card in the box, exactly once); per sheet: at most
    ``boxes_per_row`` crosses per row, circles never more than crosses, no more crosses than
    labours done (one per labour), circled labours among the labours done, jumps of 3+
    spaces that fit in the Apprentice's way, the Apprentice at most up to the column before
    its first labour not done (it may have stopped short) and on 12 once all twelve are done;
    the turn's powers used circled on the acting sheet; the pending decision consistent.
    """
    cs = card_set()
    boxes = pnp_rules().boxes_per_row
    ids = [d.id for d in cs.decks]
    for i, p in enumerate(s.players):
        if p.hades:
            fail(f"seat {i} is Hades in a print-and-play game")
        if p.row & ~ALL_COLUMNS:
            fail(f"seat {i} has labours off the twelve columns")
        if p.supply or p.cubed:
            fail(f"seat {i} has cubes: the print-and-play variant has none")
        if p.demigods or p.gods or p.gods_down or p.vases or p.finals:
            fail(f"seat {i} holds cards: the print-and-play variant has none")
        if len(p.crosses) != len(ids) or len(p.circles) != len(ids):
            fail(f"seat {i}'s sheet must have six power rows")
        for deck, x, o in zip(ids, p.crosses, p.circles, strict=True):
            if not 0 <= x <= boxes:
                fail(f"seat {i} has {x} crosses in the {deck} row of {boxes} boxes")
            if not 0 <= o <= x:
                fail(f"seat {i} has {o} circles on {x} crosses in the {deck} row")
        done = ~p.row & ALL_COLUMNS
        if sum(p.crosses) > bin(done).count("1"):
            fail(f"seat {i} has more power crosses than labours done")
        if p.circled & ~done:
            fail(f"seat {i} has a circled labour it has not done")
        most = 12 if not p.row else (p.row & -p.row).bit_length() - 2
        if p.pos > most:
            fail(f"seat {i}'s Apprentice is on column {p.pos}, past labour {most + 1} not done")
        if not p.row and p.pos != 12:
            fail(f"seat {i} completed every labour, its Apprentice must stand on 12")
        if any(j < 3 for j in p.jumps) or sum(p.jumps) > p.pos:
            fail(f"seat {i}'s jumps {list(p.jumps)} do not fit an Apprentice on {p.pos}")
    in_play = [c for st in s.demigod_stacks + s.vase_stacks for c in st]
    in_play += list(s.top) + [c for c in s.columns if c]
    if in_play:
        fail(f"{', '.join(sorted(in_play))} in play: every card stays in the box")
    if len(s.box) != len(set(s.box)) or set(s.box) != set(cs.cards):
        fail("every card lies in the box exactly once in the print-and-play variant")
    if s.used or s.rest_god:
        fail("cards used in the print-and-play variant")
    if s.rest_cubes > pnp_rules().rest_power_circles:
        fail("more power circles erased than a rest allows")
    if any(e != "column_12" for e in s.ended_by):
        fail("the print-and-play game ends only at labour 12")
    if check_turn_order(s) and s.prompt not in (P_ACTION, P_REST, P_CHOOSE_DEMIGOD):
        fail(f"unexpected prompt {s.prompt} in the print-and-play variant")
    if s.prompt == P_CHOOSE_DEMIGOD:
        if len(s.pending) < 2:
            fail("a power choice is pending with fewer than two rows")
        for d in s.pending:
            if s.players[s.current].crosses[ids.index(d)] >= boxes:
                fail(f"the {d} row to choose from is full")
    elif s.pending:
        fail("power rows are pending outside the choice")
    if s.powers_used:
        if s.prompt not in (P_ACTION, P_CHOOSE_DEMIGOD):
            fail("powers used this turn outside the turn's action")
        p = s.players[s.current]
        for k, deck in enumerate(ids):
            if s.powers_used.count(deck) > p.circles[k]:
                fail(f"the {deck} power was used more often this turn than it has circles")
        if len(s.powers_used) > bin(p.circled).count("1"):
            fail("more powers used this turn than labours circled")
    if s.white_holder >= 0:
        if s.white_holder != s.current or s.prompt not in (P_ACTION, P_CHOOSE_DEMIGOD):
            fail("the third die is held by a seat that is not acting")
        if "pan" not in s.powers_used:
            fail("the third die is in play but Pan's power was not used this turn")
    check_turn_common(s)

"""Normal: the greedy bot. It values every labour the planner can reach this turn (VP,
vases, gods, the Demigod card and its symbols, columns advanced, rarity, cubes spent) and
resting, and gambles on a re-roll or the white die when nothing is reachable.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from hercules.games.mebo.engine import Action, labour_result
from hercules.games.mebo.engine.actions import (
    END_REST,
    END_TURN,
    ERASE,
    LABOUR,
    POWER,
    REST,
    RETURN_CUBE,
    TURN_UP,
    USE,
)
from hercules.games.mebo.engine.cards import pnp_rules
from hercules.games.mebo.engine.pnp import ROW_ABILITY, ROW_INDEX, stops
from hercules.games.mebo.engine.rules import first_stop
from hercules.games.mebo.engine.scoring import score, symbol_counts
from hercules.games.mebo.engine.state import GameState

from .basic import CARDS, ROW_CARD, WAYS, RandomBot, reason
from .planner import Plan, plan_labours

#: Each Demigod deck's place in deck order (its stack's index in the state).
_DECK_INDEX = {d.id: k for k, d in enumerate(CARDS.decks)}


@dataclass
class Weights:
    """What the Normal bot values, in victory points."""

    advance: float = 0.9  #: per column the Apprentice moves
    rarity: float = 5.0  #: for taking a labour few rolls can make (scaled by 1 - ways/36)
    cube: float = 1.6  #: a cube placed on a card (lost VP and a use of the card)
    god_use: float = 0.6  #: turning a god face down
    ability: float = 2.2  #: an active ability card received (future flexibility)
    symbol: float = 1.0  #: each scoring symbol received
    majority: float = 2.5  #: a symbol that wins or ties a majority
    set_part: float = 1.5  #: a symbol that completes more of a set
    rest_cube: float = 1.3  #: a cube taken back by resting
    rest_god: float = 0.8  #: a god turned face up by resting
    end_lead: float = 0.5  #: per VP of lead when ending the game by reaching 12
    gamble: float = 2.0  #: threshold to try a re-roll / the white die when nothing else works
    rest_labour: float = 1.0  #: pnp: a labour circle erased by resting (1 VP back, and a use)
    #: pnp: spaces kept for a later jump, per VP of the best jumps they could still make
    #: (scaled by the part of the game left; nothing in the final round)
    hold: float = 0.5


class NormalBot(RandomBot):
    """Greedy: the labour plan with the best immediate value, or rest when it pays."""

    name = "normal"
    #: Abilities a plan may chain (None: any number). A rollout policy bounds it: with many
    #: cards late in a game, the unbounded planner's search grows large.
    plan_uses: int | None = None

    def __init__(self, weights: Weights | None = None) -> None:
        super().__init__()
        self.w = weights or Weights()
        #: The rarity weight in pnp (Hard tunes it apart from the other modes).
        self.sheet_rarity = self.w.rarity

    # --- the interface ------------------------------------------------------------------------
    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """The best action by the bot's evaluation (pnp: a labour with the best stop)."""
        s: GameState = view
        act = self.choose_action(s, legal, rng)
        if act.kind == LABOUR and s.config.variant.sheet:
            return self.sheet_stop(s, act, legal)
        return act

    def choose_action(self, s: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        """The best action by the bot's evaluation (a labour as its full move)."""
        if s.prompt == "choose_demigod":
            return self.choose_deck(s, legal)
        if s.prompt == "rest":
            return self.rest_step(s, legal)
        if s.prompt != "action":
            self.reason = reason("only", "the only move")
            return legal[0]
        plans = plan_labours(s, max_uses=self.plan_uses)
        best, value = self.best_plan(s, plans)
        rest = self.rest_value(s) if any(a.kind == REST for a in legal) else None
        if best is not None and (rest is None or value >= rest):
            return self.follow(s, best, value)
        if rest is not None and (best is None or rest > value):
            if best is None:
                gamble = self.gamble(s, legal, rng)
                if gamble is not None:
                    return gamble
            self.reason = reason("rest", f"rests: {self.rest_summary(s)}", **self.rest_params(s))
            return next(a for a in legal if a.kind == REST)
        gamble = self.gamble(s, legal, rng)
        if gamble is not None:
            return gamble
        self.reason = reason("give_up", "no labour within reach: ends the turn")
        return next(a for a in legal if a.kind in (END_TURN, REST))

    # --- evaluation ---------------------------------------------------------------------------
    def best_plan(self, s: GameState, plans: dict[int, Plan]) -> tuple[Plan | None, float]:
        """The most valuable plan and its value."""
        best, value = None, float("-inf")
        for plan in plans.values():
            v = self.plan_value(s, plan)
            if v > value:
                best, value = plan, v
        return best, value

    def plan_value(self, s: GameState, plan: Plan) -> float:
        """Immediate value of performing ``plan`` (VP now, plus what the cards are worth later)."""
        if s.config.variant.sheet:
            return self.sheet_plan_value(s, plan)
        w = self.w
        seat = s.current
        p = s.players[seat]
        row = p.row & ~(1 << plan.labour)
        new = first_stop(row)
        adv = new - p.pos
        v = w.advance * adv + w.rarity * (1 - WAYS[plan.labour] / 36)
        v -= w.cube * plan.cubes + w.god_use * plan.gods
        if adv >= 3:
            v += self.vase_vp(s, adv)
        if adv > 0:
            if new == 12:
                if s.top:
                    v += CARDS.cards[s.top[-1]].vp
                if not s.ended_by:
                    v += w.end_lead * self.lead(s, seat)
            elif s.columns[new]:
                v += self.card_value(s, s.columns[new])
        if plan.decks:
            v += max(self.deck_value(s, d) for d in plan.decks)
        v += p.supply * 0  # cubes kept in supply are counted through the cube cost
        return v

    def sheet_plan_value(self, s: GameState, plan: Plan) -> float:
        """pnp: ``plan``'s value: jump VP, labour 12, the row crossed; a power costs a cube."""
        w = self.w
        rules = pnp_rules()
        seat = s.current
        p = s.players[seat]
        row = p.row & ~(1 << plan.labour)
        new = first_stop(row)
        adv = new - p.pos
        v = w.advance * adv + self.sheet_rarity * (1 - WAYS[plan.labour] / 36)
        v -= w.cube * plan.cubes  # each power circles a labour: a VP lost unless erased
        v += rules.labour_vp
        if adv > 0:
            # The jump of the stop the bot would choose, less the later jumps it gives up.
            best, _ = self.best_stop(s, p.pos, stops(p, plan.labour))
            v += best - self.stop_value(s, p.pos, p.pos)
            if new == 12:
                v += rules.reach_12_vp
                if not s.ended_by:
                    v += w.end_lead * self.lead(s, seat)
        if plan.decks:
            v += max(self.row_value(s, d) for d in plan.decks)
        return v

    def stop_value(self, s: GameState, old: int, stop: int) -> float:
        """pnp: stopping the Apprentice on ``stop`` (from ``old``): the jump VP now, and what the
        spaces left to 12 could still score in later jumps, discounted by the game left."""
        hold = 0.0 if s.ended_by else self.w.hold * self.remaining_fraction(s)
        return pnp_rules().jump_points(stop - old) + hold * best_jumps(12 - stop)

    def best_stop(self, s: GameState, old: int, columns: range) -> tuple[float, int]:
        """pnp: the most valuable of ``columns`` to stop on, with its value (ties: further)."""
        return max((self.stop_value(s, old, c), c) for c in columns)

    def sheet_stop(self, s: GameState, act: Action, legal: Sequence[Action]) -> Action:
        """pnp: the legal form of the labour ``act`` that stops the Apprentice where it pays.

        Moving on scores the jump now; stopping short keeps the spaces for one longer jump
        later ("puoi muovere"): a move of 1-2 spaces scores nothing and shortens every later
        jump, and beyond 7 spaces a jump scores no more. (The bot's reason stays the labour
        it aims for; the log line of the labour says where the Apprentice stopped.)
        """
        p = s.players[s.current]
        dice = s.dice_of(s.current)
        columns = stops(p, labour_result(act.op, dice[act.dice[0]], dice[act.dice[1]]))
        _, stop = self.best_stop(s, p.pos, columns)
        want = act._replace(target=-1 if stop == columns[-1] else stop)
        return want if want in legal else act

    def row_value(self, s: GameState, row: str) -> float:
        """pnp: what crossing a box of power row ``row`` is worth to the seat to act."""
        w = self.w
        k = ROW_INDEX[row]
        mine = s.players[s.current].crosses
        if mine[k] >= pnp_rules().boxes_per_row:
            return 0.0
        best_other = max((s.players[q].crosses[k] for q in range(s.n) if q != s.current), default=0)
        v = w.symbol + w.ability * self.remaining_fraction(s)
        if mine[k] + 1 >= best_other and mine[k] < best_other + 1:
            v += w.majority
        if mine[k] == min(mine):
            v += w.set_part
        return v

    def lead(self, s: GameState, seat: int) -> float:
        """This seat's running score minus the best other seat's."""
        totals = [ps.total for ps in score(s).players]
        mine = totals[seat]
        others = [t for i, t in enumerate(totals) if i != seat]
        return mine - max(others)

    def vase_vp(self, s: GameState, spaces: int) -> int:
        """VP of the vase an advance of ``spaces`` would take now."""
        k = min(spaces, max(CARDS.vase_spaces)) - 3
        while k >= 0 and not s.vase_stacks[k]:
            k -= 1
        return CARDS.cards[s.vase_stacks[k][-1]].vp if k >= 0 else 0

    def deck_value(self, s: GameState, deck: str) -> float:
        """Value of the top card of a demigod deck (pnp: of a box crossed in that row)."""
        if s.config.variant.sheet:
            return self.row_value(s, deck)
        k = _DECK_INDEX[deck]
        stack = s.demigod_stacks[k]
        return self.card_value(s, stack[-1]) if stack else 0.0

    def card_value(self, s: GameState, card_id: str) -> float:
        """What receiving a card is worth to the seat to act."""
        w = self.w
        card = CARDS.cards[card_id]
        v = float(card.vp)
        symbols = card.symbols
        if card.kind == "god" and not s.config.variant.gods_count:
            return v
        if card.active:
            # Abilities matter less as the game nears its end.
            v += w.ability * self.remaining_fraction(s)
        if symbols:
            mine, others = self.symbols_held(s)
            low = min(mine.values())
            for sym in symbols:
                v += w.symbol
                best_other = max((o[sym] for o in others), default=0)
                if mine[sym] + 1 >= best_other and mine[sym] < best_other + 1:
                    v += w.majority
                if mine[sym] == low:
                    v += w.set_part
        return v

    def symbols_held(self, s: GameState) -> tuple[dict[str, int], list[dict[str, int]]]:
        """The symbols the seat to act holds, and those of every other seat (in seat order)."""
        mine = symbol_counts(s, s.current)
        return mine, [symbol_counts(s, q) for q in range(s.n) if q != s.current]

    def remaining_fraction(self, s: GameState) -> float:
        """Roughly how much of the game is left, from the leading Apprentice.

        pnp: from the most labours done, since an Apprentice may be held back.
        """
        if s.config.variant.sheet:
            lead = max(12 - bin(p.row).count("1") for p in s.players)
        else:
            lead = max(p.pos for p in s.players if not p.hades)
        return max(0.1, 1 - lead / 12)

    def rest_value(self, s: GameState) -> float:
        """Value of resting now (cubes back, a god up) against using the turn for a labour."""
        p = s.players[s.current]
        if s.config.variant.sheet:
            powers, labours = self.sheet_rest(s)
            return self.w.rest_cube * powers + self.w.rest_labour * labours
        v = self.w.rest_cube * min(3, len(p.cubed))
        if p.gods_down and s.config.variant.gods_count:
            v += self.w.rest_god
        return v

    @staticmethod
    def sheet_rest(s: GameState) -> tuple[int, int]:
        """pnp: the power circles and labour circles resting now would erase."""
        p = s.players[s.current]
        rules = pnp_rules()
        return (
            min(rules.rest_power_circles, sum(p.circles)),
            min(rules.rest_labour_circles, bin(p.circled).count("1")),
        )

    def rest_summary(self, s: GameState) -> str:
        """What resting now would do, in words."""
        p = s.players[s.current]
        if s.config.variant.sheet:
            powers, labours = self.sheet_rest(s)
            if not powers and not labours:
                return "nothing better to do"
            return f"erases {powers} power circle(s) and {labours} labour circle(s)"
        n = min(3, len(p.cubed))
        god = " and turns a god up" if p.gods_down and s.config.variant.gods_count else ""
        return f"takes back {n} cube(s){god}" if n or god else "nothing better to do"

    def rest_params(self, s: GameState) -> dict[str, int]:
        """What resting now would do, as the parameters of a reason.

        pnp: ``circles`` and ``labours`` erased.
        """
        p = s.players[s.current]
        if s.config.variant.sheet:
            powers, labours = self.sheet_rest(s)
            return {"circles": powers, "labours": labours}
        return {
            "cubes": min(3, len(p.cubed)),
            "god": int(bool(p.gods_down and s.config.variant.gods_count)),
        }

    # --- acting -------------------------------------------------------------------------------
    def follow(self, s: GameState, plan: Plan, value: float, ahead: bool = False) -> Action:
        """Take the first step of a plan and say why (``ahead``: the next roll was counted)."""
        a, b = plan.faces
        how = {"add": "+", "sub": "-", "mul": "x", "div": "/"}[plan.op]
        if plan.op in ("sub", "div") and b > a:
            a, b = b, a
        steps = f" using {len(plan.uses)} card(s)" if plan.uses else ""
        text = f"aims for labour {plan.labour} ({a} {how} {b}){steps}, worth {value:.1f}"
        if ahead:
            text += ", counting what its next roll can do"
        self.reason = reason(
            "aims",
            text,
            labour=plan.labour,
            a=a,
            op=plan.op,
            b=b,
            cards=len(plan.uses),
            value=f"{value:.1f}",
            ahead=int(ahead),
        )
        return plan.actions[0]

    def gamble(self, s: GameState, legal: Sequence[Action], rng: random.Random) -> Action | None:
        """No sure labour: try the white die or a re-roll if one is free or cheap."""
        p = s.players[s.current]
        if s.config.variant.sheet:
            return self.sheet_gamble(s, legal)
        options = []
        for a in legal:
            if a.kind != USE:
                continue
            card = CARDS.cards[a.card]
            if card.ability == "white_die":
                options.append((0 if card.kind == "god" else 1, 0, a))
            elif card.ability == "reroll" and len(a.dice) == len(s.dice_of(s.current)):
                options.append((0 if card.kind == "god" else 1, 1, a))
        if not options or (p.row == 0):
            return None
        options.sort(key=lambda o: (o[0], o[1], o[2]))
        cost, _, act = options[0]
        if cost and self.w.cube > self.w.gamble:
            return None
        name = CARDS.cards[act.card].name
        self.reason = reason(
            "gamble", f"no labour within reach: tries its luck with {name}", card=act.card
        )
        return act

    def sheet_gamble(self, s: GameState, legal: Sequence[Action]) -> Action | None:
        """pnp: no sure labour: try Pan's third die, else Tyche re-rolling every die."""
        if s.players[s.current].row == 0 or self.w.cube > self.w.gamble:
            return None
        n = len(s.dice_of(s.current))
        options = []
        for a in legal:
            if a.kind != POWER:
                continue
            ability = ROW_ABILITY[ROW_INDEX[a.deck]]
            if ability == "white_die":  # the third die first, then Tyche, then it again
                options.append((0 if s.white_holder < 0 else 2, a))
            elif ability == "reroll" and len(a.dice) == n:
                options.append((1, a))
        if not options:
            return None
        act = min(options)[1]
        name = CARDS.deck(act.deck).name
        self.reason = reason(
            "gamble",
            f"no labour within reach: tries its luck with {name}",
            card=ROW_CARD[act.deck],
            deck=act.deck,
        )
        return act

    def choose_deck(self, s: GameState, legal: Sequence[Action]) -> Action:
        """The demigod card worth most (pnp: the power row worth most to cross)."""
        best = max(legal, key=lambda a: (self.deck_value(s, a.deck), a.deck))
        name = CARDS.deck(best.deck).name
        if s.config.variant.sheet:
            self.reason = reason("deck_row", f"crosses {name}: the most useful row", deck=best.deck)
            return best
        self.reason = reason("deck", f"takes {name}: the most useful card", deck=best.deck)
        return best

    def rest_step(self, s: GameState, legal: Sequence[Action]) -> Action:
        """Return cubes from the most useful cards, turn the best god up, then finish.

        pnp: erase power circles from the most useful rows first, then finish.
        """
        erase = [a for a in legal if a.kind == ERASE]
        if erase:
            best = max(erase, key=lambda a: (self.row_rank(a.deck), a.deck))
            name = CARDS.deck(best.deck).name
            self.reason = reason(
                "frees",
                f"rests: frees a {name} box",
                card=ROW_CARD[best.deck],
                deck=best.deck,
            )
            return best
        cubes = [a for a in legal if a.kind == RETURN_CUBE]
        if cubes:
            best = max(cubes, key=lambda a: (self.ability_rank(a.card), a.card))
            self.reason = reason(
                "frees", f"rests: frees {CARDS.cards[best.card].name}", card=best.card
            )
            return best
        gods = [a for a in legal if a.kind == TURN_UP]
        if gods:
            best = max(gods, key=lambda a: (self.ability_rank(a.card), a.card))
            name = CARDS.cards[best.card].name
            self.reason = reason("turns_up", f"rests: turns {name} face up", card=best.card)
            return best
        self.reason = reason("rest_done", "finishes resting")
        return next(a for a in legal if a.kind == END_REST)

    @staticmethod
    def row_rank(row: str) -> int:
        """How useful a pnp power row is for planning, as :meth:`ability_rank` for cards."""
        order = ("copy", "white_die", "reroll", "flip", "minus_one", "plus_one")
        return order.index(ROW_ABILITY[ROW_INDEX[row]])

    @staticmethod
    def ability_rank(card_id: str) -> int:
        """How useful an ability is for planning: certain ones first."""
        order = ("copy", "white_die", "reroll", "flip", "minus_one", "plus_one")
        ab = CARDS.cards[card_id].ability
        return order.index(ab) if ab in order else -1


def best_jumps(spaces: int) -> int:
    """pnp: the most VP ``spaces`` can score as jumps (each of 3+ spaces, from the table)."""
    return _best_jumps(spaces, pnp_rules().jump_vp)


@cache
def _best_jumps(spaces: int, table: tuple[tuple[int, int], ...]) -> int:
    best = 0
    for first in range(table[0][0], spaces + 1):
        points = max(vp for need, vp in table if first >= need)
        best = max(best, points + _best_jumps(spaces - first, table))
    return best

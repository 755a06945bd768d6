"""The bots: Random, Easy, Normal and Hard behind one interface.

Difficulty comes only from decisions: every bot sees the same state and draws
its own choices from its own generator; none touches the game's dice.

In the print-and-play variant (mode ``pnp``) Normal and Hard play the score sheet: the
planner uses the certain power rows, a labour is worth its jump VP (the sheet's table), 5 VP
for reaching labour 12 and the power row it crosses (majorities and sets, as symbols are
valued in the other modes); they rest when erasing circles is worth more, erase the most
useful rows first, and gamble with Pan (third die) or Tyche (re-roll). Every other mode is
played exactly as before: the sheet branches are taken only when the variant keeps score
sheets (``state.config.variant.sheet``); God cards count only where ``variant.gods_count``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hercules.games.mebo.engine import Action, apply, card_set, labour_result, legal_actions
from hercules.games.mebo.engine.actions import (
    CHOOSE_DEMIGOD,
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
from hercules.games.mebo.engine.pnp import ROW_ABILITY, ROW_INDEX
from hercules.games.mebo.engine.rules import first_stop
from hercules.games.mebo.engine.scoring import score, symbol_counts
from hercules.games.mebo.engine.state import GameState

from .planner import Plan, plan_labours

_CARDS = card_set()
_OPS = ("add", "sub", "mul", "div")


def _ways() -> dict[int, int]:
    """How many of the 36 rolls can make each labour (by any operation)."""
    out = dict.fromkeys(range(1, 13), 0)
    for a in range(1, 7):
        for b in range(1, 7):
            made = {labour_result(op, a, b) for op in _OPS} - {0}
            for r in made:
                out[r] += 1
    return out


WAYS = _ways()

#: One Demigod card of each deck, so that a reason about a pnp power row names it the way the
#: table names a card (``card_name`` of a Demigod card is its deck's name).
_ROW_CARD = {
    d.id: min(c.id for c in _CARDS.cards.values() if c.kind == "demigod" and c.deck == d.id)
    for d in _CARDS.decks
}


def _why(key: str, text: str, **params: object) -> str:
    """A bot's reason: ``"bot.<key>|name=value|...|<English sentence>"``.

    The table translates the key and its parameters (``hercules.games.mebo.ui.describe``);
    the English sentence at the end is for readers that do not know the keys.
    Values are numbers and ids, never containing ``|``.
    """
    fields = "".join(f"|{k}={v}" for k, v in params.items())
    return f"bot.{key}{fields}|{text}"


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"
    threaded = False

    def __init__(self) -> None:
        self.reason = ""

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one legal action with the bot's own generator."""
        self.reason = _why("random", "chosen at random")
        return legal[rng.randrange(len(legal))]

    def explain(self) -> str:
        """Why the last action was chosen, in one line."""
        return self.reason


class EasyBot(RandomBot):
    """Plays legally, takes a labour when it can (any one), no foresight, no abilities."""

    name = "easy"

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """A random labour if there is one; otherwise rest (or end the turn)."""
        labours = [a for a in legal if a.kind == LABOUR]
        if labours:
            self.reason = _why("easy_labour", "takes a labour its dice allow")
            return labours[rng.randrange(len(labours))]
        for kind in (RETURN_CUBE, TURN_UP, END_REST, REST, END_TURN):
            for a in legal:
                if a.kind == kind:
                    self.reason = _why("easy_rest", "no labour: rests")
                    return a
        self.reason = _why("easy_card", "picks a card")
        return legal[rng.randrange(len(legal))]


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


class NormalBot(RandomBot):
    """Greedy: the labour plan with the best immediate value, or rest when it pays."""

    name = "normal"

    def __init__(self, weights: Weights | None = None) -> None:
        super().__init__()
        self.w = weights or Weights()
        #: The rarity weight in pnp (Hard tunes it apart from the other modes).
        self.sheet_rarity = self.w.rarity

    # --- the interface ------------------------------------------------------------------------
    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """The best action by the bot's evaluation."""
        s: GameState = view
        if s.prompt == "choose_demigod":
            return self.choose_deck(s, legal)
        if s.prompt == "rest":
            return self.rest_step(s, legal)
        if s.prompt != "action":
            self.reason = _why("only", "the only move")
            return legal[0]
        plans = plan_labours(s)
        best, value = self.best_plan(s, plans)
        rest = self.rest_value(s) if any(a.kind == REST for a in legal) else None
        if best is not None and (rest is None or value >= rest):
            return self.follow(s, best, value)
        if rest is not None and (best is None or rest > value):
            if best is None:
                gamble = self.gamble(s, legal, rng)
                if gamble is not None:
                    return gamble
            self.reason = _why("rest", f"rests: {self.rest_summary(s)}", **self.rest_params(s))
            return next(a for a in legal if a.kind == REST)
        gamble = self.gamble(s, legal, rng)
        if gamble is not None:
            return gamble
        self.reason = _why("give_up", "no labour within reach: ends the turn")
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
                    v += _CARDS.cards[s.top[-1]].vp
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
            v += rules.jump_points(adv)
            if new == 12:
                v += rules.reach_12_vp
                if not s.ended_by:
                    v += w.end_lead * self.lead(s, seat)
        if plan.decks:
            v += max(self.row_value(s, d) for d in plan.decks)
        return v

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
        k = min(spaces, max(_CARDS.vase_spaces)) - 3
        while k >= 0 and not s.vase_stacks[k]:
            k -= 1
        return _CARDS.cards[s.vase_stacks[k][-1]].vp if k >= 0 else 0

    def deck_value(self, s: GameState, deck: str) -> float:
        """Value of the top card of a demigod deck (pnp: of a box crossed in that row)."""
        if s.config.variant.sheet:
            return self.row_value(s, deck)
        k = [d.id for d in _CARDS.decks].index(deck)
        stack = s.demigod_stacks[k]
        return self.card_value(s, stack[-1]) if stack else 0.0

    def card_value(self, s: GameState, card_id: str) -> float:
        """What receiving a card is worth to the seat to act."""
        w = self.w
        card = _CARDS.cards[card_id]
        v = float(card.vp)
        symbols = card.symbols
        if card.kind == "god" and not s.config.variant.gods_count:
            return v
        if card.active:
            # Abilities matter less as the game nears its end.
            v += w.ability * self.remaining_fraction(s)
        if symbols:
            mine = symbol_counts(s, s.current)
            others = [symbol_counts(s, q) for q in range(s.n) if q != s.current]
            low = min(mine.values())
            for sym in symbols:
                v += w.symbol
                best_other = max((o[sym] for o in others), default=0)
                if mine[sym] + 1 >= best_other and mine[sym] < best_other + 1:
                    v += w.majority
                if mine[sym] == low:
                    v += w.set_part
        return v

    def remaining_fraction(self, s: GameState) -> float:
        """Roughly how much of the game is left, from the leading Apprentice."""
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
        self.reason = _why(
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
            card = _CARDS.cards[a.card]
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
        name = _CARDS.cards[act.card].name
        self.reason = _why(
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
            if ability == "white_die":
                options.append((0, a))
            elif ability == "reroll" and len(a.dice) == n:
                options.append((1, a))
        if not options:
            return None
        act = min(options)[1]
        name = _CARDS.deck(act.deck).name
        self.reason = _why(
            "gamble",
            f"no labour within reach: tries its luck with {name}",
            card=_ROW_CARD[act.deck],
            deck=act.deck,
        )
        return act

    def choose_deck(self, s: GameState, legal: Sequence[Action]) -> Action:
        """The demigod card worth most (pnp: the power row worth most to cross)."""
        best = max(legal, key=lambda a: (self.deck_value(s, a.deck), a.deck))
        name = _CARDS.deck(best.deck).name
        if s.config.variant.sheet:
            self.reason = _why("deck_row", f"crosses {name}: the most useful row", deck=best.deck)
            return best
        self.reason = _why("deck", f"takes {name}: the most useful card", deck=best.deck)
        return best

    def rest_step(self, s: GameState, legal: Sequence[Action]) -> Action:
        """Return cubes from the most useful cards, turn the best god up, then finish.

        pnp: erase power circles from the most useful rows first, then finish.
        """
        erase = [a for a in legal if a.kind == ERASE]
        if erase:
            best = max(erase, key=lambda a: (self.row_rank(a.deck), a.deck))
            name = _CARDS.deck(best.deck).name
            self.reason = _why(
                "frees",
                f"rests: frees a {name} box",
                card=_ROW_CARD[best.deck],
                deck=best.deck,
            )
            return best
        cubes = [a for a in legal if a.kind == RETURN_CUBE]
        if cubes:
            best = max(cubes, key=lambda a: (self.ability_rank(a.card), a.card))
            self.reason = _why(
                "frees", f"rests: frees {_CARDS.cards[best.card].name}", card=best.card
            )
            return best
        gods = [a for a in legal if a.kind == TURN_UP]
        if gods:
            best = max(gods, key=lambda a: (self.ability_rank(a.card), a.card))
            name = _CARDS.cards[best.card].name
            self.reason = _why("turns_up", f"rests: turns {name} face up", card=best.card)
            return best
        self.reason = _why("rest_done", "finishes resting")
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
        ab = _CARDS.cards[card_id].ability
        return order.index(ab) if ab in order else -1


class HardBot(NormalBot):
    """Searches: Normal's evaluation plus the expected value of its next roll.

    Each of the best few candidate moves (and resting) is played on a copy of the
    state; then, over all 21 distinct rolls of its two dice, weighted by their
    chance, the bot plans its best labour for the next turn. A move's worth is its
    immediate value plus ``lookahead`` times that expectation. Opponents enter
    through the race terms (ending the game while ahead) and the majorities.
    """

    name = "hard"
    threaded = True
    candidates = 5
    lookahead = 0.7
    #: Abilities chained when estimating the next turn. A bound on work, not on time,
    #: so that the bot decides the same way on any machine (deterministic for a seed).
    future_uses = 2

    def __init__(self, weights: Weights | None = None) -> None:
        # Tuned by tournament against Normal: a rare labour matters less once the next
        # roll is looked at explicitly.
        super().__init__(weights or Weights(rarity=2.5))
        # In pnp, by tournament against Normal (200 two-player games): with the lower rarity
        # Hard won 33%, with Normal's 50%.
        self.sheet_rarity = Weights().rarity if weights is None else weights.rarity

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """The candidate with the best immediate value plus expected next turn."""
        s: GameState = view
        if s.prompt != "action":
            return super().choose(view, legal, rng)
        seat = s.current
        plans = plan_labours(s)
        ranked = sorted(
            ((self.plan_value(s, plan), plan) for plan in plans.values()),
            key=lambda x: (-x[0], x[1].labour),
        )[: self.candidates]
        if not ranked:
            return super().choose(view, legal, rng)
        options: list[tuple[float, Any]] = []
        can_rest = any(a.kind == REST for a in legal)
        if can_rest:
            rest = self.rest_value(s) + self.lookahead * self.future(self.after_rest(s), seat)
            options.append((rest, "rest"))
        futures = []
        for value, plan in ranked:
            future = self.future(self.after_plan(s, plan), seat)
            futures.append(future)
            options.append((value + self.lookahead * future, plan))
        # pnp: the sheet's many Tyche boxes make a re-roll look better than a sure labour more
        # often than it is (tournament against Normal): gamble only with no labour in reach.
        chances = [] if s.config.variant.sheet else self.chances(s, legal)
        for value, action in chances:
            # A chance card is judged by the expected best plan after it; the turn after
            # that is assumed to look like the best sure option's.
            options.append((value + self.lookahead * max(futures), action))
        total, choice = max(options, key=lambda o: (o[0], o[1] == "rest"))
        if isinstance(choice, Action):
            if choice.kind == POWER:
                name = _CARDS.deck(choice.deck).name
                card = _ROW_CARD[choice.deck]
            else:
                name = _CARDS.cards[choice.card].name
                card = choice.card
            self.reason = _why(
                "chance",
                f"uses {name} for a better roll (expected {total:.1f})",
                card=card,
                value=f"{total:.1f}",
            )
            return choice
        if choice == "rest":
            self.reason = _why(
                "hard_rest",
                f"rests ({self.rest_summary(s)}): it sets up the next rolls best",
                **self.rest_params(s),
            )
            return next(a for a in legal if a.kind == REST)
        return self.follow(s, choice, total, ahead=True)

    def chances(self, s: GameState, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """Re-rolls and the white die, each valued by the expected best plan after it."""
        out = []
        seen: set[tuple[str, bool, tuple[int, ...]]] = set()
        for a in legal:
            if a.kind == POWER:  # pnp: a power costs a circled labour, counted like a cube
                ability, god = ROW_ABILITY[ROW_INDEX[a.deck]], False
            elif a.kind == USE:
                card = _CARDS.cards[a.card]
                ability, god = card.ability, card.kind == "god"
            else:
                continue
            if ability not in ("white_die", "reroll"):
                continue
            key = (ability, god, a.dice)
            if key in seen:  # interchangeable cards: judge one of each kind
                continue
            seen.add(key)
            cost = self.w.god_use if god else self.w.cube
            after, _ = apply(s, a)
            seat = s.current
            total = 0.0
            outcomes: list[tuple[tuple[int, ...], int]]
            if ability == "white_die":
                outcomes = [((f,), 1) for f in range(1, 7)]
            elif len(a.dice) == 1:
                outcomes = [((f,), 1) for f in range(1, 7)]
            elif len(a.dice) == 2:
                outcomes = list(_ROLLS)
            else:
                continue  # three dice at once: too many outcomes to be worth judging
            weight = 0
            for faces, k in outcomes:
                probe = _set_faces(after, seat, a.dice or (2,), faces)
                plans = plan_labours(probe, max_uses=self.future_uses)
                best = max((self.plan_value(probe, pl) for pl in plans.values()), default=None)
                total += k * (best if best is not None else -1.0)
                weight += k
            out.append((total / weight - cost, a))
        return out

    def future(self, after: GameState, seat: int) -> float:
        """Expected value of the best plan on this seat's next turn, over its next roll."""
        if after.is_terminal or after.ended_by:
            return 0.0
        probe = _next_turn(after, seat)
        total = 0.0
        for (a, b), k in _ROLLS:
            rolled = _with_dice(probe, seat, (a, b))
            plans = plan_labours(rolled, max_uses=self.future_uses)
            best = max((self.plan_value(rolled, pl) for pl in plans.values()), default=None)
            total += k * (best if best is not None else self.rest_value(rolled) - 2.0)
        return total / 36

    def after_plan(self, s: GameState, plan: Plan) -> GameState:
        """The state after this seat performs ``plan`` (choosing its best demigod)."""
        state = s
        for a in plan.actions:
            state, _ = apply(state, a)
        if state.prompt == "choose_demigod":
            deck = max(state.pending, key=lambda d: (self.deck_value(state, d), d))
            state, _ = apply(state, Action(CHOOSE_DEMIGOD, deck=deck))
        return state

    def after_rest(self, s: GameState) -> GameState:
        """The state after resting the way the bot rests."""
        state, _ = apply(s, Action(REST))
        while state.prompt == "rest":
            state, _ = apply(state, self.rest_step(state, legal_actions(state)))
        return state


#: The 21 distinct rolls of two dice with how many of the 36 outcomes give each.
_ROLLS = tuple(((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))


def _next_turn(s: GameState, seat: int) -> GameState:
    """A copy of ``s`` as if it were ``seat``'s turn again (nothing used yet)."""
    t = s.copy()
    t.prompt = "action"
    t.current = seat
    t.turn = (seat - t.pegasus) % t.n
    t.used = frozenset()
    t.white_holder = -1
    t.pending = ()
    t.rest_cubes = 0
    t.rest_god = False
    t.powers_used = ()
    return t


def _set_faces(s: GameState, seat: int, which: tuple[int, ...], faces: tuple) -> GameState:
    """A copy of ``s`` with the seat's dice ``which`` (2 = the white die) showing ``faces``."""
    t = s.copy()
    p = t.mutable_player(seat)
    dice = list(p.dice)
    for i, f in zip(which, faces, strict=True):
        if i == 2:
            t.white = f
        else:
            dice[i] = f
    p.dice = tuple(dice)
    return t


def _with_dice(s: GameState, seat: int, dice: tuple[int, int]) -> GameState:
    t = s.copy()
    p = t.mutable_player(seat)
    p.dice = dice
    return t


BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
_CLASSES = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str) -> RandomBot:
    """A new bot of a level: random, easy, normal or hard."""
    cls = _CLASSES.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(_CLASSES)}")
    return cls()

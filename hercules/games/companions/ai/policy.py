"""The Easy, Normal and Hard bots of *The Labours of Hercules* (issue 25): one policy, its
parameters data (``assets/games/companions/data/bots.json``).

Each decision reads the seat's view only (a state handed in is cut down to the actor's view
first) and the bot's memory of its own earlier views (claims it checked, ballots it saw).

- **Where the cards are.** Face-up cards and the ones the seat saw are certain; a card claimed
  this journey sits where it was claimed with the claimant's trust (1 - P(villain), Hercules
  always trusted); the rest are spread evenly over the spaces unknown. The cards in play are
  public (the setup's, those Hercules' cards add, less those in front of him).
- **What an arrangement is worth.** A card counts when it lies in Fearless Hercules' (#3's)
  row at the journey's end: an item, a labour Hercules can complete (its labour and the icons
  it would cost). The expected worth weighs each row by P(#3 lies in it).
- **Loyal** play raises that worth: it looks where a swap may pay or #3 may hide, swaps when
  the swap pays, reveals what locks a good card in #3's row or pays by its effect, ends the
  journey (revealing #3, voting up) when the row is good enough — less demanding as the
  journey goes on — and claims the truth, #3's place first.
- **Villain** play lowers it, with cover: some decisions are played as a loyal player would;
  lies (at ``lie_rate``) name a card at a space the liar looked at this turn (hard to check),
  most often #3 in the wrong row. Hera keeps her ability for the bag's last token.
- **Belief** (:mod:`.belief`, Normal and Hard): a claim a public fact or the seat's own sight
  contradicts makes its claimant a villain in that journey (weight 0 for the worlds where it
  was loyal); a claim found true, and a ballot against what the seat judges good, weigh softly.

A level's values may differ by table size (its ``by_players`` entry in ``bots.json``, tuned
by self-play so that Hercules' side wins about half the all-Normal games at 4 to 7 players):
the table's size is public, so a bot takes them at its first decision (:func:`level_params`).
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from hercules.games._kit.reasons import ReasonFormat

from ..engine import rules as E
from ..engine.data import TaskCard, load_data
from .belief import Belief, Evidence, prior_marginals

Space = tuple[int, int]

#: The bots' reasons: ``co.bot.<kind>|params|English`` (public facts or the seat's own
#: knowledge only; the same words whichever side the seat is on).
REASONS = ReasonFormat(
    "co.bot.",
    {
        "only": (),
        "random": (),
        "peek": ("row", "col"),
        "look": ("row", "col", "row2", "col2"),
        "swap": (),
        "keep": (),
        "reveal": ("card",),
        "hold": (),
        "claim": ("row", "col", "n"),
        "silent": (),
        "vote_up": ("up",),
        "vote_down": ("up",),
        "flip": ("card",),
        "hpeek": ("row", "col"),
        "ability": ("n",),
        "target": (),
    },
)


@cache
def load_params() -> dict[str, dict[str, Any]]:
    """Every level's parameters, read once (each level's ``by_players`` holds the values
    that differ at a table size; :func:`level_params` applies them)."""
    raw = resources.files("hercules.assets").joinpath("games/companions/data/bots.json")
    doc: Any = json.loads(raw.read_text(encoding="utf-8"))
    return {str(k): dict(v) for k, v in doc["levels"].items()}


@cache
def level_params(level: str, players: int) -> dict[str, Any]:
    """A level's parameters at a table of ``players`` (0: the level's own values): its values,
    with those its ``by_players`` names for that size put over them."""
    base = dict(load_params()[level])
    by_players = base.pop("by_players", {})
    base.update(by_players.get(str(players), {}))
    return base


@cache
def _card(card: str) -> TaskCard:
    return load_data().cards[card]


def _label(space: Space) -> str:
    return f"row {space[0] + 1}, space {space[1] + 1}"


@dataclass
class Memory:
    """What the bot remembers of its own earlier views (all public or its own)."""

    journey: int = 0
    turns: int = 0  #: its turns this journey
    claims_seen: int = 0  #: claims already checked
    cards: dict[str, Space] = field(default_factory=dict)  #: where it knew cards last time
    lengths: tuple[int, int] = (0, 0)
    evidence: list[Evidence] = field(default_factory=list)
    vote_pending: float = -1.0  #: its judgement (P(ending is good)) at a vote it cast
    vote_journey: int = 0


class Table:
    """One decision's reading of the view: cards in play, where they likely are, worths."""

    def __init__(self, bot: CompanionsBot, s: E.State, me: int) -> None:
        p = bot.params
        data = load_data()
        self.s = s
        self.me = me
        self.p = p
        variant = s.config.variant
        front = set(s.front)
        in_play = {data.card_numbered(k, variant).id for k in data.setup}
        for c in s.front:
            in_play |= {data.card_numbered(k, variant).id for k in _card(c).adds}
        in_play -= front
        self.in_play = in_play
        self.held = {_card(c).number for c in s.front if _card(c).kind == "item"}
        items_in_play = {_card(c).number for c in in_play if _card(c).kind == "item"}
        self.value: dict[str, float] = {}
        for c in in_play:
            card = _card(c)
            if card.kind == "item":
                users = sum(
                    1
                    for d in in_play
                    if _card(d).kind == "labour" and card.number in _card(d).needs
                )
                self.value[c] = p["item"] + 0.4 * users
            elif card.kind == "labour":
                needs = set(card.needs)
                worth = p["labour"] + p["icon"] * card.icons
                if needs <= self.held:
                    self.value[c] = worth
                elif needs <= self.held | items_in_play:
                    self.value[c] = 0.6 * worth
                else:
                    self.value[c] = 0.0
            else:
                self.value[c] = 0.0
        self.three = next(c for c in in_play if _card(c).number == 3)
        spaces = [(r, i) for r in (0, 1) for i in range(len(s.rows[r]))]
        self.spaces = spaces
        self.visible: dict[Space, str] = {
            sp: s.rows[sp[0]][sp[1]] for sp in spaces if s.rows[sp[0]][sp[1]] != E.HIDDEN
        }
        self.unknown_cards = in_play - set(self.visible.values())
        self.unknown = [sp for sp in spaces if sp not in self.visible]
        self.trust = bot.trust(s, me)
        self._place()

    def _place(self) -> None:
        """Per unknown space, the weight of each unknown card (claims weigh by trust)."""
        s = self.s
        u = max(1, len(self.unknown))
        by_num = {_card(c).number: c for c in self.unknown_cards}
        claimed: dict[Space, tuple[str, float]] = {}
        for j, seat, r, i, n in s.claims:
            if j != s.journey or seat == self.me or (r, i) in self.visible:
                continue
            if n in by_num and r < 2 and i < len(s.rows[r]):
                claimed[(r, i)] = (by_num[n], self.trust[seat])
        base = 1.0 / u
        self.ev: dict[Space, float] = {}
        self.p3: dict[Space, float] = {}
        claimed_cards: dict[str, float] = {}
        for c, t in claimed.values():
            claimed_cards[c] = max(claimed_cards.get(c, 0.0), t)
        vals = self.value
        for sp in self.unknown:
            weights: dict[str, float] = {}
            claim = claimed.get(sp)
            for c in self.unknown_cards:
                w = base * (1.0 - claimed_cards.get(c, 0.0))
                if claim is not None:
                    w *= 1.0 - claim[1]
                    if claim[0] == c:
                        w += claim[1]
                weights[c] = w
            total = sum(weights.values()) or 1.0
            self.ev[sp] = sum(w * vals[c] for c, w in weights.items()) / total
            self.p3[sp] = weights.get(self.three, 0.0) / total
        for sp, c in self.visible.items():
            self.ev[sp] = vals[c]
            self.p3[sp] = 1.0 if c == self.three else 0.0
        known3 = [sp for sp, c in self.visible.items() if c == self.three]
        if known3:
            r = known3[0][0]
            self.prow = [1.0 if r == 0 else 0.0, 1.0 if r == 1 else 0.0]
        else:
            a = sum(v for sp, v in self.p3.items() if sp[0] == 0)
            b = sum(v for sp, v in self.p3.items() if sp[0] == 1)
            t = (a + b) or 1.0
            self.prow = [a / t, b / t]
        self.worth = [sum(self.ev[sp] for sp in self.spaces if sp[0] == r) for r in (0, 1)]
        row_len = [len(self.s.rows[0]), len(self.s.rows[1])]
        vals_sorted = sorted((vals[c] for c in self.in_play), reverse=True)
        self.best = [max(0.5, sum(vals_sorted[: max(0, row_len[r] - 1)])) for r in (0, 1)]
        mean_unknown = [vals[c] for c in self.unknown_cards]
        self.vbar = sum(mean_unknown) / len(mean_unknown) if mean_unknown else 0.0

    def eu(self) -> float:
        """The arrangement's expected worth."""
        return self.prow[0] * self.worth[0] + self.prow[1] * self.worth[1]

    def quality(self) -> float:
        """The expected worth against the best a row of #3's length could hold (0-1)."""
        return sum(self.prow[r] * self.worth[r] / self.best[r] for r in (0, 1))

    def card_value(self, card: str) -> float:
        """What ``card`` is worth in #3's row to this seat's side (0 if unknown)."""
        return self.value.get(card, 0.0)

    def swap_delta(self, a: Space, ca: str, b: Space, cb: str) -> float:
        """The change of worth if the cards ``ca`` at ``a`` and ``cb`` at ``b`` (other rows)
        trade places."""
        va, vb = self.card_value(ca), self.card_value(cb)
        wa = self.worth[a[0]] - self.ev[a] + va
        wb = self.worth[b[0]] - self.ev[b] + vb
        if ca == self.three:
            return (wb - vb) - (wa - va)
        if cb == self.three:
            return (wa - va) - (wb - vb)
        pa, pb = self._prow_without(a, b)
        return (pa - pb) * (vb - va)

    def _prow_without(self, a: Space, b: Space) -> tuple[float, float]:
        """P(#3 in a's row), P(#3 in b's row) knowing neither a nor b holds it."""
        if self.prow[0] in (0.0, 1.0):
            return self.prow[a[0]], self.prow[b[0]]
        ra = sum(v for sp, v in self.p3.items() if sp[0] == a[0] and sp not in (a, b))
        rb = sum(v for sp, v in self.p3.items() if sp[0] == b[0] and sp not in (a, b))
        t = (ra + rb) or 1.0
        return ra / t, rb / t

    def distribution(self, sp: Space) -> list[tuple[str, float]]:
        """The cards a space may hold and their probabilities."""
        if sp in self.visible:
            return [(self.visible[sp], 1.0)]
        cards = sorted(self.unknown_cards)
        return [(c, 1.0 / len(cards)) for c in cards] if cards else []


class CompanionsBot:
    """A bot of one level (see the module): ``choose`` on the seat's view, ``explain``."""

    threaded = False

    def __init__(self, level: str, overrides: dict[str, Any] | None = None) -> None:
        if level not in load_params():
            raise ValueError(f"no bot level {level!r}")
        self.name = level
        #: Values put over the level's (tools and tests try other values this way).
        self.overrides = dict(overrides or {})
        self.players = 0  #: the table size whose values ``params`` holds
        self.params = level_params(level, 0) | self.overrides
        self.reason = ""
        self.memory = Memory()
        self._belief_key: Any = None
        self._belief: list[float] = []

    # --- the protocol ---------------------------------------------------------------------

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal`` for the seat to act, decided on its view alone."""
        s: E.State = view
        me = s.current
        s = E.view(s, me) if not s.outcome else s  # a view's view is itself: a state is cut
        if s.n != self.players:  # the table's size is public: its values apply
            self.players = s.n
            self.params = level_params(self.name, s.n) | self.overrides
        legal = list(legal)
        self._observe(s, me)
        if len(legal) == 1:
            self.reason = REASONS.encode("only", "The only legal move.")
            action = legal[0]
        else:
            action = self._decide(s, me, legal, rng)
        self._remember(s, me, action)
        return action

    def explain(self) -> str:
        """The reason of the last decision (public facts or the seat's own knowledge)."""
        return self.reason

    # --- belief ---------------------------------------------------------------------------

    def trust(self, s: E.State, me: int) -> list[float]:
        """Per seat, how far its claims are believed: 1 - P(villain) (Hercules: 1)."""
        if not self.params["worlds"]:
            base = float(self.params["trust"])
            return [1.0 if i in (me, s.hercules) else base for i in range(s.n)]
        pv = self.p_villain(s, me)
        return [1.0 if i in (me, s.hercules) else 1.0 - pv[i] for i in range(s.n)]

    def p_villain(self, s: E.State, me: int) -> list[float]:
        """P(villain now) per seat, from the sampled worlds and the bot's evidence."""
        ev = [e for e in self.memory.evidence if e.journey <= s.journey]
        key = (
            s.journey,
            tuple(len(t) for t in s.tokens),
            s.tokens[me],
            s.discard,
            s.characters,
            s.sights[me],
            len(ev),
        )
        if key != self._belief_key:
            worlds = int(self.params["worlds"])
            if worlds:
                seed = zlib.crc32(repr(key).encode())
                self._belief = Belief(s, me, ev, worlds, seed).marginals()
            else:
                self._belief = prior_marginals(s, me)
            self._belief_key = key
        return self._belief

    def _observe(self, s: E.State, me: int) -> None:
        """Checks the claims made since the last decision, and the last vote's ballots."""
        m = self.memory
        same_journey = m.journey == s.journey
        lengths = (len(s.rows[0]), len(s.rows[1]))
        stable = same_journey and lengths == m.lengths
        if not same_journey:
            m.turns = 0
        data = load_data()
        variant = s.config.variant
        in_play = {data.card_numbered(k, variant).id for k in data.setup}
        for c in s.front:
            in_play |= {data.card_numbered(k, variant).id for k in _card(c).adds}
        in_play -= set(s.front)
        by_num = {_card(c).number: c for c in in_play}
        where = self._where(s)
        start = len(s.claims) if m.claims_seen > len(s.claims) else m.claims_seen
        for j, seat, r, i, n in s.claims[start:]:
            if seat == me or seat == s.hercules or j != s.journey:
                continue
            e = self._check_claim(s, (r, i), n, by_num, where, stable)
            if e is not None:
                self.memory.evidence.append(Evidence(seat, j, *e))
        m.claims_seen = len(s.claims)
        # The last vote's ballots, shown once all were cast (the seat voted in it too).
        if (
            self.params["vote_evidence"]
            and m.vote_pending >= 0.0
            and s.prompt != E.P_VOTE
            and all(b in (0, 1) for b in s.ballots)
        ):
            g = m.vote_pending
            # A loyal seat votes up as this seat judges, less sharply (its own judgement
            # differs); a villain's ballot is read as the loyal one reversed. (Reading it by
            # the level's own dissent rates fitted worse in self-play: 15.5 % Brier gain
            # against 18.1 % at 7 players.)
            k = float(self.params.get("ballot_sharpness", 0.4))
            up_loyal = min(0.95, max(0.05, 0.5 + k * (g - 0.5)))
            up_villain = 1.0 - up_loyal
            for seat, ballot in enumerate(s.ballots):
                if seat in (me, s.hercules):
                    continue
                if ballot:
                    m.evidence.append(Evidence(seat, m.vote_journey, up_loyal, up_villain))
                else:
                    m.evidence.append(Evidence(seat, m.vote_journey, 1 - up_loyal, 1 - up_villain))
            m.vote_pending = -1.0
        if (
            s.prompt != E.P_VOTE
            and m.vote_pending >= 0.0
            and not all(b in (0, 1) for b in s.ballots)
        ):
            m.vote_pending = -1.0

    def _where(self, s: E.State) -> dict[str, Space]:
        return {
            s.rows[r][i]: (r, i)
            for r in (0, 1)
            for i in range(len(s.rows[r]))
            if s.rows[r][i] != E.HIDDEN
        }

    def _check_claim(
        self,
        s: E.State,
        space: Space,
        n: int,
        by_num: dict[int, str],
        where: dict[str, Space],
        stable: bool,
    ) -> tuple[float, float] | None:
        """The likelihoods (if loyal, if villain) of a claim the seat can check, else None.

        A claim of a card not in play this journey, or of a space whose card the seat knew
        both at its last decision and now (nothing moved it: the journey's start, when no
        card moves, or the same card in the same place both times) holding another, is a lie:
        only a villain lies (weight 0 if loyal). The claimed card where it was claimed now is
        a claim found true: villains lie at some rate, so a little more trust."""
        r, i = space
        card = by_num.get(n)
        if card is None:
            return (0.0, 1.0)
        if r > 1 or i >= len(s.rows[r]):
            return None
        here = s.rows[r][i]
        if here == card:
            if self.params["truth_evidence"]:
                return (1.0, 1.0 - 0.5 * float(self.params["lie_rate"]))
            return None
        if here == E.HIDDEN:
            there = where.get(card)
            if there is not None and stable and self.memory.cards.get(card) == there:
                return (0.0, 1.0)  # the card is known elsewhere and has not moved
            return None
        if s.stage == "start" and self.memory.journey == s.journey:
            return (0.0, 1.0)  # no card moves before the turns begin
        if stable and self.memory.cards.get(here) == space:
            return (0.0, 1.0)
        return None

    def _remember(self, s: E.State, me: int, action: Any) -> None:
        m = self.memory
        m.journey = s.journey
        m.lengths = (len(s.rows[0]), len(s.rows[1]))
        m.cards = self._where(s)
        if s.prompt == E.P_TURN and action.kind == "look":
            m.turns += 1

    # --- decisions ------------------------------------------------------------------------

    def _villain_plays(self, s: E.State, me: int, rng: random.Random) -> bool:
        """Whether this decision is played for Hera's side (a villain's cover aside)."""
        cover = float(self.params["hera_cover" if s.characters[me] == 6 else "cover"])
        return bool(s.villain[me]) and rng.random() >= cover

    def _decide(self, s: E.State, me: int, legal: list[Any], rng: random.Random) -> Any:
        t = Table(self, s, me)
        bad = self._villain_plays(s, me, rng)
        sign = -1.0 if bad else 1.0
        p = s.prompt
        if p == E.P_PEEK:
            return self._peek(t, legal, rng)
        if p == E.P_TURN:
            return self._turn(t, legal, sign, rng)
        if p == E.P_SWAP:
            return self._swap(t, sign, rng)
        if p == E.P_REVEAL:
            return self._reveal(t, sign, rng)
        if p == E.P_VOTE:
            return self._vote(t, sign, rng)
        if p == E.P_CLAIM:
            return self._claim(t, legal, rng)
        if p == E.P_FLIP:
            return self._flip(t, legal, sign)
        if p == E.P_HPEEK:
            return self._hpeek(t, legal, rng)
        if p == E.P_ABILITY:
            return self._target(t, legal, sign, rng)
        self.reason = REASONS.encode("random", "No preference.")
        return rng.choice(legal)

    def _threshold(self, t: Table, key: str) -> float:
        """The quality at which the journey should end, lower as the journey goes on."""
        q = float(self.params[key]) - float(self.params["quality_decay"]) * self.memory.turns
        up = len(t.s.face_up())
        return q - 0.03 * up

    def _peek(self, t: Table, legal: list[Any], rng: random.Random) -> Any:
        action = rng.choice(legal)
        self.reason = REASONS.encode(
            "peek",
            f"Looked at {_label((action.row, action.col))}: a card no one has picked.",
            row=action.row,
            col=action.col,
        )
        return action

    def _turn(self, t: Table, legal: list[Any], sign: float, rng: random.Random) -> Any:
        s = t.s
        if legal[0].kind == "ability" and self.params["abilities"] and self._wants_ability(t, sign):
            ch = s.characters[t.me]
            self.reason = REASONS.encode("ability", f"Used my character's ability (#{ch}).", n=ch)
            return legal[0]
        looks = [a for a in legal if a.kind == "look"]
        noise = float(self.params["noise"])
        best, best_score = looks[0], -1e9
        info = float(self.params["info"])
        certain = abs(t.prow[0] - t.prow[1])
        for a in looks:
            sa, sb = (a.row, a.col), (a.row2, a.col2)
            gain = self._look_gain(t, sa, sb, sign)
            unk = (sa not in t.visible) + (sb not in t.visible)
            score = gain + info * unk * (1.0 - certain) * 0.5 + info * 0.3 * unk
            score -= self._forced_risk(t, sa, sb, sign)
            score += noise * rng.random()
            if score > best_score:
                best, best_score = a, score
        sa, sb = (best.row, best.col), (best.row2, best.col2)
        self.reason = REASONS.encode(
            "look",
            f"Looked at {_label(sa)} and {_label(sb)}.",
            row=sa[0],
            col=sa[1],
            row2=sb[0],
            col2=sb[1],
        )
        return best

    def _look_gain(self, t: Table, a: Space, b: Space, sign: float) -> float:
        """The expected gain of the swap the look allows (the bot's side's sign)."""
        da, db = t.distribution(a), t.distribution(b)
        if len(da) > 1 and len(db) > 1:
            # Two unknown cards: the mean gain of two cards drawn from those unseen.
            return self._unknown_pair_gain(t, sign)
        total = 0.0
        for ca, pa in da:
            for cb, pb in db:
                if ca == cb:
                    continue
                total += pa * pb * max(0.0, sign * t.swap_delta(a, ca, b, cb))
        return total

    def _unknown_pair_gain(self, t: Table, sign: float) -> float:
        cards = sorted(t.unknown_cards)
        if len(cards) < 2:
            return 0.0
        pa, pb = t.prow[0], t.prow[1]
        total = 0.0
        vals = [t.card_value(c) for c in cards if c != t.three]
        for va in vals:
            for vb in vals:
                total += max(0.0, sign * (pa - pb) * (vb - va))
        gain = total / (len(vals) ** 2 or 1)
        # The chance that one of them is #3, and a swap then moves the whole row's worth.
        p3 = 2.0 / max(2, len(t.unknown))
        return gain + p3 * abs(t.worth[0] - t.worth[1]) * 0.3

    def _forced_risk(self, t: Table, a: Space, b: Space, sign: float) -> float:
        """What a forced reveal would cost (a known #1, or a known #8 or #3 below a card)."""
        ca, cb = t.visible.get(a), t.visible.get(b)
        for low, high in ((ca, cb), (cb, ca)):
            if low is None:
                continue
            card = _card(low)
            if card.number == 1 or "alarm" in card.reveal:
                if high is None:
                    return 0.3
                if _card(high).number > card.number or card.number == 1:
                    return max(0.0, -self._reveal_value(t, high, b if low == ca else a, sign))
        return 0.0

    def _swap(self, t: Table, sign: float, rng: random.Random) -> Any:
        a, b = t.s.looked
        ca, cb = t.visible[a], t.visible[b]
        delta = sign * t.swap_delta(a, ca, b, cb)
        margin = float(self.params["swap_margin"])
        if sign < 0:
            # A villain spends its swaps where they hurt most: small harms are left alone,
            # so its swaps are no likelier than a loyal player's (no tell).
            margin = max(margin, float(self.params.get("villain_swap_margin", 0.0)))
        do = delta > margin
        if do and sign < 0 and rng.random() >= float(self.params["villain_swap"]):
            do = False  # and some of those are skipped too (the easier levels' cover)
        if do:
            self.reason = REASONS.encode(
                "swap", "Swapped the two cards: the better place for each."
            )
            return E.Action("swap", n=1)
        self.reason = REASONS.encode("keep", "Left the two cards where they lie.")
        return E.Action("swap", n=0)

    def _reveal_value(self, t: Table, card: str, space: Space, sign: float) -> float:
        """What revealing ``card`` at ``space`` is worth to the bot's side."""
        c = _card(card)
        s = t.s
        tok = float(self.params["token"])
        value = 0.0
        loyal_end = t.quality() >= self._threshold(t, "end_quality")
        if c.number == 3:
            # The journey ends now: worth it when the row is good enough.
            value += 3.0 if loyal_end else -3.0
            return sign * value
        for effect in c.reveal:
            if effect == "lose":
                value -= tok
            elif effect == "ret2":
                value += tok * min(2, s.discard[0] + s.discard[1])
            elif effect == "peek":
                value += 0.2
            elif effect == "vote":
                value += 0.5 if loyal_end else -0.3
            elif effect == "block":
                value -= 0.3
        # Every reveal brings a row's end nearer: good once the row is good enough.
        value += float(self.params["progress"]) * (1.0 if loyal_end else -1.0)
        pin = t.prow[space[0]]
        value += float(self.params["lock"]) * (2.0 * pin - 1.0) * (t.card_value(card) - t.vbar)
        return sign * value

    def _reveal(self, t: Table, sign: float, rng: random.Random) -> Any:
        s = t.s
        a, b = s.looked
        ca, cb = t.visible[a], t.visible[b]
        hi, card = (a, ca) if _card(ca).number > _card(cb).number else (b, cb)
        value = self._reveal_value(t, card, hi, sign) + float(self.params["reveal_bias"])
        # A villain reveals only where the reveal hurts enough (the rest is cover).
        need = float(self.params.get("villain_reveal_margin", 0.0)) if sign < 0 else 0.0
        do = value + 0.2 * (rng.random() - 0.5) > need
        if do and sign < 0 and rng.random() >= float(self.params["villain_reveal"]):
            do = False  # a villain reveals no more often than a loyal player (no tell)
        elif not do and sign < 0 and rng.random() < float(self.params["villain_cover_reveal"]):
            do = True  # nor less often: a cover reveal now and then
        num = _card(card).number
        if do:
            self.reason = REASONS.encode("reveal", f"Revealed the higher card, #{num}.", card=card)
            return E.Action("reveal", n=1)
        self.reason = REASONS.encode("hold", "Kept both cards face down.")
        return E.Action("reveal", n=0)

    def _judge_end(self, t: Table) -> float:
        """How sure the seat is that ending the journey now is good for Hercules (0-1)."""
        q = t.quality() - self._threshold(t, "vote_quality")
        return min(1.0, max(0.0, 0.5 + 2.0 * q))

    def _vote(self, t: Table, sign: float, rng: random.Random) -> Any:
        g = self._judge_end(t)
        self.memory.vote_pending = g
        self.memory.vote_journey = t.s.journey
        want = g >= 0.5
        if sign < 0 and abs(g - 0.5) >= float(self.params.get("villain_vote_margin", 0.0)):
            # Dissent only when the ballot matters enough, and then not always: a villain
            # whose ballots always oppose the loyal ones would be read at the first vote, and
            # one who votes up every bad row votes up far more often than a loyal player
            # (most rows are bad). Each direction has its own rate, tuned so that the sides'
            # up-rates stay alike while a good row is still voted down.
            key = "villain_vote_down" if g >= 0.5 else "villain_vote_up"
            if rng.random() < float(self.params.get(key, 1.0)):
                want = g < 0.5
        up = sum(t.s.up[0]) + sum(t.s.up[1])
        if want:
            self.reason = REASONS.encode(
                "vote_up", f"Voted to end the journey ({up} cards face up).", up=up
            )
            return E.Action("vote", n=1)
        self.reason = REASONS.encode(
            "vote_down", f"Voted to go on with the journey ({up} cards face up).", up=up
        )
        return E.Action("vote", n=0)

    def _claim(self, t: Table, legal: list[Any], rng: random.Random) -> Any:
        s = t.s
        me = t.me
        mine = {(r, i, n) for j, seat, r, i, n in s.claims if j == s.journey and seat == me}
        public = {
            (r, i)
            for j, seat, r, i, n in s.claims
            if j == s.journey and t.trust[seat] > 0.9 and seat != me
        }
        seen = [
            (sp, c)
            for sp, c in t.visible.items()
            if not s.up[sp[0]][sp[1]] and (sp[0], sp[1], _card(c).number) not in mine
        ]
        villain = bool(s.villain[me])
        rate = float(self.params["villain_claim_rate" if villain else "claim_rate"])
        speak = rng.random() < rate
        if villain and speak and rng.random() < float(self.params["lie_rate"]):
            lie = self._lie(t, rng)
            if lie is not None:
                return lie
        if not seen or not speak:
            self.reason = REASONS.encode("silent", "Said nothing.")
            return E.Action("silent")

        # The truth, the most useful first: #3's place, then the cards worth most.
        def rank(item: tuple[Space, str]) -> float:
            sp, c = item
            score = 10.0 if c == t.three else t.card_value(c)
            if sp in public:
                score -= 5.0
            return score + 0.1 * rng.random()

        if villain:
            # Cover: the truth about a card that helps Hercules least.
            sp, c = min(seen, key=rank)
        else:
            sp, c = max(seen, key=rank)
        n = _card(c).number
        return self._say(sp, n)

    def _say(self, sp: Space, n: int) -> Any:
        self.reason = REASONS.encode(
            "claim", f"Said that {_label(sp)} holds #{n}.", row=sp[0], col=sp[1], n=n
        )
        return E.Action("claim", sp[0], sp[1], n=n)

    def _lie(self, t: Table, rng: random.Random) -> Any | None:
        """A lie about a space the seat looked at this turn (or peeked): hard to check."""
        s = t.s
        mine = list(s.looked)
        if s.stage == "start" and s.peeked:
            mine = [s.peeked[-1]]
        mine = [sp for sp in mine if not s.up[sp[0]][sp[1]] and sp in t.visible]
        if not mine:
            return None
        three_at = next((sp for sp, c in t.visible.items() if c == t.three), None)
        for sp in mine:
            if three_at is not None and sp[0] != three_at[0] and t.visible[sp] != t.three:
                return self._say(sp, 3)  # #3 in the wrong row
        sp = rng.choice(mine)
        c = t.visible[sp]
        if t.card_value(c) > 0:
            pool = [x for x in t.in_play if t.card_value(x) == 0 and x != t.three]
        else:
            pool = [x for x in t.in_play if t.card_value(x) > 0]
        pool = sorted(x for x in pool if x not in t.visible.values())
        if not pool:
            return None
        return self._say(sp, _card(rng.choice(pool)).number)

    def _flip(self, t: Table, legal: list[Any], sign: float) -> Any:
        best, best_v = legal[0], -1e9
        for a in legal:
            sp = (a.row, a.col)
            c = t.visible.get(sp, "")
            pin = t.prow[sp[0]]
            v = sign * (1.0 - 2.0 * pin) * (t.card_value(c) - t.vbar)
            if v > best_v:
                best, best_v = a, v
        card = t.visible.get((best.row, best.col), "")
        self.reason = REASONS.encode("flip", f"Turned #{_card(card).number} face down.", card=card)
        return best

    def _hpeek(self, t: Table, legal: list[Any], rng: random.Random) -> Any:
        unknown = [a for a in legal if (a.row, a.col) not in t.visible] or legal
        best = max(unknown, key=lambda a: t.p3.get((a.row, a.col), 0.0) + 0.01 * rng.random())
        self.reason = REASONS.encode(
            "hpeek", f"Looked at {_label((best.row, best.col))}.", row=best.row, col=best.col
        )
        return best

    # --- abilities ------------------------------------------------------------------------

    def _wants_ability(self, t: Table, sign: float) -> bool:
        s = t.s
        me = t.me
        ch = s.characters[me]
        ability = load_data().characters[ch].ability
        bag = s.bag[0]
        if ability == "make_draw":
            return bag == 0  # the bag's last draw wins the game for Hera
        if sign < 0:
            return False  # a villain keeps its card hidden (and its ability unused)
        if ability == "return_token":
            return "B" in s.tokens[me] or bag <= s.n
        if ability == "vote":
            return t.quality() >= self._threshold(t, "vote_quality") + 0.1 and self.memory.turns > 0
        if ability == "swap_up":
            return self._best_swap_up(t, sign)[1] > 1.0
        if ability == "move_down":
            return self._best_move(t, sign)[1] > 1.0
        return False

    def _best_swap_up(self, t: Table, sign: float) -> tuple[Any, float]:
        ups = t.s.face_up()
        best: Any = None
        best_v = 0.0
        for k, a in enumerate(ups):
            for b in ups[k + 1 :]:
                if a[0] == b[0]:
                    continue
                ca, cb = t.visible[a], t.visible[b]
                v = sign * t.swap_delta(a, ca, b, cb)
                if v > best_v:
                    best, best_v = E.Action("swap_up", a[0], a[1], b[0], b[1]), v
        return best, best_v

    def _best_move(self, t: Table, sign: float) -> tuple[Any, float]:
        best: Any = None
        best_v = 0.0
        for sp in t.s.face_down():
            c = t.visible.get(sp)
            r = sp[0]
            if c == t.three:
                v = (t.worth[1 - r] + 0.0) - (t.worth[r] - 0.0)
            else:
                ev = t.card_value(c) if c is not None else t.ev[sp]
                v = (t.prow[1 - r] - t.prow[r]) * ev
            v *= sign
            if v > best_v:
                best, best_v = E.Action("move_down", sp[0], sp[1]), v
        return best, best_v

    def _target(self, t: Table, legal: list[Any], sign: float, rng: random.Random) -> Any:
        kind = legal[0].kind
        self.reason = REASONS.encode("target", "Chose where my ability acts.")
        if kind == "swap_up":
            best = self._best_swap_up(t, sign)[0]
            return best if best in legal else legal[0]
        if kind == "move_down":
            best = self._best_move(t, sign)[0]
            return best if best in legal else legal[0]
        if kind == "make_draw":
            pv = self.p_villain(t.s, t.me) if self.params["worlds"] else [0.0] * t.s.n
            return max(
                legal,
                key=lambda a: (len(t.s.tokens[a.seat]) * (1.0 - pv[a.seat]), -a.seat),
            )
        return rng.choice(legal)


__all__ = ["REASONS", "CompanionsBot", "Memory", "Table", "level_params", "load_params"]

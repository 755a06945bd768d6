"""What a seat believes about the others' hidden roles (issue 25's research brief).

The prior is exact from the public counts: the characters not yet shown are dealt at random
among the seats not yet shown; the tokens no one has seen (the bag's and the other seats')
are the box's tokens less the discard pile and the seat's own, dealt at random, each seat
holding as many as it publicly drew. A *world* is one such deal; a seat is a villain in a
journey when its tokens drawn before that journey hold more betrayal tokens than its
character's limit (Hera always; Hercules never).

Evidence weighs the sampled worlds: a hard fact (a claim a public fact contradicts, whom the
seat saw with open eyes) gives weight 0 to the worlds it contradicts; a soft one (a ballot, a
claim found true) multiplies by its likelihood. Evidence is tied to a journey, so a seat that
turned later is not condemned for loyal play before it turned.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import rules as E
from ..engine.data import load_data


@dataclass(frozen=True)
class Evidence:
    """What was seen of ``seat`` in ``journey``: the likelihood of it were the seat loyal
    then, and were it a villain (0 for one of them: a hard fact)."""

    seat: int
    journey: int
    if_loyal: float
    if_villain: float


@dataclass(frozen=True)
class World:
    """One deal of the hidden roles: per seat its character and its tokens in draw order."""

    characters: tuple[int, ...]
    tokens: tuple[tuple[str, ...], ...]


def villain_in(world: World, seat: int, journey: int) -> bool:
    """Whether ``seat`` is a villain during ``journey`` in ``world`` (the tokens drawn at the
    preparations before it: one per journey after the first, extra draws counted as early)."""
    ch = world.characters[seat]
    character = load_data().characters[ch]
    if character.side == "villain":
        return True
    if character.limit is None:
        return False
    drawn = world.tokens[seat][: max(0, journey - 1)]
    return drawn.count("B") > character.limit


def unseen_pool(view: E.State, me: int) -> tuple[int, int]:
    """(normal, betrayal) tokens ``me`` has not seen: the box's, less the discard pile and its
    own. They are in the bag and in the other seats' hands."""
    data = load_data()
    normal, betrayal = data.tokens[view.n]
    if view.config.variant == "hardship":
        normal += data.hardship_extra
    mine = view.tokens[me]
    return (
        normal - view.discard[0] - mine.count("N"),
        betrayal - view.discard[1] - mine.count("B"),
    )


def sample_world(view: E.State, me: int, rng: random.Random) -> World:
    """A deal of what ``me`` may not see, drawn from the exact prior of the public counts."""
    n = view.n
    shown = {c for c in view.characters if c}
    free = [c for c in range(1, n + 1) if c not in shown]
    rng.shuffle(free)
    it = iter(free)
    chars = tuple(c if c else next(it) for c in view.characters)
    normal, betrayal = unseen_pool(view, me)
    pool = ["N"] * max(0, normal) + ["B"] * max(0, betrayal)
    rng.shuffle(pool)
    tokens: list[tuple[str, ...]] = []
    k = 0
    for seat in range(n):
        count = len(view.tokens[seat])
        if seat == me:
            tokens.append(tuple(view.tokens[me]))
            continue
        tokens.append(tuple(pool[k : k + count]))
        k += count
    return World(chars, tuple(tokens))


def _sight_ok(view: E.State, me: int, world: World) -> bool:
    """Whether ``world`` agrees with whom ``me`` saw with open eyes (ruling 12)."""
    saw = view.sights[me]
    if not saw:
        return True
    cards = load_data().cards
    hylas = any("hylas" in cards[c].kept for c in view.front)
    for seat in range(view.n):
        if seat == me:
            continue
        ch = world.characters[seat]
        opened = villain_in(world, seat, view.journey) or ch == 5 or (hylas and ch == 2)
        if opened != (seat in saw):
            return False
    return True


class Belief:
    """Weighted sampled worlds for one seat's view, and the marginals read from them."""

    def __init__(
        self, view: E.State, me: int, evidence: Sequence[Evidence], worlds: int, seed: int
    ) -> None:
        rng = random.Random(seed)
        self.n = view.n
        self.me = me
        self.journey = view.journey
        self.worlds: list[World] = []
        self.weights: list[float] = []
        for _ in range(worlds):
            w = sample_world(view, me, rng)
            weight = 1.0 if _sight_ok(view, me, w) else 0.0
            if weight:
                for e in evidence:
                    weight *= e.if_villain if villain_in(w, e.seat, e.journey) else e.if_loyal
                    if not weight:
                        break
            self.worlds.append(w)
            self.weights.append(weight)
        if sum(self.weights) <= 0.0:
            # Every sampled world is ruled out (too few samples for the facts): fall back on
            # the hard facts' seats alone rather than on nothing.
            self.weights = [1.0] * len(self.worlds)
            self._forced = {e.seat for e in evidence if e.if_loyal == 0.0}
        else:
            self._forced = set()

    def p_villain(self, seat: int) -> float:
        """P(``seat`` is a villain now)."""
        if seat in self._forced:
            return 1.0
        total = sum(self.weights)
        hit = sum(
            w
            for w, world in zip(self.weights, self.worlds, strict=True)
            if w and villain_in(world, seat, self.journey)
        )
        return hit / total

    def marginals(self) -> list[float]:
        """P(villain now) for every seat (the seat's own: its own side, known)."""
        return [self.p_villain(s) for s in range(self.n)]


def prior_marginals(view: E.State, me: int) -> list[float]:
    """P(villain now) per seat from the public counts alone, exactly: each seat's character
    uniform over those not shown, its betrayal tokens hypergeometric in the unseen pool."""
    data = load_data()
    n = view.n
    shown = {c for c in view.characters if c}
    free = [c for c in range(1, n + 1) if c not in shown]
    normal, betrayal = unseen_pool(view, me)
    total = max(0, normal) + max(0, betrayal)
    out: list[float] = []
    for seat in range(n):
        if seat == me:
            out.append(1.0 if view.villain[me] else 0.0)
            continue
        chars = [view.characters[seat]] if view.characters[seat] else free
        t = len(view.tokens[seat])
        p = 0.0
        for ch in chars:
            c = data.characters[ch]
            if c.side == "villain":
                p += 1.0
            elif c.limit is not None:
                p += _tail(total, max(0, betrayal), t, c.limit + 1)
        out.append(p / len(chars))
    return out


def _tail(total: int, good: int, draws: int, at_least: int) -> float:
    """P(at least ``at_least`` successes) drawing ``draws`` of ``total`` with ``good``."""
    from math import comb

    if draws > total or at_least > draws:
        return 0.0
    denom = comb(total, draws)
    return sum(
        comb(good, k) * comb(total - good, draws - k) for k in range(at_least, draws + 1)
    ) / (denom)


__all__ = ["Belief", "Evidence", "World", "prior_marginals", "sample_world", "villain_in"]

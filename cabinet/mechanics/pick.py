"""A pick game: N nests (boxes, chests...) opened one by one until the terminator.

Every reveal is decided before the first pick: the number of prizes is drawn from a
weighted table (at least `min_prizes`), each prize from a weighted ladder, and the
terminator follows the last prize (unless every nest holds a prize). The player's
picks only choose which nest shows the next reveal in the sequence; they cannot
change what is revealed. Generic: games configure it with data.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np

from cabinet.core.rng import Rng


@dataclass(frozen=True)
class PickGame:
    nests: int
    prize_counts: dict[int, int]        # number of prizes -> weight
    ladder: dict[int, int]              # prize (x100 of the bet) -> weight
    min_prizes: int = 1

    def __post_init__(self) -> None:
        if min(self.prize_counts) < self.min_prizes or max(self.prize_counts) > self.nests:
            raise ValueError("prize counts must lie between min_prizes and the number of nests")

    def draw(self, rng: Rng) -> list[int | None]:
        """The whole reveal sequence: prizes (x100) in order, then None for the
        terminator if fewer prizes than nests."""
        counts = list(self.prize_counts)
        k = counts[rng.weighted(list(self.prize_counts.values()))]
        values = list(self.ladder)
        weights = list(self.ladder.values())
        prizes: list[int | None] = [values[rng.weighted(weights)] for _ in range(k)]
        if k < self.nests:
            prizes.append(None)
        return prizes

    def expected_prizes(self) -> Fraction:
        tot = sum(self.prize_counts.values())
        return sum((Fraction(k * w, tot) for k, w in self.prize_counts.items()), Fraction(0))

    def expected_prize(self) -> Fraction:
        tot = sum(self.ladder.values())
        return sum((Fraction(v * w, tot) for v, w in self.ladder.items()), Fraction(0))

    def chance_of_prize_at_least(self, value: int) -> Fraction:
        """Exact probability that a round reveals at least one prize >= value:
        sum over prize counts k of P(k) * (1 - (1 - q)^k), q = P(one prize >= value)."""
        tot = sum(self.ladder.values())
        q = Fraction(sum(w for v, w in self.ladder.items() if v >= value), tot)
        ktot = sum(self.prize_counts.values())
        return sum((Fraction(w, ktot) * (1 - (1 - q) ** k) for k, w in self.prize_counts.items()), Fraction(0))

    def expected_total(self) -> Fraction:
        """Expected sum of prizes (x100), before any cap."""
        return self.expected_prizes() * self.expected_prize()


@dataclass(frozen=True)
class PickCondition:
    """A set of pick rounds: the prize total in [lo, hi) (hi None: no upper end) and,
    if `top` is given, at least one prize of `top` or more among them."""
    lo: int = 0
    hi: int | None = None
    top: int | None = None


class _Given:
    """The chance that a pick round's prizes still to come bring it into a condition,
    for every number of prizes left, running total and whether a `top` prize was seen:
    accept[m, s, t] on a grid of the ladder's common step (float64; the same
    elementwise operations in the same order on every machine). A total at or past
    the condition's end (hi, else lo) is one state: nothing after it matters."""

    def __init__(self, game: PickGame, cond: PickCondition):
        step = math.gcd(*game.ladder, cond.lo, cond.hi or 0)
        self.step, self.cond = step, cond
        end = cond.hi if cond.hi is not None else cond.lo
        self.end = -(-end // step)                       # the saturated state
        tot = sum(game.ladder.values())
        self.values = list(game.ladder)
        self.q = [w / tot for w in game.ladder.values()]
        s = np.arange(self.end + 1) * step
        inside = (s >= cond.lo) & ((s < cond.hi) if cond.hi is not None else True)
        last = np.zeros((self.end + 1, 2))
        last[:, 1] = inside
        last[:, 0] = inside if cond.top is None else 0.0
        self.accept = [last]
        for _ in range(max(game.prize_counts)):
            prev, nxt = self.accept[-1], np.zeros_like(last)
            for v, q in zip(self.values, self.q):
                moved = prev[self.moves(v)]
                big = cond.top is not None and v >= cond.top
                nxt[:, 0] += q * (moved[:, 1] if big else moved[:, 0])
                nxt[:, 1] += q * moved[:, 1]
            self.accept.append(nxt)

    def moves(self, v: int) -> np.ndarray:
        """The state after a prize of v from each state (the total saturates at the end)."""
        return np.minimum(np.arange(self.end + 1) + v // self.step, self.end)

    def next_state(self, s: int, t: int, v: int) -> tuple[int, int]:
        big = self.cond.top is not None and v >= self.cond.top
        return min(s + v // self.step, self.end), int(t or big)


def _integer_weights(p: list[float]) -> list[int]:
    """Chances as integer weights of 2**53 for Rng.weighted (zero stays zero)."""
    top = max(p)
    return [int(x / top * 2.0 ** 53) if x > 0 else 0 for x in p]


_GIVEN: dict[tuple, _Given] = {}


def _given(game: PickGame, cond: PickCondition) -> _Given:
    key = (game.nests, tuple(game.prize_counts.items()), tuple(game.ladder.items()), cond)
    got = _GIVEN.get(key)
    if got is None:
        got = _GIVEN[key] = _Given(game, cond)
    return got


def chance_of(game: PickGame, cond: PickCondition) -> float:
    """P(a round of `game` is in `cond`): sum over prize counts k of P(k) P(k prizes are)."""
    g = _given(game, cond)
    tot = sum(game.prize_counts.values())
    return sum(w / tot * float(g.accept[k][0, 0]) for k, w in game.prize_counts.items())


def draw_given(game: PickGame, rng: Rng, cond: PickCondition) -> list[int | None]:
    """A reveal sequence (as PickGame.draw) drawn from its law given `cond`, exactly up
    to float64: the prize count k with weight P(k) P(cond | k prizes), then each prize
    with weight P(prize) P(the prizes after it still bring the round into cond)."""
    g = _given(game, cond)
    counts = list(game.prize_counts)
    k = counts[rng.weighted(_integer_weights([w * float(g.accept[c][0, 0])
                                              for c, w in game.prize_counts.items()]))]
    prizes: list[int | None] = []
    s, t = 0, 0
    for left in range(k - 1, -1, -1):
        nxt = [g.next_state(s, t, v) for v in g.values]
        i = rng.weighted(_integer_weights([q * float(g.accept[left][ns, nt]) for q, (ns, nt) in zip(g.q, nxt)]))
        prizes.append(g.values[i])
        s, t = nxt[i]
    if k < game.nests:
        prizes.append(None)
    return prizes


def assign_nests(rng: Rng, nests: int, reveals: Sequence) -> list[int]:
    """An automatic pick order: which nest each reveal appears in (distinct nests)."""
    order = list(range(nests))
    rng.shuffle(order)
    return order[:len(reveals)]

"""A pick game: N nests (boxes, chests...) opened one by one until the terminator.

Every reveal is decided before the first pick: the number of prizes is drawn from a
weighted table (at least `min_prizes`), each prize from a weighted ladder, and the
terminator follows the last prize (unless every nest holds a prize). The player's
picks only choose which nest shows the next reveal in the sequence; they cannot
change what is revealed. Generic: games configure it with data.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

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
        return sum(Fraction(k * w, tot) for k, w in self.prize_counts.items())

    def expected_prize(self) -> Fraction:
        tot = sum(self.ladder.values())
        return sum(Fraction(v * w, tot) for v, w in self.ladder.items())

    def chance_of_prize_at_least(self, value: int) -> Fraction:
        """Exact probability that a round reveals at least one prize >= value:
        sum over prize counts k of P(k) * (1 - (1 - q)^k), q = P(one prize >= value)."""
        tot = sum(self.ladder.values())
        q = Fraction(sum(w for v, w in self.ladder.items() if v >= value), tot)
        ktot = sum(self.prize_counts.values())
        return sum(Fraction(w, ktot) * (1 - (1 - q) ** k) for k, w in self.prize_counts.items())

    def expected_total(self) -> Fraction:
        """Expected sum of prizes (x100), before any cap."""
        return self.expected_prizes() * self.expected_prize()


def assign_nests(rng: Rng, nests: int, reveals: Sequence) -> list[int]:
    """An automatic pick order: which nest each reveal appears in (distinct nests)."""
    order = list(range(nests))
    rng.shuffle(order)
    return order[:len(reveals)]

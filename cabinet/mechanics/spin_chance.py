"""Spin chance: wager a credit too small to play for a chance at one spin.

Offered when 0 < credit < the current price of play (the rules sheet's trigger). The
player may PLAY (the pointer runs over a meter whose green share is credit / price) or
leave with the credit (NO THANKS). Green: a spin of the current play at the current
bet is awarded and plays automatically; red: the credit is lost. The chance is exactly
credit / price of that spin (an integer draw), so the wager is fair: the expected value
of the awarded spin per cent wagered equals that of buying it. The spin priced is the
current play, a bet multiplier (fortune bet) included: the game passes that price.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from cabinet.core.rng import Rng


@dataclass(frozen=True)
class SpinChance:
    """A spin chance on `credit_cents` for a spin costing `spin_price_cents`."""

    credit_cents: int
    spin_price_cents: int

    def __post_init__(self) -> None:
        if not 0 < self.credit_cents < self.spin_price_cents:
            raise ValueError("spin chance needs 0 < credit < price of one spin")

    @property
    def chance(self) -> Fraction:
        """The exact chance of green: credit / price."""
        return Fraction(self.credit_cents, self.spin_price_cents)

    def segments(self) -> tuple[Fraction, Fraction]:
        """(green, red) shares of the meter, proportional to credit and the rest."""
        return self.chance, 1 - self.chance

    def play(self, rng: Rng) -> bool:
        """PLAY: True (a spin is awarded) with probability credit / price exactly."""
        return rng.chance(self.credit_cents, self.spin_price_cents)


def offer(credit_cents: int, play_price_cents: int) -> SpinChance | None:
    """The spin chance to offer at this credit, or None: only when
    0 < credit < the current price of play, for a spin at that price."""
    if 0 < credit_cents < play_price_cents:
        return SpinChance(credit_cents, play_price_cents)
    return None

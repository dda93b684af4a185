"""Spin chance: wager a credit too small to play for a chance at one spin.

Offered when 0 < credit < the price of play. The player may PLAY (the pointer runs
over a meter whose green share is credit / price) or leave with the credit (NO
THANKS). Green: a base-game spin at the current bet is awarded and plays
automatically; red: the credit is lost. The chance is exactly credit / price of one
base-game spin (an integer draw), so the wager is fair: the expected value of the
awarded spin per cent wagered equals that of buying it.

With a bet multiplier (fortune bet) active, a credit that still covers one base-game
spin does not need spin chance: `offer` returns None and the cabinet suggests
switching the multiplier off instead.
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


def offer(credit_cents: int, play_price_cents: int, spin_price_cents: int) -> SpinChance | None:
    """The spin chance to offer at this credit, or None: only when 0 < credit < the
    price of play and the credit does not cover one base-game spin (at a bet
    multiplier the price of play exceeds the base spin's; see `multiplier_blocks`)."""
    if 0 < credit_cents < play_price_cents and credit_cents < spin_price_cents:
        return SpinChance(credit_cents, spin_price_cents)
    return None


def multiplier_blocks(credit_cents: int, play_price_cents: int, spin_price_cents: int) -> bool:
    """True when the credit is below the price of play only because a bet multiplier
    is on: it still covers a base-game spin, so no spin chance is offered and the
    player is told to switch the multiplier off."""
    return 0 < credit_cents < play_price_cents and credit_cents >= spin_price_cents

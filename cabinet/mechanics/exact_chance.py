"""Exact chances of any size from the cabinet's Rng.

`Rng.chance(num, den)` needs den < 2**63. A chance written as a Fraction can have a
far larger denominator (a gamble's stake over the exact mean value of a bonus
library, a product of several trigger chances). `chance_fraction` decides such a
chance exactly: it draws a uniform integer in [0, den) from 62-bit limbs by rejection
(no bias, no floats) and compares it with num.
"""
from __future__ import annotations

from fractions import Fraction

from cabinet.core.rng import Rng

_LIMB = 62


def below_big(rng: Rng, n: int) -> int:
    """Uniform integer in [0, n) for any n >= 1, exactly (rejection over whole limbs)."""
    if n <= 0:
        raise ValueError(f"below_big needs n >= 1, got {n}")
    if n < 2**62:
        return rng.below(n)
    limbs = -(-n.bit_length() // _LIMB)
    span = 1 << (_LIMB * limbs)
    limit = span - span % n                  # largest multiple of n below span
    while True:
        x = 0
        for _ in range(limbs):
            x = (x << _LIMB) | rng.below(1 << _LIMB)
        if x < limit:
            return x % n


def chance_fraction(rng: Rng, p: Fraction) -> bool:
    """True with probability p exactly (0 <= p <= 1)."""
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise ValueError(f"a chance must lie in [0, 1], got {p}")
    if p.denominator < 2**62:
        return rng.chance(p.numerator, p.denominator)
    return below_big(rng, p.denominator) < p.numerator

"""Happy Money Hens' modes by kind, each mode's law of bonus combinations, and exact
draws from laws of fractions (moved out of rules.py unchanged; rules.py re-exports the
modes and the law)."""
from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from math import lcm

from cabinet.core.rng import Rng
from cabinet.mechanics.exact_chance import below_big

from .pots import combo_odds
from .tables import COMBOS, combo_mode, load

SPIN_MODES = ("base", "fortune_1_2", "fortune_1_5", "fortune_2")
BUY_MODES = ("buy_mystery", "buy_triple")
BONUS_MODES = {combo_mode(c): c for c in COMBOS}


def natural_combo_weights(mode: str) -> list[Fraction]:
    """Chance of each combination 1..7 among a mode's bonuses (exact)."""
    m = load()
    if mode in SPIN_MODES:
        odds = combo_odds(mode)
        tot = 1 - odds[0]
        return [odds[c] / tot for c in COMBOS]
    if mode in BONUS_MODES:
        return [Fraction(int(c == BONUS_MODES[mode])) for c in COMBOS]
    if mode == "buy_triple":
        return [Fraction(int(c == 7)) for c in COMBOS]
    w = [int(x) for x in m.mystery_weights]
    return [Fraction(x, sum(w)) for x in w]


def _fraction_table(probs: list[Fraction]) -> tuple[int, list[int]]:
    """(common denominator, cumulative numerators) of probabilities summing to 1."""
    den = 1
    for p in probs:
        den = lcm(den, p.denominator)
    cum, u = [], Fraction(0)
    for p in probs:
        u += p
        cum.append(int(u * den))
    return den, cum


def _pick_index(rng: Rng, den: int, cum: list[int]) -> int:
    """Index i with probability (cum[i] - cum[i-1]) / den, exactly (one below_big)."""
    return min(bisect_right(cum, below_big(rng, den)), len(cum) - 1)


def _pick_fraction(rng: Rng, probs: list[Fraction]) -> int:
    """Index i with probability probs[i] (exact; the probabilities sum to 1)."""
    return _pick_index(rng, *_fraction_table(probs))

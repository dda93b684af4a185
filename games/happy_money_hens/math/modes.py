"""Happy Money Hens' modes by kind and each mode's law of bonus combinations (moved
out of rules.py unchanged; rules.py re-exports them)."""
from __future__ import annotations

from fractions import Fraction

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


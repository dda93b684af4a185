"""Exact figures of the base game, from the math file alone (Fractions).

- `line_rtp(strips)`: expected line pay per round. The five cells of a line lie on
  five independent reels, and a line's symbol is its reel-1 symbol (no wild on reel
  1), so each line's expectation is a short exact sum; all 20 lines share it.
- `bonus_rate(mode)`: chance per round that the pots trigger a bonus (pots.py).
- `solve_trigger(...)`: the per-symbol trigger chance that gives a mode its RTP,
  given the mean bonus value of each combination (used to tune math.yaml).
"""
from __future__ import annotations

from fractions import Fraction

from .tables import COMBOS, HensMath, load
from .pots import combo_odds, count_distribution, triggered_given_counts, upgrade_odds


def line_rtp(m: HensMath | None = None, strips=None) -> Fraction:
    """Exact expected line pay per round, in multiples of the base bet."""
    m = m or load()
    strips = m.strips if strips is None else strips
    if any(int(s) == m.wild for s in strips[0]):
        raise ValueError("line_rtp assumes no wild on reel 1")
    per_line = Fraction(0)
    for sym, pays in m.pays.items():
        i = m.index[sym]
        p = [Fraction(int((s == i).sum() + (r > 0) * (s == m.wild).sum()), len(s)) for r, s in enumerate(strips)]
        at_least = [Fraction(1)]
        for k in range(5):
            at_least.append(at_least[-1] * p[k])
        for count, pay in pays.items():
            exact = at_least[count] - (at_least[count + 1] if count < 5 else 0)
            per_line += exact * Fraction(pay, 100)
    return per_line * len(m.lines)


def bonus_rate(mode: str) -> Fraction:
    """Exact chance per round of a bonus in a spin mode."""
    return 1 - combo_odds(mode)[0]


def rtp_for(q: Fraction, mode: str, values: dict[int, float], m: HensMath | None = None) -> float:
    """RTP of a spin mode for per-symbol trigger chance q, given mean bonus values."""
    m = m or load()
    low = m.min_features[mode]
    total = float(line_rtp(m))
    for counts, pc in count_distribution().items():
        for t in COMBOS:
            pt = float(pc * triggered_given_counts(q, counts, t))
            if pt:
                for final, pf in upgrade_odds(t, low).items():
                    total += pt * float(pf) * values[final]
    return total / (m.costs[mode] / 100)


def solve_trigger(mode: str, values: dict[int, float], target: float = 0.945, den: int = 100000) -> int:
    """Integer numerator (over den) whose RTP is nearest the target (bisection)."""
    lo, hi = 1, den // 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if rtp_for(Fraction(mid, den), mode, values) < target:
            lo = mid
        else:
            hi = mid

    def miss(x: int) -> float:
        return abs(rtp_for(Fraction(x, den), mode, values) - target)

    best = min((lo, hi), key=miss)
    return best

"""What Piggy Farm's rules fix about a mode's tail, for `python -m cabinet.math tails`
(cabinet/math/tails.py).

- exact_tail: the hunts' prize total has an exact law (cabinet/mechanics/pick.py
  chance_of, through math/buy_tails.py buy_tail), and RISK THE FARM pays one prize at
  one chance: P(X > t) = P(X >= t + 1 hundredth).
- natural_ceiling: a bought free-spins round winning at least the mode's lowest win
  level (math.yaml big_win_x / huge_win_x times the price) lists it (tables.WIN_LEVELS),
  and the mode's books force every level it has, so a round in none of its categories
  pays less than the lowest level.
- split_tail: the free-spins buys' whole law by multilevel splitting of the bought
  rounds (math/buy_tails.py's levels and score, math/rare.py split_rounds: unbiased, the
  roots independent), seeded apart from the PAR sheet's runs. GROWING SEASON (no sticky
  grid: its score is the win) splits at GS_LEVELS, 1.2x apart from 3x to 19x its price,
  where its top lies (about 15x), instead of buy_tails' 7x, 13x, 23x, ...: any levels
  keep the estimate unbiased, these put particles past the top. It replaces the strata
  (a HUGE WIN draw takes about 4 CPU minutes, a GROWING SEASON big win some seconds).
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from games.piggy_farm.math.buy_tails import FREE_SPIN_BUYS, SPLIT_FACTOR, _split_task, buy_tail
from games.piggy_farm.math.rare import split_rounds
from games.piggy_farm.math.tables import WIN_LEVELS, load

GS_LEVELS = (3, 3.6, 4.3, 5.2, 6.2, 7.5, 9, 10.8, 13, 15.5, 18.6)     # x GROWING SEASON's price


def exact_tail(mode: str) -> Callable[[int], float] | None:
    if mode not in ("golden_egg_hunt", "egg_hunt", "risk_the_farm"):
        return None

    def above(t_x100: int) -> float:
        return float(buy_tail(mode, [int(t_x100) + 1])[int(t_x100) + 1][0])
    return above


def natural_ceiling(mode: str, category: str | None = None) -> int | None:
    if mode not in FREE_SPIN_BUYS or category is not None:
        return None
    pm = load()
    levels = [v for v in (pm.win_level_x100(level, mode) for level in WIN_LEVELS) if v is not None]
    return min(levels) if levels else None


def split_tail(mode: str) -> Callable[[int, int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] | None:
    """(task index, roots, seed) -> (payout x100, weight, root) of one splitting run."""
    if mode not in FREE_SPIN_BUYS:
        return None

    def run(index: int, roots: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if mode != "growing_season":
            parts = _split_task((mode, seed % 2**40, 50_000 + index, roots))
        else:
            pm = load()
            m = pm.mode(mode)
            cost_x = int(m["cost_x100"]) // 100
            parts = split_rounds(pm, mode, int(m["spins"]), m["strips"], roots, pm.cap_x100,
                                 (seed % 2**40) * 1_000 + 50_000 + index, factor=SPLIT_FACTOR,
                                 levels_x=tuple(int(round(cost_x * k)) for k in GS_LEVELS))
        return parts.win, parts.weight, parts.root
    return run

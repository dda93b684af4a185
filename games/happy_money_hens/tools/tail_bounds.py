"""What Happy Money Hens' rules fix about a mode's tail, for `python -m cabinet.math tails`
(cabinet/math/tails.py).

natural_ceiling: in a gamble bonus library that lists big_bonus (math.yaml big_bonus_x
and book_forces), a round pays its bonus alone, and a bonus winning at least
big_bonus_x times the cost IS a big_bonus (math/categories.py is_big), so every round
in none of the mode's categories pays less than that; likewise a GRAND bonus winning at
least big_grand_x times the bet IS a big_grand, so bonus_pf_hb's pot_grand stratum
(listed after it) pays less than that. In a spin mode the line wins come
on top of the bonus, so no such bound is claimed there.

cond_tail: the modes whose tops the strata could not confirm (a rare stratum met only
by its few draws or books, or the plain run alone above the 1-in-10^7 quantile) are read
by conditional Monte Carlo with importance-sampled pot letters (tools/cond_tail.py):
COND_MODES.
"""
from __future__ import annotations

from typing import Callable

from games.happy_money_hens.math.rules import BONUS_MODES, SPIN_MODES
from games.happy_money_hens.math.tables import load

COND_MODES = ("fortune_1_2", "buy_mystery", "buy_triple", "bonus_pf", "bonus_dc_pf", "bonus_hb", "bonus_pf_hb",
              "bonus_dc_pf_hb")


def natural_ceiling(mode: str, category: str | None = None) -> int | None:
    """The ceiling of the rounds in no category (`category` None) or in the stratum of a
    category listed after big_bonus (the strata are disjoint in the listed order: its
    rounds are not big bonuses either); in a gamble bonus library listing big_grand (a
    GRAND and at least big_grand_x times the bet) before pot_grand, pot_grand's rounds
    win a GRAND and are not big_grand: they pay less than its threshold."""
    m = load()
    order = list(m.raw["book_forces"].get(mode, {}))
    if (mode in BONUS_MODES and category == "pot_grand" and "big_grand" in order
            and order.index("big_grand") < order.index("pot_grand")):
        return int(m.big_grand_x100[mode])
    if "big_bonus" not in order or (category is not None and order.index(category) <= order.index("big_bonus")):
        return None
    if mode in BONUS_MODES:
        return int(m.big_bonus_x100[mode])
    if mode in SPIN_MODES:
        return int(m.big_bonus_x100[mode]) + len(m.lines) * max(max(p.values()) for p in m.pays.values())
    return None


def library_strata(mode: str) -> tuple[str, ...]:
    return ("full_board",) if mode in BONUS_MODES else ()


def cond_tail(mode: str) -> tuple[Callable[..., dict], int, int] | None:
    """(task, grid step x100, floor x100) of a mode read by tools/cond_tail.py: the task
    (index, roots, seed, first t, grid length) -> the roots' sums per component."""
    if mode not in COND_MODES:
        return None
    from functools import partial

    from games.happy_money_hens.tools.cond_law import unit_of
    from games.happy_money_hens.tools.cond_tail import floor_x100, run
    return partial(run, mode), unit_of(load()), floor_x100(mode)

"""Big GRAND bonuses of POT FILL with HAPPY BOOST (bonus_pf_hb's big_grand: a GRAND won
and at least math.yaml big_grand_x times the base bet in all) drawn in two steps, the
skeleton then the contents, as boost_tail.py draws its big bonus without a GRAND (read
it first: the same law, another part of it).

Why: the GRAND stratum (pot_grand) is a plain rejection, each of its books some 2.6e-6
of its rounds, so its books above the rules' 1-in-10^7 quantile (~1,430x the bet: mass
~1e-7 a bonus) almost never appear. This category holds that tail: its share is ~8e-6
a bonus, so 450 books put about 5 above the quantile.

Given a skeleton's N counted coins and S spins, every counted coin is a pot-fill coin
of pot p (pot_fill x p's weight share) or a cash coin, drawn for it alone; pot p's k-th
coin completes its name when k is a multiple of its length (5 for GRAND). So

    table()[N, S] = sum over c with c_GRAND >= 5 of P(c | N)
                    x P(N - A cash values + the S spins' boosts >= threshold - W)

with c the pots' coin counts (a multinomial), A their awards (GRANDs included) and W
the awards' sum: BoostTail's table with the GRAND coins' axis over 5..35 instead of
0..4 and the GRAND's awards counted (`grand` True). The rejection's bound is its
maximum over every N <= 35, S <= max_spins. A kept skeleton's contents are drawn from
their exact law given the category by BoostTail.contents: the pot counts c (GRAND's
at least 5), their arrangement (uniform), the replayed bonus naming the completing
coins, the cash values one by one, the boosts' count, split, values and coins.

The category needs nothing listed before it but full_board (the skeleton decides it);
pot_grand, listed after it, excludes it by its flags (categories.py), and big_bonus
(without a GRAND) leaves it out by its own law.
"""
from __future__ import annotations

from functools import lru_cache

from .boost_tail import BoostTail
from .tables import POT_NAMES, HensMath, load

GRAND = POT_NAMES.index("GRAND")


class GrandBoostTail(BoostTail):
    """P(a bonus of POT FILL and HAPPY BOOST, without DOUBLE COINS, wins a GRAND and at
    least `need_x100` in all) given its N counted coins and S spins."""

    grand = True

    def __init__(self, m: HensMath, need_x100: int):
        super().__init__(m, need_x100, pot_fill=True)
        self.excludes = frozenset()          # nothing must come before it but full_board
        self.covers = frozenset()


@lru_cache(maxsize=None)
def grand_boost_tail(need_x100: int) -> GrandBoostTail:
    """The tail of bonus_pf_hb's big_grand (math.yaml big_grand_x)."""
    return GrandBoostTail(load(), need_x100)

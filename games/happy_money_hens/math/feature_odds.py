"""Happy Money Hens' rules-side rate of each feature per round, tighter than a count in
a plain run (GameSpec.math.feature_odds, for the PAR sheet's feature table and the books).

A round's bonus depends on the round only through its final combination c, whose
chance per round is exact in every mode: pots.combo_odds in a spin mode (the
feature symbols' exact counts x the pots' trigger draws x the fortune upgrades), the
mystery weights in buy_mystery, c = 7 in buy_triple, one combination in a gamble bonus
mode. So 'bonus' and every 'combo_<CODE>' (the final combination exactly) are exact,
and a bonus feature's rate is sum over c of P(c) P(feature | c):

- full_board: P(full board | c) exact (math/full_board.py), one figure without DOUBLE
  COINS and one with (POT FILL and HAPPY BOOST change what coins are worth, never where
  they land nor what they take off the row counts).
- pot_<name>: a pot is won when the letters its pot-fill coins add reach its length.
  Every coin on an active row at the end was processed; each is a pot-fill coin of pot
  p with chance pot_fill x weight_p / total weight, drawn for it alone, independently of
  where coins land and of which are double (the draws that decide the bonus's course).
  So given N1 single and N2 double processed coins, P(pot p) = P(X1 + 2 X2 >= length)
  with X1 ~ Bin(N1, r_p), X2 ~ Bin(N2, r_p), exactly: conditional Monte Carlo over
  BONUSES bonuses per DOUBLE COINS flag of the vectorised engine (math/sim_bonus.py,
  played with POT FILL: DC+PF and PF; HAPPY BOOST adds value only, so PF+HB and
  DC+PF+HB share those laws), a normal 99% interval on the mean of those chances.
  Without POT FILL no pot is won.
- big_bonus (a bonus winning at least the mode's big_bonus_x times its cost): P(big |
  c) counted among BIG_BONUSES[c] bonuses of each combination played from c alone (the
  vectorised engine, shared by every mode and threshold), with GRAND and full board
  noted for the strata (big_counts): a plain count given c, a normal 99% interval.
  In a mode whose bonuses have DOUBLE COINS alone (the gamble's bonus_dc), P(big) is
  exact given the N1 single and N2 double paying coins (tails.py: the cash values
  are drawn independently of the rest), so conditional Monte Carlo again: the mean of
  A[N1, N2] over CASH_TAIL_BONUSES bonuses (cash_tail_odds). In a HAPPY BOOST library
  without DOUBLE COINS (bonus_hb, bonus_pf_hb), P(big and no GRAND) is exact given the
  counted coins N and the spins S (boost_tail.py: the coins' contents and the spins'
  boosts are drawn independently of the rest), and in bonus_dc_hb P(big) given its
  single and double counted coins and S (double_boost_tail.py): the mean of its A over
  BOOST_TAIL_BONUSES bonuses (boost_tail_odds); with POT FILL every GRAND is a big
  bonus, so P(big) = P(GRAND) + that.
- big_grand (bonus_pf_hb: a GRAND and at least big_grand_x times the bet): exact given
  the counted coins and the spins (grand_boost_tail.py), the mean of its A over the same
  bonuses (boost_tail_odds).

The parts (the sizes named above among them) are in bonus_odds.py; this module
composes them per mode, and gives math.yaml's book_forces their command
(print_category_shares, category_shares.py).
"""
from __future__ import annotations

from math import sqrt
from typing import Any

from . import bonus_odds as O
from .bonus_odds import Z99, combo_chances
# named here by math.yaml's comments on book_forces (their home is bonus_odds.py)
from .bonus_odds import big_counts, boost_tail_odds, cash_tail_odds  # noqa: F401
from .tables import COMBOS, DOUBLE_COINS, POT_FILL, POT_NAMES, combo_code, load


def category_shares(seed: int | None = None, modes: tuple[str, ...] | None = None
                    ) -> dict[str, dict[str, tuple[float, float]]]:
    """{mode: {category: (its stratum's share per round, standard error)}} for math.yaml's
    book_forces (category_shares.py)."""
    from .category_shares import category_shares as shares
    return shares(seed, modes)


def print_category_shares(seed: int | None = None, modes: tuple[str, ...] | None = None) -> None:
    """category_shares printed, each mode's shares then their 99% half-widths (the
    command math.yaml's book_forces comments give: category_shares.py)."""
    from .category_shares import print_category_shares as show
    show(seed, modes)


def mode_odds(mode: str, pots: dict[bool, dict[str, tuple]], full: dict[bool, float],
              bonuses: int | None = None) -> dict[str, tuple]:
    """A mode's feature rates from the exact combination odds and the per-bonus rates
    (`bonuses`: how many the pots' rates were averaged over, default bonus_odds.BONUSES)."""
    bonuses = O.BONUSES if bonuses is None else bonuses
    pc = combo_chances(mode)
    how = "exact combination odds" + (" (pots.combo_odds)" if mode.startswith(("base", "fortune")) else "")
    out = {"bonus": (1 - pc[0],) * 3 + (f"{how}: 1 - P(no bonus)",)}
    for c in COMBOS:
        out[f"combo_{combo_code(c)}"] = (pc[c],) * 3 + (f"{how}: the final combination {combo_code(c)}",)
    fb = sum(pc[c] * full[bool(c & DOUBLE_COINS)] for c in COMBOS)
    out["full_board"] = (fb,) * 3 + (
        f"{how} x the exact full-board chance of a bonus without / with DOUBLE COINS "
        f"(1 in {1 / full[False]:,.0f} / 1 in {1 / full[True]:,.0f}; math/full_board.py)",
    )
    weight = {dc: sum(pc[c] for c in COMBOS if c & POT_FILL and bool(c & DOUBLE_COINS) == dc) for dc in (False, True)}
    from .categories import MULTI_GRAND, multi_grand
    words = {"pot_grand_2": "GRAND won exactly twice", "pot_grand_3": "GRAND won three times or more"}
    names = [f"pot_{name.lower()}" for name in POT_NAMES] + [c for c in MULTI_GRAND if multi_grand(load(), mode, c)]
    for f in names:
        name = words.get(f, f[4:].upper())
        p = sum(weight[dc] * pots[dc][f][0] for dc in weight)
        se = sqrt(sum((weight[dc] * pots[dc][f][1]) ** 2 for dc in weight))
        out[f] = (p, max(0.0, p - Z99 * se), p + Z99 * se,
                  f"{how} x the chance of a {name} among bonuses with POT FILL: exact given the processed coins, "
                  f"averaged over {bonuses:,} bonuses per DOUBLE COINS flag (conditional Monte Carlo)")
    return out


def feature_odds(mode: str, sims: dict[str, Any] | None = None, seed: int = 1) -> dict[str, tuple]:
    """GameSpec.math.feature_odds: {feature: (p, lo99, hi99, method)} of a round of `mode`
    (every mode; `sims` is not needed). The bonuses are played once per process and
    seed, shared by all modes."""
    from .rules import BONUS_MODES, BUY_MODES, SPIN_MODES
    if mode not in SPIN_MODES + BUY_MODES and mode not in BONUS_MODES:
        return {}
    if seed not in O.POTS:
        O.POTS[seed] = O.pot_rates(seed)
    out = mode_odds(mode, O.POTS[seed], O.full_board_rates(), O.BONUSES)
    big = O.big_odds(mode, seed)
    out = out if big is None else {**out, "big_bonus": big}
    from .categories import multi_grand
    if multi_grand(load(), mode, "big_grand"):             # bonus_pf_hb: exact given the counted coins and spins
        p, se = O.boost_tail_odds(mode, seed, "big_grand")["all"]
        out["big_grand"] = (p, max(0.0, p - Z99 * se), p + Z99 * se,
                            f"a GRAND and at least {load().big_grand_x100[mode] // 100:,}x the bet: exact given the "
                            f"counted coins and the spins (grand_boost_tail.py), averaged over "
                            f"{O.BOOST_TAIL_BONUSES:,} bonuses (conditional Monte Carlo)")
    return out


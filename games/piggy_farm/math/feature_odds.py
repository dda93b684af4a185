"""Piggy Farm's rules-side rate of each feature per round, tighter than a count in a
plain run (GameSpec.feature_odds, for the PAR sheet's feature table and the books).

- wheel_buy: every wheel feature exactly (its tier weights x the slice odds), and
  'capped' / 'max_win' (a bought wheel reaching the 50,000x cap, seen 8 times in 300,000
  plain rounds) from the split free-spin rounds (rare.bought_wheel_tail);
  risk_the_farm: 'risk_win' exactly (its chance).
- The hunts (golden_egg_hunt, egg_hunt): 'hunt_5000x' exactly, the pick game's chance of
  a 5,000x egg (tables.PickGame.chance_of_prize_at_least), and 'big_win' exactly, its
  law of the prize total (cabinet/mechanics/pick.py chance_of).
- The free-spins buys with win levels (math.yaml big_win_x / huge_win_x: FREE SPINS,
  HOG WILD): 'big_win' and 'huge_win' from multilevel splitting of the bought rounds
  (buy_tails.buy_tail).
- The spin modes (base, ante): THE FARM WHEEL's trigger rate per tier t from the exact
  first-board windmill law with stratified tumbles (math/rare.py wheel_rates, the strata
  the PAR sheet's live RTP uses), and what the wheel does from each tier exactly (the
  slice odds of its upgrade chains, Wheel.outcome_odds), so

      P(feature) = sum over t of P(t) P(feature | t)

  for wheel, wheel_<tier>, upgrade, coin_prize, free_spins and free_spins_x<m>; the 99%
  interval from the tiers' standard errors added in quadrature (within a stratum the
  tiers are negatively correlated, so that overstates it). 'capped' and 'max_win' (the
  same rounds: a win reaching the 50,000x cap) are the top-award odds of par_live.tail_odds
  at the cap: the wheel's path by multilevel splitting of the free-spin rounds + the
  plain run's spins reaching the cap without the wheel; they need the plain run (`sims`
  with its "sums"), else they are left out.
"""
from __future__ import annotations

import math
from typing import Any

from .tables import load

Z99 = 2.5758293035489004
HUNTS = ("golden_egg_hunt", "egg_hunt")


def hunt_odds(mode: str) -> dict[str, tuple]:
    from cabinet.mechanics.pick import PickCondition, chance_of
    from .rules import TOP_EGG_X100
    pm = load()
    p = float(pm.hunt(mode).chance_of_prize_at_least(TOP_EGG_X100))
    out = {"hunt_5000x": (p, p, p, f"exact: the pick game's chance of a prize of at least {TOP_EGG_X100 // 100:,}x")}
    big = pm.big_win_x100(mode)
    if big is not None:
        b = chance_of(pm.hunt(mode), PickCondition(lo=big))
        out["big_win"] = (b, b, b, f"exact: the pick game's law of the prize total, at least {big // 100:,}x")
    return out


def tier_shares(pm, tier: str) -> dict[str, float]:
    """P(feature | the wheel starts at `tier`), exact from the slice odds."""
    out = {f"wheel_{t}": float(t == tier) for t in pm.wheel.tiers}
    out.update(wheel=1.0, upgrade=0.0, coin_prize=0.0, free_spins=0.0)
    for (t, j), p in pm.wheel.outcome_odds(tier).items():
        sl = pm.wheel.tiers[t][j]
        if t != tier:
            out["upgrade"] += float(p)
        if sl.kind == "coin":
            out["coin_prize"] += float(p)
        else:
            out["free_spins"] += float(p)
            key = f"free_spins_x{int(sl.value)}"
            out[key] = out.get(key, 0.0) + float(p)
    return out


def wheel_odds(mode: str, rates: dict) -> dict[str, tuple]:
    """The wheel features of a spin mode from the tiers' trigger rates (with their
    standard errors) and the exact slice odds."""
    pm = load()
    shares = [tier_shares(pm, t) for t in rates["names"]]
    names = sorted({f for s in shares for f in s})
    out = {}
    for f in names:
        p = sum(float(r) * s.get(f, 0.0) for r, s in zip(rates["rate"], shares))
        se = math.sqrt(sum((float(e) * s.get(f, 0.0)) ** 2 for e, s in zip(rates["se"], shares)))
        if f == "wheel":
            se = float(rates["total_se"])     # "any tier" is binomial within each stratum
        out[f] = (p, max(0.0, p - Z99 * se), p + Z99 * se,
                  "THE FARM WHEEL's tier rates (exact first-board windmill law, stratified tumbles) x the "
                  "exact slice odds of each tier")
    return out


def wheel_buy_odds(seed: int = 1) -> dict[str, tuple]:
    """A bought wheel's features, exact: its tier weights x the slice odds; and its cap
    (capped, max_win) by splitting (bought_cap_odds)."""
    pm = load()
    tw = {t: int(w) for t, w in pm.mode("wheel_buy")["tier_weights"].items()}
    total = sum(tw.values())
    shares = {t: tier_shares(pm, t) for t in tw}
    names = sorted({f for s in shares.values() for f in s})
    out = {}
    for f in names:
        p = sum(w / total * shares[t].get(f, 0.0) for t, w in tw.items())
        out[f] = (p, p, p, "exact: the buy's tier weights x the slice odds of each tier")
    out["capped"] = out["max_win"] = bought_cap_odds(seed)
    return out


def bought_cap_odds(seed: int = 1) -> tuple:
    """(p, lo99, hi99, method): P(a bought wheel's win reaches the cap), the tier weights
    x the exact slice odds x, for free spins xm, P(m W >= cap) from par_live's split
    free-spin rounds (rare.bought_wheel_tail; a coin never reaches it); the normal 99%
    interval over the independent roots."""
    from . import par_live
    from .rare import bought_wheel_tail
    pm = load()
    parts = par_live._parts(seed)
    per_root, _ = bought_wheel_tail(pm, pm.mode("wheel_buy")["tier_weights"], parts, pm.cap_x100)
    p = float(per_root.mean())
    half = Z99 * float(per_root.std(ddof=1)) / math.sqrt(parts.roots)
    return (p, max(0.0, p - half), p + half,
            f"the buy's tier weights x the exact slice odds x the free spins' P(m W >= the {pm.cap_x100 // 100:,}x "
            f"cap) from {parts.roots:,} split free-spin rounds (multilevel splitting, par_live)")


def feature_odds(mode: str, sims: dict[str, Any] | None = None, seed: int = 1) -> dict[str, tuple]:
    """GameSpec.feature_odds: {feature: (p, lo99, hi99, method)} of a round of `mode`:
    the hunts' top egg and big win; a bought wheel's features; RISK THE FARM's win; a
    free-spins buy's big win; the spin modes' wheel features, and their cap with the
    plain run."""
    from . import par_live
    if mode in HUNTS:
        return hunt_odds(mode)
    if mode == "wheel_buy":
        return wheel_buy_odds(seed)
    if mode == "risk_the_farm":
        num, den = (int(x) for x in load().mode(mode)["chance"])
        return {"risk_win": (num / den,) * 3 + (f"exact: the chance {num} in {den}",)}
    from .buy_tails import FREE_SPIN_BUYS, buy_tail     # not round code: outside the books' fingerprint
    levels = load().win_levels(mode)
    if mode in FREE_SPIN_BUYS and levels:
        tails = buy_tail(mode, list(levels.values()), seed)
        return {level: tails[x] for level, x in levels.items()}
    if mode not in par_live.SPIN_MODES:
        return {}
    out = wheel_odds(mode, par_live._rates(mode, seed))
    cap = load().cap_x100
    top = par_live.tail_odds(mode, [cap], seed, sims or {})
    if cap in top:
        p, lo, hi, how = top[cap][:3] + (top[cap][3] if len(top[cap]) > 3 else "par_live.tail_odds at the cap",)
        out["capped"] = out["max_win"] = (p, lo, hi, f"P(win >= the {cap // 100:,}x cap): {how}")
    return out

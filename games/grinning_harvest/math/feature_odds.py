"""Grinning Harvest's rules-side rate of each feature per round, tighter than a count in
a plain run (GameSpec.math.feature_odds, for the PAR sheet's feature table and the books).

Base game: every stop combination of the three strips is enumerated (math/exact.py),
so everything that happens without the bonus is exact: the bonus trigger, the collect,
the vaults in view, and a collect's jackpots and big wins (the collected pumpkins'
values are drawn independently of the board: the exact value table). What happens in a
bonus is measured among BONUSES bonuses of the vectorised engine started from the
exact law of trigger boards (exact.bonus_from_triggers), so

    P(feature) = P(no trigger, feature)  [exact]
               + P(trigger) [exact] x (bonuses with the feature) / BONUSES,

its 99% interval the Wilson interval of the bonuses' count, scaled.
A buy is a bonus from the buy's own start: BUY_ROUNDS rounds of the vectorised engine
(math/sim.simulate), a Wilson interval on each count; but its cap (max_win, about 1 in
1,300 to 1 in 13,000 buys, +-20% from such a count) from SPLIT_ROOTS bonuses under
multilevel splitting on the vault total (math/rare.py), a normal 99% interval over the
independent roots.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .rules import FEATURES, big_win_x100
from .tables import JACKPOTS, load

BONUSES = 8_000_000          # bonuses from trigger boards per base-game estimate
BUY_ROUNDS = 2_000_000       # rounds per buy mode
SPLIT_ROOTS = 4_000_000      # split bonuses per buy mode (its cap: 99% half-width about 5%, 1.5% for the Haunted Row)
SPLIT_TASKS = 4
WORKERS = 2
CHUNK = 500_000
BONUS_FEATURES = tuple(f"jackpot_{j}" for j in JACKPOTS) + ("great_skull", "vaults_3", "big_win", "max_win")


def exact_no_trigger(ex: dict[str, Any]) -> dict[str, float]:
    """Exact P(no bonus and the feature) of a base round for every feature a base round
    without the bonus can have (collect, jackpots, big and max wins; 0 for the bonus's
    own), and the vaults in view over every round (the board alone decides them)."""
    from .par_live import no_trigger_tail
    m = load()
    vt = m.values_base
    keys, prob = ex["_collect_groups"]
    npk = keys[:, 2]
    nv = np.asarray(ex["p_vaults"])
    out = {"collect": float(ex["p_collect"]), "bonus": 0.0,
           "vaults_in_view_2": float(nv[2]), "vaults_in_view_3": float(nv[3]),
           "great_skull": 0.0, "vaults_3": 0.0,
           "big_win": no_trigger_tail(big_win_x100(m, "base")), "max_win": no_trigger_tail(m.max_win_x100)}
    for j in JACKPOTS:                   # a collect pays its jackpot pumpkins: at least one of npk
        q = float(vt.probabilities[vt.labels.index(j)])
        out[f"jackpot_{j}"] = float((prob * (1.0 - (1.0 - q) ** npk)).sum())
    return out


def bonus_counts(n: int, seed: int) -> dict[str, int]:
    """How many of n bonuses from the exact trigger-board law have each bonus feature
    (big_win: the trigger board's line win + the bonus reach the base big win)."""
    from .exact import bonus_from_triggers
    from .par_live import _exact
    m, ex = load(), _exact()
    big = big_win_x100(m, "base")
    counts = dict.fromkeys(BONUS_FEATURES, 0)
    for i, a in enumerate(range(0, n, CHUNK)):
        k = min(CHUNK, n - a)
        r = bonus_from_triggers(m, ex["_trig_boards"], ex["_trig_line"], k, seed * 1_000 + 500 + i)
        for f in BONUS_FEATURES:
            if f != "big_win":
                counts[f] += int(round(float(r[f]) * k))
        counts["big_win"] += int((r["_pay_x100"] + r["_line_x100"] >= big).sum())
    return counts


def base_odds(seed: int, bonuses: int = BONUSES) -> dict[str, tuple]:
    """The base game's feature rates: exact without the bonus + exact trigger odds x
    the share of bonuses with the feature."""
    from cabinet.math.stats import scaled_rate_ci
    from .par_live import _exact
    ex = _exact()
    p = float(ex["p_trigger"])
    exact = exact_no_trigger(ex)
    out = {f: (v, v, v, f"exact over all {ex['_stops']:,} stop combinations")
           for f, v in exact.items() if f not in BONUS_FEATURES}
    out["bonus"] = (p, p, p, f"exact: 1 in {1 / p:,.2f} over all {ex['_stops']:,} stop combinations")
    counts = bonus_counts(bonuses, seed)
    for f in BONUS_FEATURES:
        est = scaled_rate_ci(p, counts[f], bonuses, exact[f])
        out[f] = est + (f"exact without the bonus ({exact[f]:.4g}) + exact trigger odds 1 in {1 / p:,.2f} x "
                        f"{counts[f]:,} of {bonuses:,} bonuses from the exact trigger-board law",)
    return out


def buy_odds(mode: str, seed: int, rounds: int = BUY_ROUNDS) -> dict[str, tuple]:
    """A buy's feature rates from `rounds` buy rounds of the vectorised engine."""
    from cabinet.math.stats import rate_ci
    from .sim import simulate
    counts = dict.fromkeys(FEATURES, 0)
    for i, a in enumerate(range(0, rounds, CHUNK)):
        k = min(CHUNK, rounds - a)
        feats = simulate(seed * 1_000 + 700 + i, mode, k)["features"]
        for f in FEATURES:
            counts[f] += int(feats[f].sum())
    return {f: rate_ci(c, rounds) + (f"{c:,} in {rounds:,} buy rounds of the vectorised engine",)
            for f, c in counts.items() if f not in ("collect", "bonus", "vaults_in_view_2", "vaults_in_view_3")}


def _split_task(task: tuple[str, int, int, int]) -> tuple[float, float, int]:
    """(sum and sum of squares over its roots of the capped weight, roots) of one
    independent split run."""
    from .rare import split_buys
    mode, seed, index, roots = task
    s = split_buys(load(), mode, roots, seed * 1_000 + 800 + index)
    per_root = s.per_root(s.capped)
    return float(per_root.sum()), float((per_root ** 2).sum()), s.roots


def buy_cap_odds(mode: str, seed: int, roots: int | None = None, workers: int | None = None) -> tuple:
    """(p, lo99, hi99, method): P(a bought bonus reaches the cap) by splitting."""
    from cabinet.math import pool
    from cabinet.math.stats import mean_ci
    roots = SPLIT_ROOTS if roots is None else roots
    tasks = [(mode, seed, i, roots // SPLIT_TASKS + (i < roots % SPLIT_TASKS)) for i in range(SPLIT_TASKS)]
    got = pool.run(_split_task, tasks, WORKERS if workers is None else workers)
    n = sum(g[2] for g in got)
    p, lo, hi = mean_ci(sum(g[0] for g in got), sum(g[1] for g in got), n)
    from .rare import FACTOR, LEVELS_X
    return (p, max(0.0, lo), hi,
            f"{n:,} bought bonuses under multilevel splitting on the vault total (x{FACTOR} at "
            f"{', '.join(f'{x:,}' for x in LEVELS_X)}x the bet; math/rare.py), over the independent roots")


def feature_odds(mode: str, sims: dict[str, Any] | None = None, seed: int = 1) -> dict[str, tuple]:
    """GameSpec.math.feature_odds: {feature: (p, lo99, hi99, method)} of a round of `mode`
    (`sims` is not needed: nothing here uses the plain run)."""
    m = load()
    if mode == "base":
        return base_odds(seed)
    if mode in {b.id for b in m.buys}:
        return {**buy_odds(mode, seed), "max_win": buy_cap_odds(mode, seed)}
    return {}

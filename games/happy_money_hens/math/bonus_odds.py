"""Happy Money Hens' odds of a bonus's rare outcomes, the parts feature_odds.py (a
round's feature rates) and category_shares.py (the book categories' shares) are made
of: the pots' chances given the processed coins (pot_rates), the big bonuses counted
per combination (big_counts) or exact given the skeleton (cash_tail_odds,
boost_tail_odds), the full board's exact chance and a pot's given it, each final
combination's exact chance (combo_chances). The method of each is in feature_odds.py's
docstring. The sizes below are module settings the tests shrink.
"""
from __future__ import annotations

from functools import lru_cache
from math import comb, sqrt

import numpy as np

from .tables import COMBOS, DOUBLE_COINS, POT_FILL, POT_NAMES, load

Z99 = 2.5758293035489004
BONUSES = 120_000            # bonuses per DOUBLE COINS flag (conditional Monte Carlo)
BIG_BONUSES = {c: 1_000_000 for c in COMBOS}   # bonuses per combination (big_counts)
CASH_TAIL_BONUSES = 1_000_000   # bonuses of a DOUBLE COINS mode (cash_tail_odds)
BOOST_TAIL_BONUSES = 1_000_000  # bonuses of a boost_last HAPPY BOOST library (boost_tail_odds)
CHUNK = 20_000
POTS: dict[int, dict] = {}     # seed -> pot_rates(seed), played once per process (feature_odds, big_odds)
WORKERS = 2


def pot_chance_table(m, pot: int) -> np.ndarray:
    """g[N1, N2] = P(pot won | N1 single and N2 double processed coins) of a bonus with
    POT FILL: P(X1 + 2 X2 >= length), X1 ~ Bin(N1, r), X2 ~ Bin(N2, r)."""
    cells = m.rows * m.reels
    r = m.pot_fill[0] / m.pot_fill[1] * float(m.pot_weights[pot]) / float(m.pot_weights.sum())
    length = int(m.pot_lengths[pot])
    pmf = [np.array([comb(n, k) * r ** k * (1 - r) ** (n - k) for k in range(n + 1)]) for n in range(cells + 1)]
    g = np.zeros((cells + 1, cells + 1))
    for n1 in range(cells + 1):
        for n2 in range(cells + 1 - n1):
            letters = np.zeros(n1 + 2 * n2 + 1)
            for k2, p2 in enumerate(pmf[n2]):
                letters[2 * k2:2 * k2 + n1 + 1] += p2 * pmf[n1]
            g[n1, n2] = letters[length:].sum()
    return g


def _structure_chunk(task: tuple) -> tuple[np.ndarray, np.ndarray]:
    """(single, double) processed coins of n bonuses of a combination."""
    from cabinet.core.rng import make_bit_generator
    from .sim_bonus import simulate_bonuses
    seed, index, combo, n = task
    gen = np.random.Generator(make_bit_generator(seed * 1_000 + 100 + 10 * combo + index))
    res = simulate_bonuses(gen, load(), np.full(n, combo))
    return res["paid_single"].astype(np.int8), res["paid_double"].astype(np.int8)


def pot_rates(seed: int, bonuses: int | None = None, workers: int | None = None) -> dict[bool, dict[str, tuple]]:
    """{double coins on: {pot feature: (mean chance, its standard error)}} per bonus with
    POT FILL, from `bonuses` (BONUSES) bonuses per DOUBLE COINS flag on `workers` (WORKERS)."""
    from cabinet.math import pool
    m = load()
    bonuses = BONUSES if bonuses is None else bonuses
    workers = WORKERS if workers is None else workers
    groups = {False: POT_FILL, True: POT_FILL | DOUBLE_COINS}
    tasks = [
        (seed, i, c, min(CHUNK, bonuses - a)) for c in groups.values() for i, a in enumerate(range(0, bonuses, CHUNK))
    ]
    parts = pool.run(_structure_chunk, tasks, workers)
    from .categories import MULTI_GRAND
    from .tails import grand_tail
    tables = [pot_chance_table(m, p) for p in range(len(POT_NAMES))]
    multi = {cat: grand_tail(times, exactly).table() for cat, (times, exactly) in MULTI_GRAND.items()}
    out: dict[bool, dict[str, tuple]] = {}
    for dc, c in groups.items():
        mine = [r for t, r in zip(tasks, parts) if t[2] == c]
        n1 = np.concatenate([r[0] for r in mine]).astype(np.intp)
        n2 = np.concatenate([r[1] for r in mine]).astype(np.intp)
        out[dc] = {}
        for p, name in enumerate(POT_NAMES):
            v = tables[p][n1, n2]
            out[dc][f"pot_{name.lower()}"] = (float(v.mean()), float(v.std(ddof=1) / sqrt(len(v))))
        for cat, table in multi.items():            # GRAND several times: its letters (tails.py)
            v = table[n1, n2]
            out[dc][cat] = (float(v.mean()), float(v.std(ddof=1) / sqrt(len(v))))
    return out


def _big_chunk(task: tuple) -> dict[int, np.ndarray]:
    """{threshold: counts[GRAND won][full board]} of the bonuses of n of a combination
    winning at least each threshold (x100)."""
    from cabinet.core.rng import make_bit_generator
    from .sim_bonus import simulate_bonuses
    seed, index, combo, n, lows = task
    gen = np.random.Generator(make_bit_generator(np.random.SeedSequence(seed, spawn_key=(0xB16, combo, index))))
    res = simulate_bonuses(gen, load(), np.full(n, combo))
    cell = 2 * (res["awards"][:, POT_NAMES.index("GRAND")] > 0) + res["full_board"]
    return {low: np.bincount(cell[res["total_x100"] >= low], minlength=4).reshape(2, 2) for low in lows}


_BIG: dict[int, dict] = {}


def big_counts(seed: int, workers: int | None = None) -> dict[int, dict]:
    """{combination: {"n": bonuses played, threshold (x100): counts[GRAND][full board]
    of those winning at least it}} for every mode's big_bonus threshold (once per seed)."""
    if seed not in _BIG:
        from cabinet.math import pool
        lows = tuple(sorted(set(load().big_bonus_x100.values())))
        tasks = [(seed, i, c, min(CHUNK, BIG_BONUSES[c] - a), lows) for c in COMBOS
                 for i, a in enumerate(range(0, BIG_BONUSES[c], CHUNK))]
        parts = pool.run(_big_chunk, tasks, WORKERS if workers is None else workers)
        out: dict[int, dict] = {c: {"n": BIG_BONUSES[c], **{low: np.zeros((2, 2), np.int64) for low in lows}}
                                for c in COMBOS}
        for t, r in zip(tasks, parts):
            for low, k in r.items():
                out[t[2]][low] += k
        _BIG[seed] = out
    return _BIG[seed]


def _share(k: int, n: int) -> tuple[float, float]:
    """A count's share of n and its binomial standard error."""
    q = k / n
    return q, sqrt(q * (1 - q) / n)


@lru_cache(maxsize=None)
def cash_tail_odds(mode: str, seed: int) -> tuple[float, float]:
    """(P(big_bonus), its standard error) of a mode whose bonuses have DOUBLE COINS
    alone: the mean of cash_tail's A[N1, N2] over CASH_TAIL_BONUSES bonuses."""
    from cabinet.core.rng import make_bit_generator
    from .tails import cash_tail
    from .rules import natural_combo_weights
    from .sim_bonus import simulate_bonuses
    combo = next(c for c, w in zip(COMBOS, natural_combo_weights(mode)) if w)
    a = cash_tail(mode).table()
    gen = np.random.Generator(make_bit_generator(np.random.SeedSequence(seed, spawn_key=(0xCA5, combo))))
    vals = []
    for start in range(0, CASH_TAIL_BONUSES, 100_000):
        r = simulate_bonuses(gen, load(), np.full(min(100_000, CASH_TAIL_BONUSES - start), combo))
        vals.append(a[r["paid_single"], r["paid_double"]])
    v = np.concatenate(vals)
    return float(v.mean()), float(v.std(ddof=1) / sqrt(len(v)))


@lru_cache(maxsize=None)
def _boost_skeletons(mode: str, seed: int) -> dict[str, np.ndarray]:
    """The counted coins (single, double), spins and full boards of BOOST_TAIL_BONUSES
    natural bonuses of a gamble bonus library (the skeletons boost_tail_odds averages
    over, played once per mode and seed for every category)."""
    from cabinet.core.rng import make_bit_generator
    from .rules import BONUS_MODES
    from .sim_bonus import simulate_bonuses
    combo = BONUS_MODES[mode]
    gen = np.random.Generator(make_bit_generator(np.random.SeedSequence(seed, spawn_key=(0xB005, combo))))
    parts = []
    for start in range(0, BOOST_TAIL_BONUSES, 100_000):
        r = simulate_bonuses(gen, load(), np.full(min(100_000, BOOST_TAIL_BONUSES - start), combo))
        parts.append({k: np.asarray(r[k]) for k in ("paid_single", "paid_double", "spins", "full_board")})
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


@lru_cache(maxsize=None)
def boost_tail_odds(mode: str, seed: int, cat: str = "big_bonus") -> dict[str, tuple[float, float]]:
    """{"all": (P(cat), its standard error), "no_full_board": (the same outside the full
    boards, ...)} of a category drawn coins and boosts last (forced_tails.tail_of):
    big_bonus of a HAPPY BOOST library (rules.boost_last; with POT FILL without a GRAND)
    or big_grand (bonus_pf_hb: a GRAND and at least big_grand_x times the bet): the
    mean of its tail's A (boost_tail.py, grand_boost_tail.py: A[N, S];
    double_boost_tail.py: A[N1, N2, S]) over BOOST_TAIL_BONUSES bonuses (their counted
    coins and spins, _boost_skeletons)."""
    from .forced_tails import tail_of
    tail = tail_of(mode, cat)
    if tail is None or not hasattr(tail, "chances"):
        raise ValueError(f"{mode}: {cat} is not drawn coins and boosts last")
    r = _boost_skeletons(mode, seed)
    v = tail.chances(r)
    rest = v * ~r["full_board"].astype(bool)
    return {"all": (float(v.mean()), float(v.std(ddof=1) / sqrt(len(v)))),
            "no_full_board": (float(rest.mean()), float(rest.std(ddof=1) / sqrt(len(rest))))}


def big_odds(mode: str, seed: int) -> tuple | None:
    """(p, lo99, hi99, method) of a big_bonus per round of `mode` (None: it has none)."""
    from .rules import boost_last, cash_last
    m = load()
    low = m.big_bonus_x100.get(mode)
    if low is None:
        return None
    if cash_last(mode):
        p, se = cash_tail_odds(mode, seed)
        return (p, max(0.0, p - Z99 * se), p + Z99 * se,
                f"exact given the single and double paying coins (tails.py), averaged over "
                f"{CASH_TAIL_BONUSES:,} bonuses (conditional Monte Carlo)")
    if boost_last(mode):
        p, se = boost_tail_odds(mode, seed)["all"]
        from .rules import BONUS_MODES
        how = ("exact given the single and double counted coins and the spins (double_boost_tail.py)"
               if BONUS_MODES[mode] & DOUBLE_COINS else "exact given the counted coins and the spins (boost_tail.py)")
        how = f"{how}, averaged over {BOOST_TAIL_BONUSES:,} bonuses (conditional Monte Carlo)"
        if BONUS_MODES[mode] & POT_FILL:       # and every GRAND bonus (all of them big: boost_tail.py)
            if seed not in POTS:
                POTS[seed] = pot_rates(seed)
            g, g_se = POTS[seed][False]["pot_grand"]
            p, se = p + g, sqrt(se ** 2 + g_se ** 2)
            how = f"the GRANDs (pot_rates) and the big bonuses without one: {how}"
        return p, max(0.0, p - Z99 * se), p + Z99 * se, how
    pc, counts = combo_chances(mode), big_counts(seed)
    terms = [(pc[c],) + _share(int(counts[c][low].sum()), counts[c]["n"]) for c in COMBOS if pc[c]]
    p = sum(w * q for w, q, _ in terms)
    half = Z99 * sqrt(sum((w * se) ** 2 for w, _, se in terms))
    return (p, max(0.0, p - half), p + half,
            f"exact combination odds x the share of bonuses winning at least {low // m.costs[mode]:,}x the cost "
            f"among {sum(BIG_BONUSES.values()):,} played from their combination alone (a count per combination)")


@lru_cache(maxsize=1)
def full_board_rates() -> dict[bool, float]:
    """Exact P(full board) of a bonus without and with DOUBLE COINS."""
    from .full_board import full_board_chance
    m = load()
    return {False: full_board_chance(m), True: full_board_chance(m, double=True)}


@lru_cache(maxsize=4)
def _full_board_coins(seed: int, bonuses: int) -> tuple[np.ndarray, np.ndarray]:
    """(single, double) coins of the full boards among `bonuses` DC+PF bonuses."""
    from cabinet.core.rng import make_bit_generator
    from .sim_bonus import simulate_bonuses
    m = load()
    gen = np.random.Generator(make_bit_generator(seed * 1_000 + 900))
    n1, n2 = [], []
    for a in range(0, bonuses, 50_000):
        r = simulate_bonuses(gen, m, np.full(min(50_000, bonuses - a), POT_FILL | DOUBLE_COINS))
        n1.append(r["paid_single"][r["full_board"]])
        n2.append(r["paid_double"][r["full_board"]])
    return np.concatenate(n1), np.concatenate(n2)


def grand_table(cat: str) -> np.ndarray:
    """P(cat | N1 single and N2 double processed coins) of a GRAND category: pot_grand
    (pot_chance_table) or GRAND won several times (tails.grand_tail)."""
    from .categories import MULTI_GRAND
    from .tails import grand_tail
    if cat == "pot_grand":
        return pot_chance_table(load(), POT_NAMES.index("GRAND"))
    return grand_tail(*MULTI_GRAND[cat]).table()


def grand_given_full_board(seed: int = 1, bonuses: int = 1_000_000,
                           cat: str = "pot_grand") -> dict[bool, tuple[float, float]]:
    """{double coins on: (P(cat | a full board of a POT FILL bonus), its standard
    error)}, cat a GRAND category (pot_grand: GRAND won). A full board has every one of
    the 35 coins processed, so without DOUBLE COINS it is exact: g[35, 0] of its
    table (grand_table); with them, the mean of g[N1, N2] over the full boards among
    `bonuses` DC+PF bonuses (conditional Monte Carlo)."""
    g = grand_table(cat)
    cells = load().rows * load().reels
    n1, n2 = _full_board_coins(seed, bonuses)
    v = g[n1, n2]
    return {False: (float(g[cells, 0]), 0.0), True: (float(v.mean()), float(v.std(ddof=1) / sqrt(len(v))))}


def _on_full_board(cat: str, dc: bool, seed: int) -> tuple[float, float]:
    """(P(cat | a full board), its standard error) of a POT FILL bonus with DOUBLE
    COINS `dc` (exact without: no bonus is played)."""
    if not dc:
        return float(grand_table(cat)[load().rows * load().reels, 0]), 0.0
    return grand_given_full_board(seed, cat=cat)[True]


def combo_chances(mode: str) -> dict[int, float]:
    """Exact chance per round of each final combination (0: no bonus)."""
    from .pots import combo_odds
    from .rules import SPIN_MODES, natural_combo_weights
    if mode in SPIN_MODES:
        return {c: float(p) for c, p in combo_odds(mode).items()}
    return {0: 0.0, **{c: float(p) for c, p in zip(COMBOS, natural_combo_weights(mode))}}

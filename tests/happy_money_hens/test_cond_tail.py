"""tools/cond_tail.py (issue #32 item 2): the tail by conditional Monte Carlo with
importance-sampled pot letters. Its skeletons pay what the books' engine pays, its
exact law of the coins and boosts matches a plain enumeration, and its estimate
matches a plain run of the rules where a plain run is accurate."""
from __future__ import annotations

import numpy as np
import pytest

from cabinet.core.rng_batch import BookStreams
from games.happy_money_hens.math.batch_bonus import BonusLockstep
from games.happy_money_hens.math.sim_bonus import simulate_bonuses
from games.happy_money_hens.math.tables import load
from games.happy_money_hens.tools.cond_law import ContentLaw
from games.happy_money_hens.tools.cond_tail import GRAND, TailLockstep, kind_chances, run, tilted

from .helpers import convolve, law, spin_boost_law


@pytest.mark.parametrize("combo", [2, 3, 7])
def test_the_recording_engine_plays_the_books_bonuses_and_counts_what_completes(combo):
    m = load()
    n = 300
    seeds = np.arange(n, dtype=np.uint64) * 7919 + combo
    want = BonusLockstep(m, BookStreams(seeds), np.arange(n), np.full(n, combo)).run()
    got = TailLockstep(m, BookStreams(seeds), np.arange(n), np.full(n, combo)).run()
    assert (got["total_x100"] == want["total_x100"]).all()
    assert (got["kinds"].sum(axis=1) == want["paid_single"] + want["paid_double"]).all()
    completed = want["paid_single"] + want["paid_double"] - got["open_single"] - got["open_double"]
    assert (completed == want["awards"].sum(axis=1)).all() and completed.any()
    # what the pots, the open coins and the boosts pay is the whole bonus: the open coins pay their cash
    assert (
        got["total_x100"] - got["pot_x100"] - got["boost_x100"] >= 50 * (got["open_single"] + 2 * got["open_double"])
    ).all()


def test_a_tilted_contents_law_makes_grand_likelier_and_keeps_the_other_kinds_in_proportion():
    m = load()
    q, k = kind_chances(m), kind_chances(tilted(m, 0.5))
    assert q[GRAND] == pytest.approx(0.075) and k[GRAND] == pytest.approx(0.5, abs=1e-8)
    other = [i for i in range(5) if i != GRAND]
    assert k[other] / k[other].sum() == pytest.approx(q[other] / q[other].sum(), abs=1e-8)


def _dict_law(m, n1: int, n2: int, spins: int) -> dict[int, float]:
    """The coins' and boosts' law by plain enumeration over dicts (x100)."""
    cash = law(m.cash_values, m.cash_weights)
    total = {0: 1.0}
    for _ in range(n1):
        total = convolve(total, cash)
    for _ in range(n2):
        total = convolve(total, {2 * v: p for v, p in cash.items()})
    spin = spin_boost_law(m)
    for _ in range(spins):
        total = convolve(total, spin)
    return total


def test_the_coins_and_boosts_law_is_the_plain_enumerations():
    m = load()
    law = ContentLaw(m, 200_000)
    exact = _dict_law(m, 2, 1, 1)
    sv = law.survival(2, 1, 1)
    for y in (0, 950, 5_000, 20_000, 60_000, 120_000):
        want = sum(p for v, p in exact.items() if v > y)
        assert sv[y // law.unit] == pytest.approx(want, rel=1e-6, abs=1e-14)


def test_a_pot_fill_bonus_without_double_coins_is_read_over_every_order_of_its_coins_kinds():
    """pots_and_coins(5) against the 5^5 sequences of kinds, letters counted in order."""
    import itertools
    m = load()
    law = ContentLaw(m, 120_000)
    q = law.kind_p
    cw = np.asarray(m.cash_weights, float) / sum(m.cash_weights)
    coins = [{0: 1.0}]
    for _ in range(5):
        coins.append({x + v: 0.0 for x in coins[-1] for v in m.cash_values.tolist()})
        for x, p in coins[-2].items():
            for v, r in zip(m.cash_values.tolist(), cw.tolist()):
                coins[-1][x + v] += p * r
    by: dict[tuple[int, int], float] = {}                  # (pots won, open coins) -> chance
    for seq in itertools.product(range(5), repeat=5):
        names, won, open_ = [0] * 4, 0, 0
        for kind in seq:
            if kind < 4:
                names[kind] += 1
                if names[kind] == m.pot_lengths[kind]:
                    names[kind], won = 0, won + int(m.pot_values[kind])
                    continue
            open_ += 1
        by[won, open_] = by.get((won, open_), 0.0) + float(np.prod(q[list(seq)]))
    want: dict[int, float] = {}
    for (won, open_), p in by.items():
        for v, r in coins[open_].items():
            want[won + v] = want.get(won + v, 0.0) + p * r
    sv = law.mixed_survival(5, 0)
    for y in (0, 1_000, 5_000, 20_000, 60_000, 100_000):
        assert sv[y // law.unit] == pytest.approx(sum(p for v, p in want.items() if v > y), rel=1e-6, abs=1e-14)


def test_the_estimate_is_a_plain_run_of_the_rules_where_a_plain_run_is_accurate():
    """bonus_pf (its kinds read exactly) and bonus_dc_pf (its pot letters importance-sampled
    in every component): P(X > t) at 20x, 60x and 973.5x (a GRAND) from
    500 roots against 12,000 plain bonuses, within 4 joint errors (about 3 s: the exact laws are built once)."""
    m = load()
    for mode, combo in (("bonus_pf", 2), ("bonus_dc_pf", 3)):
        _agrees(m, mode, combo)


def _agrees(m, mode: str, combo: int) -> None:
    res = run(mode, 0, 500, 17, 2_000, 1_948)          # t = 20x .. 993.5x by 0.5x
    n, grid = res["n"], 2_000 + 50 * np.arange(1_948)
    plain = simulate_bonuses(np.random.default_rng(5), m, np.full(12_000, combo))["total_x100"]
    for t in (2_000, 6_000, 97_350):
        i = int(np.flatnonzero(grid == t)[0])
        est = res["s1"][:, i].sum() / n
        var = np.maximum(res["s2"][:, i] / n - (res["s1"][:, i] / n) ** 2, 0).sum() / n
        p = (plain > t).mean()
        assert abs(est - p) < 4 * np.sqrt(var + p * (1 - p) / len(plain)), (mode, t, est, p)

"""bonus_dc_hb's big bonus drawn coins and boosts last (math/double_boost_tail.py): kept
with A[N1, N2, S] / max A given the skeleton's single and double counted coins and
spins, then the coins' cash values and the spins' boosts from their law given the
category. Checked against brute force given a skeleton (the table, the drawn
contents), against natural bonuses in the category at a lowered threshold, and the
share estimator against a plain count."""
from __future__ import annotations

from math import sqrt

import numpy as np
import pytest

from cabinet.core.rng import Rng, make_bit_generator
from cabinet.core.rng_batch import BookStreams
from games.happy_money_hens.math import bonus_odds as O
from games.happy_money_hens.math import rules
from games.happy_money_hens.math.batch_bonus import BonusLockstep
from games.happy_money_hens.math.bonus import HensBonus
from games.happy_money_hens.math.double_boost_tail import DoubleBoostTail, double_boost_tail
from games.happy_money_hens.math.sim_bonus import simulate_bonuses
from games.happy_money_hens.math.tables import DOUBLE_COINS, HAPPY_BOOST, load
from games.happy_money_hens.tools.tail_bounds import natural_ceiling

DC_HB = DOUBLE_COINS | HAPPY_BOOST
MODE = "bonus_dc_hb"


def _draw(m, gen, values, weights, shape):
    return values[np.searchsorted(np.cumsum(weights), gen.integers(0, weights.sum(), shape), side="right")]


def natural_wins(m, gen, n1: int, n2: int, s: int, k: int) -> dict[str, np.ndarray]:
    """k brute-force draws of what n1 single and n2 double coins and s spins' boosts pay."""
    cash = _draw(m, gen, m.cash_values, m.cash_weights, (k, n1 + n2))
    coins = cash[:, :n1].sum(axis=1) + 2 * cash[:, n1:].sum(axis=1)
    hits = gen.integers(0, m.boost[1], (k, s)) < m.boost[0]
    per = np.where(hits, _draw(m, gen, m.boost_counts, m.boost_count_weights, (k, s)), 0).sum(axis=1)
    values = _draw(m, gen, m.boost_values, m.boost_weights, (k, max(int(per.max()), 1)))
    boosts = (values * (np.arange(values.shape[1])[None, :] < per[:, None])).sum(axis=1)
    return {"total": coins + boosts, "boosts": per}


@pytest.mark.slow
def test_the_table_is_the_brute_force_chance_given_the_coins_and_spins():
    """The table at 3x the cost against 3 x 100,000 brute-force draws."""
    m = load()
    need = 3 * m.costs[MODE]
    a = DoubleBoostTail(m, need).table()
    gen = np.random.Generator(make_bit_generator(41))
    for n1, n2, s in ((4, 1, 6), (12, 5, 25), (20, 12, 60)):
        hit = natural_wins(m, gen, n1, n2, s, 100_000)["total"] >= need
        q, p = hit.mean(), a[n1, n2, s]
        assert abs(p - q) < 4 * sqrt(p * (1 - p) / len(hit)) + 1e-6, (n1, n2, s, p, q)
    assert a[0, 0, 0] == 0 and a.max() <= 1
    assert (np.diff(a, axis=2) >= -1e-12).all()                          # more spins, more boosts
    inside = np.add.outer(np.arange(36), np.arange(35)) < 35             # a single coin made double
    assert ((a[:, 1:] - a[:, :-1] >= -1e-12) | ~inside[:, :, None]).all()


def skeleton_of(m, low_n: int, low_double: int, low_s: int) -> tuple[int, HensBonus]:
    for seed in range(10_000):
        b = HensBonus(Rng(seed), m, DC_HB)
        b.run()
        mults = [mult for _, mult in b.counted()]
        if len(mults) >= low_n and mults.count(2) >= low_double and b.spins >= low_s:
            return seed, b
    raise AssertionError("no such skeleton")


@pytest.mark.slow
def test_the_drawn_contents_follow_their_law_given_the_skeleton():
    """One skeleton, 400 draws of its contents given the category, replayed, against
    brute-force draws of its coins and spins that reach the threshold."""
    m = load()
    need = 3 * m.costs[MODE]
    tail = DoubleBoostTail(m, need)
    seed, skel = skeleton_of(m, 14, 3, 20)
    mults = [mult for _, mult in skel.counted()]
    totals, booms = [], []
    for i in range(400):
        coins, boosts = tail.contents(Rng(9_000 + i), skel, lambda c: None)
        b = HensBonus(Rng(seed), m, DC_HB, contents=coins, boosts=boosts)
        b.run()
        assert b.spins == skel.spins and b.counted() == skel.counted()          # the skeleton stays
        assert b.total_x100() >= need
        totals.append(b.total_x100())
        booms.append(sum(len(x) for x in boosts.values()))
    nat = natural_wins(m, np.random.Generator(make_bit_generator(42)), mults.count(1), mults.count(2),
                       skel.spins, 300_000)
    keep = nat["total"] >= need
    for f, q in ((totals, nat["total"][keep]), (booms, nat["boosts"][keep])):
        f, q = np.asarray(f, float), q.astype(float)
        se = sqrt(f.var(ddof=1) / len(f) + q.var(ddof=1) / len(q))
        assert abs(f.mean() - q.mean()) < 4.5 * se, (f.mean(), q.mean(), se)


@pytest.mark.slow
def test_forced_big_bonuses_are_natural_ones_given_the_category(monkeypatch):
    """At 3x the cost (about 1 bonus in 60), 80 forced big bonuses against the natural
    ones among 40,000 played by the vectorised bonus: the same mean win, single and
    double coins, spins and HAPPY BOOST sum."""
    m = load()
    low = 3 * m.costs[MODE]
    monkeypatch.setitem(m.big_bonus_x100, MODE, low)
    forced = [rules.play(Rng(30_000 + i), MODE, "big_bonus") for i in range(80)]
    assert all("big_bonus" in r.features for r in forced)
    ends = [next(e for e in r.events if e["type"] == "bonus_end") for r in forced]
    f = {"win": [e["total_x100"] for e in ends],
         "double": [sum(c["double"] for c in e["paying"]) for e in ends],
         "single": [sum(not c["double"] for c in e["paying"]) for e in ends],
         "spins": [e["spins"] for e in ends],
         "boost": [sum(x["add_x100"] for e in r.events if e["type"] == "boost" for x in e["boosts"]) for r in forced]}
    n = 40_000
    seeds = np.arange(1, n + 1, dtype=np.uint64) * np.uint64(7_919) + np.uint64(DC_HB)
    res = BonusLockstep(m, BookStreams(seeds), np.arange(n), np.full(n, DC_HB)).run()
    keep = res["total_x100"] >= low
    nat = {"win": res["total_x100"], "double": res["paid_double"], "single": res["paid_single"],
           "spins": res["spins"], "boost": res["boost_x100"]}
    for k in f:
        a, b = np.asarray(f[k], float), nat[k][keep].astype(float)
        se = sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
        assert abs(a.mean() - b.mean()) < 4.5 * se, (k, a.mean(), b.mean(), se)


@pytest.mark.slow
def test_the_share_estimator_agrees_with_a_plain_count_and_every_skeleton_is_reachable(monkeypatch):
    """boost_tail_odds at 3x the cost (100,000 bonuses) against the bonuses counted in
    the category among 100,000 others; every skeleton is reachable."""
    m = load()
    low = 3 * m.costs[MODE]
    monkeypatch.setattr(O, "BOOST_TAIL_BONUSES", 100_000)
    monkeypatch.setitem(m.big_bonus_x100, MODE, low)
    O.boost_tail_odds.cache_clear()
    try:
        p, se = O.boost_tail_odds(MODE, 6)["all"]
    finally:
        O.boost_tail_odds.cache_clear()
    res = simulate_bonuses(np.random.default_rng(60), m, np.full(100_000, DC_HB))
    hit = res["total_x100"] >= low
    q = hit.mean()
    assert abs(p - q) < O.Z99 * sqrt(se ** 2 + q * (1 - q) / len(hit)), (p, q)
    tail = double_boost_tail(m.big_bonus_x100[MODE])
    assert tail.reachable()[res["paid_single"], res["paid_double"], res["spins"]].all()


def test_bonus_dc_hb_is_drawn_coins_and_boosts_last_with_a_ceiling_below_its_big_bonus():
    m = load()
    assert rules.boost_last(MODE) and not rules.boost_last("bonus_dc_pf_hb") and not rules.cash_last(MODE)
    assert isinstance(rules.big_boost_tail(MODE), DoubleBoostTail)
    assert rules.big_boost_tail(MODE) is double_boost_tail(m.big_bonus_x100[MODE])
    assert m.big_bonus_x100[MODE] == 12 * m.costs[MODE]
    assert natural_ceiling(MODE) == m.big_bonus_x100[MODE]
    assert rules.excluded_before(m, MODE, "big_bonus") == set()


def test_an_unreachable_skeleton_is_refused():
    tail = double_boost_tail(load().big_bonus_x100[MODE])
    res = {"paid_single": np.array([3]), "paid_double": np.array([0]), "spins": np.array([40])}
    with pytest.raises(ValueError, match="outside the skeletons"):
        tail.weights_of(res)

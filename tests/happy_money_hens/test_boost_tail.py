"""Big HAPPY BOOST bonuses drawn coins and boosts last (math/boost_tail.py): bonus_hb's
big bonus and bonus_pf_hb's big bonus without a GRAND, kept with A[N, S] / max A given
the skeleton's counted coins and spins, then what the coins hold and the spins' boosts
from their law given the category. Checked against brute force given a skeleton
(the table, the drawn contents), against plain rejection over natural bonuses at a
lowered threshold, and the share estimator against a plain count."""
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
from games.happy_money_hens.math.boost_tail import BoostTail, boost_tail, max_spins
from games.happy_money_hens.math.sim_bonus import simulate_bonuses
from games.happy_money_hens.math.tables import HAPPY_BOOST, POT_FILL, POT_NAMES, load

HB, PF_HB = HAPPY_BOOST, POT_FILL | HAPPY_BOOST
GRAND = POT_NAMES.index("GRAND")


def natural_contents(m, gen, n: int, s: int, k: int, pot_fill: bool) -> dict[str, np.ndarray]:
    """k draws of what n counted coins and s spins' boosts bring, by brute force: each
    coin's kind and cash value, each spin's boost count and values; a pot's coins
    complete its name every `length` of them. Returns the total, the GRAND coins, the
    awards and the boosts' count."""
    cash = m.cash_values[np.searchsorted(np.cumsum(m.cash_weights), gen.integers(0, m.cash_weights.sum(), (k, n)),
                                         side="right")]
    won = np.zeros(k, np.int64)
    pots_x100 = np.zeros(k, np.int64)
    grands = np.zeros(k, np.int64)
    if pot_fill:
        fill = gen.integers(0, m.pot_fill[1], (k, n)) < m.pot_fill[0]
        pot = np.searchsorted(np.cumsum(m.pot_weights), gen.integers(0, m.pot_weights.sum(), (k, n)), side="right")
        for p in range(len(POT_NAMES)):
            c = (fill & (pot == p)).sum(axis=1)
            a = c // int(m.pot_lengths[p])
            if p == GRAND:
                grands = c
            won += a
            pots_x100 += a * int(m.pot_values[p])
    # the completing coins pay the pot, the others their cash: the first n - won of the exchangeable values
    paid = (cash * (np.arange(n)[None, :] < (n - won)[:, None])).sum(axis=1)
    hits = gen.integers(0, m.boost[1], (k, s)) < m.boost[0]
    count = m.boost_counts[np.searchsorted(np.cumsum(m.boost_count_weights),
                                           gen.integers(0, m.boost_count_weights.sum(), (k, s)), side="right")]
    per = np.where(hits, count, 0)
    most = int(per.sum(axis=1).max())
    values = m.boost_values[np.searchsorted(np.cumsum(m.boost_weights), gen.integers(0, m.boost_weights.sum(),
                                                                                     (k, max(most, 1))), side="right")]
    boosts = (values * (np.arange(values.shape[1])[None, :] < per.sum(axis=1)[:, None])).sum(axis=1)
    return {"total": paid + pots_x100 + boosts, "grands": grands, "won": won, "boosts": per.sum(axis=1)}


def skeleton_of(m, combo: int, low_n: int, low_s: int) -> tuple[int, HensBonus]:
    """The first seed whose bonus counts at least low_n coins over at least low_s spins."""
    for seed in range(10_000):
        b = HensBonus(Rng(seed), m, combo)
        b.run()
        if len(b.counted()) >= low_n and b.spins >= low_s and not b.full_board():
            return seed, b
    raise AssertionError("no such skeleton")


@pytest.mark.slow
@pytest.mark.parametrize("combo,pot_fill", [(HB, False), (PF_HB, True)])
def test_the_table_is_the_brute_force_chance_given_the_coins_and_spins(combo, pot_fill):
    m = load()
    need = 3 * m.costs["bonus_hb"]
    a = BoostTail(m, need, pot_fill).table()
    gen = np.random.Generator(make_bit_generator(31))
    for n, s in ((5, 4), (18, 25), (30, 40)):
        got = natural_contents(m, gen, n, s, 200_000, pot_fill)
        hit = (got["total"] >= need) & (got["grands"] < 5)
        q = hit.mean()
        assert abs(a[n, s] - q) < 4 * sqrt(a[n, s] * (1 - a[n, s]) / len(hit)) + 1e-6, (n, s, a[n, s], q)
    assert a[0, 0] == 0 and a.max() <= 1 and (np.diff(a, axis=1) >= -1e-12).all()     # more spins, more boosts


@pytest.mark.slow
@pytest.mark.parametrize("combo,pot_fill", [(HB, False), (PF_HB, True)])
def test_the_drawn_contents_follow_their_law_given_the_skeleton(combo, pot_fill):
    """One skeleton; 700 draws of its contents given the category, replayed, against
    the brute-force contents of its coins and spins that reach the threshold."""
    m = load()
    need = 3 * m.costs["bonus_hb"]
    tail = BoostTail(m, need, pot_fill)
    seed, skel = skeleton_of(m, combo, 16, 20)
    n, s = len(skel.counted()), skel.spins

    def replay(contents, boosts=None):
        b = HensBonus(Rng(seed), m, combo, contents=contents, boosts=boosts)
        b.run()
        return b

    totals, booms, wins = [], [], []
    for i in range(700):
        coins, boosts = tail.contents(Rng(7_000 + i), skel, replay)
        b = replay(coins, boosts)
        assert b.spins == s and b.counted() == skel.counted()          # the skeleton stays
        assert b.total_x100() >= need and "GRAND" not in b.awards
        totals.append(b.total_x100())
        booms.append(sum(len(x) for x in boosts.values()))
        wins.append(len(b.awards))
    nat = natural_contents(m, np.random.Generator(make_bit_generator(32)), n, s, 400_000, pot_fill)
    keep = (nat["total"] >= need) & (nat["grands"] < 5)
    for f, q in ((totals, nat["total"][keep]), (booms, nat["boosts"][keep]), (wins, nat["won"][keep])):
        f, q = np.asarray(f, float), q.astype(float)
        se = sqrt(f.var(ddof=1) / len(f) + q.var(ddof=1) / len(q)) if f.var() + q.var() else 1e-9
        assert abs(f.mean() - q.mean()) < 4.5 * se, (f.mean(), q.mean(), se)


@pytest.mark.slow
@pytest.mark.parametrize("mode,combo", [("bonus_hb", HB), ("bonus_pf_hb", PF_HB)])
def test_forced_big_bonuses_are_natural_ones_given_the_category(monkeypatch, mode, combo):
    """At 3x the cost (about 1 bonus in 100), 120 forced big bonuses against the natural
    bonuses in the category (at least 3x, no full board; no GRAND with POT FILL) among
    50,000 played by the vectorised bonus (about 500 / 440 in it): the same mean win,
    counted coins, spins, HAPPY BOOST sum and pot awards. The sizes are about the cheapest
    for their power: a forced round costs ~0.05-0.07 s, a natural one in the category
    ~0.005 s, so the natural side is best ~sqrt(12) = 3.5 times the forced one. At 50,000
    (was 100,000) 4.5 SE is a shift of the mean win by 12.7% / 11.4% (was 12.1% / 10.8%),
    of the counted coins by 15.5% / 15.3% (was 14.8% / 14.5%)."""
    m = load()
    low = 3 * m.costs[mode]
    monkeypatch.setitem(m.big_bonus_x100, mode, low)
    forced = [rules.play(Rng(20_000 + i), mode, "big_bonus") for i in range(120)]
    assert all("big_bonus" in r.features and not {"full_board", "pot_grand"} & set(r.features) for r in forced)
    ends = [next(e for e in r.events if e["type"] == "bonus_end") for r in forced]
    f = {"win": [e["total_x100"] for e in ends], "coins": [len(e["paying"]) for e in ends],
         "spins": [e["spins"] for e in ends],
         "boost": [sum(x["add_x100"] for e in r.events if e["type"] == "boost" for x in e["boosts"]) for r in forced],
         "pots": [sum(int(e["value_x100"]) for e in r.events if e["type"] == "pot_award") for r in forced]}
    n = 50_000
    seeds = np.arange(1, n + 1, dtype=np.uint64) * np.uint64(7_919) + np.uint64(combo)
    res = BonusLockstep(m, BookStreams(seeds), np.arange(n), np.full(n, combo)).run()
    keep = (res["total_x100"] >= low) & ~res["full_board"] & (res["awards"][:, GRAND] == 0)
    nat = {"win": res["total_x100"], "coins": res["paid_single"], "spins": res["spins"], "boost": res["boost_x100"],
           "pots": res["pot_x100"]}
    for k in f:
        a, b = np.asarray(f[k], float), nat[k][keep].astype(float)
        if not a.var() and not b.var():                    # HAPPY BOOST alone wins no pot
            assert a.mean() == b.mean() == 0 and combo == HB, k
            continue
        se = sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
        assert abs(a.mean() - b.mean()) < 4.5 * se, (k, a.mean(), b.mean(), se)


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["bonus_hb", "bonus_pf_hb"])
def test_a_forced_big_bonus_is_in_its_category_alone_and_replays_from_its_hints(mode):
    m = load()
    rec = Rng.recording(3)
    r = rules.play(rec, mode, "big_bonus")
    end = next(e for e in r.events if e["type"] == "bonus_end")
    assert end["total_x100"] >= m.big_bonus_x100[mode] == 10 * m.costs[mode]
    assert not end["full_board"] and "GRAND" not in end["pots_won"]
    assert "big_bonus" in r.features and not rules.excluded_before(m, mode, "big_bonus") & set(r.features)
    assert sum(c["value_x100"] for c in end["paying"]) == end["total_x100"] == r.payout_x100
    again = rules.play(Rng.for_book(3, list(rec.trace.values)), mode, "big_bonus")
    assert again.events == r.events and again.payout_x100 == r.payout_x100


def test_the_gamble_libraries_list_their_new_categories_after_the_full_board():
    m = load()
    assert rules.excluded_before(m, "bonus_hb", "big_bonus") == {"full_board"}
    assert rules.excluded_before(m, "bonus_pf_hb", "big_bonus") == {"full_board", "big_grand", "pot_grand"}
    assert rules.excluded_before(m, "bonus_pf_hb", "pot_grand") == {"full_board", "big_grand"}
    assert rules.excluded_before(m, "bonus_pf", "pot_grand_2") == {"full_board"}
    assert rules.boost_last("bonus_hb") and rules.boost_last("bonus_pf_hb")
    assert not any(rules.boost_last(x) for x in ("bonus_dc_pf_hb", "bonus_pf", "base", "buy_triple"))


def test_a_pot_fill_boost_tail_must_follow_pot_grand(monkeypatch):
    """Its law leaves the GRANDs out: listed before pot_grand, it would miss them."""
    m = load()
    monkeypatch.setitem(m.raw["book_forces"], "bonus_pf_hb", {"full_board": 1e-5, "big_bonus": 1e-6, "pot_grand": 1e-3})
    with pytest.raises(ValueError, match="pot_grand"):
        rules.play(Rng(1), "bonus_pf_hb", "big_bonus")


@pytest.mark.slow
def test_the_share_estimator_agrees_with_a_plain_count(monkeypatch):
    """boost_tail_odds at 3x the cost (100,000 bonuses, enough to hold full boards, which
    "all" counts and "no_full_board" does not) against the bonuses counted in the
    category among 150,000 others: within their joint 99% interval."""
    m = load()
    monkeypatch.setattr(O, "BOOST_TAIL_BONUSES", 100_000)
    O.boost_tail_odds.cache_clear()
    try:
        for mode, combo in (("bonus_hb", HB), ("bonus_pf_hb", PF_HB)):
            low = 3 * m.costs[mode]
            monkeypatch.setitem(m.big_bonus_x100, mode, low)
            odds = O.boost_tail_odds(mode, 5)
            res = simulate_bonuses(np.random.default_rng(50 + combo), m, np.full(150_000, combo))
            inside = (res["total_x100"] >= low) & (res["awards"][:, GRAND] == 0)
            for key, hit in (("all", inside), ("no_full_board", inside & ~res["full_board"])):
                p, se = odds[key]
                q = hit.mean()
                assert abs(p - q) < O.Z99 * sqrt(se ** 2 + q * (1 - q) / len(hit)), (mode, key, p, q)
            assert odds["no_full_board"][0] < odds["all"][0]
    finally:
        O.boost_tail_odds.cache_clear()


def test_the_boost_override_changes_only_the_boosts():
    m = load()
    plain = HensBonus(Rng(12), m, HB)
    plain.run()
    boosts = {spin: [(0, 10_000)] for spin in range(1, plain.spins + 1)}
    held = HensBonus(Rng(12), m, HB, boosts=boosts)
    held.run()
    assert held.spins == plain.spins and held.counted() == plain.counted() and held.pool_sizes == plain.pool_sizes
    coins = sum(held.drawn[k]["cash_x100"] for k, _ in held.counted())          # HAPPY BOOST alone: cash coins
    assert held.total_x100() == coins + 10_000 * plain.spins
    assert sum(len(e["boosts"]) for e in held.events if e["type"] == "boost") == plain.spins


@pytest.mark.slow
def test_spins_agree_between_the_engines_and_stay_under_the_bound():
    m = load()
    seeds = np.arange(40, 80, dtype=np.uint64)
    combos = np.array([(HB, PF_HB, 2)[i % 3] for i in range(len(seeds))])
    res = BonusLockstep(m, BookStreams(seeds), np.arange(len(seeds)), combos).run()
    for i, (seed, combo) in enumerate(zip(seeds.tolist(), combos.tolist())):
        b = HensBonus(Rng(seed), m, combo)
        b.run()
        assert res["spins"][i] == b.spins and res["paid_single"][i] == len(b.counted())
        assert not b.pool_sizes or min(b.pool_sizes) >= int(m.boost_counts.max())
    sims = simulate_bonuses(np.random.default_rng(4), m, np.full(50_000, HB))
    assert sims["spins"].max() <= max_spins(m) == 99 and sims["spins"].min() >= m.lives


def test_boost_tails_are_shared_per_threshold():
    m = load()
    assert boost_tail(m.big_bonus_x100["bonus_hb"], False) is boost_tail(m.big_bonus_x100["bonus_hb"], False)
    assert boost_tail(m.big_bonus_x100["bonus_pf_hb"], True).excludes == {"pot_grand"}

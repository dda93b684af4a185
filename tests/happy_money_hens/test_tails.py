"""Rare bonuses drawn contents last (math/tails.py): the skeleton kept with chance
A[N1, N2] / max A, then what the counted coins hold from its law given the outcome.
bonus_dc's big bonus (the paying coins' cash values) and buy_mystery's GRAND won twice /
three times (the GRAND letters), checked against enumeration (the table, the
conditional law) and against plain rejection over natural bonuses."""
from __future__ import annotations

import itertools
from functools import lru_cache
from math import sqrt

import numpy as np
import pytest

from cabinet.core.rng import Rng, make_bit_generator
from games.happy_money_hens.math import bonus_odds as O
from games.happy_money_hens.math import tails as CT
from games.happy_money_hens.math import categories, rules
from games.happy_money_hens.math.bonus import HensBonus
from games.happy_money_hens.math.sim_bonus import simulate_bonuses
from games.happy_money_hens.math.bonus_odds import pot_chance_table
from games.happy_money_hens.math.tables import COMBOS, DOUBLE_COINS, POT_FILL, POT_NAMES, load


def enumerate_law(m, mults, need):
    """{values: probability} of the coins' cash values given sum(mult * value) >= need."""
    p = np.asarray(m.cash_weights, float) / sum(m.cash_weights)
    law = {}
    for idx in itertools.product(range(len(p)), repeat=len(mults)):
        vals = tuple(int(m.cash_values[i]) for i in idx)
        if sum(k * v for k, v in zip(mults, vals)) >= need:
            law[vals] = float(np.prod([p[i] for i in idx]))
    return law


def cash_law(m, need_x100, below_x100=None):
    return CT.SumTail(np.asarray(m.cash_values) // 50, np.asarray(m.cash_weights) / sum(m.cash_weights),
                      need_x100 // 50, 35, None if below_x100 is None else below_x100 // 50)


def test_the_table_is_the_enumerated_tail():
    m = load()
    tail = cash_law(m, 1_000)
    a = tail.table()
    for n1, n2 in ((1, 0), (0, 1), (2, 1), (1, 2), (3, 0)):
        law = enumerate_law(m, [1] * n1 + [2] * n2, 1_000)
        assert a[n1, n2] == pytest.approx(sum(law.values()), rel=1e-12), (n1, n2)
    assert a[0, 0] == 0 and (a[:, :] >= 0).all() and a.max() <= 1
    assert a[36 - 1, 1] == 0                                  # more coins than the 35 cells: none


def test_the_cash_values_follow_their_law_given_the_total():
    m = load()
    mults, need = [2, 1], 1_000
    law = enumerate_law(m, mults, need)
    total = sum(law.values())
    tail = cash_law(m, need)
    rng = Rng(2024)
    n = 6_000
    seen: dict = {}
    for _ in range(n):
        vals = tuple(CT.cash_values(m, tail.draw(rng, mults)))
        assert sum(k * v for k, v in zip(mults, vals)) >= need
        seen[vals] = seen.get(vals, 0) + 1
    assert set(seen) <= set(law)
    # a chi-square over the outcomes expected at least 20 times, the rest pooled
    big = [v for v in law if law[v] / total * n >= 20]
    cells = [(seen.get(v, 0), law[v] / total * n) for v in big]
    rest_o = n - sum(o for o, _ in cells)
    rest_e = n - sum(e for _, e in cells)
    chi = sum((o - e) ** 2 / e for o, e in cells) + ((rest_o - rest_e) ** 2 / rest_e if rest_e > 5 else 0)
    dof = len(cells)
    assert chi < dof + 6 * sqrt(2 * dof), (chi, dof)


@pytest.mark.slow
def test_a_forced_big_bonus_is_a_natural_one_given_its_total(monkeypatch):
    """At 3x bonus_dc's cost (about 1 bonus in 55), 150 forced big bonuses against the
    natural ones above it among 250,000 (about 4,500): the same mean total, coins and doubles.
    Power at 150 (was 250; the forced rounds are nearly all the time): 4.5 SE is a shift of the
    mean total by about 17% (was 14%), of the mean coins by 3.5 of 22.7; a skeleton kept
    without its A[N1, N2] weight (the natural skeletons that can reach 3x) moves the mean coins
    by about 10 coins, 13 SE."""
    m = load()
    low = 3 * m.costs["bonus_dc"]
    monkeypatch.setitem(m.big_bonus_x100, "bonus_dc", low)
    CT.cash_tail.cache_clear()
    try:
        forced = [rules.play(Rng(10_000 + i), "bonus_dc", "big_bonus") for i in range(150)]
    finally:
        CT.cash_tail.cache_clear()
    assert all(r.payout_x100 >= low and "big_bonus" in r.features for r in forced)
    ends = [next(e for e in r.events if e["type"] == "bonus_end") for r in forced]
    f_total = np.array([r.payout_x100 for r in forced], float)
    f_coins = np.array([len(e["paying"]) for e in ends], float)
    f_dbl = np.array([sum(c["double"] for c in e["paying"]) for e in ends], float)
    gen = np.random.Generator(make_bit_generator(77))
    res = simulate_bonuses(gen, m, np.full(250_000, DOUBLE_COINS))
    big = res["total_x100"] >= low
    n_total = res["total_x100"][big].astype(float)
    n_coins = (res["paid_single"] + res["paid_double"])[big].astype(float)
    n_dbl = res["paid_double"][big].astype(float)
    for f, nat in ((f_total, n_total), (f_coins, n_coins), (f_dbl, n_dbl)):
        se = sqrt(f.var(ddof=1) / len(f) + nat.var(ddof=1) / len(nat))
        assert abs(f.mean() - nat.mean()) < 4.5 * se, (f.mean(), nat.mean(), se)


def test_a_forced_big_bonus_replays_from_its_hints_with_the_values_it_shows():
    rec = Rng.recording(5)
    r = rules.play(rec, "bonus_dc", "big_bonus")
    hints = list(rec.trace.values)
    again = rules.play(Rng.for_book(5, hints), "bonus_dc", "big_bonus")
    assert again.events == r.events and again.payout_x100 == r.payout_x100
    assert r.payout_x100 >= 20 * load().costs["bonus_dc"]
    end = next(e for e in r.events if e["type"] == "bonus_end")
    assert sum(c["value_x100"] for c in end["paying"]) == end["total_x100"] == r.payout_x100


def test_the_cash_override_changes_only_the_values():
    m = load()
    plain = HensBonus(Rng(9), m, DOUBLE_COINS)
    plain.run()
    spots = plain.paying_cash()
    override = {k: {"cash_x100": 25_000} for k, _ in spots}
    held = HensBonus(Rng(9), m, DOUBLE_COINS, contents=override)
    held.run()
    assert held.paying_cash() == spots and held.spins == plain.spins
    assert held.total_x100() == sum(25_000 * mult for _, mult in spots)


def test_only_a_mode_of_double_coins_alone_draws_cash_last():
    assert rules.cash_last("bonus_dc")
    assert not any(rules.cash_last(mode) for mode in ("base", "fortune_2", "buy_mystery", "bonus_dc_pf", "bonus_dc_hb"))


def test_a_range_is_the_enumerated_range_and_its_draws_stay_in_it():
    m = load()
    law = cash_law(m, 1_000, 2_000)
    for n1, n2 in ((1, 1), (2, 1), (3, 0)):
        mults = [1] * n1 + [2] * n2
        inside = sum(p for vals, p in enumerate_law(m, mults, 1_000).items()
                     if sum(k * v for k, v in zip(mults, vals)) < 2_000)
        assert law.table()[n1, n2] == pytest.approx(inside, rel=1e-12)
    rng = Rng(4)
    for _ in range(300):
        vals = CT.cash_values(m, law.draw(rng, [2, 1, 1]))
        assert 1_000 <= 2 * vals[0] + vals[1] + vals[2] < 2_000


def test_grand_letters_agree_with_the_binomial_pot_chances():
    m = load()
    g = POT_NAMES.index("GRAND")
    assert np.abs(CT.grand_tail(1).table() - pot_chance_table(m, g)).max() < 1e-12
    twice, thrice = CT.grand_tail(2, True).table(), CT.grand_tail(3).table()
    assert np.abs(twice + thrice - CT.grand_tail(2).table()).max() < 1e-12
    assert twice[35, 0] > 0 and thrice[0, 35] > thrice[35, 0] > 0       # double coins add 2 letters


def at_one_grand(monkeypatch, mode: str, first_seed: int, n: int) -> tuple[list, list[dict]]:
    """(rounds, their bonus_end events): `n` rounds of `mode` forced to pot_grand_2 lowered to
    'exactly one GRAND' (its tail rebuilt for it and cleared after)."""
    monkeypatch.setitem(categories.MULTI_GRAND, "pot_grand_2", (1, True))
    CT.grand_tail.cache_clear()
    try:
        forced = [rules.play(Rng(first_seed + i), mode, "pot_grand_2") for i in range(n)]
    finally:
        CT.grand_tail.cache_clear()
    return forced, [next(e for e in r.events if e["type"] == "bonus_end") for r in forced]


@pytest.mark.slow
def test_multiple_grand_books_are_natural_bonuses_given_their_grands(monkeypatch):
    """The contents-last draw of pot_grand_2 at 'exactly one GRAND' (about 1 POT FILL bonus
    in 90) in buy_mystery, 180 forced rounds against the natural bonuses of the buy's
    combinations with one GRAND (about 1,050 of 96,000): the same mean win, counted coins,
    double coins and share of DOUBLE COINS among them. Power at 180 (was 300; the forced
    rounds are nearly all the time): 4.5 SE is a shift of the mean win by 2.0% (was 1.6%), of
    the mean coins by 2.9 of 22.8 (was 2.4); a skeleton kept without its GRAND chance's weight
    moves the mean coins by about 11, 17 SE."""
    m = load()
    forced, ends = at_one_grand(monkeypatch, "buy_mystery", 500, 180)
    assert all(e["pots_won"].count("GRAND") == 1 for e in ends)
    f = {"win": [e["total_x100"] for e in ends], "coins": [len(e["paying"]) for e in ends],
         "dbl": [sum(c["double"] for c in e["paying"]) for e in ends],
         "dc": [int("combo_DC+PF" in r.features or "combo_DC+PF+HB" in r.features) for r in forced]}
    weights = dict(zip(COMBOS, rules.natural_combo_weights("buy_mystery")))
    gen = np.random.Generator(make_bit_generator(78))
    nat = {k: [] for k in f}
    for c in COMBOS:
        if not c & POT_FILL or not weights[c]:
            continue
        n = int(200_000 * weights[c])
        res = simulate_bonuses(gen, m, np.full(n, c))
        one = res["awards"][:, POT_NAMES.index("GRAND")] == 1
        nat["win"] += res["total_x100"][one].tolist()
        nat["coins"] += (res["paid_single"] + res["paid_double"])[one].tolist()
        nat["dbl"] += res["paid_double"][one].tolist()
        nat["dc"] += [int(bool(c & DOUBLE_COINS))] * int(one.sum())
    for k in f:
        a, b = np.asarray(f[k], float), np.asarray(nat[k], float)
        se = sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
        assert abs(a.mean() - b.mean()) < 4.5 * se, (k, a.mean(), b.mean(), se)


def test_a_three_grand_book_replays_and_wins_three_grands():
    rec = Rng.recording(8)
    r = rules.play(rec, "buy_mystery", "pot_grand_3")
    again = rules.play(Rng.for_book(8, list(rec.trace.values)), "buy_mystery", "pot_grand_3")
    assert again.events == r.events
    end = next(e for e in r.events if e["type"] == "bonus_end")
    assert end["pots_won"].count("GRAND") >= 3 and {"pot_grand", "pot_grand_3"} <= set(r.features)
    assert "pot_grand_2" not in r.features


def test_only_the_modes_listing_them_report_multiple_grands():
    m = load()
    assert categories.multi_grand(m, "buy_mystery", "pot_grand_2") and not categories.multi_grand(
        m, "base", "pot_grand_2"
    )
    with pytest.raises(KeyError, match="pot_grand_3"):
        rules.play(Rng(1), "base", "pot_grand_3")


def test_a_two_grand_book_of_bonus_pf_is_outside_the_full_boards_and_replays():
    rec = Rng.recording(4)
    r = rules.play(rec, "bonus_pf", "pot_grand_2")
    end = next(e for e in r.events if e["type"] == "bonus_end")
    assert end["pots_won"].count("GRAND") == 2 and not end["full_board"]
    assert {"pot_grand", "pot_grand_2"} <= set(r.features) and "full_board" not in r.features
    cost = load().costs["bonus_pf"]
    assert 50 * cost <= r.payout_x100 < 100 * cost                # the band it gives books
    again = rules.play(Rng.for_book(4, list(rec.trace.values)), "bonus_pf", "pot_grand_2")
    assert again.events == r.events


def test_a_mode_without_double_coins_bounds_its_grand_letters_by_single_coins():
    """bonus_pf's skeletons have no double coin: its rejection's bound is the largest
    chance of single coins (35 of them), not of 35 double ones (a book would take
    ~1.4 million attempts instead of ~2,500)."""
    singles, both = CT.grand_tail(2, True, False), CT.grand_tail(2, True)
    assert singles.ceiling() == singles.table()[:, 0].max() == singles.table()[35, 0]
    assert both.ceiling() > 100 * singles.ceiling()
    assert (singles.keep_weights()[:, 1:] == 0).all() and singles.keep_weights()[35, 0] == CT.SCALE
    res = {"paid_single": np.array([3]), "paid_double": np.array([1])}
    with pytest.raises(ValueError, match="DOUBLE COINS"):
        singles.weights_of(res)


@lru_cache(maxsize=1)
def pot_fill_bonuses() -> dict:
    """400,000 natural POT FILL bonuses (seed 79), played once per worker and shared by the two bonus_pf
    tests below (kept next to each other so that xdist's load scheduling usually gives them one worker);
    neither test changes them, and each test's check is the same with its own sample of this size."""
    return simulate_bonuses(np.random.Generator(make_bit_generator(79)), load(), np.full(400_000, POT_FILL))


@pytest.mark.slow
def test_bonus_pf_grand_books_are_natural_bonuses_given_their_grands(monkeypatch):
    """The contents-last draw of bonus_pf's pot_grand_2 at 'exactly one GRAND' (about 1
    bonus in 660), 120 forced rounds against the natural POT FILL bonuses with one GRAND
    and no full board (listed before it; about 600 of 400,000): the same mean win and
    counted coins. Power at 120 (was 200; the forced rounds are most of the time): 4.5 SE is
    a shift of the mean win by 1.0% (was 0.8%), of the mean coins by 2.3 of 16.8 (was 1.9);
    a skeleton kept without its GRAND chance's weight moves the mean coins by 6, 12 SE."""
    _, ends = at_one_grand(monkeypatch, "bonus_pf", 900, 120)
    assert all(e["pots_won"].count("GRAND") == 1 and not e["full_board"] for e in ends)
    res = pot_fill_bonuses()
    one = (res["awards"][:, POT_NAMES.index("GRAND")] == 1) & ~res["full_board"]
    for f, nat in (([e["total_x100"] for e in ends], res["total_x100"][one]),
                   ([len(e["paying"]) for e in ends], res["paid_single"][one])):
        a, b = np.asarray(f, float), nat.astype(float)
        se = sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
        assert abs(a.mean() - b.mean()) < 4.5 * se, (a.mean(), b.mean(), se)


@pytest.mark.slow
def test_bonus_pfs_grand_share_agrees_with_a_plain_count(monkeypatch):
    """category_shares' pot_grand_2 of bonus_pf (its GRANDs given the processed coins,
    less those of the full boards, listed first) at 'exactly one GRAND', against the
    POT FILL bonuses counted with one GRAND and no full board: within their joint 99%."""
    from games.happy_money_hens.math import feature_odds as F
    monkeypatch.setitem(categories.MULTI_GRAND, "pot_grand_2", (1, True))
    monkeypatch.setattr(O, "BONUSES", 40_000)
    monkeypatch.setattr(O, "WORKERS", 1)
    seen = []                   # the pot rates category_shares uses, kept rather than computed a second time
    real_pot_rates = O.pot_rates
    monkeypatch.setattr(O, "pot_rates", lambda *a: seen.append((a, real_pot_rates(*a))) or seen[-1][1])
    CT.grand_tail.cache_clear()
    try:
        p, se = F.category_shares(seed=6, modes=("bonus_pf",))["bonus_pf"]["pot_grand_2"]
        full = O.full_board_rates()[False]
        assert [a for a, _ in seen] == [(6,)]               # its seed, at BONUSES = 40,000 on WORKERS = 1
        raw = seen[0][1][False]["pot_grand_2"][0]
        assert p == pytest.approx(raw - full * CT.grand_tail(1, True).table()[35, 0], rel=1e-12)
    finally:
        CT.grand_tail.cache_clear()
    res = pot_fill_bonuses()          # the 400,000 bonuses above (was an own 300,000): a tighter plain count
    hit = (res["awards"][:, POT_NAMES.index("GRAND")] == 1) & ~res["full_board"]
    q = hit.mean()
    assert abs(p - q) < 2.5758 * sqrt(se ** 2 + q * (1 - q) / len(hit)), (p, q)

"""THE FARM WHEEL: "3, 4 or 5 windmill scatters spin the bronze, silver or gold wheel,
about 1 base round in 278. Coin slices pay 5x up to 1,000x the total bet, UPGRADE
promotes the spin to the next tier's wheel, and the free-spins slices start the round
at x1, x2, x3 or x5 depending on which wheel awarded it."""
from __future__ import annotations

import pytest

import numpy as np

from cabinet.core.rng import Rng
from games.piggy_farm.math import events as E
from games.piggy_farm.math.forced import play
from games.piggy_farm.math.rules import farm_wheel
from games.piggy_farm.math.sim import simulate
from games.piggy_farm.math.tables import load

from .rules_helpers import spin_state


def test_scatter_count_picks_the_tier():
    pm = load()
    assert [pm.tier_for(n) for n in range(8)] == [None, None, None, "bronze", "silver", "gold", "gold", "gold"]


def test_coin_slices_pay_5x_to_1000x():
    coins = [s.value for t in load().wheel.tiers.values() for s in t if s.kind == "coin"]
    assert min(coins) == 500 and max(coins) == 100_000


def test_free_spin_slices_start_multiplier_by_wheel():
    starts = {t: sorted(s.value for s in sl if s.kind == "free_spins") for t, sl in load().wheel.tiers.items()}
    assert starts == {"bronze": [1], "silver": [2], "gold": [3, 5]}


def test_upgrade_promotes_to_the_next_tier_and_gold_cannot_upgrade():
    pm = load()
    assert not [s for s in pm.wheel.tiers["gold"] if s.kind == "upgrade"]
    sp = spin_state(pm)
    # accept only UPGRADE on bronze and silver, then a coin on gold
    farm_wheel(sp, "bronze", lambda st: (st.slice.kind == "upgrade") if st.tier != "gold" else st.slice.kind == "coin")
    spins = [e for e in sp.events if e["type"] == E.WHEEL_SPIN]
    assert [(e["tier"], e["upgrade"]) for e in spins] == [("bronze", True), ("silver", True), ("gold", False)]
    assert {"upgrade", "wheel_bronze", "coin_prize"} <= sp.features
    (coin,) = [e for e in sp.events if e["type"] == E.COIN_PRIZE]
    assert coin["tier"] == "gold" and sp.total == coin["win_x100"] >= 20000


def test_free_spins_slice_plays_8_spins_at_its_start_multiplier():
    pm = load()
    sp = spin_state(pm, seed=5)
    farm_wheel(sp, "silver", lambda st: st.slice.kind == "free_spins")
    start = next(e for e in sp.events if e["type"] == E.FREE_SPINS_START)
    assert start["start_multiplier"] == 2 and start["spins"] == 8
    for w in (e for e in sp.events if e["type"] == E.CLUSTER_WIN):
        assert w["multiplier"] == 2 * max(w["grid_sum"], 1)
        assert w["win_x100"] == w["pay_x100"] * w["multiplier"]


def test_forced_tiers_land_on_their_wheel():
    for tier in ("bronze", "silver", "gold"):
        r = play(Rng(3), "base", force=f"wheel_{tier}")
        trig = next(e for e in r.events if e["type"] == E.WHEEL_TRIGGER)
        assert trig["tier"] == tier and f"wheel_{tier}" in r.features
        assert trig["scatters"] >= {"bronze": 3, "silver": 4, "gold": 5}[tier]


@pytest.mark.slow
def test_wheel_about_1_in_278_and_ante_five_times_as_often():
    # light version of `python -m cabinet.math agree piggy_farm`: 300,000 vectorised base spins hold ~1,080
    # triggers (3% standard error); the heavy check runs 10^6+ rounds.
    base = simulate(np.random.SeedSequence(8), "base", 300_000)["features"]["wheel"].mean()
    ante = simulate(np.random.SeedSequence(9), "ante", 100_000)["features"]["wheel"].mean()
    assert 1 / 278 * 0.88 < base < 1 / 278 * 1.12
    assert 4.0 < ante / base < 6.0


def test_wheel_buy_spins_once_at_the_natural_tier_mix():
    pm = load()
    tw = pm.mode("wheel_buy")["tier_weights"]
    assert tw["bronze"] > tw["silver"] > tw["gold"] > 0
    r = play(Rng(4), "wheel_buy")
    assert r.event_types().count(E.WHEEL_TRIGGER) == 1 and "wheel" in r.features

"""Grinning Harvest's feature_odds (the rules' rate per round of each feature): the exact
part without the bonus by hand, and every estimate against a plain simulation."""
import numpy as np
import pytest

from cabinet.math.stats import rate_ci
from games.grinning_harvest import GAME
from games.grinning_harvest.math import feature_odds as F
from games.grinning_harvest.math.sim import simulate
from games.grinning_harvest.math.tables import load


@pytest.mark.slow
def test_a_collects_jackpots_are_exact_from_its_pumpkin_count():
    m = load()
    vt = m.values_base
    q = float(vt.probabilities[vt.labels.index("grand")])
    # hand-built: collects of 1 pumpkin with chance 0.1 and of 3 pumpkins with chance 0.05
    ex = {"_collect_groups": (np.array([[0, 1, 1], [0, 2, 3]]), np.array([0.1, 0.05])),
          "p_vaults": [0.5, 0.3, 0.15, 0.05], "p_collect": 0.15}
    out = F.exact_no_trigger(ex)
    assert out["jackpot_grand"] == pytest.approx(0.1 * q + 0.05 * (1 - (1 - q) ** 3))
    assert (out["collect"], out["vaults_in_view_2"], out["vaults_in_view_3"]) == (0.15, 0.15, 0.05)
    assert out["great_skull"] == out["vaults_3"] == out["bonus"] == 0.0   # bonus-only features


@pytest.mark.slow
def test_base_rates_agree_with_a_plain_simulation():
    odds = F.base_odds(seed=3, bonuses=200_000)
    assert odds["bonus"][0] == odds["bonus"][1] == odds["bonus"][2]          # exact
    n = 1_000_000
    feats = simulate(np.random.SeedSequence(21), "base", n)["features"]
    for f in ("collect", "bonus", "vaults_in_view_2", "vaults_in_view_3", "jackpot_mini", "jackpot_minor",
              "vaults_3", "big_win"):
        p, lo, hi, how = odds[f]
        assert lo <= p <= hi and how
        _, qlo, qhi = rate_ci(int(feats[f].sum()), n)
        assert qlo < hi and lo < qhi, (f, p, qlo, qhi)        # the two 99% intervals overlap
    assert "200,000 bonuses" in odds["jackpot_grand"][3]
    assert odds["jackpot_grand"][1] > 0.6 * odds["jackpot_grand"][0]           # a collect's grand alone is exact


@pytest.mark.slow
def test_buy_rates_agree_with_the_rules_engine_and_other_modes_have_none():
    odds = F.buy_odds("buy_vaults", seed=4, rounds=100_000)
    assert "collect" not in odds and set(odds) >= {"jackpot_grand", "great_skull", "max_win", "vaults_3"}
    n = 60_000
    feats = simulate(np.random.SeedSequence(8), "buy_vaults", n)["features"]
    for f in ("jackpot_mini", "vaults_3", "big_win"):
        p, lo, hi, _ = odds[f]
        _, qlo, qhi = rate_ci(int(feats[f].sum()), n)
        assert qlo < hi and lo < qhi, (f, p, qlo, qhi)
    assert GAME.math.feature_odds("no_such_mode", {}, 1) == {}

"""The per-round generator (rules.play, what books replay) and the vectorised engine
(sim.simulate, what `sim` runs) are the same rules written twice: their RTP, hit rate
and feature rates must agree within 99% (two-sample) intervals. Light version; the
10^6-round version is `python -m games.grinning_harvest.tools.agree`."""
import numpy as np

from games.grinning_harvest import GAME
from games.grinning_harvest.tools.agree import compare, metrics, per_round
from games.grinning_harvest.sim import simulate


def _agree(mode, n_rounds, n_sim):
    cost = GAME.mode(mode).cost_x100
    a = metrics(per_round(mode, n_rounds, seed=11, workers=1, chunk=n_rounds), cost)
    b = metrics(simulate(np.random.SeedSequence([11, 999]), mode, n_sim), cost)
    return compare(a, b)


def test_base_engines_agree():
    res = _agree("base", 30_000, 300_000)
    bad = {k: v for k, v in res.items() if not v["two_sample"]}
    assert not bad, bad
    # the common figures are measured tightly enough to mean something
    lo, hi = res["hit_rate"]["ci_a"]
    assert hi - lo < 0.02 and lo < 0.2566 < hi                 # exact hit rate 0.2566 (tools/design)


def test_buy_engines_agree():
    res = _agree("buy_harvest", 3_000, 100_000)
    bad = {k: v for k, v in res.items() if not v["two_sample"]}
    assert not bad, bad
    assert res["vaults_3"]["a"] > 0.05

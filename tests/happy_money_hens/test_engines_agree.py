"""The vectorised engine and the per-round generator agree (light version; the
10^6-round version is games/happy_money_hens/tools/agreement.py)."""
import numpy as np

from games.happy_money_hens.tools.agreement import compare, per_round
from games.happy_money_hens.sim import simulate
from games.happy_money_hens import GAME


def _check(mode, n_round, n_vec, seed):
    a = per_round(mode, n_round, seed)
    b = simulate(np.random.SeedSequence(seed), mode, n_vec)
    bad = [row for row in compare(a, b, GAME.mode(mode).cost_x100) if not row[-1]]
    assert not bad, bad


def test_base_game_engines_agree():
    _check("base", 10_000, 300_000, 3)


def test_triple_bonus_engines_agree():
    _check("bonus_dc_pf_hb", 600, 30_000, 4)


def test_bought_mystery_engines_agree():
    _check("buy_mystery", 600, 30_000, 5)

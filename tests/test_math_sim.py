"""`sim`: identical figures for any worker count and on Dask; the toy game's vectorised
engine agrees with its per-round generator and with its exact RTP."""
from __future__ import annotations

import pytest

from cabinet.math.agree import engines_agree
from cabinet.math.sim import simulate_mode
from tests.toygame.math import rules

TOY = "tests.toygame"
SAME = ("rounds", "rtp", "rtp_ci99", "hit_rate", "hit_ci99", "max_win_x", "sd", "features")


def _figures(res):
    return {k: res[k] for k in SAME}


def test_same_figures_with_one_and_two_workers():
    one = simulate_mode(TOY, "base", 260_000, workers=1)
    two = simulate_mode(TOY, "base", 260_000, workers=2)
    assert _figures(one) == _figures(two)
    assert one["rounds"] == 260_000 and one["engine"] == "simulate"


def test_same_figures_on_a_dask_local_cluster():
    distributed = pytest.importorskip("dask.distributed")
    local = simulate_mode(TOY, "buy_bonus", 120_000, workers=2)
    with distributed.LocalCluster(n_workers=2, processes=False, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        remote = simulate_mode(TOY, "buy_bonus", 120_000, scheduler=cluster.scheduler_address)
    assert _figures(local) == _figures(remote)


def test_play_engine_is_chunked_the_same_way():
    one = simulate_mode(TOY, "base", 12_000, workers=1, engine="play")
    two = simulate_mode(TOY, "base", 12_000, workers=2, engine="play")
    assert _figures(one) == _figures(two)


@pytest.mark.slow
def test_vectorised_and_per_round_engines_agree():
    ok, figures = engines_agree(TOY, "base", 150_000, workers=2)
    assert ok, figures


def test_rtp_interval_covers_the_exact_rtp():
    res = simulate_mode(TOY, "buy_bonus", 400_000, workers=2)
    lo, hi = res["rtp_ci99"]
    assert lo < float(rules.exact_rtp("buy_bonus")) < hi
    bonus = res["features"]["bonus"]
    assert bonus["rate"] == 1.0 and res["hit_rate"] == 1.0


def test_different_seeds_give_different_figures():
    a = simulate_mode(TOY, "buy_bonus", 50_000, seed=1)
    b = simulate_mode(TOY, "buy_bonus", 50_000, seed=2)
    assert a["rtp"] != b["rtp"]


def test_engines_that_play_different_rules_disagree():
    """The agreement check can fail: a vectorised engine paying 10% more coins is caught."""
    import dataclasses

    from tests.toygame import GAME
    from tests.toygame.math.sim import simulate

    def richer(seed_sequence, mode, n):
        out = simulate(seed_sequence, mode, n)
        return {"payout_x100": out["payout_x100"] * 11 // 10, "features": out["features"]}
    richer_game = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, simulate=richer))
    ok, figures = engines_agree(richer_game, "buy_bonus", 20_000)
    assert not ok and not figures["rtp"]["agree"]


def test_a_mode_simulated_in_other_chunks_says_so():
    """simulate_modes records a `chunk` given for a mode (the PAR sheet prints "in chunks
    of N"): capped at the mode's rounds; a mode on the default partition has none."""
    from cabinet.math.sim import simulate_modes
    got = simulate_modes("piggy_farm", {"base": 3_000, "ante": 2_000}, 1, engine="simulate",
                         chunk={"base": 1_000, "ante": 50_000})
    assert got["base"]["chunk"] == 1_000 and got["ante"]["chunk"] == 2_000
    assert "chunk" not in simulate_modes("piggy_farm", {"base": 2_000}, 1, engine="simulate")["base"]

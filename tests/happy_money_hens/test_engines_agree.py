"""The vectorised engine and the per-round generator agree (light version of
`python -m cabinet.math agree happy_money_hens`)."""
import pytest

from cabinet.math.agree import engines_agree


@pytest.mark.slow
@pytest.mark.parametrize("mode,n_play,n_sim", [("base", 10_000, 300_000), ("bonus_dc_pf_hb", 600, 30_000),
                                               ("buy_mystery", 600, 30_000)])
def test_engines_agree(mode, n_play, n_sim):
    ok, res = engines_agree("happy_money_hens", mode, n_play, n_sim)
    assert ok, {k: v for k, v in res.items() if not v["agree"]}

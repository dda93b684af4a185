"""The vectorised engine (sim.py) and the round generator (rules.py) are the same
rules: light version of `python -m cabinet.math agree piggy_farm` (10^6 rounds)."""
from __future__ import annotations

import pytest

from cabinet.math.agree import engines_agree


@pytest.mark.slow
@pytest.mark.parametrize("mode,n_play,n_sim", [("base", 6_000, 60_000), ("free_spins", 300, 3_000),
                                               ("growing_season", 300, 3_000), ("golden_egg_hunt", 3_000, 30_000)])
def test_engines_agree_within_99_percent_intervals(mode, n_play, n_sim):
    ok, res = engines_agree("piggy_farm", mode, n_play, n_sim)
    assert ok, {k: v for k, v in res.items() if not v["agree"]}

"""The vectorised engine (sim.py) and the round generator (rules.py) are the same
rules: light version of tools/agree.py (which runs 10^6 rounds per engine)."""
from __future__ import annotations

import pytest

from games.piggy_farm.tools.agree import compare


@pytest.mark.parametrize("mode,n_play,n_sim", [("base", 6_000, 60_000), ("free_spins", 300, 3_000),
                                               ("growing_season", 300, 3_000), ("golden_egg_hunt", 3_000, 30_000)])
def test_engines_agree_within_99_percent_intervals(mode, n_play, n_sim):
    ok, lines = compare(mode, n_play, n_sim, workers=1)
    assert ok, "\n".join(lines)

"""tools/forces.py measures each mode's category shares in that mode's own categories
(math.yaml book_forces order): a buy forces no jackpot_minor, so a Great Skull round
with a MINOR jackpot counts in its great_skull share (counting jackpot_minor first
understated PATCH's share by 4%)."""
from __future__ import annotations

import numpy as np

from games.grinning_harvest import GAME
from games.grinning_harvest.math.sim import simulate
from games.grinning_harvest.tools import forces


def test_each_mode_is_counted_in_its_own_categories():
    assert forces.categories("base") == tuple(GAME.math.book_forces["base"])
    assert "jackpot_minor" in forces.categories("base")
    for mode in ("buy_harvest", "buy_vaults", "buy_skull_row", "buy_patch"):
        assert forces.categories(mode) == tuple(GAME.math.book_forces[mode])
        assert "jackpot_minor" not in forces.categories(mode)


def test_a_buys_great_skull_share_keeps_its_minor_jackpot_rounds():
    n = 40_000
    n_out, counts = forces._counts((5, 0, "buy_patch", n))
    f = simulate(np.random.SeedSequence([5, 0]), "buy_patch", n)["features"]
    earlier = f["max_win"] | f["jackpot_grand"] | f["big_win"] | f["jackpot_mega"]
    skull = f["great_skull"] & ~earlier
    assert n_out == n
    assert counts["great_skull"] == int(skull.sum())
    # the rounds the old count dropped are there (a MINOR jackpot beside the Great Skull)
    assert int((skull & f["jackpot_minor"]).sum()) > 0
    assert sum(counts.values()) == int((earlier | f["great_skull"]).sum())

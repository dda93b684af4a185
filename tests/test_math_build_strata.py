"""The book builder files a natural book that is in several categories under the
FIRST category listed (the games order their forced categories so)."""
import dataclasses

import numpy as np

from cabinet.math.build import Task, assemble
from tests.toygame import GAME


def test_natural_book_in_two_categories_joins_the_first():
    spec = dataclasses.replace(GAME, book_forces={"base": {"jackpot": 0.01, "bonus": 0.05}})
    names = ("bonus", "jackpot")
    bonus, jackpot = np.uint64(1), np.uint64(2)
    n = 400
    feats = np.zeros(n, dtype=np.uint64)
    feats[:3] = bonus | jackpot          # in both: must count for "jackpot", listed first
    feats[3:30] = bonus
    pay = np.arange(n, dtype=np.int64) * 3
    seeds = np.arange(n, dtype=np.uint64)
    tasks = [Task(GAME.id, "base", -1, None, 0, n, 1, names)]
    result = (seeds, pay, feats, np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.uint16), np.zeros(0, dtype=np.uint32))
    _, meta = assemble(spec, "base", tasks, [result], seed=1, natural=n)
    assert meta["optimizer"]["natural_in_category"] == {"jackpot": 3, "bonus": 27}


def test_a_rate_the_game_sets_carries_the_features_nested_in_it():
    """The ante's wheel at 5x the base game's: the wheel's tiers (every book with a tier
    has the wheel) scale with it; a feature outside it keeps its measured rate."""
    from cabinet.math.build import _nested_follow
    names = ["wheel", "wheel_gold", "retrigger_elsewhere"]
    bits = np.array([[1, 1, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1], [0, 0, 0]], dtype=bool)
    rates = {"modes": {"ante": {"features": {"wheel": {"rate": 0.0174}, "wheel_gold": {"rate": 0.0001},
                                              "retrigger_elsewhere": {"rate": 0.002}}}}}
    held = {"wheel": {"rate": 0.018, "source": "set by the game: 5.0 x base's"},
            "wheel_gold": {"rate": 0.0001, "source": "measured, 1,074 in 10,000,000 rounds"},
            "retrigger_elsewhere": {"rate": 0.002, "source": "measured, 20,000 in 10,000,000 rounds"}}
    out = _nested_follow(held, rates, "ante", bits, names)
    assert out["wheel"] == held["wheel"]
    assert abs(out["wheel_gold"]["rate"] - 0.0001 * 0.018 / 0.0174) < 1e-15
    assert out["retrigger_elsewhere"] == held["retrigger_elsewhere"]       # also seen without the wheel

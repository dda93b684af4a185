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

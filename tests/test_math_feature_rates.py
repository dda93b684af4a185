"""The rules' rate of a feature that is also a forcing category (cabinet/math/report.py
category_feature_rate), as the PAR sheet and `rtp` print it beside the library's: its
category's target plus the rounds of the categories listed before it that have the
feature too, on a hand-built library."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from cabinet.math.report import category_feature_rate, feature_table

NAMES = ["big_grand", "pot_grand", "big_bonus"]
BIG_GRAND, POT_GRAND, BIG_BONUS = (1 << i for i in range(3))


def _books():
    # a round is in the first category it fits (big_grand, pot_grand, big_bonus): a big
    # GRAND is also a GRAND and a big bonus; of the other GRANDs, 60% of the weight is big
    features = [0, BIG_GRAND | POT_GRAND | BIG_BONUS, POT_GRAND | BIG_BONUS, POT_GRAND, BIG_BONUS]
    weights = [1000, 2, 6, 4, 3]
    return SimpleNamespace(mode="bonus_pf_hb", features=np.array(features, dtype=np.int64),
                           weight=np.array(weights, dtype=np.int64),
                           meta={"feature_names": NAMES, "categories": NAMES, "rate_targets": {},
                                 "category_targets": {"pot_grand": 0.01, "big_bonus": 0.003, "big_grand": 0.002}})


def test_a_category_listed_first_is_its_target():
    assert category_feature_rate(_books(), "big_grand") == (0.002, "the game's category target")


def test_a_feature_adds_the_earlier_categories_rounds_that_have_it():
    rate, source = category_feature_rate(_books(), "pot_grand")
    assert rate == pytest.approx(0.01 + 0.002)                 # every big GRAND is a GRAND
    assert source.endswith("+ the rounds of big_grand (listed before it) that have it")
    rate, source = category_feature_rate(_books(), "big_bonus")
    assert rate == pytest.approx(0.003 + 0.002 + 0.01 * 6 / 10)   # 6 of the GRANDs' 10 are big
    assert "big_grand, pot_grand" in source


def test_the_feature_table_prints_it_beside_the_librarys_rate():
    mb = _books()
    rows = {r["feature"]: r for r in feature_table(mb, {"pot_grand": 0.0121, "big_bonus": 0.011}, None, None)}
    assert rows["pot_grand"]["rules"] == pytest.approx(0.012)
    assert rows["pot_grand"]["ratio"] == pytest.approx(0.0121 / 0.012)
    assert rows["big_bonus"]["rules"] == pytest.approx(0.011)

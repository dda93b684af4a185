"""A math file of the wrong shape is refused in one line naming what is wrong and what
is allowed (tables.load), never a traceback from deep in the tables."""
from __future__ import annotations

import re

import pytest
import yaml

from games.happy_money_hens.math.tables import MATH_PATH, load

SHIPPED = MATH_PATH.read_text()


def _load_edited(tmp_path, pattern: str, replacement: str):
    text, n = re.subn(pattern, replacement, SHIPPED, count=1, flags=re.M)
    assert n == 1, pattern
    path = tmp_path / "math.yaml"
    path.write_text(text)
    return load(str(path))


@pytest.mark.parametrize("pattern, replacement, words", [
    (r"^big_grand_x: .*$", "big_grand_x: [1200]", r"math.yaml big_grand_x: \[1200\]; allowed: a mapping"),
    (r"^big_bonus_x: .*$", "big_bonus_x: 300", "math.yaml big_bonus_x: 300; allowed: a mapping"),
    (r"^big_grand_x: .*$", "big_grand_x: {bonus_pf_hb: 12.5}", "big_grand_x: bonus_pf_hb: 12.5; allowed: a mode"),
    (r"^wild: .*$", "wild: [W]", r"not a Happy Money Hens math file \(TypeError: unhashable type"),
])
def test_a_math_file_of_the_wrong_shape_is_refused_in_one_line(tmp_path, pattern, replacement, words):
    with pytest.raises(ValueError, match=words) as got:
        _load_edited(tmp_path, pattern, replacement)
    assert "\n" not in str(got.value)


def test_the_shipped_file_loads_and_an_empty_threshold_map_means_none(tmp_path):
    assert yaml.safe_load(SHIPPED)["big_grand_x"] == {"bonus_pf_hb": 1200}
    assert load().big_grand_x100 == {"bonus_pf_hb": 120_000}
    assert _load_edited(tmp_path, r"^big_grand_x: .*$", "big_grand_x: {}").big_grand_x100 == {}

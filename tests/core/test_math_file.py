"""Every game's math file of the wrong shape is refused in one line naming the file,
the game and what is wrong (cabinet/core/math_file.py), never a traceback."""
from __future__ import annotations

import re

import pytest

from cabinet.core.math_file import read_math_file
from games.grinning_harvest.math import tables as gh
from games.happy_money_hens.math import tables as hmh
from games.piggy_farm.math import tables as pf

GAMES = {"Grinning Harvest": (gh.MATH_FILE, gh.parse), "Happy Money Hens": (hmh.MATH_PATH, hmh._parse),
         "Piggy Farm": (pf.MATH_FILE, pf.parse)}


def _read_edited(tmp_path, game: str, pattern: str, replacement: str):
    path, parse = GAMES[game]
    text, n = re.subn(pattern, replacement, path.read_text(), count=1, flags=re.M)
    assert n == 1, pattern
    edited = tmp_path / "math.yaml"
    edited.write_text(text)
    return read_math_file(edited, parse, game)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_shipped_file_reads(game):
    path, parse = GAMES[game]
    assert read_math_file(path, parse, game).raw["symbols"]


@pytest.mark.parametrize("game, key", [("Grinning Harvest", "bonus"), ("Happy Money Hens", "bonus"),
                                       ("Piggy Farm", "wheel")])
def test_a_missing_key_is_refused_naming_it(tmp_path, game, key):
    with pytest.raises(ValueError, match=rf"math.yaml: not a {game} math file \(KeyError: '{key}'\); allowed") as got:
        _read_edited(tmp_path, game, rf"^{key}:", f"{key}_renamed:")
    assert "\n" not in str(got.value)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_yaml_that_does_not_parse_is_refused_with_its_line(tmp_path, game):
    with pytest.raises(ValueError, match=rf"math.yaml: {game}'s math file cannot be read at line \d+ \(\w+Error\)"):
        _read_edited(tmp_path, game, r"^symbols:", "symbols: [unclosed\nsymbols_x:")


def test_a_list_where_a_mapping_belongs_is_refused(tmp_path):
    with pytest.raises(ValueError, match=r"not a Grinning Harvest math file \(AttributeError: 'list' object"):
        _read_edited(tmp_path, "Grinning Harvest", r"^jackpots: .*$", "jackpots: [1, 2]")


@pytest.mark.parametrize("value", ["[500]", "{base: 500}", "{base: 500, buy: 2.5}", "{base: 0, buy: 20}"])
def test_grinning_harvests_big_win_thresholds_are_whole_numbers_above_0(tmp_path, value):
    with pytest.raises(ValueError, match=r"math.yaml big_win: .*; allowed: \{base: X, buy: Y\}, whole numbers"):
        _read_edited(tmp_path, "Grinning Harvest", r"^big_win: .*$", f"big_win: {value}")


def test_a_whole_number_is_a_yaml_integer_in_its_range():
    """The games' thresholds and board sizes: YAML integers only (1.0, true, "3" and
    None are refused) and inside the range asked, both ends included."""
    from cabinet.core.math_file import is_whole
    assert is_whole(7) and is_whole(-3) and is_whole(0, 0) and is_whole(8, 1, 8) and is_whole(1, 1, 8)
    assert not is_whole(0, 1) and not is_whole(9, 1, 8) and not is_whole(2**32, 0, 2**32 - 1)
    for odd in (1.0, True, False, "3", None, [3], {3: 3}):
        assert not is_whole(odd), odd
    assert not is_whole(True, 0, 1)          # a YAML boolean is no count, although Python's bool is an int

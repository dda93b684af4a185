"""The exact full-board chance of a bonus without DOUBLE COINS (math/full_board.py)
against bonuses played by bonus.py, and the figure math.yaml's book_forces state."""
import pytest
from dataclasses import replace

from cabinet.core.rng import Rng
from games.happy_money_hens import GAME
from games.happy_money_hens.math.bonus import HensBonus
from games.happy_money_hens.math.full_board import full_board_chance
from games.happy_money_hens.math.tables import load


@pytest.mark.slow
def test_the_computed_chance_is_what_bonuses_show_on_a_board_that_fills_often():
    # lower row counts and livelier reels make a full board common enough to count
    m = replace(load(), row_counts=(3, 5, 7, 9), land_active=250, land_inactive=150)
    p = full_board_chance(m)
    rng, n = Rng(3), 3000
    hits = 0
    for i in range(n):
        b = HensBonus(rng, m, (2, 4, 6)[i % 3])        # PF, HB, PF+HB: the same chance
        b.run()
        hits += b.full_board()
    se = (p * (1 - p) / n) ** 0.5
    assert 0.3 < p < 0.7 and abs(hits / n - p) < 4 * se, (hits / n, p)


def test_no_start_room_no_full_board_and_certain_landing_always_fills():
    m = load()
    assert full_board_chance(replace(m, land_active=0)) == 0.0
    # every open cell lands each spin: the counts of 10.. are reached only if the 15
    # active cells give them, which they cannot (at most 12 open): never full
    assert full_board_chance(replace(m, land_active=1000, land_inactive=1000)) == 0.0


def test_the_stated_full_board_frequency_of_the_gamble_bonus_libraries_is_the_computed_one():
    p = full_board_chance(load())
    assert 1 / 60_000 < p < 1 / 57_000
    for mode in ("bonus_pf", "bonus_hb", "bonus_pf_hb"):
        assert abs(GAME.math.book_forces[mode]["full_board"] / p - 1) < 1e-5, mode

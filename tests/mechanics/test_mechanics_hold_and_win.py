"""The shared hold-and-win board: sticky cells, the counter, spinnable cells."""
import numpy as np
import pytest

from cabinet.core.rng import Rng
from cabinet.mechanics.hold_and_win import HoldAndWin, land_batch, next_lives


def test_landed_items_stick_and_reset_the_counter():
    b = HoldAndWin(3, 3, lives=3)
    b.place(1, 1, "vault")
    b.settle({})
    assert b.lives == 2
    b.settle({(0, 0): "p"})
    assert b.lives == 3 and b.cells[0][0] == "p" and b.cells[1][1] == "vault"
    assert (0, 0) not in b.open_cells() and (1, 1) not in b.open_cells()


def test_bonus_ends_after_lives_empty_rounds():
    b = HoldAndWin(3, 3, lives=3)
    for _ in range(2):
        b.settle({})
        assert not b.finished
    b.settle({})
    assert b.finished and b.lives == 0
    with pytest.raises(RuntimeError):
        b.spin(Rng(1), [[1] * 3] * 3, 1, lambda rng, r, c: "x")


def test_reset_rule_is_configurable():
    b = HoldAndWin(2, 2, lives=3)
    b.settle({(0, 0): "inactive-row-coin"}, resets=lambda cell, item: cell[0] == 1)
    assert b.lives == 2
    b.settle({(1, 0): "coin"}, resets=lambda cell, item: cell[0] == 1)
    assert b.lives == 3


def test_only_spinnable_cells_land_and_chances_are_per_cell():
    spin = [[True, False, True]] * 3
    b = HoldAndWin(3, 3, lives=3, spinnable=spin)
    chance = [[1, 1, 0], [1, 1, 0], [1, 1, 0]]      # den 1: certain on reel 1, never on 3
    landed = b.spin(Rng(5), chance, 1, lambda rng, r, c: (r, c))
    assert sorted(landed) == [(0, 0), (1, 0), (2, 0)]
    assert b.lives == 3


def test_full_board_ends_the_bonus():
    b = HoldAndWin(1, 2, lives=3)
    b.spin(Rng(2), [[1, 1]], 1, lambda rng, r, c: "x")
    assert b.finished and b.lives == 3


def test_same_seed_same_landings():
    def run(seed):
        b = HoldAndWin(3, 3, lives=3)
        out = []
        rng = Rng(seed)
        while not b.finished:
            out.append(sorted(b.spin(rng, [[1] * 3] * 3, 7, lambda g, r, c: g.below(10)).items()))
        return out
    assert run(11) == run(11)


def test_batch_helpers():
    gen = np.random.default_rng(3)
    open_mask = np.zeros((4, 3, 3), bool)
    open_mask[:, :, 0] = True
    landed = land_batch(gen, open_mask, np.ones((3, 3)))
    assert landed[:, :, 0].all() and not landed[:, :, 1:].any()
    assert next_lives(np.array([3, 1, 2]), np.array([False, False, True]), 3).tolist() == [2, 0, 3]

"""The round generator's board (math/board.py) follows the shared tumble rule of
cabinet/mechanics/tumble.py and the shared cell masks, on random boards and removals:
"every winning cluster is removed, the symbols above drop into the gaps and fresh
ones fall in from the reel strip above the window"."""
from __future__ import annotations

import numpy as np

from cabinet.mechanics.tumble import tumble
from games.piggy_farm.math.board import Board, layout
from games.piggy_farm.math.tables import load


def test_tumbles_and_masks_match_the_shared_mechanisms():
    pm = load()
    lay = layout(pm)
    gen = np.random.default_rng(5)
    for strips in ("base", "free_spins", "ante"):
        reels = pm.strips[strips]
        for _ in range(300):
            tops = [int(gen.integers(len(r))) for r in reels]
            board = lay.drop(strips, tops)
            rows = board.rows()
            removed = gen.random((7, 7)) < 0.25
            union = sum(1 << (r * 7 + c) for r in range(7) for c in range(7) if removed[r][c])
            want = tumble(rows, removed.tolist(), reels, tops)
            falls, refills = board.tumble(union)
            assert board.rows() == want.board and board.tops == want.tops
            assert falls == want.falls
            assert refills == [[c, r, pm.symbols[s]] for c, r, s in want.refills]
            assert board.ids() == [[pm.symbols[s] for s in row] for row in want.board]
            m = board.masks()
            for s in range(len(pm.symbols)):
                assert m[s] == sum(1 << (r * 7 + c) for r in range(7) for c in range(7) if want.board[r][c] == s)
            again = Board.of_rows(lay, strips, want.board, want.tops)
            assert again.masks() == m

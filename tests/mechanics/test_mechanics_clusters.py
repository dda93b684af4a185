"""Shared cluster finding and tumble: the single-board and batch versions agree, on
random boards of a small alphabet (many clusters, wilds everywhere)."""
from __future__ import annotations

import numpy as np

from cabinet.mechanics.clusters import BoardShape, find_clusters, find_clusters_batch, pack_masks, unpack_mask
from cabinet.mechanics.tumble import StripSet, tumble, tumble_batch


def test_batch_and_single_board_find_the_same_clusters():
    shape = BoardShape(7, 7)
    rng = np.random.default_rng(1)
    boards = rng.integers(0, 5, (1500, 49))          # symbols 0-3 pay, 4 is the wild
    m = pack_masks(boards, [0, 1, 2, 3, 4])
    bi, si, cm, size = find_clusters_batch(m[:, :4], m[:, 4], shape, 5)
    total = 0
    for i in range(len(boards)):
        single = find_clusters({j: int(m[i, j]) for j in range(4)}, int(m[i, 4]), shape, 5)
        sel = bi == i
        assert sorted(zip(si[sel].tolist(), cm[sel].tolist())) == sorted((c.symbol, c.mask) for c in single)
        assert all(c.size == c.mask.bit_count() >= 5 for c in single)
        total += len(single)
    assert total > 1000
    assert (np.bitwise_count(cm) == size).all()


def test_shifts_do_not_wrap_between_rows():
    shape = BoardShape(7, 7)
    # last cell of row 0 and first cell of row 1 are consecutive bits but not neighbours
    own = shape.mask_of([(0, 6), (1, 0), (1, 1), (1, 2), (1, 3)])
    assert find_clusters({0: own}, 0, shape, 5) == []
    own |= shape.bit(1, 4)
    (cl,) = find_clusters({0: own}, 0, shape, 5)
    assert cl.size == 5 and not cl.mask & shape.bit(0, 6)


def test_other_shapes_work():
    shape = BoardShape(5, 6)
    own = shape.mask_of([(4, 0), (4, 1), (4, 2), (4, 3), (4, 4), (4, 5)])
    (cl,) = find_clusters({"x": own}, 0, shape, 5)
    assert cl.size == 6 and shape.cells_of(cl.mask)[0] == (4, 0)
    assert unpack_mask(np.array([own], dtype=np.uint64), 30)[0].sum() == 6


def test_tumble_batch_matches_single_board():
    rng = np.random.default_rng(2)
    strips = [list(rng.integers(0, 6, int(rng.integers(20, 40)))) for _ in range(7)]
    ss = StripSet(strips)
    n = 300
    tops = rng.integers(0, ss.lengths, (n, 7))
    board = ss.window(tops, 7)
    removed = rng.random((n, 7, 7)) < 0.3
    nb, nt = tumble_batch(board, removed, ss, tops)
    for i in range(n):
        t = tumble(board[i].tolist(), removed[i].tolist(), strips, tops[i].tolist())
        assert t.board == nb[i].tolist() and t.tops == nt[i].tolist()
        for c, r, sym in t.refills:
            assert sym == nb[i][r][c]

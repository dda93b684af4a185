"""Shared cluster finding and tumble: the single-board and batch versions agree, on
random boards of a small alphabet (many clusters, wilds everywhere)."""
from __future__ import annotations

import numpy as np
import pytest

from cabinet.mechanics.clusters import (
    BoardShape,
    Lanes,
    find_clusters,
    find_clusters_batch,
    lane_clusters,
    pack_masks,
    unpack_mask,
)
from cabinet.mechanics.tumble import StripSet, column_words, tumble, tumble_words


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


def test_batch_finds_the_same_clusters_on_a_padded_transposed_board():
    # a 7 x 7 board held column by column in an 8 x 8 bitboard (bit 8 * col + row, the
    # last row and column empty, as Piggy Farm's engine holds it): the shifts need no
    # wrap masks there; the clusters are the 7 x 7 board's, cell for cell
    rng = np.random.default_rng(5)
    small, padded = BoardShape(7, 7), BoardShape(8, 8)
    boards = rng.integers(0, 5, (1500, 7, 7))          # symbols 0-3 pay, 4 is the wild
    by_col = np.full((1500, 8, 8), 9)
    by_col[:, :7, :7] = boards.transpose(0, 2, 1)
    m = pack_masks(by_col.reshape(1500, 64), [0, 1, 2, 3, 4])
    bi, si, cm, size = find_clusters_batch(m[:, :4], m[:, 4], padded, 5)
    want = find_clusters_batch(*(lambda k: (k[:, :4], k[:, 4]))(pack_masks(boards.reshape(1500, 49), [0, 1, 2, 3, 4])),
                               small, 5)
    cell_of_bit = {8 * c + r: (r, c) for r in range(7) for c in range(7)}
    got = sorted((int(b), int(s), tuple(sorted(cell_of_bit[i] for i in range(64) if int(x) >> i & 1)))
                 for b, s, x in zip(bi, si, cm))
    assert got == sorted((int(b), int(s), tuple(small.cells_of(int(x)))) for b, s, x in zip(want[0], want[1], want[2]))
    assert len(got) > 1000 and (np.bitwise_count(cm) == size).all()
    for i in range(0, 1500, 7):
        single = find_clusters({j: int(m[i, j]) for j in range(4)}, int(m[i, 4]), padded, 5)
        sel = bi == i
        assert sorted(zip(si[sel].tolist(), cm[sel].tolist())) == sorted((c.symbol, c.mask) for c in single)


def _flood_clusters(board, pay, wild, min_size):
    """Reference: breadth-first search over (row, col) cells, one symbol at a time."""
    rows, cols = len(board), len(board[0])
    out = []
    for s in pay:
        seen = set()
        for r0 in range(rows):
            for c0 in range(cols):
                if board[r0][c0] != s or (r0, c0) in seen:
                    continue
                comp, todo = {(r0, c0)}, [(r0, c0)]
                while todo:
                    r, c = todo.pop()
                    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                        if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in comp and board[rr][cc] in (s, wild):
                            comp.add((rr, cc))
                            todo.append((rr, cc))
                seen |= comp
                if len(comp) >= min_size:
                    out.append((s, sorted(comp)))
    return out


def test_packed_lanes_find_what_a_plain_flood_fill_finds():
    # paying lanes that do not start at 0 and are not consecutive, the wild and a
    # never-paying symbol in lanes of their own; boards rich in small groups (where
    # the cells-of-components-of-3+ filter decides) and in wilds
    rng = np.random.default_rng(3)
    for shape in (BoardShape(7, 7), BoardShape(5, 6)):
        pay, wild = (1, 3, 4), 5     # symbol 0 never pays
        lanes = Lanes(shape, pay)
        for min_size in (5, 3, 2, 1):
            for _ in range(400):
                board = rng.choice([0, 1, 3, 4, 5], size=(shape.rows, shape.cols), p=[.2, .25, .2, .2, .15]).tolist()
                masks = [
                    shape.mask_of([(r, c) for r in range(shape.rows) for c in range(shape.cols) if board[r][c] == k])
                    for k in range(6)
                ]
                got = lane_clusters(lanes.pack(masks), masks[wild], lanes, min_size)    # (lane, mask, size)
                assert [(lane, shape.cells_of(mask)) for lane, mask, _ in got] == _flood_clusters(
                    board, pay, wild, min_size
                )
                assert all(size == mask.bit_count() for _, mask, size in got)
                assert all(lanes.lane(lanes.pack(masks), k) == masks[k] for k in range(6))


def test_every_shape_of_five_pays_and_wilds_alone_do_not():
    shape = BoardShape(7, 7)
    plus = shape.mask_of([(3, 3), (2, 3), (4, 3), (3, 2), (3, 4)])      # one cell with two or more neighbours
    path = shape.mask_of([(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)])
    bend = shape.mask_of([(6, 6), (5, 6), (4, 6), (4, 5), (4, 4)])
    for own in (plus, path, bend):
        (cl,) = find_clusters({"x": own}, 0, shape, 5)
        assert cl.mask == own and cl.size == 5
    # four own cells and one wild make five; five wilds with one own cell beside them too
    (cl,) = find_clusters({"x": path & ~shape.bit(0, 4)}, shape.bit(0, 4), shape, 5)
    assert cl.size == 5
    assert find_clusters({"x": shape.bit(1, 0)}, path, shape, 5)[0].size == 6
    assert find_clusters({"x": 0, "y": shape.bit(6, 0)}, path | plus, shape, 5) == []
    # two groups of four with no link: nothing; one wild between them joins them
    two = shape.mask_of([(6, 0), (6, 1), (5, 0), (5, 1), (6, 3), (6, 4), (5, 3), (5, 4)])
    assert find_clusters({"x": two}, 0, shape, 5) == []
    (cl,) = find_clusters({"x": two}, shape.bit(6, 2), shape, 5)
    assert cl.size == 9


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


def _tumble_by_words(board: np.ndarray, removed: np.ndarray, ss: StripSet, tops: np.ndarray):
    """`tumble_words` on (n, rows, cols) boards and removed flags, back as boards."""
    n, rows, cols = board.shape
    pattern = np.packbits(removed, axis=1, bitorder="little").reshape(n, cols)
    words, new_tops = tumble_words(column_words(board), pattern, ss, tops, rows)
    return words.view(np.int8).reshape(n, cols, 8)[:, :, :rows].transpose(0, 2, 1), new_tops


def test_tumble_words_match_single_board():
    rng = np.random.default_rng(2)
    strips = [list(rng.integers(0, 6, int(rng.integers(20, 40)))) for _ in range(7)]
    ss = StripSet(strips)
    n = 300
    tops = rng.integers(0, ss.lengths, (n, 7))
    board = ss.window(tops, 7)
    removed = rng.random((n, 7, 7)) < 0.3
    nb, nt = _tumble_by_words(board, removed, ss, tops)
    for i in range(n):
        t = tumble(board[i].tolist(), removed[i].tolist(), strips, tops[i].tolist())
        assert t.board == nb[i].tolist() and t.tops == nt[i].tolist()
        for c, r, sym in t.refills:
            assert sym == nb[i][r][c]


def test_tumble_words_match_single_board_on_other_shapes():
    # boards of 1 to 8 rows; strips that wrap within one tumble; every share of
    # removed cells from none to all
    rng = np.random.default_rng(4)
    for rows, cols in ((5, 6), (8, 8), (3, 2), (1, 4)):
        strips = [list(rng.integers(0, 6, int(rng.integers(rows, 30)))) for _ in range(cols)]
        ss = StripSet(strips)
        n = 300
        tops = rng.integers(0, ss.lengths, (n, cols))
        board = ss.window(tops, rows)
        removed = rng.random((n, rows, cols)) < rng.random((n, 1, 1))
        nb, nt = _tumble_by_words(board, removed, ss, tops)
        for i in range(n):
            t = tumble(board[i].tolist(), removed[i].tolist(), strips, tops[i].tolist())
            assert t.board == nb[i].tolist() and t.tops == nt[i].tolist()


def test_column_words_refuse_tall_boards():
    with pytest.raises(ValueError, match="at most 8 rows"):
        column_words(np.zeros((1, 9, 3), dtype=np.int8))

"""Payline evaluation: wild rules, left-to-right runs, highest award per line,
line wins added; the batch evaluator agrees with the single-board one."""
import numpy as np

from cabinet.mechanics.lines import LineEvaluator

SYMS = ["a", "b", "c", "wild", "pump"]
LINES3 = [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0]]
PAYS = {"a": {3: 500}, "b": {2: 50, 3: 200}, "c": {3: 100}, "wild": {3: 1000}}


def ev():
    return LineEvaluator(SYMS, LINES3, PAYS, wild="wild", not_substituted={"pump"})


def test_pays_left_to_right_from_the_leftmost_reel():
    board = [["c", "c", "c"], ["b", "a", "a"], ["c", "b", "b"]]
    wins = ev().evaluate(board)
    # line 0 (middle) b a a: no run from reel 1; c c c on the top line pays
    assert [(w.line, w.symbol, w.count) for w in wins] == [(1, "c", 3)]


def test_wild_substitutes_and_positions_are_reported():
    board = [["c", "a", "c"], ["a", "wild", "a"], ["c", "b", "b"]]
    wins = ev().evaluate(board)
    mid = [w for w in wins if w.line == 0][0]
    assert (mid.symbol, mid.count, mid.pay_x100) == ("a", 3, 500)
    assert mid.positions == ((1, 0), (1, 1), (1, 2))


def test_wild_does_not_replace_not_substituted_symbols():
    e = LineEvaluator(SYMS, LINES3, {"pump": {3: 900}, **PAYS}, wild="wild", not_substituted={"pump"})
    board = [["c", "b", "a"], ["pump", "wild", "pump"], ["a", "c", "b"]]
    assert all(w.line != 0 for w in e.evaluate(board))
    board[1] = ["pump", "pump", "pump"]
    assert [w.pay_x100 for w in e.evaluate(board) if w.line == 0] == [900]


def test_only_the_highest_award_per_line():
    # wild wild b: reads as b x3 (200) or wild x2 (no pay) or a x2 (no pay): pays 200 once
    board = [["c", "a", "c"], ["wild", "wild", "b"], ["a", "c", "a"]]
    mid = [w for w in ev().evaluate(board) if w.line == 0]
    assert [(w.symbol, w.pay_x100) for w in mid] == [("b", 200)]
    # three wilds: wild x3 (1000) beats a x3 (500)
    board[1] = ["wild", "wild", "wild"]
    mid = [w for w in ev().evaluate(board) if w.line == 0]
    assert [(w.symbol, w.pay_x100) for w in mid] == [("wild", 1000)]


def test_wins_on_different_lines_add():
    board = [["a", "a", "a"], ["a", "a", "a"], ["b", "b", "a"]]
    e = ev()
    wins = e.evaluate(board)
    # middle, top and the down diagonal pay a x3; the bottom line pays b x2;
    # the up diagonal (b a a) pays nothing
    assert sorted(w.line for w in wins) == [0, 1, 2, 3]
    assert e.total(board) == 3 * 500 + 50


def test_batch_agrees_with_single_board_evaluation():
    e = ev()
    rng = np.random.default_rng(7)
    boards = rng.integers(0, len(SYMS), size=(3000, 3, 3)).astype(np.int16)
    batch = e.line_pays_batch(boards)
    for i in range(len(boards)):
        board = [[SYMS[k] for k in row] for row in boards[i]]
        per_line = {w.line: w.pay_x100 for w in e.evaluate(board)}
        assert [per_line.get(li, 0) for li in range(5)] == batch[i].tolist()


def test_any_board_shape_and_line_set():
    lines = [[1, 1, 1, 1, 1], [0, 1, 2, 1, 0]]
    e = LineEvaluator(["x", "y", "w"], lines, {"x": {3: 10, 4: 20, 5: 40}}, wild="w")
    board = [["y", "x", "y", "y", "x"], ["x", "w", "x", "x", "y"], ["y", "y", "w", "y", "y"]]
    assert [(w.line, w.count, w.pay_x100) for w in e.evaluate(board)] == [(0, 4, 20)]
    assert e.pays_batch(e.index_board(board)[None]).tolist() == [20]

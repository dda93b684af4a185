"""Payline evaluation: wild rules, left-to-right runs, highest award per line,
line wins added; the batch evaluator agrees with the single-board one."""
import numpy as np
import pytest

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


def _read_by_the_rule(e: LineEvaluator, board) -> list[tuple]:
    """The rule read literally: on each line, every paying symbol's leading run (the
    wild standing in where it may); the highest award, the first of equals in paytable
    order; (symbol, count, positions, line, pay) of each paying line."""
    out = []
    for li, rows in enumerate(e.lines.tolist()):
        cells = [board[r][c] for c, r in enumerate(rows)]
        best = None
        for s in e.paying:
            subst = e.wild is not None and s != e.wild and s not in e.not_substituted
            n = 0
            while n < len(cells) and (cells[n] == s or (subst and cells[n] == e.wild)):
                n += 1
            pay = e.pays[s].get(n, 0)
            if pay > 0 and (best is None or pay > best[4]):
                best = (s, n, tuple((rows[c], c) for c in range(n)), li, pay)
        if best is not None:
            out.append(best)
    return out


@pytest.mark.parametrize("wild, not_substituted, pays", [
    ("W", ("S",), {"a": {3: 10, 5: 40}, "b": {2: 3, 3: 10}, "W": {2: 7, 3: 10, 5: 100}, "S": {1: 2, 3: 20}}),
    ("W", ("S", "c"), {"a": {3: 10}, "c": {2: 4, 5: 9}, "S": {3: 20}, "b": {1: 1, 4: 30}}),
    ("W", (), {"a": {3: 10}, "b": {3: 10}, "c": {3: 10}, "W": {3: 10}}),        # equal awards everywhere
    (None, (), {"a": {2: 5, 3: 10, 5: 50}, "W": {3: 10}}),
])
def test_evaluate_is_the_rule_read_literally_on_random_boards(wild, not_substituted, pays):
    # leading wilds, all-wild lines, a paying scatter after wilds, ties between symbols:
    # evaluate's reading per (lead, run, leading wilds) must pay and report exactly this
    symbols = ["a", "b", "c", "W", "S"]
    rng = np.random.default_rng(11)
    lines = rng.integers(0, 3, size=(12, 5)).tolist()
    e = LineEvaluator(symbols, lines, pays, wild=wild, not_substituted=not_substituted)
    for share in (0.0, 0.3, 0.7):
        p = [(1 - share) / 4] * 3 + [share, (1 - share) / 4]
        for board in rng.choice(symbols, size=(1_500, 3, 5), p=p).tolist():
            got = [(w.symbol, w.count, w.positions, w.line, w.pay_x100) for w in e.evaluate(board)]
            assert got == _read_by_the_rule(e, board), board

"""The one-reading-per-line path of the line evaluator (`line_pays_batch_fast`,
`contents_pays`, `line_code_table`) pays exactly what the rules' reading pays
(`evaluate`, one board at a time): hand-built lines where a shortcut could go wrong
(leading wilds before a symbol the wild does not replace, an all-wild line, wilds
worth more than the lead's run, no wild at all), and random boards heavy in wilds."""
from __future__ import annotations

import numpy as np
import pytest

from cabinet.mechanics.lines import LineEvaluator

SYMBOLS = ["a", "b", "c", "W", "S"]
PAYS = {"a": {3: 500, 4: 1_000, 5: 2_000}, "b": {2: 50, 3: 200, 5: 900}, "c": {3: 100, 5: 300},
        "W": {2: 80, 3: 2_500, 4: 5_000, 5: 10_000}}
LINES = [[1] * 5, [0] * 5, [2] * 5, [0, 1, 2, 1, 0], [2, 1, 0, 1, 2]]


def ev(wild="W", not_substituted=("S", "c")) -> LineEvaluator:
    return LineEvaluator(SYMBOLS, LINES, PAYS, wild=wild, not_substituted=not_substituted)


def one_line(e: LineEvaluator, cells: list[str]) -> tuple[int, int]:
    """(rules pay, fast pay) of one line's contents (the middle row of a board)."""
    board = [["S"] * 5, cells, ["S"] * 5]
    rules = next((w.pay_x100 for w in e.evaluate(board) if w.line == 0), 0)
    fast = int(e.line_pays_batch_fast(e.index_board(board)[None])[0, 0])
    return rules, fast


@pytest.mark.parametrize("cells, pay", [
    (["a", "a", "a", "b", "b"], 500),
    (["W", "W", "a", "a", "b"], 1_000),          # wilds stand in for a: four a's
    (["W", "W", "W", "a", "b"], 2_500),          # three wilds pay more than four a's (1,000)
    (["W", "W", "c", "c", "c"], 80),             # c is not replaced: only the two wilds pay
    (["W", "W", "S", "a", "a"], 80),             # a scatter after two wilds
    (["W"] * 5, 10_000),                         # an all-wild line pays as wilds
    (["W", "b", "W", "W", "b"], 900),            # b's run of five through wilds
    (["b", "W", "a", "a", "a"], 50),             # b W: two b's; a's run does not lead
    (["S", "W", "W", "W", "W"], 0),              # nothing pays from a scatter lead
    (["c", "W", "c", "c", "c"], 0),              # the wild does not stand in for c
])
def test_hand_built_lines_pay_what_the_rules_read(cells, pay):
    assert one_line(ev(), cells) == (pay, pay)


def test_without_a_wild_the_lead_symbols_run_pays():
    e = ev(wild=None, not_substituted=())
    assert one_line(e, ["b", "b", "a", "a", "a"]) == (50, 50)
    assert one_line(e, ["c", "c", "c", "c", "c"]) == (300, 300)
    assert one_line(e, ["W", "W", "W", "a", "a"]) == (2_500, 2_500)   # W pays for itself only


@pytest.mark.parametrize("wild, not_substituted", [("W", ("S", "c")), ("W", ("S",)), (None, ())])
def test_random_boards_heavy_in_wilds_pay_the_same_every_way(wild, not_substituted):
    e = ev(wild, not_substituted)
    rng = np.random.default_rng(7)
    boards = rng.choice(len(SYMBOLS), size=(3_000, 3, 5), p=[0.2, 0.2, 0.15, 0.35, 0.1]).astype(np.int16)
    fast = e.line_pays_batch_fast(boards)
    assert np.array_equal(fast, e.line_pays_batch(boards))
    for board, lines in zip(boards[:400], fast[:400]):
        by_rules = np.zeros(len(LINES), np.int64)
        for w in e.evaluate([[SYMBOLS[i] for i in row] for row in board]):
            by_rules[w.line] = w.pay_x100
        assert np.array_equal(lines, by_rules), board
    assert np.array_equal(e.pays_batch_fast(boards), fast.sum(axis=1))


def test_the_line_code_table_is_every_contents_pay():
    e = ev()
    table = e.line_code_table()
    S = len(SYMBOLS)
    rng = np.random.default_rng(3)
    for cells in rng.integers(0, S, size=(500, 5)):
        code = sum(int(c) * S ** r for r, c in enumerate(cells))
        rules, _ = one_line(e, [SYMBOLS[c] for c in cells])
        assert table[code] == rules

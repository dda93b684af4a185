"""What a Happy Money Hens board pays, for `python -m cabinet.math evaluate`: one board's
line wins without features, and the line paytable (GameSpec.math.evaluate / .paytable)."""
from __future__ import annotations

from typing import Any

from .rules import evaluator
from .tables import load


def evaluate(board: list[list[str]]) -> dict[str, Any]:
    """One board's line wins (no features), pays as multiples of the total base bet."""
    m = load()
    if len(board) != 3 or any(len(r) != 5 for r in board):
        raise ValueError("a Happy Money Hens board is 3 rows of 5 reels")
    wins: list[dict[str, Any]] = [{"symbol": w.symbol, "count": w.count, "positions": [list(p) for p in w.positions],
             "line": w.line, "pay_x": w.pay_x100 / 100} for w in evaluator(m).evaluate(board)]
    return {"wins": wins, "total_x": sum(int(round(w["pay_x"] * 100)) for w in wins) / 100}


def paytable() -> dict[str, Any]:
    """The line paytable in issue 3's shape."""
    m = load()
    feats = [m.symbols[i] for i in m.feature_index]
    return {"symbols": list(m.symbols), "wild": m.symbols[m.wild], "not_substituted": feats,
            "scatters": feats, "lines": m.lines.tolist(),
            "pays": {s: {str(k): v / 100 for k, v in p.items()} for s, p in m.pays.items()}}

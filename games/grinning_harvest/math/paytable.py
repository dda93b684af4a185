"""What a Grinning Harvest board pays, for `python -m cabinet.math evaluate`: one
board's line wins without collects, and the line paytable (GameSpec.math.evaluate / .paytable)."""
from __future__ import annotations

from typing import Any

from .tables import load


def evaluate(board: list[list[str]]) -> dict[str, Any]:
    """Line evaluation of one board (issue 3's `evaluate` shape), no collects."""
    m = load()
    if len(board) != 3 or any(len(r) != 3 for r in board):
        raise ValueError("a Grinning Harvest board is 3 rows of 3 reels")
    wins = m.lines.evaluate(board)
    return {"wins": [{"symbol": w.symbol, "count": w.count, "positions": [list(p) for p in w.positions],
                      "line": w.line, "pay_x": w.pay_x100 / 100} for w in wins],
            "total_x": sum(w.pay_x100 for w in wins) / 100}


def paytable() -> dict[str, Any]:
    """The paytable dict of issue 3 (`evaluate --paytable`)."""
    m = load()
    return {"symbols": list(m.symbols), "wild": m.raw["wild"], "not_substituted": list(m.raw["not_substituted"]),
            "scatters": ["pumpkin", "vault"], "lines": [list(line) for line in m.raw["lines"]],
            "pays": {s: {str(k): v / 100 for k, v in p.items()} for s, p in m.raw["pays_x100"].items()}}

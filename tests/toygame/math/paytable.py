"""What a Toy Reels board pays (GameSpec.math.evaluate / .paytable)."""
from __future__ import annotations

from .rules import LINES, NAMES, PAYS_X100, REELS, line_wins


def evaluate(board: list[list[str]]) -> dict:
    """Line evaluation of one board (symbol names), no features."""
    letters = {v: k for k, v in NAMES.items()}
    b = [[letters[s] for s in row] for row in board]
    wins = [{"symbol": NAMES[s], "count": 3, "positions": [[LINES[li][c], c] for c in range(REELS)],
             "line": li, "pay_x": p / 100} for li, s, p in line_wins(b)]
    return {"wins": wins, "total_x": sum(w["pay_x"] for w in wins)}


def paytable() -> dict:
    """The paytable in the shape `python -m cabinet.math evaluate --paytable` prints."""
    return {"symbols": list(NAMES.values()), "wild": None, "not_substituted": [],
            "scatters": ["STAR"], "lines": [list(li) for li in LINES],
            "pays": {NAMES[s]: {"3": p / 100} for s, p in PAYS_X100.items()}}

"""What a Piggy Farm board pays, for `python -m cabinet.math evaluate`: one board's
cluster wins without tumbles or features, and the cluster paytable
(GameSpec.math.evaluate / .paytable)."""
from __future__ import annotations

from typing import Any, cast

from cabinet.mechanics.clusters import find_clusters

from .tables import BANDS, load


def evaluate(board: list[list[str]]) -> dict[str, Any]:
    """One board's cluster wins (no tumble, no features), pays as x of the total bet."""
    pm = load()
    if len(board) != pm.shape.rows or any(len(r) != pm.shape.cols for r in board):
        raise ValueError(f"a Piggy Farm board is {pm.shape.rows}x{pm.shape.cols}")
    own = {s: 0 for s in pm.pay_ids}
    wild = 0
    for r, row in enumerate(board):
        for c, sid in enumerate(row):
            s = pm.sym(sid)
            bit = pm.shape.bit(r, c)
            if s == pm.wild:
                wild |= bit
            elif s in own:
                own[s] |= bit
    wins: list[dict[str, Any]] = []
    for cl in find_clusters(own, wild, pm.shape, pm.min_cluster):
        pay = int(pm.pay_by_size[cast(int, cl.symbol), cl.size])
        wins.append({"symbol": pm.symbols[cast(int, cl.symbol)], "count": cl.size,
                     "positions": [list(x) for x in pm.shape.cells_of(cl.mask)], "line": None,
                     "pay_x": pay / 100})
    return {"wins": wins, "total_x": sum(int(round(w["pay_x"] * 100)) for w in wins) / 100}


def paytable() -> dict[str, Any]:
    """The cluster paytable in issue 3's shape (keys are the size bands)."""
    pm = load()
    return {"symbols": list(pm.symbols), "wild": pm.symbols[pm.wild], "not_substituted": [pm.symbols[pm.scatter]],
            "scatters": [pm.symbols[pm.scatter]], "min_cluster": pm.min_cluster,
            "pays": {sid: {band: x / 100 for band, x in zip(BANDS, row)} for sid, row in pm.raw["pays_x100"].items()}}

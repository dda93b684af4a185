"""Piggy Farm: a 7x7 cluster-tumble game with THE FARM WHEEL, sticky-grid free spins,
an ante (FARM WHEEL BOOST) and seven buys. Every number lives in math.yaml.

Files: math.yaml (numbers), tables.py (math.yaml -> integer tables), rules.py (round
generator `play`), sim.py (vectorised `simulate`), batch.py (`play_batch`, the
vectorised exact book generator of the free-spin buys), events.py (event names and
payloads), help.py (help text from math.yaml), tools/ (strip maker, agreement and
speed scripts).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from cabinet.core.game import BetMode, GameSpec
from cabinet.mechanics.clusters import find_clusters

from .batch import play_batch
from .rules import FORCE_MODES, FORCES, TOP_EGG_X100, VERSION, play
from .sources import par_info, payout_sources
from .sim import FEATURES, simulate
from .tables import BANDS, band_of, load

_HERE = Path(__file__).parent


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
    wins = []
    for cl in find_clusters(own, wild, pm.shape, pm.min_cluster):
        pay = int(pm.pay_by_size[cl.symbol, cl.size])
        wins.append({"symbol": pm.symbols[cl.symbol], "count": cl.size,
                     "positions": [list(x) for x in pm.shape.cells_of(cl.mask)], "line": None,
                     "pay_x": pay / 100})
    return {"wins": wins, "total_x": sum(int(round(w["pay_x"] * 100)) for w in wins) / 100}


def paytable() -> dict[str, Any]:
    """The cluster paytable in issue 3's shape (keys are the size bands)."""
    pm = load()
    return {"symbols": list(pm.symbols), "wild": pm.symbols[pm.wild], "not_substituted": [pm.symbols[pm.scatter]],
            "scatters": [pm.symbols[pm.scatter]], "min_cluster": pm.min_cluster,
            "pays": {sid: {band: x / 100 for band, x in zip(BANDS, row)} for sid, row in pm.raw["pays_x100"].items()}}


def _spec() -> GameSpec:
    pm = load()
    raw = pm.raw
    modes = tuple(BetMode(mid, m["label"], int(m["cost_x100"]), m["kind"]) for mid, m in raw["modes"].items())
    forces = {mode: {cat: 1.0 / float(n) for cat, n in cats.items()} for mode, cats in raw["book_forces_one_in"].items()}
    # exact natural frequencies, so these strata carry no sampling noise at all
    for hunt in ("golden_egg_hunt", "egg_hunt"):
        forces[hunt] = {"hunt_5000x": float(pm.hunt(hunt).chance_of_prize_at_least(TOP_EGG_X100))}
    num, den = (int(x) for x in raw["modes"]["risk_the_farm"]["chance"])
    forces["risk_the_farm"] = {"risk_win": num / den}
    return GameSpec(
        id=raw["id"], name=raw["name"], bet_ladder=(100, 200, 300, 400, 500, 1000, 2000, 5000, 10000),
        modes=modes, play=play, scene="games.piggy_farm.scene:PiggyFarmScene",
        rtp={mid: float(raw["rtp"]) for mid in raw["modes"]}, max_win_x=pm.cap_x100 // 100,
        version=VERSION, math_files=(str(_HERE / "math.yaml"), str(_HERE / "rules.py"), str(_HERE / "tables.py")),
        force_categories=dict(FORCES), book_forces=forces, simulate=simulate, evaluate=evaluate,
        paytable=paytable, feature_names=FEATURES, default_bet=100,
        extra={"cap_exempt_modes": [mid for mid, m in raw["modes"].items() if m.get("cap_exempt")],
               "force_modes": FORCE_MODES,     # review tools play a category in a mode it lives in
               # max-win books are forced (best-of-N free spins, a few CPU seconds each):
               # 50 of them carry the 1 in 7,149,814 category
               "forced_books": {"base": {"max_win": 50}},
               "help": "games.piggy_farm.help:help_pages",
               "payout_sources": payout_sources, "par_info": par_info,
               # books: the free-spin buys vectorised, exactly play's rounds seed for seed
               "play_batch": play_batch})


GAME = _spec()

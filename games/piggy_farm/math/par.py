"""PAR-sheet hooks: the RTP of a round split by source, and the reel strips and notes."""
from __future__ import annotations

from typing import Any

from cabinet.core.round import Round

from . import events as E
from .tables import load

ORDER = ("base clusters", "wheel coins", "free spins", "hunt prizes", "risk prize")


def payout_sources(r: Round) -> dict[str, int]:
    """payout_x100 by source; the parts sum to the round's payout exactly (a capped
    round's excess is taken off the latest sources first)."""
    parts = dict.fromkeys(ORDER, 0)
    in_free = False
    for e in r.events:
        t = e["type"]
        if t == E.FREE_SPINS_START:
            in_free = True
        elif t == E.CLUSTER_WIN:
            parts["free spins" if in_free else "base clusters"] += e["win_x100"]
        elif t == E.COIN_PRIZE:
            parts["wheel coins"] += e["win_x100"]
        elif t == E.HUNT_REVEAL and not e["rooster"]:
            parts["hunt prizes"] += e["prize_x100"]
        elif t == E.RISK_DRAW:
            parts["risk prize"] += e["win_x100"]
    excess = sum(parts.values()) - r.payout_x100
    for k in reversed(ORDER):
        cut = min(excess, parts[k])
        parts[k] -= cut
        excess -= cut
    return {k: v for k, v in parts.items() if v}


def par_info() -> dict[str, Any]:
    pm = load()
    return {"reel_strips": {name: [[pm.symbols[s] for s in reel] for reel in reels]
                            for name, reels in pm.strips.items()},
            "notes": ["Reel strips per set: base (base game), ante (FARM WHEEL BOOST), free_spins (wheel-awarded "
                      "free spins), hog_wild, growing_season; the FREE SPINS buy uses the base strips.",
                      "Sticky grid: first win charges a cell at x1, each later win doubles it, cap x128; a cluster's "
                      "multiplier is the sum of its charged cells, read before the bump.",
                      "Max win 50,000x in base is produced on purpose (best-of-40 stop sets per free spin after a "
                      "forced gold wheel and x5 free spins) and weighted to 1 in 7,149,814 rounds."]}

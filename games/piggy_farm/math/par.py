"""PAR-sheet hooks: the RTP of a round split by source, and the reel strips and notes."""
from __future__ import annotations

from typing import Any

from cabinet.core.round import Round

from . import events as E
from .tables import load

ORDER = ("base clusters", "wheel coins", "free spins", "hunt prizes", "risk prize")


PLAIN_SOURCE = "base clusters"     # every win of a round that lists no feature
# The PAR sheet's live run of the spin modes in chunks of this many rounds (sim's 50,000
# otherwise): THE FARM WHEEL's free spins play in the lockstep of a chunk's triggers, and
# 1 base spin in 277 leaves too few rows for numpy to pay its per-call cost
LIVE_CHUNK = 100_000


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
            "live_chunk": {"base": LIVE_CHUNK, "ante": LIVE_CHUNK},
            "notes": ["Reel strips per set: base (base game), ante (FARM WHEEL BOOST), free_spins (wheel-awarded "
                      "free spins), hog_wild, growing_season; the FREE SPINS buy uses the base strips.",
                      "Sticky grid: first win charges a cell at x1, each later win doubles it, cap x128; a cluster's "
                      "multiplier is the sum of its charged cells, read before the bump.",
                      "Max win 50,000x: natural base rounds reach it about 1 in 7.4 million (splitting estimate, "
                      "python -m games.piggy_farm.tools.top_odds); its books are natural rounds given the cap "
                      "(rejection on sub-streams along the rules' paths), weighted to the sheet's 1 in 7,149,814.",
                      "THE FARM WHEEL: base books weighted to the rules' 1 in 277.55, FARM WHEEL BOOST to exactly "
                      "five times that (the sheet's 'five times as often')."]}

"""PAR-sheet hooks: the RTP of a round split by source (one round, or many natural rounds
at once), and the reel strips and notes."""
from __future__ import annotations

from typing import Any

import numpy as np

from cabinet.core.round import Round

from . import batch
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
    return {k: int(v) for k, v in _cut(parts, r.payout_x100).items() if v}


# the one source of every win of a mode's round (base and ante: the base spin's
# tumble chain, then the wheel's coins or free spins)
_ONLY = {"free_spins": "free spins", "hog_wild": "free spins", "growing_season": "free spins",
         "golden_egg_hunt": "hunt prizes", "egg_hunt": "hunt prizes", "risk_the_farm": "risk prize"}


def batch_sources(seeds: np.ndarray, mode: str) -> dict[str, np.ndarray]:
    """payout_sources of the natural rounds of `seeds` (GameSpec.math.batch_sources), from
    play_batch's lockstep engine: a round of a buy, a hunt or RISK THE FARM pays from
    one source; a base / ante round's tumble chain pays base clusters (batch.spin_parts)
    and its wheel the rest, a coin prize (feature coin_prize) or free spins, as a FARM
    WHEEL BUY round's."""
    seeds = np.asarray(seeds, dtype=np.uint64).reshape(-1)
    if mode in _ONLY:
        pay = batch.play_batch(seeds, mode)[0]
        return {_ONLY[mode]: pay}
    if mode in ("base", "ante"):
        pay, feats, base = batch.spin_parts(seeds, mode)
    elif mode == "wheel_buy":
        (pay, feats), base = batch.play_batch(seeds, mode), np.zeros(len(seeds), dtype=np.int64)
    else:
        raise KeyError(f"piggy_farm has no mode {mode!r}")
    coin = np.array(["coin_prize" in f for f in feats], dtype=bool)
    rest = np.maximum(pay - base, 0)
    return _cut({"base clusters": base, "wheel coins": np.where(coin, rest, 0),
                 "free spins": np.where(coin, 0, rest)}, pay)


def _cut(parts: dict, payout):
    """The parts (ints, or int64 arrays of many rounds) less what they win beyond the
    payout, taken off the latest sources (ORDER) first."""
    parts = {k: parts.get(k, 0) for k in ORDER}
    excess = sum(parts.values()) - payout
    for k in reversed(ORDER):
        cut = np.minimum(excess, parts[k])
        parts[k] = parts[k] - cut
        excess = excess - cut
    return parts


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

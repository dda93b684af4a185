"""Happy Money Hens' PAR-sheet hooks (GameSpec.math.payout_sources / .batch_sources / .par_info)."""
from __future__ import annotations

from typing import Any

import numpy as np

from cabinet.core.round import Round

from . import batch
from .tables import load


PLAIN_SOURCE = "line wins"     # every win of a round that lists no feature


def payout_sources(rnd: Round) -> dict[str, int]:
    """A round's payout by source (x100, summing to the payout) for the PAR sheet:
    line wins, bonus cash coins, pot awards, happy boosts."""
    line = pots = boosts = 0
    for e in rnd.events:
        if e["type"] == "round_end":
            line = int(e["line_x100"])
        elif e["type"] == "pot_award":
            pots += int(e["value_x100"])
        elif e["type"] == "boost":
            boosts += sum(int(b["add_x100"]) for b in e["boosts"])
    return {k: int(v) for k, v in _split(line, pots, boosts, rnd.payout_x100).items()}


def batch_sources(seeds: np.ndarray, mode: str) -> dict[str, np.ndarray]:
    """payout_sources of the natural rounds of `seeds` (GameSpec.math.batch_sources): the
    same split per round, from play_batch's lockstep engine (batch.natural_parts: the
    line pay, and the bonus's total, pot awards and HAPPY BOOST values)."""
    seeds = np.asarray(seeds, dtype=np.uint64).reshape(-1)
    n = len(seeds)
    line, _, bi, res = batch.natural_parts(load(), seeds, mode)
    pots, boosts, total = (np.zeros(n, dtype=np.int64) for _ in range(3))
    total += line
    if res is not None:
        total[bi] += res["total_x100"]
        pots[bi], boosts[bi] = res["pot_x100"], res["boost_x100"]
    return _split(line, pots, boosts, total)


def _split(line, pots, boosts, payout):
    """The sources of rounds (ints, or int64 arrays of many) from the line pay, the
    pot awards and the boosts added: each part at most what the payout leaves, the bonus
    cash coins the rest."""
    line = np.minimum(line, payout)
    pots = np.minimum(pots, payout - line)
    boosts = np.minimum(boosts, payout - line - pots)
    return {"line wins": line, "bonus cash coins": payout - line - pots - boosts,
            "pot awards": pots, "happy boosts": boosts}


def par_info() -> dict[str, Any]:
    """Reel strips and design notes for the PAR sheet (python -m cabinet.math par)."""
    m = load()
    raw = m.raw
    fp = raw["feature_pots"]

    def names(strips: Any) -> list[list[str]]:
        return [[m.symbols[int(x)] for x in s] for s in strips]

    notes = [f"Feature pots: each feature symbol in view triggers its pot with chance {mode} "
             f"{n}/{fp['den']}; k symbols of a colour trigger with 1-(1-q)^k (exact odds: pots.py). "
             "Pot levels are display state only and never change an outcome."
             for mode, n in fp["trigger"].items()]
    notes.append("Bonus: rows 0-2 active, counts 10/14/18/22; land chance "
                 f"{raw['bonus']['land_active']}/{raw['bonus']['land_den']} on active rows, "
                 f"{raw['bonus']['land_inactive']}/{raw['bonus']['land_den']} on inactive rows; "
                 "full board = 35 coins with every row active.")
    notes.append("bonus_* modes are the gamble's bonus-wheel libraries (kind gamble), not bet modes.")
    notes.append("Design figures and the commands that produced them: games/happy_money_hens/NOTES.md.")
    return {"reel_strips": {"base and fortune bets": names(m.strips),
                            "bought rounds (before the 3 feature symbols are placed)": names(m.buy_strips)},
            "notes": notes}

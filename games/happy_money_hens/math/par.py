"""Happy Money Hens' PAR-sheet hooks (GameSpec.payout_sources / .par_info)."""
from __future__ import annotations

from typing import Any

from cabinet.core.round import Round

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
    line = min(line, rnd.payout_x100)
    pots = min(pots, rnd.payout_x100 - line)
    boosts = min(boosts, rnd.payout_x100 - line - pots)
    return {"line wins": line, "bonus cash coins": rnd.payout_x100 - line - pots - boosts,
            "pot awards": pots, "happy boosts": boosts}


def par_info() -> dict[str, Any]:
    """Reel strips and design notes for the PAR sheet (python -m cabinet.math par)."""
    m = load()
    raw = m.raw
    fp = raw["feature_pots"]
    names = lambda strips: [[m.symbols[int(x)] for x in s] for s in strips]
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

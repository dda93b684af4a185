"""Toy Reels' PAR-sheet hooks (GameSpec.par_info / .payout_sources)."""
from __future__ import annotations

from cabinet.core.round import Round

from .rules import BUY_COINS, COIN_TABLE, COINS, JACKPOT_STOPS, NAMES, STRIPS, TOTAL_STOPS


def par_info() -> dict:
    """Reel strips and notes for the PAR sheet."""
    return {"reel_strips": {"base": [[NAMES[ch] for ch in s] for s in STRIPS]},
            "notes": [f"Jackpot (three crowns on a line): exactly 1 in {TOTAL_STOPS // len(JACKPOT_STOPS):,} spins.",
                      f"Coin bonus: {COINS} coins (base), {BUY_COINS} coins (buy) from "
                      + ", ".join(f"{v / 100:g}x w{w}" for v, w in COIN_TABLE) + "."]}


def payout_sources(rnd: Round) -> dict:
    """A round's payout split into line wins and coin bonus."""
    out = {"line wins": 0, "coin bonus": 0}
    for e in rnd.events:
        if e["type"] == "line_win":
            out["line wins"] += e["pay_x100"]
        elif e["type"] == "coin":
            out["coin bonus"] += e["value_x100"]
    return out

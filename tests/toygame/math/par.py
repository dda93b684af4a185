"""Toy Reels' PAR-sheet hooks (GameSpec.math.par_info / .payout_sources)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from cabinet.core.round import Round

from .rules import BUY_COINS, COIN_TABLE, COINS, JACKPOT_STOPS, NAMES, STRIPS, TOTAL_STOPS, line_wins, stars, window


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


def _coin_sums(count: int) -> dict[int, Fraction]:
    total = sum(w for _, w in COIN_TABLE)
    out: dict[int, Fraction] = {}
    for draw in product(COIN_TABLE, repeat=count):
        p = Fraction(1)
        for _, w in draw:
            p *= Fraction(w, total)
        s = sum(v for v, _ in draw)
        out[s] = out.get(s, Fraction(0)) + p
    return out


def tail_odds(mode: str, thresholds_x100: list[int], seed: int = 0,
              sims: dict | None = None) -> dict[int, tuple[float, float, float]]:
    """The exact odds of a win of at least each threshold (every stop combination and
    coin draw enumerated): the PAR sheet's rules column for the top awards."""
    if mode == "buy_bonus":
        coins = _coin_sums(BUY_COINS)
        exact = {x: sum(p for s, p in coins.items() if s >= x) for x in thresholds_x100}
    else:
        coins = _coin_sums(COINS)
        exact = {x: Fraction(0) for x in thresholds_x100}
        for st in product(*(range(len(s)) for s in STRIPS)):
            board = window(st)
            line = sum(p for _, _, p in line_wins(board))
            for x in thresholds_x100:
                if stars(board) >= 3:
                    exact[x] += sum(p for s, p in coins.items() if line + s >= x)
                elif line >= x:
                    exact[x] += 1
        exact = {x: v / TOTAL_STOPS for x, v in exact.items()}
    return {x: (float(v), float(v), float(v)) for x, v in exact.items()}

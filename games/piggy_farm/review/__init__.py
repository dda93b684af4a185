"""Piggy Farm's hooks for the review tools (never reachable with real play): a
hand-built board of the base or ante reels and what each event adds to the round's
win (the math overlay). No pygame; read-only use of math/."""
from __future__ import annotations

from typing import Any

from cabinet.core.hand_board import reel_stops

from ..math.tables import load


def board_draws(doc: dict[str, Any], mode: str) -> list[int]:
    """A base or ante spin's first draws are the top stop of each reel of the mode's
    strips (rules.drop); the tumbles refill from the strips, THE FARM WHEEL and its
    features follow from the seed."""
    pm = load()
    reels = pm.strips[pm.mode(mode)["strips"]]
    strips = [[pm.symbols[i] for i in reel] for reel in reels]
    return reel_stops(doc, strips, pm.shape.rows)


def event_adds(ev: dict[str, Any]) -> int:
    """What one event adds (x100): a cluster's win (multipliers applied), a wheel's
    coin prize, an egg's prize, RISK THE FARM's win; the cap event takes off what the
    50,000x cap cuts (cabinet.core.review_math)."""
    kind = ev["type"]
    if kind in ("cluster_win", "coin_prize", "risk_draw"):
        return int(ev["win_x100"])
    if kind == "hunt_reveal":
        return int(ev["prize_x100"] or 0)
    return 0

"""The big-win tiers (config `big_win`: multiples of the base bet, big < mega < epic):
which tier a win is in. The celebration shows it; the review tools force a round of
each tier (cabinet/core/review_draws.py). No celebration tier when the win is not more
than the stake: a 50x win on a 100x buy is a loss, whatever the thresholds say."""
from __future__ import annotations

from typing import Any

TIERS = (("epic", "EPIC WIN"), ("mega", "MEGA WIN"), ("big", "BIG WIN"))     # highest first
DEFAULTS = {"big": 15, "mega": 30, "epic": 60}


def tier_multiples(config: Any) -> dict[str, int]:
    """{'big': 15, 'mega': 30, 'epic': 60} from config (multiples of the base bet)."""
    thresholds = getattr(config, "big_win", None)
    out = {}
    for key, default in DEFAULTS.items():
        value = thresholds.get(key) if isinstance(thresholds, dict) else getattr(thresholds, key, None)
        out[key] = int(value) if value is not None else default
    return out


def big_win_tier(win_cents: int, bet_cents: int, cost_cents: int, config: Any) -> str | None:
    """'big' / 'mega' / 'epic' for a win at or over that multiple of the base bet,
    None when below the first tier or not more than the stake."""
    stake = cost_cents if cost_cents > 0 else bet_cents
    if win_cents <= stake:
        return None
    multiples = tier_multiples(config)
    for key, _ in TIERS:
        if win_cents >= multiples[key] * bet_cents:
            return key
    return None

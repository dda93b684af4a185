"""The big-win tiers (config `big_win`: multiples of the base bet, big < mega < epic):
which tier a win is in. The celebration shows it; the review tools force a round of
each tier (cabinet/core/review_draws.py). No celebration tier when the win is not more
than the stake: a 50x win on a 100x buy is a loss, whatever the thresholds say."""
from __future__ import annotations

from .config import Config

TIERS = (("epic", "EPIC WIN"), ("mega", "MEGA WIN"), ("big", "BIG WIN"))     # highest first


def tier_multiples(config: Config) -> dict[str, int]:
    """{'big': 15, 'mega': 30, 'epic': 60} from config (multiples of the base bet)."""
    tiers = config.big_win
    return {"big": tiers.big, "mega": tiers.mega, "epic": tiers.epic}


def big_win_tier(win_cents: int, bet_cents: int, cost_cents: int, config: Config) -> str | None:
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

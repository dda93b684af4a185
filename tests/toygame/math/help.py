"""Toy Reels' info pages, every number read from the math file."""
from __future__ import annotations

from .tables import load


def help_pages() -> list[tuple[str, str]]:
    m = load()
    pays = ", ".join(f"{m.names[s]} {p / 100:g}x" for s, p in m.pays_x100.items())
    return [("How to play", f"Three of a kind on one of the {len(m.lines)} rows pays: {pays} the bet.\n\n"
                            f"Three STARs anywhere start the coin bonus: {m.coins} coins, each paying its value. "
                            f"The coin bonus can be bought for {m.raw['modes']['buy_bonus']['cost_x100'] / 100:g}x "
                            f"the bet: {m.buy_coins} coins.")]

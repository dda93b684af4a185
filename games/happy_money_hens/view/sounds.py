"""Happy Money Hens' own sound cues (coins landing, letters, pots, boosts, rows, the
count-up and the gamble wheels): files under assets/sounds/happy_money_hens/ named by
the game's manifest."""
from __future__ import annotations

from cabinet.ui import asset_files


def add_cues(audio) -> None:
    """Register the game's cues on the cabinet's mixer (no-op when it runs silent)."""
    asset_files.load_sounds(audio, "happy_money_hens")

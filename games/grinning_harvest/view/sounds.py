"""Grinning Harvest's own sound cues (pumpkins landing, a vault collecting, a jackpot
coin, the Great Skull waking, a multiplier, the counter resetting): files under
assets/sounds/grinning_harvest/ named by the game's manifest."""
from __future__ import annotations

from cabinet.ui import asset_files


def register(audio) -> None:
    """Add the cues once to the cabinet's Audio (skipped when it is silent)."""
    asset_files.load_sounds(audio, "grinning_harvest")
